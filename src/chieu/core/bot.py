"""The Bot protocol: what a bot is, for the games' own bots and the bots edge (``chieu.bots``).

A bot sees exactly what a person at the table sees: an observation, the legal actions and its
own random stream (:func:`bot_rng`). It never receives the State.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from chieu.core.actions import Action
from chieu.core.protocol import Observation
from chieu.core.rng import Rng


@runtime_checkable
class Bot(Protocol):
    """Anything with a ``name`` and an ``act`` method choosing one of ``legal_actions``."""

    name: str

    def act(self, observation: Observation, legal_actions: list[Action], rng: Rng) -> Action: ...


def bot_rng(seed: int, seat: int) -> Rng:
    """The random stream of the bot in ``seat`` for the game with ``seed``."""
    return Rng(seed, "bot", seat)
