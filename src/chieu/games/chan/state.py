"""The Chắn state machine (shared/rules A2–A6), with an explicit claim phase.

Phases: ``discard`` (the actor must đánh; at the opening the cái may also declare thiên ù),
``return`` (trả cửa after a chíu), ``claim`` (seats that may ù or chíu the live card answer, in
priority order: ù by door distance, then chíu; the first claim wins), ``decide`` (the decider
eats the live card, draws, or passes his own draw), ``announce`` (declared xướng), ``end``.
Everything after the deal is public in Chắn; each seat's hand is private.
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
from chieu.games.chan import actions as A
from chieu.games.chan.analysis import (
    BACH_THU_CHI,
    Waits,
    count_chan,
    pair_waits,
    pairs_up,
    waits,
    win_chan,
)
from chieu.games.chan.cards import CC, KINDS, NUM_KINDS, rank_of
from chieu.games.chan.faults import (
    ALL_FAULTS,
    BAO,
    BY_VERB,
    DISCARD_RULES,
    EAT_RULES,
    MOMENTARY_RULES,
    NAT,
    PAY12,
    SeatHistory,
    _ca_partner,
)
from chieu.games.chan.rules import Rules

DISCARD, DRAWN, PASSED, RETURNED = "discard", "drawn", "passed", "returned"
PHASES = ("discard", "return", "claim", "decide", "announce", "end")
DECK_SIZE = 100
PILE = 20
ANNOUNCE_CAP = 4

_PUBLIC = None  # visible_to for public events
_NOBODY: frozenset[int] = frozenset()


class ChanState(StateBase):
    """One deal of Chắn. Create with ``ChanGame.new_state`` (or directly)."""

    game: Any = None  # set by chieu.games.chan.game (avoids an import cycle)

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
        unknown = set(setup) - {"bat_cai", "prev_winner"}
        if unknown:
            raise ChieuError(f"unknown Chắn setup key(s): {', '.join(sorted(unknown))}")
        bat_cai = setup.get("bat_cai", 0)
        prev = setup.get("prev_winner")
        if not isinstance(bat_cai, int) or not 0 <= bat_cai < n:
            raise ChieuError(f"setup bat_cai={bat_cai!r} is not a seat 0..{n - 1}")
        if prev is not None and (not isinstance(prev, int) or not 0 <= prev < n):
            raise ChieuError(f"setup prev_winner={prev!r} is not a seat 0..{n - 1}")
        self.setup: dict[str, Any] = {"bat_cai": bat_cai, "prev_winner": prev}
        if deal is None:
            deck = Rng(seed, "chan", "deal").shuffled(KINDS.deck())
        else:
            deck = [int(k) for k in deal]
            if len(deck) != DECK_SIZE or sorted(deck) != KINDS.deck():
                raise ChieuError("a Chắn deal is the 100 cards of the deck, each kind 4 times")
        # A2.2: five piles of 20; pile 4 is the nọc base, one card from each other pile joins
        # it; its top card is the cái card, laid on pile 0 (the bài cái).
        piles = [deck[PILE * i : PILE * (i + 1)] for i in range(5)]
        stock = piles[4] + [piles[i].pop() for i in range(4)]
        cai_card = stock.pop()
        piles[0].append(cai_card)
        r = rank_of(cai_card)
        step = 1 if rules.count_dir == "right" else -1
        self.bat_cai = bat_cai
        self.cai_card = cai_card
        self.cai_seat = cai = (bat_cai + step * (r - 1)) % n
        self.hands: list[list[int]] = [[0] * NUM_KINDS for _ in range(n)]
        for j in range(n):
            seat = (cai + j) % n
            for k in piles[j]:
                self.hands[seat][k] += 1
        self.set_aside: list[int] = [k for j in range(n, 4) for k in piles[j]]
        self.stock: list[int] = stock  # the top is the end of the list
        self.drawable = len(stock) - 1 if rules.last_nocc_dead else len(stock)
        self.draws = 0
        self.exposure = 0  # physical cards shown so far (a passed card stays the same)
        self.dealt: list[list[int]] = [list(h) for h in self.hands]
        self.mats: list[list[tuple[tuple[int, ...], str]]] = [[] for _ in range(n)]
        self.mat_chan = [0] * n
        self.doors: list[list[int]] = [[] for _ in range(n)]
        self.hist = [SeatHistory() for _ in range(n)]
        self.bao = [False] * n
        self.bao_order: list[int] = []
        self.nat = [False] * n
        self.pay12: list[int] = []
        self.faults: list[Fault] = []
        self.chiu_count = [0] * n
        # live offer
        self.live_card = -1
        self.live_door = -1
        self.live_origin = ""
        self.live_role = ""  # "drawn" (the drawer decides) or "discard" (the next seat does)
        self.live_drawer = -1
        self.live_from_nocc = False
        self.return_door: int | None = None
        self.final = False  # the last drawable card is live: only ù claims
        # turn
        self.phase = "discard"
        self.actor = cai
        self.opening = True
        self.claim_queue: list[int] = []
        self.claim_options: dict[int, list[Action]] = {}
        self.claim_legal_win: set[int] = set()
        self.claim_exposer: int | None = None
        self.claim_done: list[int] = []
        self.pending_chiu = -1
        self.cai_card_held = True  # the cái still holds the (public) cái card's kind
        self.shown: set[int] = set()  # seats whose hand is face up (they declared ù)
        self.first_draw_seen = False
        # result
        self.winner: int | None = None
        self.win_context: Any = None
        self.hits: list[PatternHit] = []
        self.true_score = 0
        self.announced: dict[str, int] = {}
        self._outcome: Outcome | None = None
        self.steps = 0
        self._legal_at = -1
        self._legal: list[Action] = []
        self._legal_clean = False
        self._pw: list[frozenset[int] | None] = [None] * n
        self._bd: list[set[int] | None] = [None] * n  # cached blocked discards
        # the discard rules that depend on the moment, as the options enable them
        # ([False]: a discard, [True]: a trả cửa, where T1 cannot apply)
        momentary = tuple(
            f for f in MOMENTARY_RULES if f.id != "an_ca_doi_cho" or rules.an_ca_doi_cho
        )
        self._momentary = (momentary, tuple(f for f in momentary if f.id != "treo_tranh"))
        self._wt: list[Waits | None] = [None] * n  # cached waits of the held cards
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
            Event("bat_cai", bat_cai, {"cai_card": cai_card, "cai_seat": cai, "prev_winner": prev}),
        ]

    # ------------------------------------------------------------------ protocol queries
    def _legal_actions(self, cur: int) -> list[Action]:
        self._legal_clean = self.rules.strict
        phase = self.phase
        hand = self.hands[cur]
        if phase == "claim":
            return self.claim_options[cur]
        if phase == "discard":
            if self.rules.strict:
                blocked = self._blocked_discards(cur)
                acts: list[Action] = [
                    A.DISCARD[k] for k in range(NUM_KINDS) if hand[k] and k not in blocked
                ]
                if not acts:
                    acts = [A.DISCARD[k] for k in range(NUM_KINDS) if hand[k]]
                    self._legal_clean = False
            else:
                acts = [A.DISCARD[k] for k in range(NUM_KINDS) if hand[k]]
            if self.opening and self._may_offer_win(cur):
                acts.append(A.WIN)
            return acts
        if phase == "decide":
            acts = []
            card = self.live_card
            if card == CC:
                if hand[CC]:
                    acts.append(A.EAT[CC])
            else:
                base = card - card % 3
                for k in (base, base + 1, base + 2):
                    if hand[k]:
                        acts.append(A.EAT[k])
            if self.rules.strict and acts:
                blocked = set()
                for rule in EAT_RULES:
                    blocked |= rule.blocked_eats(self, cur)
                acts = [a for a in acts if a.card not in blocked]  # type: ignore[attr-defined]
                acts = self._eats_with_clean_discard(cur, acts)
            if self.live_role == "drawn" and self.actor == self.live_drawer:
                acts.append(A.PASS)
            else:
                acts.append(A.DRAW)
            return acts
        if phase == "return":
            acts = [A.RETURN[k] for k in range(NUM_KINDS) if hand[k]]
            if self.rules.strict:
                blocked = self._blocked_discards(cur, returning=True)
                clean = [a for a in acts if a.card not in blocked]  # type: ignore[attr-defined]
                self._legal_clean = bool(clean)
                acts = clean or acts
            elif self.return_door != cur:
                acts += [A.DISCARD[k] for k in range(NUM_KINDS) if hand[k]]  # T1 treo tranh
            return acts
        if phase == "announce":
            acts = []
            true = {h.id: h.count for h in self.hits}
            for cid, act in A.ANNOUNCE.items():
                have = self.announced.get(cid, 0)
                cap = true.get(cid, 0) if self.rules.strict else ANNOUNCE_CAP
                if have < cap:
                    acts.append(act)
            acts.append(A.ANNOUNCE_DONE)
            return acts
        return []

    def _blocked_discards(
        self, seat: int, returning: bool = False, cached: bool = True
    ) -> set[int]:
        """Every discard that would commit a fault (the union of the discard rules' sets).
        The part that depends only on the seat's history is cached until it changes."""
        base = self._bd[seat] if cached else None
        if base is None:
            base = set()
            for rule in DISCARD_RULES:
                if not rule.momentary:
                    base |= rule.blocked_discards(self, seat)
            if cached:
                self._bd[seat] = base
        out = base
        for rule in self._momentary[returning]:
            extra = rule.blocked_discards(self, seat)
            if extra:
                out = out | extra
        return out

    def _may_offer_win(self, seat: int) -> bool:
        if self.rules.strict:
            return self.win_verdict(seat) is None
        return self._shape_complete(seat)

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        seat = self._check(action, seat)
        start = len(self.events)
        self.steps += 1
        ev = {"action": A.ACTION_SPACE.json_of(action)}
        if action is A.DECLINE:
            # letting a claim go is private: it would tell the table what the seat holds
            self.events.append(Event("action", seat, ev, frozenset({seat}), ("action",)))
        else:
            self.events.append(Event("action", seat, ev))
        found = [] if self._legal_clean else self._fault_messages(seat, action)
        verb = action.verb
        if verb == "discard":
            self._discard(seat, action.card, found)  # type: ignore[attr-defined]
        elif verb == "eat":
            self._eat(seat, action.card, found)  # type: ignore[attr-defined]
        elif verb == "draw":
            self._draw(seat, ev)
        elif verb == "pass":
            self._pass(seat)
        elif verb == "decline":
            self._decline(seat)
        elif verb == "chiu":
            self._chiu(seat)
        elif verb == "return":
            self._return(seat, action.card, found)  # type: ignore[attr-defined]
        elif verb == "win":
            self._win(seat, found)
        elif verb == "announce":
            cid = action.cuoc  # type: ignore[attr-defined]
            self.announced[cid] = self.announced.get(cid, 0) + 1
        elif verb == "announce_done":
            self._announce_done(seat)
        return self.events[start:]

    # -- faults
    def _fault_messages(self, seat: int, action: Action) -> list[tuple[Any, str]]:
        verb = action.verb
        out = []
        if verb in ("discard", "return"):
            card = action.card  # type: ignore[attr-defined]
            for rule in DISCARD_RULES:
                if verb == "return" and rule.id == "treo_tranh":
                    continue
                if rule.id == "an_ca_doi_cho" and not self.rules.an_ca_doi_cho:
                    continue
                if card in rule.blocked_discards(self, seat):
                    out.append((rule, rule.discard_message(self, seat, card)))
            return out
        if verb == "eat":
            hcard = action.card  # type: ignore[attr-defined]
            for rule in EAT_RULES:
                if hcard in rule.blocked_eats(self, seat):
                    out.append((rule, rule.eat_message(self, seat, hcard)))
            return out
        for rule in BY_VERB.get(verb, ()):
            msg = rule.check_other(self, seat, action)
            if msg:
                out.append((rule, msg))
        return out

    def _commit(self, seat: int, found: list[tuple[Any, str]]) -> None:
        for rule, msg in found:
            fault = rule.fault(seat, msg, self.steps - 1)
            self.faults.append(fault)
            self.events.append(Event("fault", seat, fault.to_json()))
            if rule.penalty == NAT:
                self.nat[seat] = True
            elif rule.penalty == BAO and not self.bao[seat]:
                self.bao[seat] = True
                self.bao_order.append(seat)
                self.events.append(Event("bao", seat, {"fault": rule.id}))
            elif rule.penalty == PAY12 and seat not in self.pay12:
                self.pay12.append(seat)

    # -- actions
    def _waits(self, seat: int) -> Waits:
        """Waits of the seat's held cards and mat (cached until his hand changes)."""
        w = self._wt[seat]
        if w is None:
            w = self._wt[seat] = waits(self.hands[seat], self.mat_chan[seat])
        return w

    def _pair_waits(self, seat: int) -> frozenset[int]:
        pw = self._pw[seat]
        if pw is None:
            pw = self._pw[seat] = pair_waits(self.hands[seat])
        return pw

    def _left_hand(self, seat: int, kind: int) -> None:
        """A card of ``kind`` publicly left ``seat``'s hand."""
        if seat == self.cai_seat and kind == self.cai_card:
            self.cai_card_held = False  # the face-up cái card may be the one that left

    def _hand_changed(self, seat: int) -> None:
        self._pw[seat] = None
        self._bd[seat] = None
        self._wt[seat] = None
        h = self.hist[seat]
        h.missed.clear()
        h.actions += 1

    def _discard(self, seat: int, card: int, found: list[tuple[Any, str]]) -> None:
        hand = self.hands[seat]
        h = self.hist[seat]
        partner = _ca_partner(hand, card)
        if partner is not None:
            h.torn_ca.add(partner)
        self._commit(seat, found)
        h.waits_before_eat = None
        hand[card] -= 1
        h.note_discard(card)
        self._left_hand(seat, card)
        self._hand_changed(seat)
        self.opening = False
        door = seat
        self.return_door = None
        self.doors[door].append(card)
        self._set_live(card, door, DISCARD, "discard", -1, False)
        self._open_claims(exposer=seat)

    def _return(self, seat: int, card: int, found: list[tuple[Any, str]]) -> None:
        hand = self.hands[seat]
        h = self.hist[seat]
        self._commit(seat, found)
        hand[card] -= 1
        h.note_discard(card)
        self._left_hand(seat, card)
        self._hand_changed(seat)
        door = self.return_door
        assert door is not None
        self.return_door = None
        self.doors[door].append(card)
        role = self.live_role
        self._set_live(card, door, RETURNED, role, self.live_drawer, False)
        self._open_claims(exposer=seat)

    def _eat(self, seat: int, hcard: int, found: list[tuple[Any, str]]) -> None:
        card = self.live_card
        hand = self.hands[seat]
        is_chan = hcard == card
        self._eat_history(seat, hcard, self.hist[seat])
        self._commit(seat, found)
        hand[hcard] -= 1
        self.doors[self.live_door].pop()
        self.mats[seat].append(((hcard, card), "chan" if is_chan else "ca"))
        if is_chan:
            self.mat_chan[seat] += 1
        self._left_hand(seat, hcard)
        self._hand_changed(seat)
        self._clear_live()
        self.phase = "discard"
        self.actor = seat

    def _eat_history(self, seat: int, hcard: int, h: SeatHistory) -> None:
        """What the fault predicates remember of an eat (before the hand changes)."""
        card = self.live_card
        hand = self.hands[seat]
        if hcard == card:
            h.eaten_chan.add(card)
            return
        if hand[hcard] % 2 == 0:  # 2 or 4 copies: eating a cạ breaks a chắn
            h.split_chan.add(hcard)
        partner = _ca_partner(hand, hcard)
        if partner is not None:
            h.split_ca.add(partner)
        w = waits(hand, self.mat_chan[seat])
        h.waits_before_eat = w.kinds if w.kinds else None
        h.ate_ca = True

    def _eats_with_clean_discard(self, seat: int, acts: list[Action]) -> list[Action]:
        """Strict mode keeps an eat only if some discard after it commits no fault."""
        if not acts:
            return acts
        hand = self.hands[seat]
        card = self.live_card
        h = self.hist[seat]
        # in the decide phase only the history part applies (no door to return to; fault 10
        # is the ``waiting`` case below)
        blocked = self._bd[seat]
        if blocked is None:
            blocked = self._blocked_discards(seat)
        ranks = h.discarded_ranks
        waiting = self.rules.an_ca_doi_cho and bool(self._waits(seat).kinds)
        out: list[Action] = []
        for a in acts:
            hcard = a.card  # type: ignore[attr-defined]
            if not (waiting and hcard != card):
                # the fast path: a card no eat can make a fault of (not blocked now, not a card
                # of this eat, of no rank he has discarded: a first cạ would block those)
                partner = _ca_partner(hand, hcard)
                for k in range(NUM_KINDS):
                    if (
                        hand[k]
                        and k != hcard
                        and k != card
                        and k != partner
                        and k not in blocked
                        and (k == CC or k // 3 not in ranks)
                    ):
                        out.append(a)
                        break
                else:
                    if self._claim_leaves_clean_discard(seat, hcard):
                        out.append(a)
            elif self._claim_leaves_clean_discard(seat, hcard):
                out.append(a)
        return out

    def _claim_leaves_clean_discard(self, seat: int, hcard: int, chiu: bool = False) -> bool:
        """Strict mode: after a claim that a discard follows (an eat with ``hcard``, or a chíu
        of the live card ``hcard``), is there a đánh or trả cửa that commits no fault? (C1; a
        dry run on a copy of the seat's history; the hand is restored.)"""
        saved = self.hist[seat]
        trial = saved.copy()
        used = 3 if chiu else 1
        if not chiu:  # a chíu changes no fault history
            self._eat_history(seat, hcard, trial)
        hand = self.hands[seat]
        self.hist[seat] = trial
        hand[hcard] -= used
        try:
            blocked = self._blocked_discards(seat, cached=False)
            return any(hand[k] and k not in blocked for k in range(NUM_KINDS))
        finally:
            hand[hcard] += used
            self.hist[seat] = saved

    def _record_declined(self, seat: int) -> None:
        card = self.live_card
        hand = self.hands[seat]
        h = self.hist[seat]
        if hand[card] and card not in h.declined_chan:
            h.declined_chan.add(card)
            self._bd[seat] = None  # bỏ ăn chắn now forbids discarding it
        if card != CC:
            base = card - card % 3
            if any(hand[k] for k in (base, base + 1, base + 2) if k != card):
                h.declined_ca_ranks.add(rank_of(card))

    def _draw(self, seat: int, ev: dict[str, Any]) -> None:
        if self.live_card >= 0:
            self._record_declined(seat)
        card = self.stock.pop()
        self.draws += 1
        ev["card"] = card
        self.doors[seat].append(card)
        self._set_live(card, seat, DRAWN, "drawn", seat, True)
        self.final = self.draws >= self.drawable
        self._open_claims(exposer=None)

    def _pass(self, seat: int) -> None:
        self._record_declined(seat)
        self.live_origin = PASSED
        self.live_role = "discard"
        self._decide(self._next_active(self.live_door))

    def _missed_win(self, seat: int) -> None:
        """``seat`` let a legal ù on the live card go by (for bỏ ù, fault 13)."""
        self.hist[seat].missed.add((self.live_card, self.exposure, self.draws))

    def _decline(self, seat: int) -> None:
        if seat in self.claim_legal_win:
            self._missed_win(seat)
        self.claim_queue.pop(0)
        self.claim_done.append(seat)
        if not self.claim_queue:
            if self.pending_chiu >= 0:
                self._chiu(self.pending_chiu, deferred=True)
            else:
                self._after_claims()

    def _chiu(self, seat: int, deferred: bool = False) -> None:
        if not deferred and any(A.WIN in self.claim_options[p] for p in self.claim_queue[1:]):
            # ù beats chíu (A3.4): a farther seat that may ù is still asked first
            self.pending_chiu = seat
            if seat in self.claim_legal_win:
                self._missed_win(seat)
            self.claim_queue.pop(0)
            self.claim_done.append(seat)
            return
        self.pending_chiu = -1
        card = self.live_card
        decider = self._decider_of_live()
        self.hands[seat][card] -= 3
        self.doors[self.live_door].pop()
        self.mats[seat].append(((card,) * 4, "chiu"))
        self.mat_chan[seat] += 2
        self.chiu_count[seat] += 1
        self._left_hand(seat, card)
        self._hand_changed(seat)
        self.claim_queue.clear()
        if seat == decider:
            self._clear_live()
            self.phase, self.actor = "discard", seat
        else:
            self.return_door = self.live_door
            role = "drawn" if self.live_role == "drawn" else "discard"
            drawer = self.live_drawer
            self._clear_live()
            self.live_role, self.live_drawer = role, drawer
            self.phase, self.actor = "return", seat

    def _win(self, seat: int, found: list[tuple[Any, str]]) -> None:
        verdict = self.win_verdict(seat)
        self.claim_queue.clear()
        # whoever declares ù lays his hand down for the table to check (A5.1)
        self.shown.add(seat)
        self.events.append(Event("show", seat, {"hand": KINDS.kinds_of(self.hands[seat])}))
        if verdict is not None:
            self._commit(seat, found)
            if seat not in self.pay12:
                self.pay12.append(seat)
            self._finish(None, Termination.FAULT)
            return
        self._commit(seat, found)  # e.g. tách chắn / tách cạ exposed at the win
        if self.bao[seat]:
            self._void_win(seat)
            return
        from chieu.games.chan import scoring
        from chieu.games.chan.cuoc import WinContext

        ctx = self._win_context(seat)
        self.winner = seat
        self.win_context = ctx
        hits, score = scoring.evaluate(ctx, self.rules)
        self.hits, self.true_score = list(hits), score
        self.events.append(
            Event(
                "win",
                seat,
                {
                    "card": ctx.winning_card,
                    "cuoc": [h.to_json() for h in hits],
                    "score": score,
                    "hand": KINDS.kinds_of(self.hands[seat]),
                },
            )
        )
        assert isinstance(ctx, WinContext)
        if self.rules.xuong == "declared":
            self.phase, self.actor = "announce", seat
            return
        self._settle_win(seat, score, None)

    def _void_win(self, seat: int) -> None:
        """A win that exposes a báo fault (5 or 9 "ù với quân còn lại") is void: the offender
        đền làng, paying the score of his own hand to every other seat [shared/rules A5.4,
        proposal for the winner's own case]."""
        from chieu.games.chan import scoring

        ctx = self._win_context(seat)
        _, score = scoring.evaluate(ctx, self.rules)
        self.events.append(Event("u_void", seat, {"score": score}))
        self._finish(None, Termination.FAULT, den=(seat, score))

    def _announce_done(self, seat: int) -> None:
        from chieu.games.chan import scoring
        from chieu.games.chan.faults import XuongSai

        decl = scoring.check_declaration(self.announced, self.hits, self.rules)
        self.events.append(
            Event("xuong", seat, {"declared": dict(self.announced), "correct": decl.correct})
        )
        if not decl.correct:
            rule = XuongSai()
            over = ", ".join(decl.over)
            self._commit(seat, [(rule, f"xướng thừa hoặc sai: {over}")])
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
        from chieu.games.chan import scoring

        payoffs = scoring.settle(
            self.num_players,
            winner=winner,
            score=score,
            declaration_wrong_score=wrong,
            bao=tuple(s for s in self.bao_order if den is None or s != den[0]),
            nat=bool(winner is not None and self.nat[winner]),
            penalty_12=tuple(self.pay12),
            stake=self.rules.stake,
        )
        if den is not None:
            offender, amount = den
            for s in range(self.num_players):
                if s != offender:
                    payoffs[s] += amount * self.rules.stake
                    payoffs[offender] -= amount * self.rules.stake
        self.phase = "end"
        self.claim_queue.clear()
        self._clear_live()
        details: dict[str, Any] = {
            "bao": list(self.bao_order),
            "penalty_12": list(self.pay12),
            "nat": [s for s in range(self.num_players) if self.nat[s]],
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

    # -- flow
    def _set_live(
        self, card: int, door: int, origin: str, role: str, drawer: int, from_nocc: bool
    ) -> None:
        self.live_card, self.live_door, self.live_origin = card, door, origin
        self.live_role, self.live_drawer, self.live_from_nocc = role, drawer, from_nocc
        self.exposure += 1  # another physical card is shown

    def _clear_live(self) -> None:
        self.live_card = -1
        self.live_door = -1
        self.live_origin = ""
        self.live_role = ""
        self.live_drawer = -1
        self.live_from_nocc = False

    def _next_active(self, seat: int) -> int:
        n = self.num_players
        for j in range(1, n + 1):
            t = (seat + j) % n
            if not self.bao[t]:
                return t
        return seat

    def _decider_of_live(self) -> int:
        if self.live_role == "drawn" and not self.bao[self.live_drawer]:
            return self.live_drawer
        return self._next_active(self.live_door)

    def _decide(self, seat: int) -> None:
        if self.num_players - len(self.bao_order) < 2:
            # everyone else is báo: the game stops on faults, without a winner (SD ALL_BAO)
            self._finish(None, Termination.FAULT)
            return
        self.phase, self.actor = "decide", seat

    def _claim_window(
        self, exposer: int | None
    ) -> tuple[list[int], dict[int, list[Action]], set[int]]:
        """Who may claim the live card, in priority order (A3.4): every seat that may ù, by
        door distance from the card's door, then the seat that may chíu."""
        card = self.live_card
        n = self.num_players
        door = self.live_door
        strict = self.rules.strict
        queue: list[int] = []
        options: dict[int, list[Action]] = {}
        legal_win: set[int] = set()
        chiu_seat = -1
        quick_skip = strict and not self.live_from_nocc  # only a chíu (ù) can claim a discard
        for j in range(n):
            p = (door + j) % n
            if p == exposer or self.bao[p]:
                continue
            three = self.hands[p][card] == 3
            if quick_skip and not three:
                continue
            can_win = False
            if not three and card not in self._pair_waits(p):
                pass  # the card cannot complete his hand: no ù to offer
            elif self.live_from_nocc or three:
                verdict = self.win_verdict(p)
                if verdict is None and strict and self._fault_messages(p, A.WIN):
                    verdict = "fault"
                if verdict is None:
                    can_win = True
                    legal_win.add(p)
                elif not strict and verdict in ("chi_rong", "bo_u"):
                    can_win = True
            if not can_win and not strict and card in self._pair_waits(p):
                can_win = True  # referee mode: he may claim (and commit ù láo)
            opts: list[Action] = []
            if can_win:
                opts.append(A.WIN)
            if (
                three
                and not self.final
                and (not strict or self._claim_leaves_clean_discard(p, card, chiu=True))
            ):
                opts.append(A.CHIU)
                chiu_seat = p
            if opts:
                opts.append(A.DECLINE)
                options[p] = opts
                if can_win:
                    queue.append(p)
        if chiu_seat >= 0 and chiu_seat not in queue:
            queue.append(chiu_seat)
        return queue, options, legal_win

    def _open_claims(self, exposer: int | None) -> None:
        self.claim_exposer = exposer
        self.claim_done = []
        self.pending_chiu = -1
        queue, options, legal_win = self._claim_window(exposer)
        if queue:
            self.claim_queue = queue
            self.claim_options = options
            self.claim_legal_win = legal_win
            self.phase = "claim"
        else:
            self._after_claims()

    def _reopen_claims(self, keep: int | None) -> None:
        """After a re-deal of hidden cards: the claim window as the new hands allow (seats
        that already answered stay answered; ``keep``, if it was asked, is still asked)."""
        front = self.claim_queue[0]
        queue, options, legal_win = self._claim_window(self.claim_exposer)
        queue = [p for p in queue if p not in self.claim_done]
        if keep is not None and front == keep:
            queue = [keep] + [p for p in queue if p != keep]
            options[keep] = self.claim_options[keep]
        elif keep is not None and queue and queue[0] == keep:
            # ``keep`` was not asked first: someone it cannot see still answers before it
            if front in queue:
                queue.remove(front)
            queue.insert(0, front)
            options.setdefault(front, [A.DECLINE])
        if not queue:  # nobody else could claim: an opaque stand-in who only declines
            queue, options[front] = [front], [A.DECLINE]
        self.claim_queue, self.claim_options, self.claim_legal_win = queue, options, legal_win

    def _after_claims(self) -> None:
        self.claim_queue = []
        if self.final:
            self._finish(None, Termination.NO_WINNER)
            return
        self._decide(self._decider_of_live())

    # ------------------------------------------------------------------ win analysis
    def _shape_complete(self, seat: int) -> bool:
        """Referee mode offers ù whenever hand + live card are all pairs (any chắn count)."""
        hand = self.hands[seat]
        if self.opening and self.phase == "discard" and seat == self.actor:
            return pairs_up(hand)
        card = self.live_card
        if card < 0:
            return False
        h = list(hand)
        h[card] += 1
        return pairs_up(h)

    def win_verdict(self, seat: int) -> str | None:
        """None when ``seat`` may legally ù now; otherwise why not (A4)."""
        hand = self.hands[seat]
        mc = self.mat_chan[seat]
        if self.opening and self.phase == "discard" and seat == self.actor:
            if win_chan(hand, mc) >= 0:
                return None
            return (
                "bài chưa tròn (còn què)"
                if not pairs_up(hand)
                else "thiếu chắn (cần ít nhất 6 chắn)"
            )
        card = self.live_card
        if card < 0:
            return "không có quân nào để ù"
        chiu_u = hand[card] >= 3
        if not self.live_from_nocc and not chiu_u:
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
        if card == CC:
            w = waits(hand, self.mat_chan[seat], allow_chi_rong=True)
            if w.kind != BACH_THU_CHI:
                hs = self.hist[seat]
                # "nếu chi lên ngay": no action yet and no eat declined (no chance to change)
                unchanged = hs.actions == 0 and not hs.declined_chan and not hs.declined_ca_ranks
                if not (self.rules.chi_rong == "allow_if_unchanged" and unchanged):
                    return "chi_rong"
        hs = self.hist[seat]
        scope = self.rules.bo_u_scope
        if hs.missed and (
            scope == "window"
            or (scope == "kind" and any(k == card for k, _, _ in hs.missed))
            or (
                scope == "card"
                and any(e == self.exposure and d < self.draws for _, e, d in hs.missed)
            )
        ):
            return "bo_u"
        return None

    def waits_after_discard(self, seat: int, card: int) -> tuple[int, ...] | None:
        h = list(self.hands[seat])
        h[card] -= 1
        w = waits(h, self.mat_chan[seat])
        return w.kinds if w.kinds else None

    def _win_context(self, seat: int) -> Any:
        from chieu.games.chan.cuoc import MatGroup, WinContext

        hand = self.hands[seat]
        thien = self.opening and self.phase == "discard"
        card = self.live_card
        chiu_u = False
        wait_kind = None
        self_drawn = False
        dia = False
        if not thien:
            pre = waits(hand, self.mat_chan[seat], allow_chi_rong=True)
            wait_kind = pre.kind
            chiu_u = hand[card] >= 3
            # chì: the card lies in his own door and is not a discard: his own draw, or a
            # card put back into his door by trả cửa (A5.2)
            self_drawn = self.live_door == seat and self.live_origin in (DRAWN, RETURNED)
            dia = self.draws == 1 if self.live_from_nocc else self.draws == 0
            self.doors[self.live_door].pop()
            if chiu_u:
                hand[card] -= 3
                self.mats[seat].append(((card,) * 4, "chiu"))
                self.mat_chan[seat] += 2
            else:
                hand[card] += 1
        mats = tuple(MatGroup(kinds, how) for kinds, how in self.mats[seat])
        prev = self.setup.get("prev_winner")
        return WinContext(
            hand=tuple(hand),
            mat=mats,
            winning_card=None if thien else card,
            wait_kind=wait_kind,
            self_drawn=self_drawn,
            thong=prev == seat,
            thien_u=thien,
            dia_u=dia,
            chiu_u=chiu_u,
            chiu_count=self.chiu_count[seat],
            dealt_no_chan=count_chan(self.dealt[seat]) == 0,
        )

    # ------------------------------------------------------------------ views
    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator). Never another seat's hand or the nọc."""
        n = self.num_players
        cur = self.current_player()
        obs: dict[str, Any] = {
            "game": "chan",
            "seat": seat,
            "players": n,
            "phase": self.phase if (self.phase != "claim" or cur == seat) else "waiting",
            "to_act": cur == seat and seat is not None,
            "actor": None if self.phase in ("claim", "end") else self.actor,
            "cai_seat": self.cai_seat,
            "cai_card": self.cai_card,
            "bat_cai": self.bat_cai,
            "stock_left": len(self.stock),
            "draws_left": self.drawable - self.draws,
            "live": None
            if self.live_card < 0
            else {
                "card": self.live_card,
                "door": self.live_door,
                "origin": self.live_origin,
            },
            "mats": [[{"cards": list(k), "how": how} for k, how in self.mats[s]] for s in range(n)],
            "doors": [list(d) for d in self.doors],
            "hand_sizes": [sum(h) for h in self.hands],
            "bao": list(self.bao),
            "return_door": self.return_door,
            "opening": self.opening,
            "faults": [f.to_json() for f in self.faults],
        }
        if seat is not None:
            obs["hand"] = KINDS.kinds_of(self.hands[seat])
        if self.shown:
            obs["shown_hands"] = {s: KINDS.kinds_of(self.hands[s]) for s in sorted(self.shown)}
        if self.phase == "end" and self._outcome is not None:
            obs["outcome"] = self._outcome.to_json()
            if self.winner is not None:
                obs["winner_hand"] = KINDS.kinds_of(self.hands[self.winner])
        return obs

    def zones(self) -> dict[str, list[int]]:
        """Count vectors of every place a card can be (they always sum to the deck)."""
        z: dict[str, list[int]] = {}
        for s in range(self.num_players):
            z[f"hand{s}"] = list(self.hands[s])
            mat = [0] * NUM_KINDS
            for kinds, _ in self.mats[s]:
                for k in kinds:
                    mat[k] += 1
            z[f"mat{s}"] = mat
            z[f"door{s}"] = KINDS.counts(self.doors[s])
        z["stock"] = KINDS.counts(self.stock)
        z["set_aside"] = KINDS.counts(self.set_aside)
        return z

    def hidden_from(self, seat: int | None) -> dict[str, list[int]]:
        z = self.zones()
        shown = {f"hand{s}" for s in self._revealed(seat)}
        return {
            k: v
            for k, v in z.items()
            if k in ("stock", "set_aside") or (k.startswith("hand") and k not in shown)
        }

    def _revealed(self, seat: int | None) -> set[int]:
        """Seats whose hand ``seat`` may see: his own, and every hand laid down to claim ù."""
        out = set() if seat is None else {seat}
        return out | self.shown

    def resample_hidden(self, seat: int | None, rng: Rng) -> ChanState:
        """A clone where every card hidden from ``seat`` (other hands, the nọc, set-aside
        piles) is dealt again at random, zone sizes kept (for leak tests and ISMCTS)."""
        st = self.clone()
        st._legal_at = -1
        st._pw = [None] * self.num_players
        st._bd = [None] * self.num_players
        st._wt = [None] * self.num_players
        shown = self._revealed(seat)
        others = [s for s in range(self.num_players) if s not in shown]
        pool = [k for s in others for k in KINDS.kinds_of(st.hands[s])] + st.stock + st.set_aside
        # the cái card was dealt face up into the cái's hand: it stays there until a card of
        # its kind publicly leaves his hand
        pinned = self.cai_seat if self.cai_card_held and self.cai_seat in others else -1
        if pinned >= 0:
            pool.remove(self.cai_card)
        rng.shuffle(pool)
        i = 0
        for s in others:
            size = sum(st.hands[s]) - (s == pinned)
            st.hands[s] = KINDS.counts(pool[i : i + size])
            if s == pinned:
                st.hands[s][self.cai_card] += 1
            i += size
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
            "mats": [list(m) for m in self.mats],
            "doors": [list(d) for d in self.doors],
            "stock": list(self.stock),
            "phase": self.phase,
            "actor": self.actor,
            "queue": list(self.claim_queue),
            "pending_chiu": self.pending_chiu,
            "live": (
                self.live_card,
                self.live_door,
                self.live_origin,
                self.live_role,
                self.live_drawer,
                self.live_from_nocc,
            ),
            "bao": list(self.bao),
            "nat": list(self.nat),
            "pay12": list(self.pay12),
            "faults": [f.to_json() for f in self.faults],
            "draws": self.draws,
            "announced": dict(self.announced),
            "outcome": None if self._outcome is None else self._outcome.to_json(),
        }

    def clone(self) -> ChanState:
        st = object.__new__(ChanState)
        st.__dict__.update(self.__dict__)
        st.hands = [list(h) for h in self.hands]
        st.dealt = self.dealt
        st.mats = [list(m) for m in self.mats]
        st.mat_chan = list(self.mat_chan)
        st.doors = [list(d) for d in self.doors]
        st.stock = list(self.stock)
        st.set_aside = list(self.set_aside)
        st.hist = [h.copy() for h in self.hist]
        st._pw = list(self._pw)
        st._bd = list(self._bd)
        st._wt = list(self._wt)
        st.bao = list(self.bao)
        st.bao_order = list(self.bao_order)
        st.nat = list(self.nat)
        st.pay12 = list(self.pay12)
        st.faults = list(self.faults)
        st.chiu_count = list(self.chiu_count)
        st.claim_queue = list(self.claim_queue)
        st.claim_options = dict(self.claim_options)
        st.claim_legal_win = set(self.claim_legal_win)
        st.claim_done = list(self.claim_done)
        st.shown = set(self.shown)
        st.hits = list(self.hits)
        st.announced = dict(self.announced)
        st.events = list(self.events)
        return st

    def __repr__(self) -> str:
        return (
            f"<ChanState seed={self.seed} phase={self.phase} actor={self.current_player()} "
            f"draws={self.draws}/{self.drawable}>"
        )


__all__ = ["ALL_FAULTS", "ChanState"]


def deck_for(
    hands: Sequence[Sequence[int]],
    draws: Sequence[int] = (),
    *,
    bat_cai: int | None = None,
    count_dir: str = "right",
) -> tuple[list[int], int]:
    """A deck order whose deal (A2.2) gives exactly ``hands`` (kinds per seat; the cái's hand
    has 20 cards) and whose nọc is drawn in the order ``draws`` (then the remaining cards).

    Returns ``(deck, bat_cai)``: pass them as ``deal=`` and ``setup={"bat_cai": ...}``. The
    bắt-cái seat is chosen (unless given) so that a card of the cái's hand turns up as the cái
    card. For scenario tests, puzzles and teaching positions.
    """
    n = len(hands)
    sizes = [len(h) for h in hands]
    if not 2 <= n <= 4 or sorted(sizes) != [19] * (n - 1) + [20]:
        raise ChieuError("deck_for needs 2-4 hands: the cái's 20 cards and 19 for each other")
    cai = sizes.index(20)
    step = 1 if count_dir == "right" else -1
    cai_card = -1
    for k in sorted(set(hands[cai])):
        b = (cai - step * (rank_of(k) - 1)) % n
        if bat_cai is None or b == bat_cai:
            cai_card, bat_cai = k, b
            break
    if cai_card < 0 or bat_cai is None:
        raise ChieuError(f"no card of the cái's hand makes seat {bat_cai} turn it for seat {cai}")
    rest = KINDS.full_counts()
    for h in hands:
        for k in h:
            rest[k] -= 1
    for k in draws:
        rest[k] -= 1
    if min(rest) < 0:
        raise ChieuError("deck_for: more than 4 copies of a kind among the hands and draws")
    spare = KINDS.kinds_of(rest)
    piles: list[list[int]] = [[] for _ in range(4)]
    cai_hand = list(hands[cai])
    cai_hand.remove(cai_card)
    piles[0] = cai_hand
    for j in range(1, n):
        piles[j] = list(hands[(cai + j) % n])
    nocc_draws = list(draws)
    filler = spare[: (4 - n) * 19]
    spare = spare[(4 - n) * 19 :]
    for j in range(n, 4):
        piles[j] = filler[(j - n) * 19 : (j - n + 1) * 19]
    order = nocc_draws + spare  # the nọc in draw order, 23 cards
    # stock = deck[80:100] + [deck[19], deck[39], deck[59]]; draws pop from the end.
    first3, later = order[:3], order[3:]
    deck = [0] * DECK_SIZE
    deck[0:19] = piles[0]
    deck[19] = first3[2]
    deck[20:39] = piles[1]
    deck[39] = first3[1]
    deck[40:59] = piles[2]
    deck[59] = first3[0]
    deck[60:79] = piles[3]
    deck[79] = cai_card
    deck[80:100] = list(reversed(later))
    return deck, bat_cai
