"""Bot decisions off the event loop: a bounded pool of worker processes (issue 26).

A bot's decision is CPU work (a ``search`` bot thinks 150 ms of it, a heuristic a few); made on
the server's event loop it holds back every other room's pushes. So every bot decision of a
room is a small picklable :class:`Job` (the seat's observation, the legal action ids, what
rebuilds the bot's stream, ``decision_rng``) answered by a worker process:

* **Workers**: ``CHIEU_BOT_WORKERS`` processes (default: the CPUs but one, at least one), made
  with the ``spawn`` context (the server runs threads and a loop: never forked), started on the
  first decision, niced (``CHIEU_BOT_NICE``, default 10: the event loop wins the CPU), shut down
  with the application.
* **Affinity**: a room always goes to the same worker (``room id % workers``), which keeps each
  seat's bot object alive for the whole game (bots may remember their own play) and drops a
  room's bots when its game changes (a new ``game_id``), or the least recently used room's
  beyond ``ROOMS_PER_WORKER``.
* **Fairness**: a room has at most one job waiting or in flight (the room asks again only once
  it has the answer). The waiting jobs are served round-robin across *players*: the room's host
  owns its bots' CPU, so one guest's many rooms share one player's turn, and another player's
  room waits for at most one job of each other player with work on its worker.
* **CPU budget**: each worker reports the ``time.process_time()`` a job took. Over a sliding
  window (``CHIEU_BOT_WINDOW``, 5 s) a room may use ``CHIEU_BOT_ROOM_CPU`` (0.5) and a player
  ``CHIEU_BOT_PLAYER_CPU`` (0.75) of one CPU. A room or player over its budget *waits*: its
  jobs stay queued (its bots are delayed, they play as well as ever) until enough of its
  window has passed; the other players' jobs go first meanwhile.
* **Faults**: a worker that dies is replaced (its rooms' bots start fresh, as after a server
  restart) and the job is asked once more of the new one; a job that still gets no answer,
  or takes longer than ``CHIEU_BOT_TIMEOUT`` (30 s: the worker is killed), answers ``None``,
  and the room plays the decision's ``default``.

The room's side (:func:`ask`): the job is taken under the room's lock, the answer awaited
without it (people act, deadlines pass meanwhile), then under the lock again the answer is
committed through ``Room.commit`` only if the room is still at the version it was asked at,
the seat still its bot's and someone at the table; else it is dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import multiprocessing
import os
import signal
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from chieu.core.bot import bot_rng
from chieu.core.rng import Rng
from chieu.server.environ import env_number
from chieu.server.rows import ConflictError

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

    from chieu.core.bot import Bot
    from chieu.core.decisions import Decision
    from chieu.core.protocol import Observation
    from chieu.core.table import Game
    from chieu.server.room import Room

log = logging.getLogger("chieu.server")

ROOMS_PER_WORKER = 512  # rooms whose bots one worker keeps (the least recently used go)


def _env(name: str, default: float) -> float:
    """A number from the environment: ``default`` unless it is set to one above 0."""
    value = env_number(name, default)
    return value if 0 < value < math.inf else default


@dataclass(eq=False)
class Job:
    """One bot decision: everything the worker needs, nothing of the room's State."""

    room: int
    game_id: int
    seat: int
    bot: str  # the bot's name (``chieu.bots.registry``)
    game: str  # the game's name
    rules: str  # the room's rules as JSON text
    observation: Observation  # ``state.observation(seat)``
    legal: tuple[int, ...]  # the legal action ids (the game's action space)
    seed: int  # the game's seed (``decision_rng``)
    owner: int  # the player whose CPU share pays (the room's host)
    #: the room's version at the decision: each decision's own stream, ``decision_rng``
    step: int = 0


class Answer(NamedTuple):
    """A worker's answer: the action id (None: no legal answer), the CPU seconds the job took,
    the error if the bot failed, the worker's pid and the bot's number among those the worker
    made (tests: the same number, the same bot object)."""

    action: int | None
    cpu: float
    error: str | None
    pid: int
    bot: int


