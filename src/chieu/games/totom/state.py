"""The Tổ tôm state machine (shared/rules B2–B6), with an explicit claim phase.

Phases: ``arrange`` (every seat in turn, from the người được cái: keep a khàn in hand as *bất
thực* or be done), ``claim`` (seats that may ù, dậy khàn or phỗng the live card answer in
priority order: ù by distance from the card's door, then dậy khàn, then phỗng; the first claim
wins), ``decide`` (the decider eats the live card, asks for a nọc card, or leaves his own nọc
card), ``discard`` (after an ăn: give a card to the right; after phỗng / dậy khàn: trả cửa),
``call`` (declared hô), ``end``.

Khàn (three identical dealt cards) lie face down: they stay in the seat's hand zone (hidden) but
are fixed phu. Thiên khai (four dealt) are turned up when the first card of the game is shown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from chieu.core.actions import Action
from chieu.core.errors import ChieuError
from chieu.core.events import Event
from chieu.core.outcome import Fault, Outcome, PatternHit, Termination
from chieu.core.rng import Rng
from chieu.core.state import StateBase
from chieu.games.totom import actions as A
from chieu.games.totom import takes
from chieu.games.totom.analysis import (
    ALL_PHU,
    KHAN,
    PHONG,
    QUAD,
    Partition,
    Phu,
    WinCheck,
    rescuers,
    win_on,
)
from chieu.games.totom.cards import KINDS, NUM_KINDS, rank_of
from chieu.games.totom.cuoc import WinContext
from chieu.games.totom.faults import (
    BO_U,
    CHEO_DO,
    DEO_KINH,
    KHE_KHAN,
    THIEU_LUNG,
    TREO_TRANH,
    U_NHO_HO_TO,
    TotomFault,
    fault_check,
    win_penalty,
)
from chieu.games.totom.rules import Rules
from chieu.games.totom.scoring import cuoc_of, over_calls, score_of

DECK_SIZE = 120
PART = 20
CALL_CAP = 4
_NOBODY: frozenset[int] = frozenset()
_UNKNOWN: frozenset[int] = frozenset({-1})  # rescuers not computed yet


def _count_value(a: int, b: int) -> int:
    """B2.2: (v1 + v2) mod 10, 0 counting as 10 (yêu worth 1)."""
    r = (rank_of(a) + rank_of(b)) % 10
    return 10 if r == 0 else r


class TotomState(StateBase):
    """One game of Tổ tôm. Create with ``TotomGame.new_state`` (or directly)."""

    game: Any = None  # set by chieu.games.totom.game

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
        allowed = {"eldest", "dealer", "cai", "prev_winner", "boats", "glasses"}
        unknown = set(setup) - allowed
        if unknown:
            raise ChieuError(f"unknown Tổ tôm setup key(s): {', '.join(sorted(unknown))}")

        def seat_of(key: str, default: int | None) -> int | None:
            value = setup.get(key, default)
            if value is not None and (not isinstance(value, int) or not 0 <= value < n):
                raise ChieuError(f"setup {key}={value!r} is not a seat 0..{n - 1}")
            return value

        def seats_of(key: str) -> list[int]:
            value = setup.get(key) or []
            if not isinstance(value, list) or any(
                not isinstance(s, int) or not 0 <= s < n for s in value
            ):
                raise ChieuError(f"setup {key}={value!r} is not a list of seats 0..{n - 1}")
            return sorted(set(value))

        eldest = seat_of("eldest", 0) or 0
        rng = Rng(seed, "totom", "setup")
        # B2.2: the eldest draws two cards (then returned): the r-th seat from him deals
        dealer_cards = [rng.choice(KINDS.deck()) for _ in range(2)]
        dealer = seat_of("dealer", None)
        if dealer is None:
            dealer = (eldest + _count_value(*dealer_cards) - 1) % n
        # B2.3: two cards from the nọc part name the người được cái (software: a seeded draw)
        cai_cards = [rng.choice(KINDS.deck()) for _ in range(2)]
        cai = seat_of("cai", None)
        if cai is None:
            cai = (dealer + _count_value(*cai_cards) - 1) % n
        self.setup: dict[str, Any] = {
            "eldest": eldest,
            "dealer": setup.get("dealer"),
            "cai": setup.get("cai"),
            "prev_winner": seat_of("prev_winner", None),
            "boats": seats_of("boats"),
            "glasses": seats_of("glasses"),
        }
        if deal is None:
            deck = Rng(seed, "totom", "deal").shuffled(KINDS.deck())
        else:
            deck = [int(k) for k in deal]
            if len(deck) != DECK_SIZE or sorted(deck) != KINDS.deck():
                raise ChieuError("a Tổ tôm deal is the 120 cards of the deck, each kind 4 times")
        # six parts of 20 dealt round; the last is the nọc, the first goes to the cái
        parts = [deck[i::6] for i in range(6)]
        self.dealer, self.cai, self.eldest = dealer, cai, eldest
        self.hands: list[list[int]] = [[0] * NUM_KINDS for _ in range(n)]
        for j in range(n):
            for k in parts[j]:
                self.hands[(cai + j) % n][k] += 1
        self.set_aside: list[int] = list(parts[4]) if n == 4 else []
        self.stock: list[int] = list(parts[5])  # the nọc, drawn from the front
        # face-down groups: kind -> 3 (khàn) or 4 (thiên khai, until the first card is shown)
        self.down: list[dict[int, int]] = [
            {k: c for k, c in enumerate(h) if c >= 3} for h in self.hands
        ]
        self.cups: list[list[int]] = [[] for _ in range(n)]  # khàn bất thực kinds (private)
        self.cup_count = [0] * n  # the cups on the mat (public)
        self.mats: list[list[Phu]] = [[] for _ in range(n)]
        self.dead: list[int] = []  # live cards nobody took
        self.faults: list[Fault] = []
        self.missed: list[list[int]] = [[] for _ in range(n)]  # declined valid ù (bỏ ù)
        # live card
        self.live_card = -1
        self.live_door = -1
        self.live_drawn = False  # turned up from the nọc
        self.live_passed = False  # its drawer left it to the next seat
        self.live_exposer = -1  # the seat that discarded it (-1: drawn)
        self.return_door = -1  # trả cửa after phỗng / dậy khàn
        self.eaten = -1  # the kind just eaten, until the discard (treo tranh: takes.py)
        self.first_shown = False
        # turn
        self.phase = "arrange"
        self.actor = cai
        self.arranged = 0
        self.claim_queue: list[int] = []
        self.claim_stage: dict[int, str] = {}
        self.claim_options: dict[int, list[Action]] = {}
        self.claim_done: list[int] = []
        # a phỗng / dậy khàn chosen while a farther seat may still ù: done when all declined
        self.pending_take: tuple[int, str] | None = None
        # result
        self.winner: int | None = None
        self.win_info: tuple[Partition, WinContext] | None = None
        self.hits: list[PatternHit] = []
        self.called: dict[str, int] = {}
        self.report: list[dict[str, Any]] = []
        self._outcome: Outcome | None = None
        self.steps = 0
        self._legal_at = -1
        self._legal: list[Action] = []
        self._wc: list[dict[int, WinCheck]] = [{} for _ in range(n)]
        self._orph: list[frozenset[int] | None] = [_UNKNOWN] * n  # analysis.rescuers
        self.events: list[Event] = [
            Event("deal", None, {"deck": deck}, _NOBODY, ("deck",)),
            *(
                Event(
                    "hand",
                    s,
                    {"cards": KINDS.kinds_of(self.hands[s]), "size": sum(self.hands[s])},
                    frozenset({s}),
                    ("cards",),
                )
                for s in range(n)
            ),
            Event(
                "setup",
                None,
                {
                    "eldest": eldest,
                    "dealer_cards": dealer_cards,
                    "dealer": dealer,
                    "cai_cards": cai_cards,
                    "cai": cai,
                },
            ),
        ]

    # ------------------------------------------------------------------ protocol queries
    def free(self, seat: int) -> list[int]:
        """The held cards that are not face down (what the seat may play or eat with)."""
        h = list(self.hands[seat])
        for k, c in self.down[seat].items():
            h[k] -= c
        return h

    def fixed(self, seat: int) -> list[Phu]:
        """The seat's phu that no partition may break: the mat and the face-down groups."""
        out = list(self.mats[seat])
        for k, c in sorted(self.down[seat].items()):
            out.append(KHAN[k] if c == 3 else QUAD[k])
        return out

    def _legal_actions(self, cur: int) -> list[Action]:
        phase = self.phase
        if phase == "claim":
            return self.claim_options[cur]
        if phase == "arrange":
            acts: list[Action] = [
                A.BAT_THUC[k] for k, c in sorted(self.down[cur].items()) if c == 3
            ]
            return [*acts, A.ARRANGE_DONE]
        if phase == "discard":
            free = self.free(cur)
            acts = [A.LAY] if takes.can_lay(free, self.eaten) else []  # treo tranh (takes.py)
            if acts and self.rules.strict:
                return acts
            acts += [A.DISCARD[k] for k in range(NUM_KINDS) if free[k]]
            if not acts:  # only in a re-dealt world: every held card face down
                acts = [A.DISCARD[k] for k in range(NUM_KINDS) if self.hands[cur][k]]
            return acts
        if phase == "decide":
            free = self.free(cur)
            acts = takes.decide_actions(free, self.mats[cur], self.live_card, self.rules.strict)
            if self.live_drawn and not self.live_passed and cur == self.live_door:
                acts.append(A.PASS)
            else:
                acts.append(A.DRAW)
            return acts
        if phase == "call":
            true = {h.id: h.count for h in self.hits}
            acts = []
            for cid, act in A.CALL.items():
                have = self.called.get(cid, 0)
                cap = true.get(cid, 0) if self.rules.strict else CALL_CAP
                if have < cap:
                    acts.append(act)
            acts.append(A.CALL_DONE)
            return acts
        return []

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        seat = self._check(action, seat)
        start = len(self.events)
        self.steps += 1
        ev = {"action": A.ACTION_SPACE.json_of(action)}
        private = action is A.DECLINE or action is A.ARRANGE_DONE or action.verb == "bat_thuc"
        if private:
            # which khàn is kept, or which claim is let go, would show the hand
            self.events.append(Event("action", seat, ev, frozenset({seat}), ("action",)))
        else:
            self.events.append(Event("action", seat, ev))
        verb = action.verb
        if verb == "arrange_done":
            self._arrange_next()
        elif verb == "bat_thuc":
            k = action.card  # type: ignore[attr-defined]
            del self.down[seat][k]
            self.cups[seat].append(k)
            self.cup_count[seat] += 1
            self._changed(seat)
            self.events.append(Event("bat_thuc", seat, {"cups": self.cup_count[seat]}))
        elif verb == "discard":
            self._discard(seat, action.card)  # type: ignore[attr-defined]
        elif verb == "eat":
            self._eat(seat, ALL_PHU[action.phu], None)  # type: ignore[attr-defined]
        elif verb == "extend":
            self._eat(seat, ALL_PHU[action.phu], True)  # type: ignore[attr-defined]
        elif verb == "draw":
            self._to_dead()
            self._draw(seat)
        elif verb == "lay_copies":
            n = takes.lay_copies(self.mats[seat], self.free(seat), self.eaten)
            self.hands[seat][self.eaten] -= n
            self._changed(seat)
            self.events.append(Event("lay_copies", seat, {"card": self.eaten, "count": n}))
        elif verb == "pass":
            self._pass(seat)
        elif verb == "decline":
            self._decline(seat)
        elif verb in ("phong", "day_khan"):
            self._claim_take(seat, verb)
        elif verb == "win":
            self._win(seat)
        elif verb == "call":
            cid = action.cuoc  # type: ignore[attr-defined]
            self.called[cid] = self.called.get(cid, 0) + 1
        elif verb == "call_done":
            self._judge_calls(seat)
        return self.events[start:]

    # -- helpers
    def _changed(self, seat: int) -> None:
        self._wc[seat] = {}
        self._orph[seat] = _UNKNOWN

    def _fault(self, rule: TotomFault, seat: int, msg: str) -> Fault:
        fault = rule.fault(seat, msg, self.steps - 1)
        self.faults.append(fault)
        # a fault proves something about the offender's hidden hand: the table learns of it
        # at the end of the game (the post-win check), when every hand is turned up
        return fault

    def _arrange_next(self) -> None:
        self.arranged += 1
        if self.arranged < self.num_players:
            self.actor = (self.cai + self.arranged) % self.num_players
            return
        # D-17: the người được cái opens by asking for a nọc card
        self._draw(self.cai)

    def _show_thien_khai(self) -> None:
        """B2.4: thiên khai are turned up when the first card of the game is shown."""
        self.first_shown = True
        for s in range(self.num_players):
            for k, c in sorted(self.down[s].items()):
                if c == 4:
                    del self.down[s][k]
                    self.hands[s][k] -= 4
                    self.mats[s].append(QUAD[k])
                    self._changed(s)
                    self.events.append(Event("thien_khai", s, {"card": k}))

    def _set_live(self, card: int, door: int, drawn: bool, exposer: int) -> None:
        self.live_card, self.live_door, self.live_drawn = card, door, drawn
        self.live_passed = False
        self.live_exposer = exposer
        if not self.first_shown:
            self._show_thien_khai()

    def _to_dead(self) -> None:
        if self.live_card >= 0:
            self.dead.append(self.live_card)
            self.live_card = -1

    def _draw(self, seat: int) -> None:
        if not self.stock:
            self._finish_draw()
            return
        card = self.stock.pop(0)
        self.events.append(Event("draw", seat, {"card": card, "left": len(self.stock)}))
        self._set_live(card, seat, True, -1)
        self._open_claims()

    def _discard(self, seat: int, card: int) -> None:
        eaten, self.eaten = self.eaten, -1
        if eaten >= 0 and self.free(seat)[eaten]:
            code = KINDS.codes[eaten]
            msg = f"ate {code} and kept a {code} in hand (treo tranh trái vỉ → đeo kính)"
            self._fault(TREO_TRANH, seat, msg)
        self.hands[seat][card] -= 1
        if self.down[seat].get(card, 0) > self.hands[seat][card]:
            # a face-down khàn broken (ăn 2 đánh 1): the rest are held in hand
            del self.down[seat][card]
        self._changed(seat)
        door = seat
        if self.return_door >= 0:
            door = self.return_door
            self.return_door = -1
        self.events.append(Event("discard", seat, {"card": card, "door": door}))
        self._set_live(card, door, False, seat)
        self._open_claims()

    def _eat(self, seat: int, phu: Phu, extend: bool | None) -> None:
        card = self.live_card
        if extend:
            takes.extend_mat(self.mats[seat], phu, card)
        else:
            rest = list(phu.cards)
            rest.remove(card)
            for k in rest:
                self.hands[seat][k] -= 1
            self.mats[seat].append(phu)
        self.eaten = card
        self.live_card = -1
        self._changed(seat)
        laid = self.mats[seat][-1]  # an extended run keeps its stacked copies
        self.events.append(
            Event("eat", seat, {"card": card, "phu": list(laid.cards), "type": phu.type})
        )
        self.phase, self.actor = "discard", seat

    def _pass(self, seat: int) -> None:
        self.events.append(Event("pass", seat, {"card": self.live_card}))
        nxt = (seat + 1) % self.num_players
        if self.rules.passed_nocc_live:
            self.live_passed = True
            self.phase, self.actor = "decide", nxt
        else:
            self._to_dead()
            self._draw(nxt)

    def _claim_take(self, seat: int, how: str) -> None:
        """Phỗng or dậy khàn in the claim window. Ù comes first (B3.2): while a farther seat
        may still ù, the take waits for its answer. Letting a valid ù go this way is bỏ ù."""
        if self.claim_stage.get(seat) == "u" and self._win_check(seat).win:
            self.missed[seat].append(self.live_card)
        later_u = any(self.claim_stage.get(p) == "u" for p in self.claim_queue[1:])
        if later_u:
            self.pending_take = (seat, how)
            self.claim_done.append(seat)
            self.claim_queue.pop(0)
            return
        self._take(seat, how)

    def _take(self, seat: int, how: str) -> None:
        self.pending_take = None
        if how == "phong":
            self._phong(seat)
        else:
            self._day_khan(seat)

    def _phong(self, seat: int) -> None:
        card = self.live_card
        self.hands[seat][card] -= 2
        if card in self.cups[seat]:  # B2.4 "phỗng tái kiến, trả chén làng"
            self.cups[seat].remove(card)
            self.cup_count[seat] = max(0, self.cup_count[seat] - 1)
        self.mats[seat].append(PHONG[card])
        self._took(seat, card, "phong")

    def _day_khan(self, seat: int) -> None:
        card = self.live_card
        self.hands[seat][card] -= 3
        if card in self.down[seat]:
            del self.down[seat][card]
        elif card in self.cups[seat]:
            self.cups[seat].remove(card)  # trả chén làng
            self.cup_count[seat] = max(0, self.cup_count[seat] - 1)
        self.mats[seat].append(QUAD[card])
        self._took(seat, card, "day_khan")

    def _took(self, seat: int, card: int, how: str) -> None:
        self._changed(seat)
        self.events.append(Event(how, seat, {"card": card, "door": self.live_door}))
        door = self.live_door
        n = self.num_players
        decider = door if self.live_drawn and not self.live_passed else (door + 1) % n
        self.live_card = -1
        self.claim_queue = []
        # B3.2 trả cửa: the card given back lies in the door it came from (D-20); by B3.2's
        # analogy with chíu (A3.3), a taker who was to decide on the card discards normally
        jump = self.rules.claim_turn_jump or seat == decider
        self.return_door = seat if jump else door
        self.phase, self.actor = "discard", seat

    def _decline(self, seat: int) -> None:
        stage = self.claim_stage.get(seat, "")
        if stage == "u" and self._win_check(seat).win:
            self.missed[seat].append(self.live_card)
        if A.DAY_KHAN in self.claim_options.get(seat, ()):
            self._fault(
                KHE_KHAN,
                seat,
                f"did not raise the khàn of {KINDS.codes[self.live_card]} when its 4th card "
                "was shown (khê khàn → chèo đò)",
            )
        self.claim_done.append(seat)
        self.claim_queue.pop(0)
        if not self.claim_queue:
            if self.pending_take is not None:
                self._take(*self.pending_take)
            else:
                self._after_claims()

    # ------------------------------------------------------------------ claims
    def _rescuers(self, seat: int) -> frozenset[int] | None:
        """The only kinds that may complete the held cards (None: any), cached."""
        if self._orph[seat] is _UNKNOWN:
            self._orph[seat] = rescuers(self.free(seat))
        return self._orph[seat]

    def _win_check(self, seat: int) -> WinCheck:
        card = self.live_card
        wc = self._wc[seat].get(card)
        if wc is None:
            wc = self._wc[seat][card] = self._compute_win(seat, card)
        return wc

    def _compute_win(self, seat: int, card: int) -> WinCheck:
        free = self.free(seat)
        fixed = self.fixed(seat)
        only = self._rescuers(seat)
        if only is not None and card not in only:
            return WinCheck(None, None)  # an orphan among the held cards stays alone
        return win_on(free, card, self.rules, fixed=fixed)

    def _claim_window(self) -> tuple[list[int], dict[int, str], dict[int, list[Action]]]:
        card = self.live_card
        n = self.num_players
        door = self.live_door
        first = door if self.live_drawn else (door + 1) % n
        strict = self.rules.strict
        queue: list[int] = []
        stage: dict[int, str] = {}
        options: dict[int, list[Action]] = {}
        taker = -1
        for j in range(n):
            p = (first + j) % n
            if p == self.live_exposer:
                continue
            wc = self._win_check(p)
            if wc.win or (not strict and wc.complete):
                queue.append(p)
                stage[p] = "u"
                options[p] = [A.WIN] if strict and wc.win else [A.WIN, A.DECLINE]
            held, down = self.hands[p][card], self.down[p].get(card, 0)
            khan = held == 3 and (down == 3 or card in self.cups[p])
            # with a card left to give back (trả cửa), never from a face-down khàn (takes.py)
            if (khan or (held == 2 and not down)) and takes.spare(
                self.hands[p], self.down[p], held - down
            ):
                taker = p
        if self.live_drawn and not self.stock:
            taker = -1  # B3.3 / D-24: the last nọc card can only be won on, else a drawn game
        if taker >= 0:
            take = A.DAY_KHAN if self.hands[taker][card] == 3 else A.PHONG
            name = "day_khan" if take is A.DAY_KHAN else "phong"
            if taker in queue:
                # he may ù or take it: one answer (a later ù claimant waits on him)
                options[taker] = [A.WIN, take, A.DECLINE]
                if strict and self._win_check(taker).win:
                    options[taker] = [A.WIN]
            else:
                queue.append(taker)
                stage[taker] = name
                compulsory = strict and take is A.DAY_KHAN
                options[taker] = [take] if compulsory else [take, A.DECLINE]
        return queue, stage, options

    def _open_claims(self) -> None:
        self.claim_done = []
        self.pending_take = None
        queue, stage, options = self._claim_window()
        if queue:
            self.claim_queue, self.claim_stage, self.claim_options = queue, stage, options
            self.phase = "claim"
        else:
            self._after_claims()

    def _reopen_claims(self, keep: int | None) -> None:
        """After a re-deal of hidden cards: the claim window as the new hands allow."""
        front = self.claim_queue[0]
        queue, stage, options = self._claim_window()
        queue = [p for p in queue if p not in self.claim_done]
        if keep is not None and front == keep:
            queue = [keep] + [p for p in queue if p != keep]
            options[keep] = self.claim_options[keep]
            stage[keep] = self.claim_stage[keep]
        elif keep is not None and queue and queue[0] == keep:
            if front in queue:
                queue.remove(front)
            queue.insert(0, front)
            options.setdefault(front, [A.DECLINE])
        if not queue:
            queue, options[front] = [front], [A.DECLINE]
            stage[front] = "none"
        self.claim_queue, self.claim_stage, self.claim_options = queue, stage, options

    def _after_claims(self) -> None:
        self.claim_queue = []
        if self.live_drawn and not self.stock:
            # D-24: the last nọc card went unclaimed: a drawn game
            self._finish_draw()
            return
        if self.live_drawn and not self.live_passed:
            self.phase, self.actor = "decide", self.live_door
        else:
            self.phase, self.actor = "decide", (self.live_door + 1) % self.num_players

    # ------------------------------------------------------------------ winning
    def _win(self, seat: int) -> None:
        card = self.live_card
        wc = self._win_check(seat)
        self.claim_queue = []
        self.hands[seat][card] += 1
        self.live_card = -1
        self.winner = seat
        self.events.append(Event("u", seat, {"card": card, "drawn": self.live_drawn}))
        self.events.append(Event("show", seat, {"hand": KINDS.kinds_of(self.hands[seat])}))
        if wc.best is None:
            part = wc.shape
            msg = (
                f"declared ù with {part.lung if part else 0} lưng, fewer than "
                f"{self.rules.min_lung} (thiếu lưng → chèo đò)"
            )
            fault = self._fault(THIEU_LUNG, seat, msg)
            self.report = [
                {"check": "card_count", "ok": True, "detail": "21 cards"},
                {"check": "all_in_phu", "ok": True, "detail": "every card is in a phu"},
                {"check": "lung", "ok": False, "detail": msg},
            ]
            self._finish_fault(seat, fault)
            return
        part = wc.best
        hand20 = list(self.hands[seat])
        hand20[card] -= 1
        waits = self._wait_count(seat, hand20)
        counts = list(self.hands[seat])
        for g in self.mats[seat]:
            for k in g.cards:
                counts[k] += 1
        ctx = WinContext(
            counts=tuple(counts),
            partition=part,
            win_card=card,
            from_nocc=self.live_drawn,
            wait_count=waits,
            thong=self._thong(seat),
        )
        self.win_info = (part, ctx)
        self.hits = cuoc_of(ctx)
        if self.rules.ho == "declared":
            self.phase, self.actor = "call", seat
            return
        self.called = {h.id: h.count for h in self.hits if h.id != "u_suong"}
        self._judge_calls(seat)

    def _thong(self, seat: int) -> bool:
        return (
            self.setup["prev_winner"] == seat
            and seat not in self.setup["boats"]
            and seat not in self.setup["glasses"]
        )

    def _wait_count(self, seat: int, hand20: list[int]) -> int:
        """How many kinds the seat's 20 cards waited on (for bạch thủ and chi nẩy)."""
        saved = self.hands[seat]
        saved_live = self.live_card
        self.hands[seat] = hand20
        n = 0
        for x in range(NUM_KINDS):
            if hand20[x] + sum(g.cards.count(x) for g in self.mats[seat]) >= 4:
                continue
            if self._compute_win(seat, x).win:
                n += 1
        self.hands[seat] = saved
        self.live_card = saved_live
        return n

    def _judge_calls(self, seat: int) -> None:
        assert self.win_info is not None
        part = self.win_info[0]
        over = over_calls(self.called, self.hits)
        checks: list[dict[str, Any]] = [
            {"check": "card_count", "ok": True, "detail": "21 cards"},
            {"check": "all_in_phu", "ok": True, "detail": "every card is in a phu"},
            {
                "check": "lung",
                "ok": True,
                "detail": f"{part.lung} lưng (need {self.rules.min_lung})",
            },
            fault_check(
                self.faults, seat, "khan_up", KHE_KHAN, "every khàn turned up, cups returned"
            ),
            fault_check(
                self.faults, seat, "lay_down", TREO_TRANH, "every eat laid its identical cards"
            ),
        ]
        missed = self.missed[seat]
        checks.append(
            {
                "check": "bo_u",
                "ok": not missed,
                "detail": "no earlier win let go"
                if not missed
                else "let go a win on " + " ".join(KINDS.codes[k] for k in missed),
            }
        )
        checks.append(
            {
                "check": "calls",
                "ok": not over,
                "detail": "the calls match the hand"
                if not over
                else "called more than held: " + ", ".join(over),
            }
        )
        self.report = checks
        if over:
            fault = self._fault(
                U_NHO_HO_TO,
                seat,
                "called " + ", ".join(over) + " which the hand does not hold (ù nhỏ hô to)",
            )
            self._finish_fault(seat, fault)
            return
        if missed:
            self._fault(
                BO_U,
                seat,
                "let an earlier winning card go by ("
                + " ".join(KINDS.codes[k] for k in missed)
                + "): đeo kính",
            )
        # a chèo đò of this game (khê khàn) cancels the win, a đeo kính voids its score
        penalty = win_penalty(self.faults, seat)
        score = score_of(self.called, self.rules)
        true_score = score_of(self.hits, self.rules)
        paid = 0 if penalty else score
        if seat in self.setup["boats"]:
            paid = 0  # trả đò
        n = self.num_players
        pay = [0.0] * n
        if paid:
            for s in range(n):
                pay[s] = float(paid * (n - 1)) if s == seat else -float(paid)
        self._finish(
            Outcome(
                Termination.WIN,
                tuple(self._boat_charges(pay)),
                winner=seat,
                score=paid,
                patterns=tuple(self.hits),
                faults=tuple(self.faults),
                details={
                    "partition": part.to_json(),
                    "lung": part.lung,
                    "called": dict(self.called),
                    "true_score": true_score,
                    "called_score": score,
                    "penalty": penalty,
                    "marks": self._marks(seat, penalty),
                    "check": checks,
                },
            )
        )

    def _marks(self, seat: int | None, penalty: str | None) -> dict[str, list[int]]:
        boats = set(self.setup["boats"])
        glasses = set(self.setup["glasses"])
        for f in self.faults:
            if f.penalty == CHEO_DO:
                boats.add(f.seat)
            elif f.penalty == DEO_KINH:
                glasses.add(f.seat)
        if (
            seat is not None
            and penalty is None
            and seat in boats
            and not any(f.seat == seat and f.penalty == CHEO_DO for f in self.faults)
        ):
            boats.discard(seat)  # trả đò paid
        if penalty == DEO_KINH and seat is not None:
            glasses.add(seat)
        return {"boats": sorted(boats), "glasses": sorted(glasses)}

    def _finish_fault(self, seat: int, fault: Fault) -> None:
        pay = tuple(self._boat_charges([0.0] * self.num_players))
        self._finish(
            Outcome(
                Termination.FAULT,
                pay,
                winner=None,
                score=0,
                patterns=tuple(self.hits),
                faults=tuple(self.faults),
                details={
                    "penalty": CHEO_DO,
                    "offender": seat,
                    "marks": self._marks(None, None),
                    "check": self.report,
                },
            )
        )

    def _boat_charges(self, pay: list[float]) -> list[float]:
        """Every chèo đò of the game costs its offender 2u from each other seat."""
        n = self.num_players
        u = 2 * self.rules.unit
        for f in self.faults:
            if f.penalty == CHEO_DO:
                for s in range(n):
                    pay[s] += -float(u * (n - 1)) if s == f.seat else float(u)
        return pay

    def _finish_draw(self) -> None:
        self._to_dead()
        n = self.num_players
        pay = self._boat_charges([0.0] * n)
        self._finish(
            Outcome(
                Termination.NO_WINNER,
                tuple(pay),
                faults=tuple(self.faults),
                details={"marks": self._marks(None, None)},
            )
        )

    def _finish(self, outcome: Outcome) -> None:
        for fault in self.faults:
            self.events.append(Event("fault", fault.seat, fault.to_json()))
        self._outcome = outcome
        self.phase = "end"
        self.claim_queue = []
        self.events.append(Event("end", None, outcome.to_json()))

    # ------------------------------------------------------------------ views
    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator). Never another seat's hand or the nọc."""
        n = self.num_players
        cur = self.current_player()
        obs: dict[str, Any] = {
            "game": "totom",
            "seat": seat,
            "players": n,
            "rules": self.rules.to_json(),
            # who is asked to claim depends on hidden hands: a seat not asked sees "waiting"
            # and the seat whose turn it is (the live card's decider), never the claimers
            "phase": self.phase if (cur == seat or self.phase == "end") else "waiting",
            "to_act": cur == seat and seat is not None,
            "actor": self._turn_owner(),
            "dealer": self.dealer,
            "cai": self.cai,
            "nocc_left": len(self.stock),
            "live": None
            if self.live_card < 0
            else {
                "card": self.live_card,
                "door": self.live_door,
                "drawn": self.live_drawn,
                "passed": self.live_passed,
                "exposer": self.live_exposer,  # who discarded it (-1: turned up from the nọc)
            },
            "mats": [[p.to_json() for p in self.mats[s]] for s in range(n)],
            "dead": list(self.dead),
            "hand_sizes": [sum(h) for h in self.hands],
            "cups": list(self.cup_count),
            "return_door": self.return_door if self.return_door >= 0 else None,
            "eaten": self.eaten if self.eaten >= 0 else None,  # the card just eaten
            "faults": [f.to_json() for f in self.faults if f.seat == seat or self.phase == "end"],
            # the table's marks from earlier games (public): thông, đò, kính
            "setup": {
                "eldest": self.eldest,
                "prev_winner": self.setup["prev_winner"],
                "boats": list(self.setup["boats"]),
                "glasses": list(self.setup["glasses"]),
            },
        }
        if self.win_info is not None:
            # the ù and its card are announced (the "u" event)
            ctx = self.win_info[1]
            obs["win"] = {"card": ctx.win_card, "drawn": ctx.from_nocc}
        if seat is not None:
            obs["hand"] = KINDS.kinds_of(self.free(seat))
            obs["down"] = {KINDS.codes[k]: c for k, c in sorted(self.down[seat].items())}
            obs["bat_thuc"] = list(self.cups[seat])
            # the winning cards this seat let go by (bỏ ù): its own memory
            obs["missed"] = list(self.missed[seat])
            if self.phase == "claim" and cur == seat:
                obs["claim"] = self.claim_stage.get(seat)
            if self.phase == "call" and cur == seat:
                obs["cuoc"] = {h.id: h.count for h in self.hits if h.id != "u_suong"}
                obs["called"] = dict(self.called)
        if self.phase == "end" and self._outcome is not None:
            obs["outcome"] = self._outcome.to_json()
            if self.winner is not None:
                obs["winner_hand"] = KINDS.kinds_of(self.hands[self.winner])
            obs["hands"] = [KINDS.kinds_of(h) for h in self.hands]
        return obs

    def _turn_owner(self) -> int | None:
        if self.phase == "end":
            return None
        if self.phase == "claim":
            if self.live_drawn and not self.live_passed:
                return self.live_door
            return (self.live_door + 1) % self.num_players
        return self.actor

    def zones(self) -> dict[str, list[int]]:
        """Count vectors of every place a card can be (they always sum to the deck)."""
        z: dict[str, list[int]] = {}
        for s in range(self.num_players):
            z[f"hand{s}"] = list(self.hands[s])
            mat = [0] * NUM_KINDS
            for p in self.mats[s]:
                for k in p.cards:
                    mat[k] += 1
            z[f"mat{s}"] = mat
        z["stock"] = KINDS.counts(self.stock)
        z["set_aside"] = KINDS.counts(self.set_aside)
        z["dead"] = KINDS.counts(self.dead)
        live = [0] * NUM_KINDS
        if self.live_card >= 0:
            live[self.live_card] += 1
        z["live"] = live
        return z

    def hidden_from(self, seat: int | None) -> dict[str, list[int]]:
        z = self.zones()
        shown = self._revealed(seat)
        return {
            k: v
            for k, v in z.items()
            if k in ("stock", "set_aside") or (k.startswith("hand") and int(k[4:]) not in shown)
        }

    def _revealed(self, seat: int | None) -> set[int]:
        if self.phase == "end":
            return set(range(self.num_players))  # every hand is turned up for the check
        out = set() if seat is None else {seat}
        if self.winner is not None:
            out.add(self.winner)
        return out

    def resample_hidden(self, seat: int | None, rng: Rng) -> TotomState:
        """A clone where every card hidden from ``seat`` (other hands, the nọc, the removed
        part) is dealt again at random, zone sizes kept (for leak tests and ISMCTS)."""
        st = self.clone()
        st._legal_at = -1
        shown = self._revealed(seat)
        others = [s for s in range(self.num_players) if s not in shown]
        pool = [k for s in others for k in KINDS.kinds_of(st.hands[s])] + st.stock + st.set_aside
        rng.shuffle(pool)
        i = 0
        for s in others:
            size = sum(st.hands[s])
            st.hands[s] = KINDS.counts(pool[i : i + size])
            i += size
            # the re-dealt hand's identical groups lie face down as its khàn (cups kept)
            st.down[s] = {k: 3 for k, c in enumerate(st.hands[s]) if c == 3 and k not in st.cups[s]}
            if not st.first_shown:
                st.down[s].update({k: 4 for k, c in enumerate(st.hands[s]) if c == 4})
            st.cups[s] = [k for k in st.cups[s] if st.hands[s][k] == 3]
            st._changed(s)
        st.stock = pool[i : i + len(st.stock)]
        i += len(st.stock)
        st.set_aside = pool[i:]
        if st.phase == "claim":
            st._reopen_claims(seat)
        return st

    def snapshot(self) -> dict[str, Any]:
        """The full state as plain data (for equality in tests)."""
        return {
            "hands": [list(h) for h in self.hands],
            "down": [sorted(d.items()) for d in self.down],
            "cups": [list(c) for c in self.cups],
            "cup_count": list(self.cup_count),
            "mats": [[p.cards for p in m] for m in self.mats],
            "stock": list(self.stock),
            "dead": list(self.dead),
            "phase": self.phase,
            "actor": self.actor,
            "queue": list(self.claim_queue),
            "pending_take": self.pending_take,
            "live": (
                self.live_card,
                self.live_door,
                self.live_drawn,
                self.live_passed,
                self.live_exposer,
                self.return_door,
                self.eaten,
            ),
            "faults": [f.to_json() for f in self.faults],
            "called": dict(self.called),
            "outcome": None if self._outcome is None else self._outcome.to_json(),
        }

    def clone(self) -> TotomState:
        st = object.__new__(TotomState)
        st.__dict__.update(self.__dict__)
        st.hands = [list(h) for h in self.hands]
        st.down = [dict(d) for d in self.down]
        st.cups = [list(c) for c in self.cups]
        st.cup_count = list(self.cup_count)
        st.mats = [list(m) for m in self.mats]
        st.stock = list(self.stock)
        st.set_aside = list(self.set_aside)
        st.dead = list(self.dead)
        st.faults = list(self.faults)
        st.missed = [list(m) for m in self.missed]
        st.claim_queue = list(self.claim_queue)
        st.claim_stage = dict(self.claim_stage)
        st.claim_options = dict(self.claim_options)
        st.claim_done = list(self.claim_done)
        st.hits = list(self.hits)
        st.called = dict(self.called)
        st.report = list(self.report)
        st._wc = [dict(w) for w in self._wc]
        st._orph = list(self._orph)
        st.events = list(self.events)
        return st

    def __repr__(self) -> str:
        return (
            f"<TotomState seed={self.seed} phase={self.phase} actor={self.current_player()} "
            f"nọc={len(self.stock)}>"
        )


