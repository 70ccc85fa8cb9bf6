"""Bots decide in worker processes (``chieu.server.botpool``), fairly, within a CPU budget;
a room nobody is at stands still (issue 26: one guest's bot rooms slowed every table)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from chieu.core.record import GameRecord
from chieu.core.table import load_game
from chieu.server.botpool import Answer, BotPool, Entry, Job, Scheduler
from chieu.server.lobby import Lobby
from chieu.server.room import Room
from chieu.server.storage import Store
from tests.server.helpers import (
    WAIT,
    ThreadServer,
    Watcher,
    auth,
    eventually,
    guest,
    make_room,
    spectate,
    until,
)

BOTS4 = {str(s): "heuristic" for s in range(4)}


class Recording(BotPool):
    """A pool that keeps every job it answered, with the answer."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seen: list[tuple[Job, Answer | None]] = []

    async def decide(self, job: Job) -> Answer | None:
        answer = await super().decide(job)
        self.seen.append((job, answer))
        return answer


def _lobby(tmp_path: Path, pool: BotPool | None) -> tuple[Store, Lobby, Room]:
    store = Store(f"sqlite:///{tmp_path / 'pool.sqlite3'}")
    store.migrate()
    lobby = Lobby(store)
    lobby.pool = pool
    host = store.create_player("Chủ")
    clock = {"bot_delay": 0, "window": 0}  # no claim-window hold: every bot decision at once
    room = lobby.create_room(host, {"game": "chan", "bots": BOTS4, "clock": clock})
    return store, lobby, room


async def _until(what: Any, timeout: float = WAIT) -> None:
    await eventually(what, timeout)


def _no_bots_here(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any) -> Any:
        raise AssertionError("a bot was made in the server's process")

    monkeypatch.setattr("chieu.server.room.get_bot", refuse)


