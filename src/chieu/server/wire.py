"""The WebSocket's messages, both ways, defined once (docs/protocol.md; their JSON Schema is
``chieu/server/messages.schema.json``, tested against these types and a real server).

Server to client: ``view``, ``events``, ``error``, ``pong``, each built here and nowhere else
(the builders return the message's JSON text). Client to server: ``auth`` (the first message
only), ``act``, ``hello``, ``next``, ``ping``, each read here (:func:`read_client`) against its
TypedDict: a message that breaks its shape is refused with the documented error code."""

from __future__ import annotations

import json
import types
import typing
from collections.abc import Callable
from typing import Literal, NamedTuple, NotRequired, TypeAlias, TypedDict

import orjson

from chieu.core.jsonio import JsonObject
from chieu.server.messages import Words, words

#: a room's status (``rooms.status``)
RoomStatus: TypeAlias = Literal["waiting", "playing", "between", "finished"]

# -- server to client -----------------------------------------------------------------------


class PlayerJson(TypedDict):
    id: int
    name: str
    guest: bool


class SeatJson(TypedDict):
    seat: int
    player: PlayerJson | None
    bot: str | None
    away: bool
    connected: bool


class BenchJson(TypedDict):
    """A hội of more people than seats (``chieu.server.seating``): who sits out ``deal`` (the
    game being played, else the next one), as room seats (people), and when they come in, in
    words (None: the game does not say)."""

    deal: int
    seats: list[int]
    when: Words | None


class RoomJson(TypedDict):
    """``Room.to_json()``: the room as every message and the HTTP API show it."""

    id: int
    code: str | None
    game: str
    title: str
    rules: JsonObject
    players: int
    private: bool
    host: int
    status: RoomStatus
    clock: dict[str, float | None]
    seats: list[SeatJson]
    game_number: int
    game_id: int | None
    version: int
    totals: list[float]  # per person of the hội (one a room seat)
    #: the person (an index into ``seats``) at each seat of the deal on the table; None:
    #: person ``s`` at seat ``s`` (every game but a hội of more people than seats)
    seating: list[int] | None
    bench: BenchJson | None  # who sits out (None: nobody ever does)
    #: between two games: the seats whose person is ready for the next (else empty), and
    #: when the pause ends (seconds since the epoch; null unless between)
    ready: list[int]
    next_at: float | None
    level: str  # the level of the bots that fill the empty seats (issue 31)


class ViewMessage(TypedDict):
    type: Literal["view"]
    version: int
    seat: int | None
    game_id: int | None
    first_version: int | None
    deadline: float | None
    commitment: str | None
    room: RoomJson
    view: JsonObject | None  # a View's JSON (``chieu/core/view.schema.json``)


class EventsMessage(TypedDict):
    type: Literal["events"]
    since: int
    version: int
    events: list[JsonObject]  # Event JSON (``chieu.core.events.Event.to_json``)


class ErrorMessage(TypedDict):
    type: Literal["error"]
    code: str
    message: Words


class PongMessage(TypedDict):
    type: Literal["pong"]


ServerMessage = ViewMessage | EventsMessage | ErrorMessage | PongMessage


def view_message(
    version: int,
    seat: int | None,
    game_id: int | None,
    first_version: int | None,
    deadline: float | None,
    commitment: str | None,
    room: str,
    view: str,
) -> str:
    """A ``view`` message's text: ``room`` and ``view`` are their JSON texts, already encoded
    (a broadcast encodes the room once for every client, a claim window keeps each seat's view
    text), embedded as they are: the text of ``orjson.dumps`` of the message with ``room`` and
    ``view`` as ``orjson.Fragment`` (tests/server/test_wire.py), spliced as text because
    that is 6 times faster for a 4 KB message (decoding the whole message's UTF-8 again costs
    more than building the view)."""
    head: dict[str, str | int | float | None] = {
        "type": "view",
        "version": version,
        "seat": seat,
        "game_id": game_id,
        "first_version": first_version,
        "deadline": deadline,
        "commitment": commitment,
    }
    return f'{orjson.dumps(head).decode()[:-1]},"room":{room},"view":{view}}}'


def events_message(since: int, version: int, events: list[JsonObject]) -> str:
    msg: EventsMessage = {"type": "events", "since": since, "version": version, "events": events}
    return json.dumps(msg, ensure_ascii=False)


