"""Pure hand analysis on count vectors (58 kinds, see cards.py): win check with khung,
every decomposition, waits, and a shanten-like distance to a win.

Fast paths are memoised per block on count tuples (B.8b):

* **win check**: for each block (Vạn, Văn, Sách, winds, dragons) the set of khung counts that
  complete it, without and with the pair, as two bit masks; the masks of the five blocks and
  the khung in hand decide the win (each khung kind goes only to the blocks of its range).
* **distance**: for each block and each target (``m`` phu, ``p`` pairs) the fewest tiles
  missing, by a small dynamic programme over the ranks (the exact "replacement number"); the
  blocks are combined through interned vectors and a memoised pairwise minimum. The distance
  is ``missing - 1`` (-1: a win, 0: waiting), the shanten number of riichi libraries.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import product
from operator import itemgetter
from typing import NamedTuple

from chieu.games.matchuoc.cards import (
    FLOWER0,
    HO,
    HONOR0,
    HP,
    HY,
    KHUNG0,
    KHUNG_RANGE,
    MA,
    NG,
    NUM_BASIC,
    NUM_KINDS,
    SO,
    TG,
    TH,
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
        for start in (i - 2, i - 1, i):
            if start < 0 or start > 6:
                continue
            slots = [start, start + 1, start + 2]
            choices: list[list[bool]] = []
            for s in slots:
                if s < i:
                    choices.append([False])
                elif s == i:
                    choices.append([True])
                else:
                    choices.append([True, False] if c[s] else [False])
            for pick in product(*choices):
                changes = [(s, 1) for s, real in zip(slots, pick, strict=True) if real]
                w = 3 - len(changes)
                a, b = sub(changes)
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


# -- decompositions --------------------------------------------------------------------------


class Group(NamedTuple):
    """A phu or the pair after khung substitution.

    ``kind`` is ``"pung"``, ``"kong"``, ``"chow"`` or ``"pair"``; ``tiles`` the basic kinds it
    stands for (slot order); ``wilds`` the khung kind in each slot (-1: a real tile);
    ``exposed``: laid down (claimed or a coong); ``claimed``: made from another seat's discard.
    """

    kind: str
    tiles: tuple[int, ...]
    wilds: tuple[int, ...]
    exposed: bool = False
    claimed: bool = False

    @property
    def ngang(self) -> bool:
        return self.kind in ("pung", "kong")

    @property
    def uses_khung(self) -> bool:
        return any(w >= 0 for w in self.wilds)

    @property
    def base(self) -> int:
        return self.tiles[0]


#: for each basic kind, the khung that may stand for it, narrowest range first
_NARROW: list[tuple[int, ...]] = []
for _k in range(NUM_BASIC):
    _own = MA if _k < 9 else TH if _k < 18 else SO if _k < 27 else HY if _k < 31 else NG
    _NARROW.append((_own, HP, TG) if _k < 27 else (_own, TG))


def _take(w: list[int], tile: int) -> int:
    for kh in _NARROW[tile]:
        if w[kh - KHUNG0]:
            w[kh - KHUNG0] -= 1
            return kh
    return -1


def decompositions(c: Sequence[int], limit: int = 4096) -> list[list[Group]]:
    """Every way to read the concealed tiles ``c`` as phu and exactly one pair (khung
    substituted; an all-khung group takes one representative tile per role: a terminal and a
    simple triplet and a 1-2-3 run per suit, each honor)."""
    if c[HO] or any(c[FLOWER0:KHUNG0]):
        return []
    counts = list(c[:NUM_BASIC])
    wild = list(c[KHUNG0:])
    out: dict[tuple[Group, ...], list[Group]] = {}
    _rec(counts, wild, False, [], out, limit)
    return list(out.values())


def _rec(
    c: list[int],
    w: list[int],
    pair: bool,
    acc: list[Group],
    out: dict[tuple[Group, ...], list[Group]],
    limit: int,
) -> None:
    if len(out) >= limit:
        return
    i = 0
    while i < NUM_BASIC and not c[i]:
        i += 1
    if i == NUM_BASIC:
        _rec_wild(w, pair, acc, out, limit)
        return
    h = c[i]
    for k in range(min(h, 3), 0, -1):
        _try(c, w, pair, acc, out, limit, "pung", (i, i, i), [i] * k)
    if not pair:
        for k in range(min(h, 2), 0, -1):
            _try(c, w, True, acc, out, limit, "pair", (i, i), [i] * k)
    if i < 27:
        r = i % 9
        for start in (i - 2, i - 1, i):
            if start < i - r or start - (i - r) > 6:
                continue
            slots = (start, start + 1, start + 2)
            choices: list[list[bool]] = []
            for s in slots:
                if s < i:
                    choices.append([False])
                elif s == i:
                    choices.append([True])
                else:
                    choices.append([True, False] if c[s] else [False])
            for pick in product(*choices):
                reals = [s for s, real in zip(slots, pick, strict=True) if real]
                _try(c, w, pair, acc, out, limit, "chow", slots, reals)


def _try(
    c: list[int],
    w: list[int],
    pair: bool,
    acc: list[Group],
    out: dict[tuple[Group, ...], list[Group]],
    limit: int,
    kind: str,
    tiles: tuple[int, ...],
    reals: list[int],
) -> None:
    wl = list(w)
    remaining = list(reals)
    slots: list[int] = []
    for t in tiles:
        if t in remaining:
            remaining.remove(t)
            slots.append(-1)
        else:
            kh = _take(wl, t)
            if kh < 0:
                return
            slots.append(kh)
    for t in reals:
        c[t] -= 1
    acc.append(Group(kind, tiles, tuple(slots)))
    _rec(c, wl, pair, acc, out, limit)
    acc.pop()
    for t in reals:
        c[t] += 1


_REPS: tuple[tuple[str, tuple[int, ...]], ...] = (
    *(("pung", (k, k, k)) for s in range(3) for k in (9 * s, 9 * s + 1)),
    *(("chow", (9 * s, 9 * s + 1, 9 * s + 2)) for s in range(3)),
    *(("pung", (k, k, k)) for k in range(HONOR0, NUM_BASIC)),
)


def _rec_wild(
    w: list[int],
    pair: bool,
    acc: list[Group],
    out: dict[tuple[Group, ...], list[Group]],
    limit: int,
) -> None:
    n = sum(w)
    if n == 0:
        if pair:
            key = tuple(sorted(acc))
            out.setdefault(key, list(key))
        return
    if not pair:
        for k in [0, 1, 9, 10, 18, 19, *range(HONOR0, NUM_BASIC)]:
            wl = list(w)
            a, b = _take(wl, k), _take(wl, k)
            if a >= 0 and b >= 0:
                acc.append(Group("pair", (k, k), (a, b)))
                _rec_wild(wl, True, acc, out, limit)
                acc.pop()
        return
    for kind, tiles in _REPS:
        wl = list(w)
        slots = [_take(wl, t) for t in tiles]
        if min(slots) >= 0:
            acc.append(Group(kind, tiles, tuple(slots)))
            _rec_wild(wl, pair, acc, out, limit)
            acc.pop()


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


# -- distance (shanten-like) -----------------------------------------------------------------

INF = 99
_suit_dist: dict[tuple[int, ...], int] = {}
_honor_dist: dict[tuple[int, ...], int] = {}
_vectors: list[tuple[int, ...]] = []
_vector_ids: dict[tuple[int, ...], int] = {}
_pair_cache: dict[tuple[int, int], int] = {}
_dp_cache: dict[tuple[tuple[int, ...], int, int], tuple[int, ...]] = {}


def _intern(v: tuple[int, ...]) -> int:
    got = _vector_ids.get(v)
    if got is None:
        got = len(_vectors)
        _vectors.append(v)
        _vector_ids[v] = got
    return got


def _suit_dp(suffix: tuple[int, ...], a: int, b: int) -> tuple[int, ...]:
    """Fewest missing tiles for each (m phu, p pairs) target, index ``2m + p``, from rank
    ``9 - len(suffix)`` on, with ``a`` runs needing this rank last and ``b`` runs needing this
    rank and the next."""
    key = (suffix, a, b)
    got = _dp_cache.get(key)
    if got is not None:
        return got
    if not suffix:
        res: tuple[int, ...] = (0,) + (INF,) * 9 if a == 0 and b == 0 else (INF,) * 10
        _dp_cache[key] = res
        return res
    h = suffix[0]
    rest = suffix[1:]
    best = [INF] * 10
    can_start = len(suffix) >= 3
    for x in range(0, 5 - a - b if can_start else 1):
        child = _suit_dp(rest, b, x)
        for y in (0, 1):
            for z in (0, 1):
                need = a + b + x + 3 * y + 2 * z
                if need > 4:
                    continue
                cost = need - h if need > h else 0
                dm = x + y
                for idx in range(10):
                    cc = child[idx]
                    if cc >= INF:
                        continue
                    m, p = idx >> 1, idx & 1
                    nm, np_ = m + dm, p + z
                    if nm > 4 or np_ > 1:
                        continue
                    j = 2 * nm + np_
                    if cc + cost < best[j]:
                        best[j] = cc + cost
    res = tuple(best)
    _dp_cache[key] = res
    return res


def _suit_vector(t: tuple[int, ...]) -> int:
    got = _suit_dist.get(t)
    if got is None:
        got = _intern(_suit_dp(t, 0, 0))
        _suit_dist[t] = got
    return got


def _honor_raw(t: tuple[int, ...]) -> tuple[int, ...]:
    best = [0] + [INF] * 9
    for h in t:
        nb = [INF] * 10
        for idx in range(10):
            if best[idx] >= INF:
                continue
            m, p = idx >> 1, idx & 1
            for y, z, need in ((0, 0, 0), (1, 0, 3), (0, 1, 2)):
                nm, np_ = m + y, p + z
                if nm > 4 or np_ > 1:
                    continue
                cost = need - h if need > h else 0
                j = 2 * nm + np_
                if best[idx] + cost < nb[j]:
                    nb[j] = best[idx] + cost
        best = nb
    return tuple(best)


def _honor_vector(t: tuple[int, ...]) -> int:
    got = _honor_dist.get(t)
    if got is None:
        got = _intern(_honor_raw(t))
        _honor_dist[t] = got
    return got


def _merge(i: int, j: int) -> int:
    key = (i, j)
    got = _pair_cache.get(key)
    if got is None:
        got = _intern(_merge_raw(_vectors[i], _vectors[j]))
        _pair_cache[key] = got
    return got


def _merge_raw(a: Sequence[int], b: Sequence[int]) -> tuple[int, ...]:
    out = [INF] * 10
    for i in range(10):
        if a[i] >= INF:
            continue
        for j in range(10):
            if b[j] >= INF:
                continue
            m = (i >> 1) + (j >> 1)
            p = (i & 1) + (j & 1)
            if m > 4 or p > 1:
                continue
            k = 2 * m + p
            if a[i] + b[j] < out[k]:
                out[k] = a[i] + b[j]
    return tuple(out)


def regular_distance(c: Sequence[int], melds: int = 0) -> int:
    """Shanten of the regular shape (4 phu + a pair) of the basic tiles in ``c``, with
    ``melds`` phu already exposed; khung, flowers ignored. -1 is a win."""
    sd = _suit_dist
    t = tuple(c[0:9])
    v0 = sd.get(t)
    if v0 is None:
        v0 = _suit_vector(t)
    t = tuple(c[9:18])
    v1 = sd.get(t)
    if v1 is None:
        v1 = _suit_vector(t)
    t = tuple(c[18:27])
    v2 = sd.get(t)
    if v2 is None:
        v2 = _suit_vector(t)
    t = tuple(c[27:34])
    v3 = _honor_dist.get(t)
    if v3 is None:
        v3 = _honor_vector(t)
    pc = _pair_cache
    k = pc.get((v0, v1))
    if k is None:
        k = _merge(v0, v1)
    k2 = pc.get((v2, v3))
    if k2 is None:
        k2 = _merge(v2, v3)
    k3 = pc.get((k, k2))
    if k3 is None:
        k3 = _merge(k, k2)
    return _vectors[k3][2 * (4 - melds) + 1] - 1


def orphans_distance(c: Sequence[int]) -> int:
    """Shanten of Xập xám chướng (each khung counted as one missing tile it may stand for)."""
    kinds = sum(1 for k in ORPHANS if c[k])
    pair = any(c[k] >= 2 for k in ORPHANS)
    wild = sum(c[k] for k in range(KHUNG0, NUM_KINDS) if k != HO)
    return max(-1, 13 - kinds - (1 if pair else 0) - wild)


def seven_pairs_distance(c: Sequence[int]) -> int:
    pairs = sum(n // 2 for n in c[:NUM_BASIC])
    return 6 - min(7, pairs)


def _block_vector(c: Sequence[int], b: int) -> tuple[int, ...]:
    lo, hi = BLOCKS[b]
    t = tuple(c[lo:hi])
    if b < 3:
        return _vectors[_suit_vector(t)]
    return _honor_raw(t)


def khung_distance(c: Sequence[int], melds: int = 0) -> int:
    """Shanten of the regular shape with khung as wilds: each khung in a block's range fills
    one missing tile of that block (a fifth copy allowed)."""
    w = c[KHUNG0:]
    tg, th, so, ma, hy, ng, hp = w[0], w[1], w[2], w[3], w[5], w[6], w[7]
    if not (tg or th or so or ma or hy or ng or hp):
        return regular_distance(c, melds)
    vecs = [_block_vector(c, b) for b in range(5)]
    own = (ma, th, so, hy, ng)
    best = INF
    target = 2 * (4 - melds) + 1
    for tg_split in _splits(tg, 5):
        for hp_split in _splits(hp, 3):
            ws = [own[b] + tg_split[b] + (hp_split[b] if b < 3 else 0) for b in range(5)]
            acc: tuple[int, ...] = (0,) + (INF,) * 9
            for b in range(5):
                v = tuple(max(0, x - ws[b]) if x < INF else INF for x in vecs[b])
                acc = _merge_raw(acc, v)
            best = min(best, acc[target])
    return best - 1


def _splits(n: int, parts: int) -> Iterator[tuple[int, ...]]:
    if parts == 1:
        yield (n,)
        return
    for i in range(n + 1):
        for rest in _splits(n - i, parts - 1):
            yield (i, *rest)


_suit_info: dict[tuple[int, ...], tuple[int, int]] = {}
_honor_info: dict[tuple[int, ...], tuple[int, int]] = {}


def _orphan_info(t: tuple[int, ...], kinds: Sequence[int]) -> int:
    """Orphan kinds present in a block + 16 if one of them is a pair (summed over blocks)."""
    present = sum(1 for i in kinds if t[i])
    return present + (16 if any(t[i] >= 2 for i in kinds) else 0)


def _suit_info_of(t: tuple[int, ...]) -> tuple[int, int]:
    got = (_suit_vector(t), _orphan_info(t, (0, 8)))
    _suit_info[t] = got
    return got


def _honor_info_of(t: tuple[int, ...]) -> tuple[int, int]:
    got = (_honor_vector(t), _orphan_info(t, range(7)))
    _honor_info[t] = got
    return got


def distance(c: Sequence[int], melds: int = 0, seven_pairs: bool = False) -> int:
    """Shanten-like distance of the concealed tiles ``c`` (flowers and Đại Ho do not count:
    they are set down or discarded): -1 a win, 0 waiting, n tiles more otherwise. The regular
    shape, Xập xám chướng (no exposed phu) and, as an option, seven pairs."""
    if any(c[KHUNG0:]):
        d = khung_distance(c, melds)
        if melds == 0:
            d = min(d, orphans_distance(c))
    else:
        si = _suit_info
        t = tuple(c[0:9])
        a = si.get(t) or _suit_info_of(t)
        t = tuple(c[9:18])
        b = si.get(t) or _suit_info_of(t)
        t = tuple(c[18:27])
        e = si.get(t) or _suit_info_of(t)
        t = tuple(c[27:34])
        h = _honor_info.get(t) or _honor_info_of(t)
        pc = _pair_cache
        k = pc.get((a[0], b[0]))
        if k is None:
            k = _merge(a[0], b[0])
        k2 = pc.get((e[0], h[0]))
        if k2 is None:
            k2 = _merge(e[0], h[0])
        k3 = pc.get((k, k2))
        if k3 is None:
            k3 = _merge(k, k2)
        d = _vectors[k3][2 * (4 - melds) + 1] - 1
        if melds == 0 and d > 0:
            o = a[1] + b[1] + e[1] + h[1]
            o = 12 - (o & 15) if o >= 16 else 13 - (o & 15)
            if o < d:
                d = o
    if seven_pairs and melds == 0:
        d = min(d, seven_pairs_distance(c))
    return d


def best_discards(
    c: Sequence[int], melds: int = 0, seven_pairs: bool = False
) -> tuple[int, list[int]]:
    """For a hand about to discard: the lowest distance after one discard and the kinds whose
    discard reaches it (flowers and Đại Ho first: they never help a hand)."""
    h = list(c)
    best = INF
    kinds: list[int] = []
    for k in range(NUM_KINDS):
        if not h[k]:
            continue
        h[k] -= 1
        d = distance(h, melds, seven_pairs)
        h[k] += 1
        if d < best:
            best, kinds = d, [k]
        elif d == best:
            kinds.append(k)
    return best, kinds