# -- the worker process ---------------------------------------------------------------------


class Seats:
    """A worker's bots: room -> (game id, seat -> (bot name, bot, its number)), kept for one
    game."""

    def __init__(self, rooms: int = ROOMS_PER_WORKER) -> None:
        self.limit = rooms
        self.rooms: OrderedDict[int, tuple[int, dict[int, tuple[str, Bot, int]]]] = OrderedDict()
        self.games: dict[tuple[str, str], Game] = {}
        self.made = 0

    def _game(self, name: str, rules: str) -> Game:
        from chieu.core.table import load_game

        game = self.games.get((name, rules))
        if game is None:
            if len(self.games) > 64:
                self.games.clear()
            game = self.games[name, rules] = load_game(name, json.loads(rules))
        return game

    def bot(self, job: Job, game: Game) -> tuple[str, Bot, int]:
        from chieu.bots.registry import get_bot

        held = self.rooms.get(job.room)
        if held is None or held[0] != job.game_id:  # a new game: the room's old bots go
            held = self.rooms[job.room] = (job.game_id, {})
        self.rooms.move_to_end(job.room)
        while len(self.rooms) > self.limit:
            self.rooms.popitem(last=False)
        seats = held[1]
        kept = seats.get(job.seat)
        if kept is None or kept[0] != job.bot:
            bot = get_bot(job.bot, game.name)
            hook = getattr(bot, "new_game", None)
            if callable(hook):
                hook(game.name, game.rules_json(), job.seat)
            self.made += 1
            kept = seats[job.seat] = (job.bot, bot, self.made)
        return kept

    def decide(self, job: Job) -> Answer:
        began = time.process_time()
        number, action, error = 0, None, None
        try:
            game = self._game(job.game, job.rules)
            _name, bot, number = self.bot(job, game)
            space = game.action_space
            legal = [space.action(i) for i in job.legal]
            chosen = bot.act(job.observation, legal, decision_rng(job.seed, job.seat, job.step))
            action = space.id_of(chosen) if chosen in legal else None
        except Exception as exc:  # a failing bot: the room plays the default
            error = f"{type(exc).__name__}: {exc}"[:300]
        return Answer(action, time.process_time() - began, error, os.getpid(), number)


def decision_rng(seed: int, seat: int, step: int) -> Rng:
    """The random stream of a seat's bot at the decision the room's version ``step`` asks:
    a stream of its own each decision (the server makes a bot's stream anew for every job: the
    same stream each time would draw the same numbers at every decision)."""
    return bot_rng(seed, seat).derive(step)


