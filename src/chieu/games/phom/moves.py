"""The legal moves of the seat to play, and what a timeout plays (shared/rules A.4–A.6).

``draw``: eat the live discard (``can_eat``), draw, or pass (finished, or no stock).
``act``: ù (when the cards can be laid leaving at most one card), the phỏm of the lay-down
(one by one, each keeping the eaten-card invariant, while one remains), hạ thêm and gửi for a
laid player, the discards (before the lay-down, only cards the invariant does not need).
``khan``: ù khan (a dealt hand with no cạ and no phỏm) or pass.

Eating the discard (ăn, shared/rules A.5.3) is Phỏm's one claim, and no claim window: only the
seat after the discarder may eat it, at the start of its own turn, instead of drawing (``Eat``
beside ``Draw`` or ``Pass``); so ``PhomGame.has_claims`` is False, and who is asked follows
from public facts alone. ``can_eat`` is the rule: into a phỏm with two held cards, keeping the
eaten-card invariant before the lay-down; after it, only into a new phỏm laid at once.

Every decision is the turn of one seat (kind ``turn``; ``arrange`` for the ù khan round).
Defaults (docs/rules/phom.md): ù khan when offered, else pass, in the ù khan round; draw (or
pass) rather than eat; ù when it is offered; whenever a phỏm may be laid (the lay-down turn, a
laid player's eat, hạ thêm: a discard that kept it back could leave the seat móm), a phỏm of
the best lay-down the analysis finds (``analysis.best_melds``, ``best_arrangements``); else
discard the highest card (by rank, then suit ♠ ♣ ♦ ♥) among those in no phỏm, or among all if
every card is in one.
"""

from __future__ import annotations

from collections.abc import Sequence

from chieu.core.actions import Action
from chieu.core.decisions import DecisionKind
from chieu.games.phom import actions as A
from chieu.games.phom import analysis as an
from chieu.games.phom.cards import SUIT_MASK, card_of, cards_of, rank_of, suit_of
from chieu.games.phom.rules import Rules
from chieu.games.phom.worlds import PhomBoard, Seat

_RANK_BITS = 1 | 1 << 13 | 1 << 26 | 1 << 39
_WIN = A.WIN
_U_KHAN = A.U_KHAN


def can_eat(seat: Seat, finished: bool, card: int, rules: Rules) -> bool:
    """May ``seat`` (``finished``: laid down with 4 row cards) eat ``card`` now (A.5.3)?"""
    hand = seat.hand
    if seat.laid:
        if finished and not rules.finished_player_may_eat:
            return False
        if not an.makes_phom(hand, card):
            return False
        full = hand | 1 << card
        return any(rules.allow_u_tron or m != full for m in an.phom_with(card, hand))
    return an.can_eat(hand, seat.eaten, card)


