"""The database: SQLite (WAL) by default, PostgreSQL by URL; migrations run at start-up.

Every write is one transaction. ``append_action`` inserts the action row and advances the
room's version together (``UPDATE ... WHERE version = expected``: a second writer with the
same expectation fails instead of forking the room), and returns only once committed.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar, TypeVarTuple, Unpack

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Engine, RowMapping
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.pool import ConnectionPoolEntry

from chieu.server import models as m
from chieu.server import pgsql
from chieu.server.rows import (
    ActionRow,
    ConflictError,
    DriverRow,
    GameEnd,
    GameStart,
    PlayerRow,
    RoomChange,
    RoomFields,
    RoomGameJson,
    SeatRow,
    StoredGame,
    StoredRoom,
    is_id,
    new_id,
    started_id,
    stored_flags,
)
from chieu.server.writer import Writer

#: the hot path's statements, built once
_ADVANCE = (
    m.rooms.update()
    .where(m.rooms.c.id == sa.bindparam("rid"), m.rooms.c.version == sa.bindparam("old"))
    .values(version=sa.bindparam("new"))
)
#: the advance and the insert of ``Store.append_actions`` on SQLite's own cursor
_ADVANCE_SQLITE = "UPDATE rooms SET version = ? WHERE id = ? AND version = ?"
_APPEND_SQLITE = (
    "INSERT INTO actions (room_id, version, game_id, seat, action, at) VALUES (?, ?, ?, ?, ?, ?)"
)
_NOTIFY = sa.text("SELECT pg_notify('chieu', :p)")
#: random ids tried for a new room or game before giving up (each one taken: 2^-21 at most)
ID_TRIES = 4


T = TypeVar("T")
Ts = TypeVarTuple("Ts")


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


def _sqlite_pragmas(dbapi_conn: DBAPIConnection, _record: ConnectionPoolEntry) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")  # a killed process loses no committed transaction
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = sa.create_engine(url, connect_args={"check_same_thread": False})
        sa.event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return sa.create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=5)


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest revision (Alembic, programmatically)."""
    here = Path(__file__).parent / "migrations"
    cfg = Config(str(here / "alembic.ini"))
    cfg.set_main_option("script_location", str(here))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


def _driver_execute(conn: sa.Connection, sql: str, params: dict[str, object]) -> list[DriverRow]:
    """PostgreSQL: ``sql`` (psycopg's parameters) on the driver's own cursor, its rows
    (SQLAlchemy's statement machinery cost more than the database's work here)."""
    cur = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
    cur.execute(sql, params)
    return list(cur.fetchall())


def _player_row(r: RowMapping) -> PlayerRow:
    return {
        "id": r["id"],
        "name": r["name"],
        "account": r["account"],
        "password": r["password"],
        "created": r["created"],
        "skeleton": r["skeleton"],
    }


def _room_row(r: RowMapping) -> StoredRoom:
    """A room's row, its JSON columns decoded (in the table's order of columns)."""
    return {
        "id": r["id"],
        "code": r["code"],
        "game": r["game"],
        "rules": json.loads(r["rules"]),
        "host": r["host"],
        "private": r["private"],
        "status": r["status"],
        "clock": json.loads(r["clock"]),
        "seats": json.loads(r["seats"]),
        "sitting": json.loads(r["sitting"]),
        "version": r["version"],
        "game_id": r["game_id"],
        "level": r["level"],
        "created": r["created"],
    }


