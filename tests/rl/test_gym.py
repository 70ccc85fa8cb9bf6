"""Gymnasium's ``check_env`` for the single-agent wrapper, every game."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env

from chieu.core.registry import game_names
from chieu.rl import gym_env


@pytest.mark.parametrize("name", game_names())
def test_check_env(name: str) -> None:
    env = gym_env(name, seat=1, opponents="heuristic", seed=4)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env, skip_render_check=True)


@pytest.mark.parametrize("name", game_names())
def test_episodes_end_with_the_seats_points(name: str) -> None:
    env = gym_env(name, seat=0, opponents="random", seed=2)
    rng = np.random.default_rng(0)
    for episode in range(3):
        obs, info = env.reset(seed=episode)
        total, done = 0.0, False
        while not done:
            assert env.observation_space.contains(obs)
            legal = np.flatnonzero(info["action_mask"])
            assert legal.size
            obs, reward, term, trunc, info = env.step(int(rng.choice(legal)))
            total += float(reward)
            done = term or trunc
        assert total == pytest.approx(info["payoffs"][0])


def test_illegal_action_plays_the_default() -> None:
    env = gym_env("phom", opponents="random", seed=1, illegal_penalty=-1.0)
    _, info = env.reset(seed=0)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, *_ = env.step(bad)
    assert float(reward) <= -1.0 or env.aec.state.is_terminal()
    strict = gym_env("phom", opponents="random", seed=1, illegal="raise")
    _, info = strict.reset(seed=0)
    with pytest.raises(ValueError):
        strict.step(bad)


def test_gym_env_can_be_called_twice_in_one_process() -> None:
    """A training env and an evaluation env: the submodule must not replace the function."""
    import chieu.rl

    train = chieu.rl.gym_env("phom", opponents="random", seed=1)
    evaluate = chieu.rl.gym_env("chan", opponents="random", seed=2)
    assert callable(chieu.rl.gym_env)
    for env in (train, evaluate):
        obs, info = env.reset(seed=0)
        assert env.observation_space.contains(obs)
        assert info["action_mask"].any()
