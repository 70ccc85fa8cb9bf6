"""Chắn faults (*lỗi*, shared/rules A6): one small class each, with its penalty.

Each rule is a ``core.referee.FaultRule``: a pure predicate over a small ``FaultContext`` (the
rules, every seat's hand and history, the live card, the door a trả cửa goes to, the win
verdict), asked BEFORE the action is applied. Discards and eats are judged through sets of
cards (``blocked_discards``, ``blocked_eats``). The referee that asks them for every action,
and writes the history they read (``SeatHistory``), is ``faults.py``.

Penalty classes (A6): ``nghi_an_tien`` (NAT: collects nothing if he wins), ``bao`` (reported:
sits out, đền làng if someone wins), ``tam_do_hai_leo`` (pays 12 to each other player),
``xuong_sai`` (handled at xướng, see scoring.check_declaration).
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Protocol

from chieu.core.actions import Action
from chieu.core.referee import FaultRule
from chieu.games.chan.actions import Discard, Eat
from chieu.games.chan.analysis import waits
from chieu.games.chan.cards import CC, KINDS, NUM_KINDS, rank_of
from chieu.games.chan.rules import Rules

if TYPE_CHECKING:
    from chieu.games.chan.worlds import Seat

EMPTY: frozenset[int] = frozenset()
NAT = "nghi_an_tien"
BAO = "bao"
PAY12 = "tam_do_hai_leo"
XUONG_SAI = "xuong_sai"


class FaultContext(Protocol):
    """What the fault rules read (``ChanState`` is one)."""

    @property
    def rules(self) -> Rules: ...

    @property
    def seats(self) -> Sequence[Seat]: ...

    @property
    def live_card(self) -> int:
        """The live card's kind, -1 when none."""
        ...

    @property
    def return_door(self) -> int | None:
        """The door a trả cửa must go to, None outside the return phase."""
        ...

    def win_verdict(self, seat: int) -> str | None:
        """None when ``seat`` may legally ù now; otherwise why not."""
        ...


def _c(kind: int) -> str:
    return f"{KINDS.codes[kind]} ({KINDS.names[kind]})"


@dataclass
class SeatHistory:
    """What the fault predicates need to remember about one seat (shared/rules C2)."""

    declined_chan: set[int] = field(default_factory=set)  # live cards he could eat as chắn
    declined_ca_ranks: set[int] = field(default_factory=set)  # ranks he could eat a cạ on
    discarded: list[int] = field(default_factory=list)
    discarded_set: set[int] = field(default_factory=set)
    discarded_ranks: set[int] = field(default_factory=set)  # rank index (kind // 3), not CC
    discarded_ca: bool = False  # two discards form a cạ
    eaten_chan: set[int] = field(default_factory=set)
    ate_ca: bool = False
    split_chan: set[int] = field(default_factory=set)  # the card left after tách chắn ăn cạ
    split_ca: set[int] = field(default_factory=set)  # the card left after tách cạ ăn cạ
    torn_ca: set[int] = field(default_factory=set)  # the card left after xé cạ (discard)
    # wins he let go: (kind, exposure number of the physical card, nọc draws made by then)
    missed: set[tuple[int, int, int]] = field(default_factory=set)
    waits_before_eat: tuple[int, ...] | None = None  # set when he eats a cạ while waiting
    actions: int = 0

    def note_discard(self, card: int) -> None:
        self.discarded.append(card)
        if card != CC:
            r = card // 3
            if r in self.discarded_ranks and card not in self.discarded_set:
                self.discarded_ca = True
            self.discarded_ranks.add(r)
        self.discarded_set.add(card)

    def copy(self) -> SeatHistory:
        return SeatHistory(
            set(self.declined_chan),
            set(self.declined_ca_ranks),
            list(self.discarded),
            set(self.discarded_set),
            set(self.discarded_ranks),
            self.discarded_ca,
            set(self.eaten_chan),
            self.ate_ca,
            set(self.split_chan),
            set(self.split_ca),
            set(self.torn_ca),
            set(self.missed),
            self.waits_before_eat,
            self.actions,
        )


