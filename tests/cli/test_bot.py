"""``chieu bot serve``: a built-in bot over the JSON-lines protocol."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from chieu.cli.bot import Server, serve
from chieu.cli.main import main
from chieu.core.errors import ChieuError
from chieu.core.record import GameRecord
from chieu.games.chan import ChanGame, Rules
from chieu.games.phom import PhomGame

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "first_legal_bot.py"


def talk(messages: list[object]) -> list[dict[str, object]]:
    out = io.StringIO()
    lines = [m if isinstance(m, str) else json.dumps(m) for m in messages]
    serve(Server("heuristic", "chan"), io.StringIO("\n".join(lines) + "\n"), out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_serve_answers_start_and_act() -> None:
    state = ChanGame.new_state(Rules(), 2)
    seat = state.current_player()
    legal = [a.to_json() for a in state.legal_actions(seat)]
    answers = talk(
        [
            {"type": "start", "game": "chan", "rules": {}, "seat": seat, "players": 4},
            {"type": "act", "observation": state.observation(seat), "legal": legal},
            {"type": "end", "outcome": {}},
            {"type": "quit"},
            {"type": "act"},  # after quit: never read
        ]
    )
    assert answers[0] == {"type": "ready", "name": "heuristic"}
    assert answers[1]["action"] in legal
    assert len(answers) == 2


def test_serve_reports_bad_messages_and_goes_on() -> None:
    answers = talk(
        [
            "not json",
            {"type": "dance"},
            {"type": "act", "legal": []},
            "[1]",
            {"type": "start", "game": "phỏm-xyz"},
        ]
    )
    assert [a["type"] for a in answers] == ["error"] * 5
    assert "unknown message type" in str(answers[1]["message"])


def test_serve_cli_unknown_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bot", "serve", "alphago", "--game", "chan"]) == 2
    assert "known bots" in capsys.readouterr().err
    assert main(["bot", "serve", "alphago"]) == 2
    assert "unknown bot 'alphago'; known bots: random" in capsys.readouterr().err


def test_serve_without_a_game_plays_the_game_of_each_start() -> None:
    server = Server("heuristic")
    with pytest.raises(ChieuError, match="no game yet"):
        server.handle({"type": "act", "observation": {}, "legal": [{"verb": "pass"}]})
    for game, cls in (("phom", PhomGame), ("chan", ChanGame)):
        state = cls.new_state(cls.rules_from_json({}), 4)
        seat = state.current_player()
        legal = [a.to_json() for a in state.legal_actions(seat)]
        assert server.handle({"type": "start", "game": game, "seat": seat}) == {
            "type": "ready",
            "name": "heuristic",
        }
        answer = server.handle(
            {"type": "act", "observation": state.observation(seat), "legal": legal}
        )
        assert answer is not None and answer["action"] in legal
    assert server.game.name == "chan"


def test_an_external_bot_takes_a_seat_in_the_terminal_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bot = f"ext:{sys.executable} {EXAMPLE}"
    argv = ["play", "chan", "--auto", "--seed", "3", "--players", "2", "--records", str(tmp_path)]
    assert main([*argv, "--bots", f"{bot},heuristic"]) == 0
    assert "first_legal_bot" in capsys.readouterr().out
    (record,) = tmp_path.glob("*.jsonl")
    assert GameRecord.load(record).verify() == []
