"""RandomBot: a uniformly random legal action, for any game."""

from __future__ import annotations

from chieu.bots.base import Observation
from chieu.core.actions import Action
from chieu.core.errors import ChieuError
from chieu.core.rng import Rng


class RandomBot:
    name = "random"

    def act(self, observation: Observation, legal_actions: list[Action], rng: Rng) -> Action:
        if not legal_actions:
            raise ChieuError("RandomBot was asked to act with no legal action")
        return rng.choice(legal_actions)

    def __repr__(self) -> str:
        return "RandomBot()"
