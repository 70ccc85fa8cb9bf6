"""The store on SQLite and on a real PostgreSQL: migrations, the action log, rebuilding."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from chieu.core.record import GameRecord
from chieu.server.lobby import Lobby
from chieu.server.rows import ActionRow, ConflictError, GameEnd, GameStart
from chieu.server.storage import Store
from tests.server.helpers import WAIT, ThreadServer, spectate, until
from tests.server.test_play import _game


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 's.sqlite3'}"
    value: str = request.getfixturevalue("pg_url")
    return value


def test_migrations_secret_players(url: str) -> None:
    store = Store(url)
    store.migrate()
    store.migrate()  # twice: nothing to do
    secret = store.secret()
    assert len(secret) > 40 and store.secret() == secret
    pid = store.create_player("Bà Tư", "bà tư", "hash")
    assert store.player(pid)["name"] == "Bà Tư"  # type: ignore[index]
    assert store.account("bà tư")["id"] == pid  # type: ignore[index]
    with pytest.raises(Exception):  # noqa: B017 - the unique index, whatever the driver
        store.create_player("BÀ TƯ", "bà tư", "hash")
    store.close()


def test_action_log_and_rebuild(url: str) -> None:
    store = Store(url)
    store.migrate()
    pid = store.create_player("Chủ")
    lobby = Lobby(store)
    room = lobby.create_room(
        pid,
        {
            "game": "chan",
            "bots": {str(s): "heuristic" for s in range(4)},
            "clock": {"bot_delay": 0, "pause": 600, "window": 0},  # every step at once
        },
    )
    asyncio.run(room.start_sitting())
    spectate(room)  # someone at the table: its clock runs
    steps = 0
    while steps < 15 and room.status == "playing":  # a fresh deal may end sooner (an ù)
        assert asyncio.run(room.auto_step(time.time())) == 0.0
        steps += 1
    version = room.version
    # a write at a version the room is not at stores nothing
    with pytest.raises(ConflictError):
        store.append_action(room.id, version - 1, room.game_id or 0, 0, {"verb": "x"})
    assert len(store.game_actions(room.game_id or 0)) == steps
    # a new process: the room is rebuilt from the log, the same to every seat
    again = Lobby(Store(url))
    again.load()
    copy = again.rooms[room.id]
    spectate(copy)
    assert copy.version == version and copy.status == room.status
    for seat in (None, 0, 1, 2, 3):
        assert copy.state.view(seat).to_json() == room.state.view(seat).to_json()
    # the rebuilt room finishes the game and stores its record
    while copy.status == "playing":
        asyncio.run(copy.auto_step(time.time()))
    assert copy.status == "between"
    game = copy.store.game(copy.game_id or 0)
    assert game is not None and game.record is not None
    record = GameRecord.loads(game.record)
    assert record.verify() == [] and record.replay().is_terminal()
    assert len(record.actions()) == len(store.game_actions(game.id))
    # the pause is over and the host is at the table (on another process): the next game
    copy.between_until = 0
    copy.remote = {0}
    assert asyncio.run(copy.auto_step(time.time())) == 0.0
    assert copy.status == "playing" and copy.game_id != game.id
    assert copy.version == record_version(copy) and len(copy.sitting.rows) == 1  # type: ignore[union-attr]
    copy.store.close()
    store.close()


def record_version(room: object) -> int:
    return int(room.first_version)  # type: ignore[attr-defined]


def test_whole_game_on_postgresql(pg_url: str) -> None:
    with ThreadServer(pg_url) as srv:
        out = asyncio.run(_game(srv, "chan"))
    assert GameRecord.loads(out["record"]).verify() == []


def test_group_commit_stores_only_the_rooms_at_their_version(url: str) -> None:
    """One batch of several rooms (the writer's group commit): a row whose room moved on is
    refused and writes nothing; the others are stored, each in its place."""
    store = Store(url)
    store.migrate()
    pid = store.create_player("Chủ")
    lobby = Lobby(store)
    rooms = []
    for _ in range(3):
        room = lobby.create_room(pid, {"game": "chan", "clock": {"bot_delay": 0, "pause": 600}})
        room.seats = [{"bot": "random"} for _ in range(4)]
        asyncio.run(room.start_sitting())
        rooms.append(room)
    a, b, c = rooms
    rows = [
        ActionRow(a.id, a.version, a.game_id or 0, 0, {"verb": "one"}),
        ActionRow(b.id, b.version - 1, b.game_id or 0, 1, {"verb": "stale"}),
        ActionRow(c.id, c.version, c.game_id or 0, 2, {"verb": "three", "text": "Chắn"}),
    ]
    assert store.append_actions(rows) == [True, False, True]
    assert store.game_actions(a.game_id or 0) == [(a.version + 1, 0, {"verb": "one"})]
    assert store.game_actions(b.game_id or 0) == []
    assert store.game_actions(c.game_id or 0) == [
        (c.version + 1, 2, {"verb": "three", "text": "Chắn"})
    ]
    # the same rows again: every room has moved on (or is still behind), nothing is written
    assert store.append_actions(rows) == [False, False, False]
    assert len(store.game_actions(a.game_id or 0)) == 1
    store.close()


def test_a_game_starts_at_its_version_and_ends_once(url: str) -> None:
    """A game's start and end through the writer (one statement each on PostgreSQL): the
    start moves the room one version on and names the new game in the room's row; a start
    at a version the room is not at, or a second end, writes nothing."""
    store = Store(url)
    store.migrate()
    lobby = Lobby(store)
    room = lobby.create_room(store.create_player("Chủ"), {"game": "chan", "clock": {"pause": 600}})
    room.seats = [{"bot": "random"} for _ in range(4)]
    asyncio.run(room.start_sitting())
    gid, version = room.game_id or 0, room.version
    (row,) = store.rooms(room.id)
    assert (row["status"], row["version"], row["game_id"]) == ("playing", version, gid)
    assert row["seats"] == room.seats and row["sitting"] == room.sitting.to_json()  # type: ignore[union-attr]
    game = store.game(gid)
    assert game is not None and (game.room_id, game.number, game.first_version) == (
        room.id,
        1,
        version,
    )
    assert (game.seed, game.setup, game.record) == (room.seed, room.state.setup, None)  # type: ignore[union-attr]

    async def start(at: int) -> int:
        new = {"status": "playing", "seats": room.seats, "sitting": {"rows": []}}
        return await store.writer().start_game(GameStart(room.id, 2, 7, {}, at, new))

    with pytest.raises(ConflictError):
        asyncio.run(start(version))  # the room is at ``version``: a start must say version + 1
    assert store.rooms(room.id)[0]["version"] == version and len(store.room_games(room.id)) == 1

    async def finish(record: str) -> bool:
        new = {"status": "between", "sitting": {"rows": ["x"]}}
        return await store.writer().finish_game(GameEnd(gid, record, room.id, new))

    assert asyncio.run(finish("first")) is True
    assert asyncio.run(finish("second")) is False
    assert store.game(gid).record == "first"  # type: ignore[union-attr]
    (row,) = store.rooms(room.id)
    assert (row["status"], row["sitting"], row["version"]) == ("between", {"rows": ["x"]}, version)
    second = asyncio.run(start(version + 1))
    assert second != gid and store.game(second).number == 2  # type: ignore[union-attr]
    assert store.rooms(room.id)[0]["version"] == version + 1
    store.close()


def test_a_broken_postgresql_connection_fails_its_write_and_the_next_reconnects(
    pg_url: str,
) -> None:
    """The writer's own connection killed under it (a PostgreSQL restart, a proxy): the
    write on it fails with nothing stored, and the next write opens a new connection."""
    import psycopg

    store = Store(pg_url)
    store.migrate()
    lobby = Lobby(store)
    room = lobby.create_room(store.create_player("Chủ"), {"game": "chan", "clock": {"pause": 600}})
    room.seats = [{"bot": "random"} for _ in range(4)]

    async def run() -> None:
        await room.start_sitting()
        writer = store.writer()
        assert writer.conn is not None
        pid = writer.conn[1].info.backend_pid
        with psycopg.connect(store.dsn(), autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
            until(  # the backend is gone
                lambda: (
                    admin.execute(
                        "SELECT 1 FROM pg_stat_activity WHERE pid = %s", (pid,)
                    ).fetchone()
                    is None
                )
            )
        v = room.version
        row = ActionRow(room.id, v, room.game_id or 0, 0, {"verb": "x"})
        with pytest.raises(psycopg.OperationalError):
            await writer.append(row)
        assert store.game_actions(room.game_id or 0) == []
        await writer.append(row)  # a new connection
        assert writer.conn is not None and writer.conn[1].info.backend_pid != pid
        assert store.game_actions(room.game_id or 0) == [(v + 1, 0, {"verb": "x"})]
        await store.aclose()

    asyncio.run(run())
    store.close()


def test_leases_for_many_rooms_in_one_statement(url: str) -> None:
    """The heartbeat's upsert: free rooms taken, ours renewed, another's refused until it
    expires, then taken over."""
    store = Store(url)
    store.migrate()
    pid = store.create_player("Chủ")
    lobby = Lobby(store)
    ids = [lobby.create_room(pid, {"game": "chan"}).id for _ in range(3)]
    assert store.take_leases(ids[:2], "a", ttl=30) == set(ids[:2])
    assert store.take_leases(ids, "b", ttl=30) == {ids[2]}
    assert store.take_leases(ids, "a", ttl=30) == set(ids[:2])  # renewed, b's refused
    assert store.take_lease(ids[2], "a", ttl=30) is False
    assert store.take_leases(ids[:1], "a", ttl=-1) == {ids[0]}  # a's lease, already expired
    assert store.take_leases(ids, "b", ttl=30) == {ids[0], ids[2]}
    assert store.take_leases([], "b", ttl=30) == set()
    assert sorted(store.room_ids()) == sorted(ids)
    store.close()


def test_a_room_made_in_a_cluster_is_owned_by_its_maker_at_once(pg_url: str) -> None:
    """The maker takes the new room's lease as it stores it: its clock runs there at once,
    the heartbeat has nothing to take over (nor to read back), another process is refused."""
    from chieu.server.cluster import Cluster

    store = Store(pg_url)
    store.migrate()
    lobby = Lobby(store)
    lobby.cluster = True
    cluster = Cluster(lobby, store)
    room = lobby.create_room(store.create_player("Chủ"), {"game": "chan"})
    assert room.owned is True
    assert store.take_lease(room.id, "another", ttl=30) is False
    assert store.take_leases([room.id], cluster.node, ttl=30) == {room.id}
    # without the cluster's claim (a process not yet in it), the room waits for the heartbeat
    lobby.claim = None
    assert lobby.create_room(store.create_player("Khách"), {"game": "chan"}).owned is False
    store.close()


def test_notifications_name_their_origin_and_a_process_skips_its_own(pg_url: str) -> None:
    """Every change is announced with the node that made it (a game's start through the
    writer's asyncio engine, an action through its group commit); the cluster skips its own
    (its rooms have them already) and catches up with another process's."""
    import psycopg

    from chieu.server.cluster import Cluster

    store = Store(pg_url)
    store.migrate()
    lobby = Lobby(store)
    cluster = Cluster(lobby, store)
    node = cluster.node
    assert store.origin == node
    room = lobby.create_room(store.create_player("Chủ"), {"game": "chan", "clock": {"pause": 600}})
    room.seats = [{"bot": "random"} for _ in range(4)]
    with psycopg.connect(store.dsn(), autocommit=True) as listener:
        listener.execute("LISTEN chieu")
        asyncio.run(room.start_sitting())
        v = room.version
        row = ActionRow(room.id, v, room.game_id or 0, 0, {"verb": "x"})
        asyncio.run(store.writer().append(row))
        payloads = [n.payload for n in listener.notifies(timeout=WAIT, stop_after=2)]
    assert payloads == [f"{room.id}@{node}", f"{room.id}:{v + 1}@{node}"]

    told: list[tuple[int, int | None]] = []

    class Loop:
        def call_soon_threadsafe(self, fn: object, *args: object) -> None:
            told.append(args)  # type: ignore[arg-type]

    cluster.loop = Loop()  # type: ignore[assignment]
    for payload in payloads:
        cluster._tell(payload)
    assert told == []
    for payload in (f"{room.id}@other", f"{room.id}:{v + 1}@other", f"{room.id}:{v}@other"):
        cluster._tell(payload)
    assert told == [(room.id, None), (room.id, v + 1)]  # v: this process has it already
    for bad in ("", "@", "x@other", f"{room.id}:x@other", f"{room.id}:1:2@other"):
        cluster._tell(bad)
    assert len(told) == 2
    store.close()
