"""``advice.arrange`` lays out a hand exactly as its first implementation did.

``_ref_phu`` and ``_ref_ca`` are that implementation (every group tried by copying the hand and
checking that no count went below zero), kept as the reference: the layout, down to the
groups chosen among equally good ones, must be the same.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from chieu.games.totom.advice import _CA_BY_LOW, Ca, arrange
from chieu.games.totom.cards import CC, NUM_KINDS
from chieu.games.totom.phu import ALL_PHU, KHAN, LONE, QUAD, Phu
from chieu.games.totom.rules import Rules
from chieu.games.totom.setups import DECK

_BY_LOW: list[list[Phu]] = [[] for _ in range(NUM_KINDS)]
for _p in ALL_PHU:
    _BY_LOW[_p.cards[0]].append(_p)
Best = tuple[tuple[int, int, int], tuple[Phu, ...], tuple[int, ...]]


def _ref_phu(c: tuple[int, ...], rules: Rules, memo: dict[tuple[int, ...], Best]) -> Best:
    hit = memo.get(c)
    if hit is not None:
        return hit
    k = next((i for i, n in enumerate(c) if n), -1)
    if k < 0:
        return (0, 0, 0), (), ()
    rest = list(c)
    rest[k] -= 1
    score, groups, left = _ref_phu(tuple(rest), rules, memo)
    best = (score, groups, (k, *left))
    shapes = list(_BY_LOW[k])
    if c[k] >= 3:
        shapes.append(KHAN[k])
    if c[k] == 4:
        shapes.append(QUAD[k])
    if k >= CC:
        shapes.append(LONE[k])
    for phu in shapes:
        rest = list(c)
        for x in phu.cards:
            rest[x] -= 1
        if min(rest) < 0:
            continue
        (n, lung, pts), sub, left = _ref_phu(tuple(rest), rules, memo)
        score = (n + len(phu.cards), lung + phu.is_lung(rules), pts + phu.points)
        if score > best[0]:
            best = (score, (phu, *sub), left)
    memo[c] = best
    return best


def _ref_ca(c: tuple[int, ...]) -> tuple[int, tuple[Ca, ...], tuple[int, ...]]:
    k = next((i for i, n in enumerate(c) if n), -1)
    if k < 0:
        return 0, (), ()
    rest = list(c)
    rest[k] -= 1
    n, groups, left = _ref_ca(tuple(rest))
    best = (n, groups, (k, *left))
    for cards, waits, _ in _CA_BY_LOW[k]:
        rest = list(c)
        for x in cards:
            rest[x] -= 1
        if min(rest) < 0:
            continue
        m, sub, left = _ref_ca(tuple(rest))
        if m + len(cards) > best[0]:
            best = (m + len(cards), (Ca(cards, waits), *sub), left)
    return best


def _reference(free: list[int], rules: Rules) -> tuple[object, ...]:
    _, phu, left = _ref_phu(tuple(free), rules, {})
    rest = [0] * NUM_KINDS
    for k in left:
        rest[k] += 1
    _, ca, loose = _ref_ca(tuple(rest))
    return phu, ca, loose


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    size=st.integers(1, 21),
    reading=st.sampled_from(["ra", "r0", "rc"]),
)
def test_arrange_is_the_first_implementations_layout(seed: int, size: int, reading: str) -> None:
    cards = random.Random(seed).sample(list(DECK), size)
    free = [0] * NUM_KINDS
    for k in cards:
        free[k] += 1
    rules = Rules(lung_reading=reading)  # type: ignore[arg-type]
    got = arrange(free, rules)
    assert (got.phu, got.ca, got.loose) == _reference(free, rules)
