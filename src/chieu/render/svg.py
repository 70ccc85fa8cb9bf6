"""Card faces drawn by chieu itself, as SVG: one card, the back, a hand, a whole game's sprite.

```python
from chieu.render.svg import card, hand, sprite
card("chan", "8V")                  # Svg: a str that Jupyter shows as a picture
hand("phom", ["As", "Td", "Kh"], width=60)
sprite("matchuoc")["5z"]            # every code a view can show, and "back"
```

``game`` is any name ``chieu.load_game`` accepts; ``code`` is a card's code as views write it
(``game.notation.card(card)``), case-insensitive. Every SVG is self-contained (a ``viewBox``,
no ids, no external reference, Hán as text in CJK font stacks) and carries a ``<title>`` with the
card's Vietnamese name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from chieu.core.cards import KindTable
from chieu.core.errors import ChieuError
from chieu.core.kit import kit_part
from chieu.core.notation import Lang
from chieu.core.table import Game
from chieu.render.base import HAN_FONT, Deck, esc, num

__all__ = ["Svg", "back", "card", "codes", "hand", "sprite"]

BACK = "back"
_BACK_NAMES = {"vi": "quân bài úp", "en": "face-down card"}


class Svg(str):
    """SVG markup: a ``str`` that Jupyter and IPython display as the picture it draws."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        return str(self)


@dataclass(frozen=True, slots=True)
class _Game:
    name: str
    title: str
    kinds: KindTable
    card_name: Callable[[int, Lang], str]
    deck: Deck
    four: Deck  # the four-colour deck (``four=True``): ``deck`` when the game has none


def _game(game: str | Game) -> _Game:
    """A game by any name ``load_game`` accepts, or a loaded ``Game``."""
    if isinstance(game, Game):
        return _load(game.info.name)
    if not isinstance(game, str):
        raise ChieuError(f"tên trò chơi phải là chuỗi, không phải {type(game).__name__}")
    return _load(game)


@lru_cache(maxsize=32)
def _load(game: str) -> _Game:
    from chieu import load_game

    loaded = load_game(game)
    name = loaded.info.name
    deck: Deck | None = kit_part(loaded, "svg_deck")  # the game kit's decks
    if deck is None:
        raise ChieuError(f"chieu chưa vẽ được quân bài của trò {loaded.info.title} ({name})")
    four: Deck = kit_part(loaded, "svg_deck_four") or deck
    return _Game(
        name, loaded.info.title, loaded.definition.kinds, loaded.notation.card_name, deck, four
    )


