"""The worked examples B7 TT1–TT9 of shared/rules/chan_totom.md, under each lưng reading."""

from __future__ import annotations

import pytest

from chieu.games.totom import analysis
from chieu.games.totom.cards import CC, KINDS, parse_counts
from chieu.games.totom.checker import check_hand, judge_win, parse_calls
from chieu.games.totom.partition import is_complete
from chieu.games.totom.rules import Rules

from .hands import TT1, TT2, TT3, TT4, TT5, TT6, TT7, TT8, TT9

RA, R0, RC = Rules(), Rules(lung_reading="r0"), Rules(lung_reading="rc")


def waits(text: str, rules: Rules) -> list[str]:
    return sorted(KINDS.codes[k] for k in analysis.waits(parse_counts(text), rules))


def test_tt1_king_tu_duc_waits_under_each_reading() -> None:
    assert waits(TT1, RA) == ["5W", "8W", "CC"]
    assert waits(TT1, R0) == []
    assert waits(TT1, RC) == ["5W", "CC"]
    assert "5S" not in waits(TT1, RA)  # the seed's "ngũ sách" is impossible (D-16)


def test_tt1_best_partitions() -> None:
    w = analysis.waits(parse_counts(TT1), RA)
    on_cc = w[CC]
    assert on_cc.lung == 6 and on_cc.count("leo") == 1
    labels = {g.label() for g in on_cc.groups}
    assert {"8S 9V CC", "OL", "3V 3S 3W", "4V 4S 4W 4W", "5V 6V 7V 8V"} <= labels
    on_5w = w[KINDS.kind("5W") or 0]
    assert on_5w.count("tom") == 1 and on_5w.lung == 3
    on_8w = w[KINDS.kind("8W") or 0]
    assert on_8w.lung == 3 and on_8w.points == 0


def test_tt1_chi_nay_is_an_over_call_and_co_leo_is_right() -> None:
    hand = parse_counts(TT1)
    over = judge_win(hand, CC, RA, calls=parse_calls("chi nẩy"))
    assert over["win"] is False and over["faults"][0]["id"] == "u_nho_ho_to"
    assert "chèo đò" in over["illegal"]
    right = judge_win(hand, CC, RA, calls=parse_calls("có lèo"))
    assert right["win"] is True and right["illegal"] is None and right["score"] == 4
    assert [c["id"] for c in right["cuoc"]] == ["co_leo"]


def test_tt1_checker_contract() -> None:
    report = check_hand(TT1, {}, RA)
    assert [w["card"] for w in report["waits"]] == ["5W", "8W", "CC"]
    assert all(w["groups"] for w in report["waits"])
    won = check_hand(TT1 + " + CC", {"call": "chi_nay"}, RA)
    assert won["win"] is False and won["faults"][0]["id"] == "u_nho_ho_to"
    ok = check_hand(TT1 + " CC", {"call": "co leo"}, RA)
    assert ok["win"] and ok["score"] == 4 and ok["lung"] == 6


def test_tt2_bach_thu_with_tom_and_leo() -> None:
    for rules, lung in ((R0, 3), (RA, 4)):
        assert waits(TT2, rules) == ["8V"]
        v = judge_win(parse_counts(TT2), KINDS.kind("8V") or 0, rules)
        assert v["lung"] == lung and v["score"] == 6
        assert {c["id"] for c in v["cuoc"]} == {"co_tom", "co_leo", "bach_thu"}


def test_tt3_cho_phong_triple_is_not_a_lung() -> None:
    assert waits(TT3, RA) == ["7S"] == waits(TT3, R0)
    v = judge_win(parse_counts(TT3), KINDS.kind("7S") or 0, R0, from_nocc=False)
    assert v["score"] == 6 and v["lung"] == 3
    assert {"cards": ["7S", "7S", "7S"], "type": "phong"} in v["groups"]


def test_tt4_chi_nay_from_the_nocc_and_from_a_discard() -> None:
    assert waits(TT4, RA) == ["CC"] == waits(TT4, R0)
    hand = parse_counts(TT4)
    drawn = judge_win(hand, CC, RA, from_nocc=True)
    assert drawn["score"] == 7 and "chi_nay" in {c["id"] for c in drawn["cuoc"]}
    discarded = judge_win(hand, CC, RA, from_nocc=False)
    assert discarded["score"] == 6 and "chi_nay" not in {c["id"] for c in discarded["cuoc"]}
    assert judge_win(hand, CC, RA, calls=parse_calls("có tôm, có lèo, chi nẩy"))["win"]


