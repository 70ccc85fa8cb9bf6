"""Records with wrong types say what is wrong and where, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chieu.bots import get_bot, play_game
from chieu.core.errors import ChieuError, RecordError
from chieu.core.record import GameRecord
from chieu.games.chan import ChanGame, Rules


@pytest.fixture(scope="module")
def lines() -> list[dict[str, object]]:
    state = play_game("chan", Rules(players=2), 3, [get_bot("heuristic", "chan")] * 2)
    return [json.loads(x) for x in GameRecord.from_state(state).dumps().splitlines()]


def _edited(lines: list[dict[str, object]], edit: object) -> str:
    copy = json.loads(json.dumps(lines))
    edit(copy)  # type: ignore[operator]
    return "\n".join(json.dumps(x) for x in copy)


def _first(copy: list[dict[str, object]], kind: str) -> dict[str, object]:
    return next(x for x in copy[1:] if x["type"] == kind)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda c: c[0].update(seed="abc"), "src:1: header 'seed' must be a whole number"),
        (lambda c: c[0].update(seed=None), "header 'seed' must be a whole number"),
        (lambda c: c[0].update(rules=5), "header 'rules' must be an object"),
        (lambda c: c[0].update(setup=5), "header 'setup' must be an object"),
        (lambda c: c[0].update(game=3), "header 'game' must be text"),
        (lambda c: _first(c, "deal")["data"].update(deck="abc"), "'deck' must be a list"),
        (lambda c: _first(c, "action").update(actor="x"), "the seat as 'actor'"),
        (lambda c: _first(c, "action")["data"].update(action="discard"), "data.action"),
        (lambda c: _first(c, "action")["data"].pop("action"), "data.action"),
    ],
)
def test_wrong_types_are_named_with_the_line(
    lines: list[dict[str, object]], edit: object, message: str
) -> None:
    with pytest.raises(RecordError, match=message.replace("(", r"\(")):
        GameRecord.loads(_edited(lines, edit), "src")


def test_a_bad_action_field_is_reported_by_replay(lines: list[dict[str, object]]) -> None:
    text = _edited(lines, lambda c: _first(c, "action")["data"]["action"].update(card="6S"))
    with pytest.raises(RecordError, match="action 1"):
        GameRecord.loads(text).replay()


def test_rules_values_are_type_checked() -> None:
    with pytest.raises(ChieuError, match="strict_xuong='false': expected true or false"):
        ChanGame.rules_from_json({"strict_xuong": "false"})
    with pytest.raises(ChieuError, match="players='4': expected a whole number"):
        ChanGame.rules_from_json({"players": "4"})
    with pytest.raises(ChieuError, match="extra_cuoc=5: expected a list"):
        ChanGame.rules_from_json({"extra_cuoc": 5})


def test_a_record_saved_and_loaded_still_verifies(tmp_path: Path) -> None:
    state = play_game("chan", Rules(players=2), 4, [get_bot("random", "chan")] * 2)
    path = GameRecord.from_state(state).save(tmp_path / "g.jsonl")
    assert GameRecord.load(path).verify() == []
