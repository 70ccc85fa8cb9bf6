"""``greedy``: the older name of the Chắn heuristic bot, which lives in ``chieu.bots.chan``."""

from chieu.bots.chan import GreedyChanBot, estimate_distance, win_is_legal

__all__ = ["GreedyChanBot", "estimate_distance", "win_is_legal"]