def _rank_of_kinds(card: int) -> frozenset[int]:
    if card == CC:
        return frozenset((CC,))
    base = card - card % 3
    return frozenset((base, base + 1, base + 2))


_RANK_KINDS = tuple(_rank_of_kinds(k) for k in range(NUM_KINDS))
_CA_KINDS = tuple(_RANK_KINDS[k] - {k} for k in range(NUM_KINDS))


def _rank_kinds(card: int) -> frozenset[int]:
    """The kinds a live card can be eaten with: its own rank (Chi chi only with Chi chi)."""
    return _RANK_KINDS[card]


def _ca_kinds(card: int) -> frozenset[int]:
    """The hand cards that eat ``card`` as a cạ."""
    return _CA_KINDS[card]


class ChanFault(FaultRule[FaultContext, Action]):
    """Base of every Chắn fault. ``verbs``: the actions it can apply to.

    Discards and eats are judged through sets (``blocked_discards``, ``blocked_eats``: the
    cards whose discard, or whose eat of the live card, commits the fault), so that strict mode
    filters every candidate at once and ``check`` is derived from the same sets."""

    verbs: ClassVar[frozenset[str]] = frozenset()
    number: ClassVar[str] = ""
    #: what the referee tells the table: the fault in general words, naming no card (the
    #: offender alone reads the explanation that names them, the table at the end)
    table: ClassVar[str] = ""
    #: True when the blocked discards depend on the moment (the door to return to, the hand),
    #: not only on the seat's history: the state does not cache them.
    momentary: ClassVar[bool] = False

    def check(self, ctx: FaultContext, seat: int, action: Action) -> str | None:
        if isinstance(action, Discard):
            if "discard" in self.verbs and action.card in self.blocked_discards(ctx, seat):
                return self.discard_message(ctx, seat, action.card)
            return None
        if isinstance(action, Eat):
            if "eat" in self.verbs and action.card in self.blocked_eats(ctx, seat):
                return self.eat_message(ctx, seat, action.card)
            return None
        return self.check_other(ctx, seat, action)

    def blocked_discards(self, ctx: FaultContext, seat: int) -> AbstractSet[int]:
        """The discards (kinds) that would commit this fault."""
        return EMPTY

    def discard_message(self, ctx: FaultContext, seat: int, card: int) -> str:
        return f"đánh {_c(card)}"

    def blocked_eats(self, ctx: FaultContext, seat: int) -> AbstractSet[int]:
        """The hand cards whose eat of the live card would commit this fault."""
        return EMPTY

    def eat_message(self, ctx: FaultContext, seat: int, hcard: int) -> str:
        return f"ăn với {_c(hcard)}"

    def check_other(self, ctx: FaultContext, seat: int, action: Action) -> str | None:
        """Check an action other than a discard or an eat (ù)."""
        return None


# -- nghỉ ăn tiền (T1–T5) -------------------------------------------------------------------


class TreoTranhTraCua(ChanFault):
    id, name, penalty, number = "treo_tranh", "Treo tranh (trả cửa sai)", NAT, "T1"
    table = "chíu xong không trả cửa mà đánh vào cửa mình"
    source = "seed 001 §3.1"
    verbs = frozenset({"discard"})
    momentary = True

    def blocked_discards(self, ctx: FaultContext, seat: int) -> AbstractSet[int]:
        if ctx.return_door is not None and ctx.return_door != seat:
            return set(range(NUM_KINDS))
        return EMPTY

    def discard_message(self, ctx: FaultContext, seat: int, card: int) -> str:
        door = ctx.return_door + 1 if ctx.return_door is not None else "?"
        return f"chíu xong phải trả cửa vào cửa Người {door}, không đánh vào cửa mình"


