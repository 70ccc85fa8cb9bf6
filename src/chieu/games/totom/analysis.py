"""Tổ tôm hand analysis: phu, lưng, the best partition of a winning hand, and waits.

A *phu* (B4.1) is a run (phu dọc), a phu bí (one rank, all three suits, at most one duplicate),
a named lưng (B4.2), an identical triple (a dealt khàn, or a phỗng triple when it takes the
winning card), four identical cards (thiên khai / dậy khàn) or a lone yêu. Which phu count as
lưng depends on the reading (``Rules.lung_reading``, B4.3).

The partition search works on count vectors packed into one int (4 bits per kind): it takes
the lowest kind still held, tries every phu whose lowest kind it is, in a fixed order, and
recurses. Results are memoised (per lưng reading) on ``(counts, phỗng kind)`` and are Pareto
sets ``{partition points: (lưng, first phu, the rest's entry)}`` (the rest's entry is the
sub-problem's own, shared, never copied) where the partition points are the cước that depend
on the partition (có tôm +1, có lèo +2 each); the search with a joker keys one flat dict by
``joker kind << 8 | points``. The best partition has the most points, then the most lưng
(B4.5); among equally good ones, the first found in that order.

Pruning never changes an answer, only skips searches that find nothing: a count vector with
an *orphan* (a held numbered card in no phu within the vector, a few bit operations) has no
partition, and in the search with a joker (``waits``) every copy of every orphan must be in
the joker's phu. ``tests/games/totom/test_waits_speed_equivalence.py`` keeps the first,
unpruned implementation and checks that every answer, down to the partition, is the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from chieu.games.totom.cards import CC, KINDS, NUM_KINDS, OL, TT, YEU, kind_of, rank_of, suit_of
from chieu.games.totom.rules import Rules

V, S, W = 0, 1, 2


@dataclass(frozen=True, slots=True)
class Phu:
    """One phu: its cards (sorted kinds) and its type.

    ``type`` is ``doc`` (run), ``bi``, ``named`` (a named lưng: ``name`` says which),
    ``khan`` (three identical dealt), ``phong`` (three identical, the third taken by phỗng),
    ``thien_khai`` (four identical: dealt, or a khàn raised by its 4th card) or ``yeu``.
    """

    cards: tuple[int, ...]
    type: str
    name: str = ""

    def is_lung(self, rules: Rules) -> bool:
        t = self.type
        if t in ("named", "khan", "thien_khai"):
            return True
        if t == "bi":
            return rules.bi_is_lung
        if t == "yeu":
            return rules.yeu_is_lung
        return False

    @property
    def points(self) -> int:
        """Partition-dependent cước points: có tôm +1, có lèo +2 (B5.1)."""
        return 1 if self.name == "tom" else 2 if self.name == "leo" else 0

    def codes(self) -> list[str]:
        return [KINDS.codes[k] for k in self.cards]

    def label(self) -> str:
        return " ".join(self.codes())

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"cards": self.codes(), "type": self.type}
        if self.name:
            out["name"] = self.name
        return out


NAMED_NAMES = {
    "tom": "tôm",
    "leo": "lèo",
    "nhat_nhi_tam": "nhất nhị tam văn",
    "cuu_van_nhat": "cửu văn nhất vạn nhất sách",
    "bat_van_nhi": "bát văn nhị vạn nhị sách",
    "cuu_cuu_thang": "cửu vạn cửu sách thang thang",
    "cuu_thang_lao": "cửu sách thang thang ông lão",
}
PHU_TYPE_NAMES = {
    "doc": "phu dọc",
    "bi": "phu bí",
    "named": "lưng",
    "khan": "khàn",
    "phong": "phỗng",
    "thien_khai": "thiên khai",
    "yeu": "yêu",
}


def _k(rank: int, suit: int) -> int:
    return kind_of(rank, suit)


def _named() -> list[Phu]:
    out = [
        Phu(tuple(sorted((_k(9, W), _k(1, V), _k(1, S)))), "named", "cuu_van_nhat"),
        Phu(tuple(sorted((_k(8, W), _k(2, V), _k(2, S)))), "named", "bat_van_nhi"),
        Phu(tuple(sorted((_k(7, W), _k(3, V), _k(3, S)))), "named", "tom"),
        Phu((_k(1, W), _k(2, W), _k(3, W)), "named", "nhat_nhi_tam"),
        Phu(tuple(sorted((_k(9, V), _k(8, S), CC))), "named", "leo"),
        Phu(tuple(sorted((_k(9, V), _k(9, S), TT))), "named", "cuu_cuu_thang"),
        Phu(tuple(sorted((_k(9, S), TT, OL))), "named", "cuu_thang_lao"),
    ]
    return out


NAMED: tuple[Phu, ...] = tuple(_named())
TOM = NAMED[2]
LEO = NAMED[4]


def _all_phu() -> list[Phu]:
    """Every phu shape except identical groups and lone yêu (those are built on the fly)."""
    out: list[Phu] = list(NAMED)
    for s in (V, S, W):
        for length in range(3, 10):
            for r in range(1, 11 - length):
                cards = tuple(_k(r + i, s) for i in range(length))
                if cards == NAMED[3].cards:
                    continue  # 1W2W3W is the named lưng
                out.append(Phu(cards, "doc"))
    for r in range(1, 10):
        base = (_k(r, V), _k(r, S), _k(r, W))
        out.append(Phu(base, "bi"))
        for dup in base:
            out.append(Phu(tuple(sorted((*base, dup))), "bi"))
    return out


ALL_PHU: tuple[Phu, ...] = tuple(_all_phu())
KHAN = tuple(Phu((k, k, k), "khan") for k in range(NUM_KINDS))
PHONG = tuple(Phu((k, k, k), "phong") for k in range(NUM_KINDS))
QUAD = tuple(Phu((k, k, k, k), "thien_khai") for k in range(NUM_KINDS))
LONE = {y: Phu((y,), "yeu") for y in YEU}


def _needs(cards: Sequence[int]) -> tuple[tuple[int, int], ...]:
    c: dict[int, int] = {}
    for k in cards:
        c[k] = c.get(k, 0) + 1
    return tuple(sorted(c.items()))


# per lowest kind: (phu, needs)
_BY_LOW: list[list[tuple[Phu, tuple[tuple[int, int], ...]]]] = [[] for _ in range(NUM_KINDS)]
for _p in ALL_PHU:
    _BY_LOW[min(_p.cards)].append((_p, _needs(_p.cards)))

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
_Entry = tuple[int, int, Any]
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


def _flat(groups: Any) -> tuple[Phu, ...]:
    """The groups of linked pairs ``(phu, rest)``."""
    out: list[Phu] = []
    while groups:
        out.append(groups[0])
        groups = groups[1]
    return tuple(out)


def _groups(e: _Entry) -> tuple[Phu, ...]:
    """The groups of a search entry ``(lưng, phu, rest)``."""
    out: list[Phu] = []
    while e[1] >= 0:
        out.append(_PHUS[e[1]])
        e = e[2]
    return tuple(out)


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

    def to_json(self) -> list[dict[str, object]]:
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


def _needs_minus(cards: Sequence[int], x: int) -> tuple[tuple[int, int], ...]:
    rest = list(cards)
    rest.remove(x)
    return _needs(rest)


# per kind: every phu shape containing it, as (cards, needs, [(x, needs without x)])
_CONTAINING: list[
    list[tuple[tuple[int, ...], tuple[tuple[int, int], ...], tuple[tuple[int, Any], ...]]]
] = [[] for _ in range(NUM_KINDS)]
for _p in ALL_PHU:
    _entry = (
        _p.cards,
        _needs(_p.cards),
        tuple((x, _needs_minus(_p.cards, x)) for x in sorted(set(_p.cards))),
    )
    for _kk in set(_p.cards):
        _CONTAINING[_kk].append(_entry)
for _lst in _CONTAINING:
    _lst.sort(key=lambda e: len(e[0]))  # the small phu first: a fit is found sooner


def rescuers(hand: Sequence[int]) -> frozenset[int] | None:
    """The only kinds that can complete ``hand`` when some held card is an *orphan* (a numbered
    card in no phu within the hand); None when there is no orphan (any kind may).

    Every copy of every orphan must share the one phu that takes the extra card."""
    return _rescuers(hand, _pack(hand))


def _rescuers(hand: Sequence[int], s: int) -> frozenset[int] | None:
    """``rescuers`` of ``hand``, packed as ``s``."""
    bits = _orphans(s)
    if not bits:
        return None
    orphans = []
    while bits:
        low = bits & -bits
        orphans.append((low.bit_length() - 1) >> 2)
        bits ^= low
    out: set[int] = set()
    if len(orphans) == 1 and hand[orphans[0]] == 2:
        out.add(orphans[0])  # the pair becomes an identical triple
    for cards, needs, _ in _CONTAINING[orphans[0]]:
        short = -1
        for kk, m in needs:
            gap = m - hand[kk]
            if gap > 0:
                if gap > 1 or short >= 0:
                    break
                short = kk
        else:
            # one card short of this phu: it takes ``short``; it must hold every orphan copy
            if short >= 0 and all(cards.count(o) >= hand[o] for o in orphans):
                out.add(short)
    return frozenset(out)


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

# every phu shape (identical groups included) less one card, the joker, packed
_JOKER_RESTS = sorted(
    {
        _pack_needs(_needs_minus(cards, x))
        for cards in [p.cards for p in ALL_PHU] + [(k,) * n for k in range(CC) for n in (3, 4)]
        for x in set(cards)
    }
)
_COVERABLE: dict[int, bool] = {}


def _coverable(held: int) -> bool:
    """Whether the packed cards ``held`` fit in one phu with the joker (the kinds no phu
    within a hand contains must all join the joker's phu)."""
    got = _COVERABLE.get(held)
    if got is None:
        got = _COVERABLE[held] = any(((r | _HIGH) - held) & _HIGH == _HIGH for r in _JOKER_RESTS)
    return got


def _solve_joker(s: int, threes: int, t: _Tables) -> JPareto:
    """Partitions of the packed held cards ``s`` plus one joker (the winning card): for every
    kind ``x`` the joker may be, the Pareto set of its partitions, as entries keyed by
    ``x << _X_SHIFT | points``. ``threes`` marks the kinds held three times in the whole hand
    (a triple completed by the joker is then a khàn's fourth card story, else a phỗng) by
    the top bit (8) of their field, above any count; the memo key keeps only the kinds held
    twice or more in ``s`` (``threes & (s + _SIXES)``), the only ones a joker triple may
    still use below ``s``."""
    if not s:
        return _NONE
    key = s | (threes & (s + _SIXES)) << _KEY_SHIFT
    hit = t.jcache.get(key)
    if hit is not None:
        return hit
    return _jsearch(s, threes, key, t)


def _jsearch(s: int, threes: int, key: int, t: _Tables) -> JPareto:
    """``_solve_joker(s, threes, t)`` when the memo does not hold it (its memo key ``key``)."""
    k = ((s & -s).bit_length() - 1) >> 2
    jcache = t.jcache
    # _orphans(s) (exact), inline
    present = ((s + _SEVENS) & _HIGH) >> 3
    runs = present & present >> 12 & present >> 24 & _RUN_START
    bis = present & present >> 4 & present >> 8 & _BI_START
    orphans = present & _NUMBERED & ~(runs | runs << 12 | runs << 24 | bis | bis << 4 | bis << 8)
    held = 0
    if orphans:
        orphans &= ~(((s + _FIVES) & _HIGH) >> 3)
        if orphans:
            for m in _NAMED_MASKS:
                if orphans & m and present & m == m:
                    orphans &= ~m
            orphans *= 15
            held = s & orphans
            if held and not _coverable(held):
                jcache[key] = _NONE
                return _NONE
    out: JPareto = {}
    avail, rel, rank = t.node[k]
    counts = (s & rank) << _KEY_SHIFT
    akey = present & rel | counts
    plain = avail.get(akey)
    if plain is None:
        plain = avail[akey] = t.options(s, k, -1)
    for phu, need, lung, pts in plain:
        r = s - need
        if not r:
            continue
        ckey = r | (threes & (r + _SIXES)) << _KEY_SHIFT  # the child's memo key
        child = jcache.get(ckey)
        if child is None:
            child = _jsearch(r, threes, ckey, t)
        for xp, e in child.items():
            np = xp + pts
            nl = e[0] + lung
            old = out.get(np)
            if old is None or old[0] < nl:
                out[np] = (nl, phu, e)
    # the joker joins the lowest held kind's phu; it must take every copy of every held kind
    # that no phu within ``s`` contains (an orphan)
    javail, jrel, _ = t.jnode[k]
    three = threes >> 4 * k & 8
    jkey = present & jrel | counts | three << _KEY_SHIFT2
    jopts = javail.get(jkey)
    if jopts is None:
        jopts = javail[jkey] = t.joker_options(s, k, bool(three))
    cache = t.cache
    for phu, xs, need, lung, pts in jopts:
        if orphans and need & orphans != held:
            continue
        r = s - need
        sub = cache.get(r)  # the memo key of ``_solve(r, -1, t)``
        if sub is None:
            sub = _search(r, 0, -1, t)
        if not sub:
            continue
        xs += pts
        for p, e in sub.items():
            np = xs + p
            nl = e[0] + lung
            old = out.get(np)
            if old is None or old[0] < nl:
                out[np] = (nl, phu, e)
    # not pruned (cheaper): an entry dominated by one of the same joker kind with more points
    # and as many lưng stays dominated in every parent, so it is never the chosen partition,
    # nor the first found with the most lưng for its points on the chosen one's path
    if len(jcache) >= _CACHE_MAX:
        jcache.clear()
    jcache[key] = out
    return out


def waits(hand: Sequence[int], rules: Rules, *, fixed: Sequence[Phu] = ()) -> dict[int, Partition]:
    """Every kind that wins on ``hand`` (20 cards, or the held cards with ``fixed`` phu on the
    mat), with the best partition of each win.

    One search with a joker (the winning card) serves all 30 candidates; ``check_win`` on each
    candidate gives the same answer (a test asserts it)."""
    c = list(hand)
    s = _pack(c)
    only = _rescuers(c, s)
    if only is not None and not only:
        return {}
    threes = ((s + _FIVES) & ~(s + _FOURS)) & _HIGH  # the fields holding exactly 3
    extra_lung = sum(1 for g in fixed if g.is_lung(rules))
    extra_pts = sum(g.points for g in fixed)
    min_lung = rules.min_lung - extra_lung
    best: dict[int, tuple[int, int, _Entry]] = {}
    for xp, e in _solve_joker(s, threes, _tables(rules)).items():
        if e[0] < min_lung:
            continue
        x = xp >> _X_SHIFT
        if c[x] >= 4 or (only is not None and x not in only):
            continue
        p = xp & (1 << _X_SHIFT) - 1
        old = best.get(x)
        if old is None or (p, e[0]) > old[:2]:
            best[x] = (p, e[0], e)
    out: dict[int, Partition] = {}
    for x in sorted(best):
        p, lung, e = best[x]
        groups = _groups(e)
        xuyen = any(
            g.type == "doc" and len(g.cards) == 5 and g.cards[2] == x for g in groups
        ) and p > sum(g.points for g in groups)
        out[x] = Partition(_order((*fixed, *groups)), lung + extra_lung, p + extra_pts, xuyen)
    return out


def win_on(free: Sequence[int], card: int, rules: Rules, *, fixed: Sequence[Phu] = ()) -> WinCheck:
    """The held cards ``free`` and the laid (or face-down) phu ``fixed`` won on ``card``: the
    card joins the held cards, or extends one laid phu (chạm thành; on a face-down khàn it is
    dậy khàn then ù). The better of the two verdicts."""
    c = list(free)
    c[card] += 1
    best = check_win(c, card, rules, fixed=fixed)
    for i, g in enumerate(fixed):
        ext = extends(g, card)
        if ext is None:
            continue
        other = [*fixed[:i], ext, *fixed[i + 1 :]]
        best = better(best, check_win(free, None, rules, fixed=other))
    return best


def better(a: WinCheck, b: WinCheck) -> WinCheck:
    """The better verdict: a valid win with more points then lưng, else the fuller shape."""
    if b.best is not None:
        if a.best is None or (b.best.points, b.best.lung) > (a.best.points, a.best.lung):
            return b
        return a
    if a.best is None and b.shape is not None and (a.shape is None or b.shape.lung > a.shape.lung):
        return b
    return a


def shape_waits(hand: Sequence[int], rules: Rules) -> set[int]:
    """Kinds that complete ``hand`` into phu, whatever the lưng count (for referee mode)."""
    out: set[int] = set()
    c = list(hand)
    for x in range(NUM_KINDS):
        if c[x] >= 4:
            continue
        c[x] += 1
        if _candidates(c, x, rules):
            out.add(x)
        c[x] -= 1
    return out


def is_complete(hand: Sequence[int], rules: Rules, *, fixed: Sequence[Phu] = ()) -> bool:
    """Bài thành (B4.3): the cards already all in phu with enough lưng."""
    return check_win(hand, None, rules, fixed=fixed).best is not None


def extends(phu: Phu, card: int) -> Phu | None:
    """The phu ``phu`` with ``card`` added, when that is still a phu (chạm thành on a laid phu;
    a khàn raised by its 4th card becomes a thiên khai group). A phỗng triple takes no 4th
    card: only a khàn is raised (dậy khàn, B3.2), and a phỗng triple is no khàn (B4.1). A run
    keeps the copies stacked on it (treo tranh, ``takes``)."""
    if phu.type == "khan":
        return Phu((*phu.cards, card), "thien_khai") if card == phu.cards[0] else None
    if phu.type == "doc" or (phu.type == "named" and phu.name == "nhat_nhi_tam"):
        base = sorted(set(phu.cards))
        extra = list(phu.cards)
        for k in base:
            extra.remove(k)
        cards = tuple(sorted((*base, card)))
        for cand, _ in _BY_LOW[min(cards)]:
            if cand.cards == cards and cand.type == "doc":
                return Phu(tuple(sorted((*cards, *extra))), "doc") if extra else cand
        return None
    cards = tuple(sorted((*phu.cards, card)))
    if phu.type == "bi":
        for cand, _ in _BY_LOW[min(cards)]:
            if cand.cards == cards and cand.type == "bi":
                return cand
    return None


def phu_of(cards: Sequence[int], *, won: int | None = None) -> Phu | None:
    """The phu formed by exactly ``cards`` (None if they are not one). Identical triples are a
    phỗng when ``won`` is their kind, else a khàn."""
    key = tuple(sorted(cards))
    if not key:
        return None
    if len(key) == 1:
        return LONE.get(key[0])
    if len(set(key)) == 1:
        if len(key) == 3:
            return PHONG[key[0]] if won == key[0] else KHAN[key[0]]
        if len(key) == 4:
            return QUAD[key[0]]
        return None
    for cand, _ in _BY_LOW[key[0]]:
        if cand.cards == key:
            return cand
    return None


def eat_groups(card: int) -> list[Phu]:
    """Every phu of ≥ 3 cards that contains ``card`` (what an ăn may form with it)."""
    return [p for p in ALL_PHU if card in p.cards]


def red_count(counts: Sequence[int]) -> int:
    return sum(n for k, n in enumerate(counts) if KINDS.is_red(k))


# per kind: the cards each phu containing it still needs (numbered kinds only)
_COVER: list[list[tuple[tuple[int, int], ...]]] = [[] for _ in range(NUM_KINDS)]
for _phu in ALL_PHU:
    _cnt: dict[int, int] = {}
    for _x in _phu.cards:
        _cnt[_x] = _cnt.get(_x, 0) + 1
    for _x in set(_phu.cards):
        _COVER[_x].append(tuple(_cnt.items()))


def looseness(hand: Sequence[int]) -> int:
    """How far the held cards are from phu: 2 per card in no phu and no cạ, 1 per card in a
    cạ only (one card short of a phu), 0 for a card already in a phu within the hand."""
    total = 0
    for k in range(CC):
        if not hand[k]:
            continue
        best = 2
        if hand[k] >= 3:
            best = 0
        for need in _COVER[k]:
            short = sum(max(0, m - hand[kk]) for kk, m in need)
            best = min(best, short)
            if best == 0:
                break
        total += best * hand[k]
    return total


def cache_clear() -> None:
    for t in _TABLES.values():
        t.clear()


__all__ = [
    "ALL_PHU",
    "LEO",
    "NAMED",
    "OL",
    "TOM",
    "TT",
    "Partition",
    "Phu",
    "WinCheck",
    "better",
    "check_win",
    "eat_groups",
    "extends",
    "is_complete",
    "looseness",
    "partitions",
    "phu_of",
    "red_count",
    "rescuers",
    "shape_waits",
    "waits",
    "win_on",
]
