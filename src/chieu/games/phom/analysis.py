"""Pure Phỏm analysis on 52-bit card masks (shared/rules A.4, A.9b).

* ``deadwood_points(mask)`` / ``best_melds(mask)``: the fewest points a hand can leave (no
  eaten cards, no gửi), and one arrangement that does. They run on per-suit tables:
  ``RUN_TABLE[m]`` is the fewest points a 13-bit suit mask ``m`` leaves with runs only; sets
  are tried only for the ranks held in three or four suits.
* ``arrangements(...)``: every legal lay-down (disjoint phỏm, the eaten-card invariant, no
  complete phỏm kept back), each with its gửi onto given table phỏm and its best discard;
  ``best_arrangement`` / ``best_arrangements`` pick the best (fewest points, then most cards
  sent).
* ``invariant_ok``: can the eaten cards still sit in distinct phỏm (eat and discard legality).
* ``outs`` / ``outs_for(observation)``: the cards that would complete a phỏm or lower the
  points, with how many of each are unseen.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING

from chieu.games.phom.cards import SUIT_MASK, card_of, cards_of, rank_of, suit_of

if TYPE_CHECKING:
    from chieu.games.phom.views import PhomObservation

#: points of a rank index (A=0 .. K=12) for each ``Rules.card_points``
RANK_POINTS: dict[str, tuple[int, ...]] = {
    "A1_K13": tuple(range(1, 14)),
    "faces_10": tuple(min(r, 10) for r in range(1, 14)),
}


@cache
def card_points(variant: str = "A1_K13") -> tuple[int, ...]:
    """Points of each of the 52 cards."""
    rp = RANK_POINTS[variant]
    return tuple(rp[c % 13] for c in range(52))


@cache
def run_table(variant: str = "A1_K13") -> tuple[int, ...]:
    """``T[m]``: the fewest points a suit mask ``m`` leaves when only runs are laid."""
    pts = RANK_POINTS[variant]
    table = [0] * (1 << 13)
    for m in range(1, 1 << 13):
        low = (m & -m).bit_length() - 1
        best = pts[low] + table[m & ~(1 << low)]
        run = 1 << low
        for j in range(low + 1, 13):
            if not m >> j & 1:
                break
            run |= 1 << j
            if j - low >= 2:
                v = table[m & ~run]
                if v < best:
                    best = v
        table[m] = best
    return tuple(table)


RUN_TABLE = run_table()


def mask_points(mask: int, variant: str = "A1_K13") -> int:
    pts = card_points(variant)
    return sum(pts[c] for c in cards_of(mask))


def _with_sets(ms: list[int], r3: int, table: Sequence[int]) -> int:
    if not r3:
        return table[ms[0]] + table[ms[1]] + table[ms[2]] + table[ms[3]]
    low = r3 & -r3
    rest = r3 ^ low
    best = _with_sets(ms, rest, table)
    holders = [s for s in range(4) if ms[s] & low]
    for size in (3, 4):
        for group in combinations(holders, size):
            ms2 = list(ms)
            for s in group:
                ms2[s] ^= low
            v = _with_sets(ms2, rest, table)
            if v < best:
                best = v
    return best


def deadwood_points(mask: int, table: Sequence[int] = RUN_TABLE) -> int:
    """The fewest points ``mask`` can leave in phỏm (no eaten card, no gửi, no discard)."""
    a = mask & SUIT_MASK
    b = mask >> 13 & SUIT_MASK
    c = mask >> 26 & SUIT_MASK
    d = mask >> 39
    r3 = (a & b & (c | d)) | (c & d & (a | b))
    if not r3:
        return table[a] + table[b] + table[c] + table[d]
    return _with_sets([a, b, c, d], r3, table)


def deadwood_after_discard(mask: int, table: Sequence[int] = RUN_TABLE) -> int:
    """The fewest points after the best discard (no eaten card, no gửi)."""
    best = 1 << 30
    m = mask
    while m:
        low = m & -m
        m ^= low
        v = deadwood_points(mask ^ low, table)
        if v < best:
            best = v
    return best


@cache
def run_melds(variant: str = "A1_K13") -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``R[s][m]``: the runs (52-bit masks) of suit ``s`` that ``run_table`` chose for ``m``."""
    table = run_table(variant)
    pts = RANK_POINTS[variant]
    choice: list[tuple[int, ...]] = [()] * (1 << 13)
    for m in range(1, 1 << 13):
        low = (m & -m).bit_length() - 1
        rest = m & ~(1 << low)
        best, runs = pts[low] + table[rest], choice[rest]
        run = 1 << low
        for j in range(low + 1, 13):
            if not m >> j & 1:
                break
            run |= 1 << j
            if j - low >= 2 and table[m & ~run] < best:
                best, runs = table[m & ~run], (run, *choice[m & ~run])
        choice[m] = runs
    return tuple(tuple(tuple(r << (13 * s) for r in c) for c in choice) for s in range(4))


