"""The replay viewer's states: from checkpoints, the same as replaying from the deal."""

from __future__ import annotations

import pytest

from chieu import load_game
from chieu.core.driver import play
from chieu.core.record import GameRecord
from chieu.core.registry import game_names
from chieu.core.rng import Rng
from chieu.server.replay import CHECKPOINT, Replay
from tests.server.helpers import replay_states


@pytest.mark.parametrize("name", game_names())
def test_every_step_from_a_checkpoint_is_the_step_replayed_from_the_deal(name: str) -> None:
    game = load_game(name)
    state = game.new_state(seed=11)
    rng = Rng(11, "replay-test")
    play(state, lambda st, d: rng.choice(d.actions))
    text = GameRecord.from_state(state).dumps()
    replay = Replay(text)
    naive = replay_states(text, 0)
    assert replay.steps == len(naive) - 1
    assert len(replay.checkpoints) == replay.steps // CHECKPOINT + 1
    for step in sorted({0, 1, CHECKPOINT - 1, CHECKPOINT, CHECKPOINT + 1, replay.steps}):
        if step > replay.steps:
            continue
        for seat in (None, 0, 1):
            assert replay.state(step).view(seat).to_json() == naive[step].view(seat).to_json()
    assert replay.state(replay.steps).is_terminal()
