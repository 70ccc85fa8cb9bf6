"""Several ``chieu serve`` processes on one PostgreSQL (docs/deploy.md).

Every process keeps a replica of the rooms its clients use and accepts their actions: the
store's version check lets one writer win, the loser catches up and answers ``stale``. Every
change of a room is announced in its own transaction (``NOTIFY chieu, '<room id>'``); each
process ``LISTEN``s and catches the room up from the action log, then pushes each of its
clients its own view. Only the process holding a room's lease (a row renewed by a heartbeat)
runs its clock: bots, deadlines, the next game. When that process dies its leases expire and
another process takes the rooms over.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import threading
import uuid

from chieu.server.lobby import Lobby
from chieu.server.room import Room
from chieu.server.storage import Store

log = logging.getLogger("chieu.server")


def lease_seconds() -> float:
    return float(os.environ.get("CHIEU_LEASE_SECONDS") or 10.0)


class Cluster:
    def __init__(self, lobby: Lobby, store: Store) -> None:
        self.lobby = lobby
        self.store = store
        self.node = uuid.uuid4().hex
        store.origin = self.node
        self.ttl = lease_seconds()
        lobby.claim = self.claim
        self.stopping = threading.Event()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread: threading.Thread | None = None
        self.task: asyncio.Task[None] | None = None
        self.taking: set[asyncio.Task[None]] = set()  # rooms being taken over (``_take``)

    def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.thread = threading.Thread(target=self._listen, name="chieu-listen", daemon=True)
        self.thread.start()
        self.task = self.loop.create_task(self._heartbeat())

    async def stop(self) -> None:
        self.stopping.set()
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task
        with contextlib.suppress(Exception):
            self.store.release_leases(self.node)

    # -- leases ------------------------------------------------------------------------------
    def claim(self, room_id: int) -> bool:
        """Take the lease of a room made here (``Lobby.create_room``)."""
        return self.store.take_lease(room_id, self.node, self.ttl)

    async def _heartbeat(self) -> None:
        while not self.stopping.is_set():
            try:
                # the database work in a worker thread: the rooms keep playing meanwhile
                local = self._local()
                self._apply(*await asyncio.to_thread(self._exchange, *local))
            except Exception:
                log.exception("lease heartbeat failed")
            await asyncio.sleep(self.ttl / 4)

    def beat(self) -> None:
        """Renew our leases, take the rooms nobody holds, learn the rooms made elsewhere, and
        tell the others which seats have a socket here (at start-up; then ``_heartbeat``)."""
        self._apply(*self._exchange(*self._local()))

    def _local(self) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
        """The seats with a socket here (-1: a spectator's, which keeps the room's clock running
        on its owner: ``Room.attended``), and those of them ready for the next game, by room."""
        here, ready = {}, {}
        for rid, room in self.lobby.rooms.items():
            live = [c for c in room.conns if not c.closed]
            if live:
                here[rid] = sorted({-1 if c.seat is None else c.seat for c in live})
            waiting = sorted(room.ready)  # said here, kept by the room (a reload keeps it)
            if waiting:
                ready[rid] = waiting
        return here, ready

    def _exchange(
        self, here: dict[int, list[int]], ready: dict[int, list[int]]
    ) -> tuple[list[int], dict[int, set[int]], dict[int, set[int]], set[int]]:
        """The heartbeat's database work, a few statements whatever the number of rooms: the
        live rooms, every process's sockets, and the leases (ours renewed, free ones taken)."""
        live = self.store.room_ids()
        self.store.set_presence(self.node, here, ready)
        present, everywhere_ready = self.store.presence(2 * self.ttl)
        owned = self.store.take_leases(live, self.node, self.ttl)
        return live, present, everywhere_ready, owned

    def _apply(
        self,
        live: list[int],
        present: dict[int, set[int]],
        everywhere_ready: dict[int, set[int]],
        owned: set[int],
    ) -> None:
        for rid in live:
            if rid not in self.lobby.rooms:
                self.lobby.load_room(rid)
        for room in list(self.lobby.rooms.values()):
            room.remote = present.get(room.id, set())
            room.remote_ready = everywhere_ready.get(room.id, set())
            if room.remote and room.status == "between":
                room.wake.set()  # a player on another process: the next game may be due
            if room.status == "finished":
                continue
            if room.id in owned and not room.owned:
                log.info("room %s: lease taken by %s", room.id, self.node)
                task = asyncio.get_running_loop().create_task(self._take(room))
                self.taking.add(task)
                task.add_done_callback(self.taking.discard)
            elif room.id not in owned:
                room.owned = False

    async def _take(self, room: Room) -> None:
        """Catch up with what the room's last owner stored, then run its clock here."""
        async with room.lock:
            try:
                room.sync()
            except Exception:
                log.exception("room %s: catching up failed", room.id)
                return
            room.owned = True
            room.ensure_running()

    # -- notifications -----------------------------------------------------------------------
    def _listen(self) -> None:
        import psycopg

        text = self.store.dsn()
        while not self.stopping.is_set():
            try:
                with psycopg.connect(text, autocommit=True) as conn:
                    conn.execute("LISTEN chieu")
                    while not self.stopping.is_set():
                        for note in conn.notifies(timeout=1.0):
                            self._tell(note.payload)
            except Exception:
                log.exception("LISTEN failed; trying again")
                self.stopping.wait(1.0)

    def _tell(self, payload: str) -> None:
        """A notification: ``"<room>@<origin>"`` (the room changed) or
        ``"<room>:<version>@<origin>"`` (an action took it to that version), ``origin`` the
        node that made the change. Our own changes are skipped: this process made them to its
        rooms already (as it does alone on SQLite), and reading them back would stall the
        event loop."""
        change, _, origin = payload.partition("@")
        if origin == self.node:
            return
        room, _, version = change.partition(":")
        if self.loop is None or not room.isdigit() or not (version.isdigit() or not version):
            return
        known = self.lobby.rooms.get(int(room))
        if version and known is not None and known.version >= int(version):
            return  # caught up already: the event loop need not even wake up
        self.loop.call_soon_threadsafe(self._schedule, int(room), int(version) if version else None)

    def _schedule(self, room_id: int, version: int | None) -> None:
        assert self.loop is not None
        self.loop.create_task(self._sync(room_id, version))

    async def _sync(self, room_id: int, version: int | None = None) -> None:
        room = self.lobby.rooms.get(room_id)
        if room is None:
            return  # the heartbeat loads it
        if version is not None and room.version >= version:
            return  # our own action, or one we have caught up with already: nothing to read
        async with room.lock:
            if version is not None and room.version >= version:
                return
            try:
                room.sync()
            except Exception:
                log.exception("room %s: catching up failed", room_id)
