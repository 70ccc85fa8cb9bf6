"""The Chắn bots, by name (see ``chieu.bots.registry``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from chieu.bots.base import Bot
from chieu.bots.greedy import GreedyChanBot

#: ``heuristic`` is the rule-based player; ``greedy`` is its older name (kept as an alias).
BOTS: Mapping[str, Callable[[], Bot]] = {"greedy": GreedyChanBot, "heuristic": GreedyChanBot}