def serve(conn: Connection[Answer, Job | None], nice: int) -> None:
    """A worker's life: answer jobs until ``None`` or the parent is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server's Ctrl-C is the server's
    if nice:
        with contextlib.suppress(OSError):
            os.nice(nice)
    seats = Seats()
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        conn.send(seats.decide(job))


# -- the parent: scheduling -----------------------------------------------------------------


@dataclass(eq=False)
class Entry:
    """A job waiting for (or on) its worker."""

    job: Job
    worker: int
    future: asyncio.Future[Answer | None] | None = None
    tries: int = 0


@dataclass
class Scheduler:
    """Which waiting job an idle worker takes next (no processes, no clock of its own).

    Round-robin across owners (players): the owner served least recently goes first (one who
    never was, first of all); within one owner, oldest first. A job goes only to its room's
    worker, never while its room has one in flight, never while its room or owner is over
    budget (CPU seconds used within the last ``window`` seconds)."""

    window: float = 5.0
    room_budget: float = 2.5  # CPU seconds a room may use within the window
    player_budget: float = 3.75  # CPU seconds a player may use within the window
    queues: dict[int, deque[Entry]] = field(default_factory=dict)  # owner -> his jobs
    served: dict[int, int] = field(default_factory=dict)  # owner -> when last served (a count)
    count: int = 0
    running: set[int] = field(default_factory=set)  # rooms with a job in flight
    room_use: dict[int, deque[tuple[float, float]]] = field(default_factory=dict)
    player_use: dict[int, deque[tuple[float, float]]] = field(default_factory=dict)

    def push(self, entry: Entry) -> None:
        owner = entry.job.owner
        self.queues.setdefault(owner, deque()).append(entry)

    def drop(self, entry: Entry) -> None:
        queue = self.queues.get(entry.job.owner)
        if queue is not None and entry in queue:
            queue.remove(entry)
            self._tidy(entry.job.owner)

    def _tidy(self, owner: int) -> None:
        if not self.queues.get(owner):
            self.queues.pop(owner, None)

    def _used(self, book: dict[int, deque[tuple[float, float]]], key: int, now: float) -> float:
        records = book.get(key)
        if not records:
            return 0.0
        while records and records[0][0] <= now - self.window:
            records.popleft()
        if not records:
            del book[key]
            return 0.0
        return sum(cpu for _, cpu in records)

    def over(self, entry: Entry, now: float) -> bool:
        job = entry.job
        return (
            self._used(self.player_use, job.owner, now) >= self.player_budget
            or self._used(self.room_use, job.room, now) >= self.room_budget
        )

    def take(self, worker: int, now: float) -> Entry | None:
        for owner in sorted(self.queues, key=lambda o: self.served.get(o, -1)):
            if self._used(self.player_use, owner, now) >= self.player_budget:
                continue
            queue = self.queues[owner]
            for entry in queue:
                room = entry.job.room
                if entry.worker != worker or room in self.running:
                    continue
                if self._used(self.room_use, room, now) >= self.room_budget:
                    continue
                queue.remove(entry)
                self._tidy(owner)
                self.running.add(room)
                self.count += 1
                self.served[owner] = self.count  # to the back of the round
                if len(self.served) > 10_000:  # owners long gone are forgotten
                    self.served = {o: n for o, n in self.served.items() if o in self.queues}
                return entry
        return None

    def done(self, entry: Entry, cpu: float, now: float) -> None:
        self.running.discard(entry.job.room)
        if cpu > 0:
            self.room_use.setdefault(entry.job.room, deque()).append((now, cpu))
            self.player_use.setdefault(entry.job.owner, deque()).append((now, cpu))

    def _free_at(self, records: deque[tuple[float, float]] | None, budget: float) -> float:
        """When the usage in ``records`` falls under ``budget`` (the records expire)."""
        if not records:
            return -1.0
        total = sum(cpu for _, cpu in records)
        for at, cpu in records:
            if total < budget:
                break
            total -= cpu
            if total < budget:
                return at + self.window
        return -1.0

    def retry_at(self, now: float) -> float | None:
        """The first moment a job held back by a budget may go (None: none is)."""
        times = []
        for queue in self.queues.values():
            for entry in queue:
                if self.over(entry, now):
                    job = entry.job
                    at = max(
                        self._free_at(self.player_use.get(job.owner), self.player_budget),
                        self._free_at(self.room_use.get(job.room), self.room_budget),
                    )
                    if at > now:
                        times.append(at)
        return min(times, default=None)


# -- the parent: processes ------------------------------------------------------------------


class Worker:
    """A worker process and its pipe (``target(conn, nice)``: its life; the bots' ``serve``,
    or the coach's, ``chieu.server.reviewpool``)."""

    def __init__(self, nice: int, target: Callable[..., None] = serve) -> None:
        ctx = multiprocessing.get_context("spawn")  # never fork a process with threads
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=target, args=(child, nice), daemon=True)
        self.process.start()
        child.close()  # ours closed: the worker's death is an EOF here

    def ask(self, job: Job) -> Answer:
        """Send a job and wait for its answer (in a thread: it blocks)."""
        try:
            self.conn.send(job)
            answer: Answer = self.conn.recv()
        except BaseException:  # closed here, by the one thread that reads it
            self.conn.close()
            raise
        return answer

    def stop(self, wait: float = 1.0) -> None:
        with contextlib.suppress(Exception):
            self.conn.send(None)
        self.process.join(wait)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(wait)
        self.conn.close()

    def kill(self) -> None:
        with contextlib.suppress(Exception):
            self.process.kill()


