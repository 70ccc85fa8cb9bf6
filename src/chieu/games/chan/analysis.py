"""Pure analysis of Chắn hands on count vectors (25 kinds).

A *hand* here is the cards held (not the mat). Mat pairs are fixed and cannot be re-paired
(seed 003: no "chuyển phỏm"), so they enter only as ``mat_chan``, the number of chắn on the mat
(a chíu counts as 2). Grouping is per rank (shared/rules A4.2): within a rank, identical cards
pair first (chắn); the odd leftovers, at most one per suit, are 0 (fine), 2 (a cạ), 1 (a què)
or 3 (a ba đầu). Chi chi pairs only with Chi chi. Greedy pairing is exact: it maximises pairs
and chắn at once, so one table lookup per rank decides everything.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from chieu.games.chan.cards import CC, KINDS, NUM_KINDS, rank_of

WIN_CHAN = 6  # at least 6 chắn among the 10 pairs [seed 001, seed 003]
BAD = -1000  # sentinel: any rank with a què makes the sum negative

# _RANK[a*25 + b*5 + c] for the counts (a, b, c) of one rank in V, S, W.
_WIN: list[int] = []  # chắn of the rank if it pairs up completely, else BAD
_CHAN: list[int] = []  # chắn of the rank
_ODD: list[int] = []  # bit mask of the suits with an odd count (leftovers)
for _a in range(5):
    for _b in range(5):
        for _c in range(5):
            _ch = _a // 2 + _b // 2 + _c // 2
            _mask = (_a & 1) | ((_b & 1) << 1) | ((_c & 1) << 2)
            _l = bin(_mask).count("1")
            _CHAN.append(_ch)
            _ODD.append(_mask)
            _WIN.append(_ch if _l in (0, 2) else BAD)
_POPCOUNT = [bin(m).count("1") for m in range(8)]
_UNITS = [1 if _POPCOUNT[m] in (1, 3) else 0 for m in _ODD]  # a què or a ba đầu left


def win_chan(h: Sequence[int], mat_chan: int = 0) -> int:
    """Chắn count when ``h`` (all the cards not on the mat, winning card included) pairs up
    completely with at least 6 chắn counting the mat; -1 otherwise. The hot path."""
    cc = h[24]
    if cc & 1:
        return -1
    w = _WIN
    total = (
        mat_chan
        + (cc >> 1)
        + w[h[0] * 25 + h[1] * 5 + h[2]]
        + w[h[3] * 25 + h[4] * 5 + h[5]]
        + w[h[6] * 25 + h[7] * 5 + h[8]]
        + w[h[9] * 25 + h[10] * 5 + h[11]]
        + w[h[12] * 25 + h[13] * 5 + h[14]]
        + w[h[15] * 25 + h[16] * 5 + h[17]]
        + w[h[18] * 25 + h[19] * 5 + h[20]]
        + w[h[21] * 25 + h[22] * 5 + h[23]]
    )
    return total if total >= WIN_CHAN else -1


def _rank_groups(base: int, a: int, b: int, c: int) -> tuple[tuple[int, ...], ...] | None:
    counts = (a, b, c)
    groups: list[tuple[int, ...]] = []
    odd: list[int] = []
    for s in range(3):
        groups.extend([(base + s, base + s)] * (counts[s] // 2))
        if counts[s] & 1:
            odd.append(base + s)
    if len(odd) == 2:
        groups.append((odd[0], odd[1]))
    elif odd:
        return None
    return tuple(groups)


# _GROUPS[rank index][a*25 + b*5 + c]: the pairs of a completely paired rank, else None
_GROUPS = [
    [_rank_groups(r * 3, a, b, c) for a in range(5) for b in range(5) for c in range(5)]
    for r in range(8)
]
_CC_GROUPS = [((CC, CC),) * (n // 2) if n % 2 == 0 else None for n in range(5)]


def win_groups(h: Sequence[int], mat_chan: int = 0) -> tuple[tuple[int, ...], ...] | None:
    """The win check with its grouping: the pairs of the held cards (chắn as two equal kinds,
    cạ as two kinds) when they pair up with ≥ 6 chắn counting the mat, else None."""
    if win_chan(h, mat_chan) < 0:
        return None
    g = _GROUPS
    return (
        g[0][h[0] * 25 + h[1] * 5 + h[2]]  # type: ignore[operator]
        + g[1][h[3] * 25 + h[4] * 5 + h[5]]
        + g[2][h[6] * 25 + h[7] * 5 + h[8]]
        + g[3][h[9] * 25 + h[10] * 5 + h[11]]
        + g[4][h[12] * 25 + h[13] * 5 + h[14]]
        + g[5][h[15] * 25 + h[16] * 5 + h[17]]
        + g[6][h[18] * 25 + h[19] * 5 + h[20]]
        + g[7][h[21] * 25 + h[22] * 5 + h[23]]
        + _CC_GROUPS[h[24]]
    )


def pairs_up(h: Sequence[int]) -> bool:
    """True when every card of ``h`` is in a chắn or a cạ (no què, no ba đầu)."""
    if h[24] & 1:
        return False
    w = _WIN
    return all(w[h[i] * 25 + h[i + 1] * 5 + h[i + 2]] >= 0 for i in range(0, 24, 3))


def is_win(h: Sequence[int], mat_chan: int = 0) -> bool:
    return win_chan(h, mat_chan) >= 0


@dataclass(frozen=True, slots=True)
class Grouping:
    """The best grouping of a hand: most pairs, then most chắn (greedy is exact)."""

    chan: tuple[int, ...]  # one kind per chắn
    ca: tuple[tuple[int, int], ...]
    ba_dau: tuple[int, ...]  # ranks
    que: tuple[int, ...]  # kinds left single

    @property
    def groups(self) -> list[list[int]]:
        out = [[k, k] for k in self.chan] + [[a, b] for a, b in self.ca]
        out += [[(r - 2) * 3, (r - 2) * 3 + 1, (r - 2) * 3 + 2] for r in self.ba_dau]
        out += [[k] for k in self.que]
        return out


def grouping(h: Sequence[int]) -> Grouping:
    chan: list[int] = []
    ca: list[tuple[int, int]] = []
    ba_dau: list[int] = []
    que: list[int] = []
    for base in range(0, 24, 3):
        odd: list[int] = []
        for k in range(base, base + 3):
            chan.extend([k] * (h[k] // 2))
            if h[k] & 1:
                odd.append(k)
        if len(odd) == 2:
            ca.append((odd[0], odd[1]))
        elif len(odd) == 3:
            ba_dau.append(rank_of(base))
        elif len(odd) == 1:
            que.append(odd[0])
    chan.extend([CC] * (h[CC] // 2))
    if h[CC] & 1:
        que.append(CC)
    return Grouping(tuple(chan), tuple(ca), tuple(ba_dau), tuple(que))


def count_chan(h: Sequence[int]) -> int:
    c = _CHAN
    return (h[24] >> 1) + sum(c[h[i] * 25 + h[i + 1] * 5 + h[i + 2]] for i in range(0, 24, 3))


def loose_units(h: Sequence[int]) -> int:
    """``len(g.que) + len(g.ba_dau)`` of the best grouping ``g``, without building it."""
    return chan_and_units(h)[1]


_PACKED = [16 * c + u for c, u in zip(_CHAN, _UNITS, strict=True)]  # units < 16 in any hand


def chan_and_units(h: Sequence[int]) -> tuple[int, int]:
    """``(count_chan(h), loose_units(h))`` in one pass (the bots' hot path)."""
    p = _PACKED
    s = (
        p[h[0] * 25 + h[1] * 5 + h[2]]
        + p[h[3] * 25 + h[4] * 5 + h[5]]
        + p[h[6] * 25 + h[7] * 5 + h[8]]
        + p[h[9] * 25 + h[10] * 5 + h[11]]
        + p[h[12] * 25 + h[13] * 5 + h[14]]
        + p[h[15] * 25 + h[16] * 5 + h[17]]
        + p[h[18] * 25 + h[19] * 5 + h[20]]
        + p[h[21] * 25 + h[22] * 5 + h[23]]
    )
    return (s >> 4) + (h[24] >> 1), (s & 15) + (h[24] & 1)


def que_cards(h: Sequence[int]) -> list[int]:
    """The kinds left single in the best grouping (ba đầu cards included)."""
    g = grouping(h)
    out = list(g.que)
    for r in g.ba_dau:
        out += [(r - 2) * 3, (r - 2) * 3 + 1, (r - 2) * 3 + 2]
    return sorted(out)


# -- waits ----------------------------------------------------------------------------------

BACH_THU = "bach_thu"
BACH_THU_CHI = "bach_thu_chi"
RONG = "rong"


@dataclass(frozen=True, slots=True)
class Waits:
    kinds: tuple[int, ...] = ()
    kind: str | None = None  # bach_thu | bach_thu_chi | rong | None
    chi_rong: bool = False  # the shape would complete on CC with ≥ 6 chắn ("chờ chi rộng")
    ba_dau: bool = False
    extra: dict[str, int] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.kinds)