def _sets_melds(
    ms: list[int], r3: int, table: Sequence[int]
) -> tuple[int, tuple[int, ...], list[int]]:
    if not r3:
        return table[ms[0]] + table[ms[1]] + table[ms[2]] + table[ms[3]], (), ms
    low = r3 & -r3
    rest = r3 ^ low
    best = _sets_melds(ms, rest, table)
    r = low.bit_length() - 1
    holders = [s for s in range(4) if ms[s] & low]
    for size in (3, 4):
        for group in combinations(holders, size):
            ms2 = list(ms)
            meld = 0
            for s in group:
                ms2[s] ^= low
                meld |= 1 << (13 * s + r)
            v, sets, final = _sets_melds(ms2, rest, table)
            if v < best[0]:
                best = (v, (meld, *sets), final)
    return best


def best_melds(
    mask: int,
    table: Sequence[int] = RUN_TABLE,
    runs: Sequence[Sequence[tuple[int, ...]]] | None = None,
) -> tuple[int, tuple[int, ...]]:
    """The fewest points and one arrangement reaching them (phỏm masks), for a hand with no
    eaten card and no gửi: the fast path behind ``deadwood_points``, with the melds.
    ``table`` and ``runs`` are ``run_table(v)`` and ``run_melds(v)`` of a points variant."""
    if runs is None:
        runs = run_melds("A1_K13")
    a = mask & SUIT_MASK
    b = mask >> 13 & SUIT_MASK
    c = mask >> 26 & SUIT_MASK
    d = mask >> 39
    r3 = (a & b & (c | d)) | (c & d & (a | b))
    if not r3:
        return (
            table[a] + table[b] + table[c] + table[d],
            (*runs[0][a], *runs[1][b], *runs[2][c], *runs[3][d]),
        )
    points, sets, ms = _sets_melds([a, b, c, d], r3, table)
    return points, (*sets, *runs[0][ms[0]], *runs[1][ms[1]], *runs[2][ms[2]], *runs[3][ms[3]])


# -- phỏm --------------------------------------------------------------------------------


def is_phom(mask: int) -> bool:
    """3-4 cards of one rank, or 3+ consecutive cards of one suit (A low, no wrap)."""
    cards = cards_of(mask)
    if len(cards) < 3:
        return False
    ranks = {rank_of(c) for c in cards}
    if len(ranks) == 1:
        return True
    suits = {suit_of(c) for c in cards}
    if len(suits) != 1:
        return False
    rs = sorted(ranks)
    return rs == list(range(rs[0], rs[0] + len(rs)))


def phom_kind(mask: int) -> str:
    """``"set"`` (phỏm ngang), ``"run"`` (phỏm dọc) or ``""``."""
    if not is_phom(mask):
        return ""
    cards = cards_of(mask)
    return "set" if len({rank_of(c) for c in cards}) == 1 else "run"


def has_phom(mask: int) -> bool:
    a = mask & SUIT_MASK
    b = mask >> 13 & SUIT_MASK
    c = mask >> 26 & SUIT_MASK
    d = mask >> 39
    if (a & b & (c | d)) | (c & d & (a | b)):
        return True
    return any(m & m >> 1 & m >> 2 for m in (a, b, c, d))


