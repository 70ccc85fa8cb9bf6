"""Scoring rules of B.7: named hands, bonuses, flowers and khung by seat, payments."""

from __future__ import annotations

import pytest

from chieu.games.matchuoc.cards import HO, HP, HY, MA, NG, SO, TG, TH
from chieu.games.matchuoc.patterns import WinFacts, khung_value
from chieu.games.matchuoc.patterns.bonus import flower_points
from chieu.games.matchuoc.rules import Rules
from chieu.games.matchuoc.scoring import evaluate, payments, shares
from tests.games.matchuoc.helpers import C, T, pung


@pytest.mark.parametrize(
    ("phan", "cai", "con"),
    [
        (0, 1, 1),
        (1, 2, 1),
        (2, 4, 2),
        (3, 8, 4),
        (4, 16, 8),
        (5, 32, 16),
        (6, 64, 32),
        (8, 68, 34),
        (14, 132, 66),
        (18, 192, 96),
    ],
)
def test_seed_payment_table(phan: int, cai: int, con: int) -> None:
    assert shares(phan, Rules()) == (cai, con)


def test_payment_variants() -> None:
    assert shares(5, Rules(payment_table="round")) == (30, 15)
    assert shares(6, Rules(payment_table="round")) == (60, 30)
    assert shares(6, Rules(payment_table="seed_addendum_shifted")) == (128, 64)
    assert shares(3, Rules(payment_table="seed_addendum_shifted")) == (16, 8)
    assert shares(8, Rules(leftover_phan="ignore")) == (64, 32)


def test_who_pays() -> None:
    r = Rules()
    assert payments(3, 1, r, discarder=None) == [8, -24, 8, 8]
    assert payments(3, 1, r, discarder=0) == [8, -16, 4, 4]
    assert payments(0, 1, r, discarder=0) == [1, -3, 1, 1]
    assert payments(18, 1, r, discarder=0, den=True) == [384, -384, 0, 0]
    assert payments(14, 0, r, coong=True) == [-411, 137, 137, 137]
    assert payments(6, 0, Rules(mun_bonus_points=10), discarder=1) == [-158, 74, 42, 42]


@pytest.mark.parametrize(
    ("kind", "seat", "opening", "value"),
    [
        (TG, 2, True, 3),
        (TG, 1, False, 3),
        (TG, 3, False, 2),
        (HP, 4, False, 3),
        (HP, 2, True, 3),
        (HP, 1, False, 2),
        (HO, 3, False, 2),
        (TH, 2, False, 2),
        (TH, 1, True, 1),
        (SO, 3, False, 2),
        (MA, 4, False, 2),
        (HY, 2, False, 2),
        (NG, 3, False, 2),
        (NG, 1, False, 1),
    ],
)
def test_khung_values_by_seat(kind: int, seat: int, opening: bool, value: int) -> None:
    assert khung_value(kind, seat, opening) == value


def _facts(**kw: object) -> WinFacts:
    return WinFacts(**kw)  # type: ignore[arg-type]


def test_flower_sets_and_counts() -> None:
    group = tuple(T("1f 2f 3f 4f"))
    assert flower_points(_facts(seat=2, flowers=group)) == (0, 6)
    assert flower_points(_facts(seat=2, flowers=(*group, *T("2g")))) == (1, 6)
    same = tuple(T("2f 2g 2k 2q"))
    assert flower_points(_facts(seat=2, flowers=same)) == (4, 0)
    seat_rule = Rules(flower_set="seat_number")
    assert flower_points(_facts(seat=2, flowers=same, rules=seat_rule)) == (0, 12)
    eight = tuple(T("1f 2f 3f 1g 2g 3g 1k 2k"))
    assert flower_points(_facts(seat=1, flowers=eight)) == (3, 6)
    assert flower_points(_facts(seat=1, flowers=eight, rules=Rules(flower_count_bonus=False))) == (
        3,
        0,
    )


def _score(hand: str, **kw: object) -> dict[str, int]:
    c = C(hand)
    melds = kw.pop("melds", [])
    s = evaluate(c, melds, _facts(**kw))  # type: ignore[arg-type]
    assert s is not None
    return {ln.id: ln.phan for ln in s.lines}


def test_tong_hop_together() -> None:
    assert _score("123m 456m 789p 345s 55z", seat=3, tong_hop_opening=1)["khung_dung"] == 9
    assert _score("123m 456m 789p 345s 55z", seat=3, tong_hop_later=1)["khung_dung"] == 6


def test_named_hands_are_exclusive_the_best_counts() -> None:
    got = _score("111m 999m 111p 999s 11z")
    assert got == {"yeu_cuu_lai_hang": 15, "khong_hoa_la": 6}
    got = _score("111m 999m 111p 999s 99p")
    assert got["yeu_cuu"] == 24
    got = _score("111z 222z 333z 555z 66z")
    assert got["toan_chu"] == 30
    got = _score("111z 222z 333z 444z 55z")
    assert got["dai_tu_hy"] == 8 * 6 + 6
    got = _score("111z 222z 333z 444z 55m")
    assert got["dai_tu_hy"] == 42


def test_honor_bonus_scope() -> None:
    hand = "123m 456m 55m 777z"
    assert _score(hand, seat=2, melds=[pung("2z")])["phu_tai_phao"] == 2
    r = Rules(honor_bonus_scope="all")
    assert _score("123m 456p 55m 777z", melds=[pung("2z")], seat=2, rules=r)["phu_tai_phao"] == 2
    assert "phu_tai_phao" not in _score("123m 456p 55m 777z", melds=[pung("2z")], seat=2)


def test_khong_hoa_la_needs_nothing_set_down_and_no_khung() -> None:
    assert "khong_hoa_la" in _score("123m 456m 789p 345s 55z")
    assert "khong_hoa_la" not in _score("123m 456m 789p 345s 55z", flowers=tuple(T("1f")))
    assert "khong_hoa_la" not in _score("123m 456m 789p 34s TG 55z")
    r = Rules(khong_hoa_la_no_honors=True)
    assert "khong_hoa_la" not in _score("123m 456m 789p 345s 55z", rules=r)


def test_blessings_fixed() -> None:
    got = _score("123m 456m 789p 345s 55z", thien=True, rules=Rules(blessings="fixed"))
    assert got == {"phinh": 0, "thien_u": 12}


def test_seven_pairs_variant() -> None:
    hand = "11m 33m 55p 77p 99s 11z 22z"
    assert evaluate(C(hand), [], _facts(self_draw=True)) is None
    got = _score(hand, self_draw=True, rules=Rules(seven_pairs=True))
    assert got["luc_phe_bon"] == 6
    assert evaluate(C(hand), [], _facts(rules=Rules(seven_pairs=True))) is None