NOT_WAITING = Waits()


def waits(
    h: Sequence[int],
    mat_chan: int = 0,
    *,
    seen: Sequence[int] | None = None,
    allow_chi_rong: bool = False,
) -> Waits:
    """The cards a 19-card hand (held cards + mat) wins on, and the kind of wait (A4.3).

    ``seen``: counts of the player's own cards on the mat, so that a kind whose four copies are
    all his is not listed. A CC wait with ≥ 6 chắn ("chờ chi rộng") is refused unless
    ``allow_chi_rong``.
    """
    bad_base = -1
    bad_mask = 0
    chan = mat_chan
    c = _CHAN
    o = _ODD
    for base in range(0, 24, 3):
        idx = h[base] * 25 + h[base + 1] * 5 + h[base + 2]
        chan += c[idx]
        m = o[idx]
        if m and _POPCOUNT[m] != 2:
            if bad_base >= 0:
                return NOT_WAITING
            bad_base, bad_mask = base, m
    cc = h[CC]
    chan += cc >> 1
    if cc & 1:
        if bad_base >= 0:
            return NOT_WAITING
        # CC is the lone què: only CC completes it.
        if chan == 5:
            return _available(Waits((CC,), BACH_THU_CHI), h, seen)
        if chan >= 6:
            if allow_chi_rong:
                return _available(Waits((CC,), RONG, chi_rong=True), h, seen)
            return Waits((), None, chi_rong=True)
        return NOT_WAITING
    if bad_base < 0:
        return NOT_WAITING  # no què: cannot be a 19-card hand
    if _POPCOUNT[bad_mask] == 3:  # ba đầu: any suit of the rank makes a chắn + a cạ
        if chan + 1 >= WIN_CHAN:
            return _available(
                Waits((bad_base, bad_base + 1, bad_base + 2), RONG, ba_dau=True), h, seen
            )
        return NOT_WAITING
    q = bad_base + (bad_mask.bit_length() - 1)
    if chan == 5:
        return _available(Waits((q,), BACH_THU), h, seen)
    if chan >= 6:
        return _available(Waits((bad_base, bad_base + 1, bad_base + 2), RONG), h, seen)
    return NOT_WAITING


