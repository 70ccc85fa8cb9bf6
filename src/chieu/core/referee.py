"""Faults (*lỗi*) as small rule classes over the move history.

A FaultRule looks at the history *after* an action and returns a ``Fault`` value when that
action committed the fault. The same predicates serve the referee mode (the move is allowed,
detected, explained and penalised) and the strict mode (moves that would be faults are not
offered: the state asks ``would_commit`` before listing an action).
"""

from __future__ import annotations

from typing import ClassVar, Generic, TypeVar

from chieu.core.outcome import Fault

H = TypeVar("H")  # the game's view of the history at the moment of the action
A = TypeVar("A")  # the game's action type


class FaultRule(Generic[H, A]):
    id: ClassVar[str]
    name: ClassVar[str]
    penalty: ClassVar[str]
    #: False for faults that are physical (how cards are stacked) and that software cannot commit.
    detectable: ClassVar[bool] = True
    source: ClassVar[str] = ""

    def check(self, history: H, seat: int, action: A) -> str | None:
        """Before ``action`` is applied by ``seat``: an explanation if it commits this fault."""
        raise NotImplementedError

    def fault(self, seat: int, explanation: str, step: int) -> Fault:
        return Fault(self.id, self.name, seat, self.penalty, explanation, step)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id}>"
