"""The games chieu knows, found by any alias: ``chan``, ``chắn``, ``danh-chan``..."""

from __future__ import annotations

import threading
import unicodedata
from collections.abc import Iterable
from typing import Any

from chieu.core.errors import UnknownGameError

_lock = threading.Lock()
_games: dict[str, Any] = {}
_aliases: dict[str, str] = {}


def normalize_name(name: str) -> str:
    """Lower case, diacritics removed (đ → d), spaces, '-' and '_' dropped."""
    text = unicodedata.normalize("NFD", name.strip().lower().replace("đ", "d"))
    text = "".join(ch for ch in text if unicodedata.category(ch) != "Mn")
    return "".join(ch for ch in text if ch.isalnum())


def register(game: Any, aliases: Iterable[str] = ()) -> Any:
    """Register a game class (with a ``name`` attribute) under its name and aliases."""
    with _lock:
        _games[game.name] = game
        for alias in (game.name, *aliases):
            _aliases[normalize_name(alias)] = game.name
    return game


def _load_builtin() -> None:
    import chieu.games  # noqa: F401  (registers the built-in games)


def find_game(name: str) -> Any:
    _load_builtin()
    key = normalize_name(name)
    with _lock:
        if key in _aliases:
            return _games[_aliases[key]]
        known = ", ".join(sorted(_games))
    raise UnknownGameError(f"unknown game {name!r}; known games: {known}")


def game_names() -> list[str]:
    _load_builtin()
    with _lock:
        return sorted(_games)


def all_games() -> list[Any]:
    _load_builtin()
    with _lock:
        return [_games[n] for n in sorted(_games)]