def pair_waits(h: Sequence[int]) -> frozenset[int]:
    """The kinds that would make every held card pair up (chắn or cạ), whatever the chắn
    count: the shape half of a wait. Empty unless exactly one rank (or CC) is unpaired."""
    bad_base = -1
    bad_mask = 0
    o = _ODD
    for base in range(0, 24, 3):
        m = o[h[base] * 25 + h[base + 1] * 5 + h[base + 2]]
        if m and _POPCOUNT[m] != 2:
            if bad_base >= 0:
                return frozenset()
            bad_base, bad_mask = base, m
    if h[CC] & 1:
        return frozenset() if bad_base >= 0 else frozenset((CC,))
    if bad_base < 0:
        return frozenset()
    if _POPCOUNT[bad_mask] == 3:
        return frozenset((bad_base, bad_base + 1, bad_base + 2))
    return frozenset((bad_base, bad_base + 1, bad_base + 2))


def _available(w: Waits, h: Sequence[int], seen: Sequence[int] | None) -> Waits:
    kinds = tuple(k for k in w.kinds if h[k] + (seen[k] if seen else 0) < 4)
    if kinds == w.kinds:
        return w
    return Waits(kinds, w.kind if kinds else None, w.chi_rong, w.ba_dau)


def wins_on(h: Sequence[int], card: int, mat_chan: int = 0) -> int:
    """Chắn count if adding ``card`` to the held cards ``h`` wins, else -1 (shape only)."""
    h2 = list(h)
    h2[card] += 1
    return win_chan(h2, mat_chan)


