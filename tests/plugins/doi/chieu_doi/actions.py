"""Đôi's actions (typed, interned values) and the ``ACTION_SPACE`` with stable ids:
``draw``, ``take``, ``lay`` (one per rank), ``discard`` (one per card): 32 in all."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from chieu.core.actions import ActionSpace, InternedAction
from chieu_doi.cards import NUM_CARDS, RANKS, code


class DoiAction(InternedAction):
    """The base of Đôi's actions: one instance per value (equality is identity)."""

    __slots__ = ()


@dataclass(frozen=True, slots=True, eq=False)
class Draw(DoiAction):
    """Bốc: the top card of the stock."""

    verb: ClassVar[str] = "draw"

    def __str__(self) -> str:
        return "bốc"


@dataclass(frozen=True, slots=True, eq=False)
class Take(DoiAction):
    """Lấy: the last discard, laid at once with the card of its rank in hand."""

    verb: ClassVar[str] = "take"

    def __str__(self) -> str:
        return "lấy"


@dataclass(frozen=True, slots=True, eq=False)
class Lay(DoiAction):
    """Hạ đôi: both cards of ``rank`` (0..9) from the hand."""

    verb: ClassVar[str] = "lay"
    rank: int

    def __str__(self) -> str:
        return f"hạ đôi {self.rank + 1}"


@dataclass(frozen=True, slots=True, eq=False)
class Discard(DoiAction):
    """Đánh: one card onto the discard pile."""

    verb: ClassVar[str] = "discard"
    card: int

    def __str__(self) -> str:
        return f"đánh {code(self.card)}"


DRAW = Draw()
TAKE = Take()
LAY = tuple(Lay(r) for r in range(RANKS))
DISCARD = tuple(Discard(c) for c in range(NUM_CARDS))
ACTION_SPACE = ActionSpace([DRAW, TAKE, *LAY, *DISCARD])
