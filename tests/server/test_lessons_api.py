"""The lesson endpoints (``chieu.server.lessons``, docs/protocol.md): the list with the player's
progress, a run started, a wrong move refused with reasons and the table unchanged, the right
move completing the lesson and the progress stored, another player's run refused, bad input a
4xx in both languages; on SQLite and PostgreSQL; the migration up and down.

The games' own step lessons are written elsewhere: a test-only step lesson
(``tests.server.lesson_fixture``) is put first in each game's lessons here."""

from __future__ import annotations

from collections.abc import Iterator
from importlib import import_module
from pathlib import Path
from typing import Any

import httpx
import pytest

from chieu import load_game
from chieu.core.kit import kit_of, resolve
from chieu.core.lessons import Lesson, Tutor, lessons_of
from chieu.core.registry import game_names
from tests.server.helpers import ThreadServer
from tests.server.lesson_fixture import PROBE_ID, step_lesson

GAMES = game_names()


@pytest.fixture
def with_step_lessons(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Lesson]]:
    """Every game's lessons with the test step lesson first (the kit's parts are resolved
    once and cached: the cache is emptied before and after)."""
    added: dict[str, Lesson] = {}
    resolve.cache_clear()
    for game in GAMES:
        ref = kit_of(load_game(game)).lessons
        assert ref is not None, game
        module_name, _, attribute = ref.partition(":")
        module = import_module(module_name)
        added[game] = lesson = step_lesson(game)
        monkeypatch.setattr(module, attribute, (lesson, *getattr(module, attribute)))
    yield added
    monkeypatch.undo()
    resolve.cache_clear()


def _guest(base: str, name: str) -> dict[str, str]:
    r = httpx.post(f"{base}/api/guests", json={"name": name}, timeout=30)
    r.raise_for_status()
    return {"Authorization": f"Bearer {r.json()['token']}"}


def _call(
    method: str, url: str, headers: dict[str, str], body: Any = None, status: int = 200
) -> Any:
    r = httpx.request(method, url, headers=headers, json=body, timeout=120)
    assert r.status_code == status, (url, r.status_code, r.text)
    return r.json()


def _ids(view: dict[str, Any]) -> dict[str, int]:
    """The learner's buttons: label -> action id."""
    return {a["label"]: a["id"] for d in view["decisions"] for a in d["actions"]}


def _lesson_flow(base: str, game: str, lesson: Lesson) -> None:
    me = _guest(base, f"Học trò {game}")
    listed = _call("GET", f"{base}/api/learn/{game}?lang=vi", me)
    assert listed["game"] == game and listed["title"]
    ids = [x["id"] for x in listed["lessons"]]
    assert ids == [x.id for x in lessons_of(load_game(game))]
    first = listed["lessons"][0]
    assert first["id"] == PROBE_ID and first["done"] is False and first["steps"] == 1
    assert first["title"] == "Bài thử" and first["goal"]

    run = _call("POST", f"{base}/api/learn/{game}/{PROBE_ID}", me, {"lang": "vi"})
    assert run["run"] and run["game"] == game and run["step"] == 0 and run["done"] is False
    assert run["verdict"] is None and run["seat"] == lesson.seat
    buttons = _ids(run["view"])
    right_label = Tutor(load_game(game), lesson).answer("vi")[0]
    right = buttons[right_label]
    wrong = next(i for label, i in buttons.items() if label != right_label)
    runs = f"{base}/api/learn/runs/{run['run']}"

    hint = _call("GET", f"{runs}/hint?lang=en", me)
    assert hint["lines"] and hint["lines"][0].startswith("Choose")

    bad = _call("POST", f"{runs}/act", me, {"action": wrong, "lang": "vi"})
    assert bad["verdict"]["ok"] is False and len(bad["verdict"]["lines"]) >= 2
    assert bad["verdict"]["lines"][0].startswith("Chưa đúng")
    assert bad["view"] == run["view"] and bad["step"] == 0 and bad["done"] is False
    listed = _call("GET", f"{base}/api/learn/{game}", me)
    assert listed["lessons"][0]["done"] is False

    # another player may not use the run
    other = _guest(base, f"Người lạ {game}")
    refused = _call("POST", f"{runs}/act", other, {"action": right}, 403)
    assert refused["error"]["code"] == "foreign_run" and refused["error"]["message"]["vi"]
    _call("GET", f"{runs}/hint", other, status=403)
    _call("POST", f"{runs}/restart", other, {}, 403)

    good = _call("POST", f"{runs}/act", me, {"action": right, "lang": "en"})
    assert good["verdict"]["ok"] is True and good["verdict"]["lines"][0] == "Right!"
    assert good["done"] is True and good["step"] == 1
    listed = _call("GET", f"{base}/api/learn/{game}?lang=en", me)
    assert listed["lessons"][0]["done"] is True and listed["lessons"][0]["title"] == "A test lesson"
    assert not any(x["done"] for x in listed["lessons"][1:])
    assert not any(x["done"] for x in _call("GET", f"{base}/api/learn/{game}", other)["lessons"])

    over = _call("POST", f"{runs}/act", me, {"action": right}, 409)
    assert over["error"]["code"] == "lesson_over"
    again = _call("POST", f"{runs}/restart", me, {"lang": "vi"})
    assert again["done"] is False and again["step"] == 0 and again["verdict"] is None
    assert again["view"] == run["view"]
    # completed twice: still one completion
    _call("POST", f"{runs}/act", me, {"action": right})
    assert _call("GET", f"{base}/api/learn/{game}", me)["lessons"][0]["done"] is True


@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_through_the_api(
    game: str, server: ThreadServer, with_step_lessons: dict[str, Lesson]
) -> None:
    _lesson_flow(server.base, game, with_step_lessons[game])


