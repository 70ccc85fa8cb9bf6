"""External bots: the JSON-lines protocol, the example bot, and failures that forfeit moves."""

from __future__ import annotations

import os
import shlex
import sys
import time
import tracemalloc
from pathlib import Path

import pytest

from chieu.bots import ExternalBot, get_bot, play_game
from chieu.core.errors import ChieuError
from chieu.games.chan import Rules

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "first_legal_bot.py"
PY = sys.executable


def bot_script(tmp_path: Path, name: str, body: str) -> list[str]:
    path = tmp_path / f"{name}.py"
    path.write_text(body, encoding="utf-8")
    return [PY, str(path)]


def test_the_example_bot_is_short_and_plays_whole_games() -> None:
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    assert len(lines) < 50
    ext = ExternalBot([PY, str(EXAMPLE)])
    state = play_game("chan", Rules(players=2), 3, [ext, get_bot("heuristic", "chan")])
    assert state.is_terminal()
    assert ext.failures == [] and ext.forfeits == 0


def test_a_served_builtin_bot_plays_like_the_builtin(tmp_path: Path) -> None:
    """``chieu bot serve heuristic`` behind ExternalBot makes the same moves as the bot."""
    served = ExternalBot(
        [PY, "-m", "chieu.cli.main", "bot", "serve", "heuristic", "--game", "chan"]
    )
    a = play_game("chan", Rules(players=2), 5, [served, get_bot("random", "chan")])
    b = play_game(
        "chan", Rules(players=2), 5, [get_bot("heuristic", "chan"), get_bot("random", "chan")]
    )
    assert served.failures == []
    assert [e.to_json() for e in a.events] == [e.to_json() for e in b.events]


@pytest.mark.parametrize(
    ("body", "why"),
    [
        ("import sys\nsys.exit(3)\n", "ended"),
        ("import sys, json\nfor line in sys.stdin:\n    print('hello', flush=True)\n", "not JSON"),
        (
            "import sys, json, time\nfor line in sys.stdin:\n"
            "    if json.loads(line)['type'] == 'start':\n        print('{}', flush=True)\n"
            "    else:\n        time.sleep(30)\n",
            "within",
        ),
        (
            "import sys, json\nfor line in sys.stdin:\n"
            "    if json.loads(line)['type'] != 'end':\n"
            "        print('{\"index\": 999}', flush=True)\n",
            "not a legal action",
        ),
    ],
    ids=["crash", "garbage", "slow", "illegal"],
)
def test_a_failing_bot_forfeits_its_moves_and_the_game_goes_on(
    tmp_path: Path, body: str, why: str
) -> None:
    # only the slow bot needs a short limit; the others fail on their own, and a loaded
    # machine may take longer than half a second to start a Python
    ext = ExternalBot(bot_script(tmp_path, "bad", body), timeout=0.5 if why == "within" else 10)
    state = play_game("chan", Rules(players=2), 1, [ext, get_bot("heuristic", "chan")])
    assert state.is_terminal()
    assert ext.forfeits > 0
    assert any(why in f for f in ext.failures), ext.failures
    # the default action is the heuristic's move: no fault committed by the forfeiting seat
    assert not [f for f in state.outcome().faults if f.seat == 0]


def test_a_missing_program_forfeits() -> None:
    ext = ExternalBot(["/nonexistent/bot-program"])
    state = play_game("chan", Rules(players=2), 1, [ext, get_bot("random", "chan")])
    assert state.is_terminal() and "cannot start" in ext.failures[0]


def test_ext_names_and_errors() -> None:
    bot = get_bot(f"ext:{PY} {EXAMPLE}", "chan")
    assert isinstance(bot, ExternalBot) and bot.argv == [PY, str(EXAMPLE)]
    with pytest.raises(ChieuError, match="needs a command"):
        ExternalBot("")


# -- robust edges (issue 16) ------------------------------------------------------------------
FIRST_LEGAL = (
    "import json, sys\n"
    "for line in sys.stdin:\n"
    "    m = json.loads(line)\n"
    "    if m['type'] == 'start':\n"
    "        print('{}', flush=True)\n"
    "    elif m['type'] == 'act':\n"
    "        print(json.dumps({'index': 0}), flush=True)\n"
)


