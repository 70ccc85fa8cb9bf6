"""Chắn scoring: value tables, the A5.3 formula, xướng (A5.1), settlement (A5.4), the hội."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chieu.core.errors import ChieuError
from chieu.core.outcome import Outcome, PatternHit, Termination
from chieu.core.sitting import Sitting
from chieu.core.table import load_game
from chieu.games.chan.cards import KINDS, parse_cards
from chieu.games.chan.patterns import ALL_CUOC, CUOC_NAMES, MatGroup, WinContext
from chieu.games.chan.rules import Rules
from chieu.games.chan.scoring import (
    VALUE_TABLES,
    CuocValue,
    check_declaration,
    evaluate,
    present_cuoc,
    score,
    settle,
)
from tests.games.chan.hands import C1, C4, C7, C14, C16

SD = Rules()

THIEN_U_PLAIN = "2V2V 3S3S 4W4W 5V5V 6S6S 7W7W 8W8V 9W9S 2S2W 4V4S"
HOA_RONG = "5V5W 3S3S 4W4W 6V6V 7S7S 9W9W 8V8V 4V4S 6W6S 2V"


def build(text: str, *, mat: Sequence[str] = (), **flags: Any) -> WinContext:
    """A WinContext from notation: TEXT lists every card (held and mat), then ``+ X``."""
    before, plus, after = text.partition("+")
    winning = parse_cards(after)[0] if plus else None
    counts = KINDS.counts(parse_cards(before) + ([winning] if winning is not None else []))
    groups = []
    for g in mat:
        ks = tuple(parse_cards(g))
        groups.append(MatGroup(ks, "chan" if ks[0] == ks[1] else "ca"))
        for k in ks:
            counts[k] -= 1
    return WinContext(tuple(counts), tuple(groups), winning_card=winning, **flags)


def hits(**counts: int) -> list[PatternHit]:
    return [PatternHit(i, CUOC_NAMES[i], n) for i, n in counts.items()]


# -- tables ---------------------------------------------------------------------------------


def test_every_table_values_every_cuoc() -> None:
    ids = {p.id for p in ALL_CUOC}
    assert set(VALUE_TABLES) == {"sd", "jsc", "pyb", "ldg"}
    for table in VALUE_TABLES.values():
        assert set(table) == ids


def test_tables_are_immutable() -> None:
    with pytest.raises(TypeError):
        VALUE_TABLES["sd"]["xuong"] = CuocValue(9, 9)  # type: ignore[index]
    with pytest.raises(TypeError):
        VALUE_TABLES["xx"] = VALUE_TABLES["sd"]  # type: ignore[index]


@pytest.mark.parametrize(
    ("cuoc_id", "diem", "dich"),
    [
        ("xuong", 2, 0), ("thong", 3, 1), ("chi", 3, 1), ("thien_u", 4, 1), ("dia_u", 4, 1),
        ("chiu_u", 4, 1), ("u_bon", 4, 1), ("bach_thu", 4, 1), ("bach_thu_chi", 6, 3),
        ("thap_thanh", 12, 9), ("bach_dinh", 7, 4), ("tam_do", 8, 5), ("kinh_tu_chi", 12, 9),
        ("leo", 5, 2), ("tom", 4, 1), ("co_thien_khai", 3, 1), ("co_chiu", 3, 1),
        ("co_an_bon", 3, 1), ("pha_thien", 12, 9), ("hoa_roi_cua_phat", 20, 17),
        ("nha_lau_xe_hoi_hoa_roi_cua_phat", 30, 27), ("ca_loi_san_dinh", 20, 17),
        ("ngu_ong_bat_ca", 30, 27),
    ],
)  # fmt: skip
def test_sd_table(cuoc_id: str, diem: int, dich: int) -> None:
    assert VALUE_TABLES["sd"][cuoc_id] == (diem, dich)


@pytest.mark.parametrize(
    ("table", "cuoc_id", "value"),
    [
        ("jsc", "thien_u", (3, 1)), ("jsc", "dia_u", (3, 1)), ("jsc", "chiu_u", (3, 1)),
        ("jsc", "u_bon", (3, 1)), ("jsc", "bach_thu_chi", (6, 3)),
        ("pyb", "thien_u", (3, 1)), ("pyb", "dia_u", (3, 1)), ("pyb", "chiu_u", (4, 1)),
        ("pyb", "u_bon", (4, 1)), ("pyb", "nha_lau_xe_hoi_hoa_roi_cua_phat", (30, 0)),
        ("pyb", "ngu_ong_bat_ca", (30, 0)),
        ("ldg", "xuong", (0, 1)), ("ldg", "bach_thu_chi", (4, 3)), ("ldg", "co_thien_khai", (5, 2)),
        ("ldg", "co_chiu", (5, 2)), ("ldg", "co_an_bon", (5, 2)), ("ldg", "tam_do", (8, 5)),
    ],
)  # fmt: skip
def test_variant_tables(table: str, cuoc_id: str, value: tuple[int, int]) -> None:
    assert VALUE_TABLES[table][cuoc_id] == value


# -- the formula ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("counts", "expected"),
    [
        ({"xuong": 1}, 2),
        ({"tam_do": 1, "leo": 2}, 12),  # "tám đỏ 2 lèo" = the seed's penalty unit
        ({"leo": 2, "tom": 1}, 8),  # C11: 5 + (2 − 1)·2 + 1
        ({"thap_thanh": 1, "tom": 2, "chi": 1}, 15),  # C7
        ({"bach_thu_chi": 1, "chi": 1}, 7),  # C4
        ({"thap_thanh": 1, "bach_dinh": 1}, 16),
        ({"co_chiu": 2}, 4),  # 3 + (2 − 1)·1
        ({}, 0),
    ],
)
def test_score_formula(counts: dict[str, int], expected: int) -> None:
    assert score(hits(**counts), SD) == expected


def test_thap_thanh_stacks_variant() -> None:
    stacked = Rules(thap_thanh_stacks=True)
    assert score(hits(thap_thanh=1, bach_dinh=1), stacked) == 12 + 7
    assert score(hits(thap_thanh=1, tam_do=1, leo=2), stacked) == 12 + 8 + 2 * 2
    assert score(hits(thap_thanh=1, tom=2, chi=1), stacked) == 12 + 2 + 1
    # without thập thành the option changes nothing
    assert score(hits(tam_do=1, leo=2), stacked) == 12


def test_cuoc_table_variants_change_scores() -> None:
    assert score(hits(thien_u=1), Rules(cuoc_table="jsc")) == 3
    assert score(hits(thien_u=1, tom=1), Rules(cuoc_table="jsc")) == 5  # tôm becomes top
    assert score(hits(thien_u=1, tom=1), SD) == 5
    assert score(hits(xuong=1), Rules(cuoc_table="ldg")) == 0
    assert score(hits(ngu_ong_bat_ca=1, leo=1), Rules(cuoc_table="pyb")) == 32
    assert score(hits(ngu_ong_bat_ca=1, leo=1), SD) == 32
    assert score(hits(co_thien_khai=1), Rules(cuoc_table="ldg")) == 5
    # ldg's one tie in điểm with different dịch: the lower dịch is top (the larger score)
    assert score(hits(bach_thu_chi=1, dia_u=1), Rules(cuoc_table="ldg")) == 4 + 3


def test_score_rejects_unknown_ids() -> None:
    with pytest.raises(ChieuError):
        score([PatternHit("bogus", "Bogus")], SD)


def test_evaluate_scores_through_the_rules() -> None:
    ctx = build(C16, thien_u=True)
    assert evaluate(ctx, SD)[1] == 5
    assert evaluate(ctx, Rules(thien_u_bach_thu=True))[1] == 6
    plain = build(THIEN_U_PLAIN, thien_u=True)
    assert evaluate(plain, SD)[1] == 4
    assert evaluate(plain, Rules(cuoc_table="jsc"))[1] == 3


# -- xướng ----------------------------------------------------------------------------------


def _true(text: str, **kw: Any) -> list[PatternHit]:
    return evaluate(build(text, **kw), SD)[0]


def test_exact_declaration() -> None:
    truth = _true(C1 + " + 6S", self_drawn=True)
    d = check_declaration({"chi": 1, "bach_thu": 1}, truth, SD)
    assert (d.correct, d.over, d.under, d.paid_score, d.declared_score) == (True, [], [], 5, 5)


def test_under_declaring_is_paid_as_declared() -> None:
    truth = _true(C1 + " + 6S", self_drawn=True)
    d = check_declaration({"chi": 1}, truth, SD)
    assert d.correct and d.under == ["bach_thu"] and d.paid_score == 3


def test_empty_or_xuong_declaration_is_a_plain_win() -> None:
    truth = _true(C1 + " + 6S", self_drawn=True)
    for declared in ({}, {"xuong": 1}):
        d = check_declaration(declared, truth, SD)
        assert d.correct and d.paid_score == 2 and d.declared_score == 2
        assert d.under == ["chi", "bach_thu"]


def test_over_declaring_is_wrong_and_priced_as_declared() -> None:
    truth = _true(C1 + " + 6S", self_drawn=True)
    d = check_declaration({"chi": 1, "bach_thu": 1, "leo": 1}, truth, SD)
    assert not d.correct and d.over == ["leo"]
    assert d.paid_score == 0 and d.declared_score == 4 + 1 + 2


def test_declaring_too_many_is_over() -> None:
    truth = _true(C7 + " + 3V", self_drawn=True)  # tôm × 2
    assert check_declaration({"thap_thanh": 1, "tom": 3}, truth, SD).over == ["tom"]
    d = check_declaration({"thap_thanh": 1, "tom": 1}, truth, SD)
    assert d.correct and d.under == ["chi", "tom"] and d.paid_score == 13


def test_bach_thu_on_bach_thu_chi() -> None:
    truth = _true(C4 + " + CC", self_drawn=True)
    d = check_declaration({"bach_thu": 1, "chi": 1}, truth, SD)
    assert d.correct and d.under == ["bach_thu_chi"] and d.paid_score == 5
    strict = Rules(strict_xuong=True)
    d = check_declaration({"bach_thu": 1, "chi": 1}, truth, strict)
    assert not d.correct and d.over == ["bach_thu"] and d.missing == ["bach_thu_chi"]
    # both named: paid as bạch thủ chi, never more than the truth
    d = check_declaration({"bach_thu": 1, "bach_thu_chi": 1, "chi": 1}, truth, SD)
    assert d.correct and d.paid_score == 7


def test_strict_xuong_requires_thien_u() -> None:
    truth = _true(C16, thien_u=True)
    assert check_declaration({"tom": 1}, truth, SD).correct
    d = check_declaration({"tom": 1}, truth, Rules(strict_xuong=True))
    assert not d.correct and d.missing == ["thien_u"] and d.over == []


def test_picture_cuoc_declarations() -> None:
    truth = _true(C14 + " + 2V", mat=["5V 5W"], self_drawn=True)
    d = check_declaration({"chi": 1, "bach_thu": 1}, truth, SD)
    assert d.correct and d.paid_score == 5 and d.under == ["hoa_roi_cua_phat"]
    d = check_declaration({"hoa_roi_cua_phat": 1, "chi": 1, "bach_thu": 1}, truth, SD)
    assert d.correct and d.paid_score == 20 and d.under == []


def test_present_makes_subsumed_cuoc_exact() -> None:
    rules = Rules(hoa_requires_bach_thu=False)
    ctx = build(HOA_RONG + " + 2V", mat=["5V 5W"], self_drawn=True)
    truth, _ = evaluate(ctx, rules)
    present = present_cuoc(ctx, rules)
    assert "bach_thu" not in present
    d = check_declaration({"hoa_roi_cua_phat": 1, "bach_thu": 1}, truth, rules, present=present)
    assert not d.correct and d.over == ["bach_thu"]


def test_unknown_declared_id() -> None:
    with pytest.raises(ChieuError):
        check_declaration({"bogus": 1}, _true(C1 + " + 6S"), SD)


# -- settlement -----------------------------------------------------------------------------


def test_ordinary_win() -> None:
    assert settle(4, winner=1, score=5) == [-5, 15, -5, -5]
    assert settle(4, winner=1, score=5, stake=3) == [-15, 45, -15, -15]
    assert settle(2, winner=0, score=4) == [4, -4]


def test_bao_pays_for_the_table() -> None:
    assert settle(4, winner=0, score=5, bao=(2,)) == [15, 0, -15, 0]
    # two báo'd: each pays his share, the first also the innocent one's
    assert settle(4, winner=0, score=5, bao=(3, 1)) == [15, -5, 0, -10]


def test_bao_in_a_hoa_costs_nothing() -> None:
    assert settle(4, winner=None, score=0, bao=(2,)) == [0, 0, 0, 0]


def test_nghi_an_tien() -> None:
    assert settle(4, winner=1, score=8, nat=True) == [0, 0, 0, 0]
    assert settle(4, winner=1, score=8, nat=True, bao=(0,)) == [0, 0, 0, 0]


def test_penalty_12() -> None:
    assert settle(4, winner=None, score=0, penalty_12=(2,)) == [12, 12, -36, 12]
    assert settle(4, winner=0, score=5, penalty_12=(2,)) == [15 + 12, -5 + 12, -5 - 36, -5 + 12]
    assert settle(3, winner=None, score=0, penalty_12=(0,), stake=2) == [-48, 24, 24]


def test_wrong_declaration() -> None:
    assert settle(4, winner=1, score=5, declaration_wrong_score=7) == [7, -21, 7, 7]


def test_wrong_declaration_with_a_bao_seed_001() -> None:
    # seat 3 báo'd, seat 0 wins and declares wrongly (worth 7; the real hand is worth 5):
    # both pay the two innocent players, the báo'd by the real hand, the winner by his call.
    pay = settle(4, winner=0, score=5, declaration_wrong_score=7, bao=(3,))
    assert pay == [-14, 12, 12, -10]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"winner": 0, "score": 5, "bao": (0,)},
        {"winner": 4, "score": 5},
        {"winner": 0, "score": 5, "bao": (1, 1)},
        {"winner": 0, "score": 5, "penalty_12": (7,)},
        {"winner": 0, "score": -1},
    ],
)
def test_settle_rejects_bad_input(kwargs: dict[str, Any]) -> None:
    with pytest.raises(ChieuError):
        settle(4, **kwargs)


def test_payoffs_always_sum_to_zero() -> None:
    for winner in (None, 0, 2):
        for bao in ((), (1,), (1, 3)):
            for wrong in (None, 9):
                pay = settle(
                    4,
                    winner=winner,
                    score=6,
                    bao=bao,
                    declaration_wrong_score=wrong,
                    penalty_12=(3,),
                )
                assert sum(pay) == 0


# -- the hội --------------------------------------------------------------------------------


def _win(winner: int, payoffs: tuple[float, ...]) -> Outcome:
    return Outcome(Termination.WIN, payoffs, winner)


def _hoa(players: int) -> Outcome:
    return Outcome(Termination.NO_WINNER, (0.0,) * players)


def test_sitting_rotation_and_thong() -> None:
    s = load_game("chan").sitting()
    assert s.next_setup() == {"bat_cai": 0, "prev_winner": None}
    s.record(_win(2, (-5, -5, 15, -5)))
    assert s.next_setup() == {"bat_cai": 2, "prev_winner": 2}
    s.record(_hoa(4))
    assert s.next_setup() == {"bat_cai": 3, "prev_winner": None}
    s.record(_hoa(4))
    assert s.next_setup() == {"bat_cai": 0, "prev_winner": None}
    s.record(_win(1, (-4, 12, -4, -4)))
    assert s.next_setup() == {"bat_cai": 1, "prev_winner": 1}
    assert s.totals == (-9, 7, 11, -9)
    assert [r.setup["bat_cai"] for r in s.rows] == [0, 2, 3, 0]
    assert [r.number for r in s.rows] == [1, 2, 3, 4]
    assert s.leaders() == [2]


def test_thong_survives_hoa_variant() -> None:
    s = load_game("chan", {"players": 3, "thong_survives_hoa": True}).sitting()
    s.record(_win(1, (-3, 6, -3)))
    s.record(_hoa(3))
    assert s.next_setup() == {"bat_cai": 2, "prev_winner": 1}


def test_sitting_reads_core_outcomes() -> None:
    s = load_game("chan", players=2).sitting(["An", "Bình"])
    s.record(_hoa(2))
    assert s.rows[-1].termination == "no_winner" and s.next_setup()["bat_cai"] == 1
    s.record(Outcome(Termination.FAULT, (12.0, -12.0)))  # ù láo: no winner, not a hòa
    assert s.next_setup() == {"bat_cai": 0, "prev_winner": None}
    s.record(_win(1, (-5.0, 5.0)))
    assert s.next_setup() == {"bat_cai": 1, "prev_winner": 1}
    assert s.totals == (7, -7) and s.names == ("An", "Bình")
    assert Sitting.from_json(s.to_json()).to_json() == s.to_json()


def test_sitting_rejects_bad_rows() -> None:
    s = load_game("chan").sitting()
    with pytest.raises(ChieuError):
        s.record(_win(0, (1, -1, 0)))
    with pytest.raises(ChieuError):
        load_game("chan", players=3).sitting(["a"])


# -- properties -----------------------------------------------------------------------------


@st.composite
def winning_contexts(draw: st.DrawFn) -> WinContext:
    """A random 20-card win (10 pairs, ≥ 6 chắn), its winning card and how it came."""
    n_chan = draw(st.integers(6, 10))
    counts = [0] * 25
    for _ in range(n_chan):
        k = draw(st.sampled_from([k for k in range(25) if counts[k] <= 2]))
        counts[k] += 2
    for _ in range(10 - n_chan):
        choices = [
            (a, b)
            for a in range(24)
            for b in range(a + 1, (a // 3) * 3 + 3)
            if counts[a] < 4 and counts[b] < 4
        ]
        a, b = draw(st.sampled_from(choices))
        counts[a] += 1
        counts[b] += 1
    winning = draw(st.sampled_from([k for k in range(25) if counts[k]]))
    return WinContext(
        tuple(counts),
        winning_card=winning,
        self_drawn=draw(st.booleans()),
        thong=draw(st.booleans()),
        dia_u=draw(st.booleans()),
    )


@settings(max_examples=200, deadline=None)
@given(ctx=winning_contexts(), table=st.sampled_from(["sd", "jsc", "pyb", "ldg"]))
def test_exact_declaration_is_always_paid_in_full(ctx: WinContext, table: str) -> None:
    rules = Rules(cuoc_table=table)
    hits, points = evaluate(ctx, rules)
    assert hits and (points >= 2 or table == "ldg")
    assert ({h.id for h in hits} == {"xuong"}) == (not present_cuoc(ctx, rules))
    d = check_declaration({h.id: h.count for h in hits}, hits, rules)
    assert d.correct and d.over == [] and d.under == [] and d.paid_score == points


@given(
    winner=st.none() | st.integers(0, 3),
    points=st.integers(0, 60),
    wrong=st.none() | st.integers(0, 60),
    bao=st.lists(st.integers(0, 3), unique=True, max_size=3),
    pen=st.lists(st.integers(0, 3), max_size=2),
    nat=st.booleans(),
    stake=st.integers(1, 5),
)
def test_settle_is_zero_sum(
    winner: int | None,
    points: int,
    wrong: int | None,
    bao: list[int],
    pen: list[int],
    nat: bool,
    stake: int,
) -> None:
    if winner is not None and winner in bao:
        bao.remove(winner)
    pay = settle(
        4,
        winner=winner,
        score=points,
        declaration_wrong_score=wrong,
        bao=tuple(bao),
        nat=nat,
        penalty_12=tuple(pen),
        stake=stake,
    )
    assert sum(pay) == 0
    if winner is not None and wrong is None and not nat and not pen:
        assert pay[winner] == 3 * points * stake
