"""Getting back to a table and watching (issue 30; docs/protocol.md, "Your tables").

- ``GET /api/me/rooms``: the rooms the caller sits at or watches (not finished, or finished
  a little while ago): the game, the state, whose turn, his seat. From the database, so an
  account finds its seats from any browser (logging in gives the same player).
- ``POST /api/rooms/watch`` ``{"code"}``: watch a room by its code (a started room's code
  offers this instead of a seat); ``POST /api/rooms/{id}/unwatch``.
- ``GET /api/rooms/{id}/watchers`` and ``POST /api/rooms/{id}/seat`` ``{"player", "seat"}``:
  the host seats a watcher in a free or bot-covered seat.
- ``POST`` / ``DELETE /api/rooms/{id}/seats/{seat}/link``: the host's seat link (and its QR
  code, SVG by ``segno``); ``POST /api/seat-links/claim`` ``{"token"}``: whoever opens it.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Protocol, TypedDict

from fastapi import APIRouter, Request

from chieu.core.jsonio import JsonObject
from chieu.server import members
from chieu.server.bodies import SessionJson
from chieu.server.guard import Backoff
from chieu.server.lobby import ApiError, Lobby
from chieu.server.room import Room
from chieu.server.rows import SeatRow
from chieu.server.sessions import Sessions
from chieu.server.storage import Store
from chieu.server.wire import PlayerJson, RoomJson

#: the rooms ``GET /api/me/rooms`` lists at most, and how long a finished one stays listed
MY_ROOMS, RECENT = 20, 1800.0


class TurnJson(TypedDict):
    seat: int
    player: PlayerJson | None
    bot: str | None


class MyRoomJson(TypedDict):
    """One of the caller's tables (``GET /api/me/rooms``)."""

    id: int
    code: str | None
    game: str
    title: str
    status: str
    game_number: int
    players: int
    private: bool
    host: bool
    seat: int | None
    watching: bool
    turn: list[TurnJson]


class SeatAnswer(TypedDict, total=False):
    room: RoomJson
    seat: int | None
    session: SessionJson


class ServerParts(Protocol):
    store: Store
    lobby: Lobby
    sessions: Sessions
    failed_clients: Backoff


