"""Bots: ``act(observation, legal_actions, rng) -> Action``. A bot never sees a State.

* ``RandomBot``: a uniformly random legal action (any game).
* ``GreedyChanBot``: a fast one-ply Chắn player built on ``chieu.games.chan.analysis``.
* ``get_bot(name, game)`` builds a bot by name; ``play_game`` drives a whole game with bots.
"""

from chieu.bots.base import Bot, bot_rng, play_game
from chieu.bots.greedy import GreedyChanBot
from chieu.bots.random_bot import RandomBot
from chieu.bots.registry import bot_names, get_bot

__all__ = ["Bot", "GreedyChanBot", "RandomBot", "bot_names", "bot_rng", "get_bot", "play_game"]
