"""The coach's reviews off the event loop (issue 29): worker processes and a bounded queue.

A review (``chieu.review.review``) is seconds to a minute of CPU: it never runs on the
server's event loop nor in its threads. Each one is a small picklable :class:`Task` (the
finished game's record, the seat, the judge's budget) answered by a worker process made as
the bots' are (``chieu.server.botpool.Worker``: the ``spawn`` context, niced):

* **Workers**: ``CHIEU_REVIEW_WORKERS`` processes (default 1: the bots keep the other CPUs),
  started at the first review, niced ``CHIEU_REVIEW_NICE`` (default 15: the event loop and
  the bots, niced 10, win the CPU), replaced when one dies.
* **Bounded**: at most ``CHIEU_REVIEW_QUEUE`` reviews waiting or running in all (default 8;
  one more is refused, :class:`Full`, with a wait), and one a player (:class:`Busy`); the
  queue is served in order.
* **Progress**: the worker says how many of the seat's actions it has looked at; the job's
  ``progress`` (0..1) follows.
* **Timeout**: a review that takes longer than ``CHIEU_REVIEW_TIMEOUT`` (600 s) fails and its
  worker is replaced.
* **Budget**: ``CHIEU_REVIEW_WORLDS`` sets the judge's worlds per action (default: the game's,
  ``docs/review.md``; tests set a small one). The budget is part of the judge's version, the
  key the reviews are cached by.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal

from chieu.server.botpool import Workers, _env, env_nice

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

    from chieu.core.jsonio import JsonObject
    from chieu.review import Judge

log = logging.getLogger("chieu.server")

Status = Literal["queued", "running", "done", "failed"]
#: finished jobs kept in memory (a failure is shown until the player asks again)
KEEP_FINISHED = 256
KEEP_SECONDS = 600.0


def judge_for(game: str, worlds: int | None = None) -> Judge:
    """The search judge of ``game`` with ``worlds`` worlds an action (None: the game's own
    budget); a smaller budget screens in as many worlds at most. ChieuError: no judge."""
    from chieu.core.registry import find_game
    from chieu.review import Judge, spec_of

    spec = spec_of(find_game(game))
    if worlds is not None:
        spec = replace(spec, worlds=worlds, screen=min(spec.screen, worlds))
    return Judge(game, spec=spec)


def budget() -> int | None:
    """``CHIEU_REVIEW_WORLDS`` (None: the games' own budgets)."""
    worlds = int(_env("CHIEU_REVIEW_WORLDS", 0))
    return worlds if worlds > 0 else None


@dataclass(frozen=True)
class Task:
    """One review for a worker: the record (JSON lines), the seat, the judge's worlds."""

    record: str
    seat: int
    worlds: int | None = None
    seed: int = 0


#: what a worker says: ("progress", done, total), ("done", {"vi": ..., "en": ...}), or
#: ("failed", the reason in one line)
Message = tuple[str, object, object]


def work(task: Task, say: Callable[[Message], None]) -> None:
    """Review ``task`` and say its progress and then its result (both languages' JSON) or
    why it failed; never raises."""
    from chieu.core.errors import ChieuError
    from chieu.core.record import GameRecord
    from chieu.review import review, review_json

    last = -1

    def progress(done: int, total: int) -> None:
        nonlocal last
        percent = 100 * done // max(1, total)
        if percent != last:
            last = percent
            say(("progress", done, total))

    try:
        record = GameRecord.loads(task.record, "the game's record")
        judge = judge_for(record.game, task.worlds)
        found = review(record, task.seat, judge, seed=task.seed, progress=progress)
        say(("done", {"vi": review_json(found, "vi"), "en": review_json(found, "en")}, None))
    except ChieuError as exc:
        say(("failed", str(exc).splitlines()[0][:300] if str(exc) else "review failed", None))
    except Exception as exc:  # a bug in a game's review part: the job fails, the worker lives
        log.exception("a review failed")
        say(("failed", f"{type(exc).__name__}: {exc}"[:300], None))


def serve(conn: Connection[Message, Task | None], nice: int) -> None:
    """A review worker's life: review tasks until ``None`` or the parent is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server's Ctrl-C is the server's
    if nice:
        with contextlib.suppress(OSError):
            os.nice(nice)
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        work(task, conn.send)


class Stopped(Exception):
    """The pool closed while a review ran."""


class Busy(Exception):
    """The player already has a review waiting or running."""


class Full(Exception):
    """Too many reviews waiting or running; ``retry_after`` seconds is a fair wait."""

    def __init__(self, retry_after: float) -> None:
        super().__init__("full")
        self.retry_after = retry_after


#: a review's key: the game id, the seat, the judge's version
Key = tuple[int, int, str]


@dataclass(eq=False)
class Job:
    """One review asked for: where it stands and, once done, both languages' JSON."""

    key: Key
    player: int
    task: Task
    #: called in a worker thread with the result before the job is done (the cache's write)
    keep: Callable[[JsonObject], None] | None = None
    status: Status = "queued"
    progress: float = 0.0
    result: JsonObject | None = None
    error: str | None = None
    ended: float = 0.0
    began: float = field(default_factory=time.monotonic)

    @property
    def active(self) -> bool:
        return self.status in ("queued", "running")


class ReviewPool:
    """The review workers and their queue; ``submit`` from the event loop."""

    def __init__(
        self,
        workers: int | None = None,
        *,
        cap: int | None = None,
        timeout: float | None = None,
        nice: int | None = None,
    ) -> None:
        self.size = max(1, min(16, workers or int(_env("CHIEU_REVIEW_WORKERS", 1))))
        self.cap = max(1, cap if cap is not None else int(_env("CHIEU_REVIEW_QUEUE", 8)))
        self.timeout = timeout if timeout is not None else _env("CHIEU_REVIEW_TIMEOUT", 600.0)
        nice = env_nice("CHIEU_REVIEW_NICE", 15) if nice is None else nice
        self.workers = Workers(self.size, nice, serve, "review")
        self.worlds = budget()
        self.jobs: OrderedDict[Key, Job] = OrderedDict()
        self.queue: deque[Job] = deque()
        self.tasks: set[asyncio.Task[None]] = set()
        self.closed = False
        self.took: deque[float] = deque(maxlen=16)  # seconds the last reviews took
        self.versions: dict[str, str] = {}  # game -> its judge's version

    def judge(self, game: str) -> Judge:
        """The judge this server reviews ``game`` with (its version: the cache's key)."""
        return judge_for(game, self.worlds)

    def version(self, game: str) -> str:
        """The version of ``game``'s judge (made once a game; ChieuError: no judge)."""
        found = self.versions.get(game)
        if found is None:
            found = self.versions[game] = self.judge(game).version
        return found

    def job(self, key: Key) -> Job | None:
        """The job of ``key`` (waiting, running, or finished a little while ago)."""
        self._forget()
        return self.jobs.get(key)

    def position(self, job: Job) -> int:
        """How many reviews wait before ``job`` (0: it is next or running)."""
        for i, waiting in enumerate(self.queue):
            if waiting is job:
                return i
        return 0

    def submit(
        self,
        key: Key,
        player: int,
        task: Task,
        keep: Callable[[JsonObject], None] | None = None,
    ) -> Job:
        """The review of ``key`` queued (the same job when it is already waiting or running).
        Busy: the player has another one waiting or running; Full: the queue is full."""
        self._forget()
        found = self.jobs.get(key)
        if found is not None and found.active:
            return found
        active = [j for j in self.jobs.values() if j.active]
        if any(j.player == player for j in active):
            raise Busy
        if len(active) >= self.cap or self.closed:
            raise Full(self._wait(len(active)))
        job = Job(key, player, task, keep)
        self.jobs[key] = job
        self.jobs.move_to_end(key)
        self.queue.append(job)
        self._dispatch()
        return job

    def _wait(self, ahead: int) -> float:
        """A fair wait for a place: the reviews ahead, each as long as the recent ones."""
        each = sum(self.took) / len(self.took) if self.took else 30.0
        return max(5.0, min(600.0, each * max(1, ahead) / self.size))

    def _forget(self) -> None:
        now = time.monotonic()
        done = [k for k, j in self.jobs.items() if not j.active]
        for k in done:
            job = self.jobs[k]
            if now - job.ended > KEEP_SECONDS or len(self.jobs) > KEEP_FINISHED:
                del self.jobs[k]

    def _dispatch(self) -> None:
        if self.closed:
            return
        loop = asyncio.get_running_loop()
        for w in range(self.size):
            if self.workers.busy[w] or not self.queue:
                continue
            job = self.queue.popleft()
            self.workers.busy[w] = True
            job.status = "running"
            task = loop.create_task(self._run(w, job))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    def _review(self, w: int, job: Job) -> Message:
        """In a thread: the task sent to worker ``w``, its progress followed, its answer."""
        conn = self.workers.get(w).conn
        conn.send(job.task)
        deadline = time.monotonic() + self.timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            if not conn.poll(min(left, 0.5)):
                if self.closed:
                    raise Stopped
                continue
            message: Message = conn.recv()
            kind, a, b = message
            if kind == "progress" and isinstance(a, int) and isinstance(b, int):
                job.progress = min(0.99, a / max(1, b))
                continue
            if kind == "done" and isinstance(a, dict) and job.keep is not None:
                job.keep(a)  # stored before the job says it is done
            return message

    async def _run(self, w: int, job: Job) -> None:
        loop = asyncio.get_running_loop()
        threads = self.workers.executor()
        began = time.monotonic()
        try:
            kind, a, _ = await loop.run_in_executor(threads, self._review, w, job)
            if kind == "done" and isinstance(a, dict):
                job.result, job.status, job.progress = a, "done", 1.0
                self.took.append(time.monotonic() - began)
            else:
                job.error, job.status = str(a), "failed"
        except Stopped:
            job.error, job.status = "the server is stopping", "failed"
        except TimeoutError:
            log.error("a review took over %s s", self.timeout)
            self.workers.retire(w)
            job.error, job.status = "timeout", "failed"
        except (EOFError, OSError):
            self.workers.retire(w)
            job.error, job.status = "the reviewer stopped", "failed"
        except Exception:
            log.exception("a review failed")
            job.error, job.status = "internal", "failed"
        finally:
            job.ended = time.monotonic()
            self.workers.busy[w] = False
            self._dispatch()

    async def close(self) -> None:
        self.closed = True
        for job in self.queue:
            job.status, job.error = "failed", "the server is stopping"
        self.queue.clear()
        await self.workers.stop()
