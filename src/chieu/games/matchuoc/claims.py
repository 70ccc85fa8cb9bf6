"""Mạt chược claims (shared/rules B.5): the window on a discard, its options and its priority.

Every discard opens a claim window that asks **the three other seats**, in turn order from
the discarder (the next seat first), whatever they hold: a seat that cannot claim the tile
gets a pass-only decision, so who is asked never depends on a hidden tile. Each seat answers
once, in private: ù, phỗng, coong, ăn (the next seat only) or bỏ qua (``options``).

Once every answer is in, ``resolve`` applies the B.5 priority table to all of them at once:
ù (the nearest seat, or every winner with ``multi_ron="all"``), then phỗng / coong (a real
pair before a khung pair, then the nearest seat), then ăn; with no claim the next seat draws.
As the answers are weighed together, a seat that passes its own ù for a lower claim gains
nothing by it: a farther ù still beats that claim.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING

from chieu.core.actions import Action
from chieu.core.decisions import ClaimWindow
from chieu.games.matchuoc import actions as A
from chieu.games.matchuoc.analysis import (
    ORPHANS,
    is_seven_pairs,
    is_thirteen_orphans,
    is_win,
    open_blocks,
)
from chieu.games.matchuoc.cards import (
    FLOWER0,
    HO,
    KHUNG0,
    KHUNG_RANGE,
    NUM_BASIC,
    NUM_KINDS,
    TG,
    is_basic,
    is_khung,
)
from chieu.games.matchuoc.decompose import Group
from chieu.games.matchuoc.rules import Rules
from chieu.games.matchuoc.setups import PLAYERS, Seat

if TYPE_CHECKING:
    from chieu.games.matchuoc.state import MatChuocState

_orphans = itemgetter(*ORPHANS)
_PUNG_REAL = {k: A.Pung(k, k, k) for k in range(NUM_BASIC)}
_CHOW = {(a.start, a.a, a.b): a for a in A.ACTION_SPACE if isinstance(a, A.Chow)}


@dataclass(frozen=True, slots=True)
class Live:
    """The tile just discarded, which a claim window is open on."""

    tile: int
    seat: int  # its discarder


# -- options --------------------------------------------------------------------------------


def special(h: list[int], rules: Rules, self_draw: bool) -> bool:
    """Whether 14 concealed tiles ``h`` are Xập xám chướng, or seven pairs where the rules
    allow it (and not on a discard with ``seven_pairs_self_draw_only``, B.6.4)."""
    if sum(_orphans(h)) + sum(h[KHUNG0:]) == 14 and is_thirteen_orphans(h):
        return True
    return (
        rules.seven_pairs
        and (self_draw or not rules.seven_pairs_self_draw_only)
        and is_seven_pairs(h)
    )


def _wins_with(h: list[int], melds: list[Group], tile: int, rules: Rules) -> bool:
    """Whether ``tile`` from a discard completes the concealed tiles ``h``."""
    h[tile] += 1
    try:
        return is_win(h) or (not melds and special(h, rules, False))
    finally:
        h[tile] -= 1


def may_win(me: Seat, rules: Rules) -> bool:
    """False when no discard can complete the seat's hand: a hand without khung with two open
    blocks, that is neither Xập xám chướng nor (by the rules) seven pairs in the making.
    Worked out once per hand (``Seat.changed`` forgets it)."""
    got = me.may_win
    if got is None:
        h = me.hand
        got = bool(
            any(h[KHUNG0:])
            or open_blocks(h) < 2
            or (
                not me.melds
                and (
                    sum(_orphans(h)) == 13
                    or (rules.seven_pairs and not rules.seven_pairs_self_draw_only)
                )
            )
        )
        me.may_win = got
    return got


def options(st: MatChuocState, s: int, tile: int) -> list[Action]:
    """Every claim seat ``s`` may make on the discarded ``tile`` (bỏ qua first)."""
    me = st.seats[s]
    h = me.hand
    rules = st.rules
    out: list[Action] = [A.PASS]
    winnable = me.may_win
    if winnable is None:
        winnable = may_win(me, rules)
    if FLOWER0 <= tile < KHUNG0 or tile == HO:
        # a flower stands in as a Tổng, for ù only; an Đại Ho only with tong_as_flower
        if (
            winnable
            and (tile < KHUNG0 or rules.tong_as_flower)
            and _wins_with(h, me.melds, TG, rules)
        ):
            out.append(A.WIN)
        return out
    if winnable and _wins_with(h, me.melds, tile, rules):
        out.append(A.WIN)
    # with the wall empty: a coong has no replacement tile; phỗng and ăn need none (B.5)
    walled = bool(st.wall)
    if not walled and not rules.last_discard_claims:
        return out
    live = st.live
    assert live is not None
    is_next = s == (live.seat + 1) % PLAYERS
    if tile < NUM_BASIC and not any(h[KHUNG0:]):
        # fast path: real tiles only
        n = h[tile]
        if n >= 2:
            out.append(_PUNG_REAL[tile])
            if n == 3 and walled:
                out.append(A.KONG)
        if tile < 27 and is_next:
            r = tile % 9
            if r >= 2 and h[tile - 2] and h[tile - 1]:
                out.append(_CHOW[(tile - 2, tile - 2, tile - 1)])
            if 1 <= r <= 7 and h[tile - 1] and h[tile + 1]:
                out.append(_CHOW[(tile - 1, tile - 1, tile + 1)])
            if r <= 6 and h[tile + 1] and h[tile + 2]:
                out.append(_CHOW[(tile, tile + 1, tile + 2)])
        return out
    kinds = [tile] if is_basic(tile) else sorted(KHUNG_RANGE[tile])
    for k in kinds:
        if not h[k] and is_khung(tile):
            continue
        opts = [k] + [x for x in range(KHUNG0, NUM_KINDS) if h[x] and k in KHUNG_RANGE[x]]
        for i, a in enumerate(opts):
            for b in opts[i:]:
                need_k = (a == k) + (b == k)
                if h[k] < need_k or (a == b and a != k and h[a] < 2):
                    continue
                if is_khung(tile) and need_k == 0:
                    continue
                out.append(A.Pung(k, a, b))
    if is_basic(tile) and h[tile] == 3 and walled:
        out.append(A.KONG)
    if is_next and (is_basic(tile) or rules.khung_in_chow):
        out += chows(h, tile, rules.khung_in_chow)
    return out


def chows(h: list[int], tile: int, khung_ok: bool) -> list[Action]:
    """The ăn claims of ``tile``: for each run it can join and each slot it may fill, the
    hand tiles (real, or khung when ``khung_ok``) that fill the two other slots."""
    found: set[A.Chow] = set()
    fits = [tile] if is_basic(tile) else sorted(KHUNG_RANGE[tile] & set(range(27)))
    runs: list[tuple[int, list[int]]] = []  # (run start, the two other slots)
    for t in fits:
        if t >= 27:
            continue
        for x in (t - 2, t - 1, t):
            if x >= 0 and x // 9 == t // 9 and x % 9 <= 6:
                runs.append((x, [x + i for i in range(3) if x + i != t]))
    for x, slots in runs:
        cands = []
        for t in slots:
            c = [t] if h[t] else []
            if khung_ok:
                c += [k for k in range(KHUNG0, NUM_KINDS) if h[k] and t in KHUNG_RANGE[k]]
            cands.append(c)
        for a in cands[0]:
            for b in cands[1]:
                if a == b and h[a] < 2:
                    continue
                if is_khung(tile) and is_khung(a) and is_khung(b):
                    continue
                found.add(A.Chow(x, min(a, b), max(a, b)))
    return sorted(found, key=A.ACTION_SPACE.id_of)


# -- the window -----------------------------------------------------------------------------


_ASKED = tuple(tuple((d + i) % PLAYERS for i in range(1, PLAYERS)) for d in range(PLAYERS))


def asked(discarder: int) -> tuple[int, ...]:
    """The seats a window on ``discarder``'s tile asks: the three others, next seat first."""
    return _ASKED[discarder]


