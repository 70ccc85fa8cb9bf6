"""Card faces in the terminal: the only thing the table's drawing knows per game.

A face is the text and Rich style of a card code from a View. Chắn and Tổ tôm show red cards
red and underlined (colour is never the only signal), Phỏm its suit symbols, Mạt chược its
tiles by their Vietnamese names with a colour per suit.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from chieu.core.kit import kit_part
from chieu.core.table import Game

Face = Callable[[str], Text]

_PHOM_SUITS = {"s": ("♠", ""), "c": ("♣", ""), "d": ("♦", "red"), "h": ("♥", "red")}
_MC_SUIT_STYLE = {"m": "red", "s": "green", "p": "blue", "z": "magenta", "f": "yellow"}


def red_marked(game: Game) -> Face:
    """Red cards bold, red and underlined (Chắn, Tổ tôm; any game without a face of its own)."""
    kinds = game.definition.kinds

    def face(code: str) -> Text:
        kind = kinds.kind(code)
        if kind is not None and kinds.is_red(kind):
            return Text(code, style="bold red underline")
        return Text(code)

    return face


def phom_face(game: Game) -> Face:
    """Phỏm's suit symbols, ♦ and ♥ red."""
    return _phom


def _phom(code: str) -> Text:
    rank, suit = code[:-1], code[-1:].lower()
    rank = "10" if rank.upper() == "T" else rank
    symbol, style = _PHOM_SUITS.get(suit, (suit, ""))
    return Text(f"{rank}{symbol}", style=style)


def matchuoc_face(game: Game) -> Face:
    """Mạt chược's tiles by their Vietnamese names, a colour per suit."""
    notation = game.notation

    def face(code: str) -> Text:
        suit = code[-1:].lower()
        name = code
        kind = game.definition.kinds.kind(code)
        if kind is not None:
            name = notation.card_name(kind, "vi")
        return Text(f"{name}", style=_MC_SUIT_STYLE.get(suit, ""))

    return face


def face_for(game: Game) -> Face:
    """How ``game``'s cards are drawn in the terminal (its kit's ``terminal_face``)."""
    factory = kit_part(game, "terminal_face")
    face: Face = (factory or red_marked)(game)
    return face


def cards_text(codes: list[str] | tuple[str, ...], face: Face, sep: str = " ") -> Text:
    return Text(sep).join(face(c) for c in codes)
