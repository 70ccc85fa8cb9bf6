"""The coach's endpoints (``chieu.server.coach``, issue 29): a review started, its progress,
done with the review; a cache hit; refused for an unfinished game, another's seat in a private
room, a full queue and a second review of one player; bad input; the event loop answers while
a review runs; the ``reviews`` table on SQLite and PostgreSQL, its migration up and down."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from chieu.server.reviewpool import Busy, Full, ReviewPool, Task
from tests.server.helpers import ThreadServer, auth, guest, make_room, played_alone, until

CLOCK = {"bot_delay": 0, "pause": 600, "turn": None, "claim": None, "grace": 0}
#: a small judge: a review of a whole game in a second or two
SMALL = "2"


@pytest.fixture
def small(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ThreadServer]:
    monkeypatch.setenv("CHIEU_REVIEW_WORLDS", SMALL)
    with ThreadServer(f"sqlite:///{tmp_path / 'coach.sqlite3'}") as srv:
        yield srv


def _review(base: str, token: str, game_id: int, body: Any, status: int = 202) -> Any:
    r = httpx.post(f"{base}/api/games/{game_id}/review", json=body, headers=auth(token))
    assert r.status_code == status, r.text
    return r.json()


def _refused(r: httpx.Response, status: int, code: str) -> None:
    assert r.status_code == status, r.text
    error = r.json()["error"]
    assert error["code"] == code
    assert error["message"]["vi"] and error["message"]["en"]
    assert error["message"]["vi"] != error["message"]["en"]


def _until_done(base: str, token: str, game_id: int, seat: int, lang: str = "vi") -> Any:
    seen: list[float] = []

    def done() -> Any:
        r = httpx.get(
            f"{base}/api/games/{game_id}/review",
            params={"seat": seat, "lang": lang},
            headers=auth(token),
        )
        assert r.status_code in (200, 429), r.text
        if r.status_code == 429:
            return None
        got = r.json()
        assert got["status"] in ("queued", "running", "done"), got
        seen.append(got["progress"])
        return got if got["status"] == "done" else None

    got = until(done, step=0.25)
    assert seen == sorted(seen), f"the progress goes back: {seen}"
    return got


def test_a_review_runs_and_is_cached(small: ThreadServer) -> None:
    base = small.base
    host = guest(base, "Người học")
    room = played_alone(base, host, {"game": "phom", "clock": CLOCK})
    game_id = room["game_id"]
    url = f"{base}/api/games/{game_id}/review"
    before = httpx.get(url, params={"seat": 0}, headers=auth(host)).json()
    assert before["status"] == "none" and before["progress"] == 0

    started = _review(base, host, game_id, {"seat": 0})
    assert started["status"] in ("queued", "running") and started["seat"] == 0
    done = _until_done(base, host, game_id, 0)
    review = done["review"]
    assert done["progress"] == 1.0
    assert review["seat"] == 0 and review["game"] == "phom"
    assert set(review) >= {"seat", "accuracy", "judge", "decisions", "turning_points"}
    assert review["judge"].startswith("search-v") and "w2s2" in review["judge"]
    assert review["decisions"], "a whole game has decisions"
    first = review["decisions"][0]
    assert set(first) >= {"step", "played", "best", "loss", "class", "text"}
    assert review["judge_info"]["proven"] is True and review["judge_info"]["note"]
    # the same review in English; the seat defaults to the player's own
    english = httpx.get(url, params={"lang": "en"}, headers=auth(host)).json()
    assert english["status"] == "done" and english["seat"] == 0
    assert english["review"]["judge_info"]["note"] != review["judge_info"]["note"]

    # a cache hit: done at once, the same review
    again = _review(base, host, game_id, {}, status=200)
    assert again["status"] == "done" and again["review"] == review
    # the score sheet's accuracies
    listed = httpx.get(f"{base}/api/rooms/{room['id']}/reviews", headers=auth(host)).json()
    assert listed["reviews"] == [{"game_id": game_id, "seat": 0, "accuracy": review["accuracy"]}]

    # a public room: everyone may read its records, so anyone may review any seat
    other = guest(base, "Người xem")
    _review(base, other, game_id, {"seat": 1})
    assert _until_done(base, other, game_id, 1, "en")["review"]["seat"] == 1


def test_refusals_say_why(small: ThreadServer) -> None:
    base = small.base
    host = guest(base, "Chủ bàn")
    stranger = guest(base, "Người lạ")
    # a game in progress: the host's seat waits for him (no deadline)
    live = make_room(base, host, {"game": "phom", "clock": {**CLOCK, "grace": 600}})
    httpx.post(f"{base}/api/rooms/{live['id']}/start", headers=auth(host)).raise_for_status()
    live = httpx.get(f"{base}/api/rooms/{live['id']}", headers=auth(host)).json()["room"]
    url = f"{base}/api/games/{live['game_id']}/review"
    _refused(httpx.post(url, json={"seat": 0}, headers=auth(host)), 409, "review_not_over")
    _refused(httpx.get(url, headers=auth(host)), 409, "review_not_over")

    # a private room: one's own seat only; a stranger not at all
    private = played_alone(base, host, {"game": "phom", "clock": CLOCK, "private": True})
    url = f"{base}/api/games/{private['game_id']}/review"
    _refused(httpx.post(url, json={"seat": 1}, headers=auth(host)), 403, "review_not_yours")
    _refused(httpx.get(url, params={"seat": 2}, headers=auth(host)), 403, "review_not_yours")
    _refused(httpx.post(url, json={"seat": 0}, headers=auth(stranger)), 403, "private_room")

    # bad input
    _refused(httpx.post(url, json={"seat": 9}, headers=auth(host)), 400, "bad_seat")
    _refused(httpx.post(url, json={"seat": "0"}, headers=auth(host)), 400, "bad_seat")
    _refused(httpx.post(url, json={"seat": True}, headers=auth(host)), 400, "bad_seat")
    _refused(httpx.post(url, json={"seat": -1}, headers=auth(host)), 400, "bad_seat")
    _refused(httpx.get(url, params={"seat": "x"}, headers=auth(host)), 400, "bad_seat")
    _refused(httpx.post(url, content=b"[1", headers=auth(host)), 400, "bad_json")
    _refused(httpx.post(url, json=[0], headers=auth(host)), 400, "bad_message")
    _refused(httpx.post(url, json={"seat": 0}), 401, "unauthorized")
    missing = f"{base}/api/games/4242424242/review"
    _refused(httpx.post(missing, json={"seat": 0}, headers=auth(host)), 404, "not_found")
    # a spectator of a public game who asks for no seat: which one?
    public = played_alone(base, host, {"game": "phom", "clock": CLOCK})
    url = f"{base}/api/games/{public['game_id']}/review"
    _refused(httpx.post(url, json={}, headers=auth(stranger)), 400, "review_no_seat")


def test_a_full_queue_and_a_busy_player_are_refused_and_the_loop_answers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One review at a time (the game's own budget: several seconds of a worker's CPU), a
    queue of one: a second player is told to come back later, the first that he has one
    running; meanwhile /api/health answers at once."""
    monkeypatch.setenv("CHIEU_REVIEW_QUEUE", "1")
    monkeypatch.delenv("CHIEU_REVIEW_WORLDS", raising=False)
    with ThreadServer(f"sqlite:///{tmp_path / 'full.sqlite3'}") as srv:
        base = srv.base
        host = guest(base, "Người học")
        room = played_alone(base, host, {"game": "phom", "clock": CLOCK})
        game_id = room["game_id"]
        url = f"{base}/api/games/{game_id}/review"
        _review(base, host, game_id, {"seat": 0})
        other = guest(base, "Người sau")
        full = httpx.post(url, json={"seat": 1}, headers=auth(other))
        _refused(full, 503, "review_full")
        assert int(full.headers["Retry-After"]) >= 1 and full.json()["error"]["retry_after"] >= 1
        _refused(httpx.post(url, json={"seat": 1}, headers=auth(host)), 429, "review_busy")
        # asking again for the same review is no new one: its status
        same = httpx.post(url, json={"seat": 0}, headers=auth(host))
        assert same.status_code == 202 and same.json()["status"] in ("queued", "running")

        slowest = 0.0
        running = False
        for _ in range(40):
            began = time.perf_counter()
            assert httpx.get(f"{base}/api/health", timeout=5).json() == {"ok": True}
            slowest = max(slowest, time.perf_counter() - began)
            got = httpx.get(url, params={"seat": 0}, headers=auth(host))
            if got.status_code == 200 and got.json()["status"] == "running":
                running = True
            time.sleep(0.1)
        assert running, "the review should still be running (the game's own budget)"
        assert slowest < 0.5, f"/api/health took {slowest:.2f} s while a review ran"


