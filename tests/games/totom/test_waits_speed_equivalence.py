"""The packed-int, orphan-pruned searches give exactly what the first implementation gave.

``_ref_*`` below is the first implementation of the partition search and of ``waits``
(count lists, bytes memo keys, no pruning), kept verbatim as the reference: every answer,
down to the partition chosen among equally good ones, must be the same.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from chieu.games.totom import analysis
from chieu.games.totom.analysis import rescuers
from chieu.games.totom.cards import CC, KINDS, NUM_KINDS, parse_counts
from chieu.games.totom.packed import _JOKER, _flat, cache_clear
from chieu.games.totom.partition import Partition, _order, partitions
from chieu.games.totom.phu import _BY_LOW, ALL_PHU, KHAN, LONE, NAMED, PHONG, QUAD, Phu
from chieu.games.totom.rules import Rules

Pareto = dict[int, tuple[int, Any]]
_EMPTY: Pareto = {0: (0, ())}
_CACHE: dict[tuple[str, bytes, int], Pareto] = {}
_JCACHE: dict[tuple[str, bytes, int], dict[int, Pareto]] = {}


def _ref_prune(found: Pareto) -> Pareto:
    if len(found) <= 1:
        return found
    out: Pareto = {}
    best_lung = -1
    for p in sorted(found, reverse=True):
        lung = found[p][0]
        if lung > best_lung:
            out[p] = found[p]
            best_lung = lung
    return out


def _ref_solve(c: list[int], phong: int, rules: Rules, low: int = 0) -> Pareto:
    k = low
    while k < NUM_KINDS and not c[k]:
        k += 1
    if k == NUM_KINDS:
        return _EMPTY
    key = (rules.lung_reading, bytes(c), phong)
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    found: Pareto = {}
    n = c[k]

    def take(phu: Phu, needs: tuple[tuple[int, int], ...], lung: int) -> None:
        for kk, m in needs:
            c[kk] -= m
        sub = _ref_solve(c, phong, rules, k)
        for kk, m in needs:
            c[kk] += m
        for p, (l0, groups) in sub.items():
            np, nl = p + phu.points, l0 + lung
            old = found.get(np)
            if old is None or old[0] < nl:
                found[np] = (nl, (phu, groups))

    if k >= CC:
        take(LONE[k], ((k, 1),), int(rules.yeu_is_lung))
    if n >= 3:
        if k == phong:
            take(PHONG[k], ((k, 3),), 0)
        else:
            take(KHAN[k], ((k, 3),), 1)
    if n >= 4:
        take(QUAD[k], ((k, 4),), 1)
    for phu, needs in _BY_LOW[k]:
        if all(c[kk] >= m for kk, m in needs):
            take(phu, needs, int(phu.is_lung(rules)))
    found = _ref_prune(found)
    _CACHE[key] = found
    return found


def _ref_add(found: Pareto, p: int, lung: int, groups: Any) -> None:
    old = found.get(p)
    if old is None or old[0] < lung:
        found[p] = (lung, groups)


def _ref_solve_joker(c: list[int], threes: int, rules: Rules, low: int = 0) -> dict[int, Pareto]:
    k = low
    while k < NUM_KINDS and not c[k]:
        k += 1
    if k == NUM_KINDS:
        return {}
    threes &= ~((1 << k) - 1)
    key = (rules.lung_reading, bytes(c), threes)
    hit = _JCACHE.get(key)
    if hit is not None:
        return hit
    out: dict[int, Pareto] = {}
    n = c[k]

    def plain(phu: Phu, needs: tuple[tuple[int, int], ...]) -> None:
        for kk, m in needs:
            c[kk] -= m
        sub = _ref_solve_joker(c, threes, rules, k)
        for kk, m in needs:
            c[kk] += m
        lung = 1 if phu.is_lung(rules) else 0
        for x, par in sub.items():
            found = out.setdefault(x, {})
            for p, (l0, groups) in par.items():
                _ref_add(found, p + phu.points, l0 + lung, (phu, groups))

    def joker(phu: Phu, x: int, needs: tuple[tuple[int, int], ...], bonus: int) -> None:
        for kk, m in needs:
            c[kk] -= m
        sub = _ref_solve(c, -1, rules, k)
        for kk, m in needs:
            c[kk] += m
        if not sub:
            return
        lung = 1 if phu.is_lung(rules) else 0
        found = out.setdefault(x, {})
        for p, (l0, groups) in sub.items():
            _ref_add(found, p + phu.points + bonus, l0 + lung, (phu, groups))

    if k >= CC:
        plain(LONE[k], ((k, 1),))
    if n >= 3:
        plain(KHAN[k], ((k, 3),))
    if n >= 4:
        plain(QUAD[k], ((k, 4),))
    for phu, needs in _BY_LOW[k]:
        if all(c[kk] >= m for kk, m in needs):
            plain(phu, needs)
    if n >= 2:
        joker(KHAN[k] if threes >> k & 1 else PHONG[k], k, ((k, 2),), 0)
    if n >= 3:
        joker(QUAD[k], k, ((k, 3),), 0)
    for phu, x, needs, xuyen in _JOKER[k]:
        if all(c[kk] >= m for kk, m in needs):
            joker(phu, x, needs, 1 if xuyen else 0)
    out = {x: _ref_prune(par) for x, par in out.items() if par}
    _JCACHE[key] = out
    return out


def _ref_waits(
    hand: Sequence[int], rules: Rules, fixed: Sequence[Phu] = ()
) -> dict[int, Partition]:
    c = list(hand)
    only = rescuers(c)
    if only is not None and not only:
        return {}
    threes = sum(1 << kk for kk in range(NUM_KINDS) if c[kk] == 3)
    extra_lung = sum(1 for g in fixed if g.is_lung(rules))
    extra_pts = sum(g.points for g in fixed)
    out: dict[int, Partition] = {}
    for x, par in sorted(_ref_solve_joker(c, threes, rules).items()):
        if c[x] >= 4 or (only is not None and x not in only):
            continue
        best: tuple[int, int, tuple[Phu, ...]] | None = None
        for p, (lung, groups) in par.items():
            item = (p + extra_pts, lung + extra_lung, _flat(groups))
            if item[1] >= rules.min_lung and (best is None or item[:2] > best[:2]):
                best = item
        if best is not None:
            xuyen = (
                any(g.type == "doc" and len(g.cards) == 5 and g.cards[2] == x for g in best[2])
                and best[0] > sum(g.points for g in best[2]) + extra_pts
            )
            out[x] = Partition(_order((*fixed, *best[2])), best[1], best[0], xuyen)
    return out


# -- hands ------------------------------------------------------------------------------------

PIECES = [list(p.cards) for p in ALL_PHU if len(p.cards) <= 4] + [
    [CC],
    [28],
    [29],
    [3, 3, 3],
    [CC, CC, CC],
]


def _near(seed: int, size: int) -> list[int]:
    """Cards from random phu (often a win less one card), then up to two cards exchanged."""
    rng = random.Random(seed)
    h = [0] * NUM_KINDS
    total = 0
    while total < size + 1:
        piece = rng.choice(PIECES)
        if all(h[k] + piece.count(k) <= 4 for k in piece):
            for k in piece:
                h[k] += 1
            total += len(piece)
    while total > size:
        h[rng.choice([k for k in range(NUM_KINDS) if h[k]])] -= 1
        total -= 1
    for _ in range(rng.randrange(3)):
        h[rng.choice([k for k in range(NUM_KINDS) if h[k]])] -= 1
        h[rng.choice([k for k in range(NUM_KINDS) if h[k] < 4])] += 1
    return h


def near_hands(size: int = 20) -> st.SearchStrategy[list[int]]:
    return st.integers(0, 2**32).map(lambda seed: _near(seed, size))


@st.composite
def deals(draw: st.DrawFn) -> list[int]:
    cards = draw(st.permutations(KINDS.deck()))[:20]
    return KINDS.counts(cards)


READINGS = st.sampled_from(["ra", "r0", "rc"])


def _check(hand: list[int], rules: Rules, fixed: Sequence[Phu] = ()) -> None:
    want = _ref_waits(hand, rules, fixed)
    assert analysis.waits(hand, rules, fixed=fixed) == want
    cache_clear()  # a cold memo gives the same answer
    assert analysis.waits(hand, rules, fixed=fixed) == want


@settings(max_examples=300, deadline=None)
@given(near_hands(), READINGS)
def test_waits_equal_the_reference_on_near_winning_hands(hand: list[int], reading: str) -> None:
    _check(hand, Rules(lung_reading=reading))


@settings(max_examples=100, deadline=None)
@given(deals(), READINGS)
def test_waits_equal_the_reference_on_deals(hand: list[int], reading: str) -> None:
    _check(hand, Rules(lung_reading=reading))


@settings(max_examples=100, deadline=None)
@given(near_hands(size=17), st.sampled_from(NAMED), READINGS)
def test_waits_equal_the_reference_with_laid_phu(hand: list[int], laid: Phu, reading: str) -> None:
    _check(hand, Rules(lung_reading=reading), fixed=(laid,))


@settings(max_examples=200, deadline=None)
@given(near_hands(size=21), st.integers(-1, NUM_KINDS - 1), READINGS)
def test_partitions_equal_the_reference(hand: list[int], phong: int, reading: str) -> None:
    rules = Rules(lung_reading=reading)
    want = {p: (lung, _flat(g)) for p, (lung, g) in _ref_solve(list(hand), phong, rules).items()}
    assert partitions(hand, rules, phong) == want


def test_worked_dense_hands_equal_the_reference() -> None:
    for text in (
        "3V 3S 4V 4V 4S 5V 5V 5S 6V 6V 6V 6S 6S 6W 7V 7V 7S 7W 7W 8V",
        "2V 3V 3V 3V 3V 3S 3S 3S 3W 3W 4V 4W 5V 5V 5V 5W 6V 6W 7V 7W",
        "2S 3S 3V 3S 7W 4V 4V 4V 4S 4S 4S 4W 4W 4W 8S 9V CC 1W 2W 3W",
        "4V 4V 4V 4S 4S 4S 4W 4W 4W 5V 5V 5V 5S 5S 5S 5W 5W 5W 6V 6S",
    ):
        for reading in ("ra", "r0", "rc"):
            _check(parse_counts(text), Rules(lung_reading=reading))


def _variants(hand: list[int]) -> list[list[int]]:
    """``hand`` and copies with one kind held 2 ↔ 3 times (another card taken or added): the
    sub-hands of the joker search meet again with other kinds held three times."""
    out = [hand]
    for k in range(NUM_KINDS):
        if hand[k] == 2:
            donors = [d for d in range(NUM_KINDS) if d != k and hand[d]]
            v = list(hand)
            v[k] += 1
            v[donors[-1]] -= 1
            out.append(v)
        elif hand[k] == 3:
            v = list(hand)
            v[k] -= 1
            v[next(d for d in range(NUM_KINDS) if d != k and hand[d] < 4)] += 1
            out.append(v)
    return out


def test_waits_with_a_warm_memo_shared_by_related_hands() -> None:
    """Hands that share sub-hands, one after the other without clearing the memo."""
    for reading in ("ra", "r0", "rc"):
        rules = Rules(lung_reading=reading)
        cache_clear()
        for seed in range(12):
            for hand in _variants(_near(seed, 20)):
                assert sum(hand) == 20 and max(hand) <= 4
                assert analysis.waits(hand, rules) == _ref_waits(hand, rules)
