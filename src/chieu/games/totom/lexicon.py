"""The Tổ tôm lexicon: card codes and names, and the word tables the notation, the event
descriptions (``narration``), the hints and the results share.

Cards are coded ``9W`` (``cards.py``: rank digit and V = vạn, S = sách, W = văn; ``CC``, ``TT``,
``OL`` are the yêu); their full names are Vietnamese (``cửu văn``, ``chi chi``, ``ông lão``) or
English (``Nine of Văn``). ``you_agree`` makes English words written for "Player N" agree with
"You".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from chieu.core.notation import Lang, pick
from chieu.games.totom.cards import CC, KINDS

CODES = KINDS.codes
#: the seat of an event no seat made
TABLE = ("bàn", "the table")
RANK_EN = ("One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine")
SUIT_EN = ("Vạn", "Sách", "Văn")

PHASE_WORDS: dict[str, tuple[str, str]] = {
    "arrange": ("xếp bài (khàn bất thực)", "arrange the hand (khàn bất thực)"),
    "claim": ("ù, dậy khàn, phỗng hay bỏ qua", "ù, dậy khàn, phỗng or let it go"),
    "decide": ("ăn hay xin quân nọc", "eat or ask for a nọc card"),
    "discard": ("đánh bài", "discard"),
    "call": ("hô cước", "call the cước"),
    "end": ("hết ván", "game over"),
}
EVENT_KINDS: dict[str, tuple[str, str]] = {
    "deal": ("chia bài (bộ bài đã tráo)", "the deal (the shuffled deck)"),
    "hand": ("bài chia cho một người", "the hand dealt to a seat"),
    "setup": ("rút bài chọn người chia và người được cái", "the draws for dealer and cái"),
    "action": ("một nước đi", "a move"),
    "bat_thuc": ("khàn bất thực: đặt chén", "a khàn kept in hand (a cup)"),
    "thien_khai": ("thiên khai: lật 4 quân", "thiên khai: four of a kind turned up"),
    "draw": ("xin quân nọc", "a nọc card turned up"),
    "discard": ("đánh bài", "a discard"),
    "eat": ("ăn thành phu", "an eat into a phu"),
    "lay_copies": ("hạ quân trùng lên phu", "copies of the eaten card laid down"),
    "pass": ("bỏ lượt (mất lượt)", "a nọc card left to the next seat"),
    "claim": ("ù, dậy khàn hoặc phỗng quân đang ra", "an ù, dậy khàn or phỗng of the live card"),
    "show": ("hạ bài để ù", "a hand laid down to claim ù"),
    "fault": ("phạm lỗi", "a fault"),
    "end": ("hết ván: kết quả", "the end: the result"),
}
TERMINATION: dict[str, tuple[str, str]] = {
    "win": ("ù", "a win"),
    "no_winner": ("hòa (hết nọc)", "a draw (the nọc ran out)"),
    "fault": ("ván dừng vì lỗi", "stopped on a fault"),
}
PENALTY_WORDS: dict[str, tuple[str, str]] = {
    "cheo_do": ("chèo đò", "chèo đò (a boat)"),
    "deo_kinh": ("đeo kính", "đeo kính (glasses)"),
}


def card(kind: int) -> str:
    return CODES[kind]


def card_name(kind: int, lang: Lang = "vi") -> str:
    """``cửu văn``, ``chi chi``, ``ông lão`` (``Nine of Văn``, ``Chi chi``, ``Ông lão``)."""
    if kind >= CC:
        return KINDS.names[kind] if lang == "en" else KINDS.names[kind].lower()
    if lang == "en":
        return f"{RANK_EN[kind // 3]} of {SUIT_EN[kind % 3]}"
    return KINDS.names[kind].lower()


def phase_label(phase: str, lang: Lang = "vi") -> str:
    return pick(PHASE_WORDS.get(phase, (phase, phase)), lang)


def codes_text(kinds: Sequence[int]) -> str:
    return " ".join(CODES[k] for k in kinds)


#: English verbs written for a third person, after "You"
_YOU_VERBS = {"is": "are", "has": "have", "does": "do", "pays": "pay", "phỗngs": "phỗng"}
_YOU = re.compile(r"\bYou (\w+)")


def you_agree(text: str) -> str:
    """English words written for "Player N" agree with "You" (``You draws`` → ``You draw``)."""

    def verb(m: re.Match[str]) -> str:
        word = m.group(1)
        base = _YOU_VERBS.get(word)
        if base is None:
            base = word[:-1] if word.endswith("s") and not word.endswith("ss") else word
        return f"You {base}"

    return _YOU.sub(verb, text)


def named(kind: int, lang: Lang) -> str:
    """``9W (cửu văn)``."""
    return f"{CODES[kind]} ({card_name(kind, lang)})"


__all__ = [
    "CODES",
    "EVENT_KINDS",
    "PENALTY_WORDS",
    "PHASE_WORDS",
    "RANK_EN",
    "SUIT_EN",
    "TABLE",
    "TERMINATION",
    "card",
    "card_name",
    "codes_text",
    "named",
    "phase_label",
    "you_agree",
]
