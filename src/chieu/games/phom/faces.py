"""The French deck of Phỏm (100 × 140, the 2.5 : 3.5 of a poker card).

Rank and suit sit in the top-left corner and, turned, in the bottom-right; number cards carry
the usual pips, the ace one large pip, J Q K a small drawn figure (cap, tiara, crown) with the
suit on its chest. Suits are drawn shapes (♠ ♣ ♦ ♥), not font glyphs.

Colour is never the only signal: ♦ and ♥ are drawn *outlined* (a red line around a pale fill,
in a group of class ``red-mark``) while ♠ and ♣ are solid. ``DECK_FOUR`` is the four-colour deck
(♠ black, ♥ red, ♦ blue, ♣ green) for players who prefer it.
"""

from __future__ import annotations

from chieu.render.base import BLUE, GREEN, INK, PAPER, RED, RED_MARK, Deck, index, lattice, num

WIDTH, HEIGHT = 100, 140

#: suit shapes in a 20 × 20 box centred on the origin
SHAPES = {
    "s": "M0-10C-5-4-10-1-10 3.5C-10 7.5-5 9-1.2 6L-3 10H3L1.2 6C5 9 10 7.5 10 3.5C10-1 5-4 0-10Z",
    "h": "M0 10C-4 6-10 2-10-3.5C-10-7.5-6-10-3.2-10C-1.5-10-.4-9 0-7.5C.4-9 1.5-10 3.2-10"
    "C6-10 10-7.5 10-3.5C10 2 4 6 0 10Z",
    "d": "M0-10L7.5 0L0 10L-7.5 0Z",
    "c": "M-4.4-5.2a4.4 4.4 0 1 0 8.8 0a4.4 4.4 0 1 0-8.8 0Z"
    "M-9.6 1.6a4.4 4.4 0 1 0 8.8 0a4.4 4.4 0 1 0-8.8 0Z"
    "M.8 1.6a4.4 4.4 0 1 0 8.8 0a4.4 4.4 0 1 0-8.8 0ZM-1 2L-3 10H3L1 2Z",
}
TWO_COLOURS = {"s": INK, "c": INK, "d": RED, "h": RED}
FOUR_COLOURS = {"s": INK, "c": GREEN, "d": BLUE, "h": RED}
PALE = {INK: "#d5d5d5", GREEN: "#d4eadb", RED: "#fbdcdc", BLUE: "#dbe6f8"}
RANK_LABELS = {"A": "A", "T": "10", "J": "J", "Q": "Q", "K": "K"}

_L, _C, _R = 34, 50, 66
_ROWS4 = (26, 55.3, 84.7, 114)
#: pip centres for ranks 2..10 (a pip below the middle is drawn upside down)
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((_C, 26), (_C, 114)),
    3: ((_C, 26), (_C, 70), (_C, 114)),
    4: ((_L, 26), (_R, 26), (_L, 114), (_R, 114)),
    5: ((_L, 26), (_R, 26), (_C, 70), (_L, 114), (_R, 114)),
    6: ((_L, 26), (_R, 26), (_L, 70), (_R, 70), (_L, 114), (_R, 114)),
    7: ((_L, 26), (_R, 26), (_C, 48), (_L, 70), (_R, 70), (_L, 114), (_R, 114)),
    8: ((_L, 26), (_R, 26), (_C, 48), (_L, 70), (_R, 70), (_C, 92), (_L, 114), (_R, 114)),
    9: (*tuple((x, y) for y in _ROWS4 for x in (_L, _R)), (_C, 70)),
    10: (*tuple((x, y) for y in _ROWS4 for x in (_L, _R)), (_C, 40.7), (_C, 99.3)),
}

#: J Q K headwear over the figure's head
_HATS = {
    "J": "M39 50Q50 32 61 50ZM58 42Q66 30 70 34",
    "Q": "M40 49L42 38L46 44L50 35L54 44L58 38L60 49Z",
    "K": "M38 49L38 33L44 41L50 29L56 41L62 33L62 49Z",
}