def test_the_pool_bounds_its_queue() -> None:
    async def go() -> None:
        pool = ReviewPool(1, cap=2)
        pool.closed = True  # nothing is dispatched: the jobs stay queued
        try:
            with pytest.raises(Full):
                pool.submit((1, 0, "j"), 1, Task("", 0))
            pool.closed = False
            pool._dispatch = lambda: None  # type: ignore[method-assign]
            a = pool.submit((1, 0, "j"), 1, Task("", 0))
            assert pool.submit((1, 0, "j"), 1, Task("", 0)) is a  # the same review
            with pytest.raises(Busy):
                pool.submit((1, 1, "j"), 1, Task("", 1))
            b = pool.submit((2, 0, "j"), 2, Task("", 0))
            assert pool.position(a) == 0 and pool.position(b) == 1
            with pytest.raises(Full) as full:
                pool.submit((3, 0, "j"), 3, Task("", 0))
            assert full.value.retry_after >= 5
        finally:
            await pool.close()

    asyncio.run(go())


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_the_cache_on_both_databases(database: str, tmp_path: Path, request: Any) -> None:
    from chieu.server import coach
    from chieu.server.storage import Store

    url = (
        f"sqlite:///{tmp_path / 'c.sqlite3'}"
        if database == "sqlite"
        else request.getfixturevalue("pg_url")
    )
    store = Store(url)
    try:
        store.migrate()
        game_id = _a_game(store)
        both = {"vi": {"accuracy": 71.5, "seat": 1}, "en": {"accuracy": 71.5, "seat": 1}}
        assert coach.cached(store.engine, game_id, 1, "j1") is None
        coach.keep(store.engine, game_id, 1, "j1", both)
        coach.keep(store.engine, game_id, 1, "j1", {"vi": {"accuracy": 1.0}})  # the first stays
        assert coach.cached(store.engine, game_id, 1, "j1") == both
        assert coach.cached(store.engine, game_id, 1, "j2") is None  # another judge
        coach.keep(store.engine, game_id, 0, "j1", {"vi": {"accuracy": None}})
        assert coach.accuracies(store.engine, [game_id], "j1") == [
            {"game_id": game_id, "seat": 0, "accuracy": None},
            {"game_id": game_id, "seat": 1, "accuracy": 71.5},
        ]
        assert coach.accuracies(store.engine, [], "j1") == []
    finally:
        store.close()