def open_window(st: MatChuocState) -> ClaimWindow:
    """The window on the tile just discarded (``st.live``)."""
    live = st.live
    assert live is not None
    seats = _ASKED[live.seat]
    tile = live.tile
    found = {}
    for s in seats:
        opts = options(st, s, tile)
        if len(opts) > 1:
            found[s] = opts
    return ClaimWindow.open(seats, found, A.PASS)


def reopen(st: MatChuocState, window: ClaimWindow, kept: Mapping[int, Action]) -> ClaimWindow:
    """``window`` asked again after the hidden tiles were dealt again: the same seats, the
    options their new hands allow, only the answers ``kept``."""
    assert st.live is not None
    tile = st.live.tile
    found = {}
    for s in window.asked:
        opts = list(window.options[s]) if s in kept else options(st, s, tile)
        if len(opts) > 1:
            found[s] = opts
    fresh = ClaimWindow.open(window.asked, found, A.PASS)
    fresh.answers.update(kept)
    return fresh


def resolve(st: MatChuocState) -> None:
    """Every answer is in: the B.5 priority table over all of them (ù, then phỗng / coong,
    then ăn), or the next seat draws."""
    window = st.window
    assert window is not None
    st.window = None
    st.phase = "turn"
    answers = window.answers
    claims = [(i, s, a) for i, s in enumerate(window.asked) if type(a := answers[s]) is not A.Pass]
    if not claims:
        st.no_claim()
        return
    winners = [s for _, s, a in claims if type(a) is A.Win]
    if winners:
        if st.rules.multi_ron == "head_bump":
            winners = winners[:1]
        for s in winners:
            claimed(st, s, A.WIN)
        st.discard_wins(winners)
        return
    best: tuple[int, int, int, Action] | None = None  # (khung pair?, distance, seat, claim)
    for i, s, a in claims:
        if isinstance(a, A.Pung | A.Kong):
            real = isinstance(a, A.Kong) or a.a == a.b == a.kind
            key = (0 if real else 1, i, s, a)
            if best is None or key[:2] < best[:2]:
                best = key
    if best is not None:
        st.claim(best[2], best[3])
        return
    _, s, a = claims[0]  # an ăn: only the next seat may make one
    st.claim(s, a)


def claimed(st: MatChuocState, seat: int, action: Action) -> None:
    """The public ``claim`` event, with the tile claimed and whose discard it was."""
    assert st.live is not None
    st._claimed(seat, action)
    data = st.events[-1].data
    data["tile"] = st.live.tile
    data["from"] = st.live.seat
