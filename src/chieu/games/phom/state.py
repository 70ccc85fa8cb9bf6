"""The Phỏm state machine (shared/rules/phom_matchuoc.md A.3–A.7): the transitions.

Phases: ``khan`` (option ``allow_u_khan``: every seat in turn order may declare ù khan or pass),
``draw`` (the seat to play eats the previous player's discard, draws, or passes), ``act`` (the
seat may declare ù, lays its phỏm one by one on its lay-down turn, sends cards, discards),
``end``. A player's lay-down turn is the one whose discard will be the 4th card in its row;
eaten cards leave the row (né hạ). A player is *finished* once laid down with 4 row cards.

Hands are private; the row, the table phỏm and the eaten cards (laid face up in front of the
eater, A.5.3) are public. When the hand ends without ù every hand is shown to count points.

The state is put together from its parts: ``worlds`` (the fields, seats, zones, hidden cards
dealt again, worlds for the search bot), ``moves`` (legal moves and defaults), ``views`` (what a
seat sees); this module holds what an action changes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from chieu.core.actions import Action
from chieu.core.errors import ChieuError
from chieu.core.events import Event
from chieu.core.outcome import Outcome, PatternHit, Termination
from chieu.core.rng import Rng
from chieu.games.phom import analysis as an
from chieu.games.phom.actions import (
    ACTION_SPACE,
    DeclareUKhan,
    DeclareWin,
    Discard,
    Draw,
    Eat,
    LayMeld,
    LayOff,
    Pass,
)
from chieu.games.phom.cards import cards_of, mask_of
from chieu.games.phom.moves import Moves
from chieu.games.phom.patterns import UContext, u_patterns
from chieu.games.phom.rules import Rules
from chieu.games.phom.scoring import (
    Payment,
    PhomDetails,
    eat_amount,
    settle_normal,
    settle_u,
)
from chieu.games.phom.setups import FIRST_HAND, OTHER_HAND
from chieu.games.phom.views import Views
from chieu.games.phom.worlds import Live, Seat

_NOBODY: frozenset[int] = frozenset()
_JSON = {a: ACTION_SPACE.json_of(a) for a in ACTION_SPACE}  # each action's record form


class PhomState(Moves, Views):
    """One hand (ván) of Phỏm. Create with ``PhomGame.new_state`` (or directly)."""

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
        setup = dict(setup or {})
        unknown = set(setup) - {"first"}
        if unknown:
            raise ChieuError(f"unknown Phỏm setup key(s): {', '.join(sorted(unknown))}")
        first = setup.get("first", 0)
        if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < n:
            raise ChieuError(f"setup first={first!r} is not a seat 0..{n - 1}")
        self.setup = {"first": first}
        if deal is None:
            deck = Rng(seed, "phom", "deal").shuffled(list(range(52)))
        else:
            deck = [int(c) for c in deal]
            if sorted(deck) != list(range(52)):
                raise ChieuError("a Phỏm deal is the 52 cards 0..51, each once")
        self.first = first
        self.dir = rules.direction
        self.pts = an.card_points(rules.card_points)
        # A.3: the first player gets 10 cards, the others 9, in play order
        hands = [0] * n
        i = 0
        for j in range(n):
            size = FIRST_HAND if j == 0 else OTHER_HAND
            hands[(first + self.dir * j) % n] = mask_of(deck[i : i + size])
            i += size
        self.seats = [Seat(h, h) for h in hands]
        self.stock = list(reversed(deck[i:]))  # the top is the end of the list
        self.live = None
        self.lay_order = []
        self.actor = first
        self.phase = "draw"
        self.stage = "start"
        self.laying = False
        self.laydown_turn = False
        self.must_lay = -1
        self.chot_from = -1
        self.turn_sent = 0
        self.first_turns = 0
        self.khan_queue = []
        self.payments = []
        self.payoffs = [0.0] * n
        self.shown = set()
        self.winner = None
        self.u_kind = ""
        self.den = None
        self._outcome = None
        self.steps = 0
        self._legal_at = -1
        self._legal = []
        self.events = [
            Event("deal", None, {"deck": deck}, _NOBODY, ("deck",)),
            *(
                Event(
                    "hand",
                    s,
                    {"cards": cards_of(h), "size": h.bit_count()},
                    frozenset({s}),
                    ("cards",),
                )
                for s, h in enumerate(hands)
            ),
            Event("start", first, {"first": first, "stock": len(self.stock)}),
        ]
        if rules.allow_u_khan:
            self.khan_queue = [(first + self.dir * j) % n for j in range(n)]
            self.phase = "khan"
            self.actor = self.khan_queue[0]
        else:
            self._begin_turn(first, can_eat=False, opening=True)

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        seat = self._check(action, seat)
        start = len(self.events)
        self.steps += 1
        self.events.append(Event("action", seat, {"action": _JSON[action]}))
        match action:
            case Discard(card=card):
                self._discard(seat, card)
            case Draw():
                self._draw(seat)
            case Eat():
                self._eat(seat)
            case LayMeld():
                self._lay(seat, action.mask)
            case LayOff(card=card, onto=onto):
                self._layoff(seat, card, onto)
            case Pass():
                self._pass(seat)
            case DeclareWin():
                self._declare_win(seat)
            case DeclareUKhan():
                self.events.append(Event("show", seat, {"hand": cards_of(self.seats[seat].hand)}))
                self.shown.add(seat)
                self._win(seat, "u_khan")
        return self.events[start:]

    # -- turn flow
    def _begin_turn(self, p: int, can_eat: bool, opening: bool = False) -> None:
        n = self.num_players
        for _ in range(2 * n + 2):
            live = self.live
            if p == self.first:
                self.first_turns += 1
                if (
                    self.rules.chot_definition == "seed_round3"
                    and self.first_turns == 4
                    and can_eat
                    and live is not None
                ):
                    self.live = live = Live(live.card, live.seat, True)
            if opening:
                self._start_act(p)
                return
            d_ok = can_eat and live is not None and live.seat == self.prev_seat(p)
            if self.finished(p):
                if d_ok and self.rules.finished_player_may_eat:
                    self.phase, self.actor, self.stage = "draw", p, "start"
                    return
                self.events.append(Event("skip", p))
                self.live = None
                if all(self.finished(s) for s in range(n)):
                    self._end_normal(p)
                    return
                p, can_eat = self.next_seat(p), False
                continue
            if not d_ok:
                self.live = None
                if not self.stock:
                    self._end_normal(p)
                    return
            self.phase, self.actor, self.stage = "draw", p, "start"
            return
        raise AssertionError("no seat to play")  # pragma: no cover

    def _start_act(self, p: int) -> None:
        self.phase, self.actor, self.stage = "act", p, "start"
        self.turn_sent = 0
        seat = self.seats[p]
        self.laydown_turn = not seat.laid and len(seat.row) == 3
        self.laying = self.laydown_turn

    def _finish_laydown(self, p: int) -> None:
        self.laying = False
        self.seats[p].laid = True
        self.lay_order.append(p)
        self.events.append(Event("ha", p, {"mom": not self.seats[p].melds}))

    def _draw(self, p: int) -> None:
        card = self.stock.pop()
        self.seats[p].hand |= 1 << card
        self.live = None
        self.events.append(Event("drawn", p, {"card": card}, frozenset({p}), ("card",)))
        self._start_act(p)

    def _eat(self, p: int) -> None:
        live = self.live
        assert live is not None
        card, fed, chot = live.card, live.seat, live.chot
        self.seats[fed].row.remove(card)
        seat = self.seats[p]
        seat.hand |= 1 << card
        seat.eaten |= 1 << card
        seat.eats += 1
        self.live = None
        self._pay(fed, p, eat_amount(self.rules, chot, seat.eats), "an_chot" if chot else "an")
        self.events.append(
            Event("eat", p, {"card": card, "from": fed, "chot": chot, "count": seat.eats})
        )
        self.chot_from = fed if chot else -1
        if seat.eats >= 3:
            found = an.best_arrangements(
                seat.hand, seat.eaten & seat.hand, discard=True, variant=self.rules.card_points
            )
            self._lay_out_win(p, found[0] if found else None)
            self._win(p, "u_an_ba_cay")
            return
        if seat.laid:
            self.must_lay = card
        self._start_act(p)

    def _pass(self, p: int) -> None:
        if self.phase == "khan":
            self.khan_queue.pop(0)
            if self.khan_queue:
                self.actor = self.khan_queue[0]
            else:
                self._begin_turn(self.first, can_eat=False, opening=True)
            return
        self.live = None
        if self.finished(p):
            self.events.append(Event("skip", p))
            if all(self.finished(s) for s in range(self.num_players)):
                self._end_normal(p)
            else:
                self._begin_turn(self.next_seat(p), can_eat=False)
            return
        self._end_normal(p)  # the stock is empty and the discard is left: the hand ends

    def _lay(self, p: int, m: int) -> None:
        seat = self.seats[p]
        seat.hand &= ~m
        seat.melds.append(m)
        self.events.append(Event("lay", p, {"cards": cards_of(m)}))
        if self.must_lay >= 0 and m >> self.must_lay & 1:
            self.must_lay = -1
        if self.stage == "start":
            self.stage = "lay" if self.laying else "free"
        if not seat.hand:
            if self.laying:
                self._finish_laydown(p)
            self._win(p, "u_tron" if seat.laid and not self.laydown_turn else "u")

    def _layoff(self, p: int, card: int, onto: str) -> None:
        owner, i = self.targets(p)[(card, onto)]
        if self.laying:
            self._finish_laydown(p)
        seat = self.seats[p]
        seat.hand &= ~(1 << card)
        self.seats[owner].melds[i] |= 1 << card
        self.turn_sent += 1
        self.stage = "free"
        self.events.append(Event("layoff", p, {"card": card, "to": owner, "meld": i}))
        if not seat.hand:
            self._win(p, "u")

    def _discard(self, p: int, card: int) -> None:
        if self.laying:
            self._finish_laydown(p)
        seat = self.seats[p]
        seat.hand &= ~(1 << card)
        seat.row.append(card)
        self.must_lay = -1
        self.events.append(Event("discard", p, {"card": card}))
        if not seat.hand:
            self._win(p, "u")
            return
        self.chot_from = -1
        chot = self.rules.chot_definition == "final_discard" and self.finished(p)
        self.live = Live(card, p, chot)
        self._begin_turn(self.next_seat(p), can_eat=True)

    def _declare_win(self, p: int) -> None:
        plan = self.u_plan(p)
        laid = self.seats[p].laid
        tron = (
            plan is not None
            and laid
            and not self.laydown_turn
            and not plan.deadwood
            and not plan.sent  # a gửi empties the hand: ù (gửi), as move by move
            and self.rules.allow_u_tron
        )
        self._lay_out_win(p, plan, keep_discard=laid and not self.rules.allow_u_tron)
        self._win(p, "u_tron" if tron else "u")

    def _lay_out_win(self, p: int, plan: an.Arrangement | None, keep_discard: bool = False) -> None:
        """Lay ``plan`` on the table for the ù: its phỏm, its gửi, the last card discarded
        (``keep_discard``: a card of a 4+ phỏm is kept back to be discarded: no ù tròn)."""
        if plan is None:
            return
        seat = self.seats[p]
        hand = seat.hand
        melds = list(plan.melds)
        if keep_discard and not plan.deadwood and not plan.sent:
            for i, m in enumerate(melds):
                if m.bit_count() >= 4:
                    melds[i] = m ^ 1 << (m.bit_length() - 1)
                    break
        for m in melds:
            if m & ~hand:
                continue
            hand &= ~m
            seat.melds.append(m)
            self.events.append(Event("lay", p, {"cards": cards_of(m)}))
        kept = hand
        hand = self._send(p, plan.sent, hand)
        self.turn_sent += (kept & ~hand).bit_count()
        left = cards_of(hand)
        if len(left) == 1:
            # the last card is discarded; with a 4-card phỏm and nothing left, keep it whole
            seat.row.append(left[0])
            hand = 0
            self.events.append(Event("discard", p, {"card": left[0]}))
        seat.hand = hand
        if not seat.laid:
            self.laying = False
            seat.laid = True
            self.lay_order.append(p)
        if hand:
            self.shown.add(p)
            self.events.append(Event("show", p, {"hand": cards_of(hand)}))

    def _send(self, p: int, sent: Sequence[tuple[int, int]], hand: int) -> int:
        """Send the cards of an arrangement (card, index among the other seats' phỏm); the
        hand left."""
        owners = [
            (s, i) for s, seat in enumerate(self.seats) if s != p for i in range(len(seat.melds))
        ]
        for card, ti in sent:
            if ti < len(owners) and hand >> card & 1:
                s, i = owners[ti]
                self.seats[s].melds[i] |= 1 << card
                hand &= ~(1 << card)
                self.events.append(Event("layoff", p, {"card": card, "to": s, "meld": i}))
        return hand

    # -- money
    def _pay(self, payer: int, payee: int, amount: float, reason: str) -> None:
        if not amount:
            return
        value = amount * self.rules.stake
        self.payments.append(Payment(payer, payee, value, reason))
        self.payoffs[payer] -= value
        self.payoffs[payee] += value

    # -- end
    def _win(self, p: int, kind: str) -> None:
        n = self.num_players
        den: int | None = None
        if kind == "u_an_ba_cay" and self.rules.den_three_eats:
            den = self.prev_seat(p)
        elif self.chot_from >= 0 and self.rules.den_u_from_chot and kind != "u_khan":
            den = self.chot_from
        self.winner, self.u_kind, self.den = p, kind, den
        self.events.append(Event("u", p, {"kind": kind, "den": den}))
        for pay in settle_u(self.rules, n, p, den, kind == "u_khan"):
            self._pay(pay.payer, pay.payee, pay.amount, pay.reason)
        shown = self.shown | {p}
        points: list[int | None] = [
            0 if s == p else self.hand_points(s) if s in shown else None for s in range(n)
        ]
        details: PhomDetails = {
            "u": kind,
            "den": den,
            "points": points,  # None: a hand that stays hidden
            "payments": [x.to_json() for x in self.payments],
            "lay_order": list(self.lay_order),
        }
        hits = u_patterns(UContext(kind, self.turn_sent, den is not None))
        self._finish(Termination.WIN, p, 0, details, tuple(hits))

    def _end_normal(self, p: int) -> None:
        """A.5.9 (b)/(c): everyone who has not laid down does so now (the best arrangement,
        with gửi as the rules allow), then the ranking and the payments."""
        n = self.num_players
        for j in range(n):
            s = (p + self.dir * j) % n
            seat = self.seats[s]
            if seat.laid:
                continue
            found = an.best_arrangements(
                seat.hand,
                seat.eaten & seat.hand,
                self.table_for(s),
                mom_may_send=self.rules.mom_may_send,
                variant=self.rules.card_points,
            )
            if found:
                for m in found[0].melds:
                    seat.hand &= ~m
                    seat.melds.append(m)
                    self.events.append(Event("lay", s, {"cards": cards_of(m)}))
                seat.hand = self._send(s, found[0].sent, seat.hand)
            seat.laid = True
            self.lay_order.append(s)
            self.events.append(Event("ha", s, {"mom": not seat.melds}))
        self.laying = False
        self.shown = set(range(n))
        points = [self.hand_points(s) for s in range(n)]
        mom = [not seat.melds for seat in self.seats]
        self.events.append(
            Event("show", None, {"hands": [cards_of(seat.hand) for seat in self.seats]})
        )
        rank, place, pays = settle_normal(self.rules, points, mom, self.lay_order)
        for pay in pays:
            self._pay(pay.payer, pay.payee, pay.amount, pay.reason)
        details: PhomDetails = {
            "u": None,
            "nhat": rank[0],
            "points": points,
            "mom": [s for s in range(n) if mom[s]],
            "ranking": rank,
            "places": place,
            "lay_order": list(self.lay_order),
            "payments": [x.to_json() for x in self.payments],
        }
        self._finish(Termination.NO_WINNER, None, None, details)

    def _finish(
        self,
        term: Termination,
        winner: int | None,
        score: int | None,
        details: PhomDetails,
        hits: tuple[PatternHit, ...] = (),
    ) -> None:
        self.phase = "end"
        self.live = None
        self._outcome = Outcome(term, tuple(self.payoffs), winner, score, hits, (), dict(details))
        self.events.append(Event("end", None, self._outcome.to_json()))

    # ------------------------------------------------------------------ copies
    def clone(self) -> PhomState:
        st = object.__new__(PhomState)
        st.__dict__.update(self.__dict__)
        st.seats = [s.copy() for s in self.seats]
        st.lay_order = list(self.lay_order)
        st.stock = list(self.stock)
        st.khan_queue = list(self.khan_queue)
        st.payments = list(self.payments)
        st.payoffs = list(self.payoffs)
        st.shown = set(self.shown)
        st.events = list(self.events)
        return st

    def __repr__(self) -> str:
        return (
            f"<PhomState seed={self.seed} phase={self.phase} actor={self.current_player()} "
            f"stock={len(self.stock)}>"
        )
