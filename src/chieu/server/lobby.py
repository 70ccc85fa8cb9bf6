"""The lobby: players and rooms in memory (rebuilt from the database at start-up)."""

from __future__ import annotations

import asyncio
import copy
import gc
import hmac
import logging
import secrets
import sys
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from chieu.bots.levels import DEFAULT_LEVEL, LEVELS, find_level, level_names
from chieu.bots.registry import bot_names, is_bot
from chieu.core.errors import ChieuError
from chieu.core.jsonio import JsonObject
from chieu.core.registry import find_game, normalize_name
from chieu.core.table import load_game, resolve_rules
from chieu.server import members
from chieu.server.botpool import BotPool
from chieu.server.limits import CreationLimits, PlayerBuckets, Quota, address_key
from chieu.server.room import CLOCK_LIMITS, DEFAULT_CLOCK, Room
from chieu.server.rows import ConflictError, RoomFields, RoomRow, SeatRow, StoredRoom
from chieu.server.storage import Store
from chieu.server.wire import PlayerJson, RoomJson

if TYPE_CHECKING:
    from starlette.requests import Request

MAX_OPEN_ROOMS = 10
#: seconds a waiting room with nobody but its host in it stays open when nobody has a socket
#: on it (``expire_idle``); one where others sat down too, ``CROWD_IDLE`` times as long
WAITING_IDLE = 900.0
CROWD_IDLE = 4
#: ``GET /api/rooms``: rooms a page by default, and at most
PAGE, MAX_PAGE = 20, 50
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


class ApiError(Exception):
    """An HTTP error with its code (``messages.WORDS``); ``retry_after``: seconds after which
    the same request may succeed (sent as ``Retry-After``, with a 429 or a 503)."""

    def __init__(
        self, status: int, code: str, detail: str | None = None, retry_after: float | None = None
    ) -> None:
        super().__init__(code)
        self.status = status
        self.code = code
        self.detail = detail
        self.retry_after = retry_after


def rate_limited(buckets: PlayerBuckets, who: Callable[[Request], int]) -> Callable[[Request], int]:
    """``who`` (a request's player) refusing a player past his bucket: 429 ``too_fast``."""

    def player(request: Request) -> int:
        pid = who(request)
        if not buckets.take(pid):
            raise ApiError(429, "too_fast", retry_after=1.0)
        return pid

    return player


def _bad(detail: str) -> ApiError:
    return ApiError(400, "bad_message", detail)


IDLE = 600.0  # seconds a finished room stays in memory once nobody watches it


def _canonical(bot: str) -> str:
    """A seat's bot as stored: a level by its name (``Khó`` → ``hard``), else as given."""
    level = find_level(bot)
    return level.name if level is not None else normalize_name(bot)


def may_read_row(row: RoomRow, player_id: int, code: object, records: bool = False) -> bool:
    """``Lobby.may_read`` on a room's stored row (``Store.rooms``: no need to load the room):
    a public room's data is anyone's; a private room's its members' (its host, its seated
    players), or with its code; its finished games' records once it is finished, its
    members' only."""
    if not row["private"]:
        return True
    if row["host"] == player_id or any(s.get("player") == player_id for s in row["seats"]):
        return True
    if records and row["status"] == "finished":
        return False
    return Lobby.code_matches(str(row["code"]), code)


