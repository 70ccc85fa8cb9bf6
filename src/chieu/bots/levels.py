"""Levels a person chooses: ``Dễ``, ``Vừa``, ``Khó``, ``Cao thủ`` (bot names ``easy``,
``medium``, ``hard``, ``master``).

A level is a bot and a strength per game: the game's kit may name the bot behind each level
(``levels``: level → bot name, ``search:200ms`` and the like); without one the generic ladder
applies: ``gentle`` (the heuristic with slips, never a fault where the game's worlds can be
built), ``heuristic``, then the search bot at 80 ms and 200 ms a decision where it exists.
``get_bot("hard", game)`` (or ``"khó"``) gives the level's bot under the level's name, so
records, the arena and the table say "Khó", not the bot behind it.

Each level's rating (one Elo-like scale, every game's ladder measured in one arena run by
``scripts/level_ratings.py``) ships in ``chieu/bots/levels.json``, a copy of
``docs/measurements/levels.json``; :func:`rating` reads it (None: not measured).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from chieu.core.actions import Action
from chieu.core.bot import Bot
from chieu.core.kit import kit_part
from chieu.core.registry import find_game, normalize_name
from chieu.core.rng import Rng


@dataclass(frozen=True)
class Level:
    """One level: its bot name, its words in Vietnamese and English, and one line saying how
    it plays."""

    name: str
    vi: str
    en: str
    about_vi: str
    about_en: str

    def words(self, lang: str = "vi") -> str:
        return self.en if lang == "en" else self.vi

    def about(self, lang: str = "vi") -> str:
        return self.about_en if lang == "en" else self.about_vi


LEVELS: tuple[Level, ...] = (
    Level(
        "easy",
        "Dễ",
        "Easy",
        "cho người mới: đúng luật, nhưng hay bỏ lỡ nước hay",
        "for newcomers: plays by the rules but often misses the good move",
    ),
    Level(
        "medium",
        "Vừa",
        "Medium",
        "chơi chắc tay theo kinh nghiệm, không tính xa",
        "steady play by rules of thumb, without looking far ahead",
    ),
    Level(
        "hard",
        "Khó",
        "Hard",
        "tính trước nhiều thế bài có thể có",
        "thinks ahead over many deals the hidden cards could be",
    ),
    Level(
        "master",
        "Cao thủ",
        "Master",
        "tính kỹ nhất, nghĩ lâu hơn ở mỗi nước",
        "the strongest: thinks longest at every move",
    ),
)
DEFAULT_LEVEL = "medium"
_BY_KEY = {normalize_name(k): lv for lv in LEVELS for k in (lv.name, lv.vi, lv.en)}


def find_level(name: str) -> Level | None:
    """The level called ``name`` (``hard``, ``Khó``, ``kho``, ``cao thủ``...), or None."""
    return _BY_KEY.get(normalize_name(name))


def said(bot: str, lang: str = "vi") -> str:
    """A bot as a person reads it: a level in words (``Vừa``), else its name."""
    level = find_level(bot)
    return level.words(lang) if level is not None else bot


def level_names() -> list[str]:
    return [lv.name for lv in LEVELS]


def level_spec(level: Level | str, game: str, available: Callable[[str], bool]) -> str:
    """The bot name behind ``level`` in ``game``: its kit's choice, else the generic ladder
    (``available(name)``: whether the game has that bot)."""
    lv = level if isinstance(level, Level) else find_level(level)
    if lv is None:
        raise KeyError(level)
    chosen: Mapping[str, str] | None = kit_part(find_game(game), "levels")
    if chosen and lv.name in chosen:
        return chosen[lv.name]
    base = "heuristic" if available("heuristic") else "random"
    ladder = {
        "easy": "gentle",
        "medium": base,
        "hard": "search:80ms" if available("search") else base,
        "master": "search:200ms" if available("search") else base,
    }
    return ladder[lv.name]


class LevelBot:
    """The bot behind a level, under the level's name (``name``: ``"hard"``; ``spec``: the
    bot behind it). Every optional hook of the bot (``new_game``, ``end_game``, ``ranked``,
    ``fork``...) is the bot's own."""

    def __init__(self, level: Level, spec: str, bot: Bot) -> None:
        self.level = level
        self.name = level.name
        self.spec = spec
        self.bot = bot

    def act(self, observation: Mapping[str, object], legal: list[Action], rng: Rng) -> Action:
        return self.bot.act(observation, legal, rng)

    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("__") or attr in ("level", "spec", "bot", "name"):
            raise AttributeError(attr)
        return getattr(self.bot, attr)

    def __repr__(self) -> str:
        return f"LevelBot({self.name!r}, {self.spec!r})"


@cache
def _ratings() -> Mapping[str, Any]:
    try:
        text = resources.files("chieu.bots").joinpath("levels.json").read_text(encoding="utf-8")
        data = json.loads(text)
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def rating(game: str, level: str) -> int | None:
    """The level's measured rating in ``game`` (None: not measured)."""
    value = _ratings().get("games", {}).get(game, {}).get(level, {})
    r = value.get("rating") if isinstance(value, dict) else None
    return int(r) if isinstance(r, int | float) else None


def levels_json(game: str, available: Callable[[str], bool]) -> list[dict[str, object]]:
    """The levels as the lobby shows them: name, words, the bot behind and the rating."""
    return [
        {
            "name": lv.name,
            "words": {"vi": lv.vi, "en": lv.en},
            "about": {"vi": lv.about_vi, "en": lv.about_en},
            "bot": level_spec(lv, game, available),
            "rating": rating(game, lv.name),
        }
        for lv in LEVELS
    ]