class TreoTranhHaBai(ChanFault):
    id, name, penalty, number = "treo_tranh_ha_bai", "Treo tranh (không hạ đủ 4 quân)", NAT, "T2"
    table = "chíu không hạ đủ bốn quân"
    source = "seed 001 §3.1"
    detectable = False  # the engine always lays all four chíu cards on the mat


class TraiVi(ChanFault):
    id, name, penalty, number = "trai_vi", "Trái vỉ", NAT, "T3"
    table = "đặt quân sai vỉ"
    source = "seed 001 §3.2"
    detectable = False  # physical stacking order; the engine always puts the hand card on top


class AnTreoTranh(ChanFault):
    id, name, penalty, number = "an_treo_tranh", "Ăn treo tranh", NAT, "T4"
    table = "ăn cạ trong khi trên tay có quân giống hệt để ăn chắn"
    source = "shared/rules A6 (SD code 0)"
    verbs = frozenset({"eat"})

    def blocked_eats(self, ctx: FaultContext, seat: int) -> AbstractSet[int]:
        card = ctx.live_card
        return _ca_kinds(card) if ctx.seats[seat].hand[card] >= 1 else EMPTY

    def eat_message(self, ctx: FaultContext, seat: int, hcard: int) -> str:
        card = ctx.live_card
        return f"ăn cạ {_c(card)} trong khi trên tay có quân giống hệt để ăn chắn"


class ChiuMaAnThuong(ChanFault):
    id, name, penalty, number = "chiu_ma_an_thuong", "Chíu được nhưng lại ăn thường", NAT, "T5"
    table = "có ba quân để chíu mà lại ăn chắn thường"
    source = "shared/rules A3.3 (SD code 1)"
    verbs = frozenset({"eat"})

    def blocked_eats(self, ctx: FaultContext, seat: int) -> AbstractSet[int]:
        card = ctx.live_card
        return {card} if ctx.seats[seat].hand[card] >= 3 else EMPTY

    def eat_message(self, ctx: FaultContext, seat: int, hcard: int) -> str:
        return f"có ba quân {_c(hcard)} để chíu mà lại ăn chắn thường"


# -- báo, đền làng (1–9) --------------------------------------------------------------------


class BoAnChan(ChanFault):
    id, name, penalty, number = "bo_an_chan", "Bỏ ăn chắn", BAO, "1"
    table = "đã bỏ không ăn chắn một quân, nay lại ăn hoặc đánh quân đó"
    source = "seed 001 §3.3.1"
    verbs = frozenset({"eat", "discard"})

    def blocked_eats(self, ctx: FaultContext, seat: int) -> AbstractSet[int]:
        card = ctx.live_card
        return _rank_kinds(card) if card in ctx.seats[seat].hist.declined_chan else EMPTY

    def eat_message(self, ctx: FaultContext, seat: int, hcard: int) -> str:
        return f"đã bỏ không ăn chắn {_c(ctx.live_card)}, nay lại ăn quân đó"

    def blocked_discards(self, ctx: FaultContext, seat: int) -> AbstractSet[int]:
        return ctx.seats[seat].hist.declined_chan

    def discard_message(self, ctx: FaultContext, seat: int, card: int) -> str:
        return f"đã bỏ không ăn chắn {_c(card)}, nay lại đánh quân đó đi"


class AnChonCa(ChanFault):
    id, name, penalty, number = "an_chon_ca", "Ăn chọn cạ", BAO, "2"
    table = "đã bỏ không ăn cạ một hàng, nay lại ăn cạ hàng đó"
    source = "seed 001 §3.3.2"
    verbs = frozenset({"eat"})

    def blocked_eats(self, ctx: FaultContext, seat: int) -> AbstractSet[int]:
        card = ctx.live_card
        if card != CC and rank_of(card) in ctx.seats[seat].hist.declined_ca_ranks:
            return _ca_kinds(card)
        return EMPTY

    def eat_message(self, ctx: FaultContext, seat: int, hcard: int) -> str:
        rank = rank_of(ctx.live_card)
        return f"đã bỏ không ăn cạ hàng {rank}, nay lại ăn cạ hàng đó"


