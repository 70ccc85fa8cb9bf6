"""``chieu review RECORD --seat N``: the search bot's view of each decision of a seat."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chieu.bots import get_bot, play_game
from chieu.cli.main import main
from chieu.core.record import GameRecord
from chieu.games.chan import Rules


@pytest.fixture
def record(tmp_path: Path) -> Path:
    bots = [get_bot("random", "chan"), get_bot("heuristic", "chan")]
    state = play_game("chan", Rules(players=2), 4, bots)
    return GameRecord.from_state(state).save(tmp_path / "game.jsonl")


def test_review_json(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(record), "--seat", "0", "--iterations", "6", "--json"]) == 0
    entries = json.loads(capsys.readouterr().out)
    assert entries
    for e in entries:
        assert {"step", "played", "search", "cost", "values"} <= set(e)
        assert e["fault"] or e["cost"] >= 0
    # a random player makes choices the search does not like
    assert any(e["fault"] or e["cost"] > 0 for e in entries)


def test_review_table(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(record), "--seat", "1", "--iterations", "4"]) == 0
    assert "quyết định" in capsys.readouterr().out


def test_review_errors(record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(record), "--seat", "5"]) == 2
    assert "not a seat" in capsys.readouterr().err
    assert main(["review", str(tmp_path / "missing.jsonl"), "--seat", "0"]) == 2
    assert "cannot read record" in capsys.readouterr().err


def test_review_with_a_tiny_budget(record: Path) -> None:
    """One playout, or none: every decision still gets an entry (no crash on empty stats)."""
    from chieu.cli.review import review

    rec = GameRecord.load(record)
    for budget in ({"iterations": 1}, {"iterations": None, "millis": 0.0}):
        entries = review(rec, 1, **budget)  # type: ignore[arg-type]
        assert entries and all("search" in e for e in entries)


@pytest.mark.parametrize("game", ["totom", "phom", "matchuoc"])
def test_review_every_game(game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Any game whose worlds can be sampled is reviewed the same way."""
    from chieu.core.registry import find_game

    cls = find_game(game)
    rules = cls.rules_from_json({})
    players = cls.info(rules).num_players
    bots = [get_bot("heuristic" if s else "random", game) for s in range(players)]
    record = GameRecord.from_state(play_game(game, rules, 5, bots)).save(tmp_path / "g.jsonl")
    assert main(["review", str(record), "--seat", "0", "--iterations", "8", "--json"]) == 0
    entries = json.loads(capsys.readouterr().out)
    assert entries and all({"step", "played", "search", "cost"} <= set(e) for e in entries)
    assert all(e["fault"] or e["cost"] >= 0 for e in entries)
