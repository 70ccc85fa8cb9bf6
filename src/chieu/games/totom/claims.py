"""Tổ tôm claims (shared/rules B3.2): the window on the live card, and the ù check.

Every exposed card (a discard, a nọc card, a trả-cửa card) opens a claim window. It asks
**every seat its position allows**: every seat but the one that discarded the card, in the
order the table asks, by distance from the first seat asked (the drawer for a nọc card, the
right neighbour of the card's door for a discard). Who is asked never depends on a hidden card.
Each seat answers at once and in private: ù, dậy khàn, phỗng or bỏ qua, as its hand allows
(``claims``); a seat with no claim gets a pass-only decision. Strict mode makes a valid ù and
a dậy khàn the only answer (then the seat's "pass" is that claim).

Once every answer is in, ``resolve`` settles them as the table did seat by seat (B3.2: ù >
dậy khàn > phỗng > the decider): it reads the answers of the seats that may ù, by distance,
then of the seat that may take the card (at most one: only one seat can hold two of the other
three copies), and stops where that table stopped. A take chosen while a farther seat may
still ù waits for that seat's answer; a valid ù let go is remembered (bỏ ù); a dậy khàn let go
is khê khàn. The last nọc card can only be won on (B3.3, D-24).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from chieu.core.actions import Action
from chieu.core.decisions import ClaimWindow
from chieu.core.events import PRIVATE
from chieu.games.totom import actions as A
from chieu.games.totom import takes
from chieu.games.totom.analysis import rescuers, win_on
from chieu.games.totom.cards import KINDS, NUM_KINDS
from chieu.games.totom.faults import KHE_KHAN
from chieu.games.totom.partition import WinCheck

if TYPE_CHECKING:
    from chieu.games.totom.state import TotomState

PASS_ONLY: tuple[Action, ...] = (A.DECLINE,)  # the options of a seat with no claim
_NO_WIN = WinCheck(None, None)


def first_asked(st: TotomState) -> int:
    """The seat a window on the live card asks first: the drawer of a nọc card still his,
    else the right neighbour of the card's door (it also decides on the card)."""
    live = st.live
    assert live is not None
    if live.drawn and not live.passed:
        return live.door
    return (live.door + 1) % st.num_players


_ASKED: dict[tuple[int, int, int], tuple[int, ...]] = {}


def asked(st: TotomState) -> tuple[int, ...]:
    """Every seat but the card's discarder, by distance from the first seat asked."""
    live = st.live
    assert live is not None
    key = (st.num_players, first_asked(st), live.exposer)
    seats = _ASKED.get(key)
    if seats is None:
        n, first, exposer = key
        seats = _ASKED[key] = tuple(p for j in range(n) if (p := (first + j) % n) != exposer)
    return seats


# -- the ù check ----------------------------------------------------------------------------


def win_check(st: TotomState, seat: int) -> WinCheck:
    """Whether the live card completes ``seat``'s hand (cached per seat and card)."""
    assert st.live is not None
    card = st.live.card
    me = st.seats[seat]
    wc = me.wc.get(card)
    if wc is None:
        wc = me.wc[card] = compute_win(st, seat, card)
    return wc


def compute_win(st: TotomState, seat: int, card: int) -> WinCheck:
    me = st.seats[seat]
    only = me.rescuers()
    if only is not None and card not in only:
        return _NO_WIN  # an orphan among the held cards stays alone
    return win_on(me.free(), card, st.rules, fixed=me.fixed())


def wait_count(st: TotomState, seat: int, hand20: list[int]) -> int:
    """How many kinds ``seat``'s 20 cards (``hand20``, its face-down groups in it) waited
    on (for bạch thủ and chi nẩy)."""
    me = st.seats[seat]
    free = list(hand20)
    for k, c in me.down.items():
        free[k] -= c
    only = rescuers(free)
    fixed = me.fixed()
    held = list(hand20)
    for g in me.mat:
        for k in g.cards:
            held[k] += 1
    return sum(
        1
        for x in range(NUM_KINDS)
        if held[x] < 4
        and (only is None or x in only)
        and win_on(free, x, st.rules, fixed=fixed).win
    )


# -- the window -------------------------------------------------------------------------------


