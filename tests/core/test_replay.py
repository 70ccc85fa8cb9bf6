"""The one replayer (``chieu.core.replay``): a record replayed gives the game as it was played,
for every game, and a record that does not replay is a clear error."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from chieu import load_game
from chieu.cli.main import main
from chieu.core.driver import play
from chieu.core.errors import RecordError
from chieu.core.events import Event
from chieu.core.record import ACTION, GameRecord
from chieu.core.registry import game_names
from chieu.core.replay import ReplayError, Step, replay, steps
from chieu.core.rng import Rng

GAMES = game_names()


def _live(name: str, seed: int, max_steps: int | None = None) -> Any:
    """A game played by random choosers (to its end, or cut after ``max_steps`` actions)."""
    state = load_game(name).new_state(seed=seed)
    rng = Rng(seed, "replay-test")
    return play(state, lambda st, d: rng.choice(d.actions), max_steps=max_steps)


def _record(state: Any) -> GameRecord:
    return GameRecord.loads(GameRecord.from_state(state).dumps())


def _events(state: Any) -> list[str]:
    return [json.dumps(e.to_json(), sort_keys=True) for e in state.events]


def _views(state: Any) -> list[Any]:
    return [state.view(seat).to_json() for seat in (None, *range(state.num_players))]


def test_every_game_is_covered() -> None:
    assert set(GAMES) >= {"chan", "totom", "phom", "matchuoc"}


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_replay_is_the_game_as_played(name: str, seed: int) -> None:
    live = _live(name, seed)
    record = _record(live)
    state = replay(record)
    assert _events(state) == _events(live)
    assert state.outcome() == live.outcome() and state.outcome() is not None
    assert _views(state) == _views(live)
    assert record.replay().outcome() == live.outcome()  # GameRecord's own API, the same path
    assert record.verify() == []


@pytest.mark.parametrize("name", GAMES)
def test_a_game_cut_half_way_replays_to_where_it_stopped(name: str) -> None:
    live = next(g for seed in range(5, 50) if not (g := _live(name, seed, 12)).is_terminal())
    state = replay(_record(live))
    assert _events(state) == _events(live)
    # a forced answer leaves no trace: those the live game gave before the cut, and no
    # recorded action after them, are not given by the replay; with them, the same game
    live.pass_forced()
    state.pass_forced()
    assert _events(state) == _events(live)
    assert _views(state) == _views(live)


@pytest.mark.parametrize("name", GAMES)
def test_steps_give_every_recorded_action_ready_then_applied(name: str) -> None:
    """``before`` sees the state ready for the action (the forced answers before it given:
    the action is legal for its seat); each step is yielded once applied, in order."""
    record = _record(_live(name, 7))
    ready: list[int] = []

    def before(step: Step) -> None:
        assert step.action in step.state.legal_actions(step.seat)
        ready.append(step.number)

    seen = [(s.number, s.seat, s.action.to_json()) for s in steps(record, before=before)]
    want = [(n, seat, data) for n, (seat, data) in enumerate(record.actions(), 1)]
    assert seen == want and ready == [n for n, _, _ in want]
    indexes = [i for i, e in enumerate(record.events) if e.type == ACTION]
    assert [s.index for s in steps(record)] == indexes


@pytest.mark.parametrize("name", GAMES)
def test_a_replay_goes_on_from_a_checkpoint(name: str) -> None:
    record = _record(_live(name, 9))
    total = len(record.actions())
    half = total // 2
    checkpoint = replay(record, half)
    assert list(steps(record, checkpoint.clone(), start=half, stop=half)) == []
    state = checkpoint.clone()
    rest = [s.number for s in steps(record, state, start=half)]
    assert rest == list(range(half + 1, total + 1))
    assert _events(state) == _events(replay(record))
    # from the step a checkpoint was taken at: the record read on from that step's event
    mark = next(s for s in steps(record) if s.number == half)
    again = checkpoint.clone()
    assert [s.number for s in steps(record, again, start=mark)] == rest
    assert _events(again) == _events(state)
    upto = replay(record, total)  # every action, but no forced answer after the last
    assert len(upto.events) <= len(state.events)


def _tampered(name: str) -> tuple[GameRecord, str, int]:
    """A finished game's record (format 1 text) whose middle action is played by the wrong
    seat, the edited text and the number of the edited action."""
    record = _record(_live(name, 4))
    actions = [i for i, e in enumerate(record.events) if e.type == ACTION]
    number = len(actions) // 2 + 1
    event = record.events[actions[number - 1]]
    assert event.actor is not None
    seats = load_game(name).new_state(seed=4).num_players
    record.events[actions[number - 1]] = Event(
        ACTION, (event.actor + 1) % seats, event.data, event.visible_to, event.hidden
    )
    return record, record.dumps(), number


@pytest.mark.parametrize("name", GAMES)
def test_a_tampered_record_is_a_clear_error(name: str) -> None:
    record, _, number = _tampered(name)
    with pytest.raises(ReplayError) as caught:
        replay(record)
    error = caught.value
    assert isinstance(error, RecordError) and error.number == number
    assert str(error).startswith(f"action {number} (") and f"by seat {error.seat}:" in str(error)
    assert error.__cause__ is None and error.__suppress_context__  # no engine traceback
    with pytest.raises(RecordError, match=f"action {number} "):
        record.replay()
    problems = record.verify()
    assert problems and f"move {number} by seat" in problems[0]
    # the steps before it were given
    assert [s.number for s in steps(record, stop=number - 1)] == list(range(1, number))


@pytest.mark.parametrize("name", GAMES)
def test_chieu_replay_names_the_line_of_a_tampered_move(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, text, number = _tampered(name)
    path = tmp_path / "bad.jsonl"
    path.write_text(text, encoding="utf-8")
    line = [n for n, ln in enumerate(text.splitlines(), 1) if '"type": "action"' in ln][number - 1]
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"bad.jsonl:{line}" in err and f"nước {number} của ghế" in err
    assert "Traceback" not in err


def test_an_action_event_without_its_action_is_a_record_error() -> None:
    """A record built in code (not read from a file, whose loader checks this) with an action
    event that lost its action: a RecordError naming it, not a KeyError."""
    record = _record(_live("chan", 2))
    i = next(i for i, e in enumerate(record.events) if e.type == ACTION)
    actor = record.events[i].actor
    record.events[i] = Event(ACTION, actor, {"card": 3})
    with pytest.raises(RecordError, match=r"action 1 \(None\) by seat"):
        record.replay()
