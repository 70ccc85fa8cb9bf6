"""The browser table (issue 13): one page of plain ES modules served by ``chieu serve``.

``mount(app)`` serves the page at ``/`` (hash routes: the lobby, ``#/room/{id}``,
``#/replay/{game_id}``, ``#/sheet/{room_id}``, ``#/me``), its files under ``/web/static/``,
and every card of a game as SVG at ``/web/cards/{game}.json``: ``chieu.render.svg.sprite``
when it is there, else simple text cards drawn here. The page holds no rules: it renders the
View JSON the server pushes and sends back action ids.
"""

from __future__ import annotations

import functools
import gzip
import html
import importlib
import json
import logging
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from chieu.core.errors import ChieuError
from chieu.core.table import load_game

log = logging.getLogger("chieu.web")

STATIC = Path(__file__).parent / "static"
NO_CACHE = {"Cache-Control": "no-cache"}

#: the fallback card's box (width, height) per shape
_SHAPES: dict[str, tuple[int, int]] = {"strip": (40, 128), "card": (60, 84), "tile": (60, 80)}
_GAME_SHAPES = {"chan": "strip", "totom": "strip", "phom": "card", "matchuoc": "tile"}
_SUITS = {"s": ("♠", False), "c": ("♣", False), "d": ("♦", True), "h": ("♥", True)}
_TILE_SUITS = {"m": "Vạn", "p": "Văn", "s": "Sách"}


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
    for the game ``name`` (any alias): the render module's sprite over the fallback cards."""
    game = load_game(name)
    cards = fallback_sprite(game)
    sprite = _render_sprite(game)
    if sprite:
        cards.update({k: v for k, v in sprite.items() if isinstance(v, str) and v})
    kinds = game.definition.kinds
    order = [kinds.code(k) for k in range(kinds.size)]
    names = {
        lang: {kinds.code(k): game.notation.card_name(k, lang) for k in range(kinds.size)}
        for lang in ("vi", "en")
    }
    data = {"game": game.name, "cards": cards, "order": order, "names": names}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _render_sprite(game: Any) -> dict[str, str] | None:
    """``chieu.render.svg.sprite`` for the game, or None while that module is missing."""
    try:
        svg = importlib.import_module("chieu.render.svg")
    except ImportError:
        return None
    make = getattr(svg, "sprite", None)
    if not callable(make):
        return None
    for arg in (game.name, game):
        try:
            got = make(arg)
        except Exception:  # the other signature, or a failure: try the next, then fall back
            continue
        if isinstance(got, dict):
            return {str(k): v for k, v in got.items()}
    log.warning("chieu.render.svg.sprite failed for %s: text cards instead", game.name)
    return None


def fallback_sprite(game: Any) -> dict[str, str]:
    """Simple text cards: every kind of ``game`` as a self-contained SVG, and ``"back"``."""
    shape = _GAME_SHAPES.get(game.name, "card")
    w, h = _SHAPES[shape]
    kinds = game.definition.kinds
    out = {}
    for k in range(kinds.size):
        code = kinds.code(k)
        top, bottom, red = _faces(game.name, code, kinds.name(k), kinds.is_red(k))
        out[code] = _card_svg(w, h, top, bottom, red, shape)
    out["back"] = _back_svg(w, h)
    return out


def _faces(game: str, code: str, name: str, red: bool) -> tuple[str, str, bool]:
    """The big and small words of a fallback card, and whether it is red."""
    if game == "phom" and len(code) == 2 and code[1] in _SUITS:
        rank = "10" if code[0] == "T" else code[0]
        suit, is_red = _SUITS[code[1]]
        return rank, suit, is_red
    if game == "matchuoc" and len(code) == 2 and code[1] in _TILE_SUITS:
        return code[0], _TILE_SUITS[code[1]], code[1] == "m"
    words = name.split()
    if len(words) == 1:
        return words[0], "", red
    return words[0], " ".join(words[1:]), red


def _card_svg(w: int, h: int, top: str, bottom: str, red: bool, shape: str) -> str:
    ink = "#b3261e" if red else "#1d1b16"
    big = min(w * 0.5, 26) if len(top) <= 2 else min(w * 0.3, 15)
    small = 11 if shape != "strip" else 10
    face = "#fbf6e9" if shape != "tile" else "#f4f1e4"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}">',
        f'<rect x="1" y="1" width="{w - 2}" height="{h - 2}" rx="5" fill="{face}" '
        f'stroke="#6b5a3a" stroke-width="1.5"/>',
    ]
    if shape == "strip":  # a long card: the words down the strip, read from the top
        parts.append(
            f'<text x="{w / 2}" y="{h * 0.26}" font-size="{big}" text-anchor="middle" '
            f'font-family="serif" font-weight="700" fill="{ink}">{html.escape(top)}</text>'
        )
        for i, word in enumerate(bottom.split()[:2]):
            parts.append(
                f'<text x="{w / 2}" y="{h * 0.55 + i * 14}" font-size="{small}" '
                f'text-anchor="middle" font-family="sans-serif" fill="{ink}">'
                f"{html.escape(word)}</text>"
            )
        parts.append(
            f'<rect x="{w / 2 - 6}" y="{h - 22}" width="12" height="12" rx="2" fill="none" '
            f'stroke="{ink}" stroke-width="1.2"/>'
        )
    else:
        parts.append(
            f'<text x="{w / 2}" y="{h * 0.5}" font-size="{big}" text-anchor="middle" '
            f'font-family="serif" font-weight="700" fill="{ink}">{html.escape(top)}</text>'
        )
        if bottom:
            size = 22 if len(bottom) == 1 else small
            parts.append(
                f'<text x="{w / 2}" y="{h * 0.8}" font-size="{size}" text-anchor="middle" '
                f'font-family="sans-serif" fill="{ink}">{html.escape(bottom)}</text>'
            )
    parts.append("</svg>")
    return "".join(parts)


def _back_svg(w: int, h: int) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}">'
        f'<rect x="1" y="1" width="{w - 2}" height="{h - 2}" rx="5" fill="#7a2e22" '
        f'stroke="#3d160f" stroke-width="1.5"/>'
        f'<rect x="5" y="5" width="{w - 10}" height="{h - 10}" rx="3" fill="none" '
        f'stroke="#e9c46a" stroke-width="1" stroke-dasharray="3 2"/>'
        "</svg>"
    )
