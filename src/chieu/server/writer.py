"""The event loop's writes while playing: ``Writer``, the group commit of accepted actions,
and a game's start and end (``Store.writer()``)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import TYPE_CHECKING, TypeVar, TypeVarTuple

from chieu.server.rows import (
    ActionRow,
    ConflictError,
    DriverRow,
    GameEnd,
    GameStart,
    started_id,
    stored_flags,
)

if TYPE_CHECKING:
    from psycopg import AsyncConnection
    from psycopg.rows import TupleRow

    from chieu.server.storage import Store

T = TypeVar("T")
Ts = TypeVarTuple("Ts")


class Writer:
    """Group commit. Every room hands its accepted action in and waits; the actions handed in
    while a transaction is being committed go together in the next one, so the event loop
    keeps serving the other rooms meanwhile. An action is acknowledged (its ``append``
    returns) only once its transaction is committed; a room whose version moved under it
    (another process) gets ConflictError and nothing of its action is written.

    On SQLite one thread writes everything the rooms write while playing (actions, a game's
    start and end): writers never wait on each other's locks, the event loop never waits on a
    lock at all. On PostgreSQL each of those writes is one statement awaited on the event loop
    itself (psycopg's asyncio connection): a worker thread there had to win the interpreter
    lock back from the busy loop after every round trip, which made a game's start or end
    take tens of milliseconds under load."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.queue: list[tuple[ActionRow, asyncio.Future[bool]]] = []
        self.task: asyncio.Task[None] | None = None
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="chieu-writer")
        #: PostgreSQL: psycopg's asyncio connection of the running loop, in autocommit mode
        self.conn: tuple[asyncio.AbstractEventLoop, AsyncConnection[TupleRow]] | None = None

    async def start_game(self, start: GameStart) -> int:
        """``Store.start_game_in``'s answer, committed when this returns."""
        if self.store.postgres:
            return started_id(await self._rows(*self.store.start_game_sql(start)), start)
        return await self._in_thread(self.store.start_game, start)

    async def finish_game(self, end: GameEnd) -> bool:
        """``Store.finish_game_in``'s answer, committed when this returns."""
        if self.store.postgres:
            return bool(await self._rows(*self.store.finish_game_sql(end)))
        return await self._in_thread(self.store.finish_game, end)

    async def _in_thread(self, fn: Callable[[*Ts], T], *args: *Ts) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.pool, partial(fn, *args))

    async def _rows(self, sql: str, params: dict[str, object]) -> list[DriverRow]:
        """PostgreSQL: one statement (``chieu.server.pgsql``) in autocommit mode, its own
        transaction, on a connection of this loop kept open (psycopg's own: SQLAlchemy's
        asyncio engine spent 150 µs of the loop's time on a statement, psycopg 37 µs).
        psycopg runs one statement at a time on it; a broken connection fails its statement
        (nothing committed) and the next one opens another."""
        import psycopg

        loop = asyncio.get_running_loop()
        if self.conn is None or self.conn[0] is not loop:  # a new loop: its own connection
            self.conn = (
                loop,
                await psycopg.AsyncConnection.connect(self.store.dsn(), autocommit=True),
            )
        conn = self.conn[1]
        try:
            cur = await conn.execute(sql, params)
            return list(await cur.fetchall())
        except psycopg.OperationalError:
            self.conn = None
            with contextlib.suppress(Exception):
                await conn.close()
            raise

    async def aclose(self) -> None:
        if self.conn is not None:
            conn, self.conn = self.conn[1], None
            with contextlib.suppress(Exception):
                await conn.close()

    async def append(self, row: ActionRow) -> None:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[bool] = loop.create_future()
        self.queue.append((row, done))
        if self.task is None or self.task.done():
            self.task = loop.create_task(self._run())
        if not await done:
            raise ConflictError(f"room {row.room_id} is not at version {row.version}")

    async def _run(self) -> None:
        while self.queue:
            batch, self.queue = self.queue, []
            try:
                stored = await self._append([r for r, _ in batch])
            except Exception as exc:  # nothing of this batch was committed
                for _, done in batch:
                    if not done.done():
                        done.set_exception(exc)
                continue
            for (_, done), ok in zip(batch, stored, strict=True):
                if not done.done():
                    done.set_result(ok)

    async def _append(self, rows: list[ActionRow]) -> list[bool]:
        """One group commit (``Store.append_actions``'s answer). On PostgreSQL the batch is one
        statement in autocommit mode: its own transaction, one round trip."""
        if self.store.postgres:
            return stored_flags(rows, await self._rows(*self.store.append_sql(rows, time.time())))
        return await self._in_thread(self.store.append_actions, rows)
