"""The Chắn state machine (shared/rules A2–A6): the transitions.

Phases: ``discard`` (the actor must đánh; at the opening the cái may also declare thiên ù),
``return`` (trả cửa after a chíu), ``claim`` (a claim window on the live card: every seat its
position allows answers ù, chíu or bỏ qua; ``claims``), ``decide`` (the decider eats the live
card, draws, or passes his own draw), ``announce`` (declared xướng), ``end``.

Who a window asks, what each seat may claim and which claim wins are in ``claims``; the faults
in ``fault_rules`` and their referee in ``faults``; what a seat sees in ``views``; the zones
and the worlds of the search bot in ``worlds``. Everything after the deal is public in Chắn;
each hand is private.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from itertools import compress
from typing import Literal

from chieu.core.actions import Action
from chieu.core.decisions import ClaimWindow, DecisionKind
from chieu.core.errors import ChieuError
from chieu.core.events import Event
from chieu.core.jsonio import JsonObject
from chieu.core.notation import Lang
from chieu.core.outcome import Fault, Outcome, PatternHit, Termination
from chieu.core.rng import Rng
from chieu.core.scaffold import copied
from chieu.core.state import StateBase
from chieu.core.view import Live as LiveView
from chieu.core.view import SeatView, Zone
from chieu.core.zones import ZoneSpec
from chieu.games.chan import actions as A
from chieu.games.chan import claims, scoring, views, worlds
from chieu.games.chan.actions import (
    Announce,
    AnnounceDone,
    DeclareWin,
    Discard,
    Draw,
    Eat,
    Pass,
    ReturnToDoor,
)
from chieu.games.chan.cards import KINDS, rank_of
from chieu.games.chan.fault_rules import BAO, BY_VERB, NAT, PAY12, ChanFault, XuongSai
from chieu.games.chan.faults import (
    blocked_discards,
    ca_partner,
    clean_eats,
    fault_event,
    fault_messages,
    note_declined,
    note_eat,
)
from chieu.games.chan.rules import Rules
from chieu.games.chan.setups import ChanSetup, deal_piles, parse_setup
from chieu.games.chan.views import ChanObservation
from chieu.games.chan.worlds import Live, Seat

Phase = Literal["discard", "return", "claim", "decide", "announce", "end"]
ANNOUNCE_CAP = 4
Found = list[tuple[ChanFault, str]]

_NOBODY: frozenset[int] = frozenset()
_event = tuple.__new__  # Event(...) without the named tuple's Python-level __new__ (hot path)
_DECK = tuple(KINDS.deck())  # every card of the deck, in kind order (shuffled for each deal)
#: the verbs no fault rule judges (bốc, dưới, xướng...): ``fault_messages`` finds none at once
_NO_FAULT = frozenset(
    a.verb
    for a in A.ACTION_SPACE
    if a.verb not in ("discard", "return", "eat") and not BY_VERB.get(a.verb)
)


class ChanState(StateBase):
    """One deal of Chắn. Create with ``ChanGame.new_state`` (or directly)."""

    phase: Phase
    setup: ChanSetup
    # the legal actions, seat, verb and blocked cards the default of a turn was found with
    _blocked_now: tuple[list[Action], int, str, AbstractSet[int]] | None = None

    def __init__(
        self,
        rules: Rules | None = None,
        seed: int = 0,
        *,
        setup: Mapping[str, object] | None = None,
        deal: Sequence[int] | None = None,
    ) -> None:
        self.rules = rules = rules or Rules()
        self.seed = seed
        n = self.num_players = rules.players
        self.setup = parse_setup(setup, n)
        bat_cai = self.setup["bat_cai"]
        if deal is None:
            deck = Rng(seed, "chan", "deal").shuffled(_DECK)
        else:
            deck = [int(k) for k in deal]
            if sorted(deck) != KINDS.deck():
                raise ChieuError("a Chắn deal is the 100 cards of the deck, each kind 4 times")
        piles, stock, cai_card = deal_piles(deck)
        step = 1 if rules.count_dir == "right" else -1
        self.bat_cai = bat_cai
        self.cai_card = cai_card
        self.cai_seat = cai = (bat_cai + step * (rank_of(cai_card) - 1)) % n
        self.cai_card_held = True  # the cái still holds the (public) cái card's kind
        dealt = [sorted(piles[(s - cai) % n]) for s in range(n)]  # each hand's kinds
        self.seats: list[Seat] = []
        for cards in dealt:
            hand = KINDS.counts(cards)
            self.seats.append(Seat(hand, tuple(hand)))
        self.set_aside: list[int] = [k for j in range(n, 4) for k in piles[j]]
        self.stock: list[int] = stock  # the top is the end of the list
        self.drawable = len(stock) - 1 if rules.last_nocc_dead else len(stock)
        self.draws = 0
        self.exposure = 0  # physical cards shown so far (a passed card stays the same)
        self.live: Live | None = None
        self.returning: Live | None = None  # the chíu'd card a trả cửa puts a card in place of
        self.final = False  # the last drawable card is live: only ù claims
        self.phase = "discard"
        self.actor = cai
        self.opening = True
        self.window: ClaimWindow | None = None
        self.bao_order: list[int] = []
        self.pay12: list[int] = []
        self.faults: list[Fault] = []
        self.winner: int | None = None
        self.hits: list[PatternHit] = []
        self.true_score = 0
        self.announced: dict[str, int] = {}
        self.payments: tuple[tuple[int, int, int], ...] = ()  # (payer, payee, amount) at the end
        self._outcome: Outcome | None = None
        self.steps = 0
        self._legal_at = -1
        self._legal: list[Action] = []
        self._legal_clean = False  # the legal actions commit no fault (strict mode)
        self.events: list[Event] = [
            Event("deal", None, {"deck": deck}, _NOBODY, ("deck",)),
            *(
                Event("hand", s, {"cards": cards, "size": len(cards)}, frozenset({s}), ("cards",))
                for s, cards in enumerate(dealt)
            ),
            Event(
                "bat_cai",
                bat_cai,
                {"cai_card": cai_card, "cai_seat": cai, "prev_winner": self.setup["prev_winner"]},
            ),
        ]

    # ------------------------------------------------------------------ what is live
    @property
    def live_card(self) -> int:
        return -1 if self.live is None else self.live.card

    @property
    def return_door(self) -> int | None:
        return None if self.returning is None else self.returning.door

    # ------------------------------------------------------------------ the turn
    def _decision_kind(self) -> DecisionKind:
        return "declare" if self.phase == "announce" else "turn"

    def _default_action(self, seat: int, actions: Sequence[Action]) -> Action:
        """bốc (dưới on one's own draw); xướng xong; a thiên ù offered free of faults; else
        the lowest card to đánh or trả cửa that commits no fault (docs/rules/chan.md, 6.4)."""
        phase = self.phase
        if phase in ("decide", "announce"):
            return actions[-1]  # bốc (dưới on his own draw), xướng xong: always the last
        if actions[-1] is A.WIN and self.fault_of(seat, A.WIN) is None:
            return A.WIN  # thiên ù at the opening discard: never thrown away
        if self._legal_clean:
            return actions[0]  # strict mode: every card offered is free of faults
        verb = "return" if phase == "return" else "discard"
        blocked = blocked_discards(self, seat, returning=verb == "return")
        self._blocked_now = (self._legal, seat, verb, blocked)  # apply reads it (_known_clean)
        for a in actions:
            if a.verb == verb and a.card not in blocked:  # type: ignore[attr-defined]
                return a
        return actions[0]

    def _legal_actions(self, cur: int) -> list[Action]:
        strict = self._legal_clean = self.rules.strict
        hand = self.seats[cur].hand
        acts: list[Action]
        if self.phase == "discard":
            acts = list(compress(A.DISCARD, hand))  # every card held
            if strict:  # only those that commit no fault, if any
                blocked = blocked_discards(self, cur)
                clean = [a for a in acts if a.card not in blocked]  # type: ignore[attr-defined]
                self._legal_clean, acts = bool(clean), clean or acts
            if self.opening and claims.may_offer_thien_u(self, cur):
                acts.append(A.WIN)
            return acts
        if self.phase == "decide":
            assert self.live is not None
            # no eat with the last card in hand: nothing would be left to đánh
            acts = [eat for k, eat in A.EATS_OF[self.live.card] if hand[k]] if sum(hand) > 1 else []
            if strict and acts:
                acts = clean_eats(self, cur, acts)
            acts.append(A.PASS if self.live.role == "drawn" and cur == self.live.drawer else A.DRAW)
            return acts
        if self.phase == "return":
            acts = list(compress(A.RETURN, hand))
            if strict:
                blocked = blocked_discards(self, cur, returning=True)
                clean = [a for a in acts if a.card not in blocked]  # type: ignore[attr-defined]
                self._legal_clean = bool(clean)
                return clean or acts
            if self.return_door != cur:
                acts += compress(A.DISCARD, hand)  # T1 treo tranh
            return acts
        if self.phase == "announce":
            true = {h.id: h.count for h in self.hits}
            acts = [
                act
                for cid, act in A.ANNOUNCE.items()
                if self.announced.get(cid, 0) < (true.get(cid, 0) if strict else ANNOUNCE_CAP)
            ]
            return [*acts, A.ANNOUNCE_DONE]
        return []

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        seat = self._check(action, seat)
        if self.window is not None:
            return self._take_answer(seat, action)  # a private answer (claims.resolve)
        clean = self._legal_clean or action.verb in _NO_FAULT or self._known_clean(seat, action)
        start = len(self.events)
        self.steps += 1
        ev: dict[str, object] = {"action": A.json_of(action)}
        self.events.append(_event(Event, ("action", seat, ev, None, ())))  # a public event
        found: Found = [] if clean else fault_messages(self, seat, action)
        match action:
            case Discard(card=card):
                self._discard(seat, card, found)
            case Eat(card=card):
                ev["card"] = self.live_card
                self._eat(seat, card, found)
            case Draw():
                self._draw(seat, ev)
            case Pass():
                self._pass(seat)
            case ReturnToDoor(card=card):
                self._return(seat, card, found)
            case DeclareWin():
                self.win(seat, found)  # thiên ù: the cái's opening turn
            case Announce(cuoc=cid):
                self.announced[cid] = self.announced.get(cid, 0) + 1
            case AnnounceDone():
                self._announce_done(seat)
        return self.events[start:]

    def _known_clean(self, seat: int, action: Action) -> bool:
        """The default of this very position (same legal actions, same seat) computed the
        cards whose đánh or trả cửa commits a fault: a card outside them commits none, as
        ``fault_messages`` would find at once (referee mode; strict mode offers no fault)."""
        known = self._blocked_now
        return (
            known is not None
            and known[0] is self._legal
            and known[1] == seat
            and known[2] == action.verb
            and action.card not in known[3]  # type: ignore[attr-defined]
        )

    def _commit(self, seat: int, found: Found) -> None:
        """Record the faults an action committed, and their penalties (A6)."""
        me = self.seats[seat]
        for rule, msg in found:
            fault = rule.fault(seat, msg, self.steps - 1)
            self.faults.append(fault)
            self.events.append(fault_event(fault))  # the explanation to the offender only
            if rule.penalty == NAT:
                me.nat = True
            elif rule.penalty == BAO and not me.bao:
                me.bao = True
                self.bao_order.append(seat)
                self.events.append(Event("bao", seat, {"fault": rule.id}))
            elif rule.penalty == PAY12 and seat not in self.pay12:
                self.pay12.append(seat)

    def _left_hand(self, seat: int, kind: int) -> None:
        """A card of ``kind`` publicly left ``seat``'s hand."""
        if seat == self.cai_seat and kind == self.cai_card:
            self.cai_card_held = False  # the face-up cái card may be the one that left
        me = self.seats[seat]
        me.forget()
        me.hist.missed.clear()
        me.hist.actions += 1

    def _throw(self, seat: int, card: int, door: int, found: Found) -> None:
        """A card leaves the hand for ``door``: a đánh or a trả cửa."""
        me = self.seats[seat]
        if found:
            self._commit(seat, found)
        me.hand[card] -= 1
        me.hist.note_discard(card)
        self._left_hand(seat, card)
        self.seats[door].door.append(card)

    def _discard(self, seat: int, card: int, found: Found) -> None:
        me = self.seats[seat]
        partner = ca_partner(me.hand, card)
        if partner is not None:
            me.hist.torn_ca.add(partner)  # xé cạ
        me.hist.waits_before_eat = None
        self._throw(seat, card, seat, found)
        self.opening = False
        self.returning = None  # a đánh in the return phase is treo tranh (T1)
        self._set_live(Live(card, seat, "discard", "discard", -1, False))
        self._open_claims(seat)

    def _return(self, seat: int, card: int, found: Found) -> None:
        back = self.returning
        assert back is not None
        self._throw(seat, card, back.door, found)
        self.returning = None
        self._set_live(Live(card, back.door, "returned", back.role, back.drawer, False))
        self._open_claims(seat)

    def _eat(self, seat: int, hcard: int, found: Found) -> None:
        live = self.live
        assert live is not None
        me = self.seats[seat]
        is_chan = hcard == live.card
        note_eat(me, live.card, hcard, me.hist)
        if found:
            self._commit(seat, found)
        me.hand[hcard] -= 1
        self.seats[live.door].door.pop()
        me.mat.append(((hcard, live.card), "chan" if is_chan else "ca"))
        me.mat_chan += int(is_chan)
        self._left_hand(seat, hcard)
        self.live = None
        self.phase, self.actor = "discard", seat

    def _draw(self, seat: int, ev: dict[str, object]) -> None:
        if self.live is not None:
            note_declined(self.seats[seat], self.live.card)
        card = self.stock.pop()
        self.draws += 1
        ev["card"] = card
        self.seats[seat].door.append(card)
        self._set_live(Live(card, seat, "drawn", "drawn", seat, True))
        self.final = self.draws >= self.drawable
        self._open_claims(None)

    def _pass(self, seat: int) -> None:
        live = self.live
        assert live is not None
        note_declined(self.seats[seat], live.card)
        self.live = Live(live.card, live.door, "passed", "discard", live.drawer, live.from_nocc)
        self._decide(self._next_active(live.door))

    def missed_win(self, seat: int) -> None:
        """``seat`` let a legal ù on the live card go by (for bỏ ù, fault 13)."""
        self.seats[seat].hist.missed.add((self.live_card, self.exposure, self.draws))

    def chiu(self, seat: int) -> None:
        """Carry out a chíu of the live card (claims.resolve decided it)."""
        live = self.live
        assert live is not None
        me = self.seats[seat]
        card = live.card
        decider = self._decider_of_live()
        me.hand[card] -= 3
        self.seats[live.door].door.pop()
        me.mat.append(((card,) * 4, "chiu"))
        me.mat_chan += 2
        me.chiu_count += 1
        self._left_hand(seat, card)
        self.live = None
        if seat == decider:  # his own cửa-trên card or his own draw: an ordinary đánh follows
            self.phase, self.actor = "discard", seat
        else:  # trả cửa into the door the card came from, which takes over its role
            self.returning = live
            self.phase, self.actor = "return", seat

    def win(self, seat: int, found: Found) -> None:
        """``seat`` declares ù (a claim on the live card, or thiên ù)."""
        verdict = claims.win_verdict(self, seat)
        me = self.seats[seat]
        # whoever declares ù lays his hand down for the table to check (A5.1)
        me.shown = True
        self.events.append(Event("show", seat, {"hand": KINDS.kinds_of(me.hand)}))
        self._commit(seat, found)  # ù láo...; or tách chắn / tách cạ exposed at the win
        if verdict is not None:
            if seat not in self.pay12:
                self.pay12.append(seat)
            self._finish(None, Termination.FAULT)
            return
        ctx = claims.win_context(self, seat)
        self._lay_down(seat)
        hits, score = scoring.evaluate(ctx, self.rules)
        if me.bao:
            # a win that exposes a báo fault (5 or 9, "ù với quân còn lại") is void: the
            # offender đền làng, paying his own hand's score to every other seat [shared/rules
            # A5.4, proposal for the winner's own case]
            self.events.append(Event("u_void", seat, {"score": score}))
            self._finish(None, Termination.FAULT, den=(seat, score))
            return
        self.winner = seat
        self.hits, self.true_score = list(hits), score
        self.events.append(
            Event(
                "win",
                seat,
                {
                    "card": ctx.winning_card,
                    "cuoc": [h.to_json() for h in hits],
                    "score": score,
                    "hand": KINDS.kinds_of(me.hand),
                },
            )
        )
        if self.rules.xuong == "declared":
            self.phase, self.actor = "announce", seat
            return
        self._settle_win(seat, score, None)

    def _lay_down(self, seat: int) -> None:
        """The winner takes the live card: into his hand, or with his three to the mat."""
        live = self.live
        if live is None:
            return  # thiên ù: his 20 dealt cards
        me = self.seats[seat]
        self.seats[live.door].door.pop()
        if me.hand[live.card] >= 3:  # chíu ù
            if seat == self.cai_seat and live.card == self.cai_card:
                self.cai_card_held = False  # the kind left his hand for the mat
            me.hand[live.card] -= 3
            me.mat.append(((live.card,) * 4, "chiu"))
            me.mat_chan += 2
        else:
            me.hand[live.card] += 1

    def _announce_done(self, seat: int) -> None:
        decl = scoring.check_declaration(self.announced, self.hits, self.rules)
        self.events.append(
            Event("xuong", seat, {"declared": dict(self.announced), "correct": decl.correct})
        )
        if not decl.correct:
            over = ", ".join(decl.over)
            self._commit(seat, [(XuongSai(), f"xướng thừa hoặc sai: {over}")])
            self._settle_win(seat, self.true_score, decl.declared_score)
        else:
            self._settle_win(seat, decl.paid_score, None)

    def _settle_win(self, seat: int, score: int, wrong: int | None) -> None:
        if wrong is None and score < self.rules.min_u_score:
            # "không chơi ù suông": a win below the table minimum pays like 8 đỏ 2 lèo
            self.events.append(
                Event("u_thieu_diem", seat, {"score": score, "min": self.rules.min_u_score})
            )
            if seat not in self.pay12:
                self.pay12.append(seat)
            self._finish(None, Termination.FAULT, score=score)
            return
        self._finish(seat, Termination.WIN, score=score, wrong=wrong)

    def _finish(
        self,
        winner: int | None,
        term: Termination,
        *,
        score: int = 0,
        wrong: int | None = None,
        den: tuple[int, int] | None = None,
    ) -> None:
        paid = scoring.transfers(
            self.num_players,
            winner=winner,
            score=score,
            declaration_wrong_score=wrong,
            bao=tuple(s for s in self.bao_order if den is None or s != den[0]),
            nat=winner is not None and self.seats[winner].nat,
            penalty_12=tuple(self.pay12),
            stake=self.rules.stake,
        )
        if den is not None:  # đền làng: the offender pays his own hand's score to each
            offender, amount = den
            unit = amount * self.rules.stake
            paid += [(offender, s, unit) for s in range(self.num_players) if s != offender]
        self.payments = tuple(paid)
        payoffs = scoring.net(self.num_players, paid)
        self.phase = "end"
        self.window = None
        self.live = None
        details: dict[str, object] = {
            "bao": list(self.bao_order),
            "penalty_12": list(self.pay12),
            "nat": [s for s, seat in enumerate(self.seats) if seat.nat],
        }
        if winner is not None:
            details["true_score"] = self.true_score
            if self.rules.xuong == "declared":
                details["declared"] = dict(self.announced)
        self._outcome = Outcome(
            term,
            tuple(payoffs),
            winner,
            score if winner is not None else None,
            tuple(self.hits) if winner is not None else (),
            tuple(self.faults),
            details,
        )
        self.events.append(Event("end", None, self._outcome.to_json()))

    # ------------------------------------------------------------------ flow
    def _set_live(self, live: Live) -> None:
        self.live = live
        self.exposure += 1  # another physical card is shown

    def _next_active(self, seat: int) -> int:
        n = self.num_players
        if not self.bao_order:  # nobody is báo'd: the next seat
            return (seat + 1) % n
        for j in range(1, n + 1):
            t = (seat + j) % n
            if not self.seats[t].bao:
                return t
        return seat

    def _decider_of_live(self) -> int:
        live = self.live
        assert live is not None
        if live.role == "drawn" and not self.seats[live.drawer].bao:
            return live.drawer
        return self._next_active(live.door)

    def _decide(self, seat: int) -> None:
        if self.num_players - len(self.bao_order) < 2:
            # everyone else is báo: the game stops on faults, without a winner (SD ALL_BAO)
            self._finish(None, Termination.FAULT)
            return
        self.phase, self.actor = "decide", seat

    def _open_claims(self, exposer: int | None) -> None:
        """A claim window on the card just exposed (A3.4), or straight to its decider."""
        self.window = claims.open_window(self, exposer)
        if self.window is None:
            self.after_claims()
        else:
            self.phase = "claim"

    def after_claims(self) -> None:
        """Nobody claimed the live card: its decider takes his turn (or, on the last drawable
        card, the game ends hòa)."""
        if self.final:
            self._finish(None, Termination.NO_WINNER)
            return
        self._decide(self._decider_of_live())

    def _resolve_window(self) -> None:
        claims.resolve(self)

    def _reopen_window(self, window: ClaimWindow, kept: Mapping[int, Action]) -> ClaimWindow:
        return claims.reopen(self, window, kept)

    def win_verdict(self, seat: int) -> str | None:
        """None when ``seat`` may legally ù now; otherwise why not (A4; ``claims``)."""
        return claims.win_verdict(self, seat)

    # ------------------------------------------------------------------ zones (worlds.py)
    def zone_specs(self) -> tuple[ZoneSpec, ...]:
        return worlds.zone_specs(self)

    def zones(self) -> dict[str, list[int]]:
        return worlds.zones(self)

    def _set_zones(self, zones: Mapping[str, Sequence[int]]) -> None:
        worlds.set_zones(self, zones)

    def _after_resample(self, seat: int | None) -> None:
        self._blocked_now = None
        for s in self.seats:
            s.forget()
        self.__dict__.pop("_views", None)
        super()._after_resample(seat)

    def revealed(self) -> frozenset[int]:
        """The hands laid down to claim ù; every hand at the end (the faults are explained)."""
        if self.phase == "end":
            return frozenset(range(self.num_players))
        return frozenset(s for s, seat in enumerate(self.seats) if seat.shown)

    # ------------------------------------------------------------------ views (views.py)
    def observation(self, seat: int | None) -> ChanObservation:
        return views.observation(self, seat)

    def view_zones(self, seat: int | None, lang: Lang = "vi") -> tuple[Zone, ...]:
        return views.view_zones(self, seat, lang)

    def view_seats(self, lang: Lang = "vi") -> tuple[SeatView, ...]:
        return views.view_seats(self, lang)

    def view_live(self) -> LiveView | None:
        return views.view_live(self)

    def view_extra(self, seat: int | None) -> JsonObject:
        return views.view_extra(self)

    def fault_of(self, seat: int, action: Action) -> tuple[str, str] | None:
        return views.fault_of(self, seat, action)

    # ------------------------------------------------------------------ copies
    def snapshot(self) -> dict[str, object]:
        return worlds.snapshot(self)

    def clone(self) -> ChanState:
        st = copied(self)
        st.seats = [s.copy() for s in self.seats]
        st.stock = list(self.stock)
        st.set_aside = list(self.set_aside)
        st.bao_order = list(self.bao_order)
        st.pay12 = list(self.pay12)
        st.faults = list(self.faults)
        st.hits = list(self.hits)
        st.announced = dict(self.announced)
        return st

    def __repr__(self) -> str:
        return (
            f"<ChanState seed={self.seed} phase={self.phase} actor={self.current_player()} "
            f"draws={self.draws}/{self.drawable}>"
        )
