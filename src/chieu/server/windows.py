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
are still pending; any other row is applied after the forced answers that came before it,
as a record is replayed (``chieu.core.replay.apply_recorded``).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from chieu.core.actions import Action, ActionSpace
from chieu.core.decisions import Decision
from chieu.core.replay import apply_recorded
from chieu.server.rows import ActionRow, SeatRow

if TYPE_CHECKING:
    from chieu.core.protocol import State
    from chieu.core.table import Game
    from chieu.server.botpool import BotPool
    from chieu.server.pushing import Conn
    from chieu.server.storage import Store

#: the seat of a row holding the answers given when a window's hold ended
BATCH = -1


def batch_data(answers: list[tuple[int, Action]], space: ActionSpace) -> dict[str, object]:
    """The stored form of the answers given at a hold's end."""
    return {"answers": [[seat, space.json_of(action)] for seat, action in answers]}


def replay_row(state: State, space: ActionSpace, seat: int, data: dict[str, object]) -> None:
    """Apply one stored row to ``state`` again (see the module's docstring)."""
    if seat == BATCH:
        answers = data.get("answers", ())
        assert isinstance(answers, list | tuple), "a batch's answers: a list"
        for s, action in answers:
            window = state.window
            if window is not None and s in window.asked and s not in window.answers:
                state.apply(space.from_json(action), int(s))
        return
    apply_recorded(state, seat, space.from_json(data))


class HeldWindows:
    """A room's claim windows on their hold (see the module's docstring): a part of
    :class:`chieu.server.room.Room` (the attributes and methods it uses are the room's)."""

    state: State | None
    store: Store
    game: Game
    id: int
    version: int
    game_id: int | None
    seats: list[SeatRow]
    clock: dict[str, float | None]
    conns: set[Conn]
    pool: BotPool | None
    #: the open window's hold: when it opened (None: no window), how long, whether it is over,
    #: the answers given meanwhile (seat -> action; not applied), the window it belongs to
    window_at: float | None = None
    window_hold: float = 0.0
    hold_over: bool = True
    kept: dict[int, Action]
    _window: object | None = None

    if TYPE_CHECKING:

        def bot_plays(self, seat: int, now: float) -> bool: ...

        def _decide_here(self, seat: int, d: Decision) -> Action: ...

        async def _after(self, window: object | None, actors: list[int]) -> None: ...

    def _hold_now(self) -> float:
        """The hold of a window opening now: the clock's ``window``, at a table with a person
        seated or anyone watching (a table of bots nobody watches plays at full speed)."""
        people = any(s.get("player") is not None for s in self.seats)
        if not people and not any(not c.closed for c in self.conns):
            return 0.0
        return float(self.clock.get("window") or 0)

    def _opened(self, now: float) -> None:
        """After the state changed: note a window that opened, with its hold; with no hold,
        give its pass-only answers at once (which may resolve it, and open the next)."""
        state = self.state
        if state is None:
            return
        while True:
            window = state.window
            if window is None:
                self.window_at, self._window, self.kept = None, None, {}
                return
            if window is self._window:
                return
            hold = self._hold_now()
            if hold <= 0 and state.pass_forced():
                continue
            self.window_at, self._window, self.kept = now, window, {}
            self.window_hold, self.hold_over = hold, hold <= 0
            return

    def hold_end(self) -> float | None:
        """When the open window's hold ends (None: no window, or its hold is over)."""
        if self.window_at is None or self.hold_over:
            return None
        return self.window_at + self.window_hold

    async def end_hold(self) -> None:
        """The hold is over: take the answers given meanwhile, answer every other seat a bot
        plays or that may only pass, store them all as one row, apply them, and push
        (``chieu.server.windows``)."""
        state = self.state
        window = None if state is None else state.window
        assert state is not None and window is not None and self.game_id is not None
        now = time.time()
        batch = list(self.kept.items())
        pending = {d.seat: d for d in state.decisions() if d.seat not in self.kept}
        for seat in window.asked:
            d = pending.get(seat)
            if d is not None and (d.forced or self.bot_plays(seat, now)):
                batch.append((seat, self._late_answer(seat, d)))
        space = self.game.action_space
        row = ActionRow(self.id, self.version, self.game_id, BATCH, batch_data(batch, space))
        await self.store.writer().append(row)
        self.version += 1
        self.kept, self.hold_over = {}, True
        for seat, action in batch:
            state.apply(action, seat)
        await self._after(window, [seat for seat, _ in batch])

    def _late_answer(self, seat: int, d: Decision) -> Action:
        """The answer of a seat the hold's end answers: a pass-only seat's pass; a bot's
        choice, or its pass when its worker has not answered by then (how long a bot thinks
        never keeps a window open)."""
        if d.forced or self.pool is not None:
            return d.default
        return self._decide_here(seat, d)