def pip(suit: str, x: float, y: float, scale: float, *, flip: bool = False) -> str:
    turn = " rotate(180)" if flip else ""
    return (
        f'<path transform="translate({num(x)} {num(y)}){turn} scale({scale})" d="{SHAPES[suit]}"/>'
    )


def _paint(suit: str, colours: dict[str, str], scale: float) -> str:
    """The fill and stroke of a suit's pips drawn at ``scale``: solid for ♠ ♣, outlined for
    ♦ ♥ (a line 1.6 units wide on the card, whatever the scale)."""
    colour = colours[suit]
    if suit in "dh":
        line = num(1.6 / scale)
        return f'class="{RED_MARK}" fill="{PALE[colour]}" stroke="{colour}" stroke-width="{line}"'
    return f'fill="{colour}"'


def _corner(label: str, suit: str, colours: dict[str, str]) -> str:
    text = index(12, 22, 17 if len(label) == 1 else 15, label, colours[suit])
    return f"{text}<g {_paint(suit, colours, 0.5)}>{pip(suit, 12, 33, 0.5)}</g>"


def _figure(rank: str, suit: str, colours: dict[str, str]) -> str:
    """A court card: a frame, a bust with its headwear and the suit on its chest."""
    colour = colours[suit]
    return (
        f'<rect x="22" y="16" width="56" height="108" rx="3" fill="#fdf6e8" stroke="{colour}" '
        'stroke-width="1.2"/>'
        f'<path d="M28 122Q30 82 50 76Q70 82 72 122Z" fill="{PALE.get(colour, colour)}" '
        f'stroke="{colour}" stroke-width="1.5"/>'
        f'<circle cx="50" cy="60" r="10" fill="#f6dfc4" stroke="{colour}" stroke-width="1.4"/>'
        f'<path d="{_HATS[rank]}" fill="#e0b12a" stroke="{colour}" stroke-width="1.2" '
        'stroke-linejoin="round"/>'
        f'<path d="M45 58h2M53 58h2M46 65Q50 68 54 65" stroke="{colour}" stroke-width="1.2" '
        'fill="none"/>'
        f"<g {_paint(suit, colours, 0.9)}>{pip(suit, 50, 100, 0.9)}</g>"
    )


def face_with(colours: dict[str, str]) -> Deck:
    def face(code: str, red: bool) -> str:
        rank, suit = code[0].upper(), code[1].lower()
        label = RANK_LABELS.get(rank, rank)
        parts = [
            '<rect x="1" y="1" width="98" height="138" rx="8" fill="#fff" stroke="#8c8c8c" '
            'stroke-width="1.2"/>'
        ]
        if rank in _HATS:
            parts.append(_figure(rank, suit, colours))
        elif rank == "A":
            parts.append(f"<g {_paint(suit, colours, 2.2)}>{pip(suit, 50, 70, 2.2)}</g>")
        else:
            spots = PIPS[10 if rank == "T" else int(rank)]
            pips = "".join(pip(suit, x, y, 0.75, flip=y > 70) for x, y in spots)
            parts.append(f"<g {_paint(suit, colours, 0.75)}>{pips}</g>")
        corner = _corner(label, suit, colours)
        parts.append(corner)
        parts.append(f'<g transform="rotate(180 50 70)">{corner}</g>')
        return "".join(parts)

    return Deck(WIDTH, HEIGHT, pixels=72, overlap=0.55, gap=4, face=face, back=back)


def back() -> str:
    """A blue back with a white frame and a lattice."""
    return (
        f'<rect x="1" y="1" width="98" height="138" rx="8" fill="{PAPER}" stroke="#8c8c8c" '
        'stroke-width="1.2"/>'
        '<rect x="7" y="7" width="86" height="126" rx="4" fill="#24509a"/>'
        + lattice(9, 9, 91, 131, 8, "#7f9fd6")
        + '<rect x="7" y="7" width="86" height="126" rx="4" fill="none" stroke="#173a73" '
        'stroke-width="1.5"/>'
    )


DECK = face_with(TWO_COLOURS)
DECK_FOUR = face_with(FOUR_COLOURS)
