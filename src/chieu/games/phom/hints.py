"""Phỏm's advice to a seat (the kit's ``hints``), from what it may see.

``hints`` reads a seat's hand and the public cards (rows, phỏm on the table, eaten cards, shown
hands, the live discard): ù when it is offered, the phỏm in hand and the points left, the waits
(each cạ and the cards that would make it a phỏm, seen ones marked), the eat on offer, the
lay-down (what to lay and send), the best discards by points with their reason, when to lay
down. Words come from ``notation`` (cards ``K♥``, seats ``Người 2`` / ``Bạn``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from chieu.core.notation import Lang, pick, seat_name
from chieu.games.phom import actions as A
from chieu.games.phom import analysis as an
from chieu.games.phom.cards import cards_of, rank_of, sort_key, suit_of
from chieu.games.phom.notation import SYMBOLS, cards_words
from chieu.games.phom.scoring import eat_amount

if TYPE_CHECKING:
    from chieu.games.phom.state import PhomState

#: how many discards the hints rank
TOP_DISCARDS = 3


def hints(state: PhomState, seat: int, lang: Lang = "vi") -> list[str]:
    """Advice for ``seat`` from what it may see (docs/rules/phom.md §13): ù when it is
    offered, the phỏm in hand and the points left, the cạ and the cards that would make
    them phỏm (seen ones marked: they cannot come), the eat on offer, the lay-down (what
    to lay and send), the best two or three discards by points with their reason, and
    when the seat must lay down. Phỏm has no faults to warn of (every illegal move is
    refused)."""
    if state.phase == "end":
        return []
    return _Advice(state, seat, lang).lines()


def _mask_words(mask: int) -> str:
    """The cards of a mask by rank, then suit (``3♠ 7♥ K♦``)."""
    return cards_words(sorted(cards_of(mask), key=sort_key))


def _meld_words(meld: int) -> str:
    """A phỏm as the table writes it (a set by suit, a run by rank)."""
    return cards_words(cards_of(meld))


def _pairs(card: int, loose: int) -> list[int]:
    """The cards of ``loose`` that make a cạ with ``card`` (a phỏm lacks one card)."""
    r, su = rank_of(card), suit_of(card)
    return [
        c
        for c in cards_of(loose)
        if c != card and (rank_of(c) == r or (suit_of(c) == su and abs(rank_of(c) - r) <= 2))
    ]


def _waits(hand: int, loose: int) -> dict[int, list[int]]:
    """Each cạ of the cards in no phỏm (as a mask of its two cards) -> the cards, not in
    ``hand``, that would make it a phỏm."""
    out: dict[int, list[int]] = {}
    for c in range(52):
        if hand >> c & 1 or not an.makes_phom(loose, c):
            continue
        for m in an.phom_with(c, loose):
            if m.bit_count() == 3:
                out.setdefault(m & ~(1 << c), []).append(c)
    return out


def _extensions(hand: int, melds: Sequence[int]) -> list[int]:
    """The cards, not in ``hand``, that lengthen one of its phỏm (they could be eaten)."""
    found = {c for c in range(52) if not hand >> c & 1 for m in melds if an.is_phom(m | 1 << c)}
    return sorted(found, key=sort_key)


def _takeable(card: int, unseen: int) -> bool:
    """Could some seat make a phỏm of ``card`` with two cards the adviser has not seen?"""
    return any(m.bit_count() == 3 for m in an.phom_with(card, unseen & ~(1 << card)))


class _Advice:
    """The hints of one seat at one moment, from what it may see: its own hand and what is
    public (rows, phỏm on the table, eaten cards, shown hands, the live discard)."""

    def __init__(self, state: PhomState, seat: int, lang: Lang) -> None:
        self.state, self.seat, self.lang = state, seat, lang
        self.rules = state.rules
        self.variant = state.rules.card_points
        self.pts = an.card_points(self.variant)
        me = state.seats[seat]
        self.me = me
        self.hand = me.hand
        self.eaten = me.eaten & me.hand
        self.laid = bool(me.laid)
        self.laying = bool(state.laying and state.actor == seat)
        seen = an.seen_in(state.observation(seat))  # the seat's own hand and the public cards
        self.unseen = ((1 << 52) - 1) & ~seen
        self.legal = list(state.legal_actions(seat))
        melds, self.loose, self.points = self.arrange(self.hand, self.eaten)
        self.melds = melds

    # -- small helpers
    def t(self, vi: str, en: str) -> str:
        return pick((vi, en), self.lang)

    def who(self, s: int) -> str:
        return seat_name(s, self.seat, self.lang)

    def arrange(self, hand: int, eaten: int) -> tuple[tuple[int, ...], int, int]:
        """(phỏm, cards in none, their points) of the best arrangement (no gửi, no discard)."""
        best = an.best_arrangement(hand, eaten & hand, variant=self.variant)
        if best is None:  # the eaten cards fit in no phỏm (a re-dealt world): all loose
            return (), hand, sum(self.pts[c] for c in cards_of(hand))
        return best.melds, best.deadwood, best.points

    def mark(self, card: int) -> str:
        """A card, marked when the seat has seen it (it cannot come any more), or when it is
        the discard the seat may eat now."""
        if self.unseen >> card & 1:
            return SYMBOLS[card]
        live = self.state.live
        if live is not None and live.card == card and A.EAT in self.legal:
            return SYMBOLS[card] + self.t(" (ăn được ngay)", " (eatable now)")
        return SYMBOLS[card] + self.t(" (đã lộ)", " (seen)")

    def owners(self) -> list[tuple[int, int]]:
        """(seat, meld index) of each phỏm of ``table_for(seat)``, in its order."""
        return [
            (s, i)
            for s, other in enumerate(self.state.seats)
            if s != self.seat
            for i in range(len(other.melds))
        ]

    def sends_words(self, sent: Sequence[tuple[int, int]]) -> str:
        owners = self.owners()
        parts = []
        for card, ti in sent:
            s, _ = owners[ti]
            parts.append(
                self.t(
                    f"{SYMBOLS[card]} vào phỏm của {self.who(s)}",
                    f"{SYMBOLS[card]} onto {self.who(s)}'s phỏm",
                )
            )
        return ", ".join(parts)

    # -- the lines
    def lines(self) -> list[str]:
        out: list[str] = []
        verbs = {a.verb for a in self.legal}
        if "u_khan" in verbs:
            out.append(
                self.t(
                    "Bài chia không có cạ, không có phỏm: chọn ù khan!",
                    "Your dealt hand has no pair and no phỏm: declare ù khan!",
                )
            )
        if "win" in verbs:
            return [self.win_line(), self.hand_line()]
        out.append(self.hand_line())
        discards = [a.card for a in self.legal if isinstance(a, A.Discard)]
        ranked = self.rank_discards(discards) if discards else []
        if not self.laid and not self.laying:
            out += self.wait_lines(ranked[0][1] if ranked else None)
        if "eat" in verbs:
            out.append(self.eat_line())
        if self.laying:
            out.append(self.laydown_line())
        elif self.laid:
            out += self.laid_lines()
        for i, (_, card, why) in enumerate(ranked[:TOP_DISCARDS]):
            head = (
                self.t(f"Nên đánh {SYMBOLS[card]}", f"Discard {SYMBOLS[card]}")
                if i == 0
                else self.t(f"Hoặc đánh {SYMBOLS[card]}", f"Or discard {SYMBOLS[card]}")
            )
            out.append(f"{head}: {why}")
        timing = self.timing_line()
        if timing:
            out.append(timing)
        return out

    def win_line(self) -> str:
        plan = self.state.u_plan(self.seat)
        if plan is None:  # pragma: no cover - offered means a plan exists
            return self.t("Ù được ngay! Chọn ù.", "You can declare ù now!")
        parts = []
        if plan.melds:
            parts.append(self.t("hạ ", "lay ") + " | ".join(_meld_words(m) for m in plan.melds))
        if plan.sent:
            parts.append(self.t("gửi ", "send ") + self.sends_words(plan.sent))
        if plan.deadwood:
            parts.append(self.t("đánh ", "discard ") + _mask_words(plan.deadwood))
        how = ", ".join(parts) or self.t("hết bài", "nothing left")
        if plan.sent:
            return self.t(
                f"Ù được ngay (ù gửi): chọn ù — {how}.", f"You can declare ù by sending: {how}."
            )
        return self.t(f"Ù được ngay: chọn ù — {how}.", f"You can declare ù now: {how}.")

    def hand_line(self) -> str:
        if self.laid or self.me.melds:
            table = [_meld_words(m) for m in self.me.melds]
            left = self.hand
            if not table:
                head = self.t("Bạn đã móm (không có phỏm)", "You are móm (no phỏm)")
            else:
                head = self.t("Đã hạ ", "Laid: ") + " | ".join(table)
            if not left:
                return head + "."
            pts = sum(self.pts[c] for c in cards_of(left))
            return head + self.t(
                f"; bài còn: {_mask_words(left)} ({pts} điểm).",
                f"; left in hand: {_mask_words(left)} ({pts} points).",
            )
        if self.melds:
            head = self.t("Phỏm trên tay: ", "Phỏm in hand: ") + " | ".join(
                _meld_words(m) for m in self.melds
            )
        else:
            head = self.t("Chưa có phỏm nào", "No phỏm yet")
        if self.loose:
            head += self.t(
                f"; rác: {_mask_words(self.loose)} ({self.points} điểm)",
                f"; loose: {_mask_words(self.loose)} ({self.points} points)",
            )
        if self.eaten:
            head += self.t(
                f"; quân đã ăn (phải giữ trong phỏm, mỗi phỏm một quân): {_mask_words(self.eaten)}",
                f"; eaten (each must stay in its own phỏm): {_mask_words(self.eaten)}",
            )
        return head + "."

    def wait_lines(self, discard: int | None) -> list[str]:
        hand = self.hand
        melds, loose = self.melds, self.loose
        if discard is not None:
            hand &= ~(1 << discard)
            melds, loose, _ = self.arrange(hand, self.eaten)
        waits = _waits(hand, loose)
        head = (
            self.t(
                f"Sau khi đánh {SYMBOLS[discard]}, chờ",
                f"After discarding {SYMBOLS[discard]}, waits",
            )
            if discard is not None
            else self.t("Chờ", "Waits")
        )
        if not waits:
            line = head + self.t(": chưa có cạ nào.", ": no pair yet.")
        else:
            parts = []
            unseen = 0
            for pair in sorted(waits, key=lambda m: sort_key(cards_of(m)[0])):
                cards = sorted(waits[pair], key=sort_key)
                unseen += sum(self.unseen >> c & 1 for c in cards)
                parts.append(
                    self.t("cạ ", "pair ")
                    + _mask_words(pair)
                    + " → "
                    + ", ".join(self.mark(c) for c in cards)
                )
            line = (
                head
                + ": "
                + "; ".join(parts)
                + self.t(
                    f" — {unseen} quân chưa lộ, còn có thể về",
                    f" — {unseen} unseen, still to come",
                )
                + "."
            )
        out = [line]
        more = _extensions(hand, melds)
        if more:
            out.append(
                self.t("Quân nối vào phỏm (ăn được): ", "Cards that lengthen a phỏm (eatable): ")
                + ", ".join(self.mark(c) for c in more)
                + "."
            )
        return out

    def eat_line(self) -> str:
        live = self.state.live
        assert live is not None
        card, fed = live.card, live.seat
        amount = eat_amount(self.rules, live.chot, self.me.eats + 1) * self.rules.stake
        head = self.t(
            f"Ăn {SYMBOLS[card]} của {self.who(fed)}", f"Eat {self.who(fed)}'s {SYMBOLS[card]}"
        )
        paid = self.t(f"{self.who(fed)} trả bạn {amount:g}", f"{self.who(fed)} pays you {amount:g}")
        if live.chot:
            paid = self.t(f"chốt, {paid}", f"a chốt, {paid}")
        if self.me.eats + 1 >= 3:
            den = self.t(f", {self.who(fed)} đền", f", {self.who(fed)} pays for everyone")
            return (
                head
                + self.t(": cây thứ ba, ù ngay", ": your third eat, an ù at once")
                + (den if self.rules.den_three_eats else "")
                + "!"
            )
        full = self.hand | 1 << card
        if self.laid:
            melds = [m for m in an.phom_with(card, self.hand) if m.bit_count() == 3]
            words = " | ".join(_meld_words(m) for m in melds[:2])
            return head + self.t(
                f" ({paid}): hạ thêm phỏm {words} ngay.",
                f" ({paid}): lay the new phỏm {words} at once.",
            )
        best = an.best_arrangement(full, self.eaten | 1 << card, discard=True, variant=self.variant)
        if best is None:  # pragma: no cover - an eat offered keeps the invariant
            return head + "."
        meld = next((m for m in best.melds if m >> card & 1), 0)
        throw = (
            self.t(f", đánh {SYMBOLS[best.discard]}", f", discard {SYMBOLS[best.discard]}")
            if best.discard is not None
            else ""
        )
        verdict = (
            self.t("nên ăn", "worth it")
            if best.points <= self.points
            else self.t("chỉ được tiền ăn, điểm không giảm", "only the payment: no fewer points")
        )
        return head + self.t(
            f" ({paid}): thành phỏm {_meld_words(meld)}{throw} → còn {best.points} điểm "
            f"(bây giờ {self.points}): {verdict}; quân ăn được bày ra cho cả làng thấy.",
            f" ({paid}): makes the phỏm {_meld_words(meld)}{throw} → {best.points} points "
            f"(now {self.points}): {verdict}; an eaten card lies face up.",
        )

    def laydown_line(self) -> str:
        table = self.state.table_for(self.seat)
        best = an.best_arrangement(
            self.hand,
            self.eaten,
            table,
            discard=True,
            # the phỏm laid already this turn let the rest be sent
            mom_may_send=self.rules.mom_may_send or bool(self.me.melds),
            variant=self.variant,
        )
        if best is None:  # pragma: no cover - the invariant always has a lay-down
            return self.t("Lượt này phải hạ bài.", "You lay down this turn.")
        if not best.melds and not self.me.melds:
            pay = self.rules.pay_mom * self.rules.stake
            return self.t(
                f"Lượt này phải hạ bài nhưng không có phỏm: bạn móm (trả người nhất {pay:g}).",
                f"You lay down this turn but have no phỏm: you are móm (you pay the winner "
                f"{pay:g}).",
            )
        parts = []
        if best.melds:
            parts.append(self.t("hạ ", "lay ") + " | ".join(_meld_words(m) for m in best.melds))
        if best.sent:
            parts.append(self.t("gửi ", "send ") + self.sends_words(best.sent))
        if best.discard is not None:
            parts.append(self.t("đánh ", "discard ") + SYMBOLS[best.discard])
        return self.t(
            f"Lượt này hạ bài: nên {', '.join(parts)} → còn {best.points} điểm.",
            f"You lay down this turn: {', '.join(parts)} → {best.points} points left.",
        )

    def laid_lines(self) -> list[str]:
        out = []
        lays = [a for a in self.legal if isinstance(a, A.LayMeld)]
        if lays:
            out.append(
                self.t("Hạ thêm được: ", "You may lay more: ")
                + " | ".join(cards_words(a.cards) for a in lays)
                + "."
            )
        sends = [a for a in self.legal if isinstance(a, A.LayOff)]
        if sends:
            targets = self.state.targets(self.seat)
            words = []
            for a in sends:
                owner, i = targets[(a.card, a.onto)]
                meld = _meld_words(self.state.seats[owner].melds[i])
                words.append(
                    self.t(
                        f"{SYMBOLS[a.card]} vào {meld} của {self.who(owner)}",
                        f"{SYMBOLS[a.card]} onto {meld} ({self.who(owner)})",
                    )
                )
            out.append(
                self.t(
                    "Nên gửi trước khi đánh (bớt điểm): ", "Send before discarding (fewer points): "
                )
                + "; ".join(words)
                + "."
            )
        if self.state.finished(self.seat) and self.state.phase == "draw":
            out.append(
                self.t(
                    "Bạn đã xong: chỉ ăn được quân người trước để hạ thêm phỏm.",
                    "You are finished: you may only eat the previous discard into a new phỏm.",
                )
            )
        return out

    def rank_discards(self, cards: Sequence[int]) -> list[tuple[tuple[int, ...], int, str]]:
        """(key, card, reason) of each discard, best first: fewest points left, then a card
        the next player cannot eat, then more unseen waits, then the higher card."""
        state, seat = self.state, self.seat
        nxt = state.next_seat(seat)
        nobody_eats = state.finished(nxt) and not self.rules.finished_player_may_eat
        laid = self.laid or self.laying
        table = state.table_for(seat) if laid and state.may_send(seat) else []
        chot_turn = (
            self.rules.chot_definition == "final_discard" and laid and len(self.me.row) + 1 >= 4
        )
        out: list[tuple[tuple[int, ...], int, str]] = []
        for card in cards:
            left = self.hand & ~(1 << card)
            if laid:
                left = an.send_closure(left, table)[1] if table else left
                _, _, after = self.arrange(left, 0)
                waits = 0
            else:
                _, loose, after = self.arrange(left, self.eaten)
                waits = sum(self.unseen >> c & 1 for cs in _waits(left, loose).values() for c in cs)
            safe = nobody_eats or not _takeable(card, self.unseen)
            key = (after, int(not safe), -waits, -self.pts[card], -card)
            out.append((key, card, self.discard_reason(card, after, waits, safe, chot_turn, nxt)))
        out.sort()
        return out

    def discard_reason(
        self, card: int, after: int, waits: int, safe: bool, chot: bool, nxt: int
    ) -> str:
        meld = next((m for m in self.melds if m >> card & 1), 0)
        if self.laid or self.laying:  # discards come once the lay-down's phỏm are laid
            role = self.t("bài lẻ", "a leftover card")
        elif meld:
            role = self.t(f"phá phỏm {_meld_words(meld)}", f"breaks the phỏm {_meld_words(meld)}")
        else:
            mates = _pairs(card, self.loose)
            if mates:
                pairs = ", ".join(cards_words(sorted([card, m], key=sort_key)) for m in mates)
                role = self.t(
                    f"phá cạ {pairs}", f"breaks the pair{'s' if len(mates) > 1 else ''} {pairs}"
                )
            else:
                role = self.t("quân rác, không phá cạ nào", "a loose card in no pair")
        parts = [role, self.t(f"{self.pts[card]} điểm", f"{self.pts[card]} points")]
        if safe:
            parts.append(self.t("người sau không ăn được", "the next player cannot eat it"))
        else:
            parts.append(self.t(f"{self.who(nxt)} có thể ăn", f"{self.who(nxt)} may eat it"))
            if chot:
                pay = self.rules.pay_eat_chot * self.rules.stake
                den = self.rules.den_u_from_chot
                parts.append(
                    self.t(
                        f"quân chốt: bị ăn phải trả {pay:g}" + (", ù thì đền" if den else ""),
                        f"a chốt: eaten, it costs {pay:g}"
                        + (", an ù on it you pay for all" if den else ""),
                    )
                )
        tail = self.t(f" → còn {after} điểm", f" → {after} points left")
        if not self.laid and not self.laying:
            tail += (
                self.t(f", chờ {waits} quân chưa lộ", f", {waits} unseen waits")
                if waits
                else self.t(", không còn chờ quân nào", ", no wait left")
            )
        return ", ".join(parts) + tail + "."

    def timing_line(self) -> str:
        if self.laid or self.laying:
            return ""
        row = len(self.me.row)
        turns = 3 - row
        if turns <= 0:
            return self.t(
                "Lượt này phải hạ bài (quân đánh ra sẽ là quân thứ tư trong hàng).",
                "You lay down this turn (your discard will be the fourth in your row).",
            )
        when = (
            self.t("lượt sau", "your next turn")
            if turns == 1
            else self.t(f"lượt thứ {turns} sau lượt này", f"{turns} turns from now")
        )
        return self.t(
            f"Lượt hạ bài: {when} (hàng có {row} quân; bị ăn quân thì hạ muộn hơn).",
            f"Your lay-down turn: {when} ({row} card{'' if row == 1 else 's'} in your row; "
            "being eaten delays it).",
        )