def phom_in(mask: int) -> list[int]:
    """Every phỏm (as a mask) made of cards of ``mask``: 3- and 4-sets, all run windows."""
    out: list[int] = []
    a = mask & SUIT_MASK
    b = mask >> 13 & SUIT_MASK
    c = mask >> 26 & SUIT_MASK
    d = mask >> 39
    r3 = (a & b & (c | d)) | (c & d & (a | b))
    while r3:
        low = r3 & -r3
        r3 ^= low
        r = low.bit_length() - 1
        cards = [1 << (t * 13 + r) for t in range(4) if mask >> (t * 13 + r) & 1]
        if len(cards) == 3:
            out.append(cards[0] | cards[1] | cards[2])
        else:
            full = cards[0] | cards[1] | cards[2] | cards[3]
            out += [full ^ x for x in cards]
            out.append(full)
    for s, m in enumerate((a, b, c, d)):
        starts = m & m >> 1 & m >> 2
        while starts:
            low = starts & -starts
            starts ^= low
            i = low.bit_length() - 1
            run = 7 << i
            out.append(run << (13 * s))
            j = i + 3
            while j < 13 and m >> j & 1:
                run |= 1 << j
                out.append(run << (13 * s))
                j += 1
    return out


def phom_with(card: int, mask: int) -> list[int]:
    """Every phỏm of ``mask | card`` that contains ``card``."""
    full = mask | 1 << card
    r = card % 13
    s = card // 13
    out: list[int] = []
    holders = [t for t in range(4) if full >> (t * 13 + r) & 1]
    if len(holders) >= 3:
        for size in (3, 4):
            for group in combinations(holders, size):
                if s in group:
                    m = 0
                    for t in group:
                        m |= 1 << (t * 13 + r)
                    out.append(m)
    m = full >> (13 * s) & SUIT_MASK
    lo = r
    while lo > 0 and m >> (lo - 1) & 1:
        lo -= 1
    hi = r
    while hi < 12 and m >> (hi + 1) & 1:
        hi += 1
    if hi - lo >= 2:
        base = 13 * s
        for a in range(lo, r + 1):
            for b in range(max(r, a + 2), hi + 1):
                out.append(((1 << (b - a + 1)) - 1) << (base + a))
    return out


def placements(hand: int, eaten: int) -> list[int]:
    """Every way to give each eaten card of ``hand`` its own phỏm: the masks of the cards
    those phỏm use (empty list: impossible; ``[0]`` when nothing is eaten)."""
    eaten &= hand
    if not eaten:
        return [0]
    e = eaten & -eaten
    rest = eaten ^ e
    out: list[int] = []
    for m in phom_with(e.bit_length() - 1, hand):
        if m & rest:
            continue
        for used in placements(hand & ~m, rest):
            out.append(used | m)
    return out


def invariant_ok(hand: int, eaten: int) -> bool:
    """Can every eaten card of ``hand`` sit in its own phỏm (disjoint, one eaten card each)?"""
    eaten &= hand
    if not eaten:
        return True
    e = eaten & -eaten
    rest = eaten ^ e
    for m in phom_with(e.bit_length() - 1, hand):
        if m & rest:
            continue
        if invariant_ok(hand & ~m, rest):
            return True
    return False


def free_cards(hand: int, eaten: int) -> int:
    """The cards a not-yet-laid player may discard without breaking the invariant."""
    eaten &= hand
    if not eaten:
        return hand
    free = 0
    for used in placements(hand, eaten):
        free |= hand & ~used
    return free & ~eaten


# window bits around rank r (bit 2 = r): a run needs r-2,r-1 / r-1,r+1 / r+1,r+2
_RUN_WINDOW = tuple(w & 3 == 3 or w & 10 == 10 or w & 24 == 24 for w in range(32))
_RUN_COVER = tuple((st := m & m >> 1 & m >> 2) | st << 1 | st << 2 for m in range(1 << 13))
_RANK_BITS = 1 | 1 << 13 | 1 << 26 | 1 << 39


def makes_phom(hand: int, card: int) -> bool:
    """Does ``card`` make a phỏm with two cards of ``hand`` (a quick bit test)?"""
    r = card % 13
    if ((hand >> r) & _RANK_BITS).bit_count() - (hand >> card & 1) >= 2:
        return True
    m = hand >> (card - r) & SUIT_MASK
    return _RUN_WINDOW[(m << 2) >> r & 31]


def covered(mask: int) -> int:
    """The cards of ``mask`` that belong to at least one phỏm of ``mask``."""
    a = mask & SUIT_MASK
    b = mask >> 13 & SUIT_MASK
    c = mask >> 26 & SUIT_MASK
    d = mask >> 39
    t = _RUN_COVER
    out = t[a] | t[b] << 13 | t[c] << 26 | t[d] << 39
    r3 = (a & b & (c | d)) | (c & d & (a | b))
    if r3:
        out |= mask & (r3 * _RANK_BITS)
    return out


