"""The Chắn cước (A5.2): one small class each, grouped by family, plus the win context.

``ALL_CUOC`` lists one default instance of every cước in the order of A5.2. The three extra
cước (cá nhảy đầu thuyền, đồng tử hái hoa, chùa đổ nát hoa) are in the list but count only when
named in ``rules.extra_cuoc``; ``chieu.games.chan.scoring.patterns_for`` applies the rules.
"""

from __future__ import annotations

from chieu.core.patterns import Pattern
from chieu.games.chan.patterns.basic import (
    BachThu,
    BachThuChi,
    Chi,
    ChiuU,
    DiaU,
    ThienU,
    Thong,
    UBon,
    Xuong,
)
from chieu.games.chan.patterns.colour import BachDinh, KinhTuChi, TamDo
from chieu.games.chan.patterns.context import MatGroup, WinContext
from chieu.games.chan.patterns.history import CoAnBon, CoChiu, CoThienKhai, PhaThien
from chieu.games.chan.patterns.sets import Leo, ThapThanh, Tom
from chieu.games.chan.patterns.stories import (
    CaLoiSanDinh,
    CaNhayDauThuyen,
    ChuaDoNatHoa,
    DongTuHaiHoa,
    HoaRoiCuaPhat,
    NguOngBatCa,
    NhaLauXeHoiHoaRoiCuaPhat,
)

ALL_CUOC: list[Pattern[WinContext]] = [
    Xuong(),
    Thong(),
    Chi(),
    ThienU(),
    DiaU(),
    ChiuU(),
    UBon(),
    BachThu(),
    BachThuChi(),
    ThapThanh(),
    BachDinh(),
    TamDo(),
    KinhTuChi(),
    Leo(),
    Tom(),
    CoThienKhai(),
    CoChiu(),
    CoAnBon(),
    PhaThien(),
    HoaRoiCuaPhat(),
    NhaLauXeHoiHoaRoiCuaPhat(),
    CaLoiSanDinh(),
    NguOngBatCa(),
    CaNhayDauThuyen(),
    DongTuHaiHoa(),
    ChuaDoNatHoa(),
]

#: Cước that count only when named in ``rules.extra_cuoc``.
EXTRA_IDS: frozenset[str] = frozenset({"ca_nhay_dau_thuyen", "dong_tu_hai_hoa", "chua_do_nat_hoa"})

CUOC_NAMES: dict[str, str] = {p.id: p.name for p in ALL_CUOC}

__all__ = [
    "ALL_CUOC",
    "CUOC_NAMES",
    "EXTRA_IDS",
    "BachDinh",
    "BachThu",
    "BachThuChi",
    "CaLoiSanDinh",
    "CaNhayDauThuyen",
    "Chi",
    "ChiuU",
    "ChuaDoNatHoa",
    "CoAnBon",
    "CoChiu",
    "CoThienKhai",
    "DiaU",
    "DongTuHaiHoa",
    "HoaRoiCuaPhat",
    "KinhTuChi",
    "Leo",
    "MatGroup",
    "NguOngBatCa",
    "NhaLauXeHoiHoaRoiCuaPhat",
    "PhaThien",
    "TamDo",
    "ThapThanh",
    "ThienU",
    "Thong",
    "Tom",
    "UBon",
    "WinContext",
    "Xuong",
]
