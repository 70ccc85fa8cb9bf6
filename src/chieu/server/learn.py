"""The server's learning endpoints (issue 28): a game's glossary, read from its kit.

``GET /api/glossary/{game}?lang=vi|en`` → ``{"entries": [{"term", "aliases", "text",
"cards"?}]}``; the game by any registry alias (``chan``, ``chắn``, ``to-tom``...). An unknown
game is a 404 ``not_found``, a language other than ``vi``/``en`` a 400 ``bad_message``, a game
without a glossary a 404 too. No game is named here: the glossary is the kit's part.
"""

from __future__ import annotations

from fastapi import APIRouter

from chieu.core.errors import UnknownGameError
from chieu.core.glossary import Glossary, GlossaryJson, Lang
from chieu.core.kit import kit_part
from chieu.core.registry import find_game, game_names
from chieu.server.lobby import ApiError

LANGS: tuple[Lang, ...] = ("vi", "en")


def glossary_json(game: str, lang: str = "vi") -> GlossaryJson:
    """The JSON of the glossary of ``game`` (any alias) in ``lang``; ApiError when the game
    or the language is unknown, or the game has no glossary."""
    if lang not in LANGS:
        raise ApiError(
            400,
            "bad_message",
            f"ngôn ngữ {lang!r} không có, chọn vi hoặc en / unknown language {lang!r}, "
            "use vi or en",
        )
    try:
        definition = find_game(game)
    except UnknownGameError:
        known = ", ".join(game_names())
        raise ApiError(
            404,
            "not_found",
            f"không có trò chơi {game!r} (có: {known}) / unknown game {game!r} (known: {known})",
        ) from None
    glossary = kit_part(definition, "glossary")
    if not isinstance(glossary, Glossary):
        raise ApiError(
            404,
            "not_found",
            f"trò chơi {game!r} chưa có bảng thuật ngữ / the game {game!r} has no glossary",
        )
    return glossary.to_json("en" if lang == "en" else "vi")


def router() -> APIRouter:
    """The learning endpoints, to include in the app."""
    api = APIRouter()

    @api.get("/api/glossary/{game}", response_model=None)  # a TypedDict: no schema built
    async def glossary(game: str, lang: str = "vi") -> GlossaryJson:
        return glossary_json(game, lang)

    return api
