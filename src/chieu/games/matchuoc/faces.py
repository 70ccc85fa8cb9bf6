"""The Mạt chược tiles (60 × 80: an ivory face over a green back), ``shared/rules/phom_matchuoc.md``
B.1.

* Vạn ``1m``–``9m``: a Hán numeral over a red 萬.
* Văn ``1p``–``9p``: circles (coins) in the usual layouts; Sách ``1s``–``9s``: bamboo sticks,
  the 1 a sparrow.
* Winds ``1z``–``4z`` 東 南 西 北; dragons Bạch ``5z`` (an empty blue frame), Phát ``6z`` (發,
  green), Trung ``7z`` (中, red).
* Flowers, with their cửa (1–4) in the top-right corner: Mai Lan Cúc Trúc 梅 蘭 菊 竹
  (``1f``–``4f``), Xuân Hạ Thu Đông 春 夏 秋 冬 (``1g``–``4g``), Vương 皇 (``1k``–``4k``),
  Hậu 后 (``1q``–``4q``).
* Khung (B.1.3): 總 筒 索 萬 花 喜 元 合. The xanh group (TG TH SO MA) is teal in a square double
  frame, the đỏ group (HO HY NG HP) red in an eight-sided frame: the frame tells them apart
  without colour.

Every tile carries its code as a small Latin index at the top left.
"""

from __future__ import annotations

from chieu.render.base import BLUE, GREEN, INK, IVORY, RED, Deck, han, index, lattice, num

WIDTH, HEIGHT = 60, 80
NUMERALS = "一二三四五六七八九"
WINDS = "東南西北"
FLOWERS = {"f": "梅蘭菊竹", "g": "春夏秋冬", "k": "皇皇皇皇", "q": "后后后后"}
FLOWER_COLOURS = {"f": "#b0306a", "g": GREEN, "k": "#9a6500", "q": "#6a3d9a"}
KHUNG = {
    "TG": "總", "TH": "筒", "SO": "索", "MA": "萬",
    "HO": "花", "HY": "喜", "NG": "元", "HP": "合",
}  # fmt: skip
XANH = frozenset({"TG", "TH", "SO", "MA"})
TEAL = "#17697f"
_GREY = "#6b6552"

_TILE = (
    '<rect x="1" y="5" width="58" height="74" rx="6" fill="#2f7d5b"/>'
    f'<rect x="1" y="1" width="58" height="72" rx="6" fill="{IVORY}" stroke="#9b9479" '
    'stroke-width="1"/>'
)

# -- Văn (circles) ---------------------------------------------------------------------------

_DOTS: dict[int, tuple[tuple[float, float, float, str], ...]] = {
    1: ((30, 38, 16, RED),),
    2: ((30, 23, 9, BLUE), (30, 53, 9, GREEN)),
    3: ((16, 19, 7, BLUE), (30, 38, 7, RED), (44, 57, 7, GREEN)),
    4: ((19, 25, 8, BLUE), (41, 25, 8, GREEN), (19, 51, 8, GREEN), (41, 51, 8, BLUE)),
    5: (
        (17, 21, 7, BLUE), (43, 21, 7, GREEN), (30, 38, 7, RED),
        (17, 55, 7, GREEN), (43, 55, 7, BLUE),
    ),
    6: tuple((x, y, 7, GREEN if y < 25 else RED) for y in (19, 43, 59) for x in (20, 40)),
    7: (
        (16, 18, 5.5, GREEN), (30, 24, 5.5, GREEN), (44, 30, 5.5, GREEN),
        *((x, y, 6, RED) for y in (46, 61) for x in (20, 40)),
    ),
    8: tuple((x, y, 6, BLUE) for y in (15, 30, 45, 60) for x in (20, 40)),
    9: tuple(
        (x, y, 6.5, (BLUE, RED, GREEN)[i]) for i, y in enumerate((18, 38, 58)) for x in (16, 30, 44)
    ),
}  # fmt: skip


def _circles(rank: int) -> str:
    out = []
    for x, y, r, c in _DOTS[rank]:
        out.append(
            f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}" fill="none" stroke="{c}" '
            f'stroke-width="{num(max(1.2, r / 4))}"/>'
            f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r * 0.38)}" fill="{c}"/>'
        )
    return "".join(out)


# -- Sách (bamboo) ---------------------------------------------------------------------------

