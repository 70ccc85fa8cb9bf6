"""Phỏm in words: card names, move labels in context, typed answers, events described.

Cards are coded ``Kh`` (``cards.py``) in zones and records, and written ``K♥`` in words;
their full names are Vietnamese (``già cơ``, ``mười rô``, ``át bích``) or English (``King of
Hearts``). Seats are ``Người 1``… (``Player 1``…), the viewer ``Bạn`` (``You``). A move's
label names its context: the discard eaten and whose it is (``ăn 7♠ của Người 2``, and
``(chốt)``), the phỏm a card is sent onto, why a pass is offered. ``parse`` reads what a
person types: a move's name with or without diacritics (``bốc``, ``an``, ``ù``, ``bỏ qua``,
``u khan``), card codes (``Kh`` discards it, or sends it when it can only be sent; several
cards lay that phỏm), optionally after ``đánh`` / ``hạ`` / ``gửi``.

An ``action`` event (the record of a move) has no words of its own when the event after it
tells the move (``discard``, ``eat``, ``lay``...): its text is empty; a pass is told, but a
finished player's pass only by the ``skip`` event after it.

The advice to a seat and the result in words are the kit's ``hints`` and ``results``
(``hints.py`` and ``results.py``, which use this module's words).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from chieu.core.actions import Action
from chieu.core.errors import NotationError
from chieu.core.events import Event
from chieu.core.notation import Lang, pick, seat_name
from chieu.core.registry import normalize_name
from chieu.games.phom import actions as A
from chieu.games.phom.cards import (
    KINDS,
    cards_of,
    mask_of,
    parse_cards,
    rank_of,
    sort_key,
    suit_of,
    symbol,
)
from chieu.games.phom.scoring import PhomDetails

if TYPE_CHECKING:
    from chieu.games.phom.state import PhomState

RANK_WORDS = (
    ("át", "Ace"),
    ("hai", "Two"),
    ("ba", "Three"),
    ("bốn", "Four"),
    ("năm", "Five"),
    ("sáu", "Six"),
    ("bảy", "Seven"),
    ("tám", "Eight"),
    ("chín", "Nine"),
    ("mười", "Ten"),
    ("bồi", "Jack"),
    ("đầm", "Queen"),
    ("già", "King"),
)
SUIT_WORDS = (("bích", "Spades"), ("tép", "Clubs"), ("rô", "Diamonds"), ("cơ", "Hearts"))

PHASE_WORDS: dict[str, tuple[str, str]] = {
    "khan": ("hỏi ù khan", "ù khan round"),
    "draw": ("bốc hoặc ăn", "draw or eat"),
    "act": ("hạ, gửi, đánh", "lay, send, discard"),
    "end": ("hết ván", "game over"),
}
EVENT_KINDS: dict[str, tuple[str, str]] = {
    "deal": ("chia bài (bộ bài đã tráo)", "the deal (the shuffled deck)"),
    "hand": ("bài chia cho một người", "the hand dealt to a seat"),
    "start": ("người đi đầu và số quân nọc", "the first player and the stock"),
    "action": ("một nước đi", "a move"),
    "drawn": ("bốc một quân từ nọc", "a card drawn from the stock"),
    "eat": ("ăn quân người trước vừa đánh", "the previous player's discard eaten"),
    "lay": ("hạ một phỏm", "a phỏm laid"),
    "layoff": ("gửi một quân vào phỏm người khác", "a card sent onto another's phỏm"),
    "discard": ("đánh một quân", "a card discarded"),
    "ha": ("hạ bài xong (hoặc móm)", "the lay-down done (or móm)"),
    "skip": ("người đã xong bỏ lượt", "a finished player skipped"),
    "show": ("lật bài", "a hand shown"),
    "u": ("ù", "an ù (a win)"),
    "end": ("hết ván: kết quả", "the end: the result"),
}
U_WORDS: dict[str, tuple[str, str]] = {
    "u": ("ù", "ù"),
    "u_gui": ("ù gửi", "ù by sending"),
    "u_tron": ("ù tròn", "ù tròn"),
    "u_an_ba_cay": ("ù ăn ba cây", "ù by three eats"),
    "u_khan": ("ù khan", "ù khan"),
}
#: a typed move name (normalised: no diacritics, no spaces) -> its verb
WORDS = {
    "boc": "draw",
    "draw": "draw",
    "an": "eat",
    "eat": "eat",
    "u": "win",
    "win": "win",
    "boqua": "pass",
    "bo": "pass",
    "boluot": "pass",
    "pass": "pass",
    "skip": "pass",
    "ukhan": "u_khan",
}
#: a leading word naming the card verb: ``đánh Kh``, ``hạ 7s 7c 7d``, ``gửi 6h``
CARD_VERBS = {
    "danh": "discard",
    "discard": "discard",
    "ha": "lay",
    "lay": "lay",
    "gui": "layoff",
    "send": "layoff",
}


SYMBOLS = tuple(symbol(c) for c in range(52))  # K♥, 10♦: cards in words


def cards_words(cards: Sequence[int]) -> str:
    return " ".join([SYMBOLS[c] for c in cards])


class PhomNotation:
    event_kinds: Mapping[str, tuple[str, str]] = EVENT_KINDS

    def __init__(self) -> None:
        self._static: dict[tuple[Action, Lang], str] = {}

    def card(self, card: int) -> str:
        return KINDS.codes[card]

    def card_name(self, card: int, lang: Lang = "vi") -> str:
        rank, suit = RANK_WORDS[rank_of(card)], SUIT_WORDS[suit_of(card)]
        if lang == "en":
            return f"{rank[1]} of {suit[1]}"
        return f"{rank[0]} {suit[0]}"

    def phase_label(self, phase: str, lang: Lang = "vi") -> str:
        return pick(PHASE_WORDS.get(phase, (phase, phase)), lang)

    # -- moves
    def label(self, state: PhomState, seat: int, action: Action, lang: Lang = "vi") -> str:
        text = self._static.get((action, lang))
        if text is not None:
            return text
        match action:
            case A.Eat():
                live = state.live
                assert live is not None, "an eat is offered on the live discard"
                whose = seat_name(live.seat, seat, lang)
                text = pick(
                    (f"ăn {SYMBOLS[live.card]} của {whose}", f"eat {whose}'s {SYMBOLS[live.card]}"),
                    lang,
                )
                return text + (" (chốt)" if live.chot else "")
            case A.Pass():
                if state.phase == "khan":
                    return pick(("bỏ qua (không ù khan)", "pass (no ù khan)"), lang)
                if state.finished(seat):
                    return pick(("bỏ qua (đã xong)", "pass (finished)"), lang)
                return pick(("bỏ qua (hết nọc: hết ván)", "pass (no stock: the hand ends)"), lang)
            case A.LayOff(card=card, onto=onto):
                owner, i = state.targets(seat)[(card, onto)]
                meld = cards_words(cards_of(state.seats[owner].melds[i]))
                whose = seat_name(owner, seat, lang)
                return pick(
                    (
                        f"gửi {SYMBOLS[card]} vào {meld} của {whose}",
                        f"send {SYMBOLS[card]} onto {meld} ({whose})",
                    ),
                    lang,
                )
        text = self._static_label(action, lang)
        self._static[(action, lang)] = text
        return text

    @staticmethod
    def _static_label(action: Action, lang: Lang) -> str:
        match action:
            case A.Discard(card=card):
                return pick((f"đánh {SYMBOLS[card]}", f"discard {SYMBOLS[card]}"), lang)
            case A.LayMeld():
                words = cards_words(action.cards)
                return pick((f"hạ {words}", f"lay {words}"), lang)
            case A.Draw():
                return pick(("bốc", "draw"), lang)
            case A.DeclareWin():
                return pick(("ù", "declare ù"), lang)
            case A.DeclareUKhan():
                return pick(("ù khan", "declare ù khan"), lang)
        raise ValueError(f"not a Phỏm action: {action!r}")

    def action_cards(self, state: PhomState, seat: int, action: Action) -> tuple[str, ...]:
        codes = KINDS.codes
        match action:
            case A.Discard(card=card) | A.LayOff(card=card):
                return (codes[card],)
            case A.LayMeld():
                return tuple(codes[c] for c in action.cards)
            case A.Eat() if state.live is not None:
                return (codes[state.live.card],)
        return ()

    def parse(self, state: PhomState, seat: int, text: str, lang: Lang = "vi") -> Action:
        return parse_legal(text, state.legal_actions(seat), lang)

    # -- events
    def describe(
        self, state: PhomState, event: Event, viewer: int | None, lang: Lang = "vi"
    ) -> str:
        d = event.data
        actor = event.actor
        who = seat_name(actor, viewer, lang)
        match event.type:
            case "action":
                if d.get("action", {}).get("verb") != "pass":
                    return ""
                if actor is not None and state.finished(actor):
                    return ""  # the ``skip`` event after it tells the pass
                return pick((f"{who} bỏ qua", f"{who}: pass"), lang)
            case "drawn":
                if "card" in d:
                    return pick(
                        (
                            f"{who} bốc được {SYMBOLS[d['card']]}",
                            f"{who}: drew {SYMBOLS[d['card']]}",
                        ),
                        lang,
                    )
                return pick((f"{who} bốc một quân", f"{who}: drew a card"), lang)
            case "discard":
                return pick(
                    (f"{who} đánh {SYMBOLS[d['card']]}", f"{who}: discarded {SYMBOLS[d['card']]}"),
                    lang,
                )
            case "eat":
                whose = seat_name(d["from"], viewer, lang)
                chot = " (chốt)" if d["chot"] else ""
                return pick(
                    (
                        f"{who} ăn {SYMBOLS[d['card']]} của {whose}{chot}",
                        f"{who}: ate {whose}'s {SYMBOLS[d['card']]}{chot}",
                    ),
                    lang,
                )
            case "lay":
                words = cards_words(d["cards"])
                return pick((f"{who} hạ {words}", f"{who}: laid {words}"), lang)
            case "layoff":
                whose = seat_name(d["to"], viewer, lang)
                return pick(
                    (
                        f"{who} gửi {SYMBOLS[d['card']]} vào phỏm của {whose}",
                        f"{who}: sent {SYMBOLS[d['card']]} onto {whose}'s phỏm",
                    ),
                    lang,
                )
            case "ha":
                if d.get("mom"):
                    return pick((f"{who} móm (không có phỏm)", f"{who}: móm (no phỏm)"), lang)
                return pick((f"{who} hạ bài xong", f"{who}: laid down"), lang)
            case "skip":
                return pick((f"{who} đã xong, bỏ lượt", f"{who}: finished, skipped"), lang)
            case "show":
                return self._show(event, who, viewer, lang)
            case "u":
                kind = pick(U_WORDS.get(d["kind"], U_WORDS["u"]), lang)
                den = d.get("den")
                tail = (
                    ""
                    if den is None
                    else pick(
                        (
                            f"; {seat_name(den, viewer, lang)} đền",
                            f"; {seat_name(den, viewer, lang)} pays for everyone",
                        ),
                        lang,
                    )
                )
                return pick((f"{who} {kind}!", f"{who}: {kind}!"), lang) + tail
            case "end":
                return self._end(d.get("details", {}), d.get("winner"), viewer, lang)
            case "hand":
                if "cards" in d:
                    words = cards_words(sorted(d["cards"], key=sort_key))
                    return pick((f"{who} được chia: {words}", f"{who}: dealt {words}"), lang)
                return pick(
                    (f"{who} được chia {d['size']} quân", f"{who}: dealt {d['size']} cards"), lang
                )
            case "start":
                return pick(
                    (
                        f"{who} đi đầu; nọc còn {d['stock']} quân",
                        f"{who} plays first; {d['stock']} cards in the stock",
                    ),
                    lang,
                )
            case "deal":
                return pick(("Chia bài", "The cards are dealt"), lang)
        return pick(EVENT_KINDS.get(event.type, (event.type, event.type)), lang)

    @staticmethod
    def _show(event: Event, who: str, viewer: int | None, lang: Lang) -> str:
        d = event.data
        if "hands" in d:
            parts = [
                f"{seat_name(s, viewer, lang)}: {cards_words(sorted(h, key=sort_key)) or '—'}"
                for s, h in enumerate(d["hands"])
            ]
            return pick(("Lật bài: ", "Hands shown: "), lang) + "; ".join(parts)
        words = cards_words(sorted(d["hand"], key=sort_key))
        return pick((f"{who} lật bài: {words}", f"{who}: shows {words}"), lang)

    @staticmethod
    def _end(details: PhomDetails, winner: int | None, viewer: int | None, lang: Lang) -> str:
        if winner is not None:
            kind = pick(U_WORDS.get(details.get("u") or "u", U_WORDS["u"]), lang)
            who = seat_name(winner, viewer, lang)
            return pick((f"Hết ván: {who} {kind}", f"Game over: {who}, {kind}"), lang)
        nhat = details.get("nhat")
        if nhat is None:
            return pick(("Hết ván", "Game over"), lang)
        who = seat_name(nhat, viewer, lang)
        points = details.get("points", [])[nhat]
        return pick(
            (
                f"Hết ván: {who} về nhất ({points} điểm)",
                f"Game over: {who} first ({points} points)",
            ),
            lang,
        )


def card_error(exc: NotationError, lang: Lang) -> NotationError:
    """``parse_cards``'s error ``exc`` in ``lang`` (``chieu play``'s prompt, ``chieu check``)."""
    if lang == "en":
        return exc
    token = exc.token if exc.token is not None else "?"
    return NotationError(
        f"không rõ quân {token!r} ở vị trí {exc.position}: viết hạng A 2-9 T(10) J Q K rồi chất "
        "s c d h (hoặc ♠ ♣ ♦ ♥), ví dụ Kh 7s 10d",
        token=exc.token,
        position=exc.position,
    )


def parse_legal(text: str, legal: Sequence[Action], lang: Lang = "vi") -> Action:
    """The action of ``legal`` that ``text`` names; NotationError (in ``lang``) otherwise."""
    raw = text.strip()
    key = normalize_name(raw)
    if key in WORDS:
        for a in legal:
            if a.verb == WORDS[key]:
                return a
        raise NotationError(
            pick((f"Bây giờ không được {raw}.", f"{raw} is not possible now."), lang)
        )
    head, _, rest = raw.partition(" ")
    verbs: tuple[str, ...] = ("discard", "lay", "layoff")
    if normalize_name(head) in CARD_VERBS and rest.strip():
        verbs = (CARD_VERBS[normalize_name(head)],)
        raw = rest.strip()
    try:
        want = mask_of(parse_cards(raw))
    except NotationError as exc:
        raise card_error(exc, lang) from None
    for verb in verbs:
        found = [a for a in legal if a.verb == verb and _mask(a) == want]
        if len(found) == 1:
            return found[0]
        if found:
            raise NotationError(
                pick(
                    (
                        f"{raw} có thể gửi vào nhiều phỏm: chọn theo số.",
                        f"{raw} can be sent onto several phỏm: choose by number.",
                    ),
                    lang,
                )
            )
    raise NotationError(
        pick((f"Không có nước đi nào với {raw} lúc này.", f"No move uses {raw} now."), lang)
    )


def _mask(action: Action) -> int:
    match action:
        case A.Discard(card=card) | A.LayOff(card=card):
            return 1 << card
        case A.LayMeld():
            return action.mask
    return -1


NOTATION = PhomNotation()
