"""Shared pieces of the card drawings: the deck interface, colours, fonts and small helpers.

Every drawing is plain SVG 1.1 markup with no ids, no ``<use>``, no gradients or patterns and
no external reference, so that many cards can be inlined in one page without clashing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

#: Hán characters are text: a stack of CJK fonts, then the generic family
HAN_FONT = "'Noto Serif CJK SC','Noto Sans CJK SC','Source Han Serif SC','Songti SC',serif"
#: the small Latin corner index
LATIN_FONT = "'DejaVu Sans','Helvetica Neue',Arial,sans-serif"

INK = "#1f1a14"
RED = "#c3242b"
GREEN = "#23753a"
BLUE = "#1d4f9c"
CREAM = "#fbf5e3"
IVORY = "#fdfbf3"
PAPER = "#ffffff"

#: the class of the element that marks a red card by shape (a seal and a dashed frame), so that
#: colour is never the only signal; tests and style sheets may look for it
RED_MARK = "red-mark"


@dataclass(frozen=True, slots=True)
class Deck:
    """How one deck is drawn.

    ``face(code, red)`` gives the inner markup of a card (canonical ``code``, ``red`` from the
    game's kind table); ``back()`` the face-down card. Both draw in the box ``0 0 width height``
    (viewBox units); ``pixels`` is the default rendered width and ``overlap`` the default share of
    a card hidden under the next one in ``hand``.
    """

    width: int
    height: int
    pixels: int
    overlap: float
    gap: float
    face: Callable[[str, bool], str]
    back: Callable[[], str]


def num(x: float) -> str:
    """A coordinate with at most one decimal and no trailing zeros."""
    text = f"{x:.1f}"
    return text[:-2] if text.endswith(".0") else text


def esc(text: str) -> str:
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def han(x: float, y: float, size: float, chars: str, fill: str = INK, extra: str = "") -> str:
    """Hán text centred on ``x`` with its baseline at ``y`` (the root sets the CJK fonts)."""
    more = f" {extra}" if extra else ""
    return (
        f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}" fill="{fill}" '
        f'text-anchor="middle"{more}>{esc(chars)}</text>'
    )


def index(x: float, y: float, size: float, label: str, fill: str, *, flip: bool = False) -> str:
    """The small Latin corner index (bold sans); ``flip`` turns it upside down about its point."""
    turn = f' transform="rotate(180 {num(x)} {num(y - size * 0.35)})"' if flip else ""
    return (
        f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}" fill="{fill}" '
        f'font-family="{LATIN_FONT}" font-weight="bold" text-anchor="middle"{turn}>'
        f"{esc(label)}</text>"
    )


def lattice(x0: float, y0: float, x1: float, y1: float, step: float, colour: str) -> str:
    """A diamond lattice of thin lines filling a box (for card backs), as one path."""
    parts: list[str] = []
    w, h = x1 - x0, y1 - y0
    k = -h
    while k < w:
        # a line of slope +1 and one of slope -1 through (x0 + k, y0)
        a0 = max(0.0, -k)
        a1 = min(h, w - k)
        if a1 > a0:
            parts.append(f"M{num(x0 + k + a0)} {num(y0 + a0)}L{num(x0 + k + a1)} {num(y0 + a1)}")
            parts.append(f"M{num(x1 - k - a0)} {num(y0 + a0)}L{num(x1 - k - a1)} {num(y0 + a1)}")
        k += step
    return f'<path d="{"".join(parts)}" stroke="{colour}" stroke-width="0.8" fill="none"/>'
