"""The Phỏm state machine (shared/rules/phom_matchuoc.md A.3–A.7).

Phases: ``khan`` (option ``allow_u_khan``: every seat in turn order may declare ù khan or pass),
``draw`` (the seat to play eats the previous player's discard, draws, or passes), ``act`` (the
seat may declare ù, lays its phỏm one by one on its lay-down turn, sends cards, discards),
``end``. A player's lay-down turn is the one whose discard will be the 4th card in its row;
eaten cards leave the row (né hạ). A player is *finished* once laid down with 4 row cards.

Hands are private; the row, the table phỏm and the eaten cards (laid face up in front of the
eater, A.5.3) are public. When the hand ends without ù every hand is shown to count points.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from chieu.core.actions import Action
from chieu.core.errors import ChieuError
from chieu.core.events import Event
from chieu.core.outcome import Outcome, PatternHit, Termination
from chieu.core.rng import Rng
from chieu.core.state import StateBase
from chieu.games.phom import actions as A
from chieu.games.phom import analysis as an
from chieu.games.phom.cards import KINDS, SUIT_MASK, card_of, cards_of, rank_of, suit_of
from chieu.games.phom.patterns import UContext, u_patterns
from chieu.games.phom.rules import Rules
from chieu.games.phom.scoring import Payment, eat_amount, settle_normal, settle_u

PHASES = ("khan", "draw", "act", "end")
FIRST_HAND = 10
OTHER_HAND = 9
_NOBODY: frozenset[int] = frozenset()


def _bits(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


class PhomState(StateBase):
    """One hand (ván) of Phỏm. Create with ``PhomGame.new_state`` (or directly)."""

    game: Any = None  # set by chieu.games.phom.game

    def __init__(
        self,
        rules: Rules | None = None,
        seed: int = 0,
        *,
        setup: Mapping[str, Any] | None = None,
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
        self.setup: dict[str, Any] = {"first": first}
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
        self.hands = [0] * n
        i = 0
        for j in range(n):
            seat = (first + self.dir * j) % n
            size = FIRST_HAND if j == 0 else OTHER_HAND
            self.hands[seat] = _bits(deck[i : i + size])
            i += size
        self.stock: list[int] = list(reversed(deck[i:]))  # the top is the end of the list
        self.dealt = list(self.hands)
        self.eaten = [0] * n  # every card each seat ate (in hand or laid)
        self.eat_count = [0] * n
        self.rows: list[list[int]] = [[] for _ in range(n)]
        self.melds: list[list[int]] = [[] for _ in range(n)]  # table phỏm (with gửi received)
        self.laid = [False] * n
        self.lay_order: list[int] = []
        self.live = -1  # the discard the next player may eat
        self.live_from = -1
        self.live_chot = False
        self.actor = first
        self.phase = "draw"
        self.stage = "start"  # act: start (ù may be declared), lay, free
        self.laying = False  # the lay-down turn's hạ is under way
        self.laydown_turn = False
        self.must_lay = -1  # a laid player's eaten card that must go into a new phỏm now
        self.chot_from = -1  # whose chốt the actor ate this turn
        self.turn_sent = 0  # cards the actor sent (gửi) this turn
        self.first_turns = 0
        self.khan_queue: list[int] = []
        self.payments: list[Payment] = []
        self.payoffs = [0.0] * n
        self.shown: set[int] = set()
        self.winner: int | None = None
        self.u_kind = ""
        self.den: int | None = None
        self._outcome: Outcome | None = None
        self.steps = 0
        self._legal_at = -1
        self._legal: list[Action] = []
        self.events: list[Event] = [
            Event("deal", None, {"deck": deck}, _NOBODY, ("deck",)),
            *(
                Event(
                    "hand",
                    s,
                    {"cards": cards_of(self.hands[s]), "size": self.hands[s].bit_count()},
                    frozenset({s}),
                    ("cards",),
                )
                for s in range(n)
            ),
            Event("start", first, {"first": first, "stock": len(self.stock)}),
        ]
        if rules.allow_u_khan:
            self.khan_queue = [(first + self.dir * j) % n for j in range(n)]
            self.phase = "khan"
            self.actor = self.khan_queue[0]
        else:
            self._begin_turn(first, can_eat=False, opening=True)

    # ------------------------------------------------------------------ seats
    def next_seat(self, seat: int) -> int:
        return (seat + self.dir) % self.num_players

    def prev_seat(self, seat: int) -> int:
        return (seat - self.dir) % self.num_players

    def finished(self, seat: int) -> bool:
        return self.laid[seat] and len(self.rows[seat]) >= 4

    def table_for(self, seat: int) -> list[int]:
        """The phỏm on the table that ``seat`` may send cards onto (other players')."""
        return [m for s in range(self.num_players) if s != seat for m in self.melds[s]]

    def may_send(self, seat: int) -> bool:
        if not (self.laid[seat] or self.laying):
            return False
        if not self.melds[seat] and not self.rules.mom_may_send:
            return False
        return self.laydown_turn or self.rules.send_timing == "laydown_and_later_turns"

    # ------------------------------------------------------------------ protocol queries
    def _legal_actions(self, p: int) -> list[Action]:
        phase = self.phase
        if phase == "draw":
            acts: list[Action] = []
            if self.live >= 0 and self.can_eat(p, self.live):
                acts.append(A.EAT)
            if self.finished(p) or not self.stock:
                acts.append(A.PASS)
            else:
                acts.append(A.DRAW)
            return acts
        if phase == "khan":
            acts = []
            if self._is_u_khan(p):
                acts.append(A.U_KHAN)
            acts.append(A.PASS)
            return acts
        # act
        acts = []
        if self.stage == "start" and self.can_win(p):
            acts.append(A.WIN)
        if self.laying:
            lays = self._laydown_options(p)
            if lays:
                return acts + lays
        if self.must_lay >= 0:
            lays = [A.LAY[m] for m in self._tai_melds(p) if m >> self.must_lay & 1]
            if lays:
                return acts + lays
        hand = self.hands[p]
        if self.laid[p] or self.laying:
            if not self.laying:
                acts += [A.LAY[m] for m in self._tai_melds(p)]
            if self.may_send(p):
                acts += self._layoff_options(p)
            free = hand
        else:
            free = an.free_cards(hand, self.eaten[p])
            if not free:
                free = hand & ~self.eaten[p] or hand  # a re-dealt (impossible) hand: any card
        d = A.DISCARDS
        acts += (
            *d[0][free & SUIT_MASK],
            *d[1][free >> 13 & SUIT_MASK],
            *d[2][free >> 26 & SUIT_MASK],
            *d[3][free >> 39],
        )
        return acts

    # -- legality helpers
    def _is_u_khan(self, seat: int) -> bool:
        hand = self.hands[seat]
        return (
            hand == self.dealt[seat]
            and not an.has_phom(hand)
            and not an.has_ca(hand, self.rules.u_khan_ca == "within_two")
        )

    def can_eat(self, seat: int, card: int) -> bool:
        """May ``seat`` eat ``card`` now (A.5.3)? The eaten-card invariant for a player who has
        not laid down; a new phỏm with held cards for one who has."""
        hand = self.hands[seat]
        if self.laid[seat]:
            if self.finished(seat) and not self.rules.finished_player_may_eat:
                return False
            if not an.makes_phom(hand, card):
                return False
            full = hand | 1 << card
            return any(self.rules.allow_u_tron or m != full for m in an.phom_with(card, hand))
        return an.can_eat(hand, self.eaten[seat], card)

    def _laydown_options(self, p: int) -> list[Action]:
        hand = self.hands[p]
        eaten = self.eaten[p] & hand
        out: list[Action] = []
        for m in an.phom_in(hand):
            e = m & eaten
            if e & (e - 1):
                continue
            if eaten and not an.invariant_ok(hand & ~m, eaten & ~m):
                continue
            out.append(A.LAY[m])
        return out

    def _tai_melds(self, p: int) -> list[int]:
        """Phỏm a laid player may add on a later turn (no ù tròn unless allowed)."""
        hand = self.hands[p]
        if not an.has_phom(hand):
            return []
        return [m for m in an.phom_in(hand) if self.rules.allow_u_tron or m != hand]

    def _targets(self, p: int) -> dict[tuple[int, str], tuple[int, int]]:
        """(card, onto) -> (owner, meld index) for every card that could be sent now."""
        out: dict[tuple[int, str], tuple[int, int]] = {}
        for s in range(self.num_players):
            if s == p:
                continue
            for i, m in enumerate(self.melds[s]):
                cards = cards_of(m)
                r0, r1 = rank_of(cards[0]), rank_of(cards[-1])
                if all(rank_of(c) == r0 for c in cards):
                    if len(cards) == 3:
                        for t in range(4):
                            c = card_of(r0, t)
                            if not m >> c & 1:
                                out[(c, "set")] = (s, i)
                    continue
                su = suit_of(cards[0])
                if r0 > 0:
                    out[(card_of(r0 - 1, su), "low")] = (s, i)
                if r1 < 12:
                    out[(card_of(r1 + 1, su), "high")] = (s, i)
        return out

    def _layoff_options(self, p: int) -> list[Action]:
        hand = self.hands[p]
        return [A.LAYOFF[key] for key in sorted(self._targets(p)) if hand >> key[0] & 1]

    def _send_allowed_now(self, p: int) -> bool:
        """Could gửi count for an ù declared now (lay-down turn, or a later turn)?"""
        if self.laid[p]:
            return self.may_send(p)
        return self.laydown_turn

    def _u_plan(self, p: int) -> an.Arrangement | None:
        """The lay-down that makes ``p`` ù now, or None (A.6)."""
        hand = self.hands[p]
        eaten = self.eaten[p] & hand
        send = self._send_allowed_now(p)
        table = self.table_for(p) if send else []
        unc = hand & ~an.covered(hand)
        if unc & (unc - 1) and send and table:
            unc &= ~self._sendable_bound(table)
        if unc & (unc - 1):
            return None  # two cards in no phỏm and that no gửi can take: no ù
        best: an.Arrangement | None = None
        for a in an.arrangements(
            hand,
            eaten,
            table,
            send=send,
            # a laid player sends without a new phỏm (may_send checked its laid ones)
            mom_may_send=self.rules.mom_may_send or self.laid[p],
            variant=self.rules.card_points,
        ):
            left = a.deadwood.bit_count()
            if left > 1:
                continue
            if (
                left == 0
                and self.laid[p]
                and not self.rules.allow_u_tron
                and not a.sent
                and not any(m.bit_count() >= 4 for m in a.melds)
            ):
                continue
            if best is None or left > best.deadwood.bit_count():
                best = a
            if left == 1:
                break
        return best

    @staticmethod
    def _sendable_bound(table: list[int]) -> int:
        """Every card that some chain of gửi onto ``table`` might take (a superset)."""
        out = 0
        for m in table:
            cards = cards_of(m)
            if len(cards) == 3 and rank_of(cards[0]) == rank_of(cards[-1]):
                r = rank_of(cards[0])
                out |= (1 | 1 << 13 | 1 << 26 | 1 << 39) << r
            elif rank_of(cards[0]) != rank_of(cards[-1]):
                out |= SUIT_MASK << (13 * suit_of(cards[0]))
        return out

    def can_win(self, seat: int) -> bool:
        return self.phase == "act" and self._u_plan(seat) is not None

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        seat = self._check(action, seat)
        start = len(self.events)
        self.steps += 1
        self.events.append(Event("action", seat, {"action": A.ACTION_SPACE.json_of(action)}))
        verb = action.verb
        if verb == "discard":
            self._discard(seat, action.card)  # type: ignore[attr-defined]
        elif verb == "draw":
            self._draw(seat)
        elif verb == "eat":
            self._eat(seat)
        elif verb == "lay":
            self._lay(seat, action.mask)  # type: ignore[attr-defined]
        elif verb == "layoff":
            self._layoff(seat, action.card, action.onto)  # type: ignore[attr-defined]
        elif verb == "pass":
            self._pass(seat)
        elif verb == "win":
            self._declare_win(seat)
        elif verb == "u_khan":
            self.events.append(Event("show", seat, {"hand": cards_of(self.hands[seat])}))
            self.shown.add(seat)
            self._win(seat, "u_khan")
        return self.events[start:]

    # -- turn flow
    def _begin_turn(self, p: int, can_eat: bool, opening: bool = False) -> None:
        n = self.num_players
        for _ in range(2 * n + 2):
            if p == self.first:
                self.first_turns += 1
                if (
                    self.rules.chot_definition == "seed_round3"
                    and self.first_turns == 4
                    and can_eat
                    and self.live >= 0
                ):
                    self.live_chot = True
            if opening:
                self._start_act(p)
                return
            d_ok = can_eat and self.live >= 0 and self.live_from == self.prev_seat(p)
            if self.finished(p):
                if d_ok and self.rules.finished_player_may_eat:
                    self.phase, self.actor, self.stage = "draw", p, "start"
                    return
                self.events.append(Event("skip", p))
                self.live = -1
                if all(self.finished(s) for s in range(n)):
                    self._end_normal(p)
                    return
                p, can_eat = self.next_seat(p), False
                continue
            if not d_ok:
                self.live = -1
                if not self.stock:
                    self._end_normal(p)
                    return
            self.phase, self.actor, self.stage = "draw", p, "start"
            return
        raise AssertionError("no seat to play")  # pragma: no cover

    def _start_act(self, p: int) -> None:
        self.phase, self.actor, self.stage = "act", p, "start"
        self.turn_sent = 0
        self.laydown_turn = not self.laid[p] and len(self.rows[p]) == 3
        self.laying = self.laydown_turn

    def _finish_laydown(self, p: int) -> None:
        self.laying = False
        self.laid[p] = True
        self.lay_order.append(p)
        self.events.append(Event("ha", p, {"mom": not self.melds[p]}))

    def _draw(self, p: int) -> None:
        card = self.stock.pop()
        self.hands[p] |= 1 << card
        self.live = -1
        self.events.append(Event("drawn", p, {"card": card}, frozenset({p}), ("card",)))
        self._start_act(p)

    def _eat(self, p: int) -> None:
        card, fed = self.live, self.live_from
        row = self.rows[fed]
        row.remove(card)
        self.hands[p] |= 1 << card
        self.eaten[p] |= 1 << card
        self.eat_count[p] += 1
        chot = self.live_chot
        self.live = -1
        self.live_chot = False
        amount = eat_amount(self.rules, chot, self.eat_count[p])
        self._pay(fed, p, amount, "an_chot" if chot else "an")
        self.events.append(
            Event("eat", p, {"card": card, "from": fed, "chot": chot, "count": self.eat_count[p]})
        )
        self.chot_from = fed if chot else -1
        if self.eat_count[p] >= 3:
            self._lay_out_win(p, self._u_plan_forced(p))
            self._win(p, "u_an_ba_cay")
            return
        if self.laid[p]:
            self.must_lay = card
        self._start_act(p)

    def _u_plan_forced(self, p: int) -> an.Arrangement | None:
        hand = self.hands[p]
        found = an.best_arrangements(
            hand, self.eaten[p] & hand, discard=True, variant=self.rules.card_points
        )
        return found[0] if found else None

    def _pass(self, p: int) -> None:
        if self.phase == "khan":
            self.khan_queue.pop(0)
            if self.khan_queue:
                self.actor = self.khan_queue[0]
            else:
                self._begin_turn(self.first, can_eat=False, opening=True)
            return
        self.live = -1
        self.live_chot = False
        if self.finished(p):
            self.events.append(Event("skip", p))
            if all(self.finished(s) for s in range(self.num_players)):
                self._end_normal(p)
            else:
                self._begin_turn(self.next_seat(p), can_eat=False)
            return
        self._end_normal(p)  # the stock is empty and the discard is left: the hand ends

    def _lay(self, p: int, m: int) -> None:
        self.hands[p] &= ~m
        self.melds[p].append(m)
        self.events.append(Event("lay", p, {"cards": cards_of(m)}))
        if self.must_lay >= 0 and m >> self.must_lay & 1:
            self.must_lay = -1
        if self.stage == "start":
            self.stage = "lay" if self.laying else "free"
        if not self.hands[p]:
            if self.laying:
                self._finish_laydown(p)
            self._win(p, "u_tron" if self.laid[p] and not self.laydown_turn else "u")
            return

    def _layoff(self, p: int, card: int, onto: str) -> None:
        owner, i = self._targets(p)[(card, onto)]
        if self.laying:
            self._finish_laydown(p)
        self.hands[p] &= ~(1 << card)
        self.melds[owner][i] |= 1 << card
        self.turn_sent += 1
        self.stage = "free"
        self.events.append(Event("layoff", p, {"card": card, "to": owner, "meld": i}))
        if not self.hands[p]:
            self._win(p, "u")

    def _discard(self, p: int, card: int) -> None:
        if self.laying:
            self._finish_laydown(p)
        self.hands[p] &= ~(1 << card)
        self.rows[p].append(card)
        self.must_lay = -1
        self.events.append(Event("discard", p, {"card": card}))
        if not self.hands[p]:
            self._win(p, "u")
            return
        self.chot_from = -1
        self.live, self.live_from = card, p
        self.live_chot = self.rules.chot_definition == "final_discard" and self.finished(p)
        self._begin_turn(self.next_seat(p), can_eat=True)

    def _declare_win(self, p: int) -> None:
        plan = self._u_plan(p)
        tron = (
            plan is not None
            and self.laid[p]
            and not self.laydown_turn
            and not plan.deadwood
            and not plan.sent  # a gửi empties the hand: ù (gửi), as move by move
            and self.rules.allow_u_tron
        )
        self._lay_out_win(p, plan, keep_discard=self.laid[p] and not self.rules.allow_u_tron)
        self._win(p, "u_tron" if tron else "u")

    def _lay_out_win(self, p: int, plan: an.Arrangement | None, keep_discard: bool = False) -> None:
        """Lay ``plan`` on the table for the ù: its phỏm, its gửi, the last card discarded
        (``keep_discard``: a card of a 4+ phỏm is kept back to be discarded: no ù tròn)."""
        if plan is None:
            return
        hand = self.hands[p]
        melds = list(plan.melds)
        if keep_discard and not plan.deadwood and not plan.sent:
            for i, m in enumerate(melds):
                if m.bit_count() >= 4:
                    top = 1 << (m.bit_length() - 1)
                    melds[i] = m ^ top
                    break
        for m in melds:
            if m & ~hand:
                continue
            hand &= ~m
            self.melds[p].append(m)
            self.events.append(Event("lay", p, {"cards": cards_of(m)}))
        owners = [
            (s, i) for s in range(self.num_players) if s != p for i in range(len(self.melds[s]))
        ]
        for card, ti in plan.sent:
            if ti < len(owners) and hand >> card & 1:
                s, i = owners[ti]
                self.melds[s][i] |= 1 << card
                hand &= ~(1 << card)
                self.turn_sent += 1
                self.events.append(Event("layoff", p, {"card": card, "to": s, "meld": i}))
        left = cards_of(hand)
        if len(left) == 1:
            # the last card is discarded; with a 4-card phỏm and nothing left, keep it whole
            self.rows[p].append(left[0])
            hand = 0
            self.events.append(Event("discard", p, {"card": left[0]}))
        self.hands[p] = hand
        if not self.laid[p]:
            self.laying = False
            self.laid[p] = True
            self.lay_order.append(p)
        if hand:
            self.shown.add(p)
            self.events.append(Event("show", p, {"hand": cards_of(hand)}))

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
        details = {
            "u": kind,
            "den": den,
            "points": points,  # None: a hand that stays hidden
            "payments": [x.to_json() for x in self.payments],
            "lay_order": list(self.lay_order),
        }
        hits = u_patterns(UContext(kind, self.turn_sent, den is not None))
        self._finish(Termination.WIN, p, 0, details, tuple(hits))

    def hand_points(self, seat: int) -> int:
        pts = self.pts
        return sum(pts[c] for c in cards_of(self.hands[seat]))

    def _end_normal(self, p: int) -> None:
        """A.5.9 (b)/(c): everyone who has not laid down does so now (the best arrangement,
        with gửi as the rules allow), then the ranking and the payments."""
        n = self.num_players
        for j in range(n):
            s = (p + self.dir * j) % n
            if self.laid[s]:
                continue
            hand = self.hands[s]
            table = self.table_for(s)
            found = an.best_arrangements(
                hand,
                self.eaten[s] & hand,
                table,
                mom_may_send=self.rules.mom_may_send,
                variant=self.rules.card_points,
            )
            if found:
                self._lay_out_final(s, found[0])
            self.laid[s] = True
            self.lay_order.append(s)
            self.events.append(Event("ha", s, {"mom": not self.melds[s]}))
        self.laying = False
        self.shown = set(range(n))
        points = [self.hand_points(s) for s in range(n)]
        mom = [not self.melds[s] for s in range(n)]
        self.events.append(
            Event("show", None, {"hands": [cards_of(self.hands[s]) for s in range(n)]})
        )
        rank, place, pays = settle_normal(self.rules, points, mom, self.lay_order)
        for pay in pays:
            self._pay(pay.payer, pay.payee, pay.amount, pay.reason)
        details = {
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

    def _lay_out_final(self, s: int, plan: an.Arrangement) -> None:
        hand = self.hands[s]
        for m in plan.melds:
            hand &= ~m
            self.melds[s].append(m)
            self.events.append(Event("lay", s, {"cards": cards_of(m)}))
        owners = [
            (o, i) for o in range(self.num_players) if o != s for i in range(len(self.melds[o]))
        ]
        for card, ti in plan.sent:
            o, i = owners[ti]
            self.melds[o][i] |= 1 << card
            hand &= ~(1 << card)
            self.events.append(Event("layoff", s, {"card": card, "to": o, "meld": i}))
        self.hands[s] = hand

    def _finish(
        self,
        term: Termination,
        winner: int | None,
        score: int | None,
        details: dict[str, Any],
        hits: tuple[PatternHit, ...] = (),
    ) -> None:
        self.phase = "end"
        self.live = -1
        self._outcome = Outcome(term, tuple(self.payoffs), winner, score, hits, (), details)
        self.events.append(Event("end", None, self._outcome.to_json()))

    # ------------------------------------------------------------------ views
    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator). Never another seat's hidden cards."""
        n = self.num_players
        obs: dict[str, Any] = {
            "game": "phom",
            "seat": seat,
            "players": n,
            "first": self.first,
            "direction": self.dir,
            "phase": self.phase,
            "actor": None if self.phase == "end" else self.actor,
            "to_act": seat is not None and self.current_player() == seat,
            "stock_left": len(self.stock),
            "live": None
            if self.live < 0
            else {"card": self.live, "from": self.live_from, "chot": self.live_chot},
            "rows": [list(r) for r in self.rows],
            "melds": [[cards_of(m) for m in self.melds[s]] for s in range(n)],
            "eaten": [cards_of(self.eaten[s]) for s in range(n)],
            "eaten_in_hand": [cards_of(self.eaten[s] & self.hands[s]) for s in range(n)],
            "hand_sizes": [h.bit_count() for h in self.hands],
            "laid": list(self.laid),
            "lay_order": list(self.lay_order),
            "laying": self.laying and seat == self.actor,
            "payoffs": list(self.payoffs),
            # public turn state (every one follows from public moves; for rebuilding worlds)
            "stage": self.stage,
            "laydown_turn": self.laydown_turn,
            "must_lay": self.must_lay,
            "chot_from": self.chot_from,
            "turn_sent": self.turn_sent,
            "first_turns": self.first_turns,
            "khan_queue": list(self.khan_queue),
        }
        if seat is not None:
            obs["hand"] = cards_of(self.hands[seat])
        if self.shown:
            obs["shown_hands"] = {s: cards_of(self.hands[s]) for s in sorted(self.shown)}
        if self.phase == "end" and self._outcome is not None:
            obs["outcome"] = self._outcome.to_json()
        return obs

    def zones(self) -> dict[str, list[int]]:
        """Count vectors of every place a card can be (they always sum to the deck)."""
        z: dict[str, list[int]] = {}
        for s in range(self.num_players):
            ate = self.eaten[s] & self.hands[s]
            z[f"hand{s}"] = _counts(self.hands[s] & ~ate)
            z[f"eaten{s}"] = _counts(ate)
            z[f"row{s}"] = KINDS.counts(self.rows[s])
            table = 0
            for m in self.melds[s]:
                table |= m
            z[f"melds{s}"] = _counts(table)
        z["stock"] = KINDS.counts(self.stock)
        return z

    def hidden_from(self, seat: int | None) -> dict[str, list[int]]:
        z = self.zones()
        shown = self._revealed(seat)
        return {
            k: v
            for k, v in z.items()
            if k == "stock" or (k.startswith("hand") and int(k[4:]) not in shown)
        }

    def _revealed(self, seat: int | None) -> set[int]:
        out = set() if seat is None else {seat}
        return out | self.shown

    def resample_hidden(self, seat: int | None, rng: Rng) -> PhomState:
        """A clone where every card hidden from ``seat`` (other hands but their eaten cards,
        the stock) is dealt again at random, zone sizes kept (for leak tests and ISMCTS)."""
        st = self.clone()
        st._legal_at = -1
        shown = self._revealed(seat)
        others = [s for s in range(self.num_players) if s not in shown]
        pool: list[int] = list(st.stock)
        for s in others:
            pool += cards_of(st.hands[s] & ~st.eaten[s])
        rng.shuffle(pool)
        i = 0
        for s in others:
            keep = st.hands[s] & st.eaten[s]
            size = (st.hands[s] & ~keep).bit_count()
            st.hands[s] = keep | _bits(pool[i : i + size])
            i += size
        st.stock = pool[i:]
        return st

    def snapshot(self) -> dict[str, Any]:
        """The full state as plain data (for equality in tests)."""
        return {
            "hands": [cards_of(h) for h in self.hands],
            "eaten": [cards_of(e) for e in self.eaten],
            "rows": [list(r) for r in self.rows],
            "melds": [[cards_of(m) for m in ms] for ms in self.melds],
            "stock": list(self.stock),
            "phase": self.phase,
            "actor": self.actor,
            "stage": self.stage,
            "laying": self.laying,
            "laydown_turn": self.laydown_turn,
            "must_lay": self.must_lay,
            "live": (self.live, self.live_from, self.live_chot),
            "laid": list(self.laid),
            "lay_order": list(self.lay_order),
            "khan_queue": list(self.khan_queue),
            "first_turns": self.first_turns,
            "chot_from": self.chot_from,
            "turn_sent": self.turn_sent,
            "payoffs": list(self.payoffs),
            "outcome": None if self._outcome is None else self._outcome.to_json(),
        }

    def clone(self) -> PhomState:
        st = object.__new__(PhomState)
        st.__dict__.update(self.__dict__)
        st.hands = list(self.hands)
        st.eaten = list(self.eaten)
        st.eat_count = list(self.eat_count)
        st.rows = [list(r) for r in self.rows]
        st.melds = [list(m) for m in self.melds]
        st.laid = list(self.laid)
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


def _counts(mask: int) -> list[int]:
    out = [0] * 52
    for c in cards_of(mask):
        out[c] = 1
    return out


def deck_for(
    hands: Sequence[Sequence[int]],
    draws: Sequence[int] = (),
    *,
    first: int = 0,
    direction: int = 1,
) -> list[int]:
    """A deck whose deal gives ``hands[seat]`` to each seat (the first player's 10 cards, 9
    for each other) and whose stock is drawn in the order ``draws`` (then the rest). For
    scenario tests, puzzles and teaching positions: pass it as ``deal=`` with
    ``setup={"first": first}``."""
    n = len(hands)
    if not 2 <= n <= 4:
        raise ChieuError("deck_for needs 2-4 hands")
    order = [(first + direction * j) % n for j in range(n)]
    deck: list[int] = []
    for j, seat in enumerate(order):
        want = FIRST_HAND if j == 0 else OTHER_HAND
        if len(hands[seat]) != want:
            raise ChieuError(f"seat {seat} needs {want} cards, got {len(hands[seat])}")
        deck += list(hands[seat])
    deck += list(draws)
    if len(set(deck)) != len(deck):
        raise ChieuError("deck_for: a card appears twice among the hands and draws")
    deck += [c for c in range(52) if c not in set(deck)]
    return deck


# ---------------------------------------------------------------------- worlds for search bots
_DEAL_TRIES = 30


def _phom_options(card: int, allowed: int) -> list[int]:
    """The 3-card phỏm holding ``card`` whose two other cards are in ``allowed``."""
    r, su = rank_of(card), suit_of(card)
    out: list[int] = []
    same = [card_of(r, t) for t in range(4) if t != su]
    for i in range(3):
        for j in range(i + 1, 3):
            out.append(1 << same[i] | 1 << same[j])
    for lo in range(max(0, r - 2), min(r, 10) + 1):
        m = 0
        for k in range(lo, lo + 3):
            if k != r:
                m |= 1 << card_of(k, su)
        out.append(m)
    return [m for m in out if m & ~allowed == 0]


def _deal_hidden(
    pool: list[int], wants: list[tuple[int, int, int, bool]], rng: Rng
) -> tuple[dict[int, int], list[int]]:
    """Deal ``pool`` to the hidden hands ``wants`` = (seat, eaten cards it holds, hidden
    size, keeps the eaten-card invariant) and the rest, in random order, to the stock. A seat
    that keeps the invariant first gets, for each eaten card, two cards making a phỏm with it;
    the deal is tried again (a few times) until every such seat's eaten cards each sit in
    their own phỏm. Returns the hidden cards of each seat and the stock."""
    best: tuple[int, dict[int, int], list[int]] | None = None
    need = sum(1 for w in wants if w[3] and w[1])
    for _ in range(_DEAL_TRIES if need else 1):
        avail = _bits(pool)
        got: dict[int, int] = {}
        for seat, eaten, size, keep in wants:
            chosen = 0
            if keep:
                for e in rng.shuffled(cards_of(eaten)):
                    opts = _phom_options(e, (avail | chosen) & ~eaten)
                    if opts:
                        pick = rng.choice(opts)
                        if (chosen | pick).bit_count() <= size:
                            chosen |= pick
            got[seat] = chosen
            avail &= ~chosen
        rest = rng.shuffled(cards_of(avail))
        i = 0
        for seat, _eaten, size, _keep in wants:
            k = size - got[seat].bit_count()
            got[seat] |= _bits(rest[i : i + k])
            i += k
        ok = sum(1 for s, e, _, keep in wants if keep and e and an.invariant_ok(got[s] | e, e))
        if best is None or ok > best[0]:
            best = (ok, got, rest[i:])
        if ok == need:
            break
    assert best is not None
    return best[1], best[2]


def world_from_observation(
    obs: Mapping[str, Any], legal: Sequence[Action], rng: Rng, rules: Rules | None = None
) -> PhomState:
    """A full state consistent with everything ``obs["seat"]`` sees, for search bots: the
    public table, counters and turn state are copied; the cards the seat cannot see are dealt
    at random to the other hands (sizes kept, their eaten cards kept, and for a player who has
    not laid down yet, cards that keep every eaten card in its own phỏm when such a deal is
    found) and to the stock. ``legal`` (the seat's legal actions) is checked against the
    rebuilt state's."""
    seat = obs.get("seat")
    if not isinstance(seat, int) or obs.get("game") != "phom":
        raise ChieuError("a Phỏm world needs a seat's Phỏm observation")
    n = int(obs["players"])
    if rules is None:
        rules = Rules(players=n)
    if rules.players != n:
        raise ChieuError(f"the rules are for {rules.players} players, the observation for {n}")
    if "stage" not in obs:
        raise ChieuError("the Phỏm observation has no turn state (an older observation?)")
    st = object.__new__(PhomState)
    st.rules = rules
    st.seed = 0
    st.num_players = n
    st.first = int(obs["first"])
    st.setup = {"first": st.first}
    st.dir = int(obs["direction"])
    st.pts = an.card_points(rules.card_points)
    hand = _bits(obs["hand"])
    st.rows = [list(r) for r in obs["rows"]]
    st.melds = [[_bits(m) for m in ms] for ms in obs["melds"]]
    st.eaten = [_bits(e) for e in obs["eaten"]]
    st.eat_count = [e.bit_count() for e in st.eaten]
    in_hand = [_bits(e) for e in obs["eaten_in_hand"]]
    st.laid = [bool(x) for x in obs["laid"]]
    st.lay_order = [int(x) for x in obs["lay_order"]]
    shown: dict[int, int] = {int(s): _bits(h) for s, h in (obs.get("shown_hands") or {}).items()}
    st.shown = set(shown)
    seen = hand
    for s in range(n):
        seen |= _bits(st.rows[s]) | in_hand[s] | shown.get(s, 0)
        for m in st.melds[s]:
            seen |= m
    pool = [c for c in range(52) if not seen >> c & 1]
    sizes = [int(x) for x in obs["hand_sizes"]]
    st.hands = [0] * n
    st.hands[seat] = hand
    hidden = [s for s in range(n) if s != seat and s not in shown]
    for s in range(n):
        if s in shown:
            st.hands[s] = shown[s]
    wants = []
    for s in hidden:
        size = sizes[s] - in_hand[s].bit_count()
        if size < 0:
            raise ChieuError(f"seat {s}'s hand size is smaller than its eaten cards")
        wants.append((s, in_hand[s], size, not st.laid[s]))
    if sum(w[2] for w in wants) > len(pool):
        raise ChieuError("the hidden hands hold more cards than are unseen")
    # the hands with eaten cards first: they have the fewest deals that fit
    wants.sort(key=lambda w: -w[1].bit_count())
    got, stock = _deal_hidden(pool, wants, rng)
    for s in hidden:
        st.hands[s] = in_hand[s] | got[s]
    stock_left = int(obs["stock_left"])
    if stock_left != len(stock):
        raise ChieuError(
            f"{len(stock)} unseen cards are left for a stock of {stock_left}: "
            "the observation is inconsistent"
        )
    st.stock = stock
    st.dealt = list(st.hands)
    live = obs.get("live")
    if live:
        st.live, st.live_from, st.live_chot = (
            int(live["card"]),
            int(live["from"]),
            bool(live["chot"]),
        )
    else:
        st.live, st.live_from, st.live_chot = -1, -1, False
    st.phase = str(obs["phase"])
    actor = obs.get("actor")
    st.actor = int(actor) if actor is not None else seat
    st.stage = str(obs["stage"])
    st.laydown_turn = bool(obs["laydown_turn"])
    if st.actor == seat:
        st.laying = bool(obs["laying"])
    else:
        st.laying = st.phase == "act" and st.laydown_turn and st.stage != "free"
    st.must_lay = int(obs["must_lay"])
    st.chot_from = int(obs["chot_from"])
    st.turn_sent = int(obs["turn_sent"])
    st.first_turns = int(obs["first_turns"])
    st.khan_queue = [int(x) for x in obs["khan_queue"]]
    st.payments = []
    st.payoffs = [float(x) for x in obs["payoffs"]]
    st.winner = None
    st.u_kind = ""
    st.den = None
    st._outcome = None
    st.steps = 0
    st._legal_at = -1
    st._legal = []
    st.events = []
    if st.phase == "end":
        raise ChieuError("the hand is over: there is no world to search")
    mine = st.legal_actions(seat)
    if legal and (set(mine) != set(legal) or len(mine) != len(legal)):
        raise ChieuError("the rebuilt Phỏm state does not give the seat's legal actions")
    return st
