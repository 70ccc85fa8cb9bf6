"""Chắn claims (shared/rules A3.4, A4): the window on an exposed card, and the ù verdict.

Every exposure (a đánh, a bốc, a trả cửa) opens a claim window. It asks **every seat its
position allows**: each seat by door distance from the card's door (the door's owner first),
except the seat that exposed the card and the báo'd seats. So for a nọc card the drawer is
asked first, and who is asked never depends on a hidden card. Each seat answers at once and
in private: ù, chíu or bỏ qua, as its hand allows (``options``); a seat with no claim gets a
pass-only decision.

Once every answer is in, ``resolve`` settles them as the table does (A3.4): ù beats chíu,
among ù claims the nearest door distance wins, and chíu beats the decider. It reads the
answers in the order a seat-by-seat table would ask them (the seats that may ù by door
distance, then the seat that may chíu) and stops where that table would stop; a chíu with a
farther ù still to hear waits for it. Declining a legal ù is remembered (bỏ ù).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from chieu.core.actions import Action
from chieu.core.decisions import ClaimWindow
from chieu.games.chan.actions import CHIU, DECLINE, WIN
from chieu.games.chan.analysis import BACH_THU_CHI, count_chan, pairs_up, waits, win_chan
from chieu.games.chan.cards import CC
from chieu.games.chan.faults import claim_leaves_clean_discard, fault_messages
from chieu.games.chan.patterns import MatGroup, WinContext

if TYPE_CHECKING:
    from chieu.games.chan.state import ChanState


# -- the window -----------------------------------------------------------------------------

#: [players][door][exposer, -1 for none]: the seats by door distance from ``door`` (the
#: door's owner first), but the exposer (``asked`` without the báo'd seats)
_ASKED = tuple(
    tuple(
        tuple(tuple(p for j in range(n) if (p := (door + j) % n) != e) for e in range(n + 1))
        for door in range(n)
    )
    for n in range(5)
)


def asked(st: ChanState, exposer: int | None) -> tuple[int, ...]:
    """The seats a window on the live card asks, by door distance from its door: all but
    ``exposer`` (the seat that discarded or returned it; None for a nọc card) and báo'd seats."""
    assert st.live is not None
    row = _ASKED[st.num_players][st.live.door][-1 if exposer is None else exposer]
    if st.bao_order:
        seats = st.seats
        return tuple(p for p in row if not seats[p].bao)
    return row


def options(st: ChanState, p: int) -> tuple[Action, ...]:
    """What seat ``p`` may claim on the live card: ``(ù, chíu, bỏ qua)`` as they apply, or
    nothing. Strict mode offers ù only when it is legal and free of faults, and chíu only when
    a fault-free trả cửa or đánh can follow (C1); referee mode also offers an ù that is a
    fault (ù láo on any card that pairs the hand up, chờ chi rộng, bỏ ù). No chíu takes a hand's
    last three cards: nothing would be left to trả cửa (only a chíu ù may take them)."""
    live = st.live
    assert live is not None
    card = live.card
    strict = st.rules.strict
    me = st.seats[p]
    three = me.hand[card] == 3
    if strict and not live.from_nocc and not three:
        return ()  # only a chíu (or a chíu ù) can claim a discard
    can_win = False
    if (three or card in me.pair_waits()) and (live.from_nocc or three):
        verdict = win_verdict(st, p)
        if verdict is None and strict and fault_messages(st, p, WIN):
            verdict = "fault"
        can_win = verdict is None or (not strict and verdict in ("chi_rong", "bo_u"))
    if not can_win and not strict and card in me.pair_waits():
        can_win = True  # referee mode: he may claim (and commit ù láo)
    opts: list[Action] = [WIN] if can_win else []
    if (
        three
        and not st.final
        and sum(me.hand) > 3  # a card must be left to trả cửa: else it is a chíu ù or nothing
        and (not strict or claim_leaves_clean_discard(st, p, card, chiu=True))
    ):
        opts.append(CHIU)
    return (*opts, DECLINE) if opts else ()


def open_window(st: ChanState, exposer: int | None) -> ClaimWindow | None:
    """The window on the card just exposed (None when no seat may be asked)."""
    live = st.live
    assert live is not None
    card, seats = live.card, st.seats
    who = asked(st, exposer)
    if not who:
        return None
    # a seat may claim only with three of the card, or when it pairs his hand up (and, in
    # strict mode, only a chíu can claim a discard): ``options`` of any other seat is empty
    nocc = live.from_nocc or not st.rules.strict
    found: dict[int, tuple[Action, ...]] | None = None
    for p in who:
        me = seats[p]
        if me.hand[card] == 3 or (nocc and card in me.pair_waits()):
            o = options(st, p)
            if o:
                if found is None:
                    found = {}
                found[p] = o
    if found is None:
        return ClaimWindow.passing(who, DECLINE)
    return ClaimWindow.open(who, found, DECLINE)


def reopen(st: ChanState, window: ClaimWindow, kept: Mapping[int, Action]) -> ClaimWindow:
    """``window`` asked again after the hidden cards were dealt again: the same seats, the
    options their new hands allow, only the answers ``kept``."""
    opts = {p: window.options[p] if p in kept else options(st, p) for p in window.asked}
    fresh = ClaimWindow.open(window.asked, {p: o for p, o in opts.items() if o}, DECLINE)
    fresh.answers.update(kept)
    return fresh