def test_a_lesson_through_the_api_on_postgresql(
    pg_url: str, with_step_lessons: dict[str, Lesson]
) -> None:
    with ThreadServer(pg_url) as srv:
        _lesson_flow(srv.base, "chan", with_step_lessons["chan"])


def test_a_whole_game_lesson_gives_hints_at_each_decision(server: ThreadServer) -> None:
    me = _guest(server.base, "Cả ván")
    game = GAMES[0]
    last = lessons_of(load_game(game))[-1]
    run = _call("POST", f"{server.base}/api/learn/{game}/{last.id}", me, {})
    assert run["lesson"]["finish"] == "game" and run["hints"]
    assert run["view"]["decisions"]
    action = run["view"]["decisions"][0]["default"]
    moved = _call("POST", f"{server.base}/api/learn/runs/{run['run']}/act", me, {"action": action})
    assert moved["verdict"]["ok"] is True


def test_bad_input_is_a_clear_4xx(server: ThreadServer, with_step_lessons: Any) -> None:
    base = server.base
    me = _guest(base, "Hỏi sai")
    game = GAMES[0]
    _call("GET", f"{base}/api/learn/{game}", {}, status=401)
    _call("POST", f"{base}/api/learn/{game}/{PROBE_ID}", {}, {}, 401)
    for url, status, code in (
        (f"{base}/api/learn/khong_co", 404, "not_found"),
        (f"{base}/api/learn/{game}?lang=fr", 400, "bad_message"),
        (f"{base}/api/learn/runs/{'x' * 500}/hint", 404, "unknown_run"),
        (f"{base}/api/learn/runs/khong-co/hint", 404, "unknown_run"),
    ):
        err = _call("GET", url, me, status=status)["error"]
        assert err["code"] == code and err["message"]["vi"] and err["message"]["en"], url
        assert err["message"]["vi"] != err["message"]["en"]
    for body, status, code in (
        ({"lang": "fr"}, 400, "bad_message"),
        ({"lang": 3}, 400, "bad_message"),
        ([1, 2], 400, "bad_message"),
        ({"x": "y" * 20_000}, 413, "too_big"),
    ):
        err = _call("POST", f"{base}/api/learn/{game}/{PROBE_ID}", me, body, status)["error"]
        assert err["code"] == code, body
    err = _call("POST", f"{base}/api/learn/{game}/khong_co", me, {}, 404)["error"]
    assert err["code"] == "unknown_lesson" and "Không có bài học" in err["message"]["vi"]
    run = _call("POST", f"{base}/api/learn/{game}/{PROBE_ID}", me, {})
    act = f"{base}/api/learn/runs/{run['run']}/act"
    for action in (None, "1", True, -1, 10**9, 1.5):
        err = _call("POST", act, me, {"action": action}, 400)["error"]
        assert err["code"] == "bad_action", action
    legal = {a["id"] for d in run["view"]["decisions"] for a in d["actions"]}
    illegal = next(i for i in range(10_000) if i not in legal)
    err = _call("POST", act, me, {"action": illegal}, 409)["error"]
    assert err["code"] == "illegal" and err["message"]["en"] == "That action is not legal now"


def test_runs_are_bounded() -> None:
    from chieu.server.lessons import Run, Runs
    from chieu.server.lobby import ApiError

    game = load_game(GAMES[0])
    tutor = Tutor(game, lessons_of(game)[-1])
    runs = Runs(per_player=2, cap=3, idle=60)
    for n in range(3):
        runs.add(Run(f"a{n}", 1, game.name, tutor))
    assert len(runs) == 2  # one player keeps two: the oldest went
    with pytest.raises(ApiError):
        runs.get("a0", 1)
    runs.get("a1", 1)  # used: now the newest
    runs.add(Run("b0", 2, game.name, tutor))
    runs.add(Run("b1", 2, game.name, tutor))
    assert len(runs) == 3  # the cap: the least recently used went
    with pytest.raises(ApiError):
        runs.get("a2", 1)
    runs.get("a1", 1)
    runs.idle = -1.0  # everything idle: dropped
    with pytest.raises(ApiError):
        runs.get("a1", 1)
    assert len(runs) == 0


@pytest.fixture
def alembic_cfg(tmp_path: Path) -> Iterator[tuple[Any, Any]]:
    from alembic.config import Config

    from chieu.server import storage

    engine = storage.make_engine(f"sqlite:///{tmp_path / 'm.sqlite3'}")
    here = Path(storage.__file__).parent / "migrations"
    cfg = Config(str(here / "alembic.ini"))
    cfg.set_main_option("script_location", str(here))
    yield cfg, engine
    engine.dispose()


def test_the_migration_up_and_down(alembic_cfg: tuple[Any, Any]) -> None:
    import sqlalchemy as sa
    from alembic import command

    from chieu.server import progress, storage

    cfg, engine = alembic_cfg
    storage.migrate(engine)
    assert "lesson_progress" in sa.inspect(engine).get_table_names()
    with engine.begin() as conn:
        conn.execute(sa.text("INSERT INTO players (name, created) VALUES ('Bà Tư', 0)"))
    progress.mark_done(engine, 1, "chan", "bai_1")
    progress.mark_done(engine, 1, "chan", "bai_1")
    assert list(progress.lessons_done(engine, 1, "chan")) == ["bai_1"]
    assert progress.lessons_done(engine, 1, "phom") == {}
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0003_sessions")
    assert "lesson_progress" not in sa.inspect(engine).get_table_names()
    storage.migrate(engine)
    assert progress.lessons_done(engine, 1, "chan") == {}
