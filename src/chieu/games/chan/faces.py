"""The Chinese-money deck of Chắn and Tổ tôm: long narrow cards (60 × 204, about 1 : 3.4).

A suit card shows its rank as a Hán numeral (一 … 九) above its suit, 萬 (Vạn), 索 (Sách) or
文 (Văn), then a small drawing of the suit's money: a silver ingot for Vạn, a string of cash for
Sách, a coin for Văn. A yêu shows its name in Hán and a figure: Chi chi 枝枝 (a man with two
maces), Thang thang 空湯 (Không thang: a woman with her child), Ông lão 老翁 (an old man with a
stick) — the figures the rules describe (``shared/rules/chan_totom.md`` B1); the characters are
the Hán readings of the Vietnamese names.

A red card is red *and* marked by shape: a dashed inner frame and a seal (a ringed disc) at the
foot of the card, in a group of class ``red-mark``. Every card carries its code (``8V``, ``CC``)
as a Latin index at the top left and, upside down, at the bottom right.
"""

from __future__ import annotations

from chieu.render.base import CREAM, INK, RED, RED_MARK, Deck, han, index, lattice, num

WIDTH, HEIGHT = 60, 204
NUMERALS = {str(r): c for r, c in zip(range(1, 10), "一二三四五六七八九", strict=True)}
SUIT_HAN = {"V": "萬", "S": "索", "W": "文"}
YEU_HAN = {"CC": "枝枝", "TT": "空湯", "OL": "老翁"}

_FRAME = (
    f'<rect x="1" y="1" width="58" height="202" rx="5" fill="{CREAM}" '
    'stroke="#5b4a32" stroke-width="1.5"/>'
)


def _red_mark() -> str:
    return (
        f'<g class="{RED_MARK}" fill="none" stroke="{RED}">'
        '<rect x="3.5" y="3.5" width="53" height="197" rx="3.5" stroke-width="1.2" '
        'stroke-dasharray="4 2.5"/>'
        f'<circle cx="30" cy="181" r="6.5" fill="{RED}" stroke="none"/>'
        '<circle cx="30" cy="181" r="3.2" stroke="#fff" stroke-width="1.4"/>'
        "</g>"
    )


def _ingot(c: str) -> str:
    """Vạn: a silver ingot (sycee) with a knob, and a tassel line under it."""
    return (
        f'<g fill="none" stroke="{c}" stroke-width="1.6" stroke-linejoin="round">'
        '<path d="M13 126Q30 150 47 126Q42 138 30 138Q18 138 13 126Z"/>'
        '<path d="M22 131Q22 118 30 118Q38 118 38 131"/>'
        '<path d="M30 143V166M24 152H36M26 160H34"/>'
        "</g>"
    )


def _string(c: str) -> str:
    """Sách: a string of cash, the coins seen edge-on."""
    beads = "".join(
        f'<ellipse cx="30" cy="{y}" rx="8" ry="2.6"/>' for y in (120, 130, 140, 150, 160)
    )
    return (
        f'<g fill="{CREAM}" stroke="{c}" stroke-width="1.4">'
        f'<path d="M30 112V168" fill="none"/>{beads}</g>'
    )


def _coin(c: str) -> str:
    """Văn: a round coin with a square hole."""
    return (
        f'<g fill="none" stroke="{c}" stroke-width="1.8">'
        '<circle cx="30" cy="140" r="15"/><circle cx="30" cy="140" r="11.5" stroke-width="0.8"/>'
        '<rect x="25" y="135" width="10" height="10"/></g>'
    )


_MOTIF = {"V": _ingot, "S": _string, "W": _coin}


def _figure(code: str, c: str) -> str:
    """A yêu's figure, drawn with strokes under its name."""
    head = '<circle cx="30" cy="120" r="6"/>'
    if code == "CC":  # a man holding two maces
        body = (
            "M30 126V150M30 150L23 168M30 150L37 168M30 132L18 124M30 132L42 124"
            "M18 124V110M42 124V110"
        )
        extra = '<circle cx="18" cy="108" r="3"/><circle cx="42" cy="108" r="3"/>'
    elif code == "TT":  # a woman nursing a child
        body = "M30 126L20 166H40ZM30 132Q40 138 36 146"
        extra = '<circle cx="37" cy="140" r="3.5"/>'
    else:  # OL: an old man with a stick
        body = "M30 126Q26 140 28 150M28 150L22 168M28 150L34 168M28 134L40 138M40 128V168"
        extra = '<path d="M24 124Q30 132 36 124"/>'
    return (
        f'<g fill="none" stroke="{c}" stroke-width="1.7" stroke-linecap="round" '
        f'stroke-linejoin="round">{head}<path d="{body}"/>{extra}</g>'
    )


def face(code: str, red: bool) -> str:
    c = RED if red else INK
    parts = [_FRAME]
    if red:
        parts.append(_red_mark())
    if code in YEU_HAN:
        a, b = YEU_HAN[code][0], YEU_HAN[code][1]
        parts.append(han(30, 58, 30, a, c))
        parts.append(han(30, 94, 30, b, c))
        parts.append(_figure(code, c))
    else:
        rank, suit = code[0], code[1]
        parts.append(han(30, 60, 32, NUMERALS[rank], c))
        parts.append(han(30, 98, 30, SUIT_HAN[suit], c))
        parts.append(_MOTIF[suit](c))
    parts.append(index(14, 18, 10, code, c))
    parts.append(index(46, 193, 10, code, c, flip=True))
    return "".join(parts)


def back() -> str:
    """A red-brown back with a cream frame and a lattice."""
    return (
        '<rect x="1" y="1" width="58" height="202" rx="5" fill="#7a2a1c" stroke="#3d1a10" '
        'stroke-width="1.5"/>'
        '<rect x="5" y="5" width="50" height="194" rx="3" fill="none" stroke="#e9d9b0" '
        'stroke-width="1.2"/>'
        + lattice(7, 7, 53, 197, 9, "#b5654d")
        + f'<circle cx="30" cy="102" r="{num(9)}" fill="#7a2a1c" stroke="#e9d9b0" '
        'stroke-width="1.2"/>'
    )


DECK = Deck(WIDTH, HEIGHT, pixels=40, overlap=0.2, gap=2, face=face, back=back)
