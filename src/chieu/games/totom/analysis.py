"""Tổ tôm waits: every card that wins on a hand, the rescuers of a hand with an orphan, and
the verdict on a card taken onto held cards and laid phu (``win_on``).

``waits`` runs one search with a *joker* (the winning card) for all 30 candidates: it keys one
flat dict by ``joker kind << 8 | points`` (``packed``) and, inside, calls the plain partition
search (``partition``) once the joker has joined its phu. Pruning never changes an answer,
only skips searches that find nothing: every copy of every *orphan* (a held numbered card in
no phu within the hand) must be in the joker's phu, so only a few kinds (``rescuers``) may
win. ``tests/games/totom/test_waits_speed_equivalence.py`` keeps the first, unpruned
implementation and checks that every answer, down to the partition, is the same.

The rest of the hand analysis, in layers (each imports only those above it): ``phu`` (the
catalogue), ``shapes`` (lookups: ``phu_of``, ``extends``, ``looseness``), ``packed`` (packed
count vectors, the option tables and memos, ``cache_clear``), ``partition`` (the best
partition, ``check_win``, ``Partition``, ``WinCheck``), then this module.
"""

from __future__ import annotations

from collections.abc import Sequence

from chieu.games.totom.cards import CC, NUM_KINDS
from chieu.games.totom.packed import (
    _BI_START,
    _CACHE_MAX,
    _FIVES,
    _FOURS,
    _HIGH,
    _KEY_SHIFT,
    _KEY_SHIFT2,
    _NAMED_MASKS,
    _NONE,
    _NUMBERED,
    _RUN_START,
    _SEVENS,
    _SIXES,
    _X_SHIFT,
    JPareto,
    _Entry,
    _groups,
    _orphans,
    _pack,
    _pack_needs,
    _Tables,
    _tables,
)
from chieu.games.totom.partition import (
    Partition,
    WinCheck,
    _candidates,
    _order,
    _search,
    check_win,
)
from chieu.games.totom.phu import ALL_PHU, Phu, _needs
from chieu.games.totom.rules import Rules
from chieu.games.totom.shapes import extends


def _needs_minus(cards: Sequence[int], x: int) -> tuple[tuple[int, int], ...]:
    rest = list(cards)
    rest.remove(x)
    return _needs(rest)


_Needs = tuple[tuple[int, int], ...]
# per kind: every phu shape containing it, as (cards, needs, [(x, needs without x)])
_CONTAINING: list[list[tuple[tuple[int, ...], _Needs, tuple[tuple[int, _Needs], ...]]]] = [
    [] for _ in range(NUM_KINDS)
]
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


__all__ = ["better", "rescuers", "shape_waits", "waits", "win_on"]