def _peak_mib() -> float:
    """The process's peak resident memory in MiB (0 where the platform does not say)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not on Windows
        return 0.0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB (bytes on macOS)
    return peak / (1024 * 1024 if sys.platform == "darwin" else 1024)


class Lobby:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.rooms: dict[int, Room] = {}
        self.players: dict[int, PlayerJson] = {}
        self.ws_rate = 10.0  # messages a second per client (docs/protocol.md)
        self.sockets: dict[int, int] = {}  # player -> his open sockets on this process
        self.cluster = False  # several processes share the database (chieu.server.cluster)
        #: the cluster's ``claim``: a room made here takes its lease at once, so that its clock
        #: runs here without waiting for the heartbeat (nor reading back what it just wrote)
        self.claim: Callable[[int], bool] | None = None
        #: the bot workers every room's bots decide in (None: in the room's own process, as
        #: the unit tests' lobbies without a server do)
        self.pool: BotPool | None = None
        self.created: dict[int, float] = {}  # room -> when it was made (the listing's order)
        self.seen: dict[int, float] = {}  # waiting room -> when someone last had a socket on it
        self.set_limits(CreationLimits.from_env())

    def set_limits(self, limits: CreationLimits) -> None:
        """What one address or one player may create (``chieu.server.limits``)."""
        self.limits = limits
        self.guest_quota = Quota(limits.guests_per_address)
        self.room_quota_address = Quota(limits.rooms_per_address)
        self.room_quota_player = Quota(limits.rooms_per_player)

    def check_guest(self, address: str) -> None:
        """A new guest from ``address``, or 429 ``too_many_guests`` (with when to try again)."""
        if self.limits.enabled:
            wait = self.guest_quota.take(address_key(address))
            if wait is not None:
                raise ApiError(429, "too_many_guests", retry_after=wait)

    # -- players -----------------------------------------------------------------------------
    def player(self, pid: int) -> PlayerJson | None:
        found = self.players.get(pid)
        if found is None:
            row = self.store.player(pid)
            if row is None:
                return None
            found = {"id": pid, "name": row["name"], "guest": row["account"] is None}
            self.players[pid] = found
        return found

    # -- rooms -------------------------------------------------------------------------------
    def load(self) -> None:
        """Every unfinished room from the database, its game replayed."""
        for row in self.store.rooms():
            self._rebuilt(row)

    def room(self, room_id: int) -> Room:
        room = self.rooms.get(room_id) or self.load_room(room_id)
        if room is None:
            raise ApiError(404, "not_found", f"room {room_id}")
        return room

    def load_room(self, room_id: int) -> Room | None:
        """A room another process made (several processes on one database)."""
        rows = self.store.rooms(room_id)
        return self._rebuilt(rows[0]) if rows else None

    def _rebuilt(self, row: StoredRoom) -> Room:
        """The room of a database row, its game replayed, kept in the lobby."""
        for s in row["seats"]:
            pid = s.get("player")
            if pid is not None:
                self.player(pid)
        room = Room(self.store, row, self.players)
        room.owned = not self.cluster
        room.pool = self.pool
        room.rebuild()
        self.rooms[room.id] = room
        self.created[room.id] = float(row.get("created") or time.time())
        return room

    def public_rooms(
        self, limit: int = PAGE, after: str | None = None
    ) -> tuple[list[RoomJson], str | None]:
        """A page of the rooms anyone may see (public, not finished), newest first: at most
        ``limit`` after the cursor ``after`` (a page's ``next``), and the next page's cursor
        (None on the last page). A private room is never listed."""
        start: tuple[float, int] | None = None
        if after is not None:
            made, _, rid = after.partition("_")
            try:
                start = (-float(made), -int(rid))
            except ValueError:
                raise _bad("'after' must be a page's 'next' cursor") from None
        listed = sorted(
            (
                ((-self.created.get(r.id, 0.0), -r.id), r)
                for r in self.rooms.values()
                if not r.private and r.status != "finished"
            ),
            key=lambda kr: kr[0],
        )
        if start is not None:
            listed = [kr for kr in listed if kr[0] > start]
        page = listed[:limit]
        more = len(listed) > limit
        last = page[-1][0] if page else None
        cursor = f"{-last[0]!r}_{-last[1]}" if more and last is not None else None
        return [r.to_json() for _, r in page], cursor

    # -- who may see a private room ----------------------------------------------------------
    @staticmethod
    def is_member(room: Room, player_id: int | None) -> bool:
        """The room's host or one of its seated players."""
        return player_id is not None and (
            player_id == room.host or room.seat_of(player_id) is not None
        )

    @staticmethod
    def code_matches(real: str, given: object) -> bool:
        """``given`` is the room's code (``by_code``'s normalisation; a constant-time check)."""
        if not isinstance(given, str) or len(given) > 64:
            return False
        return hmac.compare_digest(given.strip().upper().encode(), real.encode())

    def may_watch(self, room: Room, player_id: int | None, code: object) -> bool:
        """Whether ``player_id`` may watch the room: anyone a public room; a private room its
        members, and others only with its ``code``."""
        return (
            not room.private
            or self.is_member(room, player_id)
            or self.code_matches(room.code, code)
            or members.member(self.store, room.id, player_id)  # played, or watches (issue 30)
        )

    def may_read(
        self, room: Room, player_id: int | None, code: object, records: bool = False
    ) -> bool:
        """``may_watch`` for the read endpoints; ``records`` (finished games' records): a
        private room's once the room is finished are its members' only."""
        if records and room.private and room.status == "finished":
            return self.is_member(room, player_id) or members.member(
                self.store, room.id, player_id, played=True
            )
        return self.may_watch(room, player_id, code)

    def check_watch(self, room: Room, player_id: int | None, code: object) -> None:
        """``may_watch``, or 403 ``need_code`` (no code given) / ``wrong_code``."""
        if not self.may_watch(room, player_id, code):
            raise ApiError(403, "need_code" if code in (None, "") else "wrong_code")

    def room_json(self, room: Room, player_id: int | None, code: object = None) -> RoomJson:
        """The room's JSON for ``player_id``: a private room's ``code`` is null unless he is
        a member (or gave the code)."""
        data = room.to_json()
        private = room.private and not self.is_member(room, player_id)
        if private and not self.code_matches(room.code, code):
            data["code"] = None
        return data

    def create_room(self, pid: int, body: JsonObject, address: str | None = None) -> Room:
        game_name = body.get("game")
        if not isinstance(game_name, str) or not game_name:
            raise _bad("'game' must be a game's name")
        preset, rules, seats = body.get("preset"), body.get("rules"), body.get("seats")
        if preset is not None and not isinstance(preset, str):
            raise _bad("'preset' must be text")
        if rules is not None and not isinstance(rules, dict):
            raise _bad("'rules' must be an object")
        if seats is not None and (
            not isinstance(seats, int) or isinstance(seats, bool) or not 1 <= seats <= 16
        ):
            raise _bad("'seats' must be a number of players")
        try:  # the room's game, loaded once: the preset, then the rules over it, then the seats
            definition = find_game(game_name)
            spec: str | Mapping[str, object] | None = preset
            if rules:
                base = resolve_rules(definition, preset)
                spec = {**definition.rules_to_json(base), **rules}
            game = load_game(definition, spec, players=seats)
        except ChieuError as exc:
            raise _bad(str(exc)) from None
        players = game.rules.players
        bots = body.get("bots") or {}
        if not isinstance(bots, dict):
            raise _bad("'bots' must be an object: seat -> bot name")
        known = bot_names(game.name)
        level = body.get("level", DEFAULT_LEVEL)
        found = find_level(level) if isinstance(level, str) and len(level) <= 40 else None
        if found is None:
            words = ", ".join(f"{lv.name} ({lv.vi})" for lv in LEVELS)
            raise _bad(f"unknown level {str(level)[:40]!r}; levels: {words}")
        seat_rows: list[SeatRow] = [{"player": None, "bot": None} for _ in range(players)]
        for key, name in bots.items():
            try:
                seat = int(key)
            except ValueError:
                raise _bad(f"bot seat {key!r} is not a number") from None
            if not 0 <= seat < players:
                raise _bad(f"bot seat {seat} is not a seat (0..{players - 1})")
            if not isinstance(name, str) or not is_bot(name, game.name):
                names = ", ".join(known + level_names())
                raise _bad(f"unknown bot {str(name)[:40]!r}; known: {names}")
            seat_rows[seat]["bot"] = _canonical(name)
        private = body.get("private", False)
        if not isinstance(private, bool):
            raise _bad("'private' must be true or false")
        clock = dict(DEFAULT_CLOCK)
        given = body.get("clock") or {}
        if not isinstance(given, dict):
            raise _bad("'clock' must be an object")
        for k, v in given.items():
            if k not in CLOCK_LIMITS:
                raise _bad(f"unknown clock field {k!r}")
            lo, hi = CLOCK_LIMITS[k]
            if v is None and k in ("turn", "claim"):
                clock[k] = None
                continue
            if not isinstance(v, (int, float)) or isinstance(v, bool) or not lo <= v <= hi:
                raise _bad(f"clock {k} must be from {lo:g} to {hi:g} seconds")
            clock[k] = float(v)
        if self.store.open_rooms_of(pid) >= MAX_OPEN_ROOMS:
            raise ApiError(429, "too_many_rooms", f"at most {MAX_OPEN_ROOMS}")
        if self.limits.enabled:  # ``address``: the HTTP client's (None: the server's own call)
            quotas: list[tuple[Quota, object]] = [(self.room_quota_player, pid)]
            if address is not None:
                quotas.append((self.room_quota_address, address_key(address)))
            for quota, owner in quotas:
                wait = quota.take(owner)
                if wait is not None:
                    raise ApiError(429, "too_many_new_rooms", retry_after=wait)
        host_seat = next((i for i, s in enumerate(seat_rows) if not s["bot"]), None)
        if host_seat is not None:
            seat_rows[host_seat]["player"] = pid
        code = self._new_code()
        row: RoomFields = {
            "code": code,
            "game": game.name,
            "rules": game.rules_json(),
            "host": pid,
            "private": private,
            "status": "waiting",
            "clock": clock,
            "seats": seat_rows,
            "sitting": None,
            "version": 0,
            "game_id": None,
            "level": found.name,
        }
        room_id = self.store.create_room(**row)
        room = Room(self.store, {**row, "id": room_id}, self.players, game=game)
        # else its clock waits for the lease (the heartbeat)
        room.owned = not self.cluster or (self.claim is not None and self.claim(room_id))
        room.pool = self.pool
        self.player(pid)
        self.rooms[room_id] = room
        self.created[room_id] = self.seen[room_id] = time.time()
        return room

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))
            if not self.store.code_taken(code):
                return code

    def by_code(self, code: object) -> Room:
        if not isinstance(code, str):
            raise _bad("'code' must be text")
        code = code.strip().upper()
        for room in self.rooms.values():
            if room.code == code:
                return room
        raise ApiError(404, "not_found", f"room code {code[:12]!r}")

    def _change_seats(self, room: Room, change: Callable[[list[SeatRow]], None]) -> None:
        """Apply ``change`` to the room's seats and store them, unless another process changed
        them meanwhile: then catch up and try again (``change`` may refuse: ApiError)."""
        for _ in range(3):
            old = copy.deepcopy(room.seats)
            new = copy.deepcopy(room.seats)
            change(new)
            if self.store.swap_seats(room.id, old, new):
                room.seats = new
                return
            room.sync()
        raise ApiError(409, "busy", "the seats changed meanwhile: try again")

    async def join(self, room: Room, pid: int, seat: object) -> int:
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise _bad("'seat' must be a number")
        wanted = seat if isinstance(seat, int) else None
        taken: list[int] = []

        def sit(seats: list[SeatRow]) -> None:
            if room.seat_of(pid) is not None or any(s["player"] == pid for s in seats):
                raise ApiError(409, "already_seated")
            if room.status != "waiting":
                raise ApiError(409, "already_started")
            where = wanted
            if where is None:
                free = [i for i, s in enumerate(seats) if not s["player"] and not s["bot"]]
                if not free:
                    raise ApiError(409, "room_full")
                where = free[0]
            elif not 0 <= where < len(seats):
                raise _bad(f"seat {where} is not a seat (0..{len(seats) - 1})")
            elif seats[where]["player"] or seats[where]["bot"]:
                raise ApiError(409, "seat_taken")
            seats[where] = {"player": pid, "bot": None}
            taken[:] = [where]

        async with room.lock:
            self._change_seats(room, sit)
            self.player(pid)
            room.broadcast()
            return taken[0]

    async def leave(self, room: Room, pid: int) -> None:
        async with room.lock:
            seat = room.seat_of(pid)
            if seat is None:
                raise ApiError(409, "not_your_seat")
            bot = room.bot_name(seat)

            def stand(seats: list[SeatRow]) -> None:
                if seats[seat].get("player") != pid:
                    raise ApiError(409, "not_your_seat")
                if room.status == "waiting":
                    seats[seat] = {"player": None, "bot": None}
                else:  # a bot plays the seat from now on
                    seats[seat] = {"player": None, "bot": bot}

            self._change_seats(room, stand)
            room.away.pop(seat, None)
            room.forget_seat(seat)
            if room.host == pid:  # the role passes to a seated person (none: abandoned below)
                room.host_left()
            if room.status != "finished" and all(s.get("player") is None for s in room.seats):
                room.abandon()  # nobody is left to play or watch for: the sitting ends
            room.broadcast()
            room.wake.set()

    async def start(self, room: Room, pid: int) -> None:
        async with room.lock:
            if self.cluster:  # the host role may have passed on another process (``leave``)
                rows = self.store.rooms(room.id)
                if rows:
                    room.host = rows[0]["host"]
            if room.status == "finished":
                raise ApiError(409, "room_closed")
            if room.host != pid:
                raise ApiError(403, "not_host")
            if room.status != "waiting":
                raise ApiError(409, "already_started")
            try:
                await room.start_sitting()
            except ConflictError:  # started by another process
                room.sync()
                raise ApiError(409, "already_started") from None
            room.broadcast()
        room.ensure_running()

    def sweep(self, now: float, idle: float = IDLE) -> list[int]:
        """Forget the rooms whose sitting ended more than ``idle`` seconds ago and that nobody
        watches (their records stay in the database; ``room()`` loads one again on demand)."""
        gone = [
            rid
            for rid, room in self.rooms.items()
            if room.finished_at is not None
            and now - room.finished_at > idle
            and not any(not c.closed for c in room.conns)
        ]
        for rid in gone:
            room = self.rooms.pop(rid)
            self.created.pop(rid, None)
            room.closing = True
            room.wake.set()
        return gone

    @staticmethod
    def _lonely(room: Room) -> bool:
        """Nobody but the host is seated in the room."""
        return all(s.get("player") in (None, room.host) for s in room.seats)

    async def expire_idle(self, now: float, idle: float = WAITING_IDLE) -> list[int]:
        """Close (status ``finished``) the waiting rooms this process runs that nobody has had
        a socket on for ``idle`` seconds and that have nobody but their host seated (or, for
        ``CROWD_IDLE`` times as long, that everyone went away from): they leave the listing
        and their host's open rooms. Returns their ids."""
        closed = []
        for rid, room in list(self.rooms.items()):
            if room.status != "waiting":
                self.seen.pop(rid, None)
                continue
            if room.attended():
                self.seen[rid] = now
                continue
            limit = idle if self._lonely(room) else idle * CROWD_IDLE
            if not room.owned or now - self.seen.setdefault(rid, now) <= limit:
                continue
            async with room.lock:  # as it is now (someone may have joined meanwhile)
                if room.status != "waiting" or room.attended():
                    continue
                if not self._lonely(room) and limit == idle:
                    continue
                if not self.store.close_waiting(room.id, room.seats):
                    room.sync()  # someone joined on another process meanwhile
                    continue
                room.status, room.finished_at = "finished", time.time()
                self.seen.pop(rid, None)
                room.broadcast()
                room.wake.set()
                closed.append(rid)
        return closed

    async def sweeper(
        self, every: float = 10.0, freeze: float = 1.0, full: float = 1800.0, slack: int = 512
    ) -> None:
        """Housekeeping for as long as the server runs: ``sweep`` the finished rooms every
        ``every`` seconds, and keep the garbage collector's pauses short.

        A collection walks every container object made since the last ``gc.freeze`` that is
        still alive, and a loaded server keeps many from one action of a room to its next
        (its events, the views' parts): with 500 rooms, 80,000–100,000 in ten seconds, young
        collections of 40–80 ms that every action waiting meanwhile paid (the p99 of 500
        rooms on PostgreSQL was 100–350 ms). So every ``freeze`` seconds what is alive is
        frozen (the collector skips it; freezing costs nothing): a collection walks a
        second's survivors at most (in the same runs at most 26 ms, mostly under 16 ms).
        Play makes next to no cyclic garbage (the cycles of closed connections are most of
        it), and a frozen object is freed by reference counting when it dies like any other.
        The frozen cycles are collected by a full collection (everything unfrozen and
        collected once; it pauses everything, 0.6 s with 500 rooms) every ``full`` seconds
        (30 minutes), or sooner once the process's peak memory has grown past twice its
        peak at the last one plus ``slack`` MiB: a burst of cyclic garbage (many connections
        opened and closed, say) does not wait half an hour. (Counting the frozen objects
        instead walks them all: 90 ms a second with 500 rooms.)
        """
        gc.set_threshold(5_000, 20, 1_000)  # young collections rarer, full ones rarer still
        last_sweep = last_full = time.monotonic()
        kept = _peak_mib()  # the peak memory after the last full collection
        while True:
            await asyncio.sleep(freeze)
            now = time.monotonic()
            if now - last_sweep >= every:
                last_sweep = now
                self.sweep(time.time())
                try:
                    await self.expire_idle(time.time())
                except Exception:  # a database hiccup: next time
                    logging.getLogger("chieu.server").exception("expiring idle rooms failed")
            if now - last_full >= full or _peak_mib() > 2 * kept + slack:
                last_full = now
                gc.unfreeze()
                gc.collect()
                kept = _peak_mib()
            gc.freeze()

    async def close(self) -> None:
        for room in self.rooms.values():
            await room.stop()