def deck_for(
    hands: Sequence[Sequence[int]], draws: Sequence[int] = (), *, cai: int = 0
) -> list[int]:
    """A deck order whose deal gives ``hands[seat]`` (20 kinds each) when the người được cái
    is ``cai`` (pass ``setup={"cai": cai}``), and whose nọc turns up ``draws`` first.

    For scenario tests, puzzles and teaching positions."""
    n = len(hands)
    if n not in (4, 5) or any(len(h) != PART for h in hands):
        raise ChieuError("deck_for needs 4 or 5 hands of 20 cards")
    rest = KINDS.full_counts()
    for k in [*(k for h in hands for k in h), *draws]:
        rest[k] -= 1
    if min(rest) < 0:
        raise ChieuError("deck_for: more than 4 copies of a kind among the hands and draws")
    spare = KINDS.kinds_of(rest)
    parts: list[list[int]] = [list(hands[(cai + j) % n]) for j in range(n)]
    if n == 4:
        parts.append(spare[:PART])
        spare = spare[PART:]
    parts.append([*draws, *spare][:PART])
    deck = [0] * DECK_SIZE
    for j, part in enumerate(parts):
        for i, k in enumerate(part):
            deck[i * 6 + j] = k
    return deck


# ---------------------------------------------------------------------- worlds (search bots)
def _phu_of(data: Mapping[str, Any]) -> Phu:
    cards = []
    for code in data["cards"]:
        k = KINDS.kind(str(code))
        if k is None:
            raise ChieuError(f"observation: unknown Tổ tôm card {code!r}")
        cards.append(k)
    return Phu(tuple(cards), str(data["type"]), str(data.get("name", "")))


