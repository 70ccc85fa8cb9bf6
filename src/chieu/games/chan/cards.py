"""The Chắn deck: 100 cards, 25 kinds × 4 (nhị–cửu in Vạn, Sách, Văn, and Chi chi).

Kind ids: ``(rank - 2) * 3 + suit`` with suits V=0, S=1, W=2 (2V=0, 2S=1, 2W=2, 3V=3 ... 9W=23)
and ``CC = 24``. Red: 8V 8S 9V 9S CC [seed 000].
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
NUM_KINDS = 25
CC = 24
COPIES = 4


def kind_of(rank: int, suit: int) -> int:
    return (rank - 2) * 3 + suit


def rank_of(kind: int) -> int:
    """2..9, and 1 for Chi chi (its value when counting for bắt cái)."""
    return 1 if kind == CC else kind // 3 + 2


def suit_of(kind: int) -> int:
    """0, 1, 2 for V, S, W; -1 for Chi chi."""
    return -1 if kind == CC else kind % 3


def _build() -> KindTable:
    codes: list[str] = []
    names: list[str] = []
    for rank in range(2, 10):
        for s, suit in enumerate(SUITS):
            codes.append(f"{rank}{suit}")
            names.append(f"{RANK_NAMES[rank].capitalize()} {SUIT_NAMES[s]}")
    codes.append("CC")
    names.append("Chi chi")
    red = frozenset({kind_of(8, 0), kind_of(8, 1), kind_of(9, 0), kind_of(9, 1), CC})
    return KindTable(tuple(codes), tuple(names), (COPIES,) * NUM_KINDS, red)


KINDS = _build()
RED = KINDS.red


# -- parsing --------------------------------------------------------------------------------

_RANK_WORDS: dict[str, int] = {}
for _r, _w in RANK_NAMES.items():
    _RANK_WORDS[_w] = _r
_RANK_WORDS_PLAIN = {"nhi": 2, "tam": 3, "tu": 4, "ngu": 5, "luc": 6, "that": 7, "bat": 8, "cuu": 9}
_SUIT_WORDS = {"vạn": 0, "sách": 1, "sach": 1, "văn": 2}
_AMBIGUOUS = {"van": "'van' is ambiguous: write 'vạn' (V) or 'văn' (W), or a code like 2V / 2W"}
_TOKEN = re.compile(r"\||[^\s,;|]+")


def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def parse_cards(
    text: str,
    table: KindTable = KINDS,
    *,
    extra_words: dict[str, int] | None = None,
    rank_words: dict[str, int] | None = None,
) -> list[int]:
    """Parse card notation into kinds, in the order written.

    Accepts codes (``2V 8s cc``, case-insensitive) and Vietnamese names with diacritics
    (``nhị vạn``, ``bát sách``, ``chi chi``). Raises NotationError naming the bad token.
    """
    words = [(m.group(0), m.start()) for m in _TOKEN.finditer(_nfc(text))]
    ranks = {**_RANK_WORDS, **_RANK_WORDS_PLAIN, **(rank_words or {})}
    singles = {"chi": CC} if extra_words is None else extra_words
    out: list[int] = []
    i = 0
    while i < len(words):
        raw, pos = words[i]
        tok = raw.lower()
        if tok == "|":
            i += 1
            continue
        kind = table.kind(tok)
        if kind is not None:
            out.append(kind)
            i += 1
            continue
        chunks = [tok[j : j + 2] for j in range(0, len(tok), 2)]
        if len(tok) % 2 == 0 and all(table.kind(ch) is not None for ch in chunks):
            out.extend(table.kind(ch) or 0 for ch in chunks)  # compact form "2V2V"
            i += 1
            continue
        if tok in singles:
            # "chi chi" (two words) or a lone "chi"
            out.append(singles[tok])
            i += 2 if i + 1 < len(words) and words[i + 1][0].lower() == tok else 1
            continue
        if tok in ranks:
            if i + 1 >= len(words):
                raise NotationError(
                    f"card name {raw!r} at position {pos} lacks its suit (vạn, sách or văn)",
                    token=raw,
                    position=pos,
                )
            suit_raw, suit_pos = words[i + 1]
            suit_tok = suit_raw.lower()
            if suit_tok in _AMBIGUOUS:
                raise NotationError(
                    f"{_AMBIGUOUS[suit_tok]} (position {suit_pos})",
                    token=suit_raw,
                    position=suit_pos,
                )
            if suit_tok not in _SUIT_WORDS:
                raise NotationError(
                    f"unknown suit {suit_raw!r} after {raw!r} at position "
                    f"{suit_pos}; expected vạn, sách or văn",
                    token=suit_raw,
                    position=suit_pos,
                )
            code = f"{ranks[tok]}{SUITS[_SUIT_WORDS[suit_tok]]}"
            k = table.kind(code)
            if k is None:
                raise NotationError(
                    f"there is no {raw} {suit_raw} ({code}) in this deck (position {pos})",
                    token=f"{raw} {suit_raw}",
                    position=pos,
                )
            out.append(k)
            i += 2
            continue
        if tok in _AMBIGUOUS:
            raise NotationError(f"{_AMBIGUOUS[tok]} (position {pos})", token=raw, position=pos)
        raise NotationError(
            f"unknown card {raw!r} at position {pos}; use codes like 2V 8S 9W CC "
            f"(rank 2-9 + V/S/W) or names like 'nhị vạn'",
            token=raw,
            position=pos,
        )
    return out


def check_copies(kinds: Sequence[int], table: KindTable = KINDS) -> Counts:
    """Count vector of ``kinds``; NotationError if any kind exceeds the deck's copies."""
    counts = table.counts(kinds)
    for k, n in enumerate(counts):
        if n > table.copies[k]:
            raise NotationError(
                f"{n} copies of {table.codes[k]} ({table.names[k]}): the deck has only "
                f"{table.copies[k]}",
                token=table.codes[k],
                vi=f"{n} quân {table.codes[k]} ({table.names[k]}): cả bộ bài chỉ có "
                f"{table.copies[k]}",
            )
    return counts


def parse_counts(text: str) -> Counts:
    return check_copies(parse_cards(text))


def fmt(kinds: Sequence[int]) -> str:
    return KINDS.format(kinds)


def fmt_counts(counts: Sequence[int]) -> str:
    return KINDS.format_counts(counts)


def card_name(kind: int) -> str:
    return KINDS.names[kind]