class DanhCaChan(ChanFault):
    id, name, penalty, number = "danh_ca_chan", "Đánh cả chắn", BAO, "3"
    table = "đánh đi cả hai quân giống hệt"
    source = "seed 001 §3.3.3"
    verbs = frozenset({"discard"})

    def blocked_discards(self, ctx: FaultContext, seat: int) -> AbstractSet[int]:
        return ctx.seats[seat].hist.discarded_set

    def discard_message(self, ctx: FaultContext, seat: int, card: int) -> str:
        return f"đã đánh {_c(card)} rồi, lại đánh quân giống hệt: đánh cả chắn"


class XeChan(ChanFault):
    id, name, penalty, number = "xe_chan", "Xé chắn", BAO, "4"
    table = "đã đánh một quân, nay lại ăn quân cùng hàng"
    source = "seed 001 §3.3.4; shared/rules A6 #4 (a cạ of X's rank)"
    verbs = frozenset({"eat"})

    def blocked_eats(self, ctx: FaultContext, seat: int) -> AbstractSet[int]:
        card = ctx.live_card
        h = ctx.seats[seat].hist
        out = {card} if card in h.discarded_set else EMPTY
        if card != CC and card // 3 in h.discarded_ranks:
            out |= _ca_kinds(card) - h.torn_ca  # a cạ with the torn-cạ card is fault 8
        return out

    def eat_message(self, ctx: FaultContext, seat: int, hcard: int) -> str:
        card = ctx.live_card
        if hcard == card:
            return f"đã đánh {_c(card)}, nay lại ăn chắn đúng quân đó"
        return f"đã đánh một quân hàng {rank_of(card)}, nay lại ăn cạ cùng hàng"


class TachChanAnCa(ChanFault):
    id, name, penalty, number = "tach_chan_an_ca", "Tách chắn ăn cạ", BAO, "5"
    table = "đã tách chắn để ăn cạ, nay lại dùng quân còn lại"
    source = "seed 001 §3.3.5"
    verbs = frozenset({"eat", "discard", "win"})

    def blocked_eats(self, ctx: FaultContext, seat: int) -> AbstractSet[int]:
        return _rank_kinds(ctx.live_card) & ctx.seats[seat].hist.split_chan

    def eat_message(self, ctx: FaultContext, seat: int, hcard: int) -> str:
        return f"đã tách chắn {_c(hcard)} để ăn cạ, nay lại dùng quân còn lại"

    def check_other(self, ctx: FaultContext, seat: int, action: Action) -> str | None:
        card = _uses_left_card(ctx, seat, action, ctx.seats[seat].hist.split_chan)
        if card is not None:
            return f"đã tách chắn {_c(card)} để ăn cạ, nay lại ù với quân còn lại"
        return None

    def blocked_discards(self, ctx: FaultContext, seat: int) -> AbstractSet[int]:
        return ctx.seats[seat].hist.split_chan

    def discard_message(self, ctx: FaultContext, seat: int, card: int) -> str:
        return f"đã tách chắn {_c(card)} để ăn cạ, nay lại đánh quân còn lại"


class AnChanXeChan(ChanFault):
    id, name, penalty, number = "an_chan_xe_chan", "Ăn chắn xé chắn", BAO, "6"
    table = "đã ăn chắn một quân, nay lại đánh quân đó đi"
    source = "seed 001 §3.3.6"
    verbs = frozenset({"discard"})

    def blocked_discards(self, ctx: FaultContext, seat: int) -> AbstractSet[int]:
        return ctx.seats[seat].hist.eaten_chan

    def discard_message(self, ctx: FaultContext, seat: int, card: int) -> str:
        return f"đã ăn chắn {_c(card)}, nay lại đánh quân đó đi"


