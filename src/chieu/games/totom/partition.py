"""The best partition of a Tổ tôm hand into phu, and the verdict on a win (``check_win``).

The search takes the lowest kind still held in a packed count vector (``packed``), tries every
phu whose lowest kind it is, in a fixed order, and recurses. Results are memoised (per lưng
reading) on ``(counts, phỗng kind)`` and are Pareto sets ``{partition points: (lưng, first
phu, the rest's entry)}`` (the rest's entry is the sub-problem's own, shared, never copied)
where the partition points are the cước that depend on the partition (có tôm +1, có lèo +2
each). The best partition has the most points, then the most lưng (B4.5); among equally good
ones, the first found in that order. A count vector with an orphan is not searched: it has no
partition. ``tests/games/totom/test_waits_speed_equivalence.py`` keeps the first, unpruned
implementation and checks that every answer, down to the partition, is the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from chieu.games.totom.cards import CC, rank_of, suit_of
from chieu.games.totom.packed import (
    _BI_START,
    _CACHE_MAX,
    _EMPTY,
    _FIVES,
    _HIGH,
    _KEY_SHIFT,
    _KEY_SHIFT2,
    _NAMED_KINDS,
    _NAMED_MASKS,
    _NONE,
    _NUMBERED,
    _RUN_START,
    _SEVENS,
    Pareto,
    _groups,
    _pack,
    _Tables,
    _tables,
)
from chieu.games.totom.phu import KHAN, NAMED, PHONG, QUAD, Phu, PhuJson, _k, _needs
from chieu.games.totom.rules import Rules


def _prune(found: Pareto) -> Pareto:
    """Keep only entries not dominated by one with more points and at least as many lưng."""
    out: Pareto = {}
    best_lung = -1
    for p in sorted(found, reverse=True):
        e = found[p]
        if e[0] > best_lung:
            out[p] = e
            best_lung = e[0]
    return out


def _solve(s: int, phong: int, t: _Tables) -> Pareto:
    """The Pareto set of partitions of the packed counts ``s`` into phu; three identical
    cards of kind ``phong`` are a phỗng triple (no lưng), any other a khàn."""
    if not s:
        return _EMPTY
    tag = (phong + 1) << _KEY_SHIFT
    hit = t.cache.get(s | tag)
    if hit is not None:
        return hit
    return _search(s, tag, phong, t)


def _search(s: int, tag: int, phong: int, t: _Tables) -> Pareto:
    """``_solve(s, phong, t)`` when the memo does not hold it (``tag``: the high bits of the
    memo key, ``(phong + 1) << _KEY_SHIFT``)."""
    if not s:
        return _EMPTY
    # _orphans(s, exact=False), inline
    present = ((s + _SEVENS) & _HIGH) >> 3
    runs = present & present >> 12 & present >> 24 & _RUN_START
    bis = present & present >> 4 & present >> 8 & _BI_START
    left = present & _NUMBERED & ~(runs | runs << 12 | runs << 24 | bis | bis << 4 | bis << 8)
    if left:
        left &= ~(((s + _FIVES) & _HIGH) >> 3)
        if left and not left & ~_NAMED_KINDS:
            for m in _NAMED_MASKS:
                if left & m and present & m == m:
                    left &= ~m
    if left:
        found = _NONE
    else:
        found = {}
        k = ((s & -s).bit_length() - 1) >> 2
        avail, rel, rank = t.node[k]
        akey = present & rel | (s & rank) << _KEY_SHIFT | (k == phong) << _KEY_SHIFT2
        opts = avail.get(akey)
        if opts is None:
            opts = avail[akey] = t.options(s, k, phong)
        for phu, need, lung, pts in opts:
            r = s - need
            if r:
                sub = t.cache.get(r | tag)  # the child's memo key
                if sub is None:
                    sub = _search(r, tag, phong, t)
                if not sub:
                    continue
            else:
                sub = _EMPTY
            for p, e in sub.items():
                np = p + pts
                nl = e[0] + lung
                old = found.get(np)
                if old is None or old[0] < nl:
                    found[np] = (nl, phu, e)
        if len(found) > 1:
            found = _prune(found)
    cache = t.cache
    if len(cache) >= _CACHE_MAX:
        cache.clear()
    cache[s | tag] = found
    return found


def _solve_counts(counts: Sequence[int], phong: int, rules: Rules) -> Pareto:
    return _solve(_pack(counts), phong, _tables(rules))


def partitions(
    counts: Sequence[int], rules: Rules, phong: int = -1
) -> dict[int, tuple[int, tuple[Phu, ...]]]:
    """The Pareto set of partitions of ``counts`` into phu (empty when there is none):
    ``{partition points: (lưng, groups)}``."""
    return {p: (e[0], _groups(e)) for p, e in _solve_counts(counts, phong, rules).items()}


@dataclass(frozen=True, slots=True)
class Partition:
    """A complete partition of the winning hand (its ``groups``) and what it is worth."""

    groups: tuple[Phu, ...]
    lung: int
    points: int  # partition-dependent cước points (tôm, lèo, xuyên)
    xuyen: bool = False

    def count(self, name: str) -> int:
        return sum(1 for g in self.groups if g.name == name)

    def to_json(self) -> list[PhuJson]:
        return [g.to_json() for g in self.groups]


@dataclass(frozen=True, slots=True)
class WinCheck:
    """The verdict on 21 cards: the best valid partition (``best``), else the best complete
    shape with too few lưng (``shape``: thiếu lưng), else neither (bất thành phu)."""

    best: Partition | None
    shape: Partition | None

    @property
    def win(self) -> bool:
        return self.best is not None

    @property
    def complete(self) -> bool:
        return self.best is not None or self.shape is not None


def _candidates(
    counts: list[int], win: int | None, rules: Rules
) -> list[tuple[int, int, tuple[Phu, ...], bool]]:
    """(points, lưng, groups, xuyên) of the Pareto-best partitions of every kind."""
    out: list[tuple[int, int, tuple[Phu, ...], bool]] = []

    def add(sub: Pareto, first: tuple[Phu, ...], xuyen: bool = False) -> None:
        base_pts = sum(g.points for g in first) + (1 if xuyen else 0)
        base_lung = sum(1 for g in first if g.is_lung(rules))
        for p, e in sub.items():
            out.append((p + base_pts, e[0] + base_lung, (*first, *_groups(e)), xuyen))

    if win is None:
        add(_solve_counts(counts, -1, rules), ())
        return out
    phong = win if counts[win] == 3 else -1
    if win >= CC:
        # the winning yêu must join a phu of ≥ 2 cards (B4.3 winning-card constraint)
        options: list[Phu] = [p for p in NAMED if win in p.cards]
        if counts[win] >= 3:
            options.append(PHONG[win] if counts[win] == 3 else KHAN[win])
        if counts[win] == 4:
            options.append(QUAD[win])
        for phu in options:
            needs = _needs(phu.cards)
            if all(counts[kk] >= m for kk, m in needs):
                for kk, m in needs:
                    counts[kk] -= m
                add(_solve_counts(counts, -1, rules), (phu,))
                for kk, m in needs:
                    counts[kk] += m
        return out
    add(_solve_counts(counts, phong, rules), ())
    r, s = rank_of(win), suit_of(win)
    if 3 <= r <= 7:
        run = tuple(_k(r + d, s) for d in (-2, -1, 0, 1, 2))
        if all(counts[kk] >= 1 for kk in run):
            for kk in run:
                counts[kk] -= 1
            add(_solve_counts(counts, -1, rules), (Phu(run, "doc"),), xuyen=True)
            for kk in run:
                counts[kk] += 1
    return out


_TYPE_ORDER = {"named": 0, "thien_khai": 1, "khan": 2, "bi": 3, "yeu": 4, "doc": 5, "phong": 6}


def _order_key(g: Phu) -> tuple[int, tuple[int, ...]]:
    return (_TYPE_ORDER[g.type], g.cards)


def _order(groups: tuple[Phu, ...]) -> tuple[Phu, ...]:
    return tuple(sorted(groups, key=_order_key))


def check_win(
    counts: Sequence[int],
    win: int | None,
    rules: Rules,
    *,
    fixed: Sequence[Phu] = (),
) -> WinCheck:
    """Judge ``counts`` (the 21 cards, or the held cards when ``fixed`` phu lie on the mat)
    won on ``win`` (None: unknown). The best valid partition has the most points, then the
    most lưng (B4.5); ``fixed`` phu are part of every partition."""
    c = list(counts)
    cands = _candidates(c, win, rules)
    extra_lung = sum(1 for g in fixed if g.is_lung(rules))
    extra_pts = sum(g.points for g in fixed)
    best: tuple[int, int, tuple[Phu, ...], bool] | None = None
    shape: tuple[int, int, tuple[Phu, ...], bool] | None = None
    for p, lung, groups, xuyen in cands:
        item = (p + extra_pts, lung + extra_lung, groups, xuyen)
        if item[1] >= rules.min_lung:
            if best is None or (item[0], item[1]) > (best[0], best[1]):
                best = item
        elif shape is None or (item[1], item[0]) > (shape[1], shape[0]):
            shape = item

    def part(x: tuple[int, int, tuple[Phu, ...], bool] | None) -> Partition | None:
        if x is None:
            return None
        return Partition(_order((*fixed, *x[2])), x[1], x[0], x[3])

    return WinCheck(part(best), part(shape) if best is None else None)


def is_complete(hand: Sequence[int], rules: Rules, *, fixed: Sequence[Phu] = ()) -> bool:
    """Bài thành (B4.3): the cards already all in phu with enough lưng."""
    return check_win(hand, None, rules, fixed=fixed).best is not None


__all__ = ["Partition", "WinCheck", "check_win", "is_complete", "partitions"]
