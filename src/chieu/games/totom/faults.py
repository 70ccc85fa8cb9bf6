"""Tổ tôm faults (B6): one small class each, with its penalty (chèo đò or đeo kính).

The state detects them at the moment they happen (khê khàn) or at the post-win check
(*tả hữu biên hành sự*: thiếu lưng, bất thành phu, ù nhỏ hô to, bỏ ù). Physical faults (treo
tranh trái vỉ, kẹp cổ, thừa/thiếu quân) cannot happen in software: the engine lays the cards
down and counts them; they are listed with ``detectable = False``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from chieu.core.referee import FaultRule

CHEO_DO = "cheo_do"
DEO_KINH = "deo_kinh"
PENALTY_NAMES = {CHEO_DO: "chèo đò", DEO_KINH: "đeo kính"}


class TotomFault(FaultRule[Any, Any]):
    """A B6 fault. ``check`` is unused: the state calls ``fault`` where it detects it."""

    def check(self, history: Any, seat: int, action: Any) -> str | None:
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
    id: ClassVar[str] = "treo_tranh_trai_vi"
    name: ClassVar[str] = "Treo tranh trái vỉ"
    penalty: ClassVar[str] = DEO_KINH
    detectable: ClassVar[bool] = False
    source: ClassVar[str] = "seed 000 §3c; shared/rules C1 (physical, not modelled)"


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
ALL_FAULTS: tuple[TotomFault, ...] = (
    THIEU_LUNG,
    BAT_THANH_PHU,
    U_NHO_HO_TO,
    KHE_KHAN,
    BO_U,
    TreoTranhTraiVi(),
    KepCo(),
    ThuaThieuQuan(),
)
