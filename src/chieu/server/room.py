"""One room: its sitting, its current game, its clock, its bots and its connected clients.

The room knows no game: it drives ``decisions()``, ``apply`` and ``view()``. Every accepted
action (a person's, a bot's, a timeout's default) goes through :meth:`Room.commit`, which
stores it (committed) before it is applied in memory and pushed to anyone.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import time
from typing import TYPE_CHECKING

from chieu.bots.base import Bot
from chieu.bots.levels import DEFAULT_LEVEL, said
from chieu.bots.registry import get_bot
from chieu.core import commitment as fair
from chieu.core.actions import Action
from chieu.core.decisions import Decision
from chieu.core.errors import ChieuError
from chieu.core.journal import committed_text, deck_of
from chieu.core.protocol import finished
from chieu.core.record import GameRecord
from chieu.core.sitting import Sitting
from chieu.core.table import Game, fresh_seed, load_game
from chieu.server.botpool import BotPool
from chieu.server.clock import RoomClock, people_bot_delay
from chieu.server.hosting import Hosting
from chieu.server.pushing import Conn, Pushing, ViewText
from chieu.server.rows import (
    ActionRow,
    GameEnd,
    GameStart,
    RoomChange,
    RoomRow,
    SeatRow,
)
from chieu.server.seating import TableSeating
from chieu.server.storage import Store
from chieu.server.windows import HeldWindows, replay_row
from chieu.server.wire import PlayerJson, RoomJson, RoomStatus, SeatJson

if TYPE_CHECKING:
    from chieu.core.protocol import State

log = logging.getLogger("chieu.server")

DEFAULT_CLOCK: dict[str, float | None] = {
    "turn": 60.0,
    "claim": 20.0,
    "grace": 30.0,
    "pause": 60.0,
    "bot_delay": 0.6,
    "window": 1.0,
}
CLOCK_LIMITS: dict[str, tuple[float, float]] = {
    "turn": (1.0, 3600.0),
    "claim": (0.5, 3600.0),
    "grace": (0.0, 3600.0),
    "pause": (0.0, 600.0),
    "bot_delay": (0.0, 10.0),
    "window": (0.0, 60.0),
}


class Room(RoomClock, HeldWindows, Pushing, TableSeating, Hosting):
    def __init__(
        self,
        store: Store,
        row: RoomRow,
        players: dict[int, PlayerJson],
        game: Game | None = None,
    ) -> None:
        """``game``: the room's bound game when the lobby just built it from the request
        (``Lobby.create_room``); without it, it is loaded from the row (the database)."""
        self.store = store
        self.id: int = row["id"]
        self.code: str = row["code"]
        self.game = game if game is not None else load_game(row["game"], row["rules"])
        self.rules_json = self.game.rules_json()
        self.host: int = row["host"]
        self.private: bool = bool(row["private"])
        self.status: RoomStatus = row["status"]
        self.clock: dict[str, float | None] = {**DEFAULT_CLOCK, **row["clock"]}
        self.people_delay = people_bot_delay()  # the least bot_delay where a person sits
        self.seats: list[SeatRow] = row["seats"]
        self.players = players  # player id -> its JSON, shared with the lobby
        self.version: int = row["version"]  # the stored version: one more for every row
        #: the public version (``windows``): what clients see and act with
        self.shown: int = row["version"]
        self.game_id: int | None = row["game_id"]
        #: the level of the bots that fill the empty seats (``chieu.bots.levels``)
        self.level: str = row.get("level") or DEFAULT_LEVEL
        self.sitting: Sitting | None = Sitting.from_json(row["sitting"]) if row["sitting"] else None
        self.state: State | None = None
        self.seat_table()  # who sits at the table (a hội of more people than seats)
        self.seed = 0
        #: the current game's secret nonce and the commitment to its deal, pushed in every
        #: ``view`` (None: a game dealt before the server committed its deals)
        self.nonce: str | None = None
        self.commitment: str | None = None
        self.first_version = 0
        self.marks: dict[int, int] = {}  # version -> len(state.events) after it
        #: the answers given during a claim window's hold, not yet applied (the hold's other
        #: fields: ``HeldWindows``)
        self.kept: dict[int, Action] = {}
        #: each (seat, language)'s view text kept during a claim window (``_view_text``)
        self._texts: dict[tuple[int | None, str], ViewText] = {}
        self.deadlines: dict[int, tuple[str, float, float | None]] = {}  # seat -> kind, since, dl
        self.away: dict[int, float] = {}  # seat -> since when its player has no socket
        self.bots: dict[int, Bot] = {}  # the bots deciding here, without a pool (unit tests)
        #: the server's bot workers (chieu.server.botpool); the bot's answer being awaited
        self.pool: BotPool | None = None
        self.thinking: asyncio.Task[None] | None = None
        self.paused_at: float | None = None  # nobody at the table since: the clock stands
        #: between two games: when the pause ends (the next game is dealt then, or sooner when
        #: every person at the table is ready)
        self.between_until = 0.0
        #: the seats whose person said ``next`` here (a socket of this process) for the game to
        #: come: kept by the room, not the socket, so a reload keeps it (``mark_ready``)
        self.ready: set[int] = set()
        self.conns: set[Conn] = set()
        self.lock = asyncio.Lock()
        self.wake = asyncio.Event()
        #: when the clock (``run``) means to look again (-inf: it is looking now)
        self.sleep_until = -math.inf
        self.task: asyncio.Task[None] | None = None
        self.closing = False
        #: this process runs the room's clock (always, unless several processes share the
        #: database: then the one holding the room's lease, chieu.server.cluster)
        self.owned = True
        #: seats with a socket on another process (cluster; -1: a spectator's)
        self.remote: set[int] = set()
        #: the seats ready on any process, as the heartbeat last read them (cluster)
        self.remote_ready: set[int] = set()
        self.finished_at: float | None = time.time() if self.status == "finished" else None

    # -- the room as JSON --------------------------------------------------------------------
    def seat_of(self, player: int) -> int | None:
        for i, s in enumerate(self.seats):
            if s.get("player") == player:
                return i
        return None

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat and not c.closed for c in self.conns)

    def to_json(self) -> RoomJson:
        seats: list[SeatJson] = []
        live = {c.seat for c in self.conns if not c.closed}  # every push: one pass, not one a seat
        for i, s in enumerate(self.seats):
            pid = s.get("player")
            seats.append(
                {
                    "seat": i,
                    "player": None if pid is None else self.players.get(pid),
                    "bot": s.get("bot"),
                    "away": i in self.away and i not in self.remote,
                    "connected": i in live or i in self.remote,
                }
            )
        totals = list(self.sitting.totals) if self.sitting else [0.0] * len(self.seats)
        return {
            "id": self.id,
            "code": self.code,
            "game": self.game.name,
            "title": self.game.title,
            "rules": self.rules_json,
            "players": len(self.seats),
            "private": self.private,
            "host": self.host,
            "status": self.status,
            "clock": self.clock,
            "seats": seats,
            "game_number": len(self.sitting.rows) + (self.status == "playing")
            if self.sitting
            else 0,
            "game_id": self.game_id,
            "version": self.shown,
            "totals": totals,
            "seating": self.seating_json(),
            "bench": self.bench_json(),
            "ready": sorted(self.ready | self.remote_ready) if self.status == "between" else [],
            "next_at": self.between_until if self.status == "between" else None,
            "level": self.level,
        }

    def sitting_names(self) -> list[str]:
        """The score sheet's names: a player's name, else "Người N (máy Vừa)", as the game's
        words call the seat."""
        out = []
        for i, s in enumerate(self.seats):
            pid = s.get("player")
            player = self.players.get(pid) if pid is not None else None
            name = player["name"] if player is not None else ""
            bot = said(str(s.get("bot") or self.level))
            out.append((name or f"Người {i + 1} (máy {bot})")[:40])
        return out

    # -- loading -----------------------------------------------------------------------------
    def rebuild(self) -> None:
        """The current game from the database: its seed and setup, then every stored action
        through the core (pass-only answers given as the server gives them)."""
        if self.game_id is None:
            return
        stored = self.store.game(self.game_id)
        if stored is None:
            raise ChieuError(f"room {self.id}: game {self.game_id} is missing")
        self.seed = stored.seed
        self.nonce, self.commitment = stored.nonce, stored.commitment
        self.first_version = stored.first_version
        self.state = self.game.new_state(stored.seed, setup=stored.setup)
        self.marks = {stored.first_version: len(self.state.events)}
        space = self.game.action_space
        for version, seat, data in self.store.game_actions(stored.id):
            replay_row(self.state, space, seat, data)
            self.marks[version] = len(self.state.events)
            self.version = max(self.version, version)  # stored after the room row was read
        self.seat_table()
        self._opened(time.time())
        self.shown = self.version
        self._new_bots()
        self._refresh_deadlines()
        self.mark_away()
        if self.state.is_terminal() and stored.record is None and self.status == "playing":
            self._finish()  # the process died between the last action and the game's end
        if self.status == "between":
            self.between_until = time.time() + float(self.clock["pause"] or 0)

    def sync(self) -> bool:
        """Catch up with the database (another process stored actions or changed the room);
        pushes the new views. True if anything changed."""
        rows = self.store.rooms(self.id)
        if not rows:
            return False
        row = rows[0]
        before = (self.version, self.status, self.host, json.dumps(self.seats))
        was = self.status
        self.seats, self.status, self.host = row["seats"], row["status"], row["host"]
        if self.status == "between" and was != "between":  # another process ended the game
            self.between_until = time.time() + float(self.clock["pause"] or 0)
        if row["sitting"]:
            self.sitting = Sitting.from_json(row["sitting"])
        self.seat_table()
        if row["game_id"] != self.game_id:
            self.game_id, self.version = row["game_id"], row["version"]
            self.shown = self.version
            self.rebuild()
            self.ready, self.remote_ready = set(), set()  # a ``next`` for the last one is spent
        elif self.state is not None and self.game_id is not None:
            space = self.game.action_space
            for version, seat, data in self.store.game_actions(self.game_id, self.version):
                window = self.state.window
                replay_row(self.state, space, seat, data)
                self.marks[version] = len(self.state.events)
                self.version = version
                if window is None or self.state.window is not window or self.window_hold <= 0:
                    self.shown = version  # not an answer inside a held window that stays open
            self._opened(time.time())
            self.version = max(self.version, row["version"])
            self._refresh_deadlines()
        else:
            self.version = self.shown = row["version"]
        changed = before != (self.version, self.status, self.host, json.dumps(self.seats))
        if changed:
            self.broadcast()
            self.wake.set()
        return changed

    # -- games -------------------------------------------------------------------------------
    async def start_sitting(self) -> None:
        for s in self.seats:
            if s.get("player") is None and not s.get("bot"):
                s["bot"] = self.level
        self.sitting = self.game.sitting(self.sitting_names())
        await self._start_game()
        self.mark_away()

    def mark_away(self) -> None:
        """Seated players with no socket are away from now (the grace starts)."""
        now = time.time()
        for i, s in enumerate(self.seats):
            if s.get("player") is not None and not self.connected(i):
                self.away.setdefault(i, now)

    async def _start_game(self) -> None:
        assert self.sitting is not None
        seed = fresh_seed()
        setup = self.sitting.next_setup()
        state = self.game.new_state(seed, setup=setup)
        nonce = fair.new_nonce()  # the deal is committed before play (docs/records.md)
        commit = fair.commit(self.game.name, nonce, seed, deck_of(state))
        version = self.version + 1
        number = len(self.sitting.rows) + 1
        sitting = self.sitting.to_json()
        row: RoomChange = {"status": "playing", "seats": self.seats, "sitting": sitting}
        game_id = await self.store.writer().start_game(
            GameStart(self.id, number, seed, setup, version, row, nonce, commit)
        )
        self.status, self.version, self.game_id = "playing", version, game_id
        self.shown = version
        self.seed, self.first_version, self.state = seed, version, state
        self.nonce, self.commitment = nonce, commit
        self.marks = {version: len(state.events)}
        self.seat_table()  # the sitting's seating of this deal
        self._opened(time.time())
        self.ready, self.remote_ready = set(), set()
        self._new_bots()
        self._refresh_deadlines()

    def _new_bots(self) -> None:
        self.bots = {}

    def bot_name(self, seat: int) -> str:
        """The bot of the person at table seat ``seat``."""
        return str(self.seats[self.person(seat)].get("bot") or self.level)

    def bot_for(self, seat: int) -> Bot:
        bot = self.bots.get(seat)
        if bot is None:
            name = self.bot_name(seat)
            bot = get_bot(name, self.game.name)
            hook = getattr(bot, "new_game", None)
            if callable(hook):
                hook(self.game.name, self.game.rules_json(), seat)
            self.bots[seat] = bot
        return bot

    def _ending(self) -> tuple[Sitting, str, RoomChange]:
        """The game is over: its record and the room's new state (on a copy of the sitting,
        so a failed write can be tried again)."""
        state = self.state
        assert self.sitting is not None and state is not None
        sitting = Sitting.from_json(self.sitting.to_json())
        sitting.record(finished(state), self.seed)
        status: RoomStatus = "finished" if sitting.over else "between"
        if self.nonce is not None:  # format 2: the commitment, then the reveal of the deal
            record = committed_text(state, self.nonce).decode("utf-8")
        else:  # a game dealt before the server committed its deals
            record = GameRecord.from_state(state).dumps()
        return sitting, record, {"status": status, "sitting": sitting.to_json()}

    def _ended(self, sitting: Sitting, stored: bool) -> None:
        if not stored:
            self.sync()  # another process finished it
            return
        self.sitting, self.status = sitting, "finished" if sitting.over else "between"
        if sitting.over:
            self.finished_at = time.time()
        self.between_until = time.time() + float(self.clock["pause"] or 0)
        self.deadlines = {}

    def _finish(self) -> None:
        """Store the end of the game (at start-up, when nothing else writes)."""
        assert self.game_id is not None
        sitting, record, row = self._ending()
        self._ended(sitting, self.store.finish_game(GameEnd(self.game_id, record, self.id, row)))

    async def finish(self) -> None:
        """Store the end of the game (through the writer)."""
        assert self.game_id is not None
        sitting, record, row = self._ending()
        stored = await self.store.writer().finish_game(GameEnd(self.game_id, record, self.id, row))
        self._ended(sitting, stored)

    def abandon(self) -> None:
        """End the sitting now (every person left): the room is finished, its score sheet
        and its finished games' records stay; a game in progress stops unrecorded as a game
        (its actions stay in the log)."""
        self.status, self.finished_at, self.deadlines = "finished", time.time(), {}
        self.store.update_room(self.id, status="finished")

    # -- decisions and the clock -------------------------------------------------------------
    def pending(self) -> dict[int, Decision]:
        """The decisions still to answer (an answer kept until the hold's end is given)."""
        if self.state is None or self.status != "playing":
            return {}
        kept = self.kept
        return {d.seat: d for d in self.state.decisions() if d.seat not in kept}

    # -- actions -----------------------------------------------------------------------------
    def check(
        self, seat: int | None, version: object, action_id: object
    ) -> tuple[Action | None, str]:
        """The action a client's message names (``seat``: the sender's room seat), or (None,
        error code): ``sitting_out`` for a person on the bench of this deal."""
        if self.status != "playing" or self.state is None:
            return None, "not_playing"
        if self.benched(seat):
            return None, "sitting_out"
        if version != self.shown:
            return None, "stale"
        seat = self.table_seat(seat)
        if seat is None:
            return None, "not_your_seat"
        d = self.pending().get(seat)
        if d is None:
            return None, "not_your_seat"
        space = self.game.action_space
        if not isinstance(action_id, int) or not 0 <= action_id < len(space):
            return None, "illegal"
        action = space.action(action_id)
        if action not in d.actions:
            return None, "illegal"
        return action, ""

    async def commit(self, seat: int, action: Action) -> None:
        """Store the action (committed, in the store's next group commit), then apply it,
        then push the new views. The caller holds the room's lock. A claim answer given
        before the window's hold ends is kept until then (``end_hold`` stores it); a
        pass-only one is never stored alone (a replay gives it again,
        ``StateBase.before_recorded``)."""
        state = self.state
        assert self.game_id is not None and state is not None
        window = state.window
        if window is not None:
            if self.hold_end() is not None:  # kept to the hold's end: nobody learns of it
                self.kept[seat] = action
                return
            if len(window.options.get(seat, ())) == 1:
                state.pass_forced()
                await self._after(window, [seat])
                return
        data = dict(self.game.action_space.json_of(action))
        row = ActionRow(self.id, self.version, self.game_id, seat, data)
        await self.store.writer().append(row)
        self.version += 1
        state.apply(action, seat)
        self.marks[self.version] = len(state.events)
        await self._after(window, [seat])

    async def _after(self, window: object | None, actors: list[int]) -> None:
        """The state changed (``actors`` answered or acted): note a new window, store the end
        of the game, push (to everyone, or only to ``actors`` while the window ``window``
        they answered stays open: their answers are private), wake the clock if due sooner."""
        state = self.state
        assert state is not None
        now = time.time()
        self._opened(now)
        # an answer inside a window that stays open changes nobody else's view; with a hold
        # it is not even shown to advance the version (with none, the window already tells)
        private = window is not None and state.window is window and self.window_hold > 0
        if not private:
            self.shown = self.version
            self.marks[self.shown] = len(state.events)
        if state.is_terminal():
            await self.finish()
        else:
            self._refresh_deadlines(actors)
        if private:
            self.push(actors)
        else:
            self.broadcast()
        # the clock wakes only if it now has something to do sooner than it planned (most
        # actions only push its deadlines later): waking it after every action cost a tenth
        # of a loaded server's time
        if self.status != "playing" or self._next_due(now) < self.sleep_until:
            self.wake.set()

    def attach(self, conn: Conn) -> None:
        self.resume(time.time())  # the views this attach pushes show the moved deadlines
        self.conns.add(conn)
        if conn.seat is not None:
            self.away.pop(conn.seat, None)
        self.wake.set()  # between games, a room nobody attended waits for this

    def attended(self) -> bool:
        """Someone is at the table: a socket here (a player or a spectator), or a player's on
        another process. A room everyone walked away from stands still: no bot moves, no
        timeouts, no next game (bots would play on forever, for nobody, on the server's time);
        it goes on when someone is back (``resume``)."""
        return bool(self.remote) or any(not c.closed for c in self.conns)

    def detach(self, conn: Conn) -> None:
        self.conns.discard(conn)
        conn.close()
        seat = conn.seat
        if seat is not None and not self.connected(seat):
            self.away[seat] = time.time()
        self.wake.set()
