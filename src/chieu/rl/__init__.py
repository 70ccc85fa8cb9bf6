"""Reinforcement-learning environments for every chieu game (extra ``chieu[rl]``).

* ``env(game, rules=None, seed=None, render_mode=None)``: a PettingZoo AEC environment
  (``raw_env``: the same without wrappers);
* ``gym_env(game, seat=0, opponents="heuristic", rules=None, seed=None)``: a Gymnasium
  single-agent environment, chieu bots in the other seats;
* ``encoder_for(game)``: the observation encoder;
* ``VectorRunner``, ``duplicate_deals``: many environments in one process, and the same
  deals with the seats rotated;
* ``episode_record``, ``save_episode``, ``replay_observations``: records in and out.

See ``docs/rl.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Unpack

from chieu.core.table import Game, RulesLike
from chieu.rl.aec import ChieuAEC, agent_name, env, raw_env
from chieu.rl.encoders import Encoder, encoder_for
from chieu.rl.records import episode_record, replay_observations, save_episode
from chieu.rl.vector import DuplicateResult, VectorRunner, duplicate_deals

if TYPE_CHECKING:
    from chieu.bots.base import Bot
    from chieu.rl.gym import ChieuGym, GymSettings


def gym_env(
    game: str | Game,
    seat: int = 0,
    opponents: str | Bot | Sequence[str | Bot] = "heuristic",
    rules: RulesLike = None,
    seed: int | None = None,
    **kwargs: Unpack[GymSettings],
) -> ChieuGym:
    """A Gymnasium environment: one learning ``seat``, chieu bots elsewhere."""
    from chieu.rl.gym import ChieuGym

    return ChieuGym(game, seat=seat, opponents=opponents, rules=rules, seed=seed, **kwargs)


__all__ = [
    "ChieuAEC",
    "DuplicateResult",
    "Encoder",
    "VectorRunner",
    "agent_name",
    "duplicate_deals",
    "encoder_for",
    "env",
    "episode_record",
    "gym_env",
    "raw_env",
    "replay_observations",
    "save_episode",
]
