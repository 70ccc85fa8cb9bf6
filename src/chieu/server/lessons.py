"""The lessons at the server (issue 28): a game's lessons for a player, and runs of them.

``GET /api/learn/{game}?lang=`` lists the game's lessons (``Lesson.to_json`` and ``done``);
``POST /api/learn/{game}/{lesson}`` starts a run (a :class:`~chieu.core.lessons.Tutor` at the
lesson's table) and answers ``{"run", ...Tutor.snapshot}``; ``POST /api/learn/runs/{run}/act``
judges the learner's action (its id in the game's action space, as the View's decisions
give it) and plays it if right; ``GET /api/learn/runs/{run}`` (where it stands),
``GET .../hint`` and ``POST .../restart``. When a run is done
the player's progress is stored (``chieu.server.progress``).

Runs live in memory (:class:`Runs`): a few per player, a cap in all, dropped when idle; only
the player who started one may use it. The engine and the gentle bots (the ``heuristic``)
work in a thread, never on the event loop. No game is named here: lessons are the kit's part.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, TypedDict

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool

from chieu.bots.registry import seat_chooser
from chieu.core.actions import Action
from chieu.core.decisions import Decision
from chieu.core.errors import ChieuError
from chieu.core.jsonio import JsonObject
from chieu.core.lessons import (
    Lesson,
    LessonError,
    LessonJson,
    Tutor,
    find_lesson,
    lesson_game,
    lessons_of,
)
from chieu.core.notation import Lang
from chieu.core.protocol import GameDefinition
from chieu.core.state import StateBase
from chieu.server import progress
from chieu.server.learn import _definition, _lang
from chieu.server.limits import PlayerBuckets
from chieu.server.lobby import ApiError, rate_limited

if TYPE_CHECKING:
    from chieu.server.storage import Store

#: runs one player may keep (a new one drops his least recently used)
RUNS_PER_PLAYER = 3
#: runs kept in all (a new one drops the least recently used)
MAX_RUNS = 400
#: seconds a run may stay untouched before it is dropped
IDLE = 30 * 60.0
#: the gentle bot of the seats the learner does not play
GENTLE = "heuristic"
#: requests a second per player on these endpoints (bursts of twice that)
RATE = 10.0
MAX_SLUG = 64  # characters of a lesson's or a run's id


class LessonItem(LessonJson):
    done: bool


class LessonsJson(TypedDict):
    game: str
    title: str
    lessons: list[LessonItem]


class LinesJson(TypedDict):
    lines: list[str]


class ServerParts(Protocol):
    """What these endpoints use of the application's ``Server``."""

    store: Store


@dataclass
class Run:
    """One player's run of one lesson: its Tutor, used by one request at a time."""

    id: str
    player: int
    game: str
    tutor: Tutor
    used: float = field(default_factory=time.monotonic)
    lock: threading.Lock = field(default_factory=threading.Lock)
    saved: bool = False  # the completion stored


class Runs:
    """The live runs, bounded: ``per_player`` each, ``cap`` in all, ``idle`` seconds untouched
    at most (the least recently used goes first)."""

    def __init__(
        self, per_player: int = RUNS_PER_PLAYER, cap: int = MAX_RUNS, idle: float = IDLE
    ) -> None:
        self.per_player = per_player
        self.cap = cap
        self.idle = idle
        self._runs: OrderedDict[str, Run] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._runs)

    def _expire(self, now: float) -> None:
        for key in [k for k, r in self._runs.items() if now - r.used > self.idle]:
            del self._runs[key]

    def add(self, run: Run) -> None:
        with self._lock:
            self._expire(time.monotonic())
            mine = [k for k, r in self._runs.items() if r.player == run.player]
            for key in mine[: max(0, len(mine) - self.per_player + 1)]:
                del self._runs[key]
            while len(self._runs) >= self.cap:
                self._runs.popitem(last=False)
            self._runs[run.id] = run

    def get(self, run_id: str, player: int) -> Run:
        """The run ``run_id`` of ``player`` (404 when unknown or dropped, 403 when another
        player's), marked as used."""
        with self._lock:
            now = time.monotonic()
            self._expire(now)
            run = self._runs.get(run_id)
            if run is None:
                raise ApiError(404, "unknown_run")
            if run.player != player:
                raise ApiError(403, "foreign_run")
            run.used = now
            self._runs.move_to_end(run_id)
            return run


def gentle_others(
    definition: GameDefinition, lesson: Lesson, seed: int
) -> Callable[[StateBase, Decision], Action]:
    """The chooser of the seats the learner does not play: a ``heuristic`` bot per seat (told
    the lesson's rules), each with its own random stream."""
    return seat_chooser(GENTLE, lesson_game(definition, lesson), seed)


def _fresh(lesson: Lesson) -> bool:
    """A whole game without a fixed deal: dealt afresh at each start."""
    return lesson.finish == "game" and lesson.deal is None


def _slug(value: str, what: str) -> str:
    if not value or len(value) > MAX_SLUG or not all(c.isalnum() or c in "_-" for c in value):
        raise ApiError(404, "unknown_lesson" if what == "lesson" else "unknown_run")
    return value


