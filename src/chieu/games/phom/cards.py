"""The Phỏm deck: 52 French cards, one copy each (shared/rules/phom_matchuoc.md A.1).

Card ids: ``suit * 13 + rank`` with ranks A=0 .. K=12 and suits s=0 (♠ bích), c=1 (♣ tép),
d=2 (♦ rô), h=3 (♥ cơ). A hand is also a 52-bit mask (bit ``card``); suit ``s`` is the 13-bit
field ``(mask >> 13*s) & 0x1FFF``, which is what the analysis tables index.

Notation: rank ``A 2..9 T J Q K`` (``10`` accepted) then suit ``s c d h`` or ``♠ ♣ ♦ ♥``,
case-insensitive: ``Kh 7s Td 10d A♠``. Codes print as ``Kh``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence

from chieu.core.cards import KindTable
from chieu.core.errors import NotationError

RANKS = "A23456789TJQK"
SUITS = "scdh"
SUIT_SYMBOLS = "♠♣♦♥"
SUIT_NAMES = ("bích", "tép", "rô", "cơ")
RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
NUM_CARDS = 52
SUIT_MASK = 0x1FFF


def card_of(rank: int, suit: int) -> int:
    """``rank`` 0 (A) .. 12 (K), ``suit`` 0..3."""
    return suit * 13 + rank


def rank_of(card: int) -> int:
    return card % 13


def suit_of(card: int) -> int:
    return card // 13


def _build() -> KindTable:
    codes = tuple(f"{RANKS[r]}{SUITS[s]}" for s in range(4) for r in range(13))
    names = tuple(f"{RANK_LABELS[r]} {SUIT_NAMES[s]}" for s in range(4) for r in range(13))
    red = frozenset(c for c in range(NUM_CARDS) if suit_of(c) in (2, 3))
    return KindTable(codes, names, (1,) * NUM_CARDS, red)


KINDS = _build()

_SYMBOL = {sym: SUITS[i] for i, sym in enumerate(SUIT_SYMBOLS)}
_TOKEN = re.compile(r"[^\s,;|]+")
_CARD = re.compile(r"(10|[a2-9tjqk])([scdh])", re.IGNORECASE)


def _one(token: str, pos: int) -> list[int]:
    text = unicodedata.normalize("NFC", token)
    for sym, letter in _SYMBOL.items():
        text = text.replace(sym, letter)
    text = text.replace("\ufe0f", "")
    # a suit symbol may come first (♠A): move it behind the rank
    m_front = re.fullmatch(r"([scdh])(10|[a2-9tjqk])", text, re.IGNORECASE)
    if m_front and not _CARD.fullmatch(text):
        text = m_front.group(2) + m_front.group(1)
    out: list[int] = []
    i = 0
    while i < len(text):
        m = _CARD.match(text, i)
        if m is None:
            raise NotationError(
                f"unknown card {token!r} at position {pos}; write rank A 2-9 T(10) J Q K "
                f"then suit s c d h (or ♠ ♣ ♦ ♥), e.g. Kh 7s 10d",
                token=token,
                position=pos,
            )
        rank = m.group(1).upper()
        r = 9 if rank == "10" else RANKS.index(rank)
        out.append(card_of(r, SUITS.index(m.group(2).lower())))
        i = m.end()
    return out


def parse_cards(text: str) -> list[int]:
    """Cards in the order written (compact ``KhQh`` works too). NotationError names the token."""
    out: list[int] = []
    for m in _TOKEN.finditer(text):
        out.extend(_one(m.group(0), m.start()))
    return out


#: ``check_distinct``'s ``what`` in Vietnamese
_WHAT_VI = {
    "hand": "bài",
    "table": "phỏm trên bàn",
    "eaten cards": "các quân đã ăn",
    "seen cards": "các quân đã thấy",
}


def check_distinct(cards: Sequence[int], what: str = "hand") -> int:
    """The mask of ``cards``; NotationError if a card appears twice (the deck has one)."""
    mask = 0
    for c in cards:
        if mask >> c & 1:
            raise NotationError(
                f"{KINDS.codes[c]} ({card_name(c)}) appears twice in the {what}: the deck "
                f"has only one",
                token=KINDS.codes[c],
                vi=f"{KINDS.codes[c]} ({card_name(c)}) có hai lần trong "
                f"{_WHAT_VI.get(what, what)}: cả bộ bài chỉ có một quân",
            )
        mask |= 1 << c
    return mask


def parse_mask(text: str, what: str = "hand") -> int:
    return check_distinct(parse_cards(text), what)


def _suit_tables() -> tuple[tuple[tuple[int, ...], ...], ...]:
    base = [tuple(i for i in range(13) if m >> i & 1) for m in range(1 << 13)]
    return tuple(tuple(tuple(13 * s + i for i in t) for t in base) for s in range(4))


_BY_SUIT = _suit_tables()


def cards_of(mask: int) -> list[int]:
    """The cards of a mask, in id order."""
    t = _BY_SUIT
    return [
        *t[0][mask & SUIT_MASK],
        *t[1][mask >> 13 & SUIT_MASK],
        *t[2][mask >> 26 & SUIT_MASK],
        *t[3][mask >> 39 & SUIT_MASK],
    ]


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def sort_key(card: int) -> tuple[int, int]:
    return (rank_of(card), suit_of(card))


def code(card: int) -> str:
    return KINDS.codes[card]


def fmt(cards: Iterable[int]) -> str:
    return " ".join(KINDS.codes[c] for c in cards)


def fmt_mask(mask: int) -> str:
    return fmt(cards_of(mask))


def card_name(card: int) -> str:
    return KINDS.names[card]


def symbol(card: int) -> str:
    """``K♥`` style, for people."""
    return f"{RANK_LABELS[rank_of(card)]}{SUIT_SYMBOLS[suit_of(card)]}"
