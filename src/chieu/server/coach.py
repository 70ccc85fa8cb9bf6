"""The coach at the server (issue 29): a finished game's review of one seat, as a job.

``POST /api/games/{id}/review {"seat"}`` starts the review (or finds it cached);
``GET /api/games/{id}/review?seat=N&lang=`` answers ``{"status", "progress", "review"?}``
(``status``: ``none`` (never asked), ``queued``, ``running``, ``done`` or ``failed``;
``review``: ``chieu review --json``'s shape, in the language asked);
``GET /api/rooms/{id}/reviews`` lists the accuracy of every reviewed seat of the room's games
(the score sheet's). The reviews run in the worker processes of ``chieu.server.reviewpool``
(never on the event loop), and are cached in the ``reviews`` table per game, seat and judge
version.

Who may review: only a finished game (its record is stored once it is over); a person
reviews his own seat; another seat only in a public room, whose finished records everyone may
read (``may_read_row``); a private room's other seats are refused. No game is named here.
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Protocol, TypedDict

import sqlalchemy as sa
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Engine
from starlette.concurrency import run_in_threadpool

from chieu.core.errors import ChieuError
from chieu.core.jsonio import JsonObject, JsonValue
from chieu.server import models as m
from chieu.server.limits import PlayerBuckets
from chieu.server.lobby import ApiError, may_read_row, rate_limited
from chieu.server.messages import WORDS
from chieu.server.reviewpool import Busy, Full, Job, ReviewPool, Task
from chieu.server.rows import StoredRoom

if TYPE_CHECKING:
    from chieu.server.storage import Store

#: requests a second per player on these endpoints (bursts of four times that): the page polls
RATE = 5.0
_TABLE = m.reviews

#: the coach's refusals, in words (``chieu.server.messages``)
WORDS.update(
    {
        "review_not_over": (
            "Ván chưa kết thúc: chỉ phân tích được ván đã xong; hãy chơi hết ván rồi bấm lại",
            "The game is not over: only a finished game can be reviewed; finish it, then ask again",
        ),
        "review_not_yours": (
            "Bàn riêng: bạn chỉ phân tích được ghế của mình; chọn ghế của bạn",
            "A private room: you may review only your own seat; choose your seat",
        ),
        "review_no_seat": (
            "Bạn không ngồi ván này: hãy chọn ghế cần phân tích",
            "You did not play this game: choose the seat to review",
        ),
        "bad_seat": ("Không có ghế này trong ván", "There is no such seat in this game"),
        "review_busy": (
            "Bạn đang có một ván chờ phân tích; đợi ván đó xong rồi bấm lại",
            "One of your games is being reviewed already; wait for it, then ask again",
        ),
        "review_full": (
            "Máy phân tích đang bận với nhiều ván; hãy thử lại sau ít phút",
            "The reviewer is busy with many games; try again in a few minutes",
        ),
        "review_no_judge": (
            "Trò này chưa có máy chấm để phân tích",
            "This game has no judge to review it yet",
        ),
    }
)

#: a failed review's reasons, in words (the worker's own line is kept for the log)
FAILED = {
    "timeout": (
        "Phân tích quá lâu nên đã dừng; hãy thử lại",
        "The review took too long; try again",
    ),
    "default": (
        "Không phân tích được ván này; hãy thử lại",
        "The game could not be reviewed; try again",
    ),
}


class ServerParts(Protocol):
    """What these endpoints use of the application's ``Server``."""

    store: Store
    reviews: ReviewPool


class StatusJson(TypedDict, total=False):
    game_id: int
    seat: int
    status: str
    progress: float
    position: int
    review: JsonValue
    error: dict[str, str]


