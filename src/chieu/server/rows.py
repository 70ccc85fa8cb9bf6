"""What the store reads and writes, as values: a player's and a room's rows, an accepted
action, a game's start and end, a stored game; the conflict a room's conditional write reports;
the check of a client's id."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeAlias, TypedDict

from chieu.core.jsonio import JsonObject
from chieu.server.wire import RoomStatus

#: a row of ``pgsql``'s statements, as the driver's cursor returns it: ids, and the text of a
#: notification
DriverRow: TypeAlias = tuple[int | str, ...]


class PlayerRow(TypedDict):
    """A row of ``players`` (``Store.player``, ``Store.account``)."""

    id: int
    name: str
    account: str | None
    password: str | None
    created: float
    skeleton: str | None


class SeatRow(TypedDict):
    """One seat of a room's ``seats`` column: its player's id, or the bot that plays it."""

    player: int | None
    bot: str | None


class RoomFields(TypedDict):
    """A new room's row (``Store.create_room``), its JSON columns decoded."""

    code: str
    game: str
    rules: JsonObject
    host: int
    private: bool
    status: RoomStatus
    clock: dict[str, float | None]
    seats: list[SeatRow]
    sitting: JsonObject | None  # ``Sitting.to_json()``
    version: int
    game_id: int | None
    level: str  # the bots' level of the empty seats (``chieu.bots.levels``)


class RoomRow(RoomFields):
    """A room's row as a ``Room`` is made from it (its JSON columns decoded)."""

    id: int


class StoredRoom(RoomRow):
    """A room's row as ``Store.rooms`` reads it."""

    created: float


class RoomChange(TypedDict, total=False):
    """The columns of a room's row a write changes (``Store.update_room``)."""

    status: RoomStatus
    host: int
    seats: list[SeatRow]
    sitting: JsonObject
    game_id: int


class RoomGameJson(TypedDict):
    """One of a room's games (``Store.room_games``)."""

    id: int
    number: int
    over: bool


class ConflictError(Exception):
    """The room's version moved under us (another writer): nothing was written."""


@dataclass(frozen=True, slots=True)
class ActionRow:
    """One accepted action: it takes room ``room_id`` from ``version`` to ``version + 1``."""

    room_id: int
    version: int
    game_id: int
    seat: int
    action: dict[str, object]  # the action's JSON, or a window's answers (``windows.BATCH``)


@dataclass(frozen=True, slots=True)
class GameStart:
    """A game starts: game ``number`` of the room's sitting, its deal's ``seed`` and
    ``setup``; the room goes from ``version - 1`` to ``version`` and its row takes ``room``
    (its new ``status``, ``seats`` and ``sitting``). ``nonce`` and ``commitment``: the deal's
    secret nonce and the commitment to it pushed to the table (``chieu.core.commitment``)."""

    room_id: int
    number: int
    seed: int
    setup: JsonObject
    version: int
    room: RoomChange
    nonce: str | None = None
    commitment: str | None = None


@dataclass(frozen=True, slots=True)
class GameEnd:
    """A game ends: its ``record``, and the room's row takes ``room`` (its new ``status``
    and ``sitting``)."""

    game_id: int
    record: str
    room_id: int
    room: RoomChange


@dataclass
class StoredGame:
    id: int
    room_id: int
    number: int
    seed: int
    setup: JsonObject
    first_version: int
    record: str | None
    nonce: str | None = None
    commitment: str | None = None


def started_id(rows: Sequence[DriverRow], start: GameStart) -> int:
    """The new game's id ``pgsql.START_GAME`` returned; ConflictError if it wrote nothing."""
    if not rows:
        raise ConflictError(f"room {start.room_id} is not at version {start.version - 1}")
    return int(rows[0][0])


def stored_flags(rows: Sequence[ActionRow], moved: Sequence[DriverRow]) -> list[bool]:
    """For each row, whether ``pgsql.APPEND_ALL`` stored it (``moved``: the rooms it returned)."""
    done = {int(row[0]) for row in moved}
    return [r.room_id in done for r in rows]


def is_id(value: int) -> bool:
    """Whether ``value`` can be a row's id: a path's number from a client may be any size,
    and no database takes one past 64 bits (nothing is found under it, rather than an
    overflow deep in the driver)."""
    return 0 < value < 1 << 63


#: a room's or a game's id is drawn at random from [ID_LOW, ID_HIGH): unguessable (room 47's
#: neighbour is not room 48), and below 2^53, so that a JavaScript number holds it exactly
ID_LOW = 1 << 32
ID_HIGH = 1 << 53


def new_id() -> int:
    """A fresh random id for a room or a game (the store retries the rare collision)."""
    return ID_LOW + secrets.randbelow(ID_HIGH - ID_LOW)
