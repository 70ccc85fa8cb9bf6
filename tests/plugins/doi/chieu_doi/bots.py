"""Đôi's own bot (the kit's ``bots``): ``heuristic`` takes every discard it can, lays every
pair, and discards its highest card, from its observation only."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from chieu.core.actions import Action
from chieu.core.bot import Bot
from chieu.core.rng import Rng


class HeuristicDoiBot:
    name = "heuristic"

    def act(self, observation: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        for verb in ("take", "lay"):
            for a in legal_actions:
                if a.verb == verb:
                    return a
        return legal_actions[-1]  # draw alone, or the highest card's discard

    def __repr__(self) -> str:
        return "HeuristicDoiBot()"


BOTS: Mapping[str, Callable[[], Bot]] = {"heuristic": HeuristicDoiBot}
