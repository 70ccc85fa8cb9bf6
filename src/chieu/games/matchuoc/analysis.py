"""Pure hand analysis on count vectors (58 kinds, see cards.py): the win check with khung,
the special shapes (Xập xám chướng, seven pairs) and the waits.

The win check is memoised per block on count tuples (B.8b): for each block (Vạn, Văn, Sách,
winds, dragons) the set of khung counts that complete it, without and with the pair, as two
bit masks; the masks of the five blocks and the khung in hand decide the win (each khung kind
goes only to the blocks of its range).

The rest of the analysis: ``decompose`` (``Group``, every reading of a winning hand as phu and
a pair; it needs only ``cards``) and ``shanten`` (the shanten-like distance to a win,
``best_discards``; it takes ``BLOCKS`` and ``ORPHANS`` from here). Neither is imported here.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import product
from operator import itemgetter

from chieu.games.matchuoc.cards import (
    FLOWER0,
    HO,
    KHUNG0,
    KHUNG_RANGE,
    NUM_BASIC,
    NUM_KINDS,
)

MAXW = 15
_MASK = (1 << (MAXW + 1)) - 1
_EMPTY = (
    sum(1 << w for w in range(0, MAXW + 1, 3)),
    sum(1 << w for w in range(2, MAXW + 1, 3)),
)
#: block index -> slice of kinds
BLOCKS = ((0, 9), (9, 18), (18, 27), (27, 31), (31, 34))
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_orphan_counts = itemgetter(*ORPHANS)

# -- the win check ---------------------------------------------------------------------------

_block_cache: dict[tuple[int, ...], tuple[int, int]] = {}


def runs_through(
    c: Sequence[int], i: int, first: int
) -> Iterator[tuple[tuple[int, int, int], list[int]]]:
    """Every run of three tiles through tile ``i`` of the suit whose first tile is ``first``,
    with khung standing in for any of its tiles: its slots and which of them are real tiles
    (``i`` is the lowest real tile left, so the slots below it are khung, and a slot above it
    is real only when ``c`` holds that tile)."""
    for start in (i - 2, i - 1, i):
        if start < first or start > first + 6:
            continue
        slots = (start, start + 1, start + 2)
        choices = [[s == i] if s <= i else ([True, False] if c[s] else [False]) for s in slots]
        for pick in product(*choices):
            yield slots, [s for s, real in zip(slots, pick, strict=True) if real]


def _block(counts: tuple[int, ...]) -> tuple[int, int]:
    """(no-pair mask, pair mask): bit ``w`` set when ``w`` khung complete the block."""
    got = _block_cache.get(counts)
    if got is None:
        got = _solve(counts, len(counts) == 9)
        _block_cache[counts] = got
    return got


def _solve(c: tuple[int, ...], runs: bool) -> tuple[int, int]:
    n = len(c)
    i = 0
    while i < n and not c[i]:
        i += 1
    if i == n:
        return _EMPTY
    nopair = 0
    pair = 0
    h = c[i]
    cl = list(c)

    def sub(changes: Sequence[tuple[int, int]]) -> tuple[int, int]:
        nc = list(cl)
        for k, d in changes:
            nc[k] -= d
        return _block(tuple(nc))

    for k in range(1, min(h, 3) + 1):  # triplet with k real tiles
        a, b = sub(((i, k),))
        nopair |= a << (3 - k)
        pair |= b << (3 - k)
    for k in range(1, min(h, 2) + 1):  # the pair with k real tiles
        a, _ = sub(((i, k),))
        pair |= a << (2 - k)
    if runs:
        # runs through i (i is the lowest real tile: lower slots are khung)
        for _slots, reals in runs_through(c, i, 0):
            w = 3 - len(reals)
            a, b = sub([(s, 1) for s in reals])
            nopair |= a << w
            pair |= b << w
    return nopair & _MASK, pair & _MASK


_combine_cache: dict[tuple[int, ...], bool] = {}


def _combine(key: tuple[int, ...]) -> bool:
    got = _combine_cache.get(key)
    if got is None:
        got = _combine_solve(key)
        _combine_cache[key] = got
    return got


def _sums(a: int, b: int) -> int:
    """The sums of two sets of khung counts, as bit masks: bit ``x + y`` for ``x`` in ``a``
    and ``y`` in ``b``."""
    out = 0
    x = 0
    while a:
        if a & 1:
            out |= b << x
        a >>= 1
        x += 1
    return out


def _combine_solve(key: tuple[int, ...]) -> bool:
    """Whether the khung in hand can be shared out so that every block completes, one of them
    with the pair. Each block takes at least its own khung (Màn, Thùng, Soọc, Hỷ, Nguyên) and
    any number of the others; Hợp only in a suited block, Tổng anywhere. With ``S`` khung in
    the suited blocks and the rest in the honor blocks, that is possible when ``S`` covers
    the suited blocks' own khung and every Hợp."""
    masks = [(key[2 * b], key[2 * b + 1]) for b in range(5)]
    tg, th, so, ma, hy, ng, hp = key[10:]
    own = (ma, th, so, hy, ng)
    total = tg + th + so + ma + hy + ng + hp
    low = ma + th + so + hp  # the fewest khung the suited blocks must take
    cap = (1 << (total + 1)) - 1
    for pb in range(5):
        r = [(masks[b][1] if b == pb else masks[b][0]) >> own[b] << own[b] & cap for b in range(5)]
        suited = _sums(_sums(r[0], r[1]), r[2])
        honors = _sums(r[3], r[4])
        for n in range(low, total + 1):
            if suited >> n & 1 and honors >> (total - n) & 1:
                return True
    return False