class Moves(PhomBoard):
    def _decision_kind(self) -> DecisionKind:
        return "arrange" if self.phase == "khan" else "turn"

    def _default_action(self, seat: int, actions: Sequence[Action]) -> Action:
        first = actions[0]
        if first is _WIN or first is _U_KHAN:  # a win offered is never thrown away
            return first
        if self.phase != "act":
            return actions[-1]  # pass (khan), draw or pass (draw)
        if first.verb == "lay":  # never a discard that keeps a phỏm back (móm)
            return self._best_lay(seat, actions)
        if actions[-1].verb == "discard":
            return self._default_discard  # set with the discards (_legal_actions)
        return first

    def _best_lay(self, p: int, actions: Sequence[Action]) -> Action:
        """The phỏm offered that belongs to the best lay-down of ``p``'s cards (fewest points
        left after the discard, ``analysis.best_arrangements``); else the first offered."""
        lays = {a.mask: a for a in actions if isinstance(a, A.LayMeld)}
        first = actions[0]
        if len(lays) == 1:
            return first
        seat = self.seats[p]
        hand = seat.hand
        eaten = seat.eaten & hand
        variant = self.rules.card_points
        if not eaten:  # the fast path: the fewest points, no eaten card to place
            for m in an.best_melds(hand, an.run_table(variant), an.run_melds(variant))[1]:
                if m in lays:
                    return lays[m]
        best = an.best_arrangements(hand, eaten, discard=True, variant=variant)
        for arrangement in best:
            for m in arrangement.melds:
                if m in lays:
                    return lays[m]
        return first

    def _legal_actions(self, p: int) -> list[Action]:
        phase = self.phase
        seat = self.seats[p]
        if phase == "draw":
            live = self.live
            done = seat.laid and len(seat.row) >= 4  # finished
            last = A.PASS if done or not self.stock else A.DRAW
            if live is not None and can_eat(seat, done, live.card, self.rules):
                return [A.EAT, last]
            return [last]
        if phase == "khan":
            return [A.U_KHAN, A.PASS] if self._is_u_khan(p) else [A.PASS]
        # act
        hand = seat.hand
        loose = hand & ~an.covered(hand)
        win = self.stage == "start" and self.u_plan(p, loose) is not None
        acts: list[Action] = [A.WIN] if win else []
        if self.laying:
            lays = self._laydown_options(p)
            if lays:
                return acts + lays
        if self.must_lay >= 0:
            lays = [A.LAY[m] for m in self._tai_melds(p) if m >> self.must_lay & 1]
            if lays:
                return acts + lays
        if seat.laid or self.laying:
            if not self.laying:
                acts += [A.LAY[m] for m in self._tai_melds(p)]
            if self.may_send(p):
                acts += self._layoff_options(p)
            free = hand
        else:
            free = an.free_cards(hand, seat.eaten)
            if not free:
                free = hand & ~seat.eaten or hand  # a re-dealt (impossible) hand: any card
        # the default: the highest card (by rank, then suit) in no phỏm, else the highest
        pick = free & loose or free
        r = ((pick | pick >> 13 | pick >> 26 | pick >> 39) & SUIT_MASK).bit_length() - 1
        self._default_discard = A.DISCARD[((pick >> r & _RANK_BITS).bit_length() - 1) + r]
        d = A.DISCARDS
        acts += (
            *d[0][free & SUIT_MASK],
            *d[1][free >> 13 & SUIT_MASK],
            *d[2][free >> 26 & SUIT_MASK],
            *d[3][free >> 39],
        )
        return acts

    # -- legality helpers
    def _is_u_khan(self, p: int) -> bool:
        seat = self.seats[p]
        hand = seat.hand
        return (
            hand == seat.dealt
            and not an.has_phom(hand)
            and not an.has_ca(hand, self.rules.u_khan_ca == "within_two")
        )

    def _laydown_options(self, p: int) -> list[Action]:
        hand = self.seats[p].hand
        eaten = self.seats[p].eaten & hand
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
        hand = self.seats[p].hand
        if not an.has_phom(hand):
            return []
        return [m for m in an.phom_in(hand) if self.rules.allow_u_tron or m != hand]

    def targets(self, p: int) -> dict[tuple[int, str], tuple[int, int]]:
        """(card, onto) -> (owner, meld index) for every card that could be sent now."""
        out: dict[tuple[int, str], tuple[int, int]] = {}
        for s, other in enumerate(self.seats):
            if s == p:
                continue
            for i, m in enumerate(other.melds):
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
        hand = self.seats[p].hand
        return [A.LAYOFF[key] for key in sorted(self.targets(p)) if hand >> key[0] & 1]

    def _send_allowed_now(self, p: int) -> bool:
        """Could gửi count for an ù declared now (lay-down turn, or a later turn)?"""
        if self.seats[p].laid:
            return self.may_send(p)
        return self.laydown_turn

    def u_plan(self, p: int, loose: int | None = None) -> an.Arrangement | None:
        """The lay-down that makes ``p`` ù now, or None (A.6). ``loose``: the cards of the
        hand in no phỏm, when the caller has them."""
        seat = self.seats[p]
        hand = seat.hand
        eaten = seat.eaten & hand
        unc = hand & ~an.covered(hand) if loose is None else loose
        if unc & (unc - 1):  # two cards in no phỏm: an ù needs gửi to take one of them
            if not self._send_allowed_now(p):
                return None
            table = self.table_for(p)
            unc &= ~_sendable_bound(table)
            if unc & (unc - 1):
                return None  # two cards in no phỏm and that no gửi can take: no ù
            send = True
        else:
            send = self._send_allowed_now(p)
            table = self.table_for(p) if send else []
        best: an.Arrangement | None = None
        for a in an.arrangements(
            hand,
            eaten,
            table,
            send=send,
            # a laid player sends without a new phỏm (may_send checked its laid ones)
            mom_may_send=self.rules.mom_may_send or seat.laid,
            variant=self.rules.card_points,
        ):
            left = a.deadwood.bit_count()
            if left > 1:
                continue
            if (
                left == 0
                and seat.laid
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


def _sendable_bound(table: list[int]) -> int:
    """Every card that some chain of gửi onto ``table`` might take (a superset)."""
    out = 0
    for m in table:
        cards = cards_of(m)
        if len(cards) == 3 and rank_of(cards[0]) == rank_of(cards[-1]):
            out |= _RANK_BITS << rank_of(cards[0])
        elif rank_of(cards[0]) != rank_of(cards[-1]):
            out |= SUIT_MASK << (13 * suit_of(cards[0]))
    return out
