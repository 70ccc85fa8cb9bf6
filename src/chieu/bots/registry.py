"""Bots by name: ``get_bot("heuristic", "chan")``.

Bots for any game (``random``) are listed here; ``search`` (ISMCTS) exists for every game whose
worlds can be sampled (``chieu.bots.worlds``). A name may carry options after a colon:
``search:50ms`` (a 50 ms budget per decision), ``search:200`` (200 iterations), and
``ext:COMMAND`` runs an external bot speaking the JSON-lines protocol (docs/bot-protocol.md).
A game's own bots are named by its kit (``bots``: a mapping from bot name to a factory, with at
least ``heuristic``). A game whose kit has none has the generic bots only. Where the game has a
heuristic, ``gentle`` is it with slips (``chieu.bots.gentle``). The search bot takes the game's
options from its kit (``search``). A level's name (``easy``, ``medium``, ``hard``, ``master``,
or its Vietnamese ``Dễ``, ``Vừa``, ``Khó``, ``Cao thủ``) gives the bot behind that level
(``chieu.bots.levels``) under the level's name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

from chieu.bots.base import Bot
from chieu.bots.levels import LevelBot, find_level, level_names, level_spec, levels_json
from chieu.bots.random_bot import RandomBot
from chieu.core.actions import Action
from chieu.core.bot import bot_rng
from chieu.core.decisions import Decision
from chieu.core.errors import ChieuError
from chieu.core.kit import kit_part
from chieu.core.protocol import GameDefinition
from chieu.core.registry import find_game, normalize_name
from chieu.core.rng import Rng
from chieu.core.state import StateBase
from chieu.core.table import Game

#: bots that play any game: name -> factory
GENERIC: Mapping[str, Callable[[], Bot]] = MappingProxyType({"random": RandomBot})


def _game_name(game: str | GameDefinition) -> str:
    return str(find_game(game).name if isinstance(game, str) else game.name)


@cache
def _game_bots(game_name: str) -> Mapping[str, Callable[[], Bot]]:
    bots: Mapping[str, Callable[[], Bot]] | None = kit_part(find_game(game_name), "bots")
    return MappingProxyType(dict(bots or {}))


def search_options(game_name: str) -> dict[str, Any]:
    """The search bot's options in ``game_name`` (its kit's ``search``; none: the defaults)."""
    options: Mapping[str, Any] | None = kit_part(find_game(game_name), "search")
    return dict(options or {})


def _search_factory(game_name: str) -> dict[str, Callable[[], Bot]]:
    from chieu.bots.search import SearchBot
    from chieu.bots.worlds import worlds_for

    if worlds_for(game_name) is None:
        return {}
    return {"search": lambda: SearchBot(game_name, **search_options(game_name))}


def _gentle(game_name: str) -> dict[str, Callable[[], Bot]]:
    from chieu.bots.gentle import GentleBot

    base = _game_bots(game_name).get("heuristic")
    if base is None:
        return {}
    return {"gentle": lambda: GentleBot(game_name, base)}


def _learned(game_name: str) -> dict[str, Callable[[], Bot]]:
    """``learned``, where trained weights ship and numpy is installed (``chieu[rl]``)."""
    try:
        from chieu.bots import learned
    except ImportError:
        return {}
    if not learned.has_weights(game_name):
        return {}
    made: Callable[[], Bot] = learned.factory(game_name)
    return {"learned": made}


def _table(game_name: str) -> dict[str, Callable[[], Bot]]:
    return {
        **GENERIC,
        **_game_bots(game_name),
        **_gentle(game_name),
        **_search_factory(game_name),
        **_learned(game_name),
    }


def bot_names(game: str | GameDefinition) -> list[str]:
    """The bot names available for ``game`` (a name or a game class); the levels besides
    (:func:`is_bot`)."""
    return list(_table(_game_name(game)))


def is_bot(name: str, game: str | GameDefinition) -> bool:
    """Whether ``name`` is one of ``game``'s bots or a level (not ``ext:`` or a budget)."""
    return normalize_name(name) in _table(_game_name(game)) or find_level(name) is not None


def level_bots(game: str | GameDefinition) -> list[dict[str, object]]:
    """The levels of ``game`` as the lobby shows them (``chieu.bots.levels.levels_json``)."""
    game_name = _game_name(game)
    return levels_json(game_name, lambda n: n in _table(game_name))


