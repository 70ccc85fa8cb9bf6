"""Mạt chược actions (typed values) and the ACTION_SPACE with stable integer ids.

Tile fields are kinds (see cards.py). Claims name the two HAND tiles they use (``a <= b``; a
khung allowed within its range); the claimed tile itself is implied.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from chieu.core.actions import Action, ActionSpace
from chieu.games.matchuoc.cards import (
    FLOWER0,
    KHUNG0,
    KHUNG_RANGE,
    NUM_BASIC,
    NUM_KINDS,
    code,
)


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Đánh: discard a tile from the hand."""

    verb: ClassVar[str] = "discard"
    tile: int

    def __str__(self) -> str:
        return f"đánh {code(self.tile)}"


@dataclass(frozen=True, slots=True)
class SetDown(Action):
    """Dựng: set a flower or a khung down and draw a replacement from the đầu coong."""

    verb: ClassVar[str] = "set_down"
    tile: int

    def __str__(self) -> str:
        return f"dựng {code(self.tile)}"


@dataclass(frozen=True, slots=True)
class SetDownTongHop(Action):
    """Dựng Tổng and Hợp together in one action (9 phán at the opening, 6 later)."""

    verb: ClassVar[str] = "set_down_tong_hop"

    def __str__(self) -> str:
        return "dựng Tổng + Hợp"


@dataclass(frozen=True, slots=True)
class EndOpening(Action):
    """Finish one's opening turn of setting down flowers and khung."""

    verb: ClassVar[str] = "end_opening"

    def __str__(self) -> str:
        return "xong dựng"


@dataclass(frozen=True, slots=True)
class ConcealedKong(Action):
    """Coong kín: set down four real tiles of a kind; replacement from the đầu coong."""

    verb: ClassVar[str] = "concealed_kong"
    tile: int

    def __str__(self) -> str:
        return f"coong kín {code(self.tile)}"


@dataclass(frozen=True, slots=True)
class AddKong(Action):
    """Add the fourth real tile to one's exposed phỗng; replacement from the đầu coong."""

    verb: ClassVar[str] = "add_kong"
    tile: int

    def __str__(self) -> str:
        return f"thêm coong {code(self.tile)}"


@dataclass(frozen=True, slots=True)
class Win(Action):
    """Ù: on one's own draw (tự ù) or on the tile just discarded."""

    verb: ClassVar[str] = "win"

    def __str__(self) -> str:
        return "ù"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Let the discarded tile go."""

    verb: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "bỏ qua"


@dataclass(frozen=True, slots=True)
class Kong(Action):
    """Coong (open): three real tiles of the discarded kind; replacement from the đầu coong."""

    verb: ClassVar[str] = "kong"

    def __str__(self) -> str:
        return "coong"


@dataclass(frozen=True, slots=True)
class Pung(Action):
    """Phỗng: a triplet of ``kind`` from the discard and hand tiles ``a``, ``b``."""

    verb: ClassVar[str] = "pung"
    kind: int
    a: int
    b: int

    def __str__(self) -> str:
        return f"phỗng {code(self.kind)} ({code(self.a)} {code(self.b)})"


@dataclass(frozen=True, slots=True)
class Chow(Action):
    """Ăn (phình): the run starting at ``start`` from the discard and hand tiles ``a``, ``b``."""

    verb: ClassVar[str] = "chow"
    start: int
    a: int
    b: int

    def __str__(self) -> str:
        s = self.start
        return f"ăn {code(s)}{code(s + 1)[0]}{code(s + 2)[0]} ({code(self.a)} {code(self.b)})"


def hand_options(kind: int) -> list[int]:
    """The hand tiles that may fill a slot of ``kind``: the tile itself or a khung."""
    return [kind] + [k for k in range(KHUNG0, NUM_KINDS) if kind in KHUNG_RANGE[k]]


def _pairs(opts: list[int]) -> list[tuple[int, int]]:
    return [(a, b) for i, a in enumerate(opts) for b in opts[i:]]


def _chow_pairs(start: int) -> list[tuple[int, int]]:
    opts = sorted({t for s in range(3) for t in hand_options(start + s)})
    return _pairs(opts)


def _build() -> ActionSpace:
    acts: list[Action] = [Win(), Pass(), Kong(), EndOpening(), SetDownTongHop()]
    acts += [Discard(k) for k in range(NUM_KINDS)]
    acts += [SetDown(k) for k in range(FLOWER0, NUM_KINDS)]
    acts += [ConcealedKong(k) for k in range(NUM_BASIC)]
    acts += [AddKong(k) for k in range(NUM_BASIC)]
    for k in range(NUM_BASIC):
        acts += [Pung(k, a, b) for a, b in _pairs(hand_options(k))]
    for suit in range(3):
        for r in range(7):
            s = 9 * suit + r
            acts += [Chow(s, a, b) for a, b in _chow_pairs(s)]
    return ActionSpace(acts)


ACTION_SPACE = _build()
WIN = Win()
PASS = Pass()
KONG = Kong()
END_OPENING = EndOpening()
TONG_HOP = SetDownTongHop()