def env_nice(name: str, default: int) -> int:
    """A niceness from ``$name`` (0 to 19; 0: not niced)."""
    return int(env_number(name, default, 0, 19))


class Workers:
    """A pool's worker processes, each started at its first job and replaced when it dies or
    hangs, and the threads that wait on their pipes (the bots' pool and the coach's)."""

    def __init__(self, size: int, nice: int, target: Callable[..., None], label: str) -> None:
        self.size, self.nice, self.target, self.label = size, min(19, nice), target, label
        self.procs: list[Worker | None] = [None] * size
        self.busy = [False] * size
        self.threads: ThreadPoolExecutor | None = None

    def pids(self) -> list[int]:
        """The live workers' process ids."""
        return [w.process.pid for w in self.procs if w is not None and w.process.pid]

    def executor(self, per_worker: int = 1) -> ThreadPoolExecutor:
        if self.threads is None:
            self.threads = ThreadPoolExecutor(
                per_worker * self.size, thread_name_prefix=f"chieu-{self.label}"
            )
        return self.threads

    def get(self, w: int) -> Worker:
        """Worker ``w``, started anew when it is not running."""
        worker = self.procs[w]
        if worker is not None and not worker.process.is_alive():
            self.retire(w)
            worker = None
        if worker is None:
            worker = self.procs[w] = Worker(self.nice, self.target)
        return worker

    def retire(self, w: int) -> None:
        """Worker ``w`` died or hangs: killed, and replaced at its next job."""
        worker, self.procs[w] = self.procs[w], None
        if worker is not None:
            log.warning("%s worker %s (pid %s) replaced", self.label, w, worker.process.pid)
            worker.kill()
            worker.process.join(1.0)

    async def stop(self) -> None:
        """Every worker stopped, the threads let go."""
        workers = [w for w in self.procs if w is not None]
        self.procs = [None] * self.size
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(None, w.stop) for w in workers))
        if self.threads is not None:
            self.threads.shutdown(wait=False)


