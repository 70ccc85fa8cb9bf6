"""The machinery of the Tổ tôm partition searches: packed count vectors, orphans, search
entries and the per-reading option tables with their memos.

The searches (``partition``: the best partition; ``analysis``: the search with a joker, for the
waits) work on count vectors packed into one int (4 bits per kind). A count vector with an
*orphan* (a held numbered card in no phu within the vector, a few bit operations) has no
partition. The partitions found are *entries* sharing their tails; the memos of one lưng
reading live in its ``_Tables`` (``cache_clear`` forgets them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeAlias

from chieu.games.totom.cards import CC, NUM_KINDS, kind_of, rank_of, suit_of
from chieu.games.totom.phu import (
    _BY_LOW,
    ALL_PHU,
    KHAN,
    LONE,
    NAMED,
    PHONG,
    QUAD,
    Phu,
    S,
    V,
    W,
    _needs,
)
from chieu.games.totom.rules import Rules

# -- packed count vectors ----------------------------------------------------------------------
#
# The searches work on a count vector packed into one int: 4 bits per kind (kind k at bits
# 4k..4k+3, a count 0..4). Whether ``c`` holds the needs ``n`` of a phu is then a borrow test
# (``((c | _HIGH) - n) & _HIGH == _HIGH``), taking them is ``c - n``, and the lowest held kind
# is the lowest set bit. The ints are also the memo keys.

_LOW = sum(1 << 4 * k for k in range(NUM_KINDS))  # bit 0 of every field
_HIGH = _LOW << 3  # the guard bit of every field
_SEVENS = 7 * _LOW
_SIXES = 6 * _LOW
_FIVES = 5 * _LOW
_FOURS = 4 * _LOW
_NUMBERED = sum(1 << 4 * k for k in range(CC))
_RUN_START = sum(1 << 4 * k for k in range(CC) if rank_of(k) <= 7)
_BI_START = sum(1 << 4 * k for k in range(CC) if suit_of(k) == V)
_KEY_SHIFT = 4 * NUM_KINDS
_KEY_SHIFT2 = 2 * _KEY_SHIFT


def _pack(counts: Sequence[int]) -> int:
    """The packed count vector (counts up to 7; a hand holds at most 4 of a kind)."""
    s = 0
    for k, n in enumerate(counts):
        s |= n << 4 * k
    return s


def _pack_needs(needs: tuple[tuple[int, int], ...]) -> int:
    return sum(m << 4 * k for k, m in needs)


def _fields(s: int) -> int:
    """All four bits of every field of ``s`` that is not 0 (counts up to 8)."""
    return (((s + 7 * _LOW) & _HIGH) >> 3) * 15


def _mask(cards: Sequence[int]) -> int:
    return sum(1 << 4 * k for k in set(cards))


_NAMED_MASKS = tuple(_mask(p.cards) for p in NAMED)
_NAMED_KINDS = _mask([k for p in NAMED for k in p.cards])


def _orphans(
    s: int,
    sevens: int = 7 * _LOW,
    fives: int = 5 * _LOW,
    high: int = _HIGH,
    run_start: int = _RUN_START,
    bi_start: int = _BI_START,
    numbered: int = _NUMBERED,
    named_kinds: int = _NAMED_KINDS,
    exact: bool = True,
) -> int:
    """The numbered kinds held in ``s`` that no phu within ``s`` contains (as field bits).

    A held card must be in some phu, so ``s`` has no partition when this is not 0. Presence
    is enough: every run of ≥ 3 cards holding a kind holds a 3-card window with it, a 4-card
    phu bí holds the 3-card one, and a kind held three times or more is a khàn. With
    ``exact=False`` only whether there is an orphan counts (the set may be too big). (The
    other defaults only make the constants local.)"""
    p = ((s + sevens) & high) >> 3
    runs = p & p >> 12 & p >> 24 & run_start
    bis = p & p >> 4 & p >> 8 & bi_start
    left = p & numbered & ~(runs | runs << 12 | runs << 24 | bis | bis << 4 | bis << 8)
    if left:
        left &= ~(((s + fives) & high) >> 3)  # three or four identical cards
        if left and (exact or not left & ~named_kinds):
            for m in _NAMED_MASKS:
                if left & m and p & m == m:
                    left &= ~m
    return left


# A partition found by the searches is an *entry* ``(lưng, phu, rest)``: its first phu and the
# entry of the rest (shared with the sub-problem's memo, no copying), ending with ``_END``.
# The phu are numbers in the searches (``_PHUS[i]``): entries holding only numbers are left
# alone by the garbage collector.
_Entry: TypeAlias = tuple[int, int, "_Entry | None"]
_END: _Entry = (0, -1, None)
_PHUS: list[Phu] = []
_PHU_NUMBER: dict[int, int] = {}  # id(phu) -> its number (the table phu live for good)


def _number(phu: Phu) -> int:
    n = _PHU_NUMBER.get(id(phu))
    if n is None:
        n = _PHU_NUMBER[id(phu)] = len(_PHUS)
        _PHUS.append(phu)
    return n


Pareto = dict[int, _Entry]  # {partition points: entry}
# the joker search: {joker kind << _X_SHIFT | partition points: entry}
JPareto = dict[int, _Entry]
_X_SHIFT = 8  # partition points stay below 2**8 (at most 4 tôm, 4 lèo and a xuyên)
_EMPTY: Pareto = {0: _END}
_NONE: Pareto = {}  # no partition (shared: never changed)
_CACHE_MAX = 400_000

# an option: (phu number, packed needs, lưng 0/1, points)
_Opt = tuple[int, int, int, int]
# a joker option: (phu number, the joker's kind << _X_SHIFT, packed needs of the held cards,
# lưng 0/1, points)
_JOpt = tuple[int, int, int, int, int]

# joker groups: per held kind k, every (phu, joker kind x, held needs) where the phu contains k,
# every member other than the joker is held, and no held member is below k
_JOKER: list[list[tuple[Phu, int, tuple[tuple[int, int], ...], bool]]] = [
    [] for _ in range(NUM_KINDS)
]
for _p in ALL_PHU:
    for _x in sorted(set(_p.cards)):
        _rest = list(_p.cards)
        _rest.remove(_x)
        _low = min(_rest)
        _xuyen = (
            _p.type == "doc" and len(_p.cards) == 5 and _p.cards[2] == _x
        )  # the joker is the middle card of a 5-card run
        _JOKER[_low].append((_p, _x, _needs(_rest), _xuyen))


@dataclass(slots=True)
class _Tables:
    """The phu options of one lưng reading, per lowest kind, and that reading's memos.

    ``avail[k]`` / ``javail[k]`` memoise the options held, in the search order, per pattern
    around ``k``: which kinds of the options are held (the field bits ``rel[k]`` /
    ``jrel[k]``; they need one card each) and the counts of ``k``'s rank (``rank[k]``: the
    identical groups and the phu bí with a duplicate need more)."""

    by_low: list[list[_Opt]]
    joker: list[list[_JOpt]]
    lone: list[_Opt | None]
    khan: list[_Opt]
    phong: list[_Opt]
    quad: list[_Opt]
    rel: list[int]
    jrel: list[int]
    rank: list[int]
    avail: list[dict[int, list[_Opt]]]
    javail: list[dict[int, list[_JOpt]]]
    cache: dict[int, Pareto] = field(default_factory=dict)
    jcache: dict[int, JPareto] = field(default_factory=dict)
    node: list[tuple[dict[int, list[_Opt]], int, int]] = field(default_factory=list)
    jnode: list[tuple[dict[int, list[_JOpt]], int, int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        """``node[k]`` / ``jnode[k]``: ``(avail[k], rel[k], rank[k])`` (the joker's)."""
        self.node = list(zip(self.avail, self.rel, self.rank, strict=True))
        self.jnode = list(zip(self.javail, self.jrel, self.rank, strict=True))

    def clear(self) -> None:
        """Forget every partition found. ``avail`` / ``javail`` stay: they depend only on the
        pattern around a kind (a bounded set of keys), never on a hand, like a table built at
        import that is filled in as patterns are met."""
        self.cache.clear()
        self.jcache.clear()

    def options(self, s: int, k: int, phong: int) -> list[_Opt]:
        """The phu whose lowest kind is ``k`` held in ``s``, in the search order: a lone yêu,
        the identical triple (a phỗng when ``k`` is ``phong``), the four, then ``by_low``."""
        n = s >> 4 * k & 15
        out: list[_Opt] = []
        lone = self.lone[k]
        if lone is not None:
            out.append(lone)
        if n >= 3:
            out.append(self.phong[k] if k == phong else self.khan[k])
        if n >= 4:
            out.append(self.quad[k])
        sh = s | _HIGH
        out += [o for o in self.by_low[k] if (sh - o[1]) & _HIGH == _HIGH]
        return out

    def joker_options(self, s: int, k: int, three: bool) -> list[_JOpt]:
        """The phu holding the joker and ``k`` (and no lower held kind) that ``s`` completes:
        the identical triple (a khàn when ``k`` was held three times in the whole hand, else
        a phỗng), the four, then ``joker``."""
        n = s >> 4 * k & 15
        out: list[_JOpt] = []
        if n >= 2:
            triple = self.khan[k] if three else self.phong[k]
            out.append((triple[0], k << _X_SHIFT, 2 << 4 * k, triple[2], triple[3]))
        if n >= 3:
            quad = self.quad[k]
            out.append((quad[0], k << _X_SHIFT, 3 << 4 * k, quad[2], quad[3]))
        sh = s | _HIGH
        out += [o for o in self.joker[k] if (sh - o[2]) & _HIGH == _HIGH]
        return out


def _build_tables(rules: Rules) -> _Tables:
    def opt(phu: Phu) -> _Opt:
        return (_number(phu), _pack_needs(_needs(phu.cards)), int(phu.is_lung(rules)), phu.points)

    by_low = [[opt(p) for p, _ in lst] for lst in _BY_LOW]
    joker = [
        [
            (
                _number(p),
                x << _X_SHIFT,
                _pack_needs(nd),
                int(p.is_lung(rules)),
                p.points + (1 if xuyen else 0),
            )
            for p, x, nd, xuyen in lst
        ]
        for lst in _JOKER
    ]
    lone: list[_Opt | None] = [opt(LONE[k]) if k in LONE else None for k in range(NUM_KINDS)]
    rel = [0] * NUM_KINDS
    jrel = [0] * NUM_KINDS
    rank = [15 << 4 * k for k in range(NUM_KINDS)]
    for k in range(NUM_KINDS):
        if k < CC:
            rank[k] = sum(15 << 4 * kind_of(rank_of(k), su) for su in (V, S, W))
        for o in by_low[k]:
            rel[k] |= _fields(o[1]) & _LOW & ~rank[k]
            assert not o[1] & ~rank[k] & ~_LOW, "only the rank of k needs two cards"
        for j in joker[k]:
            jrel[k] |= _fields(j[2]) & _LOW & ~rank[k]
            assert not j[2] & ~rank[k] & ~_LOW, "only the rank of k needs two cards"
    return _Tables(
        by_low,
        joker,
        lone,
        [opt(KHAN[k]) for k in range(NUM_KINDS)],
        [opt(PHONG[k]) for k in range(NUM_KINDS)],
        [opt(QUAD[k]) for k in range(NUM_KINDS)],
        rel,
        jrel,
        rank,
        [{} for _ in range(NUM_KINDS)],
        [{} for _ in range(NUM_KINDS)],
    )


_TABLES: dict[str, _Tables] = {}


def _tables(rules: Rules) -> _Tables:
    t = _TABLES.get(rules.lung_reading)
    if t is None:
        t = _TABLES[rules.lung_reading] = _build_tables(rules)
    return t


#: groups as linked pairs ``(phu, rest)``, ending with ``()`` (the tests' reference search)
Linked: TypeAlias = tuple[Phu, "Linked"] | tuple[()]


def _flat(groups: Linked) -> tuple[Phu, ...]:
    """The groups of linked pairs ``(phu, rest)``."""
    out: list[Phu] = []
    while groups:
        out.append(groups[0])
        groups = groups[1]
    return tuple(out)


def _groups(e: _Entry) -> tuple[Phu, ...]:
    """The groups of a search entry ``(lưng, phu, rest)``."""
    out: list[Phu] = []
    rest: _Entry | None = e
    while rest is not None and rest[1] >= 0:  # ``_END`` (-1) ends every entry
        out.append(_PHUS[rest[1]])
        rest = rest[2]
    return tuple(out)


def cache_clear() -> None:
    for t in _TABLES.values():
        t.clear()


__all__ = ["JPareto", "Pareto", "cache_clear"]
