"""Read-only endpoints for the browser: a finished game's replay, step by step, and a
player's own rooms and games (docs/protocol.md).

The browser holds no rules, so the replay viewer asks the server for the View at a step:
the stored ``GameRecord`` (kept once the game is over) is replayed through the core's one
replayer (``chieu.core.replay``), each step shown the way the room showed it (its pass-only
claim answers given), and the states of a few recent games are kept in a small LRU.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Protocol, TypedDict, cast

import sqlalchemy as sa
from fastapi import APIRouter, Request

from chieu.core.errors import ChieuError
from chieu.core.jsonio import JsonObject, JsonValue
from chieu.core.notation import Lang
from chieu.core.record import GameRecord
from chieu.core.replay import Step
from chieu.core.replay import steps as replay_steps
from chieu.core.telling import hints_of
from chieu.server import members
from chieu.server import models as m
from chieu.server.bodies import (
    HintsJson,
    HistoryGame,
    HistoryJson,
    HistoryRoom,
    ReplayJson,
    RoomGamesJson,
)
from chieu.server.limits import PlayerBuckets
from chieu.server.lobby import ApiError, Lobby, may_read_row
from chieu.server.rows import StoredRoom

if TYPE_CHECKING:
    from chieu.core.protocol import State
    from chieu.server.storage import Store

#: how many replayed games keep their checkpoints in memory
CACHE_GAMES = 8
#: a replay keeps the state after every ``CHECKPOINT``-th action; a step is replayed from the
#: nearest one before it (memory stays small even for a 2,000-action Tổ tôm game)
CHECKPOINT = 32
#: seconds between two hint requests of one player
HINT_EVERY = 1.0
REPLAYS = 20.0  # replay requests a second per player (bursts of twice that)
#: the rooms a player's history lists, newest first
HISTORY_ROOMS = 50


class ServerParts(Protocol):
    """What these endpoints use of the application's ``Server``."""

    store: Store
    lobby: Lobby


class _SheetRow(TypedDict, total=False):
    """A row of a stored score sheet (``Sitting.to_json()``), as the history reads it."""

    number: int
    winner: JsonValue
    points: JsonValue
    termination: JsonValue
    totals: JsonValue


class _Sheet(TypedDict, total=False):
    names: JsonValue
    rows: list[_SheetRow]


