"""The Tổ tôm phu catalogue: what a phu is, every phu shape, and their names.

A *phu* (B4.1) is a run (phu dọc), a phu bí (one rank, all three suits, at most one duplicate),
a named lưng (B4.2), an identical triple (a dealt khàn, or a phỗng triple when it takes the
winning card), four identical cards (thiên khai / dậy khàn) or a lone yêu. Which phu count as
lưng depends on the reading (``Rules.lung_reading``, B4.3).

``ALL_PHU`` holds every shape of three cards or more except the identical groups (``KHAN``,
``PHONG``, ``QUAD``, one per kind) and the lone yêu (``LONE``); an action names a phu by its
index in ``ALL_PHU``. ``_BY_LOW`` files the shapes by their lowest kind for the searches
(``packed``, ``partition``, ``analysis``) and the lookups (``shapes``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NotRequired, TypedDict

from chieu.games.totom.cards import CC, KINDS, NUM_KINDS, OL, TT, YEU, kind_of
from chieu.games.totom.rules import Rules

V, S, W = 0, 1, 2


class PhuJson(TypedDict):
    """A phu as JSON: its cards (codes), its type and its lưng's name (when it is one)."""

    cards: list[str]
    type: str
    name: NotRequired[str]


@dataclass(frozen=True, slots=True)
class Phu:
    """One phu: its cards (sorted kinds) and its type.

    ``type`` is ``doc`` (run), ``bi``, ``named`` (a named lưng: ``name`` says which),
    ``khan`` (three identical dealt), ``phong`` (three identical, the third taken by phỗng),
    ``thien_khai`` (four identical: dealt, or a khàn raised by its 4th card) or ``yeu``.
    """

    cards: tuple[int, ...]
    type: str
    name: str = ""

    def is_lung(self, rules: Rules) -> bool:
        t = self.type
        if t in ("named", "khan", "thien_khai"):
            return True
        if t == "bi":
            return rules.bi_is_lung
        if t == "yeu":
            return rules.yeu_is_lung
        return False

    @property
    def points(self) -> int:
        """Partition-dependent cước points: có tôm +1, có lèo +2 (B5.1)."""
        return 1 if self.name == "tom" else 2 if self.name == "leo" else 0

    def codes(self) -> list[str]:
        return [KINDS.codes[k] for k in self.cards]

    def label(self) -> str:
        return " ".join(self.codes())

    def to_json(self) -> PhuJson:
        out: PhuJson = {"cards": self.codes(), "type": self.type}
        if self.name:
            out["name"] = self.name
        return out


NAMED_NAMES = {
    "tom": "tôm",
    "leo": "lèo",
    "nhat_nhi_tam": "nhất nhị tam văn",
    "cuu_van_nhat": "cửu văn nhất vạn nhất sách",
    "bat_van_nhi": "bát văn nhị vạn nhị sách",
    "cuu_cuu_thang": "cửu vạn cửu sách thang thang",
    "cuu_thang_lao": "cửu sách thang thang ông lão",
}
PHU_TYPE_NAMES = {
    "doc": "phu dọc",
    "bi": "phu bí",
    "named": "lưng",
    "khan": "khàn",
    "phong": "phỗng",
    "thien_khai": "thiên khai",
    "yeu": "yêu",
}


def _k(rank: int, suit: int) -> int:
    return kind_of(rank, suit)


def _named() -> list[Phu]:
    out = [
        Phu(tuple(sorted((_k(9, W), _k(1, V), _k(1, S)))), "named", "cuu_van_nhat"),
        Phu(tuple(sorted((_k(8, W), _k(2, V), _k(2, S)))), "named", "bat_van_nhi"),
        Phu(tuple(sorted((_k(7, W), _k(3, V), _k(3, S)))), "named", "tom"),
        Phu((_k(1, W), _k(2, W), _k(3, W)), "named", "nhat_nhi_tam"),
        Phu(tuple(sorted((_k(9, V), _k(8, S), CC))), "named", "leo"),
        Phu(tuple(sorted((_k(9, V), _k(9, S), TT))), "named", "cuu_cuu_thang"),
        Phu(tuple(sorted((_k(9, S), TT, OL))), "named", "cuu_thang_lao"),
    ]
    return out


NAMED: tuple[Phu, ...] = tuple(_named())
TOM = NAMED[2]
LEO = NAMED[4]


def _all_phu() -> list[Phu]:
    """Every phu shape except identical groups and lone yêu (those are built on the fly)."""
    out: list[Phu] = list(NAMED)
    for s in (V, S, W):
        for length in range(3, 10):
            for r in range(1, 11 - length):
                cards = tuple(_k(r + i, s) for i in range(length))
                if cards == NAMED[3].cards:
                    continue  # 1W2W3W is the named lưng
                out.append(Phu(cards, "doc"))
    for r in range(1, 10):
        base = (_k(r, V), _k(r, S), _k(r, W))
        out.append(Phu(base, "bi"))
        for dup in base:
            out.append(Phu(tuple(sorted((*base, dup))), "bi"))
    return out


ALL_PHU: tuple[Phu, ...] = tuple(_all_phu())
KHAN = tuple(Phu((k, k, k), "khan") for k in range(NUM_KINDS))
PHONG = tuple(Phu((k, k, k), "phong") for k in range(NUM_KINDS))
QUAD = tuple(Phu((k, k, k, k), "thien_khai") for k in range(NUM_KINDS))
LONE = {y: Phu((y,), "yeu") for y in YEU}


def _needs(cards: Sequence[int]) -> tuple[tuple[int, int], ...]:
    c: dict[int, int] = {}
    for k in cards:
        c[k] = c.get(k, 0) + 1
    return tuple(sorted(c.items()))


# per lowest kind: (phu, needs)
_BY_LOW: list[list[tuple[Phu, tuple[tuple[int, int], ...]]]] = [[] for _ in range(NUM_KINDS)]
for _p in ALL_PHU:
    _BY_LOW[min(_p.cards)].append((_p, _needs(_p.cards)))


__all__ = [
    "ALL_PHU",
    "KHAN",
    "LEO",
    "LONE",
    "NAMED",
    "NAMED_NAMES",
    "PHONG",
    "PHU_TYPE_NAMES",
    "QUAD",
    "TOM",
    "Phu",
]
