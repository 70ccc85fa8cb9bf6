"""The browser table (issue 13): one page of plain ES modules served by ``chieu serve``.

``mount(app)`` serves the page at ``/`` (hash routes: the lobby, ``#/room/{id}``,
``#/replay/{game_id}``, ``#/sheet/{room_id}``, ``#/me``), its files under ``/web/static/``,
and every card of a game as SVG at ``/web/cards/{game}.json`` (``chieu.render.svg.sprite``).
The page holds no rules: it renders the View JSON the server pushes and sends back action ids.
"""

from __future__ import annotations

import functools
import gzip
import json
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from chieu.core.errors import ChieuError
from chieu.core.table import load_game
from chieu.render.svg import sprite

STATIC = Path(__file__).parent / "static"
NO_CACHE = {"Cache-Control": "no-cache"}


def mount(app: FastAPI) -> None:
    """Serve the page, its static files and the card sprites on ``app``."""

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers=NO_CACHE)

    @app.get("/web/cards/{game}.json", include_in_schema=False)
    async def cards(game: str, request: Request) -> Response:
        gzip_ok = "gzip" in request.headers.get("accept-encoding", "")
        try:
            body = cards_gzip(game) if gzip_ok else cards_json(game)
        except ChieuError:
            return JSONResponse(
                {
                    "error": {
                        "code": "not_found",
                        "message": {"vi": "Không có trò này", "en": "No such game"},
                    }
                },
                404,
            )
        headers = {"Cache-Control": "public, max-age=3600", "Vary": "Accept-Encoding"}
        if gzip_ok:
            headers["Content-Encoding"] = "gzip"
        return Response(body, media_type="application/json", headers=headers)

    app.mount("/web/static", StaticFiles(directory=STATIC), name="web-static")


@functools.lru_cache(maxsize=16)
def cards_gzip(name: str) -> bytes:
    """``cards_json(name)``, gzipped (sent to a browser that accepts it)."""
    return gzip.compress(cards_json(name), 6)


@functools.lru_cache(maxsize=16)
def cards_json(name: str) -> bytes:
    """``{"cards": {code: svg, ..., "back": svg}, "order": [codes], "names": {"vi", "en"}}``
    for the game ``name`` (any alias)."""
    game = load_game(name)
    cards = sprite(game.name)
    kinds = game.definition.kinds
    order = [kinds.code(k) for k in range(kinds.size)]
    names = {
        lang: {kinds.code(k): game.notation.card_name(k, lang) for k in range(kinds.size)}
        for lang in ("vi", "en")
    }
    data = {"game": game.name, "cards": cards, "order": order, "names": names}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
