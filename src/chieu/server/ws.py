"""The WebSocket of one client: ``/ws/rooms/{id}?token=&lang=&since=`` (docs/protocol.md)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from chieu.core.jsonio import JsonInputError, Limits, read_json
from chieu.server.limits import Bucket
from chieu.server.lobby import Lobby
from chieu.server.messages import ws_error
from chieu.server.room import Conn, Room
from chieu.server.rows import ConflictError

log = logging.getLogger("chieu.server")

MAX_MESSAGE = 16 * 1024
WS_LIMITS = Limits(max_bytes=MAX_MESSAGE, max_depth=8, max_int_digits=12)
MAX_STRIKES = 40  # messages refused for speed before the client is disconnected
#: open sockets one player may hold (tabs, rooms watched), and one room may hold: each socket
#: gets a push after every action of its room, so sockets are the server's work
MAX_PLAYER_SOCKETS = 16
MAX_ROOM_SOCKETS = 200
_VERSION = re.compile(r"[0-9]{1,18}")  # ``since``: a room version (ASCII digits, 64 bits)


def _send_state(room: Room, conn: Conn, since: Any, view: bool = True) -> None:
    if isinstance(since, int) and not isinstance(since, bool):
        events = room.events_since(conn.seat, since)
        if events is not None:
            conn.send(
                json.dumps(
                    {"type": "events", "since": since, "version": room.shown, "events": events},
                    ensure_ascii=False,
                )
            )
    if view:
        conn.send(room.view_message(conn.seat, conn.lang, room.to_json()))


async def _sender(ws: WebSocket, conn: Conn) -> None:
    try:
        while True:
            text = await conn.outbox.get()
            if text is None:
                break
            await ws.send_text(text)
    except Exception:  # the socket is gone
        conn.closed = True
    with contextlib.suppress(Exception):
        await ws.close(1008 if conn.closed else 1000)


async def _close(ws: WebSocket, code: int, error: str) -> None:
    await ws.send_text(json.dumps(ws_error(error), ensure_ascii=False))
    await ws.close(code)


async def serve_socket(ws: WebSocket, lobby: Lobby, room_id: int, player: int | None) -> None:
    await ws.accept()
    if player is None:
        await _close(ws, 4401, "unauthorized")
        return
    room = lobby.rooms.get(room_id) or lobby.load_room(room_id)
    if room is None:
        await _close(ws, 4404, "not_found")
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
    lobby.sockets[player] = lobby.sockets.get(player, 0) + 1
    try:
        await _serve(ws, lobby, room, conn, since)
    finally:
        left = lobby.sockets.pop(player, 1) - 1
        if left:
            lobby.sockets[player] = left


async def _serve(ws: WebSocket, lobby: Lobby, room: Room, conn: Conn, since: int | None) -> None:
    async with room.lock:
        room.attach(conn)
        _send_state(room, conn, since, view=False)
        room.broadcast()  # this client's view; the others see the seat connected
    sender = asyncio.get_running_loop().create_task(_sender(ws, conn))
    bucket = Bucket(lobby.ws_rate)
    try:
        while not conn.closed:
            msg = await ws.receive()
            if msg["type"] == "websocket.disconnect":
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
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        room.error(conn, "bad_message", "an object with a 'type'")
        return
    kind = data["type"]
    if kind == "ping":
        conn.send('{"type":"pong"}')
    elif kind == "hello":
        async with room.lock:
            _send_state(room, conn, data.get("version"))
    elif kind == "next":
        conn.ready = True
        room.wake.set()
    elif kind == "act":
        async with room.lock:
            conn.seat = room.seat_of(conn.player)
            action, err = room.check(conn.seat, data.get("version"), data.get("action"))
            if action is None:
                room.error(conn, err)
                return
            assert conn.seat is not None
            try:
                await room.commit(conn.seat, action)
            except ConflictError:  # another process stored an action first
                room.sync()
                room.error(conn, "stale")
            except Exception:
                log.exception("room %s: storing an action failed", room.id)
                room.error(conn, "server")
    else:
        room.error(conn, "unknown_type", repr(kind[:40]))