def _int(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 2**53:
        raise ApiError(400, "bad_message", f"'{what}' must be a whole number")
    return value


def _turn(room: Room) -> list[TurnJson]:
    """Whose decision the room waits for: each seat's number, name and bot."""
    out: list[TurnJson] = []
    for seat in sorted(room.pending()):
        s = room.seats[seat]
        pid = s.get("player")
        player = room.players.get(pid) if pid is not None else None
        out.append(
            {
                "seat": seat,
                "player": player,
                "bot": None if player is not None else (s.get("bot") or room.bot_name(seat)),
            }
        )
    return out


def my_room(room: Room, pid: int, data: RoomJson) -> MyRoomJson:
    seat = room.seat_of(pid)
    return {
        "id": room.id,
        "code": data["code"],
        "game": room.game.name,
        "title": room.game.title,
        "status": room.status,
        "game_number": data["game_number"],
        "players": len(room.seats),
        "private": room.private,
        "host": room.host == pid,
        "seat": seat,
        "watching": seat is None,
        "turn": _turn(room),
    }


def seat_person(lobby: Lobby, room: Room, pid: int, seat: int) -> None:
    """Seat ``pid`` at ``seat``, free or a bot's (the caller holds the room's lock): in a game
    in progress he plays the seat from its next decision (the bot hands over; while he has no
    socket the grace runs as for anyone away)."""

    def sit(seats: list[SeatRow]) -> None:
        if any(s.get("player") == pid for s in seats):
            raise ApiError(409, "already_seated")
        if seats[seat].get("player") is not None:
            raise ApiError(409, "seat_taken")
        seats[seat] = {"player": pid, "bot": seats[seat].get("bot")}

    lobby._change_seats(room, sit)  # the lobby's compare-and-swap of the seats
    lobby.player(pid)
    members.seated(lobby.store, room.id, pid, seat)
    if room.status != "waiting":
        room.away[seat] = time.time()  # until his socket attaches
    room.broadcast()
    room.wake.set()


def router(
    get_server: Callable[[], ServerParts],
    who: Callable[[Request], int],
    body_of: Callable[[Request], Awaitable[JsonObject]],
    link_words: Callable[[Request, str, int, float], JsonObject],
) -> APIRouter:
    """The endpoints; ``link_words(request, token, seat, expires)``: a seat link's JSON (its
    address and QR code: ``chieu.server.seatqr``)."""
    api = APIRouter()

    def hosted(request: Request, room_id: int) -> tuple[int, Room]:
        pid = who(request)
        room = get_server().lobby.room(room_id)
        if room.host != pid:
            raise ApiError(403, "not_host_seats")
        if room.status == "finished":
            raise ApiError(409, "room_over")
        return pid, room

    def a_seat(room: Room, seat: int) -> int:
        if not 0 <= seat < len(room.seats):
            raise ApiError(400, "bad_message", f"seat {seat} is not a seat")
        return seat

    @api.get("/api/me/rooms", response_model=None)
    async def my_rooms(request: Request) -> dict[str, list[MyRoomJson]]:
        pid = who(request)
        server = get_server()
        lobby, now = server.lobby, time.time()
        ids = members.rooms_of(server.store, pid, played=False, limit=MY_ROOMS * 2)
        ids += [r.id for r in lobby.rooms.values() if r.seat_of(pid) is not None]
        out: list[MyRoomJson] = []
        for rid in dict.fromkeys(ids):
            room = lobby.rooms.get(rid)
            if room is None:
                rows = server.store.rooms(rid)
                if not rows or rows[0]["status"] == "finished":
                    continue  # finished long ago (or on another process): the history has it
                room = lobby.room(rid)
            if room.status == "finished" and now - (room.finished_at or 0) > RECENT:
                continue
            if room.seat_of(pid) is None and not lobby.may_watch(room, pid, None):
                continue
            out.append(my_room(room, pid, lobby.room_json(room, pid)))
            if len(out) >= MY_ROOMS:
                break
        return {"rooms": out}

    @api.post("/api/rooms/watch", response_model=None)
    async def watch(request: Request) -> SeatAnswer:
        pid = who(request)
        code = (await body_of(request)).get("code")
        lobby = get_server().lobby
        room = lobby.by_code(code)
        if room.status == "finished":
            raise ApiError(409, "room_over")
        if room.seat_of(pid) is None:
            members.watching(lobby.store, room.id, pid)
        return {"room": lobby.room_json(room, pid, code), "seat": room.seat_of(pid)}

    @api.post("/api/rooms/{room_id}/unwatch", response_model=None)
    async def unwatch(room_id: int, request: Request) -> JsonObject:
        pid = who(request)
        room = get_server().lobby.room(room_id)
        if room.seat_of(pid) is None:
            members.gone(get_server().store, room.id, pid)
        return {"ok": True}

    @api.get("/api/rooms/{room_id}/watchers", response_model=None)
    async def watchers(room_id: int, request: Request) -> dict[str, list[PlayerJson]]:
        _, room = hosted(request, room_id)
        lobby = get_server().lobby
        out = []
        for pid in members.watchers(lobby.store, room.id):
            player = lobby.player(pid)
            if player is not None and room.seat_of(pid) is None:
                out.append(player)
        return {"watchers": out}

    @api.post("/api/rooms/{room_id}/seat", response_model=None)
    async def seat_watcher(room_id: int, request: Request) -> SeatAnswer:
        _, room = hosted(request, room_id)
        body = await body_of(request)
        pid, seat = _int(body.get("player"), "player"), a_seat(room, _int(body.get("seat"), "seat"))
        lobby = get_server().lobby
        if pid not in members.watchers(lobby.store, room.id) or room.seat_of(pid) is not None:
            raise ApiError(409, "not_watching")
        async with room.lock:
            seat_person(lobby, room, pid, seat)
        return {"room": lobby.room_json(room, pid), "seat": seat}

    @api.post("/api/rooms/{room_id}/seats/{seat}/link", response_model=None)
    async def make_link(room_id: int, seat: int, request: Request) -> JsonObject:
        host, room = hosted(request, room_id)
        a_seat(room, seat)
        server = get_server()
        holder = room.seats[seat].get("player")
        if holder is not None and holder != host:
            found = server.store.player(holder)
            if found is not None and found["account"] is not None:
                raise ApiError(409, "seat_account")
        if holder == host:
            raise ApiError(409, "own_seat")
        token, expires = members.new_link(server.store, room.id, seat, holder, host)
        return {"link": link_words(request, token, seat, expires)}

    @api.delete("/api/rooms/{room_id}/seats/{seat}/link", response_model=None)
    async def revoke_link(room_id: int, seat: int, request: Request) -> JsonObject:
        _, room = hosted(request, room_id)
        a_seat(room, seat)
        return {"revoked": members.revoke_links(get_server().store, room.id, seat)}

    @api.post("/api/seat-links/claim", response_model=None)
    async def claim(request: Request) -> SeatAnswer:
        server = get_server()
        client = request.client.host if request.client else ""
        wait = server.failed_clients.wait(client)
        if wait > 0:
            raise ApiError(429, "too_many_attempts", retry_after=wait)
        token = (await body_of(request)).get("token")
        link = members.read_link(server.store, token)
        if link is None or link.revoked:
            server.failed_clients.fail(client)  # a guessed or revoked link: counted
            raise ApiError(404, "seat_link_invalid")
        if link.used is not None:
            raise ApiError(410, "seat_link_used")
        if link.expires < time.time():
            raise ApiError(410, "seat_link_expired")
        assert isinstance(token, str)
        room = server.lobby.rooms.get(link.room_id) or server.lobby.load_room(link.room_id)
        if room is None or room.status == "finished":
            raise ApiError(409, "room_over")
        header = request.headers.get("authorization", "")
        scheme, _, given = header.partition(" ")
        sess = server.sessions.check(given.strip()) if scheme.lower() == "bearer" else None
        caller = sess.player if sess is not None else None
        async with room.lock:
            holder = room.seats[link.seat].get("player")
            if holder != link.holder:  # the seat changed hands since the link was made
                raise ApiError(409, "seat_link_stale")
            if holder is None:  # a free or bot-covered seat: the caller sits down
                if caller is None:
                    raise ApiError(401, "seat_link_name")
                if room.seat_of(caller) is not None:
                    raise ApiError(409, "already_seated")
                if not members.use_link(server.store, token):
                    raise ApiError(410, "seat_link_used")
                seat_person(server.lobby, room, caller, link.seat)
                return {"room": server.lobby.room_json(room, caller), "seat": link.seat}
            if holder == caller:  # already his: nothing to give
                members.use_link(server.store, token)
                return {"room": server.lobby.room_json(room, caller), "seat": link.seat}
            # the same person on another device: only a guest's seat (an account logs in),
            # and never while his seat is at the table (a seated person's seat is his)
            if room.connected(link.seat) or link.seat in room.remote:
                raise ApiError(409, "seat_in_use")
            found = server.store.player(holder)
            if found is None or found["account"] is not None:
                raise ApiError(409, "seat_account")
            if not members.use_link(server.store, token):
                raise ApiError(410, "seat_link_used")
        new_token, made = server.sessions.start(holder)
        return {
            "room": server.lobby.room_json(room, holder),
            "seat": link.seat,
            "session": {
                "token": new_token,
                "player": server.lobby.player(holder),
                "expires": made.expires,
            },
        }

    return api
