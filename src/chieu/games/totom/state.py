"""The Tổ tôm state machine (shared/rules B2–B6): the transitions.

Phases: ``arrange`` (every seat in turn, from the người được cái: keep a khàn in hand as *bất
thực* or be done), ``claim`` (a claim window on the live card: every seat its position allows
answers ù, dậy khàn, phỗng or bỏ qua; ``claims``), ``decide`` (the decider eats the live card,
asks for a nọc card, or leaves his own nọc card), ``discard`` (after an ăn: give a card to the
right; after phỗng / dậy khàn: trả cửa), ``call`` (declared hô), ``end``.

Khàn (three identical dealt cards) lie face down: they stay in the seat's hand (hidden) but are
fixed phu. Thiên khai (four dealt) are turned up when the first card of the game is shown.

Who a window asks, what each seat may claim and which claim wins are in ``claims``; the seats,
zones and worlds in ``worlds``; what a seat sees in ``views``; the deal in ``setups``; the
check and the payoffs in ``scoring``; the faults in ``faults``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from chieu.core.actions import Action
from chieu.core.decisions import ClaimWindow, DecisionKind
from chieu.core.errors import ChieuError
from chieu.core.events import Event
from chieu.core.jsonio import JsonObject
from chieu.core.outcome import Fault, Outcome, PatternHit, Termination
from chieu.core.rng import Rng
from chieu.core.scaffold import copied
from chieu.core.state import StateBase
from chieu.core.view import Live as LiveView
from chieu.core.view import SeatView, Zone
from chieu.core.zones import ZoneSpec
from chieu.games.totom import actions as A
from chieu.games.totom import claims, scoring, takes, views, worlds
from chieu.games.totom.actions import (
    ArrangeDone,
    BatThuc,
    Call,
    CallDone,
    Discard,
    Draw,
    Eat,
    Extend,
    LayCopies,
    Pass,
)
from chieu.games.totom.cards import KINDS, NUM_KINDS
from chieu.games.totom.faults import (
    BO_U,
    CHEO_DO,
    THIEU_LUNG,
    TREO_TRANH,
    U_NHO_HO_TO,
    CheckRow,
    TotomFault,
    win_penalty,
)
from chieu.games.totom.partition import Partition
from chieu.games.totom.patterns import WinContext
from chieu.games.totom.phu import ALL_PHU, PHONG, QUAD, Phu
from chieu.games.totom.rules import Rules
from chieu.games.totom.setups import (
    DECK,
    DECK_SIZE,
    TotomSetup,
    deal_parts,
    draw_seats,
    parse_setup,
)
from chieu.games.totom.views import TotomObservation
from chieu.games.totom.worlds import Live, Seat

Phase = Literal["arrange", "claim", "decide", "discard", "call", "end"]
CALL_CAP = 4
_NOBODY: frozenset[int] = frozenset()


class TotomState(StateBase):
    """One game of Tổ tôm. Create with ``TotomGame.new_state`` (or directly)."""

    phase: Phase
    setup: TotomSetup

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
        drawn = draw_seats(seed, self.setup, n)
        if deal is None:
            deck = Rng(seed, "totom", "deal").shuffled(DECK)
        else:
            deck = [int(k) for k in deal]
            if len(deck) != DECK_SIZE or tuple(sorted(deck)) != DECK:
                raise ChieuError("a Tổ tôm deal is the 120 cards of the deck, each kind 4 times")
        parts = deal_parts(deck)
        self.eldest, self.dealer, self.cai = drawn["eldest"], drawn["dealer"], drawn["cai"]
        cai = self.cai
        self.seats: list[Seat] = []
        for s in range(n):
            hand = KINDS.counts(parts[(s - cai) % n])
            # face-down groups: khàn (3) and, until the first card is shown, thiên khai (4)
            self.seats.append(Seat(hand, {k: c for k, c in enumerate(hand) if c >= 3}))
        self.set_aside: list[int] = parts[4] if n == 4 else []
        self.stock: list[int] = parts[5]  # the nọc, drawn from the front
        self.faults: list[Fault] = []
        self.live: Live | None = None
        self.return_door = -1  # trả cửa after phỗng / dậy khàn
        self.eaten = -1  # the kind just eaten, until the discard (treo tranh: takes.py)
        self.first_shown = False
        self.phase = "arrange"
        self.actor = cai
        self.arranged = 0
        self.window: ClaimWindow | None = None
        self.winner: int | None = None
        self.win_info: tuple[Partition, WinContext] | None = None
        self.hits: list[PatternHit] = []
        self.called: dict[str, int] = {}
        self.report: list[CheckRow] = []
        self._outcome: Outcome | None = None
        self.steps = 0
        self.moving = -1  # the index of the move being carried out (its faults name it)
        self._legal_at = -1
        self._legal: list[Action] = []
        self.events: list[Event] = [
            Event("deal", None, {"deck": deck}, _NOBODY, ("deck",)),
            *(
                Event(
                    "hand",
                    s,
                    {"cards": KINDS.kinds_of(seat.hand), "size": sum(seat.hand)},
                    frozenset({s}),
                    ("cards",),
                )
                for s, seat in enumerate(self.seats)
            ),
            Event("setup", None, dict(drawn)),
        ]

    # ------------------------------------------------------------------ what is live
    @property
    def live_card(self) -> int:
        return -1 if self.live is None else self.live.card

    def decider(self) -> int:
        """The seat that decides on the live card once nobody claims it."""
        return claims.first_asked(self)

    # ------------------------------------------------------------------ the turn
    def _decision_kind(self) -> DecisionKind:
        return (
            "arrange" if self.phase == "arrange" else "declare" if self.phase == "call" else "turn"
        )

    #: a claim's pass may be a fault (khê khàn, bỏ ù) only beside a dậy khàn or an ù
    _claim_risks = frozenset({"win", "day_khan"})

    def _default_action(self, seat: int, actions: Sequence[Action]) -> Action:
        """xếp bài xong; hô xong; xin (bỏ lượt on one's own nọc card); hạ quân trùng when
        offered, else the lowest card (docs/rules/totom.md, section 13)."""
        match self.phase:
            case "arrange":
                return A.ARRANGE_DONE
            case "call":
                return A.CALL_DONE
            case "decide":
                return A.DRAW if A.DRAW in actions else A.PASS
        return actions[0]

    def _legal_actions(self, cur: int) -> list[Action]:
        me = self.seats[cur]
        acts: list[Action]
        match self.phase:
            case "arrange":
                acts = [A.BAT_THUC[k] for k, c in sorted(me.down.items()) if c == 3]
                return [*acts, A.ARRANGE_DONE]
            case "discard":
                free = me.free()
                acts = [A.LAY] if takes.can_lay(free, self.eaten) else []  # treo tranh
                if acts and self.rules.strict:
                    return acts
                acts += [A.DISCARD[k] for k in range(NUM_KINDS) if free[k]]
                if not acts:  # only in a re-dealt world: every held card face down
                    acts = [A.DISCARD[k] for k in range(NUM_KINDS) if me.hand[k]]
                return acts
            case "decide":
                live = self.live
                assert live is not None
                strict = self.rules.strict
                acts = takes.decide_actions(me.free(), me.packed(), me.mat, live.card, strict)
                own = live.drawn and not live.passed and cur == live.door
                acts.append(A.PASS if own else A.DRAW)
                return acts
            case "call":
                true = {h.id: h.count for h in self.hits}
                strict = self.rules.strict
                acts = [
                    act
                    for cid, act in A.CALL.items()
                    if self.called.get(cid, 0) < (true.get(cid, 0) if strict else CALL_CAP)
                ]
                return [*acts, A.CALL_DONE]
        return []

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        seat = self._check(action, seat)
        if self.window is not None:
            return self._take_answer(seat, action)  # a private answer (claims.resolve)
        start = len(self.events)
        self.moving = self.steps
        self.steps += 1
        ev = {"action": A.ACTION_SPACE.json_of(action)}
        if self.phase == "arrange":  # which khàn is kept would show the hand
            self.events.append(Event("action", seat, ev, frozenset({seat}), ("action",)))
        else:
            self.events.append(Event("action", seat, ev))
        me = self.seats[seat]
        match action:
            case ArrangeDone():
                self._arrange_next()
            case BatThuc(card=k):
                del me.down[k]
                me.cups.append(k)
                me.cup_count += 1
                me.changed()
                self.events.append(Event("bat_thuc", seat, {"cups": me.cup_count}))
            case Discard(card=k):
                self._discard(seat, k)
            case Eat(phu=i):
                self._eat(seat, ALL_PHU[i], False)
            case Extend(phu=i):
                self._eat(seat, ALL_PHU[i], True)
            case Draw():
                self._to_door()
                self._draw(seat)
            case LayCopies():
                n = takes.lay_copies(me.mat, me.free(), self.eaten)
                me.lose(self.eaten, n)
                me.changed()
                self.events.append(Event("lay_copies", seat, {"card": self.eaten, "count": n}))
            case Pass():
                self._pass(seat)
            case Call(cuoc=cid):
                self.called[cid] = self.called.get(cid, 0) + 1
            case CallDone():
                self._judge_calls(seat)
        return self.events[start:]

    def fault(self, rule: TotomFault, seat: int, msg: str) -> Fault:
        """Record a fault, committed by the move being carried out (``moving``). It proves
        something about the offender's hidden hand: the table learns of it at the end of the
        game (the post-win check turns every hand up)."""
        fault = rule.fault(seat, msg, self.moving)
        self.faults.append(fault)
        return fault

    def _arrange_next(self) -> None:
        self.arranged += 1
        if self.arranged < self.num_players:
            self.actor = (self.cai + self.arranged) % self.num_players
            return
        self._draw(self.cai)  # D-17: the người được cái opens by asking for a nọc card

    def _set_live(self, live: Live) -> None:
        self.live = live
        if not self.first_shown:  # B2.4: thiên khai are turned up at the first card shown
            self.first_shown = True
            for s, seat in enumerate(self.seats):
                for k, c in sorted(seat.down.items()):
                    if c == 4:
                        del seat.down[k]
                        seat.lose(k, 4)
                        seat.mat.append(QUAD[k])
                        seat.changed()
                        self.events.append(Event("thien_khai", s, {"card": k}))
        self.window = claims.open_window(self)
        self.phase = "claim"

    def _to_door(self) -> None:
        """The live card nobody took stays dead in its door."""
        live = self.live
        if live is not None:
            self.seats[live.door].door.append(live.card)
            self.live = None

    def _draw(self, seat: int) -> None:
        if not self.stock:
            self._finish_draw()
            return
        card = self.stock.pop(0)
        self.events.append(Event("draw", seat, {"card": card, "left": len(self.stock)}))
        self._set_live(Live(card, seat, True))

    def _discard(self, seat: int, card: int) -> None:
        me = self.seats[seat]
        eaten, self.eaten = self.eaten, -1
        if eaten >= 0 and me.free()[eaten]:
            code = KINDS.codes[eaten]
            self.fault(
                TREO_TRANH,
                seat,
                f"ate {code} and kept a {code} in hand (treo tranh trái vỉ → đeo kính)",
            )
        me.lose(card, given=True)
        if me.down.get(card, 0) > me.hand[card]:
            del me.down[card]  # a face-down khàn broken (a re-dealt world only)
        me.changed()
        door = seat
        if self.return_door >= 0:
            door, self.return_door = self.return_door, -1
        self.events.append(Event("discard", seat, {"card": card, "door": door}))
        self._set_live(Live(card, door, False, exposer=seat))

    def _eat(self, seat: int, phu: Phu, extend: bool) -> None:
        live = self.live
        assert live is not None
        me = self.seats[seat]
        card = live.card
        if extend:
            takes.extend_mat(me.mat, phu, card)
        else:
            rest = list(phu.cards)
            rest.remove(card)
            for k in rest:
                me.lose(k)
            me.mat.append(phu)
        self.eaten = card
        self.live = None
        me.changed()
        laid = me.mat[-1]  # an extended run keeps its stacked copies
        data = {"card": card, "phu": list(laid.cards), "type": phu.type}
        self.events.append(Event("eat", seat, data))
        self.phase, self.actor = "discard", seat

    def _pass(self, seat: int) -> None:
        live = self.live
        assert live is not None
        self.events.append(Event("pass", seat, {"card": live.card}))
        nxt = (seat + 1) % self.num_players
        if self.rules.passed_nocc_live:
            self.live = Live(live.card, live.door, True, True)
            self.phase, self.actor = "decide", nxt
        else:
            self._to_door()
            self._draw(nxt)

    # ------------------------------------------------------------------ claims (claims.py)
    def _resolve_window(self) -> None:
        claims.resolve(self)

    def _reopen_window(self, window: ClaimWindow, kept: Mapping[int, Action]) -> ClaimWindow:
        return claims.reopen(self, window, kept)

    def after_claims(self) -> None:
        """Nobody claimed the live card: its decider takes his turn (the last nọc card
        unclaimed is a drawn game, D-24)."""
        live = self.live
        assert live is not None
        if live.drawn and not self.stock:
            self._finish_draw()
            return
        self.phase, self.actor = "decide", self.decider()

    def take(self, seat: int, action: Action) -> None:
        """Phỗng or dậy khàn of the live card (claims.resolve decided it), then trả cửa."""
        live = self.live
        assert live is not None
        me = self.seats[seat]
        card = live.card
        if action is A.PHONG:
            me.lose(card, 2)
            me.mat.append(PHONG[card])
        else:
            me.lose(card, 3)
            me.down.pop(card, None)
            me.mat.append(QUAD[card])
        if card in me.cups:
            # "phỗng tái kiến, trả chén làng", or a bất thực khàn raised: the cup goes back
            me.cups.remove(card)
            me.cup_count = max(0, me.cup_count - 1)
        me.changed()
        decider = self.decider()
        self.live = None
        # B3.2 trả cửa: the card given back lies in the door it came from (D-20); by B3.2's
        # analogy with chíu (A3.3), a taker who was to decide on the card discards normally
        jump = self.rules.claim_turn_jump or seat == decider
        self.return_door = seat if jump else live.door
        self.phase, self.actor = "discard", seat

    # ------------------------------------------------------------------ winning
    def win(self, seat: int) -> None:
        """``seat`` declares ù on the live card (claims.resolve decided it)."""
        live = self.live
        assert live is not None
        wc = claims.win_check(self, seat)
        me = self.seats[seat]
        card = live.card
        me.hand[card] += 1
        me.changed()
        self.live = None
        self.winner = seat
        self.events.append(Event("show", seat, {"hand": KINDS.kinds_of(me.hand)}))
        part = wc.best
        if part is None:
            shape = wc.shape
            msg = (
                f"declared ù with {shape.lung if shape else 0} lưng, fewer than "
                f"{self.rules.min_lung} (thiếu lưng → chèo đò)"
            )
            fault = self.fault(THIEU_LUNG, seat, msg)
            self.report = scoring.thieu_lung_checks(msg)
            self._finish_fault(seat, fault)
            return
        hand20 = list(me.hand)
        hand20[card] -= 1
        counts = list(me.hand)
        for g in me.mat:
            for k in g.cards:
                counts[k] += 1
        ctx = WinContext(
            counts=tuple(counts),
            partition=part,
            win_card=card,
            from_nocc=live.drawn,
            wait_count=claims.wait_count(self, seat, hand20),
            thong=self._thong(seat),
        )
        self.win_info = (part, ctx)
        self.hits = scoring.cuoc_of(ctx)
        if self.rules.ho == "declared":
            self.phase, self.actor = "call", seat
            return
        self.called = {h.id: h.count for h in self.hits if h.id != "u_suong"}
        self._judge_calls(seat)

    def _thong(self, seat: int) -> bool:
        setup = self.setup
        return setup["prev_winner"] == seat and seat not in setup["boats"] + setup["glasses"]

    def _judge_calls(self, seat: int) -> None:
        assert self.win_info is not None
        part = self.win_info[0]
        over = scoring.over_calls(self.called, self.hits)
        missed = self.seats[seat].missed
        self.report = scoring.win_checks(part, self.rules, self.faults, seat, missed, over)
        if over:
            called = ", ".join(over)
            msg = f"called {called} which the hand does not hold (ù nhỏ hô to)"
            self._finish_fault(seat, self.fault(U_NHO_HO_TO, seat, msg))
            return
        if missed:
            codes = " ".join(KINDS.codes[k] for k in missed)
            self.fault(BO_U, seat, f"let an earlier winning card go by ({codes}): đeo kính")
        # a chèo đò of this game (khê khàn) cancels the win, a đeo kính voids its score
        penalty = win_penalty(self.faults, seat)
        score = scoring.score_of(self.called, self.rules)
        paid = 0 if penalty or seat in self.setup["boats"] else score  # trả đò: nothing
        n = self.num_players
        pay = [0.0] * n
        if paid:
            pay = [float(paid * (n - 1)) if s == seat else -float(paid) for s in range(n)]
        details = {
            "partition": part.to_json(),
            "lung": part.lung,
            "called": dict(self.called),
            "true_score": scoring.score_of(self.hits, self.rules),
            "called_score": score,
            "penalty": penalty,
            "marks": scoring.marks(self.setup, self.faults, seat, penalty),
            "check": self.report,
            "dealer": self.dealer,
        }
        self._finish(Termination.WIN, pay, details, seat, paid)

    def _finish_fault(self, seat: int, fault: Fault) -> None:
        details = {
            "penalty": CHEO_DO,
            "offender": seat,
            "marks": scoring.marks(self.setup, self.faults, None, None),
            "check": self.report,
            "dealer": self.dealer,
        }
        self._finish(Termination.FAULT, [0.0] * self.num_players, details, None, 0)

    def _finish_draw(self) -> None:
        self._to_door()
        details = {
            "marks": scoring.marks(self.setup, self.faults, None, None),
            "dealer": self.dealer,
        }
        self._finish(Termination.NO_WINNER, [0.0] * self.num_players, details, None, None)

    def _finish(
        self,
        term: Termination,
        pay: list[float],
        details: dict[str, object],
        winner: int | None,
        score: int | None,
    ) -> None:
        payoffs = tuple(scoring.boat_charges(self.faults, pay, self.rules))
        patterns = tuple(self.hits) if term is not Termination.NO_WINNER else ()
        outcome = Outcome(term, payoffs, winner, score, patterns, tuple(self.faults), details)
        for fault in self.faults:
            self.events.append(Event("fault", fault.seat, fault.to_json()))
        self._outcome = outcome
        self.phase = "end"
        self.window = None
        self.events.append(Event("end", None, outcome.to_json()))

    # ------------------------------------------------------------------ zones (worlds.py)
    def zone_specs(self) -> tuple[ZoneSpec, ...]:
        return worlds.zone_specs(self)

    def zones(self) -> dict[str, list[int]]:
        return worlds.zones(self)

    def _set_zones(self, zones: Mapping[str, Sequence[int]]) -> None:
        worlds.set_zones(self, zones)

    def _after_resample(self, seat: int | None) -> None:
        self.__dict__.pop("_views", None)
        super()._after_resample(seat)

    def revealed(self) -> frozenset[int]:
        """Every hand at the end (the check turns them up); the winner's once he declared ù."""
        if self.phase == "end":
            return frozenset(range(self.num_players))
        return _NOBODY if self.winner is None else frozenset({self.winner})

    # ------------------------------------------------------------------ views (views.py)
    def observation(self, seat: int | None) -> TotomObservation:
        return views.observation(self, seat)

    def view_zones(self, seat: int | None, lang: str = "vi") -> tuple[Zone, ...]:
        return views.view_zones(self, seat, lang)

    def view_seats(self, lang: str = "vi") -> tuple[SeatView, ...]:
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

    def clone(self) -> TotomState:
        st = copied(self)
        st.seats = [s.copy() for s in self.seats]
        st.stock = list(self.stock)
        st.set_aside = list(self.set_aside)
        st.faults = list(self.faults)
        st.hits = list(self.hits)
        st.called = dict(self.called)
        return st

    def __repr__(self) -> str:
        return (
            f"<TotomState seed={self.seed} phase={self.phase} actor={self.current_player()} "
            f"nọc={len(self.stock)}>"
        )
