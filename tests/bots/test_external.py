"""External bots: the JSON-lines protocol, the example bot, and failures that forfeit moves."""

from __future__ import annotations

import sys
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
    ext = ExternalBot(bot_script(tmp_path, "bad", body), timeout=0.5)
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
