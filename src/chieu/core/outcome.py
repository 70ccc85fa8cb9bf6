"""How a game ended: termination, payoffs, the patterns that scored and the faults found."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from chieu.core.jsonio import JsonObject


class Termination(Enum):
    WIN = "win"  # someone won (ù)
    NO_WINNER = "no_winner"  # hòa: the stock ran out
    FAULT = "fault"  # the game stopped on a fault (ù láo, everyone báo, ...)


@dataclass(frozen=True, slots=True)
class Fault:
    """A *lỗi*: a value to explain and score, never an exception."""

    id: str
    name: str
    seat: int
    penalty: str  # the consequence class, e.g. "nghi_an_tien", "bao", "tam_do_hai_leo"
    explanation: str
    step: int = -1  # index of the action that committed it

    def to_json(self) -> JsonObject:
        return {
            "id": self.id,
            "name": self.name,
            "seat": self.seat,
            "penalty": self.penalty,
            "explanation": self.explanation,
            "step": self.step,
        }


@dataclass(frozen=True, slots=True)
class PatternHit:
    """A scoring pattern (cước, phán...) found in a win, with its multiplicity."""

    id: str
    name: str
    count: int = 1

    def to_json(self) -> JsonObject:
        return {"id": self.id, "name": self.name, "count": self.count}


@dataclass(frozen=True, slots=True)
class Outcome:
    termination: Termination
    payoffs: tuple[float, ...]
    winner: int | None = None
    score: int | None = None
    patterns: tuple[PatternHit, ...] = ()
    faults: tuple[Fault, ...] = ()
    details: dict[str, Any] = field(default_factory=dict)  # the game's own (JSON)

    def to_json(self) -> JsonObject:
        return {
            "termination": self.termination.value,
            "payoffs": list(self.payoffs),
            "winner": self.winner,
            "score": self.score,
            "patterns": [p.to_json() for p in self.patterns],
            "faults": [f.to_json() for f in self.faults],
            "details": self.details,
        }
