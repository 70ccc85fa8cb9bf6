"""Bots by name: ``get_bot("greedy", "chan")``. The table is fixed at import (no mutation)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from chieu.bots.base import Bot
from chieu.bots.greedy import GreedyChanBot
from chieu.bots.random_bot import RandomBot
from chieu.core.errors import ChieuError
from chieu.core.registry import find_game, normalize_name

#: name -> {game name or "*" (any game) -> factory}
_BOTS: Mapping[str, Mapping[str, Callable[[], Bot]]] = MappingProxyType(
    {
        "random": MappingProxyType({"*": RandomBot}),
        "greedy": MappingProxyType({"chan": GreedyChanBot}),
    }
)


def _game_name(game: Any) -> str:
    return str(find_game(game).name if isinstance(game, str) else game.name)


def bot_names(game: Any) -> list[str]:
    """The bot names available for ``game`` (a name or a game class)."""
    name = _game_name(game)
    return [b for b, by_game in _BOTS.items() if name in by_game or "*" in by_game]


def get_bot(name: str, game: Any) -> Bot:
    """A new bot called ``name`` for ``game``; ChieuError listing the known names otherwise."""
    game_name = _game_name(game)
    by_game = _BOTS.get(normalize_name(name), {})
    factory = by_game.get(game_name) or by_game.get("*")
    if factory is None:
        known = ", ".join(bot_names(game_name))
        raise ChieuError(f"unknown bot {name!r} for {game_name}; known bots: {known}")
    return factory()
