"""Bots: ``act(observation, legal_actions, rng) -> Action``. A bot never sees a State.

* ``RandomBot``: a uniformly random legal action (any game).
* ``GreedyChanBot``: the Chắn ``heuristic`` bot (alias ``greedy``), built on
  ``chieu.games.chan.analysis``.
* ``SearchBot``: information-set MCTS (``search``) for games whose worlds can be sampled.
* ``ExternalBot``: a bot in another process, JSON lines over stdin/stdout (``ext:COMMAND``).
* ``get_bot(name, game)`` builds a bot by name; ``play_game`` drives a whole game with bots.
"""

from chieu.bots.base import Bot, bot_rng, play_game
from chieu.bots.external import ExternalBot
from chieu.bots.greedy import GreedyChanBot
from chieu.bots.random_bot import RandomBot
from chieu.bots.registry import bot_names, get_bot
from chieu.bots.search import SearchBot

__all__ = [
    "Bot",
    "ExternalBot",
    "GreedyChanBot",
    "RandomBot",
    "SearchBot",
    "bot_names",
    "bot_rng",
    "get_bot",
    "play_game",
]