def claims(st: TotomState, seats: tuple[int, ...]) -> dict[int, tuple[Action, ...]]:
    """What each of ``seats`` may claim on the live card (``PASS_ONLY``: nothing)."""
    live = st.live
    assert live is not None
    card = live.card
    strict = st.rules.strict
    out = dict.fromkeys(seats, PASS_ONLY)
    taker = -1
    for p in seats:
        me = st.seats[p]
        wc = me.wc.get(card)
        if wc is None:
            only = me.rescuers()
            if only is not None and card not in only:
                wc = _NO_WIN  # an orphan among the held cards stays alone (not cached)
            else:
                wc = me.wc[card] = compute_win(st, p, card)
        if wc.win or (not strict and wc.complete):
            out[p] = (A.WIN,) if strict and wc.win else (A.WIN, A.DECLINE)
        held = me.hand[card]
        if held < 2:
            continue
        down = me.down.get(card, 0)
        khan = held == 3 and (down == 3 or card in me.cups)
        # with a card left to give back (trả cửa), never from a face-down khàn (takes.py)
        if (khan or (held == 2 and not down)) and takes.spare(me.hand, me.down, held - down):
            taker = p
    if live.drawn and not st.stock:
        taker = -1  # B3.3 / D-24: the last nọc card can only be won on, else a drawn game
    if taker >= 0:
        take = A.DAY_KHAN if st.seats[taker].hand[card] == 3 else A.PHONG
        if out[taker] != PASS_ONLY:  # he may ù or take it: one answer (a farther ù waits)
            if out[taker] != (A.WIN,):
                out[taker] = (A.WIN, take, A.DECLINE)
        else:
            compulsory = strict and take is A.DAY_KHAN
            out[taker] = (take,) if compulsory else (take, A.DECLINE)
    return out


def window_of(seats: tuple[int, ...], options: Mapping[int, tuple[Action, ...]]) -> ClaimWindow:
    """A window whose "pass" is bỏ qua, or a seat's one compulsory claim (strict mode)."""
    if all(o == PASS_ONLY for o in options.values()):
        return ClaimWindow.passing(seats, A.DECLINE)  # most windows: shared, answered at once
    forced = {p: o[0] for p, o in options.items() if len(o) == 1 and o != PASS_ONLY}
    if not forced:
        return ClaimWindow.open(seats, options, A.DECLINE)
    return ClaimWindow.open(seats, options, {p: forced.get(p, A.DECLINE) for p in seats})


def open_window(st: TotomState) -> ClaimWindow:
    """The window on the card just exposed."""
    seats = asked(st)
    return window_of(seats, claims(st, seats))


def reopen(st: TotomState, window: ClaimWindow, kept: Mapping[int, Action]) -> ClaimWindow:
    """``window`` asked again after the hidden cards were dealt again: the same seats, the
    options their new hands allow, only the answers ``kept`` (with the options they had)."""
    options = claims(st, window.asked)
    for p in kept:
        options[p] = window.options[p]
    fresh = window_of(window.asked, options)
    fresh.answers.update(kept)
    return fresh


def asking_order(window: ClaimWindow) -> list[int]:
    """The seats that may claim, in the order a seat-by-seat table asked them: those that may
    ù by distance, then the seat that may take the card."""
    claimants = [p for p in window.asked if window.options[p] != PASS_ONLY]
    queue = [p for p in claimants if A.WIN in window.options[p]]
    return queue + [p for p in claimants if p not in queue]


def answer_steps(st: TotomState) -> dict[int, int]:
    """The step of each recorded answer of the window just closed: its private ``action``
    events are the last events (an answer with no alternative is not recorded)."""
    steps: dict[int, int] = {}
    step = st.steps
    for e in reversed(st.events):
        if e.type != "action" or e.hidden != PRIVATE or e.actor is None:
            break
        step -= 1
        steps[e.actor] = step
    return steps


def resolve(st: TotomState) -> None:
    """Every answer is in: carry out the claim that wins (B3.2), or go on to the decider."""
    window = st.window
    assert window is not None
    opts, answers = window.options, window.answers
    st.window = None
    queue = asking_order(window)
    if not queue:
        st.after_claims()
        return
    steps = answer_steps(st)
    waiting: tuple[int, Action] | None = None
    for i, p in enumerate(queue):
        answer = answers[p]
        st.moving = steps.get(p, -1)  # a fault of this answer names it
        if answer is A.WIN:
            _claimed(st, p, answer)
            st.win(p)
            return
        if A.WIN in opts[p] and win_check(st, p).win:
            st.seats[p].missed.append(st.live_card)  # a valid ù let go (bỏ ù)
        if answer is A.DECLINE:
            if A.DAY_KHAN in opts[p]:
                code = KINDS.codes[st.live_card]
                msg = f"did not raise the khàn of {code} when its 4th card was shown"
                st.fault(KHE_KHAN, p, msg + " (khê khàn → chèo đò)")
        elif any(A.WIN in opts[q] for q in queue[i + 1 :]):
            waiting = (p, answer)  # ù comes first (B3.2): a farther seat is heard
        else:
            _claimed(st, p, answer)
            st.take(p, answer)
            return
    if waiting is not None:
        st.moving = steps.get(waiting[0], -1)
        _claimed(st, *waiting)
        st.take(*waiting)
    else:
        st.after_claims()


def _claimed(st: TotomState, seat: int, action: Action) -> None:
    """The public ``claim`` event, with the card claimed and where it lay."""
    live = st.live
    assert live is not None
    st._claimed(seat, action)
    st.events[-1].data.update(card=live.card, door=live.door, drawn=live.drawn)