def asking_order(window: ClaimWindow) -> list[int]:
    """The seats with a claim in the order a seat-by-seat table asks them: those that may ù
    by door distance, then the seat that may chíu (at most one) if it may not ù."""
    opts = window.options
    ask = [p for p in window.asked if WIN in opts[p]]
    return ask + [p for p in window.asked if CHIU in opts[p] and p not in ask]


def resolve(st: ChanState) -> None:
    """Every answer is in: carry out the claim that wins (A3.4), or go on to the decider."""
    window = st.window
    assert window is not None
    opts, answers = window.options, window.answers
    st.window = None
    if window.only_passes or max(map(len, opts.values())) == 1:  # nobody could claim
        st.after_claims()
        return
    order = asking_order(window)
    deferred = -1
    for i, p in enumerate(order):
        answer = answers[p]
        if answer == WIN:
            found = [] if st.rules.strict else fault_messages(st, p, WIN)
            _claimed(st, p, WIN)
            st.win(p, found)
            return
        legal = WIN in opts[p] and (st.rules.strict or win_verdict(st, p) is None)
        if answer == CHIU and not any(WIN in opts[q] for q in order[i + 1 :]):
            _claimed(st, p, CHIU)
            st.chiu(p)
            return
        if answer == CHIU:
            deferred = p  # ù beats chíu: a farther seat that may ù is heard first
        if legal:
            st.missed_win(p)
    if deferred >= 0:
        _claimed(st, deferred, CHIU)
        st.chiu(deferred)
    else:
        st.after_claims()


def _claimed(st: ChanState, seat: int, action: Action) -> None:
    """The public ``claim`` event, with the card claimed."""
    card = st.live_card
    st._claimed(seat, action)
    st.events[-1].data["card"] = card


# -- ù (A4) ---------------------------------------------------------------------------------


def _thien(st: ChanState, seat: int) -> bool:
    """The cái's opening turn: a win now is thiên ù on his 20 dealt cards."""
    return st.opening and st.phase == "discard" and seat == st.actor


def may_offer_thien_u(st: ChanState, seat: int) -> bool:
    """Offer thiên ù: strict mode when it is legal; referee mode whenever the 20 cards pair up
    (any chắn count: a wrong one is ù láo)."""
    if st.rules.strict:
        return win_verdict(st, seat) is None
    return pairs_up(st.seats[seat].hand)


def win_verdict(st: ChanState, seat: int) -> str | None:
    """None when ``seat`` may legally ù now; otherwise why not (A4)."""
    me = st.seats[seat]
    hand = me.hand
    mc = me.mat_chan
    if _thien(st, seat):
        if win_chan(hand, mc) >= 0:
            return None
        return (
            "bài chưa tròn (còn què)" if not pairs_up(hand) else "thiếu chắn (cần ít nhất 6 chắn)"
        )
    live = st.live
    if live is None:
        return "không có quân nào để ù"
    card = live.card
    chiu_u = hand[card] >= 3
    if not live.from_nocc and not chiu_u:
        return "chỉ được ù quân bốc từ nọc (hoặc chíu ù), không ù quân đánh ra"
    h = list(hand)
    if chiu_u:
        h[card] -= 3
        mc += 2
    else:
        h[card] += 1
    if not pairs_up(h):
        return "bài chưa tròn (còn què hoặc ba đầu)"
    if win_chan(h, mc) < 0:
        return "thiếu chắn (cần ít nhất 6 chắn)"
    hs = me.hist
    if card == CC and waits(hand, me.mat_chan, allow_chi_rong=True).kind != BACH_THU_CHI:
        # "nếu chi lên ngay": no action yet and no eat declined (no chance to change)
        unchanged = hs.actions == 0 and not hs.declined_chan and not hs.declined_ca_ranks
        if not (st.rules.chi_rong == "allow_if_unchanged" and unchanged):
            return "chi_rong"
    scope = st.rules.bo_u_scope
    if hs.missed and (
        scope == "window"
        or (scope == "kind" and any(k == card for k, _, _ in hs.missed))
        or (scope == "card" and any(e == st.exposure and d < st.draws for _, e, d in hs.missed))
    ):
        return "bo_u"
    return None


def win_context(st: ChanState, seat: int) -> WinContext:
    """The facts of ``seat``'s win now (the cước read them), as his hand and mat will be
    once he has taken the live card."""
    me = st.seats[seat]
    hand = list(me.hand)
    mat = list(me.mat)
    live = st.live
    if live is None:  # thiên ù
        card, wait_kind, chiu_u, self_drawn, dia = None, None, False, False, False
    else:
        card = live.card
        wait_kind = waits(me.hand, me.mat_chan, allow_chi_rong=True).kind
        chiu_u = hand[card] >= 3
        # chì: the card lies in his own door and is not a discard: his own draw, or a card
        # put back into his door by trả cửa (A5.2)
        self_drawn = live.door == seat and live.origin in ("drawn", "returned")
        dia = st.draws == 1 if live.from_nocc else st.draws == 0
        if chiu_u:
            hand[card] -= 3
            mat.append(((card,) * 4, "chiu"))
        else:
            hand[card] += 1
    return WinContext(
        hand=tuple(hand),
        mat=tuple(MatGroup(kinds, how) for kinds, how in mat),
        winning_card=card,
        wait_kind=wait_kind,
        self_drawn=self_drawn,
        thong=st.setup.get("prev_winner") == seat,
        thien_u=live is None,
        dia_u=dia,
        chiu_u=chiu_u,
        chiu_count=me.chiu_count,
        dealt_no_chan=count_chan(me.dealt) == 0,
    )