class AnCaDanhCa(ChanFault):
    id, name, penalty, number = "an_ca_danh_ca", "Ăn cạ đánh cạ", BAO, "7"
    table = "vừa ăn cạ vừa đánh bỏ cả một cạ"
    source = "seed 001 §3.3.7"
    verbs = frozenset({"eat", "discard"})

    def blocked_eats(self, ctx: FaultContext, seat: int) -> AbstractSet[int]:
        card = ctx.live_card
        return _ca_kinds(card) if ctx.seats[seat].hist.discarded_ca else EMPTY

    def eat_message(self, ctx: FaultContext, seat: int, hcard: int) -> str:
        return "đã đánh bỏ cả một cạ, nay lại ăn cạ"

    def blocked_discards(self, ctx: FaultContext, seat: int) -> AbstractSet[int]:
        h = ctx.seats[seat].hist
        if not h.ate_ca:
            return EMPTY
        return {
            k for d in h.discarded_set if d != CC for k in range(d - d % 3, d - d % 3 + 3) if k != d
        }

    def discard_message(self, ctx: FaultContext, seat: int, card: int) -> str:
        return f"đã ăn cạ, nay lại đánh bỏ cả một cạ (với {_c(card)})"


class XeCaAnCa(ChanFault):
    id, name, penalty, number = "xe_ca_an_ca", "Xé cạ ăn cạ", BAO, "8"
    table = "đã xé cạ đánh đi, nay lại ăn cạ với quân còn lại"
    source = "seed 001 §3.3.8"
    verbs = frozenset({"eat"})

    def blocked_eats(self, ctx: FaultContext, seat: int) -> AbstractSet[int]:
        return _ca_kinds(ctx.live_card) & ctx.seats[seat].hist.torn_ca

    def eat_message(self, ctx: FaultContext, seat: int, hcard: int) -> str:
        return f"đã xé cạ đánh đi, nay lại ăn cạ với quân còn lại {_c(hcard)}"


class TachCaAnCa(ChanFault):
    id, name, penalty, number = "tach_ca_an_ca", "Tách cạ ăn cạ", BAO, "9"
    table = "đã tách cạ để ăn cạ khác, nay lại dùng quân còn lại"
    source = "seed 001 §3.3.9"
    verbs = frozenset({"eat", "discard", "win"})

    def blocked_eats(self, ctx: FaultContext, seat: int) -> AbstractSet[int]:
        return _rank_kinds(ctx.live_card) & ctx.seats[seat].hist.split_ca

    def eat_message(self, ctx: FaultContext, seat: int, hcard: int) -> str:
        return f"đã tách cạ để ăn cạ khác, nay lại dùng quân còn lại {_c(hcard)}"

    def check_other(self, ctx: FaultContext, seat: int, action: Action) -> str | None:
        card = _uses_left_card(ctx, seat, action, ctx.seats[seat].hist.split_ca)
        if card is not None:
            return f"đã tách cạ để ăn cạ khác, nay lại ù với quân còn lại {_c(card)}"
        return None

    def blocked_discards(self, ctx: FaultContext, seat: int) -> AbstractSet[int]:
        return ctx.seats[seat].hist.split_ca

    def discard_message(self, ctx: FaultContext, seat: int, card: int) -> str:
        return f"đã tách cạ để ăn cạ khác, nay lại đánh quân còn lại {_c(card)}"


# -- đền tám đỏ hai lèo (10–13) -------------------------------------------------------------


class AnCaDoiCho(ChanFault):
    id, name, penalty, number = "an_ca_doi_cho", "Ăn cạ đổi chờ", PAY12, "10"
    table = "đang chờ ù mà ăn cạ để đổi chờ"
    source = "seed 001 §3.3.10 (local rule, option an_ca_doi_cho)"
    momentary = True
    verbs = frozenset({"discard"})

    def blocked_discards(self, ctx: FaultContext, seat: int) -> AbstractSet[int]:
        before = ctx.seats[seat].hist.waits_before_eat
        if before is None or not ctx.rules.an_ca_doi_cho:
            return EMPTY
        hand = ctx.seats[seat].hand
        return {
            k
            for k in range(NUM_KINDS)
            if hand[k] and _waits_after_discard(ctx.seats[seat], k) != before
        }

    def discard_message(self, ctx: FaultContext, seat: int, card: int) -> str:
        return "đang chờ ù mà ăn cạ để đổi chờ"


