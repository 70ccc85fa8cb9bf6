"""The one replayer: a record's actions applied again, with the record's one forced-pass
convention.

A record holds every action a seat chose and never a forced answer (a claim window's lone
pass: ``StateBase._record_answer``), so a replay gives those again exactly where the record
leaves them out: before each recorded action, the forced answers that came before it
(``state.before_recorded(seat)``: :func:`apply_recorded`), and once after the last action the
ones the game went on with (``state.pass_forced()``, when the record's events go past the
replay's). That is the only convention: every record consumer replays through :func:`steps`
(``GameRecord.replay`` and ``verify``, ``chieu.core.commitment.check``, the server's replay
viewer, ``chieu replay``, ``chieu review``), and the server's stored rows through
:func:`apply_recorded` (``chieu.server.windows.replay_row``).

The replayer knows no game: the state knows its game (``state.game.action_space`` reads the
recorded actions). An action that does not read or is not legal stops the replay with a
:class:`ReplayError` (a ``RecordError``: a clear message, which action, by which seat, why).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from chieu.core.errors import ChieuError, RecordError

if TYPE_CHECKING:
    from chieu.core.actions import Action
    from chieu.core.events import Event
    from chieu.core.protocol import State
    from chieu.core.record import GameRecord

#: what a game's code raises on an action it cannot read or play (a tampered record)
ENGINE_ERRORS = (ChieuError, KeyError, TypeError, ValueError, IndexError, StopIteration)

_ACTION = "action"  # the event type of a recorded action (``chieu.core.record.ACTION``)


@dataclass(slots=True)
class Step:
    """One recorded action replayed: its ``number`` among the record's actions (from 1), its
    ``index`` in ``record.events`` (``record.lines[index]`` is its file line), the seat that
    played it, the action, and the replay's state (the live one: the next step changes it).
    Given to ``before`` once the forced answers before it are given, and yielded once the
    action is applied."""

    number: int
    index: int
    seat: int
    action: Action
    state: State


class ReplayError(RecordError):
    """A recorded action the replay cannot read or apply: its ``number`` (from 1), ``index``
    in ``record.events``, ``seat``, the action as recorded (``data``) and ``why`` (``why_vi``
    in Vietnamese, where the game's error has it)."""

    def __init__(
        self, number: int, index: int, seat: int, data: object, why: str, why_vi: str = ""
    ) -> None:
        self.why_vi = why_vi or why
        super().__init__(
            f"action {number} ({data}) by seat {seat}: {why}",
            vi=f"nước {number} ({data}) của ghế {seat}: {self.why_vi}",
        )
        self.number = number
        self.index = index
        self.seat = seat
        self.data = data
        self.why = why


def apply_recorded(state: State, seat: int, action: Action) -> list[Event]:
    """Apply one recorded action of ``seat`` again: the forced answers that came before it
    first (they are never recorded, so a recorded action never answers a forced decision)."""
    state.before_recorded(seat)
    return state.apply(action, seat)


def steps(
    record: GameRecord,
    state: State | None = None,
    *,
    start: int | Step = 0,
    stop: int | None = None,
    before: Callable[[Step], None] | None = None,
    source: str = "record",
) -> Iterator[Step]:
    """Replay ``record``'s actions onto ``state`` (by default ``record.start(source)``: the
    deal), yielding a :class:`Step` after each one. ``start``: how many actions ``state``
    has had already (a checkpoint's), or the last :class:`Step` it had (the record is then
    read on from that step's event, not from the first); ``stop``: replay only the actions
    before this one. ``before(step)`` is called before each action is applied (the state
    ready for it). When every action is replayed (no ``stop``) and the record's events go
    past the replay's, the forced answers the game went on with are given once the generator
    runs out."""
    if state is None:
        state = record.start(source)
    space = state.game.action_space
    events = record.events
    if isinstance(start, Step):
        number, first, start = start.number, start.index + 1, start.number
    else:
        number, first = 0, 0
    for index in range(first, len(events)):
        event = events[index]
        if event.type != _ACTION:
            continue
        number += 1
        if number <= start:
            continue
        if stop is not None and number > stop:
            return
        seat = int(event.actor if event.actor is not None else -1)
        data = event.data.get("action")
        try:
            if data is None:  # as ``dict(None)`` says
                raise TypeError("'NoneType' object is not iterable")
            action = space.from_json(dict(data))
            state.before_recorded(seat)
        except ENGINE_ERRORS as exc:
            raise _error(number, index, seat, data, exc) from None
        step = Step(number, index, seat, action, state)
        if before is not None:
            before(step)  # its own errors are its own: not the record's
        try:
            state.apply(action, seat)
        except ENGINE_ERRORS as exc:
            raise _error(number, index, seat, data, exc) from None
        yield step
    if stop is None and len(state.events) < len(events):
        state.pass_forced()  # the game went on past the last recorded action


def _error(number: int, index: int, seat: int, data: object, exc: Exception) -> ReplayError:
    if isinstance(exc, KeyError):
        why, vi = f"no field {exc}", f"thiếu trường {exc}"
    else:
        why, vi = str(exc), exc.text("vi") if isinstance(exc, ChieuError) else str(exc)
    return ReplayError(number, index, seat, data, why, vi)


def replay(
    record: GameRecord,
    upto: int | None = None,
    *,
    state: State | None = None,
    source: str = "record",
) -> State:
    """The state after the first ``upto`` recorded actions (all by default, and then the
    forced answers the game went on with), from ``state`` (by default the record's deal)."""
    if state is None:
        state = record.start(source)
    for _ in steps(record, state, stop=upto, source=source):
        pass
    return state