class BotPool:
    """The worker processes and the scheduler; ``await decide(job)`` from the event loop."""

    def __init__(
        self,
        workers: int | None = None,
        *,
        window: float | None = None,
        room_cpu: float | None = None,
        player_cpu: float | None = None,
        timeout: float | None = None,
        nice: int | None = None,
    ) -> None:
        size = workers or int(_env("CHIEU_BOT_WORKERS", 0)) or max(1, (os.cpu_count() or 2) - 1)
        self.size = max(1, min(64, size))
        span = window if window is not None else _env("CHIEU_BOT_WINDOW", 5.0) or 5.0
        room = room_cpu if room_cpu is not None else _env("CHIEU_BOT_ROOM_CPU", 0.5)
        player = player_cpu if player_cpu is not None else _env("CHIEU_BOT_PLAYER_CPU", 0.75)
        self.scheduler = Scheduler(span, room * span, player * span)
        self.timeout = timeout if timeout is not None else _env("CHIEU_BOT_TIMEOUT", 30.0)
        nice = env_nice("CHIEU_BOT_NICE", 10) if nice is None else nice
        self.workers = Workers(self.size, nice, serve, "bot")
        self.timer: asyncio.TimerHandle | None = None
        self.closed = False
        self.tasks: set[asyncio.Task[None]] = set()

    def pids(self) -> list[int]:
        """The live workers' process ids."""
        return self.workers.pids()

    async def decide(self, job: Job) -> Answer | None:
        """The worker's answer to ``job`` (None: none could be had: play the default)."""
        if self.closed:
            return None
        entry = Entry(job, job.room % self.size, asyncio.get_running_loop().create_future())
        self.scheduler.push(entry)
        self._dispatch()
        assert entry.future is not None
        try:
            return await entry.future
        finally:
            self.scheduler.drop(entry)  # cancelled while waiting: no longer asked

    def _dispatch(self) -> None:
        if self.closed:
            return
        loop = asyncio.get_running_loop()
        now = time.monotonic()
        for w in range(self.size):
            if self.workers.busy[w]:
                continue
            entry = self.scheduler.take(w, now)
            if entry is None:
                continue
            self.workers.busy[w] = True
            task = loop.create_task(self._run(w, entry))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        again = self.scheduler.retry_at(now)
        if again is not None:  # a budget holds a job back: look again when it may go
            self.timer = loop.call_later(max(0.01, again - now), self._dispatch)

    async def _run(self, w: int, entry: Entry) -> None:
        loop = asyncio.get_running_loop()
        threads = self.workers.executor(2)
        job, answer = entry.job, None
        try:
            while answer is None and entry.tries < 2 and not self.closed:
                entry.tries += 1
                call = loop.run_in_executor(threads, self.workers.get(w).ask, job)
                try:
                    answer = await asyncio.wait_for(call, self.timeout)
                except TimeoutError:
                    log.error("room %s: a bot took over %s s", job.room, self.timeout)
                    self.workers.retire(w)
                    break
                except (EOFError, OSError):  # the worker died: a fresh one, asked once more
                    self.workers.retire(w)
        except Exception:
            log.exception("room %s: a bot decision failed", job.room)
        finally:
            self.workers.busy[w] = False
            self.scheduler.done(entry, 0.0 if answer is None else answer.cpu, time.monotonic())
            if answer is not None and answer.error:
                log.warning("room %s: bot %r failed: %s", job.room, job.bot, answer.error)
            if entry.future is not None and not entry.future.done():
                entry.future.set_result(answer)
            self._dispatch()

    async def close(self) -> None:
        self.closed = True
        if self.timer is not None:
            self.timer.cancel()
        for queue in list(self.scheduler.queues.values()):
            for entry in queue:
                if entry.future is not None and not entry.future.done():
                    entry.future.set_result(None)
        await self.workers.stop()


# -- the room's side ------------------------------------------------------------------------


def ask(room: Room, seat: int, d: Decision, bot: str | None = None) -> asyncio.Task[None]:
    """Ask the room's pool for the seat's decision: what the job needs is taken now (the
    caller holds the room's lock); the answer is awaited without the lock (``_answer``).
    ``bot``: a person's timeout, answered by that bot (issue 28: the ``heuristic``)."""
    assert room.state is not None and room.game_id is not None
    space = room.game.action_space
    job = Job(
        room.id,
        room.game_id,
        seat,
        room.bot_name(seat) if bot is None else bot,
        room.game.name,
        json.dumps(room.rules_json, sort_keys=True),
        room.state.observation(seat),
        tuple(space.id_of(a) for a in d.actions),
        room.seed,
        room.host,
        room.version,
    )
    timeout = bot is not None
    return asyncio.get_running_loop().create_task(_answer(room, job, room.version, d, timeout))


async def _answer(room: Room, job: Job, version: int, d: Decision, timeout: bool = False) -> None:
    """Commit the worker's answer (through ``Room.commit``) if the room is still where it was
    asked: the same version (so the same decision pending), the seat still its bot's (or, for
    a person's ``timeout``, still a person's), someone at the table. Else the answer is
    dropped (the clock asks again if it must)."""
    try:
        assert room.pool is not None
        answer = await room.pool.decide(job)
        async with room.lock:
            room.thinking = None
            if (
                room.closing
                or not room.owned
                or room.version != version
                or room.game_id != job.game_id
                or job.seat not in room.pending()
                or not room.attended()
                or room.bot_plays(job.seat, time.time()) == timeout
            ):
                return
            action = d.default
            if answer is not None and answer.action is not None:
                chosen = room.game.action_space.action(answer.action)
                action = chosen if chosen in d.actions else d.default
            try:
                await room.commit(job.seat, action)
            except ConflictError:  # another process moved the room: catch up
                room.sync()
            except Exception:
                log.exception("room %s: storing a bot's action failed", room.id)
    finally:
        room.thinking = None
        room.wake.set()