# -- the cache (the ``reviews`` table) ----------------------------------------------------------
def cached(engine: Engine, game_id: int, seat: int, judge: str) -> JsonObject | None:
    """The stored review (``{"vi": ..., "en": ...}``) of ``seat`` in ``game_id`` by ``judge``."""
    query = sa.select(_TABLE.c.review).where(
        _TABLE.c.game_id == game_id, _TABLE.c.seat == seat, _TABLE.c.judge == judge
    )
    with engine.connect() as conn:
        text = conn.execute(query).scalar()
    if text is None:
        return None
    found = json.loads(text)
    return found if isinstance(found, dict) else None


def keep(engine: Engine, game_id: int, seat: int, judge: str, both: JsonObject) -> None:
    """Store a review (the first one stored is kept)."""
    vi = both.get("vi")
    accuracy = vi.get("accuracy") if isinstance(vi, dict) else None
    row = {
        "game_id": game_id,
        "seat": seat,
        "judge": judge,
        "accuracy": float(accuracy) if isinstance(accuracy, int | float) else None,
        "review": json.dumps(both, ensure_ascii=False),
        "created": time.time(),
    }
    insert = pg_insert if engine.dialect.name == "postgresql" else sqlite_insert
    with engine.begin() as conn:
        conn.execute(insert(_TABLE).values(**row).on_conflict_do_nothing())


def accuracies(engine: Engine, game_ids: list[int], judge: str) -> list[JsonObject]:
    """``{"game_id", "seat", "accuracy"}`` of every stored review of these games by ``judge``."""
    if not game_ids:
        return []
    query = (
        sa.select(_TABLE.c.game_id, _TABLE.c.seat, _TABLE.c.accuracy)
        .where(_TABLE.c.game_id.in_(game_ids), _TABLE.c.judge == judge)
        .order_by(_TABLE.c.game_id, _TABLE.c.seat)
    )
    with engine.connect() as conn:
        return [
            {"game_id": int(g), "seat": int(s), "accuracy": None if a is None else float(a)}
            for g, s, a in conn.execute(query)
        ]


# -- the endpoints ------------------------------------------------------------------------------
def _lang(raw: object) -> str:
    return "en" if raw == "en" else "vi"


def _seat_of(row: StoredRoom, pid: int) -> int | None:
    for i, s in enumerate(row["seats"]):
        if s.get("player") == pid:
            return i
    return None


def _failed_words(error: str | None) -> dict[str, str]:
    vi, en = FAILED["timeout" if error == "timeout" else "default"]
    return {"vi": vi, "en": en}