def _cap_hands(st: TotomState, others: list[int], caps: list[int], rng: Rng) -> None:
    """Move a kind held beyond ``caps[kind]`` by another seat into the nọc / removed part,
    taking a card that fits instead (what the public record rules out: a hidden quad after
    the first card was shown, a khàn of the live card nobody raised)."""
    for s in others:
        hand = st.hands[s]
        for k in range(NUM_KINDS):
            while hand[k] > caps[k]:
                spots = [
                    (pile, i)
                    for pile in (st.stock, st.set_aside)
                    for i, x in enumerate(pile)
                    if x != k and hand[x] < caps[x]
                ]
                if not spots:
                    return
                pile, i = spots[rng.randrange(len(spots))]
                hand[pile[i]] += 1
                hand[k] -= 1
                pile[i] = k


def world_from_observation(
    obs: Mapping[str, Any], legal: Sequence[Action], rng: Rng, rules: Rules | None = None
) -> TotomState:
    """A full state consistent with what ``obs["seat"]`` sees, for search bots.

    The seat's cards (free, face down, bất thực), every mat, the dead cards, the live card,
    the marks, counters and the seat's own faults and bỏ ù are taken from the observation;
    the cards it cannot see are dealt at random to the other hands (sizes kept), the nọc and
    the removed part. Another hand's three identical cards lie face down as its khàn (as many
    as its cup count turned up as bất thực). The seat is to act, with ``legal`` as its legal
    actions (in a claim window the seats that answered before it are left out)."""
    rules = rules or Rules.from_json(obs.get("rules"))
    seat = int(obs["seat"])
    n = int(obs["players"])
    if n != rules.players:
        raise ChieuError(f"observation of {n} players, rules for {rules.players}")
    phase = str(obs["phase"])
    if phase not in ("arrange", "claim", "decide", "discard", "call"):
        raise ChieuError(f"no Tổ tôm world can be built in phase {phase!r}")
    st = object.__new__(TotomState)
    st.rules = rules
    st.seed = 0
    st.num_players = n
    marks = obs.get("setup") or {}
    st.eldest = int(marks.get("eldest", 0))
    st.dealer, st.cai = int(obs["dealer"]), int(obs["cai"])
    st.setup = {
        "eldest": st.eldest,
        "dealer": st.dealer,
        "cai": st.cai,
        "prev_winner": marks.get("prev_winner"),
        "boats": sorted(marks.get("boats", [])),
        "glasses": sorted(marks.get("glasses", [])),
    }
    # what the seat sees
    unseen = KINDS.full_counts()
    mine = KINDS.counts(int(k) for k in obs["hand"])
    down: dict[int, int] = {}
    for code, c in obs["down"].items():
        k = KINDS.kind(str(code))
        if k is None:
            raise ChieuError(f"observation: unknown Tổ tôm card {code!r}")
        down[k] = int(c)
        mine[k] += int(c)
    st.mats = [[_phu_of(p) for p in mat] for mat in obs["mats"]]
    st.dead = [int(k) for k in obs["dead"]]
    live = obs.get("live")
    win = obs.get("win") if phase == "call" else None
    if win is not None:  # rebuilt just before the ù, then replayed
        mine[int(win["card"])] -= 1
        live = {"card": win["card"], "door": -1, "drawn": win["drawn"], "passed": False}
    seen = [*KINDS.kinds_of(mine), *st.dead, *(k for m in st.mats for p in m for k in p.cards)]
    if live is not None:
        seen.append(int(live["card"]))
    for k in seen:
        unseen[k] -= 1
    if min(unseen) < 0:
        raise ChieuError("observation shows more than 4 copies of a Tổ tôm card")
    sizes = [int(x) for x in obs["hand_sizes"]]
    if win is not None:
        sizes[seat] -= 1
    if sizes[seat] != sum(mine):
        raise ChieuError("observation: the seat's hand size does not match its cards")
    stock_size = int(obs["nocc_left"])
    pool = KINDS.kinds_of(unseen)
    if sum(sizes) - sizes[seat] + stock_size > len(pool):
        raise ChieuError("observation: more hidden cards than unseen cards")
    rng.shuffle(pool)
    others = [s for s in range(n) if s != seat]
    st.hands = [[0] * NUM_KINDS for _ in range(n)]
    st.hands[seat] = mine
    i = 0
    for s in others:
        st.hands[s] = KINDS.counts(pool[i : i + sizes[s]])
        i += sizes[s]
    st.stock = pool[i : i + stock_size]
    st.set_aside = pool[i + stock_size :]
    st.first_shown = phase != "arrange"
    caps = [3 if st.first_shown else 4] * NUM_KINDS
    if phase == "decide" and live is not None:
        caps[int(live["card"])] = 2  # nobody raised his khàn on the live card
    _cap_hands(st, others, caps, rng)
    st.cup_count = [int(c) for c in obs["cups"]]
    st.cups = [[] for _ in range(n)]
    st.cups[seat] = [int(k) for k in obs["bat_thuc"]]
    st.down = [{} for _ in range(n)]
    st.down[seat] = down
    for s in others:
        triples = [k for k, c in enumerate(st.hands[s]) if c == 3]
        rng.shuffle(triples)
        st.cups[s] = sorted(triples[: st.cup_count[s]])
        st.down[s] = {k: 3 for k in triples if k not in st.cups[s]}
        st.down[s].update({k: 4 for k, c in enumerate(st.hands[s]) if c == 4})
    st.faults = [
        Fault(
            str(f["id"]),
            str(f["name"]),
            int(f["seat"]),
            str(f["penalty"]),
            str(f["explanation"]),
            int(f.get("step", -1)),
        )
        for f in obs["faults"]
    ]
    st.missed = [[] for _ in range(n)]
    st.missed[seat] = [int(k) for k in obs.get("missed", [])]
    # the live card and the turn
    if live is None:
        st.live_card, st.live_door, st.live_drawn, st.live_passed = -1, -1, False, False
        st.live_exposer = -1
    else:
        st.live_card, st.live_door = int(live["card"]), int(live["door"])
        st.live_drawn, st.live_passed = bool(live["drawn"]), bool(live["passed"])
        st.live_exposer = int(live.get("exposer", -1))
    rd = obs.get("return_door")
    st.return_door = -1 if rd is None else int(rd)
    eaten = obs.get("eaten")
    st.eaten = -1 if eaten is None else int(eaten)
    st.phase = phase
    st.actor = seat
    st.arranged = (seat - st.cai) % n if phase == "arrange" else n
    st.claim_queue, st.claim_stage, st.claim_options, st.claim_done = [], {}, {}, []
    st.pending_take = None  # another seat's answer is private
    st.winner = None
    st.win_info = None
    st.hits = []
    st.called = {}
    st.report = []
    st._outcome = None
    st.steps = 0
    st._legal_at = -1
    st._legal = []
    st._wc = [{} for _ in range(n)]
    st._orph = [_UNKNOWN] * n
    st.events = []
    if win is not None:
        st.phase = "claim"
        st.claim_queue, st.claim_stage, st.claim_options = [seat], {seat: "u"}, {seat: [A.WIN]}
        st.apply(A.WIN, seat)
        if st.phase != "call":
            raise ChieuError("observation: the seat's ù does not rebuild")
        st.called = {str(c): int(v) for c, v in obs.get("called", {}).items()}
        st._legal_at = -1
    elif phase == "claim":
        _claims_for(st, seat, str(obs.get("claim")), list(legal))
    return st


def _claims_for(st: TotomState, seat: int, stage: str, legal: list[Action]) -> None:
    """The claim window of a rebuilt world with ``seat`` answering now: the claimants before
    it (nearer ù claimants; every ù claimant when it is the phỗng / dậy khàn taker) have
    answered already."""
    queue, stages, options = st._claim_window()
    n = st.num_players
    first = st.live_door if st.live_drawn else (st.live_door + 1) % n
    dist = {(first + j) % n: j for j in range(n)}
    if stage == "u":
        answered = [p for p in queue if stages[p] == "u" and dist[p] < dist[seat]]
    else:
        answered = [p for p in queue if p != seat]
    rest = [p for p in queue if p != seat and p not in answered]
    stages[seat] = stage
    options[seat] = legal
    st.phase = "claim"
    st.claim_queue = [seat, *rest]
    st.claim_stage, st.claim_options, st.claim_done = stages, options, answered
