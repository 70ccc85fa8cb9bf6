"""The vectorised runner, duplicate deals and records in and out of the environment."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numpy")

from chieu.bots.base import play_game
from chieu.bots.registry import get_bot
from chieu.core.record import GameRecord
from chieu.core.registry import find_game, game_names
from chieu.rl import raw_env
from chieu.rl.records import env_for, episode_record, replay_observations
from chieu.rl.vector import (
    VectorRunner,
    bot_policy,
    duplicate_deals,
    random_actions,
    random_policy,
)


@pytest.mark.parametrize("name", game_names())
def test_vector_runner(name: str) -> None:
    runner = VectorRunner(name, 4, seed=1)
    obs, masks, _ = runner.reset(seed=2)
    assert obs.shape == (4, runner.encoder.size) and masks.shape[0] == 4
    rng = np.random.default_rng(0)
    points = 0.0
    for _ in range(300):
        assert (masks.sum(axis=1) > 0).all()
        obs, masks, _ = runner.step(random_actions(masks, rng))
        points += float(np.abs(runner.rewards).sum())
    assert runner.steps == 1200
    if runner.finished:
        assert points >= 0.0


def test_duplicate_deals_are_fair_between_equals() -> None:
    res = duplicate_deals("phom", [random_policy(1), random_policy(2)], 6, names=("a", "b"))
    assert res.games == 6 * 4 and len(res.per_deal[0]) == 6
    # every deal is played with the seats rotated: the points of a deal sum up the same
    assert res.ci_low[0] <= res.means[0] <= res.ci_high[0]


def test_duplicate_deals_with_bots() -> None:
    res = duplicate_deals(
        "chan", [bot_policy("heuristic", "chan"), random_policy(0)], 3, names=("h", "r")
    )
    assert res.games == 12 and res.to_json()["policies"][0]["name"] == "h"


@pytest.mark.parametrize("name", game_names())
def test_episode_record_round_trip(name: str, tmp_path) -> None:
    """An environment's episode saved as a record replays through a fresh environment with
    the same observations at every step."""
    env = raw_env(name, seed=3)
    env.reset(seed=4)
    rng = np.random.default_rng(5)
    seen = []
    while env.agents:
        agent = env.agent_selection
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        seen.append((agent, obs["observation"].copy(), action))
        env.step(action)
    path = tmp_path / "game.jsonl"
    episode_record(env).save(path)
    again = list(replay_observations(GameRecord.load(path)))
    assert len(again) == len(seen)
    for (a1, o1, x1), (a2, o2, x2) in zip(seen, again, strict=True):
        assert a1 == a2 and x1 == x2
        np.testing.assert_array_equal(
            o1["observation"] if isinstance(o1, dict) else o1, o2["observation"]
        )


@pytest.mark.parametrize("name", game_names())
def test_arena_record_replays_through_the_environment(name: str) -> None:
    """A game the bots played (as the arena does) replays through the environment to the
    same end."""
    definition = find_game(name)
    bots = [get_bot("random", definition) for _ in range(definition().default_rules().players)]
    state = play_game(definition, None, 9, bots)
    record = GameRecord.loads(GameRecord.from_state(state).dumps())
    steps = list(replay_observations(record))
    assert len(steps) >= len(record.actions())
    env = env_for(record)
    for _agent, _obs, action in replay_observations(record):
        env.step(action)
    assert [e.to_json() for e in env.state.events] == [e.to_json() for e in state.events]
