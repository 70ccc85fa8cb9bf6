"""Phỏm actions (typed values) and the ACTION_SPACE with stable integer ids.

Cards are ids 0..51 (see cards.py). ``LayMeld.meld`` is a phỏm written as its codes
(``"7s 7c 7d"``), one of the 329 phỏm a 52-card deck has (13 ranks × five 3- or 4-sets,
66 runs per suit).
``LayOff.onto`` says where the card goes: ``"set"`` (the 4th card of its rank's set),
``"high"`` (the new top of the run whose top is the card below it) or ``"low"`` (the new bottom
of the run whose bottom is the card above it).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import ClassVar

from chieu.core.actions import ActionSpace, InternedAction
from chieu.games.phom.cards import card_of, code, fmt, mask_of

ONTO = ("set", "high", "low")


class PhomAction(InternedAction):
    """The base of the Phỏm actions: interned values, one instance per value
    (``Discard(3) is DISCARD[3]``, also after a copy or a pickle round trip), so equality is
    identity and hashing runs at C speed: the hot path compares actions on every step."""

    __slots__ = ()


@dataclass(frozen=True, slots=True, eq=False)
class Draw(PhomAction):
    """Bốc: take the top card of the stock."""

    verb: ClassVar[str] = "draw"

    def __str__(self) -> str:
        return "bốc"


@dataclass(frozen=True, slots=True, eq=False)
class Eat(PhomAction):
    """Ăn: take the previous player's discard into a phỏm."""

    verb: ClassVar[str] = "eat"

    def __str__(self) -> str:
        return "ăn"


@dataclass(frozen=True, slots=True, eq=False)
class Pass(PhomAction):
    """Bỏ qua: leave the discard (a finished player, or when the stock is empty)."""

    verb: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "bỏ qua"


@dataclass(frozen=True, slots=True, eq=False)
class Discard(PhomAction):
    """Đánh: put a card into one's row."""

    verb: ClassVar[str] = "discard"
    card: int

    def __str__(self) -> str:
        return f"đánh {code(self.card)}"


@dataclass(frozen=True, slots=True, eq=False)
class LayMeld(PhomAction):
    """Hạ one phỏm."""

    verb: ClassVar[str] = "lay"
    meld: str  # the cards' codes, e.g. "7s 7c 7d"

    @property
    def cards(self) -> tuple[int, ...]:
        return _MELD_CARDS[self.meld]

    @property
    def mask(self) -> int:
        return mask_of(_MELD_CARDS[self.meld])

    def __str__(self) -> str:
        return f"hạ {self.meld}"


@dataclass(frozen=True, slots=True, eq=False)
class LayOff(PhomAction):
    """Gửi: send one card onto another player's phỏm."""

    verb: ClassVar[str] = "layoff"
    card: int
    onto: str

    def __str__(self) -> str:
        where = {"set": "bộ ngang", "high": "đầu trên dây", "low": "đầu dưới dây"}[self.onto]
        return f"gửi {code(self.card)} ({where})"


@dataclass(frozen=True, slots=True, eq=False)
class DeclareWin(PhomAction):
    """Ù: lay the whole hand down at 0 points (the engine lays the best arrangement)."""

    verb: ClassVar[str] = "win"

    def __str__(self) -> str:
        return "ù"


@dataclass(frozen=True, slots=True, eq=False)
class DeclareUKhan(PhomAction):
    """Ù khan: a dealt hand with no cạ and no phỏm (option ``allow_u_khan``)."""

    verb: ClassVar[str] = "u_khan"

    def __str__(self) -> str:
        return "ù khan"


def _all_melds() -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []
    for r in range(13):
        for size in (3, 4):
            for group in combinations(range(4), size):
                out.append(tuple(card_of(r, s) for s in group))
    for s in range(4):
        for lo in range(13):
            for hi in range(lo + 2, 13):
                out.append(tuple(card_of(r, s) for r in range(lo, hi + 1)))
    return out


MELDS = tuple(_all_melds())
_MELD_CARDS: dict[str, tuple[int, ...]] = {fmt(m): m for m in MELDS}
DRAW = Draw()
EAT = Eat()
PASS = Pass()
WIN = DeclareWin()
U_KHAN = DeclareUKhan()
DISCARD = tuple(Discard(c) for c in range(52))
LAY = {mask_of(m): LayMeld(fmt(m)) for m in MELDS}
LAYOFF = {(c, onto): LayOff(c, onto) for c in range(52) for onto in ONTO}
#: ``DISCARDS[s][m]``: the Discard actions of the cards of 13-bit suit mask ``m`` in suit ``s``
DISCARDS = tuple(
    tuple(tuple(DISCARD[13 * s + i] for i in range(13) if m >> i & 1) for m in range(1 << 13))
    for s in range(4)
)

ACTION_SPACE = ActionSpace(
    [DRAW, EAT, PASS, WIN, U_KHAN, *DISCARD, *LAY.values(), *LAYOFF.values()]
)
