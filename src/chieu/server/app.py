"""The FastAPI application: the REST endpoints and the WebSocket (docs/protocol.md)."""

from __future__ import annotations

import asyncio
import copy
import csv
import io
import logging
import math
import os
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from functools import cache
from pathlib import Path
from typing import TypeVar, TypeVarTuple

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse, Response

from chieu.bots.registry import bot_names, level_bots
from chieu.core.details import detail_words_of
from chieu.core.events import seat_history
from chieu.core.jsonio import JsonInputError, JsonObject, Limits, read_json
from chieu.core.options import OptionWords, RuleOption, option_words_of
from chieu.core.registry import game_names
from chieu.core.table import load_game
from chieu.server import auth, guard, members, names, seatqr, tables
from chieu.server.bodies import (
    ErrorBody,
    GameJson,
    GamesJson,
    LiveHistory,
    MeJson,
    RevokedJson,
    RoomAnswer,
    RoomsPage,
    SeatedAnswer,
    SessionJson,
)
from chieu.server.botpool import BotPool
from chieu.server.headers import SecurityHeaders
from chieu.server.limits import CreationLimits
from chieu.server.lobby import MAX_PAGE, PAGE, ApiError, Lobby, may_read_row
from chieu.server.messages import words
from chieu.server.names import lookalike_key
from chieu.server.reviewpool import ReviewPool
from chieu.server.room import Room
from chieu.server.sessions import Session, Sessions
from chieu.server.storage import Store, sqlite_url
from chieu.server.ws import Gate, serve_socket
from chieu.web import mount as mount_web

T = TypeVar("T")
Ts = TypeVarTuple("Ts")

log = logging.getLogger("chieu.server")

BODY_LIMITS = Limits(max_bytes=16 * 1024, max_depth=8, max_int_digits=12)


def data_dir() -> Path:
    return Path(os.environ.get("CHIEU_DATA_DIR") or "chieu-data").resolve()


def database_url(given: str | None = None) -> str:
    """``given``, else ``CHIEU_DATABASE_URL``, else the SQLite file in the data directory."""
    url = given or os.environ.get("CHIEU_DATABASE_URL")
    if url:
        return url
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return sqlite_url(folder / "chieu.sqlite3")


class Server:
    """What the endpoints share: the store, the token signer and the lobby."""

    def __init__(self, url: str, ws_rate: float | None = None) -> None:
        self.store = Store(url)
        self.store.migrate()
        self.sessions = Sessions(self.store, self.store.secret())
        self.gate = Gate()  # the server's sockets, signed in and waiting (ws.py)
        #: failed logins: per account name, and per client address (with the sign-ups and
        #: guests refused because their name is taken: asking which names exist is slowed too)
        self.failed_names = guard.Backoff(free=5)
        self.failed_clients = guard.Backoff(free=20)
        self.lobby = Lobby(self.store)
        self.lobby.pool = BotPool()  # its workers start at the first bot decision
        self.reviews = ReviewPool()  # the coach's (issue 29): its workers start at the first
        self.lobby.cluster = self.store.postgres
        rate = ws_rate or float(os.environ.get("CHIEU_WS_RATE") or 0) or None
        if rate:
            self.lobby.ws_rate = rate
        self.lobby.load()
        self.passwords = auth.PasswordWork()
        self.ready = False


def _err(
    status: int, code: str, detail: str | None = None, retry_after: float | None = None
) -> JSONResponse:
    headers = None if retry_after is None else {"Retry-After": str(max(1, math.ceil(retry_after)))}
    body: ErrorBody = {"code": code, "message": words(code, detail)}
    if retry_after is not None:
        body["retry_after"] = max(1, math.ceil(retry_after))
    return JSONResponse({"error": body}, status, headers=headers)


async def _body(request: Request) -> JsonObject:
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > BODY_LIMITS.max_bytes:
            raise ApiError(413, "too_big", f"{BODY_LIMITS.max_bytes} bytes")
    if not data.strip():
        return {}
    try:
        value = read_json(data, BODY_LIMITS, "the body")
    except JsonInputError as exc:
        raise ApiError(400, "bad_json", str(exc)) from None
    if not isinstance(value, dict):
        raise ApiError(400, "bad_message", "the body must be a JSON object")
    body: JsonObject = value  # parsed JSON: its values are JSON
    return body


