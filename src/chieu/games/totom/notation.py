"""Tổ tôm in words: move labels in context, typed answers, and the ``Notation`` of the game.

A move's label names its context: ``ăn 7S với 5S 6S (phu dọc)``, ``phỗng 7S``, ``trả 9W vào cửa
Người 1`` (the discard after a take). ``parse`` reads what a person types: a move's name with or
without diacritics (``xin``, ``bỏ lượt``, ``ù``, ``phỗng``, ``dậy khàn``, ``bỏ qua``, ``xong``,
``hạ``), a label, one card (đánh it, or keep its khàn as bất thực), or the cards of an ăn (the
held cards, or the whole phu). Seats are ``Người 1``… (``Player 1``…), the viewer ``Bạn``
(``You``). Card codes and names and the shared word tables are in ``lexicon.py``, the events
described in ``narration.py``; ``NOTATION`` hands them all on. The advice to a seat and the
end in words (docs/rules/totom.md section 13) are the kit's ``hints`` and ``results``
(``hints.py`` and ``results.py``, their shared words in ``words.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from chieu.core.actions import Action
from chieu.core.errors import NotationError
from chieu.core.notation import LANGS, Lang, pick, seat_name
from chieu.core.registry import normalize_name
from chieu.games.totom import actions as A
from chieu.games.totom.cards import parse_cards
from chieu.games.totom.lexicon import (
    CODES,
    EVENT_KINDS,
    card,
    card_name,
    codes_text,
    phase_label,
)
from chieu.games.totom.narration import describe
from chieu.games.totom.patterns import CUOC_NAMES
from chieu.games.totom.phu import ALL_PHU, Phu
from chieu.games.totom.views import phu_label

if TYPE_CHECKING:
    from chieu.games.totom.state import TotomState

#: a typed move name (normalised: no diacritics, no spaces) -> the verbs it names
WORDS: dict[str, tuple[str, ...]] = {
    "xin": ("draw",),
    "xin1quan": ("draw",),
    "xinnoc": ("draw",),
    "boc": ("draw",),
    "draw": ("draw",),
    "boluot": ("pass",),
    "matluot": ("pass",),
    "pass": ("pass",),
    "u": ("win",),
    "win": ("win",),
    "phong": ("phong",),
    "daykhan": ("day_khan",),
    "boqua": ("decline",),
    "bo": ("decline",),
    "decline": ("decline",),
    "ha": ("lay_copies",),
    "haquantrung": ("lay_copies",),
    "xong": ("arrange_done", "call_done"),
    "xepbaixong": ("arrange_done",),
    "hoxong": ("call_done",),
    "done": ("arrange_done", "call_done"),
}
#: a verb typed before cards (normalised) -> nothing more to do: the cards say which move
CARD_VERBS = frozenset({"danh", "tra", "an", "them", "voi", "batthuc", "giu", "khan"})
_LABELS: dict[tuple[Action, int, int, int, Lang], str] = {}


def _rest(phu: Phu, card: int) -> list[int]:
    rest = list(phu.cards)
    if card in rest:
        rest.remove(card)
    return rest


def _words(action: Action, live: int, door: int, eaten: int, lang: Lang) -> str:
    lc = CODES[live] if live >= 0 else ""
    match action:
        case A.Discard(card=k) if door >= 0:
            to = seat_name(door, None, lang)
            return pick((f"trả {CODES[k]} vào cửa {to}", f"return {CODES[k]} to {to}'s door"), lang)
        case A.Discard(card=k):
            return pick((f"đánh {CODES[k]}", f"discard {CODES[k]}"), lang)
        case A.Eat(phu=i):
            phu = ALL_PHU[i]
            rest, kind = codes_text(_rest(phu, live)), phu_label(phu, lang)
            return pick((f"ăn {lc} với {rest} ({kind})", f"eat {lc} with {rest} ({kind})"), lang)
        case A.Extend(phu=i):
            rest = codes_text(_rest(ALL_PHU[i], live))
            return pick((f"ăn thêm {lc} vào phu {rest}", f"add {lc} to your phu {rest}"), lang)
        case A.LayCopies():
            c = CODES[eaten] if eaten >= 0 else ""
            return pick((f"hạ quân trùng {c}", f"lay down your copies of {c}"), lang)
        case A.BatThuc(card=k):
            return pick((f"khàn bất thực {CODES[k]}", f"keep the khàn {CODES[k]} (bất thực)"), lang)
        case A.Call(cuoc=cid):
            name = CUOC_NAMES.get(cid, cid)
            return pick((f"hô {name}", f"call {name}"), lang)
        case A.Phong():
            return pick((f"phỗng {lc}", f"phỗng {lc} (take it with your pair)"), lang)
        case A.DayKhan():
            return pick((f"dậy khàn {lc}", f"dậy khàn {lc} (raise your khàn)"), lang)
        case A.DeclareWin():
            return pick((f"ù {lc}", f"win (ù) on {lc}"), lang)
    return pick(
        {
            "draw": ("xin 1 quân", "ask for a nọc card"),
            "pass": ("bỏ lượt", "leave it to the next seat"),
            "decline": ("bỏ qua", "let it go"),
            "arrange_done": ("xếp bài xong", "done arranging"),
            "call_done": ("hô xong", "end the calls"),
        }[action.verb],
        lang,
    )


def label(state: TotomState, seat: int, action: Action, lang: Lang = "vi") -> str:
    """The action's words in its context (the live card, a trả cửa due, the card eaten)."""
    rd = state.return_door
    key = (action, state.live_card, rd if rd not in (-1, seat) else -1, state.eaten, lang)
    text = _LABELS.get(key)
    if text is None:
        text = _LABELS[key] = _words(action, *key[1:])
    return text


