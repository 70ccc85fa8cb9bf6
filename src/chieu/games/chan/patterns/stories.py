"""The picture cước ("hoa, nhà, cá, ngư"): a self-drawn (chì) bạch-thủ win on a card whose
picture completes a scene with cards on the mat or in hand (A5.2; SD ``ULogic``).

Pictures: 2V = peach blossom (*hoa*), 5V = pagoda (*chùa*), 4V = ox-cart, 8V = carp (*cá*),
5S = sailing boat (*thuyền*), CC = the man [seed 000; SD audio names].

Every one of them subsumes chì and bạch thủ (A5.3: "Nếu đã hoa nhà cá ngư thì bỏ chì & bạch
thủ"). Following SD, they do not exclude one another: SD notes that a hand can be both "nhà"
and "hoa", or both "cá lội" and "ngư ông", and then scores both.

"On the mat" means inside an eaten chắn, an eaten cạ or a chíu (SD ``isDinhChua`` reads
``eatenChans``, which holds the chíu'd cards too). "Chắn X in hand" means two X held.
"""

from __future__ import annotations

from typing import ClassVar

from chieu.core.patterns import Pattern
from chieu.games.chan import analysis
from chieu.games.chan.cards import CC, KINDS
from chieu.games.chan.patterns.context import WinContext


def _k(code: str) -> int:
    kind = KINDS.kind(code)
    assert kind is not None
    return kind


V2, V4, V5, V8, S5, W8 = _k("2V"), _k("4V"), _k("5V"), _k("8V"), _k("5S"), _k("8W")


class _Story(Pattern[WinContext]):
    """Chì + bạch thủ on ``card``, plus the scene of ``scene``."""

    excludes: ClassVar[frozenset[str]] = frozenset({"chi", "bach_thu"})
    card: ClassVar[int]
    requires_bach_thu: bool = True

    def scene(self, ctx: WinContext) -> bool:
        raise NotImplementedError

    def count(self, ctx: WinContext) -> int:
        if ctx.winning_card != self.card or not ctx.self_drawn:
            return 0
        if self.requires_bach_thu and ctx.wait != analysis.BACH_THU:
            return 0
        return int(self.scene(ctx))


class HoaRoiCuaPhat(_Story):
    """Hoa rơi cửa Phật: chì + bạch thủ on 2V, with a 5V in an eaten group on the mat.

    ``requires_bach_thu``: rule ``hoa_requires_bach_thu`` (D-8). Seed 000 asks only for the 5V
    on the mat and the 2V drawn at cửa trì; SD and PYB add bạch thủ (the default).
    """

    id: ClassVar[str] = "hoa_roi_cua_phat"
    name: ClassVar[str] = "Hoa rơi cửa Phật"
    card: ClassVar[int] = V2

    def __init__(self, *, requires_bach_thu: bool = True) -> None:
        self.requires_bach_thu = requires_bach_thu

    def scene(self, ctx: WinContext) -> bool:
        return ctx.mat_has(V5)


class NhaLauXeHoiHoaRoiCuaPhat(_Story):
    """Nhà lầu xe hơi, hoa rơi cửa Phật: chì + bạch thủ on 2V, with a chắn 5V and a chắn 4V
    in hand (SD ``isNhaLauXeHoiHoaRoiCuaPhat``)."""

    id: ClassVar[str] = "nha_lau_xe_hoi_hoa_roi_cua_phat"
    name: ClassVar[str] = "Nhà lầu xe hơi, hoa rơi cửa Phật"
    card: ClassVar[int] = V2

    def scene(self, ctx: WinContext) -> bool:
        return ctx.hand_chan(V5) and ctx.hand_chan(V4)


class CaLoiSanDinh(_Story):
    """Cá lội sân đình: chì + bạch thủ on 8V, with a 5V in an eaten group on the mat
    (SD ``isCaLoiSanDinh``)."""

    id: ClassVar[str] = "ca_loi_san_dinh"
    name: ClassVar[str] = "Cá lội sân đình"
    card: ClassVar[int] = V8

    def scene(self, ctx: WinContext) -> bool:
        return ctx.mat_has(V5)


class NguOngBatCa(_Story):
    """Ngư ông bắt cá: chì + bạch thủ on 8V, with a chắn Chi chi and a chắn 5S in hand
    (SD ``isNguOngBatCa``)."""

    id: ClassVar[str] = "ngu_ong_bat_ca"
    name: ClassVar[str] = "Ngư ông bắt cá"
    card: ClassVar[int] = V8

    def scene(self, ctx: WinContext) -> bool:
        return ctx.hand_chan(CC) and ctx.hand_chan(S5)


class CaNhayDauThuyen(_Story):
    """Cá nhảy đầu thuyền (PYB only; off unless in ``rules.extra_cuoc``): chì + bạch thủ on
    8V, with a 5S on the mat."""

    id: ClassVar[str] = "ca_nhay_dau_thuyen"
    name: ClassVar[str] = "Cá nhảy đầu thuyền"
    card: ClassVar[int] = V8

    def scene(self, ctx: WinContext) -> bool:
        return ctx.mat_has(S5)


class DongTuHaiHoa(_Story):
    """Đồng tử hái hoa (PYB only; off unless in ``rules.extra_cuoc``): chì + bạch thủ on 2V,
    with an 8W on the mat."""

    id: ClassVar[str] = "dong_tu_hai_hoa"
    name: ClassVar[str] = "Đồng tử hái hoa"
    card: ClassVar[int] = V2

    def scene(self, ctx: WinContext) -> bool:
        return ctx.mat_has(W8)


class ChuaDoNatHoa(_Story):
    """Chùa đổ nát hoa (CCX names it only; off unless in ``rules.extra_cuoc``). The definition
    is the guess of A5.2 [proposal]: chì + bạch thủ on 5V (the pagoda falls) with a 2V (the
    flower) on the mat."""

    id: ClassVar[str] = "chua_do_nat_hoa"
    name: ClassVar[str] = "Chùa đổ nát hoa"
    card: ClassVar[int] = V5

    def scene(self, ctx: WinContext) -> bool:
        return ctx.mat_has(V2)
