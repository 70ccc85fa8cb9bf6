"""``chieu learn GAME [LESSON]``: a game's lessons in the terminal (the kit's ``lessons``).

Without a lesson it lists them, with ✓ beside those done; with one (its number or id) it sets
up the lesson's real table and the person plays its seat: a number, a card or a move's name
as at ``chieu play``, ``?`` for a hint, ``q`` to stop. The engine judges each move
(``chieu.core.lessons.Tutor``) and says why; the other seats are the gentle ``heuristic``
bot. Progress is kept in ``$CHIEU_HOME/lessons.json`` (default ``~/.chieu``).
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
from pathlib import Path

from rich.console import Console
from rich.text import Text

from chieu.bots.registry import seat_chooser
from chieu.cli.common import Subparsers, basic_choice
from chieu.cli.faces import face_for
from chieu.cli.i18n import tr
from chieu.cli.table import HELP, choices_text, render
from chieu.core.actions import Action
from chieu.core.decisions import Decision
from chieu.core.errors import ChieuError, NotationError
from chieu.core.lessons import Lesson, Tutor, lesson_game, lessons_of
from chieu.core.notation import Lang, pick
from chieu.core.registry import find_game

MAX_PROGRESS_BYTES = 1_000_000


def add_parser(sub: Subparsers) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser(
        "learn",
        help=tr("học chơi: các bài học của một trò", "learn a game: its lessons"),
        description=tr(
            "Các bài học của một trò, từ các quân bài đến cả một ván: mỗi bài là một thế bài "
            "thật, bạn đi, máy xét và nói vì sao. Không nêu bài học thì liệt kê các bài.",
            "A game's lessons, from the cards to a whole game: each is a real position, you "
            "move, the engine judges and says why. Without a lesson, lists them.",
        ),
    )
    p.add_argument("game", metavar="GAME", help=tr("trò chơi, ví dụ chan", "the game, e.g. chan"))
    p.add_argument(
        "lesson",
        metavar="LESSON",
        nargs="?",
        help=tr("số thứ tự hoặc mã của bài học", "the lesson's number or id"),
    )
    p.add_argument("--lang", choices=("vi", "en"), default="vi", help=tr("ngôn ngữ", "language"))
    p.set_defaults(run=run)
    return p


def _progress_file() -> Path:
    return Path(os.environ.get("CHIEU_HOME") or Path.home() / ".chieu") / "lessons.json"


def load_progress() -> dict[str, list[str]]:
    """game → the ids of its lessons done ({} when there is no file or it is unreadable)."""
    path = _progress_file()
    try:
        if path.stat().st_size > MAX_PROGRESS_BYTES:
            return {}
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {
        str(g): [str(x) for x in ids if isinstance(x, str)]
        for g, ids in data.items()
        if isinstance(ids, list)
    }


def _mark_done(game: str, lesson: str) -> None:
    progress = load_progress()
    done = progress.setdefault(game, [])
    if lesson not in done:
        done.append(lesson)
    path = _progress_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(progress, ensure_ascii=False, indent=1), "utf-8")
        tmp.replace(path)
    except OSError:
        pass  # progress is a convenience: a read-only home still plays the lesson


def _find(lessons: tuple[Lesson, ...], key: str, title: str) -> Lesson:
    key = key.strip()
    if key.isdigit() and 1 <= int(key) <= len(lessons):
        return lessons[int(key) - 1]
    found = next((x for x in lessons if x.id == key.lower()), None)
    if found is None:
        known = ", ".join(f"{i} {x.id}" for i, x in enumerate(lessons, 1))
        raise ChieuError(
            tr(
                f"{title} không có bài học {key!r}; có: {known}",
                f"{title} has no lesson {key!r}; known: {known}",
            )
        )
    return found


def run(args: argparse.Namespace) -> int:
    lang: Lang = "en" if args.lang == "en" else "vi"
    definition = find_game(args.game)
    lessons = lessons_of(definition)
    console = Console(highlight=False)
    if not lessons:
        raise ChieuError(
            tr(f"{definition.title} chưa có bài học", f"{definition.title} has no lessons yet")
        )
    done = set(load_progress().get(definition.name, []))
    if args.lesson is None:
        console.print(
            Text(
                pick((f"Học chơi {definition.title}", f"Learn {definition.title}"), lang),
                "bold magenta",
            )
        )
        for i, lesson in enumerate(lessons, 1):
            mark = "✓" if lesson.id in done else " "
            console.print(
                Text.assemble(
                    f"{mark} {i:2}. ",
                    (pick(lesson.title, lang), "bold"),
                    f" — {pick(lesson.goal, lang)}",
                )
            )
        console.print(
            Text(
                pick(("Bắt đầu: chieu learn GAME SỐ", "Start one: chieu learn GAME NUMBER"), lang),
                "dim",
            )
        )
        return 0
    lesson = _find(lessons, args.lesson, definition.title)
    return teach(console, definition.name, lesson, lang)


def teach(console: Console, name: str, lesson: Lesson, lang: Lang) -> int:
    """Play ``lesson`` with the person at the keyboard; 0 when done, 1 when stopped."""
    game = lesson_game(find_game(name), lesson)
    fresh = lesson.finish == "game" and lesson.deal is None  # a new deal each time
    tutor = Tutor(
        game,
        lesson,
        seat_chooser("heuristic", game, 0),
        seed=secrets.randbelow(2**31) if fresh else None,
    )
    face = face_for(game)
    console.print(Text(pick(lesson.title, lang), "bold magenta"))
    console.print(pick(lesson.intro, lang))
    console.print(Text(pick(lesson.goal, lang), "bold"))
    names = [
        pick(("Bạn", "You"), lang)
        if s == lesson.seat
        else pick((f"Người {s + 1}", f"Player {s + 1}"), lang)
        for s in range(game.rules.players)
    ]
    while not tutor.done:
        if tutor.failed:
            console.print(Text(pick(("Làm lại từ đầu.", "Starting again."), lang), "yellow"))
            tutor.restart()
        decision = tutor.pending()
        if decision is None:
            raise ChieuError(
                "the lesson has no decision for its learner",
                vi="bài học không có quyết định nào cho người học",
            )
        view = tutor.state.view(lesson.seat, lang).to_json()
        console.print(render(view, names, face))
        mine = next(x for x in view["decisions"] if x["kind"] == decision.kind)
        console.print(choices_text(mine, lang))
        if lesson.finish == "game":
            for line in tutor.hint(lang):
                console.print(Text(line, "green"))
        action = _ask(console, tutor, decision, lang)
        if action is None:
            return 1
        verdict = tutor.act(action, lang)
        for line in verdict.lines:
            console.print(Text(line, "green" if verdict.ok else "red"))
    _mark_done(name, lesson.id)
    console.print(Text(pick(("Xong bài học! ✓", "Lesson done! ✓"), lang), "bold green"))
    return 0


def _ask(console: Console, tutor: Tutor, decision: Decision, lang: Lang) -> Action | None:
    prompt = pick(
        (
            "Bạn chọn (số, tên nước, ? gợi ý, q thoát): ",
            "Your move (number, move, ? hint, q quit): ",
        ),
        lang,
    )
    state, seat = tutor.state, tutor.lesson.seat
    while True:
        try:
            raw = input(prompt)
        except EOFError:
            console.print("")
            return None
        basic = basic_choice(raw, decision.actions)
        if basic is not None:
            kind, value = basic
            if kind == "action" and isinstance(value, Action):
                return value
            if kind == "quit":
                return None
            if kind == "help":
                console.print(HELP[lang])
            elif kind == "hint":
                for line in tutor.hint(lang):
                    console.print(Text(line, "green"))
            else:
                console.print(Text(str(value), "red"))
            continue
        try:
            action = state.game.notation.parse(state, seat, raw, lang)
        except NotationError as exc:
            console.print(Text(str(exc), "red"))
            continue
        if action in decision.actions:
            return action
        console.print(
            Text(
                pick(("Nước đó không đi được lúc này.", "That move is not legal now."), lang), "red"
            )
        )