def _body_lang(body: JsonObject) -> Lang:
    raw = body.get("lang", "vi")
    return _lang(raw if isinstance(raw, str) else "?")


def router(
    get_server: Callable[[], ServerParts],
    who: Callable[[Request], int],
    read_body: Callable[[Request], Awaitable[JsonObject]],
    runs: Runs | None = None,
) -> APIRouter:
    """The lesson endpoints; ``who`` authenticates a request, ``read_body`` reads its bounded
    JSON body (the app's own)."""
    api = APIRouter()
    live = runs if runs is not None else Runs()
    player = rate_limited(PlayerBuckets(RATE, 2 * RATE), who)

    def answer(run: Run, lang: Lang) -> JsonObject:
        """The run's snapshot (its completion stored when it is done); in a worker thread,
        holding the run's lock."""
        out: JsonObject = {"run": run.id, "game": run.game}
        out.update(run.tutor.snapshot(lang))
        if run.tutor.done and not run.saved:
            progress.mark_done(get_server().store.engine, run.player, run.game, run.tutor.lesson.id)
            run.saved = True
        return out

    @api.get("/api/learn/{game}", response_model=None)
    async def lessons(game: str, request: Request, lang: str = "vi") -> LessonsJson:
        pid = player(request)
        language = _lang(lang)
        definition = _definition(game)
        engine = get_server().store.engine
        done = await run_in_threadpool(progress.lessons_done, engine, pid, definition.name)
        items: list[LessonItem] = [
            {**lesson.to_json(language), "done": lesson.id in done}
            for lesson in lessons_of(definition)
        ]
        return {"game": definition.name, "title": definition.title, "lessons": items}

    @api.post("/api/learn/{game}/{lesson_id}", response_model=None)
    async def start(game: str, lesson_id: str, request: Request) -> JsonObject:
        pid = player(request)
        lang = _body_lang(await read_body(request))
        definition = _definition(game)
        wanted = _slug(lesson_id, "lesson")
        lesson = find_lesson(definition, wanted)
        if lesson is None:
            raise ApiError(404, "unknown_lesson")

        def begin() -> JsonObject:
            seed = secrets.randbits(31)
            tutor = Tutor(definition, lesson, gentle_others(definition, lesson, seed))
            if _fresh(lesson):
                tutor.restart(seed)
            run = Run(secrets.token_urlsafe(12), pid, definition.name, tutor)
            with run.lock:
                out = answer(run, lang)
            live.add(run)
            return out

        try:
            return await run_in_threadpool(begin)
        except LessonError:
            raise ApiError(500, "internal") from None

    @api.post("/api/learn/runs/{run_id}/act", response_model=None)
    async def act(run_id: str, request: Request) -> JsonObject:
        pid = player(request)
        body = await read_body(request)
        lang = _body_lang(body)
        run = live.get(_slug(run_id, "run"), pid)
        action_id = body.get("action")
        space = run.tutor.state.game.action_space
        if isinstance(action_id, bool) or not isinstance(action_id, int):
            raise ApiError(400, "bad_action")
        if not 0 <= action_id < len(space):
            raise ApiError(400, "bad_action")
        action = space.action(action_id)

        def play() -> JsonObject:
            with run.lock:
                tutor = run.tutor
                if tutor.done or tutor.failed:
                    raise ApiError(409, "lesson_over")
                decision = tutor.pending()
                if decision is None or action not in decision.actions:
                    raise ApiError(409, "illegal")
                try:
                    tutor.act(action, lang)
                except ChieuError:
                    raise ApiError(409, "illegal") from None
                return answer(run, lang)

        return await run_in_threadpool(play)

    @api.get("/api/learn/runs/{run_id}", response_model=None)
    async def snapshot(run_id: str, request: Request, lang: str = "vi") -> JsonObject:
        """The run where it stands (a reload, another language): nothing is played."""
        pid = player(request)
        language = _lang(lang)
        run = live.get(_slug(run_id, "run"), pid)

        def look() -> JsonObject:
            with run.lock:
                return answer(run, language)

        return await run_in_threadpool(look)

    @api.get("/api/learn/runs/{run_id}/hint", response_model=None)
    async def hint(run_id: str, request: Request, lang: str = "vi") -> LinesJson:
        pid = player(request)
        language = _lang(lang)
        run = live.get(_slug(run_id, "run"), pid)

        def advise() -> LinesJson:
            with run.lock:
                return {"lines": run.tutor.hint(language)}

        return await run_in_threadpool(advise)

    @api.post("/api/learn/runs/{run_id}/restart", response_model=None)
    async def restart(run_id: str, request: Request) -> JsonObject:
        pid = player(request)
        lang = _body_lang(await read_body(request))
        run = live.get(_slug(run_id, "run"), pid)

        def again() -> JsonObject:
            with run.lock:
                tutor = run.tutor
                tutor.restart(secrets.randbits(31) if _fresh(tutor.lesson) else None)
                run.saved = False
                return answer(run, lang)

        return await run_in_threadpool(again)

    return api