def games_json() -> list[GameJson]:
    """The lobby's menu of games (``GET /api/games``): built once, a fresh copy each time."""
    return copy.deepcopy(_games_menu())


@cache
def _games_menu() -> list[GameJson]:
    out: list[GameJson] = []
    games = [load_game(name) for name in game_names()]
    for game in sorted(games, key=lambda g: (g.kit.order, g.name)):  # the lobby's order
        said = option_words_of(game)
        details = detail_words_of(game)
        out.append(
            {
                "name": game.name,
                "title": game.title,
                "info": game.info.to_json(),
                "presets": list(game.presets()),
                "preset_words": {
                    p: said.preset_json(p) for p in game.presets() if said and p in said.presets
                },
                "options": [_option(o, said) for o in game.options()],
                "bots": bot_names(game.name),
                "levels": level_bots(game.name),
                "details": details.to_json() if details else {},
            }
        )
    return out


def _option(option: RuleOption, said: OptionWords | None) -> JsonObject:
    """An option for the lobby's form: its id, type, default and choices, and (from the game's
    ``option_words``) its label, one line of help and its values' words in both languages."""
    data = option.to_json()
    if said is None or option.name not in said.options:
        return data
    w = said.option_json(option.name, option.choices)
    data["label"] = {"vi": w["label"]["vi"], "en": w["label"]["en"]}
    data["help"] = {"vi": w["help"]["vi"], "en": w["help"]["en"]}
    data["values"] = {k: {"vi": v["vi"], "en": v["en"]} for k, v in w["values"].items()}
    return data


