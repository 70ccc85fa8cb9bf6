"""Đôi in words: card names, move labels, typed answers, events described
(``chieu.core.notation.Notation``). Vietnamese first, English on request. The hints and the
result in words are the kit's ``hints`` (``hints.py``) and ``results`` (``results.py``).

A person types ``bốc`` / ``draw``, ``lấy`` / ``take``, ``hạ 7`` / ``lay 7`` (the pair of
sevens), or a card's code (``7r``, ``đánh 10b``) to discard it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chieu.core.actions import Action
from chieu.core.errors import NotationError
from chieu.core.events import Event
from chieu.core.notation import Lang, pick, seat_name
from chieu.core.registry import normalize_name
from chieu_doi.actions import Discard, Draw, Lay, Take
from chieu_doi.cards import COLOUR_WORDS, KINDS, RANK_WORDS, RANKS, code, rank_of

PHASE_WORDS: dict[str, tuple[str, str]] = {
    "draw": ("bốc hoặc lấy", "draw or take"),
    "discard": ("hạ đôi, đánh", "lay pairs, discard"),
    "end": ("hết ván", "game over"),
}
EVENT_KINDS: dict[str, tuple[str, str]] = {
    "deal": ("chia bài (bộ bài đã tráo)", "the deal (the shuffled deck)"),
    "hand": ("bài chia cho một người", "the hand dealt to a seat"),
    "start": ("người đi trước và số quân nọc", "the first player and the stock"),
    "action": ("một nước đi", "a move"),
    "drawn": ("bốc một quân", "a card drawn"),
    "take": ("lấy quân vừa đánh thành đôi", "the last discard taken into a pair"),
    "lay": ("hạ một đôi", "a pair laid"),
    "discard": ("đánh một quân", "a card discarded"),
    "show": ("lật bài", "the hands shown"),
    "end": ("hết ván: kết quả", "the end: the result"),
}
WORDS = {"boc": "draw", "draw": "draw", "lay": "take", "take": "take"}
LAY_WORDS = ("ha", "hadoi", "lay")
DISCARD_WORDS = ("danh", "discard")


def _rank(text: str) -> int | None:
    t = text.strip()
    return int(t) - 1 if t.isdigit() and 1 <= int(t) <= RANKS else None


class DoiNotation:
    event_kinds: Mapping[str, tuple[str, str]] = EVENT_KINDS

    def card(self, card: int) -> str:
        return code(card)

    def card_name(self, card: int, lang: Lang = "vi") -> str:
        rank, colour = RANK_WORDS[rank_of(card)], COLOUR_WORDS[card // RANKS]
        return f"{rank[0]} {colour[0]}" if lang == "vi" else f"{colour[1]} {rank[1]}"

    def phase_label(self, phase: str, lang: Lang = "vi") -> str:
        return pick(PHASE_WORDS.get(phase, (phase, phase)), lang)

    def label(self, state: Any, seat: int, action: Action, lang: Lang = "vi") -> str:
        match action:
            case Draw():
                return pick(("bốc", "draw"), lang)
            case Take():
                top = code(state.discards[-1])
                return pick((f"lấy {top} thành đôi", f"take {top} into a pair"), lang)
            case Lay(rank=rank):
                return pick((f"hạ đôi {rank + 1}", f"lay the pair of {rank + 1}"), lang)
            case Discard(card=card):
                return pick((f"đánh {code(card)}", f"discard {code(card)}"), lang)
        raise ValueError(f"not a Đôi action: {action!r}")

    def action_cards(self, state: Any, seat: int, action: Action) -> tuple[str, ...]:
        match action:
            case Take() if state.discards:
                return (code(state.discards[-1]),)
            case Lay(rank=rank):
                return (code(rank), code(rank + RANKS))
            case Discard(card=card):
                return (code(card),)
        return ()

    def parse(self, state: Any, seat: int, text: str, lang: Lang = "vi") -> Action:
        legal = state.legal_actions(seat)
        raw = text.strip()
        verb = WORDS.get(normalize_name(raw))
        head, _, rest = raw.partition(" ")
        head = normalize_name(head)
        found: list[Action] = []
        if verb is not None:
            found = [a for a in legal if a.verb == verb]
        elif head in LAY_WORDS and _rank(rest) is not None:
            found = [a for a in legal if isinstance(a, Lay) and a.rank == _rank(rest)]
        else:
            token = rest.strip() if head in DISCARD_WORDS else raw
            card = KINDS.kind(token)
            found = [a for a in legal if isinstance(a, Discard) and a.card == card]
        if len(found) != 1:
            raise NotationError(
                pick((f"Bây giờ không được {raw!r}.", f"{raw!r} is not possible now."), lang),
                token=raw,
            )
        return found[0]

    def describe(self, state: Any, event: Event, viewer: int | None, lang: Lang = "vi") -> str:
        d = event.data
        who = seat_name(event.actor, viewer, lang)
        match event.type:
            case "action":
                return ""  # the event after it tells the move
            case "deal":
                return pick(("Chia bài", "The cards are dealt"), lang)
            case "hand":
                if "cards" in d:
                    cards = " ".join(code(c) for c in d["cards"])
                    return pick((f"{who} được chia: {cards}", f"{who}: dealt {cards}"), lang)
                return pick(
                    (f"{who} được chia {d['size']} quân", f"{who}: dealt {d['size']}"), lang
                )
            case "start":
                n = d["stock"]
                return pick(
                    (f"{who} đi trước; nọc còn {n} quân", f"{who} plays first; {n} in stock"), lang
                )
            case "drawn":
                if "card" in d:
                    c = code(d["card"])
                    return pick((f"{who} bốc được {c}", f"{who}: drew {c}"), lang)
                return pick((f"{who} bốc một quân", f"{who}: drew a card"), lang)
            case "take":
                c = code(d["card"])
                return pick((f"{who} lấy {c} thành đôi", f"{who}: took {c} into a pair"), lang)
            case "lay":
                r = rank_of(d["cards"][0]) + 1
                return pick((f"{who} hạ đôi {r}", f"{who}: laid the pair of {r}"), lang)
            case "discard":
                c = code(d["card"])
                return pick((f"{who} đánh {c}", f"{who}: discarded {c}"), lang)
            case "show":
                hands = "; ".join(
                    f"{seat_name(s, viewer, lang)}: {' '.join(code(c) for c in h) or '—'}"
                    for s, h in enumerate(d["hands"])
                )
                return pick(("Lật bài: ", "Hands shown: "), lang) + hands
            case "end":
                winner = d.get("winner")
                if winner is None:
                    return pick(("Hết ván: hòa", "Game over: a draw"), lang)
                w = seat_name(winner, viewer, lang)
                return pick((f"Hết ván: {w} thắng", f"Game over: {w} wins"), lang)
        return pick(EVENT_KINDS.get(event.type, (event.type, event.type)), lang)


NOTATION = DoiNotation()
