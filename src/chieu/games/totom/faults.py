"""Tổ tôm faults (B6): one small class each, with its penalty (chèo đò or đeo kính).

The state detects them at the moment they happen (khê khàn when a claim window resolves,
treo tranh trái vỉ at the discard) or at the post-win check (*tả hữu biên hành sự*: thiếu
lưng, bất thành phu, ù nhỏ hô to, bỏ ù). Kẹp cổ and thừa/thiếu quân cannot happen in software
(the engine stacks the cards and counts them); they are listed with ``detectable = False``.

``referee`` says, before an action is played, which fault it would commit (a ⚠ on a menu
entry in referee mode), from a small ``FaultContext`` the views build for the deciding seat.

A fault found during the game weighs on its offender's win in the same game
(``win_penalty``): a chèo đò "phải hủy bỏ toàn bộ điểm … và ván đang ù" (seed 000 Phạm lỗi 1,
B6), so the win is cancelled; a đeo kính voids the win's score (Phạm lỗi 2).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, TypedDict

from chieu.core.actions import Action
from chieu.core.outcome import Fault
from chieu.core.referee import FaultRule

CHEO_DO = "cheo_do"
DEO_KINH = "deo_kinh"


class CheckRow(TypedDict):
    """One row of the post-win check (*tả hữu biên hành sự*, B6)."""

    check: str
    ok: bool
    detail: str


class TotomFault(FaultRule[object, Action]):
    """A B6 fault. ``check`` is unused: the state calls ``fault`` where it detects it."""

    def check(self, history: object, seat: int, action: Action) -> str | None:
        return None


class ThieuLung(TotomFault):
    id: ClassVar[str] = "thieu_lung"
    name: ClassVar[str] = "Thiếu lưng"
    penalty: ClassVar[str] = CHEO_DO
    source: ClassVar[str] = "seed 000 Phạm lỗi 1; shared/rules B6"


class BatThanhPhu(TotomFault):
    id: ClassVar[str] = "bat_thanh_phu"
    name: ClassVar[str] = "Bất thành phu"
    penalty: ClassVar[str] = CHEO_DO
    source: ClassVar[str] = "seed 000 Phạm lỗi 1; shared/rules B6"


class UNhoHoTo(TotomFault):
    id: ClassVar[str] = "u_nho_ho_to"
    name: ClassVar[str] = "Ù nhỏ hô to"
    penalty: ClassVar[str] = CHEO_DO
    source: ClassVar[str] = "seed 000 Phạm lỗi 1; shared/rules B5.2, B6"


class KheKhan(TotomFault):
    id: ClassVar[str] = "khe_khan"
    name: ClassVar[str] = "Khê khàn"
    penalty: ClassVar[str] = CHEO_DO
    source: ClassVar[str] = "seed 000 §3a; shared/rules B2.4, B6"


class BoU(TotomFault):
    id: ClassVar[str] = "bo_u"
    name: ClassVar[str] = "Bỏ ù"
    penalty: ClassVar[str] = DEO_KINH
    source: ClassVar[str] = "seed 000 Phạm lỗi 2; shared/rules B6"


class TreoTranhTraiVi(TotomFault):
    """Discarding after an ăn while still holding a card identical to the card eaten (it had
    to be laid down on the phu: ``takes``). Referee mode only: strict mode lays it."""

    id: ClassVar[str] = "treo_tranh_trai_vi"
    name: ClassVar[str] = "Treo tranh trái vỉ"
    penalty: ClassVar[str] = DEO_KINH
    source: ClassVar[str] = "seed 000 §3c, Phạm lỗi 2; shared/rules B2.4, B6 (a)"


class KepCo(TotomFault):
    id: ClassVar[str] = "kep_co"
    name: ClassVar[str] = "Kẹp cổ"
    penalty: ClassVar[str] = DEO_KINH
    detectable: ClassVar[bool] = False
    source: ClassVar[str] = "seed 000 §4; shared/rules C1 (physical, not modelled)"


class ThuaThieuQuan(TotomFault):
    id: ClassVar[str] = "thua_thieu_quan"
    name: ClassVar[str] = "Thừa thiếu quân"
    penalty: ClassVar[str] = CHEO_DO
    detectable: ClassVar[bool] = False
    source: ClassVar[str] = "seed 000 §5; shared/rules B6 (the engine owns the cards)"


THIEU_LUNG = ThieuLung()
BAT_THANH_PHU = BatThanhPhu()
U_NHO_HO_TO = UNhoHoTo()
KHE_KHAN = KheKhan()
BO_U = BoU()
TREO_TRANH = TreoTranhTraiVi()
ALL_FAULTS: tuple[TotomFault, ...] = (
    THIEU_LUNG,
    BAT_THANH_PHU,
    U_NHO_HO_TO,
    KHE_KHAN,
    BO_U,
    TREO_TRANH,
    KepCo(),
    ThuaThieuQuan(),
)


def win_penalty(faults: Sequence[Fault], seat: int) -> str | None:
    """The heaviest penalty among ``seat``'s faults so far in the game (None: none): chèo đò
    cancels his win, đeo kính voids its score."""
    mine = {f.penalty for f in faults if f.seat == seat}
    if CHEO_DO in mine:
        return CHEO_DO
    return DEO_KINH if DEO_KINH in mine else None


def fault_check(
    faults: Sequence[Fault], seat: int, check: str, rule: TotomFault, fine: str
) -> CheckRow:
    """One row of the post-win check: ``rule``'s faults by ``seat`` (``fine`` when none)."""
    found = [f.explanation for f in faults if f.seat == seat and f.id == rule.id]
    return {"check": check, "ok": not found, "detail": "; ".join(found) or fine}


@dataclass(frozen=True, slots=True)
class FaultContext:
    """What the referee knows of one seat's pending decision."""

    claims: frozenset[str]  # the verbs of its claim answers (a window), else empty
    win_valid: bool  # the live card gives it a valid ù (enough lưng)
    copies_held: bool  # it ate a card and still holds a copy of it (before its discard)
    over_calls: frozenset[str]  # the cước whose next call is more than the hand holds


def referee(ctx: FaultContext, action: Action) -> TotomFault | None:
    """The fault ``action`` would commit: khê khàn (a dậy khàn let go), bỏ ù (a valid ù let
    go: đeo kính at a later win), thiếu lưng (an ù with too few lưng), treo tranh trái vỉ (a
    discard with a copy of the card eaten in hand), ù nhỏ hô to (a call above the hand)."""
    match action.verb:
        case "decline" if "day_khan" in ctx.claims:
            return KHE_KHAN
        case "decline" | "phong" | "day_khan" if ctx.win_valid:
            return BO_U
        case "win" if not ctx.win_valid:
            return THIEU_LUNG
        case "discard" if ctx.copies_held:
            return TREO_TRANH
        case "call" if getattr(action, "cuoc", None) in ctx.over_calls:
            return U_NHO_HO_TO
    return None
