"""Đôi's cards as SVG (``GameKit.svg_deck``): a white card with its rank in red or black."""

from __future__ import annotations

from chieu.render.base import INK, PAPER, RED, Deck, esc

WIDTH, HEIGHT = 40, 56


def face(code: str, red: bool) -> str:
    colour = RED if code.endswith("r") else INK
    return (
        f'<rect x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 2}" rx="4" fill="{PAPER}" '
        f'stroke="{colour}" stroke-width="2"/>'
        f'<text x="{WIDTH // 2}" y="{HEIGHT // 2 + 7}" font-size="20" fill="{colour}" '
        f'text-anchor="middle" font-weight="bold">{esc(code[:-1])}</text>'
    )


def back() -> str:
    return (
        f'<rect x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 2}" rx="4" fill="#2f5d8a" '
        f'stroke="{INK}" stroke-width="2"/>'
    )


DECK = Deck(WIDTH, HEIGHT, pixels=48, overlap=0.0, gap=3, face=face, back=back)
