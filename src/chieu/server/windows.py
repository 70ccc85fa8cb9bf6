"""Claim windows at a table with people: every window looks the same, whoever can claim.

The engine asks a claim window by position (``chieu.core.decisions``): every seat the rules
let it ask gets a decision, a pass-only one included. A server that answered the pass-only
decisions at once, and stored nothing for them, let every client see which windows stayed
open: exactly those where some seat had a real choice (issue 26). So a room with a ``window``
hold (its clock's ``window`` seconds, > 0) runs every window on one clock rule:

1. The window opens (an exposed card); everyone's view shows ``claim_open``.
2. Until the hold ends, answers are **kept** in memory, not applied, not stored, not
   acknowledged: nobody's view, the room's version, the pushes to any client: nothing
   changes. (An answer is acknowledged once stored, at the hold's end: a crash before it
   loses nothing acknowledged, and the window is asked again.)
3. When the hold ends, the room answers every seat still pending that is a bot (or a person
   covered by one) or has only a pass, and stores the kept answers and these as **one** row
   (``BATCH``), whatever they are (an empty one too): every window costs the same one write
   at the same moment; then it applies them.
4. The window then resolves, unless a person with a real choice has not answered: he keeps it
   open until he answers or his claim deadline. A host who wants even a person's hesitation
   hidden sets ``window`` at least as long as ``claim``: every window then lasts exactly the
   hold, whatever anyone holds or answers.

The room's **public version** (``Room.shown``, the ``version`` clients see and act with)
advances only when something every seat may see changed: never for an answer inside an open
window. The stored version (``Room.version``) advances with every stored row.

``replay_row`` is the one way a stored row is applied again (rebuilding a room after a
restart, catching up with another process): a ``BATCH`` row answers the seats it names that
are still pending; any other row is applied after the forced answers that came before it
(``StateBase.before_recorded``), as a record is replayed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from chieu.core.actions import Action

if TYPE_CHECKING:
    from chieu.core.protocol import State

#: the seat of a row holding the answers given when a window's hold ended
BATCH = -1


def batch_data(answers: list[tuple[int, Action]], space: Any) -> dict[str, Any]:
    """The stored form of the answers given at a hold's end."""
    return {"answers": [[seat, space.json_of(action)] for seat, action in answers]}


def replay_row(state: State, space: Any, seat: int, data: Mapping[str, Any]) -> None:
    """Apply one stored row to ``state`` again (see the module's docstring)."""
    if seat == BATCH:
        for s, action in data.get("answers", ()):
            window = state.window
            if window is not None and s in window.asked and s not in window.answers:
                state.apply(space.from_json(action), int(s))
        return
    state.before_recorded(seat)
    state.apply(space.from_json(data), seat)
