"""``greedy``: the older name of the Chắn heuristic bot, which lives in the game's package
(``chieu.games.chan.bots``)."""

from chieu.games.chan.bots import GreedyChanBot, estimate_distance, win_is_legal

__all__ = ["GreedyChanBot", "estimate_distance", "win_is_legal"]