# -- distance to a win ----------------------------------------------------------------------

_RANK_TARGETS: list[tuple[int, int, int, int]] = []  # (a, b, c, chan) that pair up completely
for _a in range(5):
    for _b in range(5):
        for _c in range(5):
            _m = (_a & 1) + (_b & 1) + (_c & 1)
            if _m in (0, 2):
                _RANK_TARGETS.append((_a, _b, _c, _a // 2 + _b // 2 + _c // 2))


@lru_cache(maxsize=65536)
def _rank_options(
    held: tuple[int, int, int], cap: tuple[int, int, int], need_chan: int
) -> tuple[tuple[int, int, int], ...]:
    """What one rank can become in a winning hand: ``(cards, chắn, overlap with held)``, only
    the best overlap for each (cards, chắn capped at ``need_chan``)."""
    best: dict[tuple[int, int], int] = {}
    for a, b, c, rc in _RANK_TARGETS:
        if a > cap[0] or b > cap[1] or c > cap[2]:
            continue
        key = (a + b + c, min(need_chan, rc))
        ov = min(a, held[0]) + min(b, held[1]) + min(c, held[2])
        if best.get(key, -1) < ov:
            best[key] = ov
    return tuple((n, ch, ov) for (n, ch), ov in best.items())


def _pareto(states: dict[tuple[int, int], int]) -> dict[tuple[int, int], int]:
    """``(cards, chắn) → overlap`` without the states another of as many cards beats (as many
    chắn or more, as much overlap or more): they can never end better."""
    ranked = sorted(states.items(), key=lambda item: (item[0][0], -item[0][1]))
    out: dict[tuple[int, int], int] = {}
    n_top, top = -1, -1
    for (n, ch), ov in ranked:
        if n != n_top:
            n_top, top = n, -1
        if ov > top:
            out[n, ch] = ov
            top = ov
    return out


def distance(h: Sequence[int], mat_chan: int = 0, *, seen: Sequence[int] | None = None) -> int:
    """Exchanges (take a card, give one back) needed before the hand is waiting.

    0 means waiting (tenpai). Exactly: ``n_needed − 1`` where ``n_needed`` is the fewest cards
    missing from any winning set of ``held + 1`` cards (≥ 6 chắn with the mat, ≤ 4 copies
    counting ``seen``). Works for a 19-card hand (held + mat) and for 20 (after an eat:
    the discard is then free).
    """
    size = sum(h)
    target = size + 1 if size % 2 else size
    cap = [4 - (seen[k] if seen else 0) for k in range(NUM_KINDS)]
    need_chan = max(0, WIN_CHAN - mat_chan)
    # room[i]: the most cards ranks i.. can still take; a state that cannot reach the target
    # with them (and the chi chi) is dropped
    room = [0] * 9
    for i in range(7, -1, -1):
        room[i] = room[i + 1] + cap[3 * i] + cap[3 * i + 1] + cap[3 * i + 2]
    cc_room = min(4, cap[CC])
    # best[(cards, chan)] = max overlap with h
    best: dict[tuple[int, int], int] = {(0, 0): 0}
    for i, base in enumerate(range(0, 24, 3)):
        options = _rank_options(
            (h[base], h[base + 1], h[base + 2]),
            (cap[base], cap[base + 1], cap[base + 2]),
            need_chan,
        )
        nxt: dict[tuple[int, int], int] = {}
        low = target - room[i + 1] - cc_room
        for (n, ch), ov in best.items():
            for rn, rc, rov in options:
                n2 = n + rn
                if n2 > target or n2 < low:
                    continue
                key = (n2, min(need_chan, ch + rc))
                ov2 = ov + rov
                if nxt.get(key, -1) < ov2:
                    nxt[key] = ov2
        best = _pareto(nxt)
    top = -1
    for (n, ch), ov in best.items():
        for cc in range(0, min(4, cap[CC]) + 1, 2):
            if n + cc == target and min(need_chan, ch + cc // 2) >= need_chan:
                top = max(top, ov + min(cc, h[CC]))
    if top < 0:
        return 99
    missing = target - top
    if size % 2 == 0:
        return missing
    d = max(0, missing - 1)
    if d == 0 and not waits(h, mat_chan, seen=seen):
        return 1  # the shape waits only as chờ chi rộng, which is not a wait by default
    return d


#: the groups a card may sit in, the best to break up first
GROUP_ORDER = ("que", "ba_dau", "ca", "chan")


def group_of(h: Sequence[int], kind: int) -> tuple[str, tuple[int, ...]]:
    """The group ``kind`` sits in within the best grouping of ``h`` (``que``, ``ba_dau``,
    ``ca`` or ``chan``) and the other cards of that group. A kind held an even number of
    times is in chắn; of an odd number, the copy left over is in a cạ when one other suit of
    its rank is odd too, in a ba đầu when both are, else a què."""
    if h[kind] % 2 == 0:
        return "chan", (kind,)
    if kind == CC:
        return "que", ()
    base = kind - kind % 3
    odd = tuple(k for k in range(base, base + 3) if k != kind and h[k] & 1)
    if len(odd) == 1:
        return "ca", odd
    if len(odd) == 2:
        return "ba_dau", odd
    return "que", ()


def mates(kind: int) -> tuple[int, ...]:
    """The kinds that pair with ``kind``: itself (a chắn) and, but for Chi chi, the other
    suits of its rank (a cạ)."""
    if kind == CC:
        return (CC,)
    base = kind - kind % 3
    return (kind, *(k for k in range(base, base + 3) if k != kind))


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One card a hand may give up, and what is left: the group it breaks, the distance to a
    wait afterwards and the waits then (``distance`` 0)."""

    kind: int
    group: str  # que | ba_dau | ca | chan (GROUP_ORDER)
    partners: tuple[int, ...]  # the other cards of its group
    distance: int
    waits: Waits
    chances: int  # unseen cards that could still pair with it (``unseen`` given), else 0


def discard_options(
    h: Sequence[int],
    mat_chan: int = 0,
    *,
    allowed: Iterable[int] | None = None,
    unseen: Sequence[int] | None = None,
) -> list[DiscardOption]:
    """The cards of a hand that must discard (``allowed``: only these kinds), best first: the
    fewest exchanges to a wait afterwards, then a què before a ba đầu card, a cạ and a chắn,
    then the card with the fewest ``unseen`` partners left (the least likely to pair)."""
    out = []
    for k in sorted(set(range(NUM_KINDS) if allowed is None else allowed)):
        if not h[k]:
            continue
        group, partners = group_of(h, k)
        h2 = list(h)
        h2[k] -= 1
        d = distance(h2, mat_chan)
        chances = sum(unseen[m] for m in mates(k)) if unseen is not None else 0
        w = waits(h2, mat_chan) if d == 0 else NOT_WAITING
        out.append(DiscardOption(k, group, partners, d, w, chances))
    out.sort(key=lambda o: (o.distance, GROUP_ORDER.index(o.group), o.chances, o.kind))
    return out


def describe(h: Sequence[int]) -> str:
    g = grouping(h)
    return " | ".join(" ".join(KINDS.codes[k] for k in grp) for grp in g.groups)