class Replay:
    """One finished game's record, replayable to any step."""

    def __init__(self, record_text: str) -> None:
        self.record = GameRecord.loads(record_text, "the game's record")
        state = self.record.start()
        #: the state after every ``CHECKPOINT``-th action, and the step it was taken at
        self.checkpoints = [state.clone()]
        self.marks: list[int | Step] = [0]
        self.steps = 0  # how many actions the record holds
        for step in replay_steps(self.record, state):
            self.steps = step.number
            if step.number % CHECKPOINT == 0:
                self.checkpoints.append(state.clone())
                self.marks.append(replace(step, state=self.checkpoints[-1]))

    def state(self, step: int) -> State:
        """The state after the first ``step`` recorded actions (the deal is step 0), as the
        room showed it: the pass-only claim answers given at once."""
        state = self.checkpoints[step // CHECKPOINT].clone()
        for _ in replay_steps(self.record, state, start=self.marks[step // CHECKPOINT], stop=step):
            pass
        state.pass_forced()
        return state


class ReplayCache:
    """game id -> its Replay (a small LRU, safe to use from worker threads)."""

    def __init__(self, size: int = CACHE_GAMES) -> None:
        self.size = size
        self._games: OrderedDict[int, Replay] = OrderedDict()
        self._lock = threading.Lock()

    def replay(self, game_id: int, record_text: str) -> Replay:
        with self._lock:
            hit = self._games.get(game_id)
            if hit is not None:
                self._games.move_to_end(game_id)
                return hit
        made = Replay(record_text)
        with self._lock:
            self._games[game_id] = made
            self._games.move_to_end(game_id)
            while len(self._games) > self.size:
                self._games.popitem(last=False)
        return made


def _int_param(request: Request, name: str) -> int | None:
    raw = request.query_params.get(name)
    if raw is None or raw in ("", "null", "none", "spectator"):
        return None
    try:
        return int(raw)
    except ValueError:
        raise ApiError(400, "bad_message", f"{name!r} must be a whole number") from None


def _room_row(server: ServerParts, room_id: int) -> StoredRoom | None:
    rows = server.store.rooms(room_id)
    return rows[0] if rows else None


def _seat_in(row: StoredRoom | None, pid: int) -> int | None:
    if row is None:
        return None
    for i, s in enumerate(row["seats"]):
        if s.get("player") == pid:
            return i
    return None


def _names(row: StoredRoom | None) -> list[JsonValue] | None:
    sitting = None if row is None else row.get("sitting")
    if not sitting:
        return None
    names = sitting.get("names")
    return list(names) if isinstance(names, list) else None


def router(get_server: Callable[[], ServerParts], who: Callable[[Request], int]) -> APIRouter:
    """The endpoints, on the application's server (``get_server()``: its store and lobby)
    and its token check (``who``: the player id, or 401)."""
    api = APIRouter()
    cache = ReplayCache()

    @api.get("/api/games/{game_id}/replay", response_model=None)
    async def replay(game_id: int, request: Request) -> ReplayJson:
        pid = who(request)
        if not replay_buckets.take(pid):  # each one is a replay's work, in a worker thread
            raise ApiError(429, "too_fast")
        server = get_server()
        stored = server.store.game(game_id)
        if stored is None:
            raise ApiError(404, "not_found", f"game {game_id}")
        row = _room_row(server, stored.room_id)
        if row is not None and not (
            may_read_row(row, pid, request.query_params.get("code"), records=True)
            or members.member(server.store, row["id"], pid, played=True)  # left since
        ):
            raise ApiError(403, "private_room")  # a private room's games: its members'
        if stored.record is None:  # the record endpoint's rule: only once the game is over
            raise ApiError(403, "not_over")
        seat = _int_param(request, "seat")
        asked_step = _int_param(request, "step")
        lang: Lang = "en" if request.query_params.get("lang") == "en" else "vi"
        if "seat" not in request.query_params:
            seat = _seat_in(row, pid)

        record = stored.record

        def build() -> tuple[int, int, int | None, JsonObject]:
            found = cache.replay(game_id, record)
            players = int(found.checkpoints[0].num_players)
            who_sees = seat if seat is not None and 0 <= seat < players else None
            total = found.steps
            step = total if asked_step is None else max(0, min(total, asked_step))
            return total, step, who_sees, found.state(step).view(who_sees, lang).to_json()

        try:  # replaying is work: in a worker thread, the rooms keep playing meanwhile
            total, step, seat, view = await asyncio.to_thread(build)
        except ChieuError as exc:
            raise ApiError(500, "internal", str(exc)[:200]) from None
        return {
            "game_id": game_id,
            "room_id": stored.room_id,
            "number": stored.number,
            "steps": total,
            "step": step,
            "seat": seat,
            "names": _names(row),
            "view": view,
        }

    hint_buckets = PlayerBuckets(1 / HINT_EVERY, 1.0)  # one request a second
    replay_buckets = PlayerBuckets(REPLAYS, 2 * REPLAYS)  # stepping through a game, quickly

    @api.get("/api/rooms/{room_id}/hints", response_model=None)
    async def hints(room_id: int, request: Request) -> HintsJson:
        """The caller's hints in the room's current game (the game's words: waits, què, the
        best discards) and how many of each card he has not seen. Worked out on a copy
        whose hidden cards are dealt again at random, so nothing hidden can show through."""
        pid = who(request)
        room = get_server().lobby.room(room_id)
        if not hint_buckets.take(pid):
            raise ApiError(429, "too_fast", retry_after=HINT_EVERY)
        lang: Lang = "en" if request.query_params.get("lang") == "en" else "vi"
        async with room.lock:
            seat = room.seat_of(pid)
            if seat is None:
                raise ApiError(403, "not_your_seat")
            if room.state is None or room.status != "playing":
                raise ApiError(409, "not_playing")
            at = room.table_seat(seat)  # the person's seat at this deal's table
            if at is None:
                raise ApiError(409, "sitting_out")
            seat = at
            world = room.state.resample_hidden(seat, secrets.randbits(63))
            version = room.shown
        notation = room.game.notation
        advice = hints_of(room.game)

        def work() -> HintsJson:
            counts = [sum(z) for z in zip(*world.hidden_from(seat).values(), strict=True)]
            return {
                "version": version,
                "seat": seat,
                "hints": [] if advice is None else advice(world, seat, lang),
                "unseen": {notation.card(k): n for k, n in enumerate(counts) if n},
            }

        return await asyncio.to_thread(work)

    @api.get("/api/rooms/{room_id}/games", response_model=None)
    async def room_games(room_id: int, request: Request) -> RoomGamesJson:
        pid = who(request)
        row = _room_row(get_server(), room_id)
        code = request.query_params.get("code")
        if row is not None and not (
            may_read_row(row, pid, code) or members.member(get_server().store, room_id, pid)
        ):
            raise ApiError(403, "private_room")
        return {"room_id": room_id, "games": get_server().store.room_games(room_id)}

    @api.get("/api/me/history", response_model=None)
    async def history(request: Request) -> HistoryJson:
        pid = who(request)
        server = get_server()
        return {"rooms": player_history(server, pid)}

    return api


def player_history(server: ServerParts, pid: int) -> list[HistoryRoom]:
    """The rooms ``pid`` played in (newest first), those he left since too (issue 30: the
    ``room_members`` table keeps them), with their games: number, id, whether over, the
    winner and the points from the score sheet."""
    store = server.store
    played = members.seats_of(store, pid, played=True, limit=HISTORY_ROOMS)
    pattern_a = f'%"player":{pid},%'
    pattern_b = f'%"player":{pid}}}%'
    seated = sa.or_(m.rooms.c.seats.like(pattern_a), m.rooms.c.seats.like(pattern_b))
    q = (
        sa.select(m.rooms)
        .where(sa.or_(seated, m.rooms.c.id.in_(list(played))))
        .order_by(m.rooms.c.created.desc(), m.rooms.c.id.desc())
        .limit(HISTORY_ROOMS * 2)
    )
    with store.engine.connect() as conn:
        rows = [dict(r._mapping) for r in conn.execute(q)]
    rooms: list[HistoryRoom] = []
    sheets: dict[int, dict[int, _SheetRow]] = {}  # room id -> game number -> sheet row
    for row in rows:
        seats = json.loads(row["seats"])
        seat = next((i for i, s in enumerate(seats) if s.get("player") == pid), None)
        if seat is None:
            seat = played.get(row["id"])  # he left: his last seat
        if seat is None:
            continue
        stored = json.loads(row["sitting"]) if row["sitting"] else None  # "null": waiting
        sitting = cast(_Sheet, stored if isinstance(stored, dict) else {})
        sheet_rows = sitting.get("rows") or []
        sheets[row["id"]] = {int(r.get("number", 0)): r for r in sheet_rows}
        rooms.append(
            {
                "id": row["id"],
                "code": row["code"],
                "game": row["game"],
                "status": row["status"],
                "private": bool(row["private"]),
                "created": row["created"],
                "seat": seat,
                "names": sitting.get("names"),
                "totals": sheet_rows[-1].get("totals") if sheet_rows else None,
                "games": [],
            }
        )
        if len(rooms) >= HISTORY_ROOMS:
            break
    if not rooms:
        return rooms
    by_id = {r["id"]: r for r in rooms}
    q2 = (
        sa.select(
            m.games.c.id,
            m.games.c.room_id,
            m.games.c.number,
            m.games.c.created,
            m.games.c.record.is_not(None).label("over"),
        )
        .where(m.games.c.room_id.in_(list(by_id)))
        .order_by(m.games.c.room_id, m.games.c.number)
    )
    with store.engine.connect() as conn:
        games = [dict(r._mapping) for r in conn.execute(q2)]
    for g in games:
        sheet_row: _SheetRow = sheets[g["room_id"]].get(int(g["number"])) or {}
        game: HistoryGame = {
            "id": g["id"],
            "number": g["number"],
            "created": g["created"],
            "over": bool(g["over"]),
            "winner": sheet_row.get("winner"),
            "points": sheet_row.get("points"),
            "termination": sheet_row.get("termination"),
        }
        by_id[g["room_id"]]["games"].append(game)
    return rooms