def get_bot(name: str, game: str | GameDefinition) -> Bot:
    """A new bot called ``name`` for ``game``; ChieuError listing the known names otherwise."""
    game_name = _game_name(game)
    base, sep, option = name.partition(":")
    if sep and not option.strip():
        examples = "search:50ms, search:200, ext:'python bot.py'"
        raise ChieuError(
            f"bot {name!r}: nothing after ':' (e.g. {examples})",
            vi=f"máy {name!r}: sau dấu ':' chưa có gì (ví dụ {examples})",
        )
    if option and normalize_name(base) in ("ext", "external"):
        from chieu.bots.external import ExternalBot

        return ExternalBot(option)
    if option and normalize_name(base) == "search" and "search" in _table(game_name):
        return _search_with(game_name, option)
    level = None if sep else find_level(name)
    if level is not None:
        spec = level_spec(level, game_name, lambda n: n in _table(game_name))
        return LevelBot(level, spec, get_bot(spec, game_name))
    factory = _table(game_name).get(normalize_name(name))
    if factory is None:
        raise unknown_bot(name, bot_names(game_name) + level_names(), find_game(game_name))
    return factory()


def unknown_bot(name: str, known: list[str], game: GameDefinition | None = None) -> ChieuError:
    """The error for a bot name nobody answers to (in ``game``, or in any game), listing the
    ``known`` names; its English starts with ``unknown bot``."""
    names = ", ".join(known)
    if game is None:
        return ChieuError(
            f"unknown bot {name!r}; known bots: {names}",
            vi=f"không có máy {name!r}; các máy: {names}",
        )
    return ChieuError(
        f"unknown bot {name!r} for {game.name}; known bots: {names}",
        vi=f"{game.title} không có máy {name!r}; các máy: {names}",
    )


def seat_chooser(name: str, game: Game, seed: int) -> Callable[[StateBase, Decision], Action]:
    """``choose(state, decision)`` for the seats a script or a lesson leaves to bots: a bot
    ``name`` per seat, made when the seat first decides (told the game's rules), each with
    its own random stream; a bot's answer outside the decision gives its default."""
    rules_json = dict(game.rules_json())
    bots: dict[int, tuple[Bot, Rng]] = {}

    def choose(state: StateBase, decision: Decision) -> Action:
        seat = decision.seat
        if seat not in bots:
            bot = get_bot(name, game.definition)
            hook = getattr(bot, "new_game", None)
            if callable(hook):
                hook(game.name, dict(rules_json), seat)
            bots[seat] = bot, bot_rng(seed, seat)
        bot, rng = bots[seat]
        legal = list(decision.actions)
        action = bot.act(state.observation(seat), legal, rng)
        return action if action in legal else decision.default

    return choose


def _search_with(game_name: str, option: str) -> Bot:
    """``search:50ms`` (milliseconds per decision) or ``search:200`` (iterations)."""
    from chieu.bots.search import SearchBot

    millis, iterations = search_budget(option)
    options = {**search_options(game_name), "millis": millis, "iterations": iterations}
    return SearchBot(game_name, **options)


#: the largest budgets a ``search:`` bot accepts: beyond them it would not answer in a lifetime
#: (every edge — ``chieu play --bots``, the arena, ``chieu bot``, the server's rooms — goes
#: through :func:`search_budget`).
MAX_PLAYOUTS = 1_000_000
MAX_SEARCH_MILLIS = 600_000.0  # ten minutes a decision


def search_budget(option: str) -> tuple[float | None, int | None]:
    """``"50ms"`` → (50.0, None); ``"200"`` → (None, 200); a clear error otherwise, also for
    a budget over ``MAX_SEARCH_MILLIS`` ms or ``MAX_PLAYOUTS`` playouts."""
    text = option.strip().lower()
    millis: float | None = None
    iterations: int | None = None
    try:
        if len(text) > 20:
            raise ValueError(text)
        if text.endswith("ms"):
            millis = float(text[:-2])
            if not 0 < millis < float("inf"):  # also refuses nan
                raise ValueError(text)
        else:
            iterations = int(text.removesuffix("it"))
            if iterations < 1:
                raise ValueError(text)
    except ValueError:
        raise ChieuError(
            f"bad search budget {option[:20]!r}: use e.g. search:50ms (milliseconds) "
            "or search:200 (iterations)",
            vi=f"ngân sách {option[:20]!r} của máy search không hợp lệ: hãy viết như search:50ms "
            "(mili giây) hoặc search:200 (lượt chơi thử)",
        ) from None
    if millis is not None and millis > MAX_SEARCH_MILLIS:
        most = f"{MAX_SEARCH_MILLIS:,.0f}"
        raise ChieuError(
            f"search:{text}: at most {most} ms a decision",
            vi=f"search:{text}: nhiều nhất {most.replace(',', '.')} ms mỗi nước",
        )
    if iterations is not None and iterations > MAX_PLAYOUTS:
        most = f"{MAX_PLAYOUTS:,}"
        raise ChieuError(
            f"search:{text}: at most {most} playouts a decision",
            vi=f"search:{text}: nhiều nhất {most.replace(',', '.')} lượt chơi thử mỗi nước",
        )
    return millis, iterations
