"""What the store reads and writes, as values: an accepted action, a game's start and end, a
stored game; the conflict a room's conditional write reports; the check of a client's id."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


class ConflictError(Exception):
    """The room's version moved under us (another writer): nothing was written."""


@dataclass(frozen=True, slots=True)
class ActionRow:
    """One accepted action: it takes room ``room_id`` from ``version`` to ``version + 1``."""

    room_id: int
    version: int
    game_id: int
    seat: int
    action: dict[str, Any]


@dataclass(frozen=True, slots=True)
class GameStart:
    """A game starts: game ``number`` of the room's sitting, its deal's ``seed`` and
    ``setup``; the room goes from ``version - 1`` to ``version`` and its row takes ``room``
    (its new ``status``, ``seats`` and ``sitting``). ``nonce`` and ``commitment``: the deal's
    secret nonce and the commitment to it pushed to the table (``chieu.core.commitment``)."""

    room_id: int
    number: int
    seed: int
    setup: dict[str, Any]
    version: int
    room: dict[str, Any]
    nonce: str | None = None
    commitment: str | None = None


@dataclass(frozen=True, slots=True)
class GameEnd:
    """A game ends: its ``record``, and the room's row takes ``room`` (its new ``status``
    and ``sitting``)."""

    game_id: int
    record: str
    room_id: int
    room: dict[str, Any]


@dataclass
class StoredGame:
    id: int
    room_id: int
    number: int
    seed: int
    setup: dict[str, Any]
    first_version: int
    record: str | None
    nonce: str | None = None
    commitment: str | None = None


def started_id(rows: Sequence[Any], start: GameStart) -> int:
    """The new game's id ``pgsql.START_GAME`` returned; ConflictError if it wrote nothing."""
    if not rows:
        raise ConflictError(f"room {start.room_id} is not at version {start.version - 1}")
    return int(rows[0][0])


def stored_flags(rows: Sequence[ActionRow], moved: Sequence[Any]) -> list[bool]:
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
