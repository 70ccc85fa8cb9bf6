"""The games chieu knows, found by any alias: ``chan``, ``chắn``, ``danh-chan``...

The core imports no game: a game package declares itself under the entry-point group
``chieu.games`` (``pyproject.toml``), and is loaded the first time a game is looked up. A
game may also be registered by hand (``register``), e.g. by a test or a plug-in not installed.
"""

from __future__ import annotations

import threading
import unicodedata
from collections.abc import Iterable
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, TypeVar

from chieu.core.errors import UnknownGameError

if TYPE_CHECKING:
    from chieu.core.protocol import GameDefinition

    G = TypeVar("G", bound=GameDefinition)

GROUP = "chieu.games"
_lock = threading.Lock()
_loaded = [False]
_games: dict[str, GameDefinition] = {}
_aliases: dict[str, str] = {}


def normalize_name(name: str) -> str:
    """Lower case, diacritics removed (đ → d), spaces, '-' and '_' dropped."""
    text = unicodedata.normalize("NFD", name.strip().lower().replace("đ", "d"))
    text = "".join(ch for ch in text if unicodedata.category(ch) != "Mn")
    return "".join(ch for ch in text if ch.isalnum())


def register(game: G, aliases: Iterable[str] = ()) -> G:
    """Register a game class (with a ``name`` attribute) under its name and aliases."""
    with _lock:
        _games[game.name] = game
        for alias in (game.name, *aliases):
            _aliases[normalize_name(alias)] = game.name
    return game


def _load_builtin() -> None:
    """Register every game installed under the ``chieu.games`` entry points (once)."""
    if _loaded[0]:
        return
    _loaded[0] = True
    for point in entry_points(group=GROUP):
        game = point.load()
        register(game, getattr(game, "aliases", ()))


def find_game(name: str) -> GameDefinition:
    _load_builtin()
    key = normalize_name(name)
    with _lock:
        if key in _aliases:
            return _games[_aliases[key]]
        known = ", ".join(sorted(_games))
    raise UnknownGameError(
        f"unknown game {name!r}; known games: {known}",
        vi=f"không có trò {name!r}; các trò: {known}",
    )


def game_names() -> list[str]:
    _load_builtin()
    with _lock:
        return sorted(_games)


def all_games() -> list[GameDefinition]:
    _load_builtin()
    with _lock:
        return [_games[n] for n in sorted(_games)]


def reload() -> None:
    """Forget every game and read the ``chieu.games`` entry points again on the next look-up:
    for a plug-in whose folder was put on (or taken off) ``sys.path`` after the first one."""
    with _lock:
        _games.clear()
        _aliases.clear()
        _loaded[0] = False
