"""The shanten-like distance of a Mạt chược hand to a win (B.8b), and the best discards.

For each block and each target (``m`` phu, ``p`` pairs) the fewest tiles missing, by a small
dynamic programme over the ranks (the exact "replacement number"), memoised per block on
count tuples; the blocks are combined through interned vectors and a memoised pairwise
minimum. The distance is ``missing - 1`` (-1: a win, 0: waiting), the shanten number of riichi
libraries. Xập xám chướng and (an option) seven pairs are measured apart; khung fill missing
tiles of the blocks of their range.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from chieu.games.matchuoc.analysis import BLOCKS, ORPHANS
from chieu.games.matchuoc.cards import HO, KHUNG0, NUM_BASIC, NUM_KINDS

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


#: (i, j, k): entry i of one block's vector and entry j of another's make entry k of their sum
_TRIPLES = tuple(
    (i, j, 2 * ((i >> 1) + (j >> 1)) + (i & 1) + (j & 1))
    for i in range(10)
    for j in range(10)
    if (i >> 1) + (j >> 1) <= 4 and (i & 1) + (j & 1) <= 1
)


def _merge_raw(a: Sequence[int], b: Sequence[int]) -> tuple[int, ...]:
    out = [INF] * 10
    for i, j, k in _TRIPLES:
        x = a[i] + b[j]
        if x < out[k]:
            out[k] = x
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


def _block_vector(c: Sequence[int], b: int) -> int:
    lo, hi = BLOCKS[b]
    t = tuple(c[lo:hi])
    return _suit_vector(t) if b < 3 else _honor_vector(t)


_lowered: dict[tuple[int, int], int] = {}


def _lower(v: int, w: int) -> int:
    """The vector ``v`` (an interned id) with ``w`` wilds filling missing tiles."""
    got = _lowered.get((v, w))
    if got is None:
        got = _lowered[(v, w)] = _intern(
            tuple(max(0, x - w) if x < INF else INF for x in _vectors[v])
        )
    return got


_khung_memo: dict[bytes, int] = {}
_KHUNG_MEMO_SIZE = 250_000


def khung_distance(c: Sequence[int], melds: int = 0) -> int:
    """Shanten of the regular shape with khung as wilds: each khung in a block's range fills
    one missing tile of that block (a fifth copy allowed). Memoised on the whole hand (the
    search bot's playouts ask for the same hands again and again)."""
    w = c[KHUNG0:]
    tg, th, so, ma, hy, ng, hp = w[0], w[1], w[2], w[3], w[5], w[6], w[7]
    if not (tg or th or so or ma or hy or ng or hp):
        return regular_distance(c, melds)
    key = bytes((*c, melds))
    got = _khung_memo.get(key)
    if got is None:
        if len(_khung_memo) >= _KHUNG_MEMO_SIZE:
            _khung_memo.clear()
        got = _khung_memo[key] = _khung_distance(c, melds, tg, hp, (ma, th, so, hy, ng))
    return got


def _khung_distance(c: Sequence[int], melds: int, tg: int, hp: int, own: tuple[int, ...]) -> int:
    vecs = [_block_vector(c, b) for b in range(5)]
    best = INF
    target = 2 * (4 - melds) + 1
    for tg_split in _splits(tg, 5):
        for hp_split in _splits(hp, 3):
            acc = _lower(vecs[0], own[0] + tg_split[0] + hp_split[0])
            for b in range(1, 5):
                acc = _merge(
                    acc, _lower(vecs[b], own[b] + tg_split[b] + (hp_split[b] if b < 3 else 0))
                )
            best = min(best, _vectors[acc][target])
    return best - 1


_split_cache: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}


def _splits(n: int, parts: int) -> tuple[tuple[int, ...], ...]:
    """Every way to share ``n`` wilds among ``parts`` blocks (memoised)."""
    got = _split_cache.get((n, parts))
    if got is None:
        got = _split_cache[(n, parts)] = tuple(_each_split(n, parts))
    return got


def _each_split(n: int, parts: int) -> Iterator[tuple[int, ...]]:
    if parts == 1:
        yield (n,)
        return
    for i in range(n + 1):
        for rest in _each_split(n - i, parts - 1):
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


__all__ = [
    "best_discards",
    "distance",
    "khung_distance",
    "orphans_distance",
    "regular_distance",
    "seven_pairs_distance",
]