def can_eat(hand: int, eaten: int, card: int) -> bool:
    """A not-yet-laid player may eat ``card`` (A.5.3): the invariant holds with it added."""
    if not makes_phom(hand, card):
        return False
    return invariant_ok(hand | 1 << card, (eaten & hand) | 1 << card)


def has_ca(mask: int, within_two: bool = False) -> bool:
    """A cạ: two cards of one rank, or two adjacent cards of one suit (``within_two``: also a
    gap of one, like 5♠7♠)."""
    suits = [mask >> (13 * s) & SUIT_MASK for s in range(4)]
    seen = 0
    for m in suits:
        if seen & m:
            return True
        seen |= m
        if m & m >> 1:
            return True
        if within_two and m & m >> 2:
            return True
    return False


# -- arrangements with gửi and the discard --------------------------------------------------


@dataclass(frozen=True, slots=True)
class Arrangement:
    """One lay-down: own phỏm, cards sent (card, index of the table phỏm), what is left."""

    melds: tuple[int, ...]
    sent: tuple[tuple[int, int], ...]
    deadwood: int  # mask left in hand after the melds, the gửi and the discard
    points: int
    discard: int | None  # the card discarded (None: no discard considered or none left)

    @property
    def mom(self) -> bool:
        return not self.melds


def _by_low(cands: list[int]) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {}
    for m in cands:
        out.setdefault((m & -m).bit_length() - 1, []).append(m)
    return out


