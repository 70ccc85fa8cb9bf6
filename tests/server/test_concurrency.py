"""Several writers at once: the group commit, seats changed by two processes, forgetting
finished rooms, and ``next`` sent to a process that does not own the room."""

from __future__ import annotations

import asyncio
import contextlib
import time
import weakref
from pathlib import Path

import pytest

from chieu.server.lobby import ApiError, Lobby
from chieu.server.rows import ActionRow, ConflictError
from chieu.server.storage import Store
from tests.server.helpers import eventually, spectate


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'c.sqlite3'}"
    value: str = request.getfixturevalue("pg_url")
    return value


def _started(store: Store, bots: int = 4, watched: bool = True) -> Lobby:
    lobby = Lobby(store)
    pid = store.create_player("Chủ")
    room = lobby.create_room(
        pid,
        {
            "game": "phom",
            "bots": {str(s): "random" for s in range(bots)},
            "clock": {"bot_delay": 0, "pause": 600},
        },
    )
    asyncio.run(room.start_sitting())
    if watched:
        spectate(room)  # someone at the table: its clock runs
    return lobby


def test_one_transaction_for_many_rooms_and_a_conflict_writes_nothing_of_its_row(
    url: str,
) -> None:
    store = Store(url)
    store.migrate()
    lobby = _started(store)
    other = _started(store)
    a, b = next(iter(lobby.rooms.values())), next(iter(other.rooms.values()))
    assert a.game_id is not None and b.game_id is not None
    rows = [
        ActionRow(a.id, a.version, a.game_id, 0, {"verb": "x"}),
        ActionRow(b.id, b.version - 1, b.game_id, 0, {"verb": "y"}),  # b is not there
    ]
    assert store.append_actions(rows) == [True, False]
    assert [v for v, _, _ in store.game_actions(a.game_id)] == [a.version + 1]
    assert store.game_actions(b.game_id) == []
    store.close()


def test_actions_handed_in_together_share_a_commit_and_each_is_acknowledged(url: str) -> None:
    store = Store(url)
    store.migrate()
    lobbies = [_started(store) for _ in range(6)]
    rooms = [next(iter(lb.rooms.values())) for lb in lobbies]
    batches: list[int] = []
    writer = store.writer()
    real = writer._append

    async def counted(rows: list[ActionRow]) -> list[bool]:
        batches.append(len(rows))
        return await real(rows)

    writer._append = counted  # type: ignore[method-assign]

    async def all_rooms_step() -> list[float | None]:
        return list(await asyncio.gather(*(r.auto_step(time.time()) for r in rooms)))

    for _ in range(5):
        assert asyncio.run(all_rooms_step()) == [0.0] * len(rooms)
    # the first action of every round waits for a transaction; the others join the next one
    assert sum(batches) == 5 * len(rooms) and len(batches) < 5 * len(rooms)
    assert max(batches) > 1
    for room in rooms:
        assert room.game_id is not None
        assert len(store.game_actions(room.game_id)) == 5

    async def stale() -> None:
        room = rooms[0]
        assert room.game_id is not None
        await store.writer().append(ActionRow(room.id, room.version - 1, room.game_id, 0, {}))

    with pytest.raises(ConflictError):
        asyncio.run(stale())
    store.close()


def test_two_processes_seating_players_at_once_keep_both(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'seats.sqlite3'}"
    store_a, store_b = Store(url), Store(url)
    store_a.migrate()
    here, there = Lobby(store_a), Lobby(store_b)
    host = store_a.create_player("Chủ")
    guest_a, guest_b = store_a.create_player("Anh"), store_a.create_player("Bình")
    room = here.create_room(host, {"game": "chan"})
    copy = there.room(room.id)  # the other process loaded it before anyone joined

    async def run() -> None:
        assert await here.join(room, guest_a, 1) == 1
        # the other process still believes seat 1 free: its write must not undo Anh's
        assert await there.join(copy, guest_b, None) == 2
        with pytest.raises(ApiError) as info:
            await there.join(copy, store_a.create_player("Chi"), 1)
        assert info.value.code == "seat_taken"

    asyncio.run(run())
    stored = store_a.rooms(room.id)[0]["seats"]
    assert [s["player"] for s in stored] == [host, guest_a, guest_b, None]
    store_a.close()
    store_b.close()