_code_cache: dict[tuple[int, ...], int] = {}


def _code(t: tuple[int, ...]) -> int:
    """1: the block completes without the pair, 8: with it, 64: not without khung. Four
    blocks of 1 and one of 8 (a sum of exactly 12) is a win."""
    np_, p = _block(t)
    got = 1 if np_ & 1 else (8 if p & 1 else 64)
    _code_cache[t] = got
    return got


def open_blocks(c: Sequence[int]) -> int:
    """How many blocks (Vạn, Văn, Sách, winds, dragons) of the basic tiles in ``c`` are not
    phu, or phu and a pair, as they are. One more tile completes at most one of them, so a
    hand with two open blocks wins on no discard in the regular shape, even on a Tổng."""
    cc = _code_cache
    n = 0
    for lo, hi in BLOCKS:
        t = tuple(c[lo:hi])
        n += (cc.get(t) or _code(t)) == 64
    return n


def is_win(c: Sequence[int]) -> bool:
    """Whether the concealed tiles ``c`` (58 counts, exposed phu left out) are 4-k phu and a
    pair, khung standing in within their ranges. Flowers or an Đại Ho in hand never win."""
    if c[HO] or any(c[FLOWER0:KHUNG0]):
        return False
    w = c[KHUNG0:]
    if not any(w):
        cc = _code_cache
        t = tuple(c[0:9])
        x = cc.get(t) or _code(t)
        t = tuple(c[9:18])
        x += cc.get(t) or _code(t)
        t = tuple(c[18:27])
        x += cc.get(t) or _code(t)
        t = tuple(c[27:31])
        x += cc.get(t) or _code(t)
        t = tuple(c[31:34])
        x += cc.get(t) or _code(t)
        return x == 12
    bc = _block_cache
    t = tuple(c[0:9])
    r0 = bc.get(t) or _block(t)
    t = tuple(c[9:18])
    r1 = bc.get(t) or _block(t)
    t = tuple(c[18:27])
    r2 = bc.get(t) or _block(t)
    t = tuple(c[27:31])
    r3 = bc.get(t) or _block(t)
    t = tuple(c[31:34])
    r4 = bc.get(t) or _block(t)
    key = (*r0, *r1, *r2, *r3, *r4, w[0], w[1], w[2], w[3], w[5], w[6], w[7])
    got = _combine_cache.get(key)
    if got is None:
        return _combine(key)
    return got


# -- special shapes --------------------------------------------------------------------------


def _khung_list(c: Sequence[int]) -> list[int]:
    return [k for k in range(KHUNG0, NUM_KINDS) for _ in range(c[k])]


def _match(wilds: list[int], targets: list[int]) -> bool:
    """Whether every target kind gets a distinct khung whose range holds it."""
    if not targets:
        return True
    t = targets[0]
    tried: set[int] = set()
    for i, w in enumerate(wilds):
        if w not in tried and t in KHUNG_RANGE[w]:
            tried.add(w)
            if _match(wilds[:i] + wilds[i + 1 :], targets[1:]):
                return True
    return False


def is_thirteen_orphans(c: Sequence[int]) -> bool:
    """Xập xám chướng (B.6.2): the 13 terminals and honors and a 14th pairing one, khung
    standing in within their ranges."""
    if sum(c) != 14 or c[HO] or any(c[FLOWER0:KHUNG0]):
        return False
    for k in range(NUM_BASIC):
        if c[k] and k not in ORPHANS:
            return False
    if any(c[k] > 2 for k in ORPHANS):
        return False
    doubles = [k for k in ORPHANS if c[k] == 2]
    if len(doubles) > 1:
        return False
    wilds = _khung_list(c)
    missing = [k for k in ORPHANS if not c[k]]
    if doubles:
        return len(wilds) == len(missing) and _match(wilds, missing)
    # one khung is the 14th tile: it pairs any orphan in its range
    return any(_match(wilds, [*missing, extra]) for extra in ORPHANS)


def is_seven_pairs(c: Sequence[int]) -> bool:
    """Seven pairs (variant, B.6.4): real tiles only; four of a kind counts as two pairs."""
    if sum(c) != 14 or any(c[NUM_BASIC:]):
        return False
    return all(n % 2 == 0 for n in c[:NUM_BASIC])


# -- waits -----------------------------------------------------------------------------------


def waits(c: Sequence[int], seven_pairs: bool = False) -> list[int]:
    """The basic kinds that complete the concealed tiles ``c`` (13 - 3·phu tiles)."""
    out = []
    h = list(c)
    full = sum(h) == 13
    for k in range(NUM_BASIC):
        h[k] += 1
        if is_win(h) or (full and (is_thirteen_orphans(h) or (seven_pairs and is_seven_pairs(h)))):
            out.append(k)
        h[k] -= 1
    return out


def wins_with(c: Sequence[int], tile: int, seven_pairs: bool = False) -> bool:
    """Whether ``tile`` (basic or a khung acting within its range) completes ``c``."""
    h = list(c)
    h[tile] += 1
    if is_win(h):
        return True
    if sum(h) == 14:
        return is_thirteen_orphans(h) or (seven_pairs and is_seven_pairs(h))
    return False


__all__ = [
    "BLOCKS",
    "ORPHANS",
    "is_seven_pairs",
    "is_thirteen_orphans",
    "is_win",
    "open_blocks",
    "waits",
    "wins_with",
]