_STICKS: dict[int, tuple[tuple[float, float, str], ...]] = {
    2: ((30, 23, GREEN), (30, 52, BLUE)),
    3: ((30, 23, GREEN), (20, 52, BLUE), (40, 52, BLUE)),
    4: ((20, 23, GREEN), (40, 23, BLUE), (20, 52, BLUE), (40, 52, GREEN)),
    5: ((17, 23, GREEN), (43, 23, BLUE), (30, 38, RED), (17, 52, BLUE), (43, 52, GREEN)),
    6: tuple((x, y, GREEN if y < 30 else BLUE) for y in (23, 52) for x in (17, 30, 43)),
    7: ((30, 16, RED), *tuple((x, y, GREEN) for y in (38, 60) for x in (17, 30, 43))),
    8: tuple((x, y, GREEN if y < 30 else BLUE) for y in (23, 52) for x in (12, 24, 36, 48)),
    9: tuple((x, y, RED if x == 30 else GREEN) for y in (16, 37, 58) for x in (17, 30, 43)),
}  # fmt: skip


def _sticks(rank: int) -> str:
    tall = 16 if rank in (7, 9) else 20
    out = []
    for x, y, c in _STICKS[rank]:
        top = y - tall / 2
        out.append(
            f'<rect x="{num(x - 3)}" y="{num(top)}" width="6" height="{tall}" rx="3" fill="{c}"/>'
            f'<path d="M{num(x - 3)} {num(y)}h6" stroke="{IVORY}" stroke-width="1.2"/>'
        )
    return "".join(out)


def _sparrow() -> str:
    """1 Sách: a sparrow on a stick."""
    return (
        f'<path d="M14 50Q16 30 34 30Q44 30 46 38L52 40L46 43Q44 56 28 56L12 62Q16 56 14 50Z" '
        f'fill="{GREEN}" stroke="{INK}" stroke-width="1.2" stroke-linejoin="round"/>'
        f'<path d="M20 46Q28 38 36 46" fill="none" stroke="{IVORY}" stroke-width="2"/>'
        f'<circle cx="40" cy="36" r="2" fill="{IVORY}"/>'
        f'<circle cx="40" cy="36" r="1" fill="{INK}"/>'
        f'<path d="M26 56L24 66M32 55L34 66" stroke="{RED}" stroke-width="1.6"/>'
    )


# -- honours, flowers, khung -----------------------------------------------------------------


def _honour(n: int) -> str:
    if n <= 4:
        return han(30, 52, 36, WINDS[n - 1], INK)
    if n == 5:  # Bạch: an empty frame
        return (
            f'<g fill="none" stroke="{BLUE}"><rect x="13" y="12" width="34" height="52" rx="2" '
            'stroke-width="2.6"/><rect x="18" y="17" width="24" height="42" stroke-width="1"/></g>'
        )
    return han(30, 52, 36, "發", GREEN) if n == 6 else han(30, 52, 36, "中", RED)


def _flower(n: int, group: str) -> str:
    c = FLOWER_COLOURS[group]
    return (
        han(30, 56, 30, FLOWERS[group][n - 1], c)
        + index(50, 15, 11, str(n), c)
        + f'<path d="M10 64H50" stroke="{c}" stroke-width="1.5" stroke-dasharray="3 2"/>'
    )


def _khung(code: str) -> str:
    if code in XANH:
        c = TEAL
        frame = (
            f'<g fill="none" stroke="{c}"><rect x="9" y="14" width="42" height="52" '
            'stroke-width="2"/><rect x="12.5" y="17.5" width="35" height="45" '
            'stroke-width="0.9"/></g>'
        )
    else:
        c = RED
        frame = (
            f'<path d="M19 14H41L51 24V56L41 66H19L9 56V24Z" fill="none" stroke="{c}" '
            'stroke-width="2"/>'
        )
    return frame + han(30, 52, 30, KHUNG[code], c)


def face(code: str, red: bool) -> str:
    parts = [_TILE]
    upper = code.upper()
    if upper in KHUNG:
        parts.append(_khung(upper))
    else:
        n, suit = int(code[0]), code[1].lower()
        if suit == "m":
            parts.append(han(30, 37, 26, NUMERALS[n - 1], INK) + han(30, 67, 26, "萬", RED))
        elif suit == "p":
            parts.append(_circles(n))
        elif suit == "s":
            parts.append(_sparrow() if n == 1 else _sticks(n))
        elif suit == "z":
            parts.append(_honour(n))
        else:
            parts.append(_flower(n, suit))
    parts.append(index(9, 9, 7, code, _GREY))
    return "".join(parts)


def back() -> str:
    """The green back of a tile, seen from above."""
    return (
        '<rect x="1" y="5" width="58" height="74" rx="6" fill="#1f5e43"/>'
        '<rect x="1" y="1" width="58" height="72" rx="6" fill="#2f7d5b" stroke="#1f5e43" '
        'stroke-width="1"/>'
        + lattice(6, 6, 54, 68, 8, "#4f9c79")
        + '<rect x="5" y="5" width="50" height="64" rx="4" fill="none" stroke="#a5d6bc" '
        'stroke-width="1"/>'
    )


DECK = Deck(WIDTH, HEIGHT, pixels=45, overlap=0.0, gap=1, face=face, back=back)
