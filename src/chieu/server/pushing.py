"""What a room pushes to its clients: the ``view`` message of each seat and language, kept
as text while a claim window's answers change nobody else's view; a push to everyone or to
the seats that answered; the events a reconnecting client missed; an error to one client.

``Pushing`` is a part of :class:`chieu.server.room.Room` (the attributes and methods it uses
are the room's)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeAlias

import orjson

from chieu.core.actions import Action
from chieu.core.events import seat_history
from chieu.core.jsonio import JsonObject
from chieu.server import wire

if TYPE_CHECKING:
    from chieu.core.protocol import State

OUTBOX = 256  # messages waiting for one client before it is dropped

#: a seat's view text kept during a claim window: the state, the window, the state's changes
#: before the window's answers, whether the seat answered, its deadline, and the text
ViewText: TypeAlias = tuple["State", object, int, bool, float | None, str]


def _dumps(value: object) -> str:
    """Compact JSON text of a pushed message: orjson, the same text as ``json.dumps`` with
    ``ensure_ascii=False`` and no spaces for what a view holds, several times faster (the
    views of every seat after every action were a quarter of a loaded server's time)."""
    try:
        return orjson.dumps(value).decode()
    except TypeError:  # a key that is not a string (the slower option turns it into one)
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


@dataclass(eq=False)
class Conn:
    """One WebSocket client of a room (a seat's player, or a spectator)."""

    player: int
    seat: int | None
    lang: str
    outbox: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(OUTBOX))
    closed: bool = False

    def send(self, text: str) -> None:
        if self.closed:
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:  # a client that does not read: drop it
            self.close()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            with contextlib.suppress(asyncio.QueueFull):
                self.outbox.put_nowait(None)


class Pushing:
    """The room's pushes (see the module's docstring)."""

    state: State | None
    shown: int
    game_id: int | None
    first_version: int
    commitment: str | None
    kept: dict[int, Action]
    marks: dict[int, int]
    conns: set[Conn]
    _texts: dict[tuple[int | None, str], ViewText]

    if TYPE_CHECKING:

        def deadline(self, seat: int | None) -> float | None: ...

        def to_json(self) -> wire.RoomJson: ...

        def seat_of(self, player: int) -> int | None: ...

        def table_seat(self, person: int | None) -> int | None: ...

    def view_message(self, seat: int | None, lang: str, room: wire.RoomJson | str) -> str:
        """The ``view`` message for the person at room seat ``seat`` (``room``: the room's
        JSON, or its text already encoded, which a broadcast encodes once for every client):
        the view of their table seat, a spectator's while they sit out the deal."""
        at = self.table_seat(seat)
        return wire.view_message(
            self.shown,
            seat,
            self.game_id,
            self.first_version if self.state is not None else None,
            self.deadline(at),
            self.commitment if self.state is not None else None,
            room if isinstance(room, str) else _dumps(room),
            self._view_text(at, lang),
        )

    def _view_text(self, seat: int | None, lang: str) -> str:
        """The JSON text of the seat's view (with its decisions' deadline). An answer in a
        claim window is private: until the window resolves, nobody's view but the answering
        seat's changes (``chieu.core.state``), so a seat's text is kept while the same window
        of the same state is open with the same answers of others given, its own answer
        still to give or given, and the same deadline; a window's answers can be most of a
        game's actions."""
        state = self.state
        if state is None:
            return "null"
        window = state.window
        deadline = self.deadline(seat)
        given = seat is not None and seat in self.kept
        if window is not None:
            answered = seat is not None and (seat in window.answers or given)
            mark = state.changes - len(window.answers)
            kept = self._texts.get((seat, lang))
            if (
                kept is not None
                and kept[0] is state
                and kept[1] is window
                and kept[2:5] == (mark, answered, deadline)
            ):
                return kept[5]
        view = state.view(seat, lang).to_json()
        if given:  # answered before the hold's end: nothing more to decide in this window
            view["decisions"] = []
        for d in view.get("decisions", ()):
            d["deadline"] = deadline
        text = _dumps(view)
        if window is not None:
            self._texts[seat, lang] = (state, window, mark, answered, deadline, text)
        return text

    def broadcast(self) -> None:
        room = _dumps(self.to_json())
        cache: dict[tuple[int | None, str], str] = {}
        for c in list(self.conns):
            c.seat = self.seat_of(c.player)
            key = (c.seat, c.lang)
            if key not in cache:
                cache[key] = self.view_message(c.seat, c.lang, room)
            c.send(cache[key])

    def push(self, seats: Collection[int]) -> None:
        """Push the views of the table seats ``seats`` only (their own answers changed nothing
        else)."""
        room: str | None = None
        for c in list(self.conns):
            if c.seat is not None and self.table_seat(c.seat) in seats:
                room = room or _dumps(self.to_json())
                c.send(self.view_message(c.seat, c.lang, room))

    def events_since(self, seat: int | None, since: int) -> list[JsonObject] | None:
        """The redacted history entries after version ``since`` in this game of the person at
        room seat ``seat`` (a spectator's while they sit out)."""
        if self.state is None or since not in self.marks:
            return None
        start = self.marks[since]
        at = self.table_seat(seat)
        return [e.to_json() for e in seat_history(self.state.events[start:], at)]

    def error(self, conn: Conn, code: str, detail: str | None = None) -> None:
        conn.send(wire.error_message(code, detail))
