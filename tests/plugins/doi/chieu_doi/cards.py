"""The Đôi deck: 20 cards, ranks 1–10 in two colours, one copy each.

Card ids: ``colour * 10 + rank - 1`` (red 0..9, black 10..19), so a card's partner (the same
rank in the other colour) is ``(card + 10) % 20``. Codes: the rank then ``r`` (đỏ, red) or
``b`` (đen, black): ``7r``, ``10b``.
"""

from __future__ import annotations

from collections.abc import Iterable

from chieu.core.cards import KindTable

NUM_CARDS = 20
RANKS = 10
COLOURS = ("r", "b")
RANK_WORDS = (
    ("một", "one"),
    ("hai", "two"),
    ("ba", "three"),
    ("bốn", "four"),
    ("năm", "five"),
    ("sáu", "six"),
    ("bảy", "seven"),
    ("tám", "eight"),
    ("chín", "nine"),
    ("mười", "ten"),
)
COLOUR_WORDS = (("đỏ", "red"), ("đen", "black"))


def rank_of(card: int) -> int:
    """0 (the 1) .. 9 (the 10)."""
    return card % RANKS


def partner(card: int) -> int:
    """The other card of the same rank."""
    return (card + RANKS) % NUM_CARDS


def code(card: int) -> str:
    return f"{rank_of(card) + 1}{COLOURS[card // RANKS]}"


KINDS = KindTable(
    tuple(code(c) for c in range(NUM_CARDS)),
    tuple(f"{RANK_WORDS[rank_of(c)][0]} {COLOUR_WORDS[c // RANKS][0]}" for c in range(NUM_CARDS)),
    (1,) * NUM_CARDS,
    frozenset(range(RANKS)),
)


def pairs_in(hand: Iterable[int]) -> list[int]:
    """The ranks of which ``hand`` holds both cards (the analysis of this game), ascending."""
    held = set(hand)
    return [r for r in range(RANKS) if r in held and r + RANKS in held]


def counts_of(cards: Iterable[int]) -> list[int]:
    """A zone's count vector over the 20 cards."""
    out = [0] * NUM_CARDS
    for c in cards:
        out[c] += 1
    return out


def cards_of(counts: Iterable[int]) -> list[int]:
    return [c for c, n in enumerate(counts) for _ in range(n)]
