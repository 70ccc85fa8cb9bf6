"""Tổ tôm actions (typed values) and the ACTION_SPACE with stable integer ids.

Card fields are kinds (0..29, see cards.py). ``Eat.phu`` and ``Extend.phu`` index
``phu.ALL_PHU``: the whole phu formed with the live card (the live card is implied).

Actions are *interned*: one instance per value (``Discard(3) is DISCARD[3]``, also after a
copy or a pickle round trip), so equality is identity and hashing runs at C speed; the hot path
hashes and compares actions on every answer of every claim window.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from chieu.core.actions import ActionSpace, InternedAction
from chieu.games.totom.cards import KINDS, NUM_KINDS
from chieu.games.totom.patterns import CALLABLE
from chieu.games.totom.phu import ALL_PHU


class TotomAction(InternedAction):
    """The base of the Tổ tôm actions: interned values (see the module docstring)."""

    __slots__ = ()


@dataclass(frozen=True, slots=True, eq=False)
class Discard(TotomAction):
    """Đánh: give a held card to the right neighbour (or back into a door: trả cửa)."""

    verb: ClassVar[str] = "discard"
    card: int

    def __str__(self) -> str:
        return f"đánh {KINDS.codes[self.card]}"


@dataclass(frozen=True, slots=True, eq=False)
class Eat(TotomAction):
    """Ăn: lay the phu ``ALL_PHU[phu]`` formed by the live card and held cards."""

    verb: ClassVar[str] = "eat"
    phu: int

    def __str__(self) -> str:
        return f"ăn {ALL_PHU[self.phu].label()}"


@dataclass(frozen=True, slots=True, eq=False)
class Extend(TotomAction):
    """Ăn: add the live card to a phu already on one's own mat, making ``ALL_PHU[phu]``."""

    verb: ClassVar[str] = "extend"
    phu: int

    def __str__(self) -> str:
        return f"ăn thêm vào phu {ALL_PHU[self.phu].label()}"


@dataclass(frozen=True, slots=True, eq=False)
class LayCopies(TotomAction):
    """Hạ quân trùng: right after an ăn, lay the held cards identical to the card eaten on the
    phu just laid (stacked at its end; not doing so is treo tranh trái vỉ, B2.4)."""

    verb: ClassVar[str] = "lay_copies"

    def __str__(self) -> str:
        return "hạ quân trùng"


@dataclass(frozen=True, slots=True, eq=False)
class Draw(TotomAction):
    """Xin 1 quân: decline the live card and turn up a nọc card for oneself."""

    verb: ClassVar[str] = "draw"

    def __str__(self) -> str:
        return "xin 1 quân"


@dataclass(frozen=True, slots=True, eq=False)
class Pass(TotomAction):
    """Mất lượt: leave one's own nọc card (it stays live for the right neighbour)."""

    verb: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "bỏ lượt"


@dataclass(frozen=True, slots=True, eq=False)
class Phong(TotomAction):
    """Phỗng: take the live card with two identical held cards."""

    verb: ClassVar[str] = "phong"

    def __str__(self) -> str:
        return "phỗng"


@dataclass(frozen=True, slots=True, eq=False)
class DayKhan(TotomAction):
    """Dậy khàn: the live card is the 4th of one's khàn (face down or bất thực)."""

    verb: ClassVar[str] = "day_khan"

    def __str__(self) -> str:
        return "dậy khàn"


@dataclass(frozen=True, slots=True, eq=False)
class DeclareWin(TotomAction):
    """Ù."""

    verb: ClassVar[str] = "win"

    def __str__(self) -> str:
        return "ù"


@dataclass(frozen=True, slots=True, eq=False)
class Decline(TotomAction):
    """Let a card one could claim go by."""

    verb: ClassVar[str] = "decline"

    def __str__(self) -> str:
        return "bỏ qua"


@dataclass(frozen=True, slots=True, eq=False)
class BatThuc(TotomAction):
    """Khàn bất thực: keep a dealt khàn in hand (with the cup as a marker)."""

    verb: ClassVar[str] = "bat_thuc"
    card: int

    def __str__(self) -> str:
        return f"khàn bất thực {KINDS.codes[self.card]}"


@dataclass(frozen=True, slots=True, eq=False)
class ArrangeDone(TotomAction):
    """Done arranging the hand (khàn face down, bất thực declared)."""

    verb: ClassVar[str] = "arrange_done"

    def __str__(self) -> str:
        return "xếp bài xong"


@dataclass(frozen=True, slots=True, eq=False)
class Call(TotomAction):
    """Hô one cước (repeat for a count > 1)."""

    verb: ClassVar[str] = "call"
    cuoc: str

    def __str__(self) -> str:
        return f"hô {self.cuoc}"


@dataclass(frozen=True, slots=True, eq=False)
class CallDone(TotomAction):
    """End the calls."""

    verb: ClassVar[str] = "call_done"

    def __str__(self) -> str:
        return "hô xong"


DISCARD = tuple(Discard(k) for k in range(NUM_KINDS))
EAT = tuple(Eat(i) for i in range(len(ALL_PHU)))
EXTEND = tuple(Extend(i) for i in range(len(ALL_PHU)))
BAT_THUC = tuple(BatThuc(k) for k in range(NUM_KINDS))
DRAW = Draw()
PASS = Pass()
PHONG = Phong()
DAY_KHAN = DayKhan()
WIN = DeclareWin()
DECLINE = Decline()
ARRANGE_DONE = ArrangeDone()
CALL = {cid: Call(cid) for cid in CALLABLE}
CALL_DONE = CallDone()
LAY = LayCopies()

ACTION_SPACE = ActionSpace(
    [
        *DISCARD,
        *EAT,
        *EXTEND,
        DRAW,
        PASS,
        PHONG,
        DAY_KHAN,
        WIN,
        DECLINE,
        *BAT_THUC,
        ARRANGE_DONE,
        *CALL.values(),
        CALL_DONE,
        LAY,  # added last: the ids above stay as they were
    ]
)