class Store:
    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        #: PostgreSQL: every change of a room is announced (NOTIFY chieu, '<room id>@<origin>')
        #: in its own transaction, for the other processes (chieu.server.cluster)
        self.postgres = url.startswith("postgresql")
        #: who announces: this process's node (``Cluster``), so that it can skip its own
        self.origin = ""
        self._writer: Writer | None = None

    def migrate(self) -> None:
        migrate(self.engine)

    def close(self) -> None:
        if self._writer is not None:
            self._writer.pool.shutdown(wait=True)
        self.engine.dispose()

    async def aclose(self) -> None:
        """Close the writer's PostgreSQL connection (then ``close``)."""
        if self._writer is not None:
            await self._writer.aclose()

    def transact(self, fn: Callable[[sa.Connection, *Ts], T], *args: *Ts) -> T:
        """``fn(conn, *args)`` in one transaction, committed when this returns."""
        with self.engine.begin() as conn:
            return fn(conn, *args)

    # -- meta --------------------------------------------------------------------------------
    def secret(self) -> str:
        """The token-signing secret, made once and kept in the database."""
        with self.engine.begin() as conn:
            row = conn.execute(sa.select(m.meta.c.value).where(m.meta.c.key == "secret")).first()
            if row is not None:
                return str(row[0])
            value = secrets.token_urlsafe(48)
            conn.execute(m.meta.insert().values(key="secret", value=value))
            return value

    # -- players -----------------------------------------------------------------------------
    def create_player(
        self,
        name: str,
        account: str | None = None,
        password: str | None = None,
        skeleton: str | None = None,
    ) -> int:
        with self.engine.begin() as conn:
            res = conn.execute(
                m.players.insert().values(
                    name=name,
                    account=account,
                    password=password,
                    created=time.time(),
                    skeleton=skeleton,
                )
            )
            return int(res.inserted_primary_key[0])  # type: ignore[index]

    def account_looks_like(self, skeleton: str) -> bool:
        """Whether an account's name has this confusable skeleton (``names.lookalike_key``)."""
        q = sa.select(m.players.c.id).where(
            m.players.c.skeleton == skeleton, m.players.c.account.is_not(None)
        )
        with self.engine.connect() as conn:
            return conn.execute(q.limit(1)).first() is not None

    def player(self, player_id: int) -> PlayerRow | None:
        if not is_id(player_id):
            return None
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(m.players).where(m.players.c.id == player_id)).first()
        return None if row is None else _player_row(row._mapping)

    def account(self, key: str) -> PlayerRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(m.players).where(m.players.c.account == key)).first()
        return None if row is None else _player_row(row._mapping)

    def set_password(self, player_id: int, password: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                m.players.update().where(m.players.c.id == player_id).values(password=password)
            )

    # -- rooms -------------------------------------------------------------------------------
    def create_room(self, **fields: Unpack[RoomFields]) -> int:
        values = {
            k: _dumps(v) if k in ("rules", "clock", "seats", "sitting") else v
            for k, v in fields.items()
        }
        for attempt in range(ID_TRIES):  # a random id (``new_id``): another try if taken
            room_id = new_id()
            try:
                with self.engine.begin() as conn:
                    if conn.execute(sa.select(m.rooms.c.id).where(m.rooms.c.id == room_id)).first():
                        continue
                    conn.execute(m.rooms.insert().values(id=room_id, created=time.time(), **values))
                    return room_id
            except sa.exc.IntegrityError:  # made at the same moment elsewhere
                if attempt == ID_TRIES - 1:
                    raise
        raise RuntimeError("no free room id")  # pragma: no cover - 2^53 ids

    def update_room(self, room_id: int, **fields: Unpack[RoomChange]) -> None:
        with self.engine.begin() as conn:
            self._update_room(conn, room_id, fields)

    def _notify(self, conn: sa.Connection, room_id: int) -> None:
        if self.postgres:
            conn.execute(_NOTIFY, {"p": f"{room_id}@{self.origin}"})

    def _update_room(self, conn: sa.Connection, room_id: int, fields: RoomChange) -> None:
        values = {
            k: _dumps(v) if k in ("rules", "clock", "seats", "sitting") else v
            for k, v in fields.items()
        }
        conn.execute(m.rooms.update().where(m.rooms.c.id == room_id).values(**values))
        self._notify(conn, room_id)

    def open_rooms_of(self, host: int) -> int:
        with self.engine.connect() as conn:
            q = (
                sa.select(sa.func.count())
                .select_from(m.rooms)
                .where(m.rooms.c.host == host, m.rooms.c.status != "finished")
            )
            return int(conn.execute(q).scalar_one())

    def close_waiting(self, room_id: int, seats: list[SeatRow]) -> bool:
        """Close a waiting room nobody came to (status ``finished``), only if it is still
        waiting with these ``seats`` (nobody joined meanwhile, on any process)."""
        with self.engine.begin() as conn:
            res = conn.execute(
                m.rooms.update()
                .where(
                    m.rooms.c.id == room_id,
                    m.rooms.c.status == "waiting",
                    m.rooms.c.seats == _dumps(seats),
                )
                .values(status="finished")
            )
            if res.rowcount != 1:
                return False
            self._notify(conn, room_id)
            return True

    def code_taken(self, code: str) -> bool:
        with self.engine.connect() as conn:
            q = sa.select(m.rooms.c.id).where(m.rooms.c.code == code)
            return conn.execute(q).first() is not None

    def room_ids(self) -> list[int]:
        """The ids of the rooms not finished."""
        q = sa.select(m.rooms.c.id).where(m.rooms.c.status != "finished")
        with self.engine.connect() as conn:
            return [int(r[0]) for r in conn.execute(q)]

    def rooms(self, room_id: int | None = None) -> list[StoredRoom]:
        """Rooms not finished (or the one room ``room_id``), JSON columns decoded."""
        if room_id is not None and not is_id(room_id):
            return []
        q = sa.select(m.rooms)
        q = (
            q.where(m.rooms.c.id == room_id)
            if room_id is not None
            else q.where(m.rooms.c.status != "finished")
        )
        with self.engine.connect() as conn:
            return [_room_row(r._mapping) for r in conn.execute(q.order_by(m.rooms.c.id))]

    # -- games and actions -------------------------------------------------------------------
    def start_game(self, start: GameStart) -> int:
        """``start_game_in`` in a transaction of its own."""
        return self.transact(self.start_game_in, start)

    def start_game_in(self, conn: sa.Connection, start: GameStart) -> int:
        """A new game row and the room's state; ``conn``: the transaction. ConflictError
        (nothing written) if the room is not at ``start.version - 1``."""
        if self.postgres:
            return started_id(_driver_execute(conn, *self.start_game_sql(start)), start)
        room_id, version = start.room_id, start.version
        game_id = new_id()
        while conn.execute(sa.select(m.games.c.id).where(m.games.c.id == game_id)).first():
            game_id = new_id()  # taken (SQLite: one writer at a time, so it stays free)
        conn.execute(
            m.games.insert().values(
                id=game_id,
                room_id=room_id,
                number=start.number,
                seed=start.seed,
                setup=_dumps(start.setup),
                first_version=version,
                created=time.time(),
                nonce=start.nonce,
                commitment=start.commitment,
            )
        )
        moved = conn.execute(_ADVANCE, {"rid": room_id, "old": version - 1, "new": version})
        if moved.rowcount != 1:
            raise ConflictError(f"room {room_id} is not at version {version - 1}")
        self._update_room(conn, room_id, {**start.room, "game_id": game_id})
        return game_id

    def start_game_sql(self, start: GameStart) -> tuple[str, dict[str, object]]:
        """PostgreSQL: ``start_game_in`` as one statement and its parameters."""
        return pgsql.START_GAME, {
            "rid": start.room_id,
            "gids": [new_id() for _ in range(ID_TRIES)],  # the first one free is the game's
            "number": start.number,
            "seed": start.seed,
            "setup": _dumps(start.setup),
            "version": start.version,
            "status": start.room["status"],
            "seats": _dumps(start.room["seats"]),
            "sitting": _dumps(start.room["sitting"]),
            "at": time.time(),
            "origin": self.origin,
            "nonce": start.nonce,
            "commitment": start.commitment,
        }

    def append_action(
        self, room_id: int, version: int, game_id: int, seat: int, action: dict[str, object]
    ) -> None:
        """Store the action that takes the room from ``version`` to ``version + 1``; committed
        when this returns. ConflictError (nothing written) if the room is not at ``version``."""
        if not self.append_actions([ActionRow(room_id, version, game_id, seat, action)])[0]:
            raise ConflictError(f"room {room_id} is not at version {version}")

    def append_actions(self, rows: Sequence[ActionRow]) -> list[bool]:
        """Several rooms' actions in one transaction (a group commit), committed when this
        returns: ``append_in``'s answer."""
        with self.engine.begin() as conn:
            return self.append_in(conn, rows, time.time())

    def append_in(self, conn: sa.Connection, rows: Sequence[ActionRow], now: float) -> list[bool]:
        """For each row True, or False when its room was not at its version (nothing of that
        row is written; the others are). On PostgreSQL the whole batch is one statement
        (``pgsql.APPEND_ALL``: advance every room that is where its row says, insert their
        actions, announce them); on SQLite, in process, a statement a row. Both on the
        driver's own cursor (SQLAlchemy's statement machinery cost more than the database's
        work here)."""
        if self.postgres:
            return stored_flags(rows, _driver_execute(conn, *self.append_sql(rows, now)))
        cur = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
        stored = []
        for r in rows:
            cur.execute(_ADVANCE_SQLITE, (r.version + 1, r.room_id, r.version))
            stored.append(cur.rowcount == 1)
        good = [r for r, ok in zip(rows, stored, strict=True) if ok]
        cur.executemany(
            _APPEND_SQLITE,
            [(r.room_id, r.version + 1, r.game_id, r.seat, _dumps(r.action), now) for r in good],
        )
        return stored

    def append_sql(self, rows: Sequence[ActionRow], now: float) -> tuple[str, dict[str, object]]:
        """PostgreSQL: ``append_in`` as one statement and its parameters."""
        return pgsql.APPEND_ALL, {
            "rids": [r.room_id for r in rows],
            "olds": [r.version for r in rows],
            "games": [r.game_id for r in rows],
            "seats": [r.seat for r in rows],
            "actions": [_dumps(r.action) for r in rows],
            "at": now,
            "origin": self.origin,
        }

    def dsn(self) -> str:
        """PostgreSQL: the URL as psycopg takes it (``postgresql://...``)."""
        url = sa.engine.make_url(self.url).set(drivername="postgresql")
        return url.render_as_string(hide_password=False)

    def writer(self) -> Writer:
        """The group committer of this store (made on first use, in the running loop)."""
        if self._writer is None:
            self._writer = Writer(self)
        return self._writer

    def finish_game(self, end: GameEnd) -> bool:
        """``finish_game_in`` in a transaction of its own."""
        return self.transact(self.finish_game_in, end)

    def finish_game_in(self, conn: sa.Connection, end: GameEnd) -> bool:
        """The game's record and the room's new state, once: False (nothing written) when
        the game already has its record (another process finished it)."""
        if self.postgres:
            return bool(_driver_execute(conn, *self.finish_game_sql(end)))
        res = conn.execute(
            m.games.update()
            .where(m.games.c.id == end.game_id, m.games.c.record.is_(None))
            .values(record=end.record)
        )
        if res.rowcount != 1:
            return False
        self._update_room(conn, end.room_id, end.room)
        return True

    def finish_game_sql(self, end: GameEnd) -> tuple[str, dict[str, object]]:
        """PostgreSQL: ``finish_game_in`` as one statement and its parameters."""
        return pgsql.FINISH_GAME, {
            "gid": end.game_id,
            "record": end.record,
            "rid": end.room_id,
            "status": end.room["status"],
            "sitting": _dumps(end.room["sitting"]),
            "origin": self.origin,
        }

    # -- leases (several processes) ----------------------------------------------------------
    def take_lease(self, room_id: int, node: str, ttl: float) -> bool:
        """Own the room's clock for ``ttl`` seconds: a new lease, ours renewed, or an expired
        one taken over. False if another process holds it."""
        return room_id in self.take_leases([room_id], node, ttl)

    def take_leases(self, room_ids: Sequence[int], node: str, ttl: float) -> set[int]:
        """``take_lease`` for every room of ``room_ids`` in one statement: the rooms whose
        clock ``node`` now owns (an upsert that only overwrites our own or an expired lease)."""
        if not room_ids:
            return set()
        now = time.time()
        if self.postgres:
            with self.engine.begin() as conn:
                params = {"rids": list(room_ids), "node": node, "expires": now + ttl, "now": now}
                rows = _driver_execute(conn, pgsql.TAKE_LEASES, params)
            return {int(row[0]) for row in rows}
        stmt = sqlite_insert(m.leases).values(
            [{"room_id": r, "owner": node, "expires": now + ttl} for r in room_ids]
        )
        upsert = stmt.on_conflict_do_update(
            index_elements=[m.leases.c.room_id],
            set_={"owner": node, "expires": now + ttl},
            where=sa.or_(m.leases.c.owner == node, m.leases.c.expires < now),
        ).returning(m.leases.c.room_id)
        with self.engine.begin() as conn:
            return {int(row[0]) for row in conn.execute(upsert)}

    def set_presence(
        self, node: str, seats: dict[int, list[int]], ready: dict[int, list[int]] | None = None
    ) -> None:
        """The seats whose players have a socket on ``node``, by room, and those of them
        that sent ``next`` between two games (for the rooms' owners)."""
        key = f"presence:{node}"
        value = _dumps(
            {
                "at": time.time(),
                "rooms": {str(k): v for k, v in seats.items()},
                "ready": {str(k): v for k, v in (ready or {}).items()},
            }
        )
        with self.engine.begin() as conn:
            conn.execute(m.meta.delete().where(m.meta.c.key == key))
            conn.execute(m.meta.insert().values(key=key, value=value))

    def presence(self, fresh: float) -> tuple[dict[int, set[int]], dict[int, set[int]]]:
        """Room -> the seats connected to any process that reported within ``fresh`` s, and
        room -> the seats among them that are ready for the next game."""
        q = sa.select(m.meta.c.value).where(m.meta.c.key.like("presence:%"))
        seats: dict[int, set[int]] = {}
        ready: dict[int, set[int]] = {}
        with self.engine.connect() as conn:
            for (value,) in conn.execute(q):
                data = json.loads(value)
                if data["at"] >= time.time() - fresh:
                    for out, field in ((seats, "rooms"), (ready, "ready")):
                        for room, which in data.get(field, {}).items():
                            out.setdefault(int(room), set()).update(which)
        return seats, ready

    def swap_seats(self, room_id: int, old: list[SeatRow], new: list[SeatRow]) -> bool:
        """Change a room's seats only if they still are ``old`` (compare and swap: two
        processes seating players at once cannot overwrite each other). False: nothing
        written, the seats changed meanwhile."""
        with self.engine.begin() as conn:
            res = conn.execute(
                m.rooms.update()
                .where(m.rooms.c.id == room_id, m.rooms.c.seats == _dumps(old))
                .values(seats=_dumps(new))
            )
            if res.rowcount != 1:
                return False
            self._notify(conn, room_id)
            return True

    def release_leases(self, node: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(m.leases.delete().where(m.leases.c.owner == node))

    def game(self, game_id: int) -> StoredGame | None:
        if not is_id(game_id):
            return None
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(m.games).where(m.games.c.id == game_id)).first()
        if row is None:
            return None
        r = row._mapping
        return StoredGame(
            r["id"],
            r["room_id"],
            r["number"],
            int(r["seed"]),
            json.loads(r["setup"]),
            r["first_version"],
            r["record"],
            r["nonce"],
            r["commitment"],
        )

    def room_games(self, room_id: int) -> list[RoomGameJson]:
        """The room's games in order: ``{"id", "number", "over"}`` each."""
        if not is_id(room_id):
            return []
        q = (
            sa.select(m.games.c.id, m.games.c.number, m.games.c.record.is_not(None))
            .where(m.games.c.room_id == room_id)
            .order_by(m.games.c.number)
        )
        with self.engine.connect() as conn:
            rows = conn.execute(q).all()
        return [{"id": int(i), "number": int(n), "over": bool(o)} for i, n, o in rows]

    def game_actions(
        self, game_id: int, after: int = -1
    ) -> list[tuple[int, int, dict[str, object]]]:
        """(version, seat, action JSON) of the stored actions of the game after version
        ``after``, in order."""
        q = (
            sa.select(m.actions.c.version, m.actions.c.seat, m.actions.c.action)
            .where(m.actions.c.game_id == game_id, m.actions.c.version > after)
            .order_by(m.actions.c.version)
        )
        with self.engine.connect() as conn:
            return [(int(v), int(s), json.loads(a)) for v, s, a in conn.execute(q)]
