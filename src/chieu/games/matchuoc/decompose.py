"""Every way to read a Mạt chược hand as phu and one pair, khung substituted (``Group``,
``decompositions``): what the scoring reads a winning hand as.

Each khung stands for a tile of its range, narrowest range first (its own block, then Hợp in
the suited blocks, then Tổng); an all-khung group takes one representative tile per role.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from chieu.games.matchuoc.analysis import runs_through
from chieu.games.matchuoc.cards import (
    FLOWER0,
    HO,
    HONOR0,
    HP,
    HY,
    KHUNG0,
    MA,
    NG,
    NUM_BASIC,
    SO,
    TG,
    TH,
)

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
        for slots, reals in runs_through(c, i, i - i % 9):
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


__all__ = ["Group", "decompositions"]