def test_bots_decide_in_a_worker_and_keep_their_bot_for_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every decision of a game is answered by another process, the same one for the room,
    by the same bot object per seat (a bot's memory of its own play lasts the game)."""
    _no_bots_here(monkeypatch)
    pool = Recording(1, nice=0)
    store, _, room = _lobby(tmp_path, pool)

    async def play() -> None:
        await room.start_sitting()
        spectate(room)
        room.ensure_running()
        await _until(lambda: room.status != "playing")
        await room.stop()
        await pool.close()

    asyncio.run(play())
    assert room.status in ("between", "finished") and pool.seen
    answers = [a for _, a in pool.seen]
    assert all(a is not None and a.error is None and a.action is not None for a in answers)
    pids = {a.pid for a in answers if a is not None}
    assert len(pids) == 1 and os.getpid() not in pids
    by_seat: dict[int, set[int]] = {}
    for job, answer in pool.seen:
        assert answer is not None and job.game_id == room.game_id
        by_seat.setdefault(job.seat, set()).add(answer.bot)
    assert all(len(bots) == 1 for bots in by_seat.values())  # one bot object a seat
    game = store.game(room.game_id or 0)
    assert game is not None and game.record is not None
    assert GameRecord.loads(game.record).verify() == []
    store.close()


def test_a_new_game_gets_new_bots(tmp_path: Path) -> None:
    """The worker drops a room's bots when the room's game changes."""
    game = load_game("phom")
    state = game.new_state(5)
    d = state.decisions()[0]
    space = game.action_space
    rules = json.dumps(game.rules_json(), sort_keys=True)

    def job(game_id: int) -> Job:
        legal = tuple(space.id_of(a) for a in d.actions)
        return Job(1, game_id, d.seat, "heuristic", "phom", rules, state.observation(d.seat),
                   legal, 5, 1)  # fmt: skip

    async def ask() -> list[Answer | None]:
        pool = BotPool(1, nice=0)
        try:
            return [await pool.decide(job(g)) for g in (1, 1, 2)]
        finally:
            await pool.close()

    one, again, other = asyncio.run(ask())
    assert one is not None and again is not None and other is not None
    assert one.bot == again.bot != other.bot and one.pid == other.pid != os.getpid()
    assert space.action(one.action or 0) in d.actions


def test_a_room_nobody_is_at_stands_still_until_a_spectator_comes(server: ThreadServer) -> None:
    """Bots at ``bot_delay: 0`` and nobody connected: the game does not move (it used to play
    out for nobody); a spectator's socket and it plays to its end."""
    token = guest(server.base, "Chủ")
    body = {"game": "chan", "bots": {"1": "heuristic", "2": "heuristic", "3": "heuristic"},
            "clock": {"bot_delay": 0, "grace": 0, "pause": 600, "window": 0}}  # fmt: skip
    rid = make_room(server.base, token, body)["id"]
    httpx.post(f"{server.base}/api/rooms/{rid}/start", headers=auth(token)).raise_for_status()

    def room() -> dict[str, Any]:
        got: dict[str, Any] = httpx.get(
            f"{server.base}/api/rooms/{rid}", headers=auth(token)
        ).json()
        return got["room"]  # type: ignore[no-any-return]

    first = room()
    time.sleep(1.5)
    assert room()["version"] == first["version"] and room()["status"] == "playing"
    with Watcher(server.base, rid):
        until(lambda: room()["status"] != "playing")
    assert room()["status"] == "between"


def test_the_clock_stands_still_while_nobody_is_at_the_table(tmp_path: Path) -> None:
    """No timeouts while nobody is there, and the deadlines move on by the pause."""
    store = Store(f"sqlite:///{tmp_path / 'still.sqlite3'}")
    store.migrate()
    lobby = Lobby(store)
    host = store.create_player("Chủ")
    clock = {"bot_delay": 5, "turn": 1, "claim": 1, "grace": 600, "pause": 600}
    room = lobby.create_room(host, {"game": "phom", "clock": clock})
    asyncio.run(room.start_sitting())
    version = room.version
    later = time.time() + 100  # long past every deadline
    assert asyncio.run(room.auto_step(later)) is None and room.version == version
    before = {s: dl for s, (_, _, dl) in room.deadlines.items() if dl is not None}
    room.paused_at = time.time() - 50  # nobody was there for 50 s
    spectate(room)
    after = {s: dl or 0.0 for s, (_, _, dl) in room.deadlines.items()}
    assert before and all(abs(after[s] - before[s] - 50) < 1 for s in before)
    assert asyncio.run(room.auto_step(time.time())) is not None and room.version == version
    store.close()


def _entry(owner: int, room: int, worker: int = 0) -> Entry:
    job = Job(room, 1, 0, "search", "chan", "{}", {}, (0,), 0, owner)
    return Entry(job, worker)


def test_one_players_many_rooms_do_not_starve_anothers_room() -> None:
    """A guest's eight rooms queue first; another player's room is served second, then
    every other time: round-robin across players, not rooms."""
    sched = Scheduler(window=10, room_budget=100, player_budget=100)
    for room in range(1, 9):
        sched.push(_entry(owner=7, room=room))
    now = 0.0
    served: list[int] = []
    for _ in range(6):
        entry = sched.take(0, now)
        assert entry is not None
        served.append(entry.job.owner)
        sched.done(entry, 0.15, now)
        if entry.job.owner == 9 or not served[:-1]:  # the family's room asks again
            sched.push(_entry(owner=9, room=100))
        now += 0.2
    assert served == [7, 9, 7, 9, 7, 9]
    # a room never has two jobs at once, and a job goes only to its room's worker
    sched = Scheduler()
    sched.push(_entry(owner=1, room=5, worker=1))
    assert sched.take(0, 0.0) is None
    first = sched.take(1, 0.0)
    sched.push(_entry(owner=1, room=5, worker=1))
    assert first is not None and sched.take(1, 0.0) is None
    sched.done(first, 0.0, 0.0)
    assert sched.take(1, 0.0) is not None


def test_a_room_or_player_over_its_cpu_budget_waits() -> None:
    sched = Scheduler(window=10, room_budget=1.0, player_budget=1.5)
    a = _entry(owner=1, room=1)
    sched.push(a)
    assert sched.take(0, 0.0) is a
    sched.done(a, 1.2, 0.5)  # room 1 used 1.2 CPU seconds: over its 1.0
    sched.push(_entry(owner=1, room=1))
    sched.push(_entry(owner=1, room=2))
    b = sched.take(0, 1.0)  # room 1 waits; the player's other room may go
    assert b is not None and b.job.room == 2
    sched.done(b, 0.4, 1.0)  # player 1 used 1.6 s: over his 1.5, all his rooms wait
    sched.push(_entry(owner=1, room=2))
    assert sched.take(0, 2.0) is None
    other = _entry(owner=2, room=3)
    sched.push(other)
    assert sched.take(0, 2.0) is other  # another player's room does not wait
    sched.done(other, 0.0, 2.0)
    assert sched.retry_at(2.0) == pytest.approx(10.5)  # when the 1.2 s leaves the window
    again = sched.take(0, 10.6)
    assert again is not None and again.job.room == 1


def test_a_killed_worker_is_replaced_and_the_game_finishes(tmp_path: Path) -> None:
    pool = Recording(1, nice=0)
    store, _, room = _lobby(tmp_path, pool)
    room.clock["pause"] = 0.1
    killed: list[int] = []

    async def play() -> None:
        await room.start_sitting()
        spectate(room)
        room.ensure_running()
        await _until(lambda: len(pool.seen) >= 3)
        (pid,) = pool.pids()
        killed.extend([pid, len(pool.seen), room.game_id or 0])
        os.kill(pid, signal.SIGKILL)
        await _until(lambda: room.game_id != killed[2] or room.status != "playing")
        await _until(lambda: len(pool.seen) >= killed[1] + 3)
        await room.stop()
        await pool.close()

    asyncio.run(play())
    after = {a.pid for _, a in pool.seen[killed[1] :] if a is not None}
    assert after - {killed[0]}  # a fresh worker answered the decisions after the kill
    game = store.game(killed[2])
    assert game is not None and game.record is not None  # the game went on to its end
    assert GameRecord.loads(game.record).verify() == []
    store.close()


def test_the_pool_answers_none_when_no_worker_can(monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker that dies on every job: the decision falls back (None: the default)."""
    monkeypatch.setattr("chieu.server.botpool.Worker.ask", _die)
    job = _entry(owner=1, room=1).job

    async def ask() -> Answer | None:
        pool = BotPool(1, nice=0)
        try:
            return await pool.decide(job)
        finally:
            await pool.close()

    assert asyncio.run(ask()) is None


def _die(self: Any, job: Job) -> Answer:
    raise EOFError


def test_scheduler_round_robin_is_by_owner_order() -> None:
    sched = Scheduler()
    sched.push(_entry(owner=3, room=1))
    sched.push(_entry(owner=4, room=2))
    sched.push(_entry(owner=3, room=5))
    owners = []
    while (e := sched.take(0, 0.0)) is not None:
        owners.append(e.job.owner)
        sched.done(e, 0.0, 0.0)
    assert owners == [3, 4, 3]


def test_a_spectator_on_another_process_keeps_the_room_running(tmp_path: Path) -> None:
    """In a cluster a spectator's socket is reported too (seat -1): the room's owner, on
    another process, counts him as someone at the table."""
    from chieu.server.cluster import Cluster

    store, lobby, room = _lobby(tmp_path, None)
    cluster = Cluster(lobby, store)
    spectate(room)
    here, ready = cluster._local()
    assert here == {room.id: [-1]} and ready == {}
    owner = Lobby(store).room(room.id)  # the room on the process that runs its clock
    assert not owner.attended()
    owner.remote = set(here[room.id])
    assert owner.attended()
    store.close()


class Slow:
    """A pool that answers when told to (``go``)."""

    def __init__(self) -> None:
        self.asked: list[Job] = []
        self.go = asyncio.Event()
        self.answer: Answer | None = None

    async def decide(self, job: Job) -> Answer | None:
        self.asked.append(job)
        await self.go.wait()
        return self.answer


def test_the_room_is_free_while_a_bot_thinks_and_a_stale_answer_is_dropped(
    tmp_path: Path,
) -> None:
    store, _, room = _lobby(tmp_path, None)

    async def run() -> None:
        await room.start_sitting()
        spectate(room)
        space = room.game.action_space
        for stale in (True, False):
            slow = Slow()
            room.pool = slow  # type: ignore[assignment]
            async with room.lock:
                await room.auto_step(time.time())
            await eventually(lambda s=slow: s.asked)  # the bot is asked (in a task of its own)
            assert room.thinking is not None and len(slow.asked) == 1
            assert not room.lock.locked()  # people act, sockets attach meanwhile
            job, version = slow.asked[0], room.version
            d = room.pending()[job.seat]
            chosen = next((a for a in d.actions if a != d.default), d.default)
            slow.answer = Answer(space.id_of(chosen), 0.1, None, 1, 1)
            if stale:  # the room moves on first (a timeout, say): the answer is dropped
                async with room.lock:
                    await room.commit(job.seat, d.default)
                version += 1
            slow.go.set()
            await room.thinking
            assert room.version == (version if stale else version + 1)
            if not stale:
                last = store.game_actions(room.game_id or 0)[-1]
                assert last[1:] == (job.seat, dict(space.json_of(chosen)))

    asyncio.run(run())
    store.close()
