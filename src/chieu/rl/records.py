"""Episodes as chieu records, and records replayed through the environment.

``episode_record(env)`` is the ``GameRecord`` of the environment's game (format 1: the seed
and every event; ``chieu replay`` and the server read it). ``replay_observations(record)``
replays any record (from the server, the arena or an environment) through a fresh
environment, giving each recorded action through ``env.step`` as the seat that played it,
and yields ``(agent, observation, action)`` for every step: the observation that agent had
when it acted. Forced answers (a lone pass, never recorded) are given as the environment asks
them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Unpack

from chieu.core.errors import RecordError
from chieu.core.record import GameRecord
from chieu.core.registry import find_game
from chieu.core.table import load_game
from chieu.rl.aec import AecOptions, AgentObservation, ChieuAEC


def episode_record(env: ChieuAEC) -> GameRecord:
    """The record of the environment's current (or finished) game."""
    return GameRecord.from_state(env.state)


def save_episode(env: ChieuAEC, path: str | Path) -> Path:
    return episode_record(env).save(path)


def env_for(record: GameRecord, **kwargs: Unpack[AecOptions]) -> ChieuAEC:
    """An environment at the start of ``record``'s game (its rules, setup and deal)."""
    definition = find_game(record.game)
    game = load_game(definition, definition.rules_from_json(record.rules))
    env = ChieuAEC(game, **kwargs)
    env.reset(options={"state": record.start()})
    return env


def replay_observations(
    record: GameRecord, **kwargs: Unpack[AecOptions]
) -> Iterator[tuple[str, AgentObservation, int]]:
    """Every step of ``record`` through the environment: (agent, its observation, action)."""
    env = env_for(record, **kwargs)
    space = env.game.action_space
    for n, (seat, data) in enumerate(record.actions()):
        action = space.id_of(space.from_json(data))
        agent = env.possible_agents[seat]
        yield from _forced(env)
        if env.agent_selection != agent:
            raise RecordError(f"action {n + 1}: seat {seat} is not asked now")
        obs = env.observe(agent)
        if not obs["action_mask"][action]:
            raise RecordError(f"action {n + 1} ({data}) is not legal for seat {seat}")
        yield agent, obs, action
        env.step(action)
    yield from _forced(env)


def _forced(env: ChieuAEC) -> Iterator[tuple[str, AgentObservation, int]]:
    """Give the claim answers that have no alternative (a record never holds them)."""
    state = env.state
    while state.window is not None:
        agent = env.agent_selection
        mask = env.action_mask(agent)
        if mask.sum() != 1:
            return
        action = int(mask.argmax())
        yield agent, env.observe(agent), action
        env.step(action)
