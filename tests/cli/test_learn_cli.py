"""``chieu learn GAME [LESSON]``: the lessons listed with their progress, a lesson played from
the keyboard to its end (the engine's verdicts printed), progress kept in ``CHIEU_HOME``, and
clear errors (never a traceback) for an unknown game or lesson, or a progress file that is not
JSON."""

from __future__ import annotations

from pathlib import Path

import pytest

from chieu.cli import learn
from chieu.cli.main import main
from chieu.core.lessons import Lesson, Tutor, lessons_of
from chieu.core.registry import find_game, game_names


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CHIEU_HOME", str(tmp_path))
    return tmp_path


def _first_step_lesson(name: str) -> Lesson | None:
    return next((x for x in lessons_of(find_game(name)) if x.finish == "steps"), None)


@pytest.mark.parametrize("name", game_names())
def test_a_lesson_is_played_from_the_keyboard_and_kept_as_done(
    name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lesson = _first_step_lesson(name)
    if lesson is None:
        pytest.skip(f"{name} has no step lesson")
    tutors: list[Tutor] = []

    class Kept(Tutor):
        def restart(self, seed: int | None = None) -> None:
            super().restart(seed)
            if self not in tutors:
                tutors.append(self)

    monkeypatch.setattr(learn, "Tutor", Kept)
    answers: list[str] = []

    def typed(prompt: str) -> str:
        tutor = tutors[0]
        decision = tutor.pending()
        assert decision is not None
        if not answers:  # a hint first, then a wrong move, then the right ones
            answers.extend(["?", "wrong"])
            return "?"
        if answers[-1] == "wrong":
            answers.append("right")
            wrong = [a for a in decision.actions if a not in tutor.expected()]
            if wrong:
                return str(decision.actions.index(wrong[0]) + 1)
        return str(decision.actions.index(tutor.expected()[0]) + 1)

    monkeypatch.setattr("builtins.input", typed)
    assert main(["learn", name, lesson.id]) == 0
    out = capsys.readouterr().out
    assert "Chưa đúng" in out and "Đúng rồi" in out and "Xong bài học" in out
    assert main(["learn", name]) == 0
    listed = capsys.readouterr().out
    assert f"✓ {lessons_of(find_game(name)).index(lesson) + 1:2}. {lesson.title[0]}" in listed
    assert learn.load_progress()[find_game(name).name] == [lesson.id]


def test_quitting_keeps_nothing_and_errors_are_clear(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    name = game_names()[0]
    monkeypatch.setattr("builtins.input", lambda prompt: "q")
    assert main(["learn", name, "1"]) == 1  # a set position: a whole game may end at once
    assert learn.load_progress() == {}
    assert main(["learn", "poker"]) == 2
    assert main(["learn", name, "no_such_lesson"]) == 2
    assert "no_such_lesson" in capsys.readouterr().err
    (home / "lessons.json").write_text("{not json", "utf-8")
    assert main(["learn", name, "--lang", "en"]) == 0
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err and "Learn" in out