def create_app(
    url: str | None = None, ws_rate: float | None = None, limits: CreationLimits | None = None
) -> FastAPI:
    """The application on the database ``url`` (``database_url``'s choice by default);
    ``ws_rate``: messages a second each client may send (default 10, or $CHIEU_WS_RATE);
    ``limits``: how many guests and rooms may be made (default: ``CreationLimits.from_env``)."""
    url = database_url(url)
    holder: dict[str, Server] = {}

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        began = time.perf_counter()
        server = Server(url, ws_rate)  # migrates, then rebuilds every live room
        if limits is not None:
            server.lobby.set_limits(limits)
        holder["s"] = server
        cluster = None
        if server.store.postgres:  # several processes may share it: leases and NOTIFY
            from chieu.server.cluster import Cluster

            cluster = Cluster(server.lobby, server.store)
            cluster.beat()
            cluster.start()
        for room in server.lobby.rooms.values():
            room.ensure_running()
        sweeper = asyncio.get_running_loop().create_task(server.lobby.sweeper())
        server.ready = True
        live = sum(r.status != "finished" for r in server.lobby.rooms.values())
        took = time.perf_counter() - began
        print(f"chieu serve: {live} rooms resumed in {took:.2f} s", flush=True)
        yield
        sweeper.cancel()
        if cluster is not None:
            await cluster.stop()
        await server.lobby.close()
        if server.lobby.pool is not None:
            await server.lobby.pool.close()
        await server.reviews.close()
        await server.store.aclose()
        server.store.close()
        server.passwords.pool.shutdown(wait=False)

    app = FastAPI(title="chieu", description="Bài lá Việt Nam trực tuyến", lifespan=lifespan)
    app.add_middleware(SecurityHeaders)  # CSP, no framing, no sniffing (issue 26)

    def srv() -> Server:
        return holder["s"]

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        return _err(exc.status, exc.code, exc.detail, exc.retry_after)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        where = ", ".join(".".join(str(p) for p in e.get("loc", ())) for e in exc.errors())
        return _err(400, "bad_message", where[:200] or None)

    @app.exception_handler(Exception)
    async def failure(request: Request, exc: Exception) -> JSONResponse:
        log.exception("%s %s failed", request.method, request.url.path)
        return _err(500, "internal")

    def who_session(request: Request) -> Session:
        """The live session of the request's ``Authorization: Bearer`` token, or 401."""
        header = request.headers.get("authorization", "")
        scheme, _, token = header.partition(" ")
        sess = srv().sessions.check(token.strip()) if scheme.lower() == "bearer" else None
        if sess is None or srv().lobby.player(sess.player) is None:
            raise ApiError(401, "unauthorized")
        return sess

    def who(request: Request) -> int:
        return who_session(request).player

    def client_of(request: Request) -> str:
        # the peer's own address: X-Forwarded-For is uvicorn's business, and only when the
        # operator names the proxies it may trust (chieu serve --forwarded-allow-ips)
        return request.client.host if request.client else ""

    def backoff(*waits: float) -> None:
        wait = max(waits)
        if wait > 0:
            raise ApiError(429, "too_many_attempts", retry_after=wait)

    async def passwords(request: Request, fn: Callable[[*Ts], T], *args: *Ts) -> T:
        """``fn(*args)``: hashing or checking a password, off the loop (``PasswordWork``)."""
        try:
            return await srv().passwords.run(client_of(request), fn, *args)
        except auth.Busy:
            raise ApiError(429, "busy") from None

    def session(pid: int) -> SessionJson:
        token, sess = srv().sessions.start(pid)
        return {"token": token, "player": srv().lobby.player(pid), "expires": sess.expires}

    def name_of(body: JsonObject) -> str:
        raw = body.get("name")
        if not isinstance(raw, str) or len(raw) > 400:
            raise ApiError(400, "bad_name", "'name' must be 1 to 40 characters")
        try:
            return names.clean_name(raw)
        except names.BadName as exc:
            raise ApiError(400, "bad_name", str(exc)) from None

    def name_taken(request: Request) -> ApiError:
        """409 ``name_taken`` (an account's name, or one that looks like it: one answer for
        both), counted against the client's address like a failed login."""
        srv().failed_clients.fail(client_of(request))
        return ApiError(409, "name_taken")

    def remember_seat(room: Room, pid: int) -> None:
        """``pid`` sits in ``room``: a member who played (his history and tables, issue 30)."""
        seat = room.seat_of(pid)
        if seat is not None:
            members.seated(srv().store, room.id, pid, seat)

    def link_json(request: Request, token: str, seat: int, expires: float) -> JsonObject:
        room_id = int(request.path_params["room_id"])
        return seatqr.link_json(str(request.base_url), token, seat, expires, room_id)

    def no_lookalike(room: Room, pid: int) -> None:
        """409 ``name_lookalike`` if someone else seated in ``room`` shows a name that looks
        like ``pid``'s (the same confusable skeleton): one table never shows two."""
        me = srv().lobby.player(pid)
        key = lookalike_key(me["name"]) if me else None
        for seat in room.seats:
            other = seat.get("player")
            found = srv().lobby.player(other) if other is not None and other != pid else None
            if found is not None and lookalike_key(found["name"]) == key:
                raise ApiError(409, "name_lookalike")

    @app.get("/api/health")
    async def health() -> Response:
        if not holder or not srv().ready:
            return JSONResponse({"ok": False}, 503)
        return JSONResponse({"ok": True})

    @app.post("/api/guests", response_model=None)
    async def guests(request: Request) -> SessionJson:
        name = name_of(await _body(request))
        srv().lobby.check_guest(client_of(request))  # so many a minute and a day per address
        backoff(srv().failed_clients.wait(client_of(request)))
        skeleton = lookalike_key(name)
        if srv().store.account_looks_like(skeleton):  # a guest never takes an account's look
            raise name_taken(request)
        return session(srv().store.create_player(name, skeleton=skeleton))

    @app.post("/api/accounts", response_model=None)
    async def accounts(request: Request) -> SessionJson:
        body = await _body(request)
        name = name_of(body)
        password = body.get("password")
        if not isinstance(password, str):
            raise ApiError(400, "bad_message", "'password' must be text")
        code, problem = guard.password_problem(password, name)
        if problem is not None:
            raise ApiError(400, code, problem)
        backoff(srv().failed_clients.wait(client_of(request)))
        key, skeleton = auth.account_key(name), lookalike_key(name)
        store = srv().store
        if store.account(key) is not None or store.account_looks_like(skeleton):
            raise name_taken(request)
        hashed = await passwords(request, auth.hash_password, password)
        try:
            pid = store.create_player(name, key, hashed, skeleton)
        except Exception:  # two at once: the unique indexes refuse the second
            raise name_taken(request) from None
        return session(pid)

    @app.post("/api/login", response_model=None)
    async def login(request: Request) -> SessionJson:
        body = await _body(request)
        name, password = body.get("name"), body.get("password")
        client = client_of(request)
        key = auth.account_key(name)[:200] if isinstance(name, str) else ""
        backoff(srv().failed_names.wait(key), srv().failed_clients.wait(client))
        row = None
        if isinstance(name, str) and isinstance(password, str) and len(password) <= 200:
            row = srv().store.account(key)
            stored = None if row is None else row["password"]
            if not await passwords(request, auth.check_password, stored, password):
                row = None
        if row is None:  # never which part was wrong
            srv().failed_names.fail(key)
            srv().failed_clients.fail(client)
            raise ApiError(401, "bad_login")
        srv().failed_names.clear(key)
        return session(int(row["id"]))

    @app.get("/api/me", response_model=None)
    async def me(request: Request) -> MeJson:
        sess = who_session(request)
        return {"player": srv().lobby.player(sess.player), "expires": sess.expires}

    @app.post("/api/session/renew", response_model=None)
    async def renew(request: Request) -> SessionJson:
        sess = who_session(request)
        token = srv().sessions.renew(sess)
        return {"token": token, "player": srv().lobby.player(sess.player), "expires": sess.expires}

    @app.post("/api/logout", response_model=None)
    async def logout(request: Request) -> RevokedJson:
        sess = who_session(request)
        everywhere = (await _body(request)).get("everywhere", False)
        if not isinstance(everywhere, bool):
            raise ApiError(400, "bad_message", "'everywhere' must be true or false")
        if everywhere:
            return {"revoked": srv().sessions.revoke_all(sess.player)}
        return {"revoked": srv().sessions.revoke(sess.sid)}

    @app.get("/api/games", response_model=None)
    async def games() -> GamesJson:
        return {"games": games_json()}

    @app.post("/api/rooms", status_code=201, response_model=None)
    async def create_room(request: Request) -> RoomAnswer:
        pid = who(request)
        room = srv().lobby.create_room(pid, await _body(request), client_of(request))
        remember_seat(room, pid)
        return {"room": srv().lobby.room_json(room, pid)}

    @app.get("/api/rooms", response_model=None)
    async def rooms(request: Request) -> RoomsPage:
        who(request)
        raw = request.query_params.get("limit")
        limit = PAGE
        if raw is not None:
            if not raw.isdigit() or not 1 <= int(raw) <= MAX_PAGE:
                raise ApiError(400, "bad_message", f"'limit' must be from 1 to {MAX_PAGE}")
            limit = int(raw)
        after = request.query_params.get("after") or None
        page, cursor = srv().lobby.public_rooms(limit, after)
        return {"rooms": page, "next": cursor}

    @app.post("/api/rooms/join", response_model=None)
    async def join_code(request: Request) -> SeatedAnswer:
        pid = who(request)
        body = await _body(request)
        room = srv().lobby.by_code(body.get("code"))
        no_lookalike(room, pid)
        seat = await srv().lobby.join(room, pid, body.get("seat"))
        remember_seat(room, pid)
        return {"room": srv().lobby.room_json(room, pid), "seat": seat}

    @app.get("/api/rooms/{room_id}", response_model=None)
    async def room(room_id: int, request: Request) -> RoomAnswer:
        pid = who(request)
        code = request.query_params.get("code")
        return {"room": srv().lobby.room_json(srv().lobby.room(room_id), pid, code)}

    @app.post("/api/rooms/{room_id}/join", response_model=None)
    async def join(room_id: int, request: Request) -> SeatedAnswer:
        pid = who(request)
        body = await _body(request)
        room = srv().lobby.room(room_id)
        srv().lobby.check_watch(room, pid, body.get("code"))  # a private room: its code
        no_lookalike(room, pid)
        seat = await srv().lobby.join(room, pid, body.get("seat"))
        remember_seat(room, pid)
        return {"room": srv().lobby.room_json(room, pid), "seat": seat}

    @app.post("/api/rooms/{room_id}/leave", response_model=None)
    async def leave(room_id: int, request: Request) -> RoomAnswer:
        pid = who(request)
        room = srv().lobby.room(room_id)
        await srv().lobby.leave(room, pid)
        members.gone(srv().store, room.id, pid)  # the history keeps the room (issue 30)
        return {"room": srv().lobby.room_json(room, pid)}

    @app.post("/api/rooms/{room_id}/spectate", response_model=None)
    async def spectate(room_id: int, request: Request) -> RoomAnswer:
        pid = who(request)
        code = (await _body(request)).get("code")
        room = srv().lobby.room(room_id)
        srv().lobby.check_watch(room, pid, code)  # a private room: its code
        if room.seat_of(pid) is None and room.status != "finished":
            members.watching(srv().store, room.id, pid)  # his tables list it (issue 30)
        return {"room": srv().lobby.room_json(room, pid, code)}

    @app.post("/api/rooms/{room_id}/start", response_model=None)
    async def start(room_id: int, request: Request) -> RoomAnswer:
        pid = who(request)
        room = srv().lobby.room(room_id)
        await srv().lobby.start(room, pid)
        return {"room": srv().lobby.room_json(room, pid)}

    def readable(room_id: int, request: Request) -> Room:
        """The room whose data the caller may read (a private room: a member, or with
        ``?code=``), else 403 ``private_room``."""
        pid = who(request)
        room = srv().lobby.room(room_id)
        if not srv().lobby.may_read(room, pid, request.query_params.get("code")):
            raise ApiError(403, "private_room")
        return room

    @app.get("/api/rooms/{room_id}/sheet", response_model=None)
    async def sheet(room_id: int, request: Request) -> JsonObject:
        room = readable(room_id, request)
        return room.sitting.to_json() if room.sitting else {"sitting": None}

    @app.get("/api/rooms/{room_id}/sheet.csv")
    async def sheet_csv(room_id: int, request: Request) -> PlainTextResponse:
        room = readable(room_id, request)
        out = io.StringIO()
        writer = csv.writer(out)
        names = room.sitting.names if room.sitting else ()
        writer.writerow(
            ["number", "winner", "termination"]
            + [f"points {n}" for n in names]
            + [f"total {n}" for n in names]
        )
        for row in room.sitting.rows if room.sitting else ():
            writer.writerow(
                [row.number, "" if row.winner is None else row.winner, row.termination]
                + [f"{p:g}" for p in row.points]
                + [f"{t:g}" for t in row.totals]
            )
        return PlainTextResponse(out.getvalue(), media_type="text/csv; charset=utf-8")

    @app.get("/api/games/{game_id}/record", response_model=None)
    async def record(game_id: int, request: Request) -> Response | LiveHistory:
        pid = who(request)
        stored = srv().store.game(game_id)
        if stored is None:
            raise ApiError(404, "not_found", f"game {game_id}")
        rows = srv().store.rooms(stored.room_id)
        if rows and not (
            may_read_row(rows[0], pid, None, records=True)
            or members.member(srv().store, stored.room_id, pid, played=True)  # left since
        ):
            raise ApiError(403, "private_room")  # a private room's records: its members'
        if stored.record is not None:
            return PlainTextResponse(stored.record, media_type="application/x-ndjson")
        room = srv().lobby.rooms.get(stored.room_id) or srv().lobby.load_room(stored.room_id)
        seat = None if room is None else room.table_seat(room.seat_of(pid))  # this deal's
        if room is None or seat is None or room.game_id != game_id or room.state is None:
            raise ApiError(403, "not_over")  # (a person sitting out it watches it)
        async with room.lock:
            events = [e.to_json() for e in seat_history(room.state.events, seat)]
        return {"game_id": game_id, "seat": seat, "game": room.game.name, "events": events}

    @app.websocket("/ws/rooms/{room_id}")
    async def socket(ws: WebSocket, room_id: int) -> None:
        # the token comes in the first message, never in the URL (ws.py)
        await serve_socket(ws, srv().lobby, room_id, srv().sessions, srv().gate)

    from chieu.server import coach, learn, lessons, replay  # the browser's endpoints

    app.include_router(replay.router(srv, who))
    app.include_router(tables.router(srv, who, _body, link_json))  # tables, watching (issue 30)
    app.include_router(learn.router())  # the glossary of each game (issue 28)
    app.include_router(lessons.router(srv, who, _body))  # the lessons (issue 28)
    app.include_router(coach.router(srv, who, _body))  # the coach's reviews (issue 29)
    mount_web(app)  # the browser table: the page, its files, the cards
    return app
