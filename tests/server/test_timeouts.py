"""A person who times out plays what the ``heuristic`` bot would (issue 28), decided by the bot
workers like any bot's move (never on the event loop); with no answer in time, the
decision's safe ``default``."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from chieu.bots.base import bot_rng
from chieu.bots.registry import get_bot
from chieu.core.actions import Action
from chieu.core.decisions import Decision
from chieu.server.botpool import Answer, Job
from chieu.server.clock import TIMEOUT_WAIT
from chieu.server.lobby import Lobby
from chieu.server.room import Room
from chieu.server.storage import Store
from tests.server.helpers import eventually, spectate

BOTS3 = {str(s): "random" for s in range(1, 4)}


class Slow:
    """A pool that answers when told to (``go``), with ``answer``."""

    def __init__(self) -> None:
        self.asked: list[Job] = []
        self.go = asyncio.Event()
        self.answer: Answer | None = None

    async def decide(self, job: Job) -> Answer | None:
        self.asked.append(job)
        await self.go.wait()
        return self.answer


def _room(tmp_path: Path) -> tuple[Store, Room]:
    store = Store(f"sqlite:///{tmp_path / 'timeouts.sqlite3'}")
    store.migrate()
    host = store.create_player("Chậm")
    clock = {"bot_delay": 0, "window": 0, "turn": 60, "claim": 60, "grace": 600}
    room = Lobby(store).create_room(host, {"game": "phom", "bots": BOTS3, "clock": clock})
    room.seats[0]["player"] = host  # a person at seat 0 (away, within his grace)
    return store, room


async def _my_turn(room: Room) -> Decision:
    """Let the bots play (here, no pool) until seat 0 has a choice; its deadline passed."""
    await room.start_sitting()
    spectate(room)
    for _ in range(200):
        d = room.pending().get(0)
        if d is not None and not d.forced:
            kind, since, _ = room.deadlines[0]
            room.deadlines[0] = (kind, since, time.time() - 0.01)
            return d
        async with room.lock:
            await room.auto_step(time.time())
    raise AssertionError("seat 0 never had a choice")


def _last(store: Store, room: Room) -> tuple[int, dict[str, object]]:
    return store.game_actions(room.game_id or 0)[-1][1:]  # type: ignore[return-value]


def _heuristic(room: Room, d: Decision) -> Action:
    assert room.state is not None
    bot = get_bot("heuristic", room.game.name)
    return bot.act(room.state.observation(0), list(d.actions), bot_rng(room.seed, 0))


def test_a_timeout_plays_the_heuristics_choice_decided_by_the_workers(tmp_path: Path) -> None:
    store, room = _room(tmp_path)

    async def run() -> None:
        d = await _my_turn(room)
        slow = Slow()
        room.pool = slow  # type: ignore[assignment]
        async with room.lock:
            await room.auto_step(time.time())
        await eventually(lambda: slow.asked)
        job = slow.asked[0]
        assert (job.seat, job.bot) == (0, "heuristic")
        space = room.game.action_space
        chosen = next((a for a in d.actions if a != d.default), d.default)
        slow.answer = Answer(space.id_of(chosen), 0.01, None, 1, 1)
        slow.go.set()
        assert room.thinking is not None
        await room.thinking
        assert _last(store, room) == (0, dict(space.json_of(chosen)))

    asyncio.run(run())
    store.close()


def test_with_no_answer_in_time_the_safe_default_is_played(tmp_path: Path) -> None:
    store, room = _room(tmp_path)

    async def run() -> None:
        d = await _my_turn(room)
        slow = Slow()  # never answers
        room.pool = slow  # type: ignore[assignment]
        now = time.time()
        async with room.lock:
            await room.auto_step(now)
        await eventually(lambda: slow.asked)
        async with room.lock:
            await room.auto_step(now + TIMEOUT_WAIT + 0.1)
        space = room.game.action_space
        assert _last(store, room) == (0, dict(space.json_of(d.default)))
        assert room.thinking is not None
        room.thinking.cancel()

    asyncio.run(run())
    store.close()


def test_without_workers_the_room_plays_the_heuristics_choice(tmp_path: Path) -> None:
    store, room = _room(tmp_path)

    async def run() -> None:
        d = await _my_turn(room)
        expected = _heuristic(room, d)
        async with room.lock:
            await room.auto_step(time.time())
        assert _last(store, room) == (0, dict(room.game.action_space.json_of(expected)))

    asyncio.run(run())
    store.close()