def router(
    get_server: Callable[[], ServerParts],
    who: Callable[[Request], int],
    read_body: Callable[[Request], Awaitable[JsonObject]],
) -> APIRouter:
    """The coach's endpoints; ``who`` authenticates a request, ``read_body`` reads its bounded
    JSON body (the application's own)."""
    api = APIRouter()
    player = rate_limited(PlayerBuckets(RATE, 4 * RATE), who)

    def seat_param(raw: object, text: bool = False) -> int | None:
        """A seat number (a body's JSON number, or ``text``: a query's digits); None: none."""
        if raw is None or (text and raw == ""):
            return None
        if isinstance(raw, bool):
            raise ApiError(400, "bad_seat")
        if isinstance(raw, str) and text:
            if not raw.isdigit() or len(raw) > 3:
                raise ApiError(400, "bad_seat")
            raw = int(raw)
        if not isinstance(raw, int) or not 0 <= raw < 64:
            raise ApiError(400, "bad_seat")
        return raw

    def allowed(game_id: int, pid: int, asked: int | None, code: object) -> tuple[str, int, str]:
        """The game's record text and the seat ``pid`` may review in it (the one asked,
        else his own); an ApiError with words when he may not."""
        server = get_server()
        stored = server.store.game(game_id)
        if stored is None:
            raise ApiError(404, "not_found", f"game {game_id}")
        rows = server.store.rooms(stored.room_id)
        if not rows:
            raise ApiError(404, "not_found", f"game {game_id}")
        row = rows[0]
        if not may_read_row(row, pid, code, records=True):
            raise ApiError(403, "private_room")
        if stored.record is None:
            raise ApiError(409, "review_not_over")
        own = _seat_of(row, pid)
        seat = own if asked is None else asked
        if seat is None:
            raise ApiError(400, "review_no_seat")
        if not 0 <= seat < len(row["seats"]):
            raise ApiError(400, "bad_seat")
        if seat != own and row["private"]:  # only a public room's records are everyone's
            raise ApiError(403, "review_not_yours")
        return stored.record, seat, str(row["game"])

    def judge_version(game: str) -> str:
        try:
            return get_server().reviews.version(game)
        except ChieuError:
            raise ApiError(409, "review_no_judge") from None

    def answer(
        game_id: int, seat: int, lang: str, job: Job | None, found: JsonObject | None
    ) -> StatusJson:
        out: StatusJson = {"game_id": game_id, "seat": seat}
        if found is not None:
            out["status"], out["progress"], out["review"] = "done", 1.0, found.get(lang)
        elif job is None:
            out["status"], out["progress"] = "none", 0.0
        else:
            out["status"], out["progress"] = job.status, round(job.progress, 3)
            if job.status == "queued":
                out["position"] = get_server().reviews.position(job)
            elif job.status == "done" and job.result is not None:
                out["review"] = job.result.get(lang)
            elif job.status == "failed":
                out["error"] = _failed_words(job.error)
        return out

    @api.post("/api/games/{game_id}/review", response_model=None)
    async def start(game_id: int, request: Request) -> JSONResponse:
        pid = player(request)
        body = await read_body(request)
        lang = _lang(body.get("lang", request.query_params.get("lang")))
        record, seat, game = allowed(game_id, pid, seat_param(body.get("seat")), body.get("code"))
        judge = judge_version(game)
        server = get_server()
        engine = server.store.engine
        found = await run_in_threadpool(cached, engine, game_id, seat, judge)
        if found is not None:
            return JSONResponse(answer(game_id, seat, lang, None, found))
        pool = server.reviews

        def store(both: JsonObject) -> None:
            keep(engine, game_id, seat, judge, both)

        try:
            job = pool.submit(
                (game_id, seat, judge), pid, Task(record, seat, pool.worlds), keep=store
            )
        except Busy:
            raise ApiError(429, "review_busy") from None
        except Full as full:
            raise ApiError(503, "review_full", retry_after=full.retry_after) from None
        return JSONResponse(answer(game_id, seat, lang, job, None), 202)

    @api.get("/api/games/{game_id}/review", response_model=None)
    async def status(game_id: int, request: Request) -> StatusJson:
        pid = player(request)
        query = request.query_params
        lang = _lang(query.get("lang"))
        _record, seat, game = allowed(
            game_id, pid, seat_param(query.get("seat"), text=True), query.get("code")
        )
        judge = judge_version(game)
        server = get_server()
        job = server.reviews.job((game_id, seat, judge))
        found = None
        if job is None or job.status == "done":
            found = await run_in_threadpool(cached, server.store.engine, game_id, seat, judge)
        return answer(game_id, seat, lang, job, found)

    @api.get("/api/rooms/{room_id}/reviews", response_model=None)
    async def room_reviews(room_id: int, request: Request) -> JsonObject:
        """The accuracy of every reviewed seat of the room's games (no card in it: anyone
        who may read the room's score sheet may read these)."""
        pid = player(request)
        server = get_server()
        rows = server.store.rooms(room_id)
        if not rows:
            raise ApiError(404, "not_found", f"room {room_id}")
        row = rows[0]
        if not may_read_row(row, pid, request.query_params.get("code")):
            raise ApiError(403, "private_room")
        try:
            judge = server.reviews.version(str(row["game"]))
        except ChieuError:
            return {"reviews": []}
        ids = [g["id"] for g in server.store.room_games(room_id) if g["over"]]
        found = await run_in_threadpool(accuracies, server.store.engine, ids, judge)
        reviews: list[JsonValue] = list(found)
        return {"reviews": reviews}

    return api
