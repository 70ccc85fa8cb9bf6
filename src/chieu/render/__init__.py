"""Pictures of the cards drawn by chieu itself: ``chieu.render.svg`` (SVG card faces, backs,
hands and per-game sprites for the browser table and Jupyter)."""

from chieu.render.svg import Svg, back, card, codes, hand, sprite

__all__ = ["Svg", "back", "card", "codes", "hand", "sprite"]