def _kind(g: _Game, code: str) -> int:
    if not isinstance(code, str):
        raise ChieuError(f"mã quân bài phải là chuỗi, không phải {type(code).__name__}")
    kind = g.kinds.kind(code.strip())
    if kind is None:
        sample = " ".join(g.kinds.codes[:: max(1, g.kinds.size // 8)][:8])
        raise ChieuError(
            f"không có quân bài mã {code!r} trong bộ bài {g.title}; "
            f"mã hợp lệ, ví dụ: {sample} (xem chieu.render.svg.codes({g.name!r}))"
        )
    return kind


def _pixels(g: _Game, width: int | None) -> tuple[int, int]:
    """The rendered width and height of one card."""
    if width is None:
        width = g.deck.pixels
    if isinstance(width, bool) or not isinstance(width, int) or width <= 0:
        raise ChieuError(
            f"độ rộng quân bài phải là số nguyên dương (điểm ảnh), không phải {width!r}"
        )
    return width, max(1, round(width * g.deck.height / g.deck.width))


def _root(
    box_w: float, box_h: float, px_w: int, px_h: int, title: str, body: str, data: str
) -> Svg:
    return Svg(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {num(box_w)} {num(box_h)}" '
        f'width="{px_w}" height="{px_h}" role="img" {data} font-family="{HAN_FONT}">'
        f"<title>{esc(title)}</title>{body}</svg>"
    )


@lru_cache(maxsize=1024)
def _body(name: str, kind: int, four: bool) -> str:
    """The inner markup of one face (``kind``) or of the back (``kind == -1``)."""
    g = _game(name)
    deck = g.four if four else g.deck
    if kind < 0:
        return deck.back()
    return deck.face(g.kinds.codes[kind], g.kinds.is_red(kind))


def _part(g: _Game, code: str, four: bool) -> tuple[str, str, str]:
    """(canonical code, Vietnamese name, inner markup) of a face or of ``back``."""
    if isinstance(code, str) and code.strip().lower() == BACK:
        return BACK, _BACK_NAMES["vi"], _body(g.name, -1, bool(four))
    kind = _kind(g, code)
    return g.kinds.codes[kind], g.card_name(kind, "vi"), _body(g.name, kind, bool(four))


def card(
    game: str | Game, code: str, *, width: int | None = None, four_colour: bool = False
) -> Svg:
    """One card or tile of ``game`` by its code (``"8V"``, ``"Kh"``, ``"5z"``; ``"back"`` for the
    face-down card), ``width`` pixels wide (the deck's default when None). ``four_colour``
    draws Phỏm's four-colour deck (♦ blue, ♣ green); other decks ignore it."""
    g = _game(game)
    canon, name, body = _part(g, code, four_colour)
    w, h = _pixels(g, width)
    return _root(
        g.deck.width,
        g.deck.height,
        w,
        h,
        name,
        body,
        f'data-game="{g.name}" data-card="{esc(canon)}"',
    )


def back(game: str | Game, *, width: int | None = None) -> Svg:
    """The face-down card of ``game``."""
    return card(game, BACK, width=width)


def hand(
    game: str | Game,
    codes: Iterable[str] | str,
    *,
    width: int | None = None,
    overlap: float | None = None,
    four_colour: bool = False,
) -> Svg:
    """A row of cards in one SVG, left to right. ``codes`` is a list of codes (``"back"`` for a
    face-down card) or one string of codes separated by spaces. Each card is ``width`` pixels
    wide; ``overlap`` (0 ≤ overlap < 1) is the share of a card hidden under the next (the deck's
    default when None: long Chắn cards fan, tiles stand side by side)."""
    g = _game(game)
    try:
        items = codes.split() if isinstance(codes, str) else list(codes)
    except TypeError:
        raise ChieuError(
            f"tay bài phải là danh sách mã quân bài, không phải {type(codes).__name__}"
        ) from None
    if overlap is None:
        overlap = g.deck.overlap
    if isinstance(overlap, bool) or not isinstance(overlap, int | float) or not 0 <= overlap < 1:
        raise ChieuError(f"độ chồng (overlap) phải là số từ 0 đến dưới 1, không phải {overlap!r}")
    parts = [_part(g, code, four_colour) for code in items]
    cw, ch = g.deck.width, g.deck.height
    step = cw * (1 - overlap) if overlap > 0 else cw + g.deck.gap
    box_w = cw + step * (len(parts) - 1) if parts else 0.0
    w, h = _pixels(g, width)
    px_w = round(w * box_w / cw)
    body = "".join(
        f'<g transform="translate({num(i * step)} 0)"><title>{esc(name)}</title>{inner}</g>'
        for i, (_, name, inner) in enumerate(parts)
    )
    title = ", ".join(name for _, name, _ in parts) or "không có quân bài"
    cards = " ".join(canon for canon, _, _ in parts)
    return _root(box_w, ch, px_w, h, title, body, f'data-game="{g.name}" data-cards="{cards}"')


def codes(game: str | Game) -> tuple[str, ...]:
    """Every card code of ``game``'s deck, in the deck's order: all a view can show."""
    return _game(game).kinds.codes


@lru_cache(maxsize=16)
def _sprite(name: str, four: bool) -> tuple[tuple[str, str], ...]:
    entries = [(code, str(card(name, code, four_colour=four))) for code in codes(name)]
    entries.append((BACK, str(back(name))))
    return tuple(entries)


def sprite(game: str | Game, *, four_colour: bool = False) -> dict[str, str]:
    """Every code ``game``'s views can show → its SVG markup, plus ``"back"``: for a page that
    inlines them (each is self-contained and free of ids)."""
    return dict(_sprite(_game(game).name, bool(four_colour)))