def test_tt5_xuyen_5_gian_and_how_the_reading_changes_scores() -> None:
    assert waits(TT5, R0) == ["7W"]
    seven = KINDS.kind("7W") or 0
    r0 = judge_win(parse_counts(TT5), seven, R0)
    assert r0["score"] == 7
    assert {c["id"] for c in r0["cuoc"]} == {"co_tom", "co_leo", "bach_thu", "xuyen_5_gian"}
    assert waits(TT5, RA) == ["3W", "7W"]
    ra = judge_win(parse_counts(TT5), seven, RA)
    assert ra["score"] == 6 and "bach_thu" not in {c["id"] for c in ra["cuoc"]}


def test_tt6_thieu_lung() -> None:
    four = KINDS.kind("4W") or 0
    for rules in (R0, RA):
        v = judge_win(parse_counts(TT6), four, rules)
        assert v["complete"] and not v["win"] and v["faults"][0]["id"] == "thieu_lung"
    assert judge_win(parse_counts(TT6), four, RC)["win"]
    assert waits(TT6, R0) == ["1W"]
    assert waits(TT6, RA) == ["1W", "6S", "CC"]
    assert {"4W", "7W"} <= set(waits(TT6, RC))


def test_tt7_bat_thanh_phu() -> None:
    assert waits(TT7, RA) == [] == waits(TT7, R0)
    v = judge_win(parse_counts(TT7), KINDS.kind("9V") or 0, RA)
    assert not v["complete"] and v["faults"][0]["id"] == "bat_thanh_phu"


def test_tt8_bai_thanh_cham_thanh_thap_dieu() -> None:
    hand = parse_counts(TT8)
    assert is_complete(hand, R0) and is_complete(hand, RA)
    expected = ["1W", "2V", "5S", "6W", "8S", "8V", "8W", "9S", "CC", "TT"]
    assert waits(TT8, R0) == sorted(expected)
    assert set(expected) <= set(waits(TT8, RA))
    for white in ("1W", "6W", "8W", "5S", "2V"):
        v = judge_win(hand, KINDS.kind(white) or 0, R0)
        assert v["score"] == 7, white
        assert {c["id"] for c in v["cuoc"]} == {"co_leo", "thap_dieu"}
    assert judge_win(hand, KINDS.kind("8S") or 0, R0)["score"] == 4
    report = check_hand(TT8, {}, RA)
    assert report["thanh"] is True


def test_tt9_kinh_cu() -> None:
    assert waits(TT9, R0) == []
    assert waits(TT9, RA) == ["5W", "6S", "6W", "7V", "8W"]
    v = judge_win(parse_counts(TT9), KINDS.kind("7V") or 0, RA)
    assert v["lung"] == 8 and v["score"] == 8
    assert [c["id"] for c in v["cuoc"]] == ["kinh_cu"]


@pytest.mark.parametrize(
    ("hand", "card", "cuoc", "score"),
    [
        # kính tứ cố: the only red cards are four Ông cụ
        ("OL OL OL 2W 3W 4W 2V 3V 4V 2S 3S 4S 5W 5V 5S 6W 6W 7W 6V 6S", "OL", "kinh_tu_co", 12),
        # bạch định: no red card at all (and a tôm: 2 + 8 + 1)
        ("1W 2W 3W 2W 3W 4W 2V 3V 4V 2S 3S 4S 5V 5S 5W 6V 6S 6W 7V 7S", "7W", "bach_dinh", 11),
    ],
)
def test_colour_cuoc(hand: str, card: str, cuoc: str, score: int) -> None:
    v = judge_win(parse_counts(hand), KINDS.kind(card) or 0, RA)
    assert v["win"], v
    assert cuoc in {c["id"] for c in v["cuoc"]}
    assert v["score"] == score


def test_suong_4_dich_2_doubles() -> None:
    v = judge_win(parse_counts(TT2), KINDS.kind("8V") or 0, Rules(unit=2))
    assert v["score"] == 12


def test_thong_adds_one() -> None:
    v = judge_win(parse_counts(TT2), KINDS.kind("8V") or 0, RA, thong=True)
    assert v["score"] == 7
