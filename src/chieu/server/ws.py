"""The WebSocket of one client: ``/ws/rooms/{id}?lang=&since=`` (docs/protocol.md).

The client signs in with its first message, ``{"type": "auth", "token": TOKEN}`` (and
``"code": CODE`` to watch a private room it has no seat in): no credential is ever in the URL,
which servers and proxies write to their logs. Nothing is sent before that message; a socket
whose first message is anything else, or that says nothing for ``AUTH_TIMEOUT`` seconds, is
closed with 4401."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
from collections.abc import Callable

from starlette.websockets import WebSocket, WebSocketDisconnect

from chieu.core.jsonio import JsonInputError, Limits, read_json
from chieu.server import wire
from chieu.server.limits import Bucket
from chieu.server.lobby import Lobby
from chieu.server.pushing import Conn
from chieu.server.room import Room
from chieu.server.rows import ConflictError
from chieu.server.sessions import Session, Sessions

log = logging.getLogger("chieu.server")

MAX_MESSAGE = 16 * 1024
WS_LIMITS = Limits(max_bytes=MAX_MESSAGE, max_depth=8, max_int_digits=12)
MAX_STRIKES = 40  # messages refused for speed before the client is disconnected
#: open sockets one player may hold (tabs, rooms watched), and one room may hold: each socket
#: gets a push after every action of its room, so sockets are the server's work
MAX_PLAYER_SOCKETS = 16
MAX_ROOM_SOCKETS = 200
#: sockets signed in on the server, and sockets waiting for their auth message (``Gate``)
MAX_SOCKETS = 2000
MAX_PENDING = 256
AUTH_TIMEOUT = 10.0  # seconds a new socket has to send its auth message
_VERSION = re.compile(r"[0-9]{1,18}")  # ``since``: a room version (ASCII digits, 64 bits)


def _send_state(room: Room, conn: Conn, since: int | None, view: bool = True) -> None:
    if isinstance(since, int) and not isinstance(since, bool):
        events = room.events_since(conn.seat, since)
        if events is not None:
            conn.send(wire.events_message(since, room.shown, events))
    if view:
        conn.send(room.view_message(conn.seat, conn.lang, room.to_json()))


class Gate:
    """The server's bound on sockets: at most ``max_sockets`` signed in (``CHIEU_MAX_SOCKETS``,
    default 2,000) and at most ``max_pending`` still waiting for their ``auth`` message
    (``CHIEU_MAX_PENDING_SOCKETS``, default 256), each for ``AUTH_TIMEOUT`` seconds at most;
    beyond either, a new socket is closed at once with 4429."""

    def __init__(self, max_sockets: int | None = None, max_pending: int | None = None) -> None:
        self.max_sockets = max_sockets or _env_int("CHIEU_MAX_SOCKETS", MAX_SOCKETS)
        self.max_pending = max_pending or _env_int("CHIEU_MAX_PENDING_SOCKETS", MAX_PENDING)
        self.open = 0
        self.pending = 0


def _env_int(name: str, default: int) -> int:
    text = os.environ.get(name, "")
    return int(text) if text.isascii() and text.isdigit() and int(text) > 0 else default


class _Socket:
    """What the sender needs to know of its socket: the close code, once decided."""

    close_code: int | None = None


async def _sender(ws: WebSocket, conn: Conn, sock: _Socket) -> None:
    try:
        while True:
            text = await conn.outbox.get()
            if text is None:
                break
            await ws.send_text(text)
    except Exception:  # the socket is gone
        conn.closed = True
    with contextlib.suppress(Exception):
        await ws.close(sock.close_code or (1008 if conn.closed else 1000))


async def _close(ws: WebSocket, code: int, error: str, detail: str | None = None) -> None:
    await ws.send_text(wire.error_message(error, detail))
    await ws.close(code)


async def _first(ws: WebSocket) -> wire.AuthMessage | str:
    """The client's first message, which must be ``{"type": "auth", "token": ...}``: the
    message, or the refusal's detail (nothing within ``AUTH_TIMEOUT``, not an auth)."""
    try:
        msg = await asyncio.wait_for(ws.receive(), AUTH_TIMEOUT)
    except TimeoutError:
        return f"no auth message within {AUTH_TIMEOUT:g} s"
    if msg["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(msg.get("code") or 1000)
    raw = msg.get("text")
    if raw is None:
        raw = msg.get("bytes") or b""
    if len(raw) > MAX_MESSAGE:
        return "the first message must be an auth message"
    try:
        data = read_json(raw, WS_LIMITS, "the message")
    except JsonInputError:
        data = None
    first = wire.read_client(data, frozenset({"auth"}))
    if isinstance(first, wire.Refusal):
        if first.field is not None and first.detail:  # "'token' must be text"
            return first.detail
        return 'the first message must be {"type": "auth", "token": ...}'
    assert first["type"] == "auth"
    return first


def may_watch(lobby: Lobby, room: Room, player: int, code: object) -> bool:
    """Whether ``player`` may have a socket on ``room`` (``Lobby.may_watch``)."""
    return lobby.may_watch(room, player, code if isinstance(code, str) else None)


async def serve_socket(
    ws: WebSocket, lobby: Lobby, room_id: int, sessions: Sessions, gate: Gate
) -> None:
    await ws.accept()
    if gate.pending >= gate.max_pending:  # nothing is sent before the auth: just closed
        await ws.close(4429, "busy")
        return
    gate.pending += 1
    try:
        first = await _first(ws)
    except WebSocketDisconnect:
        return
    finally:
        gate.pending -= 1
    if isinstance(first, str):
        await _close(ws, 4401, "unauthorized", first)
        return
    sess = sessions.check(first["token"])
    player = None if sess is None else sess.player
    if sess is None or player is None or lobby.player(player) is None:
        await _close(ws, 4401, "unauthorized")
        return
    room = lobby.rooms.get(room_id) or lobby.load_room(room_id)
    if room is None:
        await _close(ws, 4404, "not_found")
        return
    if not may_watch(lobby, room, player, first.get("code")):
        await _close(ws, 4403, "private_room")
        return
    if gate.open >= gate.max_sockets:
        await _close(ws, 4429, "server_full")
        return
    if lobby.sockets.get(player, 0) >= MAX_PLAYER_SOCKETS:
        await _close(ws, 4429, "too_many_sockets")
        return
    if len(room.conns) >= MAX_ROOM_SOCKETS and room.seat_of(player) is None:  # seats get in
        await _close(ws, 4429, "crowded")
        return
    lang = ws.query_params.get("lang", "vi")
    lang = lang if lang in ("vi", "en") else "vi"
    since_text = ws.query_params.get("since") or ""
    since = int(since_text) if _VERSION.fullmatch(since_text) else None  # else: a full view
    conn = Conn(player, room.seat_of(player), lang)
    sock = _Socket()

    def revoked() -> None:  # the session was revoked: this socket closes at once
        sock.close_code = 4401
        room.error(conn, "unauthorized")
        conn.close()

    lobby.sockets[player] = lobby.sockets.get(player, 0) + 1
    gate.open += 1
    sessions.watch(sess.sid, revoked)
    try:
        await _serve(ws, lobby, room, conn, since, sock, lambda: sessions.get(sess.sid))
    finally:
        sessions.unwatch(sess.sid, revoked)
        gate.open -= 1
        left = lobby.sockets.pop(player, 1) - 1
        if left:
            lobby.sockets[player] = left


async def _serve(
    ws: WebSocket,
    lobby: Lobby,
    room: Room,
    conn: Conn,
    since: int | None,
    sock: _Socket,
    live: Callable[[], Session | None],
) -> None:
    async with room.lock:
        room.attach(conn)
        _send_state(room, conn, since, view=False)
        room.broadcast()  # this client's view; the others see the seat connected
    if room.status != "finished":  # a waiting room's clock too: a host away hands his role on
        room.ensure_running()
    sender = asyncio.get_running_loop().create_task(_sender(ws, conn, sock))
    bucket = Bucket(lobby.ws_rate)
    try:
        while not conn.closed:
            msg = await ws.receive()
            if msg["type"] == "websocket.disconnect":
                break
            if live() is None:  # revoked or expired meanwhile (another process, the clock)
                sock.close_code = 4401
                room.error(conn, "unauthorized")
                conn.close()
                break
            raw = msg.get("text")
            if raw is None:
                raw = msg.get("bytes") or b""
            if len(raw) > MAX_MESSAGE:
                room.error(conn, "too_big", f"{MAX_MESSAGE} bytes")
                conn.close()
                break
            if not bucket.take():
                room.error(conn, "too_fast")
                if bucket.strikes > MAX_STRIKES:
                    conn.close()
                    break
                continue
            await _handle(room, conn, raw)
    except WebSocketDisconnect:
        pass
    except Exception:  # never a traceback to the client, never another room's trouble
        log.exception("room %s: socket failed", room.id)
    finally:
        async with room.lock:
            room.detach(conn)
            room.broadcast()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(sender, 2)


async def _handle(room: Room, conn: Conn, raw: str | bytes) -> None:
    try:
        data = read_json(raw, WS_LIMITS, "the message")
    except JsonInputError as exc:
        room.error(conn, "bad_json", str(exc))
        return
    msg = wire.read_client(data)
    if isinstance(msg, wire.Refusal):
        room.error(conn, msg.code, msg.detail)
        return
    if msg["type"] == "ping":
        conn.send(wire.PONG)
    elif msg["type"] == "hello":
        async with room.lock:
            _send_state(room, conn, msg.get("version"))
    elif msg["type"] == "next":  # ready for the next game: everyone sees it (``Hosting``)
        async with room.lock:
            if room.mark_ready(room.seat_of(conn.player)):
                room.broadcast()
                room.wake.set()
    elif msg["type"] == "act":
        async with room.lock:
            conn.seat = room.seat_of(conn.player)
            action, err = room.check(conn.seat, msg["version"], msg["action"])
            if action is None:
                room.error(conn, err)
                return
            seat = room.table_seat(conn.seat)  # the person's seat at this deal's table
            assert seat is not None
            try:
                await room.commit(seat, action)
            except ConflictError:  # another process stored an action first
                room.sync()
                room.error(conn, "stale")
            except Exception:
                log.exception("room %s: storing an action failed", room.id)
                room.error(conn, "server")
