"""Partition search and waits, cross-checked against a brute force written independently."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from chieu.games.totom import analysis
from chieu.games.totom.cards import CC, KINDS, OL, TT, parse_counts, rank_of, suit_of
from chieu.games.totom.partition import check_win, is_complete
from chieu.games.totom.phu import ALL_PHU, KHAN, PHONG
from chieu.games.totom.rules import Rules
from chieu.games.totom.shapes import extends, phu_of

NAMED = {
    tuple(sorted(parse_counts_kinds)): name
    for name, parse_counts_kinds in (
        ("cuu_van_nhat", [KINDS.kind(c) or 0 for c in ("9W", "1V", "1S")]),
        ("bat_van_nhi", [KINDS.kind(c) or 0 for c in ("8W", "2V", "2S")]),
        ("tom", [KINDS.kind(c) or 0 for c in ("7W", "3V", "3S")]),
        ("nhat_nhi_tam", [KINDS.kind(c) or 0 for c in ("1W", "2W", "3W")]),
        ("leo", [KINDS.kind(c) or 0 for c in ("9V", "8S", "CC")]),
        ("cuu_cuu_thang", [KINDS.kind(c) or 0 for c in ("9V", "9S", "TT")]),
        ("cuu_thang_lao", [KINDS.kind(c) or 0 for c in ("9S", "TT", "OL")]),
    )
}


def brute_phu(
    cards: tuple[int, ...], win: int | None, rules: Rules, held_win: int = 0
) -> tuple[bool, int, int]:
    """(is a phu, is a lưng, points) by the B4 definitions, with no shared code. Three
    identical cards are a phỗng (no lưng) when they are the winning kind and only two were
    held (``held_win``), else a khàn."""
    named = NAMED.get(cards)
    if named:
        return True, 1, 1 if named == "tom" else 2 if named == "leo" else 0
    if len(cards) == 1:
        ok = cards[0] in (CC, TT, OL)
        return ok, int(ok and rules.lung_reading in ("ra", "rc")), 0
    if len(set(cards)) == 1 and len(cards) in (3, 4):
        phong = len(cards) == 3 and cards[0] == win and held_win == 2
        return True, int(not phong), 0
    if any(k in (CC, TT, OL) for k in cards):
        return False, 0, 0
    suits = {suit_of(k) for k in cards}
    ranks = sorted(rank_of(k) for k in cards)
    if (
        len(suits) == 1
        and len(cards) >= 3
        and ranks == list(range(ranks[0], ranks[0] + len(cards)))
    ):
        return True, 0, 0
    if len(set(ranks)) == 1 and suits == {0, 1, 2} and len(cards) in (3, 4):
        return True, int(rules.lung_reading == "ra"), 0
    return False, 0, 0


def brute_best(cards: Sequence[int], win: int | None, rules: Rules) -> tuple[int, int] | None:
    """The best (points, lưng) over every set partition of ``cards`` (tiny hands only)."""

    @cache
    def go(rest: tuple[int, ...], lone_win: int) -> frozenset[tuple[int, int]]:
        if not rest:
            return frozenset({(0, 0)})
        first, others = rest[0], rest[1:]
        out: set[tuple[int, int]] = set()
        n = len(others)
        for mask in range(1 << n):
            if bin(mask).count("1") > 11:
                continue
            group = tuple(sorted((first, *(others[i] for i in range(n) if mask >> i & 1))))
            held = list(cards).count(win) - 1 if win is not None else 0
            ok, lung, pts = brute_phu(group, win, rules, held)
            if not ok:
                continue
            lw = lone_win + (group == (win,))
            if win is not None and win in (CC, TT, OL) and lw > list(cards).count(win) - 1:
                continue
            left = tuple(others[i] for i in range(n) if not mask >> i & 1)
            for p, lg in go(left, lw):
                out.add((p + pts, lg + lung))
        return frozenset(out)

    results = [r for r in go(tuple(sorted(cards)), 0) if r[1] >= rules.min_lung]
    return max(results) if results else None


PIECES = [list(p.cards) for p in ALL_PHU if len(p.cards) <= 4] + [
    [CC],
    [TT],
    [OL],
    [CC, CC, CC],
    [OL, OL, OL],
]


@st.composite
def small_hands(draw: st.DrawFn) -> tuple[list[int], int]:
    pieces = draw(st.lists(st.sampled_from(PIECES), min_size=1, max_size=3))
    cards = [k for p in pieces for k in p]
    noise = draw(st.lists(st.integers(0, 29), max_size=2))
    cards += noise
    counts = KINDS.counts(cards)
    cards = [k for k in range(30) for _ in range(min(4, counts[k]))][:10]
    win = draw(st.sampled_from(cards))
    return cards, win


@settings(max_examples=150, deadline=None)
@given(small_hands(), st.sampled_from(["ra", "r0", "rc"]))
def test_best_partition_matches_brute_force(hand: tuple[list[int], int], reading: str) -> None:
    cards, win = hand
    rules = Rules(lung_reading=reading)
    got = check_win(KINDS.counts(cards), win, rules)
    want = brute_best(cards, win, rules)
    if want is None:
        # the engine may still add a xuyên point; without a valid partition it never wins
        assert got.best is None
        return
    assert got.best is not None
    if got.best.xuyen:
        assert got.best.points - 1 <= want[0] <= got.best.points
    else:
        assert (got.best.points, got.best.lung) == want


def test_winning_yeu_cannot_be_a_new_lone_yeu() -> None:
    rules = Rules()
    hand = parse_counts("1W 2W 3W 7W 3V 3S 2V 2S 2W 4V 5V 6V 7V 8V 4S 5S 6S 7S 8S 9S")
    # complete already (bài thành); OL would only be a new lone yêu: not a wait (D-25)
    assert is_complete(hand, rules)
    w = analysis.waits(hand, rules)
    assert OL not in w and TT not in w and KINDS.kind("9V") in w


def test_many_duplicates_do_not_blow_up() -> None:
    hand = parse_counts("4V 4V 4V 4S 4S 4S 4W 4W 4W 5V 5V 5V 5S 5S 5S 5W 5W 5W 6V 6S")
    w = analysis.waits(hand, Rules())
    assert KINDS.kind("6W") in w


def test_extends_and_phu_of() -> None:
    run = phu_of(parse_counts_list("4W 5W 6W"))
    assert run is not None and run.type == "doc"
    ext = extends(run, KINDS.kind("7W") or 0)
    assert ext is not None and ext.codes() == ["4W", "5W", "6W", "7W"]
    assert extends(run, KINDS.kind("9W") or 0) is None
    khan = phu_of([CC, CC, CC])
    assert khan is not None and khan.type == "khan"
    raised = extends(khan, CC)
    assert raised is not None and raised.type == "thien_khai"
    assert phu_of([CC, CC, CC], won=CC) == PHONG[CC]
    assert phu_of(parse_counts_list("6W 4V 4S")) is None  # D-26: not a lưng


def parse_counts_list(text: str) -> list[int]:
    return [k for k, n in enumerate(parse_counts(text)) for _ in range(n)]


@st.composite
def near_hands(draw: st.DrawFn) -> list[int]:
    """20 cards built from random phu (often near a win), then a card or two changed."""
    cards: list[int] = []
    while len(cards) < 20:
        cards += draw(st.sampled_from(PIECES))
    cards = cards[:20]
    for _ in range(draw(st.integers(0, 2))):
        cards[draw(st.integers(0, 19))] = draw(st.integers(0, 29))
    counts = KINDS.counts(cards)
    if max(counts) > 4:
        cards = [k for k in range(30) for _ in range(min(4, counts[k]))]
        cards += [k for k in range(30) for _ in range(4 - min(4, counts[k]))][: 20 - len(cards)]
    return KINDS.counts(cards[:20])


@settings(max_examples=150, deadline=None)
@given(near_hands(), st.sampled_from(["ra", "r0", "rc"]))
def test_fast_waits_equal_a_check_of_every_candidate(hand: list[int], reading: str) -> None:
    rules = Rules(lung_reading=reading)
    slow = {}
    for x in range(30):
        if hand[x] < 4:
            c = list(hand)
            c[x] += 1
            v = check_win(c, x, rules)
            if v.best is not None:
                slow[x] = v.best
    fast = analysis.waits(hand, rules)
    # same kinds, same value (ties may pick different but equally good partitions)
    assert {x: (v.points, v.lung) for x, v in fast.items()} == {
        x: (v.points, v.lung) for x, v in slow.items()
    }
    for x, v in fast.items():
        cards = [kk for part in v.groups for kk in part.cards]
        assert KINDS.counts(cards) == [n + (kk == x) for kk, n in enumerate(hand)]


def test_cham_thanh_on_laid_phu_and_day_khan_then_u() -> None:
    rules = Rules(lung_reading="r0")
    run = phu_of(parse_counts_list("2W 3W 4W 5W"))
    khan = KHAN[KINDS.kind("2V") or 0]
    assert run is not None
    free = parse_counts("9V 8S CC 9V 9S TT 8V 8S 8W OL 6S 7S 8S")
    for card in ("1W", "6W", "2V", "5S"):
        verdict = analysis.win_on(free, KINDS.kind(card) or 0, rules, fixed=[run, khan])
        assert verdict.win, card
    raised = analysis.win_on(free, KINDS.kind("2V") or 0, rules, fixed=[run, khan])
    assert raised.best is not None
    assert any(g.type == "thien_khai" for g in raised.best.groups)
    # the laid run cannot be split: 3W is no wait (it would need 3W in the hand's phu)
    assert not analysis.win_on(free, KINDS.kind("3W") or 0, rules, fixed=[run, khan]).win