class ULao(ChanFault):
    id, name, penalty, number = "u_lao", "Ù láo", PAY12, "11"
    table = "ù khi bài chưa thành"
    source = "seed 001 §3.3.11"
    verbs = frozenset({"win"})

    def check_other(self, ctx: FaultContext, seat: int, action: Action) -> str | None:
        verdict = ctx.win_verdict(seat)
        return verdict if verdict not in (None, "chi_rong", "bo_u") else None


class UChiRong(ChanFault):
    id, name, penalty, number = "u_chi_rong", "Ù chi rộng", PAY12, "12"
    table = "ù chi chi khi đã đủ 6 chắn (chờ chi rộng)"
    source = "seed 001 §3.3.12"
    verbs = frozenset({"win"})

    def check_other(self, ctx: FaultContext, seat: int, action: Action) -> str | None:
        if ctx.win_verdict(seat) == "chi_rong":
            return "ù chi chi khi đã đủ 6 chắn (chờ chi rộng)"
        return None


class BoU(ChanFault):
    id, name, penalty, number = "bo_u", "Bỏ ù", PAY12, "13"
    table = "đã bỏ ù (để quân ù đi qua), nay lại ù"
    source = "seed 001 §3.3.13"
    verbs = frozenset({"win"})

    def check_other(self, ctx: FaultContext, seat: int, action: Action) -> str | None:
        if ctx.win_verdict(seat) == "bo_u":
            return "đã bỏ ù (để quân ù đi qua), nay lại ù"
        return None


class XuongSai(ChanFault):
    id, name, penalty, number = "xuong_sai", "Xướng sai", XUONG_SAI, "14"
    table = "xướng thừa hoặc sai cước"
    source = "seed 001 §3.3.14"
    # Detected at the end of a declared xướng by scoring.check_declaration.


def _uses_left_card(ctx: FaultContext, seat: int, action: Action, left: set[int]) -> int | None:
    """The card left behind (after a split) that ``action`` eats, discards or wins with."""
    if not left:
        return None
    if isinstance(action, Discard | Eat):
        return action.card if action.card in left else None
    if action.verb == "win" and ctx.live_card >= 0:
        # ù "với quân còn lại": the winning card pairs with the remaining card
        live = ctx.live_card
        for y in left:
            if ctx.seats[seat].hand[y] > 0 and rank_of(y) == rank_of(live):
                return y
    return None


def _waits_after_discard(me: Seat, card: int) -> tuple[int, ...] | None:
    h = list(me.hand)
    h[card] -= 1
    w = waits(h, me.mat_chan)
    return w.kinds if w.kinds else None


ALL_FAULTS: tuple[ChanFault, ...] = (
    TreoTranhTraCua(),
    TreoTranhHaBai(),
    TraiVi(),
    AnTreoTranh(),
    ChiuMaAnThuong(),
    BoAnChan(),
    AnChonCa(),
    DanhCaChan(),
    XeChan(),
    TachChanAnCa(),
    AnChanXeChan(),
    AnCaDanhCa(),
    XeCaAnCa(),
    TachCaAnCa(),
    AnCaDoiCho(),
    ULao(),
    UChiRong(),
    BoU(),
    XuongSai(),
)
DISCARD_RULES: tuple[ChanFault, ...] = tuple(f for f in ALL_FAULTS if "discard" in f.verbs)
EAT_RULES: tuple[ChanFault, ...] = tuple(f for f in ALL_FAULTS if "eat" in f.verbs)
MOMENTARY_RULES: tuple[ChanFault, ...] = tuple(f for f in DISCARD_RULES if f.momentary)
BY_VERB: dict[str, tuple[ChanFault, ...]] = {
    verb: tuple(f for f in ALL_FAULTS if verb in f.verbs)
    for verb in ("discard", "eat", "win", "return")
}
