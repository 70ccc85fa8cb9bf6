"""Chắn actions (typed values) and the ACTION_SPACE with stable integer ids.

Card fields are kinds (0..24, see cards.py). ``Eat.card`` is the HAND card laid with the live
card; the live card itself is implied.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from chieu.core.actions import Action, ActionSpace, InternedAction
from chieu.games.chan.cards import CC, KINDS, NUM_KINDS


class ChanAction(InternedAction):
    """The base of the Chắn actions: interned values, one instance per value
    (``Discard(3) is DISCARD[3]``, also after a copy or a pickle round trip), so equality is
    identity and hashing runs at C speed: the hot path compares actions on every step."""

    __slots__ = ()


#: Cước ids a player may announce in declared xướng (stable order: it fixes action ids).
ANNOUNCE_IDS: tuple[str, ...] = (
    "thong",
    "chi",
    "thien_u",
    "dia_u",
    "chiu_u",
    "u_bon",
    "bach_thu",
    "bach_thu_chi",
    "thap_thanh",
    "bach_dinh",
    "tam_do",
    "kinh_tu_chi",
    "leo",
    "tom",
    "co_thien_khai",
    "co_chiu",
    "co_an_bon",
    "pha_thien",
    "hoa_roi_cua_phat",
    "nha_lau_xe_hoi_hoa_roi_cua_phat",
    "ca_loi_san_dinh",
    "ngu_ong_bat_ca",
    "ca_nhay_dau_thuyen",
    "dong_tu_hai_hoa",
    "chua_do_nat_hoa",
)


@dataclass(frozen=True, slots=True, eq=False)
class Discard(ChanAction):
    """Đánh: put a hand card into one's own door."""

    verb: ClassVar[str] = "discard"
    card: int

    def __str__(self) -> str:
        return f"đánh {KINDS.codes[self.card]}"


@dataclass(frozen=True, slots=True, eq=False)
class Eat(ChanAction):
    """Ăn: lay the live card on the mat with the hand card ``card`` (a chắn or a cạ)."""

    verb: ClassVar[str] = "eat"
    card: int

    def __str__(self) -> str:
        return f"ăn với {KINDS.codes[self.card]}"


@dataclass(frozen=True, slots=True, eq=False)
class Draw(ChanAction):
    """Bốc: decline the cửa-trên card and turn over the top card of the nọc."""

    verb: ClassVar[str] = "draw"

    def __str__(self) -> str:
        return "bốc"


@dataclass(frozen=True, slots=True, eq=False)
class Pass(ChanAction):
    """Dưới: leave one's drawn card to the next seat."""

    verb: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "dưới"


@dataclass(frozen=True, slots=True, eq=False)
class Chiu(ChanAction):
    """Chíu: take the live card with three identical cards from the hand."""

    verb: ClassVar[str] = "chiu"

    def __str__(self) -> str:
        return "chíu"


@dataclass(frozen=True, slots=True, eq=False)
class ReturnToDoor(ChanAction):
    """Trả cửa: after a chíu, put a card into the door the chíu'd card came from."""

    verb: ClassVar[str] = "return"
    card: int

    def __str__(self) -> str:
        return f"trả cửa {KINDS.codes[self.card]}"


@dataclass(frozen=True, slots=True, eq=False)
class DeclareWin(ChanAction):
    """Ù."""

    verb: ClassVar[str] = "win"

    def __str__(self) -> str:
        return "ù"


@dataclass(frozen=True, slots=True, eq=False)
class Decline(ChanAction):
    """Let a card one could claim (ù or chíu) go by."""

    verb: ClassVar[str] = "decline"

    def __str__(self) -> str:
        return "bỏ qua"


@dataclass(frozen=True, slots=True, eq=False)
class Announce(ChanAction):
    """Xướng one cước (repeat for a count > 1)."""

    verb: ClassVar[str] = "announce"
    cuoc: str

    def __str__(self) -> str:
        return f"xướng {self.cuoc}"


@dataclass(frozen=True, slots=True, eq=False)
class AnnounceDone(ChanAction):
    """End the xướng."""

    verb: ClassVar[str] = "announce_done"

    def __str__(self) -> str:
        return "xướng xong"


DISCARD = tuple(Discard(k) for k in range(NUM_KINDS))
EAT = tuple(Eat(k) for k in range(NUM_KINDS))
RETURN = tuple(ReturnToDoor(k) for k in range(NUM_KINDS))
#: by live card: (hand card, its eat) for every card of the live card's rank (chi chi: only
#: itself), in kind order
EATS_OF = tuple(
    tuple((k, EAT[k]) for k in ((c,) if c == CC else range(c - c % 3, c - c % 3 + 3)))
    for c in range(NUM_KINDS)
)
DRAW = Draw()
PASS = Pass()
CHIU = Chiu()
WIN = DeclareWin()
DECLINE = Decline()
ANNOUNCE = {cid: Announce(cid) for cid in ANNOUNCE_IDS}
ANNOUNCE_DONE = AnnounceDone()

ACTION_SPACE = ActionSpace(
    [*DISCARD, *EAT, DRAW, PASS, CHIU, *RETURN, WIN, DECLINE, *ANNOUNCE.values(), ANNOUNCE_DONE]
)
_JSON = {id(a): (a, a.to_json()) for a in ACTION_SPACE}


def json_of(action: Action) -> dict[str, object]:
    """The action's JSON form (``ACTION_SPACE.json_of``, looked up by identity first: a
    shared dict, not to be changed)."""
    hit = _JSON.get(id(action))
    return hit[1] if hit is not None and hit[0] is action else ACTION_SPACE.json_of(action)