def _partitions(hand: int, eaten: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every set of disjoint phỏm of ``hand`` under the invariant, with the cards left."""
    by_low = _by_low(phom_in(hand))
    chosen: list[int] = []

    def rec(rem: int, left: int) -> Iterator[tuple[tuple[int, ...], int]]:
        if not rem:
            yield tuple(chosen), left
            return
        low = rem & -rem
        if not low & eaten:
            yield from rec(rem ^ low, left | low)
        for m in by_low.get(low.bit_length() - 1, ()):
            if (m & rem) != m:
                continue
            e = m & eaten
            if e & (e - 1):
                continue  # two eaten cards in one phỏm
            chosen.append(m)
            yield from rec(rem & ~m, left)
            chosen.pop()

    yield from rec(hand, 0)


def _target(meld: int) -> tuple[str, int, int, int]:
    """(kind, suit or rank, lo, hi) of a table phỏm."""
    cards = cards_of(meld)
    ranks = sorted(rank_of(c) for c in cards)
    if ranks[0] == ranks[-1]:
        return ("set", ranks[0], len(cards), 0)
    return ("run", suit_of(cards[0]), ranks[0], ranks[-1])


def send_closure(left: int, table: Sequence[int]) -> tuple[tuple[tuple[int, int], ...], int]:
    """Send as many cards of ``left`` as possible onto the ``table`` phỏm (runs extended one
    card after another at either end, the 4th card onto a 3-card set). Returns the sends and
    what stays in hand."""
    sent: list[tuple[int, int]] = []
    info = [_target(m) for m in table]
    runs = [[i, s, lo, hi] for i, (k, s, lo, hi) in enumerate(info) if k == "run"]
    changed = True
    while changed and left:
        changed = False
        for run in runs:
            i, s, lo, hi = run
            if lo > 0:
                c = card_of(lo - 1, s)
                if left >> c & 1:
                    left ^= 1 << c
                    sent.append((c, i))
                    run[2] = lo - 1
                    changed = True
            if hi < 12:
                c = card_of(hi + 1, s)
                if left >> c & 1:
                    left ^= 1 << c
                    sent.append((c, i))
                    run[3] = hi + 1
                    changed = True
    for i, (k, r, size, _) in enumerate(info):
        if k == "set" and size == 3:
            for s in range(4):
                c = card_of(r, s)
                if left >> c & 1 and not table[i] >> c & 1:
                    left ^= 1 << c
                    sent.append((c, i))
    return tuple(sent), left


def _highest(left: int, pts: Sequence[int]) -> int:
    best = -1
    for c in cards_of(left):
        if best < 0 or (pts[c], c) > (pts[best], best):
            best = c
    return best


def arrangements(
    hand: int,
    eaten: int = 0,
    table: Sequence[int] = (),
    *,
    send: bool | None = None,
    discard: bool = False,
    mom_may_send: bool = False,
    variant: str = "A1_K13",
) -> list[Arrangement]:
    """Every legal lay-down of ``hand``: disjoint phỏm with every eaten card in its own phỏm,
    and no complete phỏm left among the remaining cards (A.4). With ``send`` (default: when
    ``table`` is given) the remaining cards are sent onto ``table`` where they fit; with
    ``discard`` the highest remaining card is then discarded."""
    pts = card_points(variant)
    send = bool(table) if send is None else send
    eaten &= hand
    out: list[Arrangement] = []
    for melds, left in _partitions(hand, eaten):
        if has_phom(left):
            continue  # a complete phỏm may not be kept back
        sent: tuple[tuple[int, int], ...] = ()
        if send and table and (melds or mom_may_send):
            sent, left = send_closure(left, table)
        thrown: int | None = None
        if discard and left:
            thrown = _highest(left, pts)
            left ^= 1 << thrown
        points = sum(pts[c] for c in cards_of(left))
        out.append(Arrangement(melds, sent, left, points, thrown))
    return out


def _key(a: Arrangement) -> tuple[int, int, int, bool]:
    # ties: most cards sent, most phỏm, then every card kept in a phỏm (ù tròn) over a discard
    return (a.points, -len(a.sent), -len(a.melds), a.discard is not None)


def best_arrangements(
    hand: int, eaten: int = 0, table: Sequence[int] = (), **kw: object
) -> list[Arrangement]:
    """All the arrangements with the fewest points (best first: most cards sent, then most
    phỏm, then no discard). Empty when the eaten cards cannot all be placed."""
    found = arrangements(hand, eaten, table, **kw)  # type: ignore[arg-type]
    if not found:
        return []
    low = min(a.points for a in found)
    return sorted((a for a in found if a.points == low), key=_key)


def best_arrangement(
    hand: int, eaten: int = 0, table: Sequence[int] = (), **kw: object
) -> Arrangement | None:
    found = best_arrangements(hand, eaten, table, **kw)
    return found[0] if found else None


# -- outs ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Out:
    card: int
    points: int  # the points after taking it and the best discard
    completes: bool  # it makes a phỏm with two held cards (it could be eaten)
    unseen: int  # copies not seen anywhere (0 or 1: the deck has one of each)


def outs(hand: int, eaten: int = 0, seen: int = 0, variant: str = "A1_K13") -> list[Out]:
    """Cards that would complete a phỏm or lower the points of ``hand`` (taken, then the best
    discard), with how many of each are unseen (not in hand and not in ``seen``)."""
    table = run_table(variant)
    eaten &= hand
    if eaten:
        now_a = best_arrangement(hand, eaten, variant=variant)
        now = now_a.points if now_a else 1 << 30
    else:
        now = deadwood_points(hand, table)
    found: list[Out] = []
    for card in range(52):
        if hand >> card & 1:
            continue
        h = hand | 1 << card
        if eaten:
            best = best_arrangement(h, eaten, discard=True, variant=variant)
            pts = best.points if best else 1 << 30
        else:
            pts = deadwood_after_discard(h, table)
        completes = can_eat(hand, eaten, card)
        if pts < now or completes:
            found.append(Out(card, pts, completes, 0 if seen >> card & 1 else 1))
    return found


def seen_in(observation: PhomObservation) -> int:
    """Every card a seat's observation shows: its hand, the rows, the table phỏm, the eaten
    cards and any shown hand."""
    seen = 0
    for c in observation.get("hand", ()):
        seen |= 1 << c
    for row in observation.get("rows", ()):
        for c in row:
            seen |= 1 << c
    for melds in observation.get("melds", ()):
        for m in melds:
            for c in m:
                seen |= 1 << c
    for cards in observation.get("eaten", ()):
        for c in cards:
            seen |= 1 << c
    for cards in (observation.get("shown_hands") or {}).values():
        for c in cards:
            seen |= 1 << c
    return seen


def outs_for(observation: PhomObservation, variant: str = "A1_K13") -> list[Out]:
    """``outs`` of the observing seat's hand, unseen counts from what it has seen."""
    seat = observation["seat"]
    assert seat is not None, "the outs of a seat, not of a spectator"
    hand = 0
    for c in observation["hand"]:
        hand |= 1 << c
    eaten = 0
    for c in observation["eaten_in_hand"][seat]:
        eaten |= 1 << c
    return outs(hand, eaten, seen_in(observation), variant)
