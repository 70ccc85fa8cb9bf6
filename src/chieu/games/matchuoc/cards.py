"""The Mạt chược tiles (shared/rules/phom_matchuoc.md B.1): ids, Vietnamese names, notation.

Kind ids: ``0..8`` = 1m..9m (Vạn), ``9..17`` = 1p..9p (Văn), ``18..26`` = 1s..9s (Sách),
``27..33`` = 1z..7z (Đông Nam Tây Bắc, Bạch Phát Trung), ``34..49`` = flowers
``1f..4f 1g..4g 1k..4k 1q..4q`` and ``50..57`` = the eight khung
``TG TH SO MA HO HY NG HP`` (B.1.3).

The kind table holds three copies of every khung (the 176 set, B.1.2): with the 160 and 168
sets the copies not in play lie in the ``box`` zone, so every tile set counts up to the same
table.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from chieu.core.cards import Counts, KindTable
from chieu.core.errors import NotationError

NUM_BASIC = 34
FLOWER0 = 34
KHUNG0 = 50
NUM_KINDS = 58
HONOR0 = 27
DRAGON0 = 31
SUITS = "mps"
SUIT_NAMES = ("Vạn", "Văn", "Sách")
RANK_NAMES = ("Nhất", "Nhị", "Tam", "Tứ", "Ngũ", "Lục", "Thất", "Bát", "Cửu")
HONOR_NAMES = ("Đông", "Nam", "Tây", "Bắc", "Bạch", "Phát", "Trung")
FLOWER_GROUPS = "fgkq"
FLOWER_NAMES = (
    ("Mai", "Lan", "Cúc", "Trúc"),
    ("Xuân", "Hạ", "Thu", "Đông"),
    ("Vương 1", "Vương 2", "Vương 3", "Vương 4"),
    ("Hậu 1", "Hậu 2", "Hậu 3", "Hậu 4"),
)
KHUNG_CODES = ("TG", "TH", "SO", "MA", "HO", "HY", "NG", "HP")
KHUNG_NAMES = ("Tổng", "Thùng", "Soọc", "Màn", "Đại Ho", "Hỷ", "Nguyên", "Hợp")
TG, TH, SO, MA, HO, HY, NG, HP = range(KHUNG0, KHUNG0 + 8)
XANH = frozenset({TG, TH, SO, MA})
DO = frozenset({HO, HY, NG, HP})
KHUNG_COPIES = {"160": 1, "168": 2, "176": 3}
MAX_KHUNG_COPIES = 3
ORPHANS_SET = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))

#: The basic kinds each khung may stand for in a hand (Đại Ho: none, it stands for flowers).
_SUITED = frozenset(range(27))
KHUNG_RANGE: dict[int, frozenset[int]] = {
    TG: frozenset(range(NUM_BASIC)),
    TH: frozenset(range(9, 18)),
    SO: frozenset(range(18, 27)),
    MA: frozenset(range(9)),
    HO: frozenset(),
    HY: frozenset(range(27, 31)),
    NG: frozenset(range(31, 34)),
    HP: _SUITED,
}


def is_basic(kind: int) -> bool:
    return 0 <= kind < NUM_BASIC


def is_flower(kind: int) -> bool:
    return FLOWER0 <= kind < KHUNG0


def is_khung(kind: int) -> bool:
    return KHUNG0 <= kind < NUM_KINDS


def is_honor(kind: int) -> bool:
    return HONOR0 <= kind < NUM_BASIC


def is_dragon(kind: int) -> bool:
    return DRAGON0 <= kind < NUM_BASIC


def is_wind(kind: int) -> bool:
    return HONOR0 <= kind < DRAGON0


def is_terminal(kind: int) -> bool:
    return kind < 27 and kind % 9 in (0, 8)


def suit_of(kind: int) -> int:
    """0 Vạn, 1 Văn, 2 Sách, 3 honors (tài phao); -1 for flowers and khung."""
    return kind // 9 if kind < 27 else (3 if kind < NUM_BASIC else -1)


def flower_number(kind: int) -> int:
    """The cửa (1..4) a flower belongs to."""
    return (kind - FLOWER0) % 4 + 1


def flower_group(kind: int) -> int:
    return (kind - FLOWER0) // 4


def fits(khung: int, kind: int) -> bool:
    """Whether ``khung`` may stand for the basic ``kind``."""
    return kind in KHUNG_RANGE[khung]


def _build() -> KindTable:
    codes: list[str] = []
    names: list[str] = []
    for s, suit in enumerate(SUITS):
        for r in range(9):
            codes.append(f"{r + 1}{suit}")
            names.append(f"{RANK_NAMES[r]} {SUIT_NAMES[s]}")
    for h in range(7):
        codes.append(f"{h + 1}z")
        names.append(HONOR_NAMES[h])
    for g, group in enumerate(FLOWER_GROUPS):
        for n in range(4):
            codes.append(f"{n + 1}{group}")
            names.append(FLOWER_NAMES[g][n])
    codes.extend(KHUNG_CODES)
    names.extend(f"Khung {n}" for n in KHUNG_NAMES)
    copies = (4,) * NUM_BASIC + (1,) * 16 + (MAX_KHUNG_COPIES,) * 8
    return KindTable(tuple(codes), tuple(names), copies)


KINDS = _build()


def tile_set_counts(tile_set: str) -> Counts:
    """The tiles in play with a tile set (160, 168 or 176)."""
    counts = [4] * NUM_BASIC + [1] * 16 + [KHUNG_COPIES[tile_set]] * 8
    return counts


def code(kind: int) -> str:
    return KINDS.codes[kind]


def name(kind: int) -> str:
    return KINDS.names[kind]


# -- parsing --------------------------------------------------------------------------------

_GROUP = re.compile(r"([1-9]+)([mpszfgkq])", re.IGNORECASE)
_KHUNG_ALIASES = {
    "tong": TG,
    "thung": TH,
    "socc": SO,
    "sooc": SO,
    "man": MA,
    "daiho": HO,
    "ho": HO,
    "hy": HY,
    "hi": HY,
    "nguyen": NG,
    "hop": HP,
    "thay": MA,
}


def _plain(text: str) -> str:
    text = unicodedata.normalize("NFD", text.lower().replace("đ", "d"))
    return "".join(ch for ch in text if unicodedata.category(ch) != "Mn")


def parse_token(token: str, position: int = 0) -> list[int]:
    """One token: ``123m``, ``5z``, ``1f``, ``TG`` (``TG#1`` copies accepted), or a khung name."""
    raw = token.strip()
    if not raw:
        return []
    base = raw.split("#", 1)[0]
    if "#" in raw and not raw.split("#", 1)[1].isdigit():
        raise NotationError(
            f"bad copy suffix in {raw!r} at position {position}", token=raw, position=position
        )
    up = base.upper()
    if up in KHUNG_CODES:
        return [KHUNG0 + KHUNG_CODES.index(up)]
    plain = _plain(base).replace(" ", "")
    if plain in _KHUNG_ALIASES:
        return [_KHUNG_ALIASES[plain]]
    out: list[int] = []
    pos = 0
    for m in _GROUP.finditer(base):
        if m.start() != pos:
            break
        suit = m.group(2).lower()
        for digit in m.group(1):
            r = int(digit)
            if suit in "mps":
                out.append(SUITS.index(suit) * 9 + r - 1)
            elif suit == "z":
                if r > 7:
                    raise NotationError(
                        f"no honor tile {r}z (1z..7z) in {raw!r} at position {position}",
                        token=raw,
                        position=position,
                    )
                out.append(HONOR0 + r - 1)
            else:
                if r > 4:
                    raise NotationError(
                        f"no flower {r}{suit} (1..4) in {raw!r} at position {position}",
                        token=raw,
                        position=position,
                    )
                out.append(FLOWER0 + FLOWER_GROUPS.index(suit) * 4 + r - 1)
        pos = m.end()
    if pos != len(base) or not out:
        raise NotationError(
            f"cannot read tile(s) {raw!r} at position {position}: write MPSZ like 123m 55z, "
            "flowers 1f..4q, khung TG TH SO MA HO HY NG HP",
            token=raw,
            position=position,
        )
    return out


def parse_tiles(text: str) -> list[int]:
    """Tiles separated by spaces or commas: ``"123m 456p 55z TG"`` or ``"1m2m3m"``."""
    out: list[int] = []
    for m in re.finditer(r"[^\s,;]+", text):
        out.extend(parse_token(m.group(0), m.start()))
    return out


def counts_of(kinds: Sequence[int]) -> Counts:
    return KINDS.counts(kinds)


def discard_order(k: int) -> int:
    """Among equally good discards: flowers, Đại Ho, honors, terminals, the rest; khung
    last."""
    if is_flower(k):
        return 0
    if k == HO:
        return 1
    if is_khung(k):
        return 9
    if is_honor(k):
        return 2
    return 3 if is_terminal(k) else 4
