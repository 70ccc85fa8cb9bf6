"""``StateBase``: the protocol queries every game's State answers the same way.

A game's State keeps ``phase`` (``"end"`` when the game is over, ``"claim"`` while seats
answer an exposed card in the order of ``claim_queue``), ``actor`` (the seat to act outside a
claim), ``steps`` (actions applied so far), the outcome in ``_outcome`` and implements
``_legal_actions(seat)``; the legal actions are computed once per step and cached.
"""

from __future__ import annotations

from typing import Any

from chieu.core.actions import Action
from chieu.core.errors import IllegalActionError
from chieu.core.outcome import Outcome


class StateBase:
    phase: str
    actor: int
    claim_queue: Any
    steps: int
    _outcome: Outcome | None
    _legal_at: int
    _legal: list[Action]

    def _legal_actions(self, seat: int) -> list[Action]:
        raise NotImplementedError

    def current_player(self) -> int | None:
        if self.phase == "end":
            return None
        if self.phase == "claim":
            return int(self.claim_queue[0])
        return self.actor

    def to_act(self) -> tuple[int, ...]:
        if self.phase == "end":
            return ()
        if self.phase == "claim":
            return tuple(self.claim_queue)
        return (self.actor,)

    def is_terminal(self) -> bool:
        return self.phase == "end"

    def outcome(self) -> Outcome | None:
        return self._outcome

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        cur = self.current_player()
        if cur is None or (seat is not None and seat != cur):
            return []
        if self._legal_at != self.steps:
            self._legal = self._legal_actions(cur)
            self._legal_at = self.steps
        return list(self._legal)

    def _check(self, action: Action, seat: int | None) -> int:
        """The seat that plays ``action`` now; IllegalActionError (nothing changed) if none may."""
        cur = self.current_player()
        if cur is None:
            raise IllegalActionError("the game is over; no action is legal")
        if seat is None:
            seat = cur
        if seat != cur:
            raise IllegalActionError(
                f"it is seat {cur}'s turn to act ({self.phase}), not seat {seat}'s"
            )
        legal = self._legal if self._legal_at == self.steps else self.legal_actions(seat)
        if action not in legal:
            shown = ", ".join(str(a) for a in legal)
            raise IllegalActionError(
                f"{action} is not legal for seat {seat} now ({self.phase}); legal: {shown}"
            )
        return seat