def _alive(pid: int) -> bool:
    """True while ``pid`` runs (a zombie counts as ended)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def _gone(pid: int, seconds: float = 5.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not _alive(pid):
            return True
        time.sleep(0.02)
    return False


def test_an_endless_line_forfeits_at_the_limit_in_bounded_memory(tmp_path: Path) -> None:
    """A bot that writes one endless line is stopped as soon as the line passes 64 KiB: the
    reader never holds more than the limit (it used to build the whole line, 7.76 GB)."""
    body = "import sys\nsys.stdin.readline()\nwhile True:\n    sys.stdout.write('x' * 65536)\n"
    ext = ExternalBot(bot_script(tmp_path, "endless", body), timeout=5)
    tracemalloc.start()
    start = time.monotonic()
    try:
        state = play_game("chan", Rules(players=2), 1, [ext, get_bot("heuristic", "chan")])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert state.is_terminal() and time.monotonic() - start < 4
    assert "longer than 65,536 bytes" in ext.failures[0], ext.failures
    assert peak < 16 << 20, peak


def test_invalid_utf8_is_a_clear_forfeit_not_a_dead_reader(tmp_path: Path) -> None:
    body = (
        'import sys\nsys.stdin.readline()\nsys.stdout.buffer.write(b\'{"a": "\\xff\\xfe"}\\n\')\n'
        "sys.stdout.flush()\nsys.stdin.readline()\n"
    )
    ext = ExternalBot(bot_script(tmp_path, "latin", body), timeout=5)
    start = time.monotonic()
    state = play_game("chan", Rules(players=2), 1, [ext, get_bot("heuristic", "chan")])
    assert state.is_terminal() and time.monotonic() - start < 4  # no false 5 s timeout
    assert len(ext.failures) == 1 and "is not UTF-8" in ext.failures[0], ext.failures
    assert "start" in ext.failures[0]


@pytest.mark.parametrize(
    ("answer", "why"),
    [
        ("[" * 100 + "]" * 100, "nests deeper than 16"),
        ('{"index": 1e999}', "out of range"),
        ('{"index": ' + "9" * 5000 + "}", "5,000 digits"),
        ('{"index": NaN}', "NaN"),
        ("[1, 2]", "not a JSON object"),
    ],
)
def test_malformed_answers_are_named(tmp_path: Path, answer: str, why: str) -> None:
    body = (
        "import sys\nsys.stdin.readline()\nprint('{}', flush=True)\nsys.stdin.readline()\n"
        f"print({answer!r}, flush=True)\nsys.stdin.read()\n"
    )
    ext = ExternalBot(bot_script(tmp_path, "bad", body), timeout=5)
    play_game("chan", Rules(players=2), 1, [ext, get_bot("heuristic", "chan")])
    assert why in ext.failures[0] and "'act'" in ext.failures[0], ext.failures


def test_a_wrapper_script_leaves_no_orphan_on_timeout(tmp_path: Path) -> None:
    """``sh -c 'python bot.py & wait'``: the real bot is the shell's child; a timeout kills
    the whole process group, the real bot included."""
    pidfile = tmp_path / "pid"
    body = (
        "import os, sys, time\n"
        f"open({str(pidfile)!r}, 'w').write(str(os.getpid()))\n"
        "sys.stdin.readline()\nprint('{}', flush=True)\ntime.sleep(60)\n"
    )
    script = bot_script(tmp_path, "sleepy", body)
    ext = ExternalBot(["sh", "-c", f"{shlex.join(script)} <&0 & wait"], timeout=0.5)
    state = play_game("chan", Rules(players=2), 1, [ext, get_bot("heuristic", "chan")])
    assert state.is_terminal() and "within 0.5 s" in ext.failures[0]
    pid = int(pidfile.read_text())
    assert _gone(pid), f"the real bot {pid} outlived its wrapper"


def test_a_bot_child_is_killed_at_the_end_of_the_game(tmp_path: Path) -> None:
    """A bot that plays well but leaves a helper process running: the helper dies with the
    game (the group is killed once the bot's input is closed)."""
    pidfile = tmp_path / "helper"
    body = (
        "import subprocess\n"
        "helper = subprocess.Popen(['sleep', '60'])\n"
        f"open({str(pidfile)!r}, 'w').write(str(helper.pid))\n" + FIRST_LEGAL
    )
    ext = ExternalBot(bot_script(tmp_path, "parent", body), timeout=5)
    state = play_game("chan", Rules(players=2), 2, [ext, get_bot("heuristic", "chan")])
    assert state.is_terminal() and ext.failures == []
    assert _gone(int(pidfile.read_text()))


def test_the_game_budget_forfeits_the_rest_of_the_game(tmp_path: Path) -> None:
    """Each answer is in time (0.1 s of a 5 s timeout) but the game's 0.5 s run out: the bot
    forfeits from then on, with the reason, and the game goes on."""
    body = FIRST_LEGAL.replace(
        "    elif m['type'] == 'act':\n",
        "    elif m['type'] == 'act':\n        __import__('time').sleep(0.1)\n",
    )
    ext = ExternalBot(bot_script(tmp_path, "slowish", body), timeout=5, game_time=0.5)
    start = time.monotonic()
    state = play_game("chan", Rules(players=2), 1, [ext, get_bot("heuristic", "chan")])
    assert state.is_terminal() and time.monotonic() - start < 3
    assert ext.failures == ["used up its 0.5 s for the game (at 'act')"], ext.failures
    assert ext.forfeits > 0


def test_a_chatty_bot_is_read_in_bounded_memory(tmp_path: Path) -> None:
    """A bot that prints lines without end: at most a few lines are read ahead, every extra
    line is an illegal answer, the game ends."""
    body = "import sys\nwhile True:\n    sys.stdout.write('{}\\n' * 1000)\n"
    ext = ExternalBot(bot_script(tmp_path, "chatty", body), timeout=2)
    state = play_game("chan", Rules(players=2), 1, [ext, get_bot("heuristic", "chan")])
    assert state.is_terminal() and ext.forfeits > 0
    assert ext._lines.qsize() <= 16


def test_a_message_the_bot_does_not_read_times_out() -> None:
    """Writing to a bot that reads nothing cannot block chieu: the write gives up at the
    deadline."""
    from chieu.bots.external import _write_all

    read, write = os.pipe()
    try:
        os.set_blocking(write, False)
        start = time.monotonic()
        assert _write_all(write, b"x" * (4 << 20), start + 0.3) is False
        assert time.monotonic() - start < 1
    finally:
        os.close(read)
        os.close(write)


@pytest.mark.parametrize("value", [0, -1, float("nan"), float("inf"), 1e9, "5"])
def test_times_are_finite_and_positive(value: object) -> None:
    with pytest.raises(ChieuError, match="seconds"):
        ExternalBot(["x"], timeout=value)  # type: ignore[arg-type]
    with pytest.raises(ChieuError, match="seconds"):
        ExternalBot(["x"], game_time=value)  # type: ignore[arg-type]
