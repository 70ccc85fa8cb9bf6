"""The HTTP API's JSON answers (docs/protocol.md): what the endpoints of ``chieu.server.app``
and ``chieu.server.replay`` return, one TypedDict each. (The endpoints declare no response
model: FastAPI sends these dicts as they are.)"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from chieu.core.details import DetailJson
from chieu.core.jsonio import JsonObject, JsonValue
from chieu.core.options import PresetJson
from chieu.server.messages import Words
from chieu.server.rows import RoomGameJson
from chieu.server.wire import PlayerJson, RoomJson


class ErrorBody(TypedDict):
    """An error answer's ``error``."""

    code: str
    message: Words
    retry_after: NotRequired[int]


class SessionJson(TypedDict):
    """A new session (a guest, an account, a login): its token."""

    token: str
    player: PlayerJson | None
    expires: float


class MeJson(TypedDict):
    player: PlayerJson | None
    expires: float


class RevokedJson(TypedDict):
    revoked: int


class GameJson(TypedDict):
    """One game of the lobby's menu (``GET /api/games``)."""

    name: str
    title: str
    info: JsonObject
    presets: list[str]
    #: each preset's label and one line of help, in both languages (the game's option_words)
    preset_words: dict[str, PresetJson]
    options: list[JsonObject]
    bots: list[str]
    #: the levels a person chooses, in words, with the bot behind each and its rating
    levels: list[dict[str, object]]
    #: each key of its views' ``extra`` in words (the game's detail_words)
    details: dict[str, DetailJson]


class GamesJson(TypedDict):
    games: list[GameJson]


class RoomAnswer(TypedDict):
    room: RoomJson


class SeatedAnswer(TypedDict):
    room: RoomJson
    seat: int


class RoomsPage(TypedDict):
    rooms: list[RoomJson]
    next: str | None


class LiveHistory(TypedDict):
    """A game in progress's history, as the asking seat saw it (``GET .../record``)."""

    game_id: int
    seat: int
    game: str
    events: list[JsonObject]


class ReplayJson(TypedDict):
    """A finished game's view at one step (``GET /api/games/{id}/replay``)."""

    game_id: int
    room_id: int
    number: int
    steps: int
    step: int
    seat: int | None
    names: list[JsonValue] | None  # the score sheet's
    view: JsonObject


class HintsJson(TypedDict):
    version: int
    seat: int
    hints: list[str]
    unseen: dict[str, int]


class RoomGamesJson(TypedDict):
    room_id: int
    games: list[RoomGameJson]


class HistoryGame(TypedDict):
    """One game of a room of a player's history, with its score sheet's row."""

    id: int
    number: int
    created: float
    over: bool
    winner: JsonValue
    points: JsonValue
    termination: JsonValue


class HistoryRoom(TypedDict):
    """One room of a player's history (``GET /api/me/history``)."""

    id: int
    code: str
    game: str
    status: str
    private: bool
    created: float
    seat: int
    names: JsonValue
    totals: JsonValue
    games: list[HistoryGame]


class HistoryJson(TypedDict):
    rooms: list[HistoryRoom]
