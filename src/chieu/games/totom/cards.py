"""The Tổ tôm deck: 120 cards, 30 kinds × 4 (nhất–cửu in Vạn, Sách, Văn, and the three yêu).

Kind ids: ``(rank - 1) * 3 + suit`` with suits V=0, S=1, W=2 (1V=0, 1S=1, 1W=2 ... 9W=26),
then ``CC = 27`` (Chi chi), ``TT = 28`` (Thang thang), ``OL = 29`` (Ông lão / Ông cụ).
Red: CC TT OL 8V 8S 9V 9S (shared/rules B1).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from chieu.core.cards import Counts, KindTable
from chieu.core.errors import NotationError

SUITS = ("V", "S", "W")
SUIT_NAMES = ("vạn", "sách", "văn")
RANK_NAMES = {
    1: "nhất",
    2: "nhị",
    3: "tam",
    4: "tứ",
    5: "ngũ",
    6: "lục",
    7: "thất",
    8: "bát",
    9: "cửu",
}
NUM_KINDS = 30
CC, TT, OL = 27, 28, 29
YEU = (CC, TT, OL)
COPIES = 4
V, S, W = 0, 1, 2


def kind_of(rank: int, suit: int) -> int:
    return (rank - 1) * 3 + suit


def rank_of(kind: int) -> int:
    """1..9, and 1 for a yêu (its value when counting, B1)."""
    return 1 if kind >= CC else kind // 3 + 1


def suit_of(kind: int) -> int:
    """0, 1, 2 for V, S, W; -1 for a yêu."""
    return -1 if kind >= CC else kind % 3


def _build() -> KindTable:
    codes: list[str] = []
    names: list[str] = []
    for rank in range(1, 10):
        for s, suit in enumerate(SUITS):
            codes.append(f"{rank}{suit}")
            names.append(f"{RANK_NAMES[rank].capitalize()} {SUIT_NAMES[s]}")
    codes += ["CC", "TT", "OL"]
    names += ["Chi chi", "Thang thang", "Ông lão"]
    red = frozenset({kind_of(8, V), kind_of(8, S), kind_of(9, V), kind_of(9, S), CC, TT, OL})
    return KindTable(tuple(codes), tuple(names), (COPIES,) * NUM_KINDS, red)


KINDS = _build()
RED = KINDS.red
IS_RED = tuple(k in RED for k in range(NUM_KINDS))


# -- parsing --------------------------------------------------------------------------------

_RANK_WORDS: dict[str, int] = {w: r for r, w in RANK_NAMES.items()}
_RANK_WORDS.update(
    {"nhat": 1, "nhi": 2, "tam": 3, "tu": 4, "ngu": 5, "luc": 6, "that": 7, "bat": 8, "cuu": 9}
)
_SUIT_WORDS = {"vạn": V, "sách": S, "sach": S, "văn": W}
_AMBIGUOUS = {"van": "'van' is ambiguous: write 'vạn' (V) or 'văn' (W), or a code like 2V / 2W"}
#: two-word yêu names (first word -> (second word, kind)); a lone first word also works
_YEU_PAIRS = {
    "chi": ("chi", CC),
    "thang": ("thang", TT),
    "không": ("thang", TT),
    "khong": ("thang", TT),
    "ông": (None, OL),
    "ong": (None, OL),
}
_YEU_SECOND = {"lão": OL, "lao": OL, "cụ": OL, "cu": OL}
_TOKEN = re.compile(r"\||[^\s,;|]+")


def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def parse_cards(text: str) -> list[int]:
    """Parse card notation into kinds, in the order written.

    Accepts codes (``1V 8s cc tt ol``, case-insensitive, also compact ``2V2V``) and Vietnamese
    names (``nhất vạn``, ``bát sách``, ``chi chi``, ``thang thang``, ``ông lão``, ``ông cụ``).
    Raises NotationError naming the bad token and its position.
    """
    words = [(m.group(0), m.start()) for m in _TOKEN.finditer(_nfc(text))]
    out: list[int] = []
    i = 0
    while i < len(words):
        raw, pos = words[i]
        tok = raw.lower()
        nxt = words[i + 1][0].lower() if i + 1 < len(words) else None
        if tok == "|":
            i += 1
            continue
        kind = KINDS.kind(tok)
        if kind is not None:
            out.append(kind)
            i += 1
            continue
        chunks = [tok[j : j + 2] for j in range(0, len(tok), 2)]
        if len(tok) % 2 == 0 and len(tok) > 2 and all(KINDS.kind(c) is not None for c in chunks):
            out.extend(KINDS.kind(c) or 0 for c in chunks)
            i += 1
            continue
        if tok in _YEU_PAIRS:
            second, yk = _YEU_PAIRS[tok]
            if second is None:  # "ông lão" / "ông cụ"
                if nxt not in _YEU_SECOND:
                    raise NotationError(
                        f"{raw!r} at position {pos} must be followed by 'lão' or 'cụ'",
                        token=raw,
                        position=pos,
                    )
                out.append(_YEU_SECOND[nxt])
                i += 2
                continue
            out.append(yk)
            i += 2 if nxt == second else 1
            continue
        if tok in _RANK_WORDS:
            if nxt is None:
                raise NotationError(
                    f"card name {raw!r} at position {pos} lacks its suit (vạn, sách or văn)",
                    token=raw,
                    position=pos,
                )
            suit_raw, suit_pos = words[i + 1]
            if nxt in _AMBIGUOUS:
                raise NotationError(
                    f"{_AMBIGUOUS[nxt]} (position {suit_pos})", token=suit_raw, position=suit_pos
                )
            if nxt not in _SUIT_WORDS:
                raise NotationError(
                    f"unknown suit {suit_raw!r} after {raw!r} at position {suit_pos}; "
                    "expected vạn, sách or văn",
                    token=suit_raw,
                    position=suit_pos,
                )
            out.append(kind_of(_RANK_WORDS[tok], _SUIT_WORDS[nxt]))
            i += 2
            continue
        if tok in _AMBIGUOUS:
            raise NotationError(f"{_AMBIGUOUS[tok]} (position {pos})", token=raw, position=pos)
        raise NotationError(
            f"unknown card {raw!r} at position {pos}; use codes like 1V 8S 9W CC TT OL "
            "(rank 1-9 + V/S/W, or a yêu) or names like 'nhất vạn', 'ông lão'",
            token=raw,
            position=pos,
        )
    return out


def check_copies(kinds: Sequence[int]) -> Counts:
    """Count vector of ``kinds``; NotationError if any kind exceeds its 4 copies."""
    counts = KINDS.counts(kinds)
    for k, n in enumerate(counts):
        if n > COPIES:
            raise NotationError(
                f"{n} copies of {KINDS.codes[k]} ({KINDS.names[k]}): the deck has only {COPIES}",
                token=KINDS.codes[k],
                vi=f"{n} quân {KINDS.codes[k]} ({KINDS.names[k]}): cả bộ bài chỉ có {COPIES}",
            )
    return counts


def parse_counts(text: str) -> Counts:
    return check_copies(parse_cards(text))


def fmt(kinds: Sequence[int]) -> str:
    return KINDS.format(kinds)


def code(kind: int) -> str:
    return KINDS.codes[kind]


def card_name(kind: int) -> str:
    return KINDS.names[kind]