def _a_game(store: Any) -> int:
    """A room with one game row (its record stored), straight into the database."""
    from chieu.core.table import load_game

    pid = store.create_player("Chủ")
    lobby_game = load_game("phom")
    from chieu.server.lobby import Lobby

    lobby = Lobby(store)
    room = lobby.create_room(pid, {"game": lobby_game.name})
    import sqlalchemy as sa

    from chieu.server import models as m

    with store.engine.begin() as conn:
        conn.execute(
            m.games.insert().values(
                id=777,
                room_id=room.id,
                number=1,
                seed=1,
                setup="{}",
                first_version=0,
                record="{}",
                created=0.0,
            )
        )
        assert conn.execute(sa.select(m.games.c.id)).scalar() == 777
    return 777


def test_the_migration_up_and_down(tmp_path: Path) -> None:
    import sqlalchemy as sa
    from alembic import command
    from alembic.config import Config

    from chieu.server import storage

    engine = storage.make_engine(f"sqlite:///{tmp_path / 'm.sqlite3'}")
    here = Path(storage.__file__).parent / "migrations"
    cfg = Config(str(here / "alembic.ini"))
    cfg.set_main_option("script_location", str(here))
    try:
        storage.migrate(engine)
        assert "reviews" in sa.inspect(engine).get_table_names()
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, "0006_lessons")
        assert "reviews" not in sa.inspect(engine).get_table_names()
        assert "lesson_progress" in sa.inspect(engine).get_table_names()
        storage.migrate(engine)
        columns = {c["name"] for c in sa.inspect(engine).get_columns("reviews")}
        assert columns == {"game_id", "seat", "judge", "accuracy", "review", "created"}
    finally:
        engine.dispose()