def action_cards(state: TotomState, seat: int, action: Action) -> tuple[str, ...]:
    """The cards the action moves: the card thrown, the phu formed, the cards taken."""
    live = state.live_card
    match action:
        case A.Discard(card=k):
            return (CODES[k],)
        case A.Eat(phu=i) | A.Extend(phu=i):
            return tuple(CODES[k] for k in ALL_PHU[i].cards)
        case A.BatThuc(card=k):
            return (CODES[k],) * 3
        case A.LayCopies() if state.eaten >= 0:
            return (CODES[state.eaten],) * state.seats[seat].free()[state.eaten]
        case A.Phong() if live >= 0:
            return (CODES[live],) * 3
        case A.DayKhan() if live >= 0:
            return (CODES[live],) * 4
        case A.DeclareWin() if live >= 0:
            return (CODES[live],)
    return ()


# -- typed answers ----------------------------------------------------------------------------


def parse(state: TotomState, seat: int, text: str, lang: Lang = "vi") -> Action:
    """The legal action ``text`` names: a label, or what ``parse_legal`` reads."""
    legal = state.legal_actions(seat)
    key = normalize_name(text)
    for action in legal:
        for words_lang in LANGS:
            if normalize_name(label(state, seat, action, words_lang)) == key:
                return action
    return parse_legal(text, legal, lang)


def parse_legal(text: str, legal: Sequence[Action], lang: Lang = "vi") -> Action:
    """The action of ``legal`` that ``text`` names (see the module docstring), a leading verb
    (``đánh``, ``trả``, ``ăn``, ``ăn thêm``) allowed; NotationError in ``lang`` otherwise,
    with the unreadable token when the text is no card."""
    raw = text.strip()
    key = normalize_name(raw)
    if key in WORDS:
        for action in legal:
            if action.verb in WORDS[key]:
                return action
        raise NotationError(
            pick((f"lúc này không thể {raw!r}", f"{raw!r} is not possible now"), lang)
        )
    words = raw.split()
    while len(words) > 1 and normalize_name(words[0]) in CARD_VERBS:
        words = words[1:]
    raw = " ".join(words)
    try:
        kinds = sorted(parse_cards(raw))
    except NotationError as exc:
        raise NotationError(card_error(raw, exc, lang), token=exc.token) from None
    if not kinds:
        raise NotationError(pick(("hãy gõ một quân (ví dụ 9W)", "type a card (e.g. 9W)"), lang))
    for action in legal:
        match action:
            case A.Discard(card=k) | A.BatThuc(card=k) if kinds == [k]:
                return action
            case A.Eat(phu=i) | A.Extend(phu=i) if _names_phu(kinds, ALL_PHU[i].cards):
                return action
    codes = codes_text(kinds)
    verbs = {a.verb for a in legal}
    if "discard" in verbs and len(kinds) == 1:
        why = (
            f"không đánh được {codes}: trên tay không có quân đó",
            f"cannot discard {codes}: not in your hand",
        )
    elif verbs & {"eat", "extend"}:
        why = (f"không ăn được với {codes}", f"cannot eat with {codes}")
    else:
        why = (f"lúc này không dùng {codes} được", f"{codes} cannot be used now")
    raise NotationError(pick(why, lang))


def _names_phu(kinds: list[int], cards: tuple[int, ...]) -> bool:
    """The typed cards are the phu, or the phu less one card (the live card)."""
    if kinds == list(cards):
        return True
    return len(kinds) == len(cards) - 1 and any(
        kinds == sorted(cards[:i] + cards[i + 1 :]) for i in range(len(cards))
    )


def card_error(text: str, exc: NotationError, lang: Lang) -> str:
    """A card of ``text`` that ``parse_cards`` cannot read (``exc``), in ``lang``: what to
    type instead (``chieu play``'s prompt, ``chieu check``)."""
    token = exc.token or text
    if normalize_name(token) == "van":
        return pick(
            (
                "'van' không rõ: viết 'vạn' (V) hoặc 'văn' (W), hay mã như 2V / 2W",
                "'van' is ambiguous: write 'vạn' (V) or 'văn' (W), or a code like 2V / 2W",
            ),
            lang,
        )
    return pick(
        (
            f"không rõ quân {token!r}: gõ mã quân như 9W, CC hoặc tên như 'cửu văn', 'ông lão'",
            f"cannot read {token!r}: type a code like 9W, CC or a name like 'cửu văn'",
        ),
        lang,
    )


class TotomNotation:
    """The ``core.notation.Notation`` of Tổ tôm (the module's functions)."""

    event_kinds = EVENT_KINDS
    card = staticmethod(card)
    card_name = staticmethod(card_name)
    phase_label = staticmethod(phase_label)
    label = staticmethod(label)
    action_cards = staticmethod(action_cards)
    parse = staticmethod(parse)
    describe = staticmethod(describe)


NOTATION = TotomNotation()


__all__ = [
    "CARD_VERBS",
    "NOTATION",
    "WORDS",
    "TotomNotation",
    "action_cards",
    "label",
    "parse",
    "parse_legal",
]
