"""Bots by name: ``get_bot("greedy", "chan")``.

Bots for any game (``random``) are listed here. Bots for one game live in ``chieu.bots.<game>``
(the game's registered name), which exposes ``BOTS``: a mapping from bot name to a factory.
A game without such a module has the generic bots only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from importlib import import_module
from types import MappingProxyType
from typing import Any

from chieu.bots.base import Bot
from chieu.bots.random_bot import RandomBot
from chieu.core.errors import ChieuError
from chieu.core.registry import find_game, normalize_name

#: bots that play any game: name -> factory
GENERIC: Mapping[str, Callable[[], Bot]] = MappingProxyType({"random": RandomBot})


def _game_name(game: Any) -> str:
    return str(find_game(game).name if isinstance(game, str) else game.name)


@cache
def _game_bots(game_name: str) -> Mapping[str, Callable[[], Bot]]:
    try:
        module = import_module(f"chieu.bots.{game_name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"chieu.bots.{game_name}":
            raise
        return MappingProxyType({})
    return MappingProxyType(dict(module.BOTS))


def _table(game_name: str) -> dict[str, Callable[[], Bot]]:
    return {**GENERIC, **_game_bots(game_name)}


def bot_names(game: Any) -> list[str]:
    """The bot names available for ``game`` (a name or a game class)."""
    return list(_table(_game_name(game)))


def get_bot(name: str, game: Any) -> Bot:
    """A new bot called ``name`` for ``game``; ChieuError listing the known names otherwise."""
    game_name = _game_name(game)
    factory = _table(game_name).get(normalize_name(name))
    if factory is None:
        known = ", ".join(bot_names(game_name))
        raise ChieuError(f"unknown bot {name!r} for {game_name}; known bots: {known}")
    return factory()