def error(code: str, detail: str | None = None) -> ErrorMessage:
    """An ``error`` message (``code``: one of ``chieu.server.messages.WORDS``)."""
    said = words(code, detail)
    return {"type": "error", "code": code, "message": {"vi": said["vi"], "en": said["en"]}}


def error_message(code: str, detail: str | None = None) -> str:
    return json.dumps(error(code, detail), ensure_ascii=False)


_PONG: PongMessage = {"type": "pong"}
PONG = orjson.dumps(_PONG).decode()


# -- client to server -----------------------------------------------------------------------


class AuthMessage(TypedDict):
    type: Literal["auth"]
    token: str
    code: NotRequired[str | None]  # a private room's code, for a spectator


class ActMessage(TypedDict):
    type: Literal["act"]
    version: int
    action: int


class HelloMessage(TypedDict):
    type: Literal["hello"]
    version: NotRequired[int | None]


class NextMessage(TypedDict):
    type: Literal["next"]


class PingMessage(TypedDict):
    type: Literal["ping"]


ClientMessage = AuthMessage | ActMessage | HelloMessage | NextMessage | PingMessage

#: the error code of a field of the wrong type or missing, where it is not ``bad_message``:
#: an ``act`` whose version is not the current one is ``stale``, whose action is no legal
#: action id ``illegal``, whatever the reason
FIELD_CODES: dict[tuple[str, str], str] = {
    ("act", "version"): "stale",
    ("act", "action"): "illegal",
}


class Refusal(NamedTuple):
    """A client message refused: its error's code and detail, and the field at fault."""

    code: str
    detail: str | None = None
    field: str | None = None


_Check = Callable[[object], bool]


def _check(hint: object) -> tuple[_Check, str]:
    """A test of a value against a field's type, and the type's words."""
    if hint is int:
        return lambda v: isinstance(v, int) and not isinstance(v, bool), "an integer"
    if hint is str:
        return lambda v: isinstance(v, str), "text"
    if hint is type(None):
        return lambda v: v is None, "null"
    if typing.get_origin(hint) is Literal:
        allowed = typing.get_args(hint)
        return lambda v: isinstance(v, str) and v in allowed, " or ".join(map(repr, allowed))
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        parts = [_check(h) for h in typing.get_args(hint)]
        return lambda v: any(c(v) for c, _ in parts), " or ".join(w for _, w in parts)
    raise TypeError(f"no check for {hint!r}")


def _fields(td: type) -> list[tuple[str, bool, _Check, str]]:
    """A client message's fields but its type: (name, required, test, words). (Not from
    ``__required_keys__``: under ``from __future__ import annotations`` Python 3.11 counts a
    ``NotRequired`` field as required there.)"""
    out = []
    for name, hint in typing.get_type_hints(td, include_extras=True).items():
        required = typing.get_origin(hint) is not NotRequired
        if not required:
            (hint,) = typing.get_args(hint)
        if name != "type":
            out.append((name, required, *_check(hint)))
    return out


#: each client message type's fields, from its TypedDict
CLIENT: dict[str, list[tuple[str, bool, _Check, str]]] = {
    typing.get_args(typing.get_type_hints(td)["type"])[0]: _fields(td)
    for td in (AuthMessage, ActMessage, HelloMessage, NextMessage, PingMessage)
}
#: the types a room's socket takes after its first message (``auth`` only comes first)
IN_ROOM = frozenset(CLIENT) - {"auth"}


def read_client(data: object, kinds: frozenset[str] = IN_ROOM) -> ClientMessage | Refusal:
    """The client message ``data`` (parsed JSON) if it has the shape of its type (other fields
    are ignored), else why not: ``bad_message`` (not an object with a text ``type``, a field
    missing or of the wrong type), ``unknown_type`` (a type not in ``kinds``), or the field's
    own code (``FIELD_CODES``)."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        return Refusal("bad_message", "an object with a 'type'")
    kind = data["type"]
    if kind not in kinds:
        return Refusal("unknown_type", repr(kind[:40]))
    for name, required, test, what in CLIENT[kind]:
        if not (test(data[name]) if name in data else not required):
            code = FIELD_CODES.get((kind, name))
            if code is not None:
                return Refusal(code, None, name)
            return Refusal("bad_message", f"'{name}' must be {what}", name)
    return typing.cast(ClientMessage, data)
