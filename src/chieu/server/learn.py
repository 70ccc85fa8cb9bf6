"""The server's learning endpoints (issue 28): a game's glossary and rules, read from its kit.

``GET /api/glossary/{game}?lang=vi|en`` → ``{"entries": [{"term", "aliases", "text",
"cards"?}]}``; the game by any registry alias (``chan``, ``chắn``, ``to-tom``...). An unknown
game is a 404 ``not_found``, a language other than ``vi``/``en`` a 400 ``bad_message``, a game
without a glossary a 404 too. No game is named here: the glossary is the kit's part.

``GET /api/rules/{game}?lang=vi|en&preset=NAME&rules={JSON}`` → the game's rulebook under
the rules in force (the preset, then the options of ``rules`` over it: a room's options change
the numbers shown), ``Rulebook.to_json()`` plus ``names``: every card code of its examples →
the card's name in ``lang``. A game without a rulebook, or unknown, is a 404; an unknown
preset, bad JSON or a bad option a 400 ``bad_message`` saying why in both languages.
"""

from __future__ import annotations

import json

from fastapi import APIRouter

from chieu.core.errors import ChieuError, UnknownGameError
from chieu.core.glossary import Glossary, GlossaryJson, Lang
from chieu.core.kit import kit_part
from chieu.core.protocol import GameDefinition
from chieu.core.registry import find_game, game_names
from chieu.core.rulebook import RulebookJson, rulebook_of
from chieu.core.rules import RulesBase
from chieu.core.table import resolve_rules
from chieu.server.lobby import ApiError

LANGS: tuple[Lang, ...] = ("vi", "en")
MAX_RULES_TEXT = 4000  # characters of the ``rules`` query: a room's options fit many times


class RulesPageJson(RulebookJson):
    """``GET /api/rules/{game}``: the rulebook and the names of its examples' cards."""

    names: dict[str, str]


def _lang(lang: str) -> Lang:
    if lang not in LANGS:
        raise ApiError(
            400,
            "bad_message",
            f"ngôn ngữ {lang!r} không có, chọn vi hoặc en / unknown language {lang!r}, "
            "use vi or en",
        )
    return "en" if lang == "en" else "vi"


def _definition(game: str) -> GameDefinition:
    try:
        return find_game(game)
    except UnknownGameError:
        known = ", ".join(game_names())
        raise ApiError(
            404,
            "not_found",
            f"không có trò chơi {game!r} (có: {known}) / unknown game {game!r} (known: {known})",
        ) from None


def glossary_json(game: str, lang: str = "vi") -> GlossaryJson:
    """The JSON of the glossary of ``game`` (any alias) in ``lang``; ApiError when the game
    or the language is unknown, or the game has no glossary."""
    language = _lang(lang)
    definition = _definition(game)
    glossary = kit_part(definition, "glossary")
    if not isinstance(glossary, Glossary):
        raise ApiError(
            404,
            "not_found",
            f"trò chơi {game!r} chưa có bảng thuật ngữ / the game {game!r} has no glossary",
        )
    return glossary.to_json(language)


def _rules_in_force(definition: GameDefinition, preset: str | None, rules: str | None) -> RulesBase:
    """The preset (default: the game's default rules), then the JSON options over it."""
    options: dict[str, object] = {}
    if rules:
        if len(rules) > MAX_RULES_TEXT:
            raise ApiError(
                400,
                "bad_message",
                f"tham số rules dài quá {MAX_RULES_TEXT} ký tự / "
                f"'rules' is longer than {MAX_RULES_TEXT} characters",
            )
        try:
            parsed = json.loads(rules)
        except ValueError:
            parsed = None
        if not isinstance(parsed, dict):
            raise ApiError(
                400,
                "bad_message",
                'tham số rules phải là một đối tượng JSON, ví dụ {"players": 3} / '
                "'rules' must be a JSON object, e.g. {\"players\": 3}",
            )
        options = parsed
    try:
        base = resolve_rules(definition, preset)
        if not options:
            return base
        return definition.rules_from_json({**definition.rules_to_json(base), **options})
    except ChieuError as exc:
        raise ApiError(
            400, "bad_message", f"luật không hợp lệ / the rules are not valid: {exc}"
        ) from None


def rules_json(
    game: str, lang: str = "vi", preset: str | None = None, rules: str | None = None
) -> RulesPageJson:
    """The rulebook of ``game`` (any alias) in ``lang`` under ``preset`` and the options of
    ``rules`` (JSON text), with the names of its examples' cards; ApiError when the game, the
    language, the preset or an option is unknown or bad, or the game has no rulebook."""
    language = _lang(lang)
    definition = _definition(game)
    write = rulebook_of(definition)
    if write is None:
        raise ApiError(
            404,
            "not_found",
            f"trò chơi {game!r} chưa có trang luật chơi / the game {game!r} has no rules page",
        )
    book = write(_rules_in_force(definition, preset, rules), language)
    kinds, notation = definition.kinds, definition.notation
    names: dict[str, str] = {}
    for example in book.examples():
        for code in example.cards:
            kind = kinds.kind(code)
            if kind is not None and code not in names:
                names[code] = notation.card_name(kind, language)
    return {**book.to_json(), "names": names}


def router() -> APIRouter:
    """The learning endpoints, to include in the app."""
    api = APIRouter()

    @api.get("/api/glossary/{game}", response_model=None)  # a TypedDict: no schema built
    async def glossary(game: str, lang: str = "vi") -> GlossaryJson:
        return glossary_json(game, lang)

    @api.get("/api/rules/{game}", response_model=None)  # a TypedDict: no schema built
    async def rules_page(
        game: str, lang: str = "vi", preset: str | None = None, rules: str | None = None
    ) -> RulesPageJson:
        return rules_json(game, lang, preset, rules)

    return api
