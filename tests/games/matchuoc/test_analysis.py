"""Win check with khung, decompositions, waits and the distance (B.6, B.8b)."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chieu.games.matchuoc import analysis as an
from chieu.games.matchuoc import shanten
from chieu.games.matchuoc.cards import NUM_KINDS, code
from chieu.games.matchuoc.decompose import decompositions
from tests.games.matchuoc.helpers import C, T


@pytest.mark.parametrize(
    ("hand", "win"),
    [
        ("123m 555p 789s 99p 111z", True),
        ("123m 555p 789s 9p 111z 2z", False),
        ("123p 45p HP 777p 999p 88p", True),  # M5: Hợp as 6p
        ("111z 222z 33z HY 44z 666s", True),  # M8: Hỷ as Tây or Bắc
        ("111z 222z 33z MA 44z 666s", False),  # Màn stands for Vạn only
        ("123m 456m 789m 11z TG TG TG", True),  # a phu of khung only
        ("123m 456m 789m 1f 11z 22z", False),  # a flower never wins
        ("123m 456m 789m HO 11z 22z", False),  # nor Đại Ho
    ],
)
def test_is_win(hand: str, win: bool) -> None:
    c = C(hand)
    assert sum(c) == 14
    assert an.is_win(c) is win


def test_fifth_copy_with_khung() -> None:
    # 1111m + TG TG: 111m + 1m TG TG (the khung stand for a fifth and sixth 1m)
    assert an.is_win(C("1111m TG TG 234p 567p 55z"))


def test_waits_m14_xuyen_with_khung() -> None:
    assert [code(k) for k in an.waits(C("TG 6p 8p 8p 9p 123m 456s 77z"))] == ["7p"]
    assert len(an.waits(C("TG 6p 8p 9p 9p 123m 456s 77z"))) > 1


def test_waits_thirteen_orphans_13_sided() -> None:
    assert len(an.waits(C("19m 19p 19s 1234567z"))) == 13


def test_thirteen_orphans_with_khung() -> None:
    assert an.is_thirteen_orphans(C("19m19p19s123456z TG 7z"))
    assert an.is_thirteen_orphans(C("19m19p19s12345z NG 7z 7z"))
    assert not an.is_thirteen_orphans(C("19m19p19s12345z HY 7z 7z"))  # Hỷ: winds only


def test_decompositions_record_khung() -> None:
    ds = decompositions(C("111z 222z 33z HY 44z 666s"))
    pungs = {g.base for d in ds for g in d if g.kind == "pung" and g.uses_khung}
    assert pungs == {T("3z")[0], T("4z")[0]}
    assert all(sum(1 for g in d if g.kind == "pair") == 1 for d in ds)


def test_decompositions_of_a_pure_hand() -> None:
    ds = decompositions(C("111222333m 456p 77z"))
    shapes = {tuple(sorted(g.kind for g in d)) for d in ds}
    assert ("chow", "chow", "chow", "chow", "pair") in shapes
    assert ("chow", "pair", "pung", "pung", "pung") in shapes


def _brute_distance(c: list[int], k: int) -> int:
    """Independent shanten: the fewest missing tiles over every target of k phu + a pair
    (Vạn and three honors), minus one."""
    kinds = [*range(9), 27, 28, 29]
    groups = [(s, s + 1, s + 2) for s in range(7)] + [(x, x, x) for x in kinds]
    best = 99
    for melds in itertools.combinations_with_replacement(groups, k):
        for p in kinds:
            t = [0] * NUM_KINDS
            for g in melds:
                for x in g:
                    t[x] += 1
            t[p] += 2
            if max(t) > 4:
                continue
            best = min(best, sum(max(0, t[i] - c[i]) for i in range(NUM_KINDS)))
    return best - 1


def test_regular_distance_agrees_with_brute_force() -> None:
    rnd = random.Random(7)
    pool = [k for k in [*range(9), 27, 28] for _ in range(4)]
    for _ in range(150):
        k = rnd.choice([1, 2])
        n = 3 * k + rnd.choice([1, 2])
        hand = rnd.sample(pool, n)
        c = [0] * NUM_KINDS
        for x in hand:
            c[x] += 1
        assert shanten.regular_distance(c, melds=4 - k) == _brute_distance(c, k), hand


@pytest.mark.parametrize(
    ("hand", "d"),
    [
        ("123m 555p 789s 99p 111z", -1),
        ("123m 555p 789s 9p 111z", 0),
        ("1m 4m 7m 1p 4p 7p 1s 4s 7s 1z 2z 3z 4z", 6),
        ("19m 19p 19s 1234567z", 0),  # Xập xám chướng waiting
        ("123m 555p 78s TG 9p 111z", 0),  # the khung fills the run
    ],
)
def test_distance(hand: str, d: int) -> None:
    assert shanten.distance(C(hand)) == d


def test_best_discards_keep_the_distance() -> None:
    d, kinds = shanten.best_discards(C("123m 555p 789s 9p 111z 7z"))
    assert d == 0
    assert sorted(code(k) for k in kinds) == ["7z", "9p"]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=14, max_size=14))
def test_distance_minus_one_iff_regular_win(tiles: list[int]) -> None:
    c = [0] * NUM_KINDS
    for t in tiles:
        c[t] += 1
    if max(c) > 4:
        return
    assert (shanten.regular_distance(c) == -1) == an.is_win(c)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=13, max_size=13))
def test_waits_are_the_tiles_that_win(tiles: list[int]) -> None:
    c = [0] * NUM_KINDS
    for t in tiles:
        c[t] += 1
    if max(c) > 4:
        return
    w = set(an.waits(c))
    assert (shanten.distance(c) == 0) == bool(w) or shanten.orphans_distance(c) == 0
    for k in range(34):
        c[k] += 1
        assert (k in w) == (an.is_win(c) or an.is_thirteen_orphans(c))
        c[k] -= 1


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.integers(0, 33), min_size=12, max_size=12),
    st.lists(st.sampled_from([50, 51, 52, 53, 55, 56, 57]), min_size=2, max_size=2),
)
def test_win_check_with_khung_matches_decompositions(tiles: list[int], wild: list[int]) -> None:
    c = [0] * NUM_KINDS
    for t in [*tiles, *wild]:
        c[t] += 1
    assert an.is_win(c) == bool(decompositions(c))