def test_finished_rooms_are_forgotten_once_idle_and_come_back_on_demand(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'sweep.sqlite3'}")
    store.migrate()
    lobby = _started(store, watched=False)
    room = next(iter(lobby.rooms.values()))
    assert lobby.sweep(time.time()) == []  # a room in play stays
    room.status, room.finished_at = "finished", time.time() - 3600
    store.update_room(room.id, status="finished")
    assert lobby.sweep(time.time()) == [room.id] and room.id not in lobby.rooms
    again = lobby.room(room.id)  # the record and the sheet are still served
    assert again.status == "finished" and again is not room
    assert lobby.sweep(time.time()) == []  # just loaded: not idle yet
    store.close()


def test_the_sweeper_freezes_often_sweeps_rarely_and_collects_everything_at_last(
    tmp_path: Path,
) -> None:
    """What lives is frozen every ``freeze`` seconds (a collection walks a second's
    survivors at most); finished idle rooms are swept every ``every`` seconds; every
    ``full`` seconds, or once the process's memory outgrows its peak after the last time,
    everything is unfrozen and collected (frozen cycles are freed)."""
    import gc

    store = Store(f"sqlite:///{tmp_path / 'sweeper.sqlite3'}")
    store.migrate()
    lobby = _started(store, watched=False)
    room = next(iter(lobby.rooms.values()))
    room.status, room.finished_at = "finished", time.time() - 3600
    thresholds = gc.get_threshold()

    class Cycle:
        def __init__(self) -> None:
            self.me = self

    def frozen_now(probe: weakref.ref[Cycle]) -> bool:
        """Frozen: in none of the collector's generations."""
        target = probe()
        return all(o is not target for o in gc.get_objects())

    async def run(
        every: float, full: float, slack: int = 10**6, collected: bool = True
    ) -> tuple[int, bool]:
        """``collected``: wait for the garbage to be freed and the room swept, else for 0.15 s
        (it must not be, meanwhile)."""
        task = asyncio.create_task(lobby.sweeper(every=every, freeze=0.01, full=full, slack=slack))
        garbage = Cycle()
        probe = weakref.ref(garbage)
        await eventually(lambda: frozen_now(probe))  # frozen by now, the garbage with it
        frozen = gc.get_freeze_count()
        del garbage  # a cycle: only a collection that sees it frees it
        if collected:
            await eventually(lambda: probe() is None and room.id not in lobby.rooms)
        else:
            await asyncio.sleep(0.15)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        return frozen, probe() is None

    try:
        frozen, freed = asyncio.run(run(every=3600, full=3600, collected=False))
        assert frozen > 0 and not freed and room.id in lobby.rooms  # frozen, never swept
        frozen, freed = asyncio.run(run(every=0.02, full=0.1))
        assert freed and room.id not in lobby.rooms
        # memory grown past twice its peak after the last full collection: collected at once
        assert asyncio.run(run(every=3600, full=3600, slack=-(10**6)))[1]
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)
    store.close()


def test_next_sent_to_another_process_counts(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'next.sqlite3'}")
    store.migrate()
    lobby = Lobby(store)
    host = store.create_player("Chủ")
    clock = {"bot_delay": 0, "pause": 600, "grace": 0}  # the host is away: a bot plays him
    room = lobby.create_room(host, {"game": "phom", "clock": clock})
    asyncio.run(room.start_sitting())
    watcher = spectate(room)
    while room.status == "playing":
        asyncio.run(room.auto_step(time.time()))
    assert room.status == "between"
    room.detach(watcher)
    assert asyncio.run(room.auto_step(time.time())) is None  # nobody at the table: it waits
    room.remote = {0}  # the host connects to another process
    assert asyncio.run(room.auto_step(time.time())) > 0  # waits for the pause or a `next`
    room.remote_ready = {0}  # the host's `next`, reported by the process he is connected to
    assert asyncio.run(room.auto_step(time.time())) == 0.0 and room.status == "playing"
    assert room.remote_ready == set()  # spent on this game
    store.close()
