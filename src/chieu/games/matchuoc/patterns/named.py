"""The named hands of B.7.2: mutually exclusive, the best one counts.

Each class answers ``value(r)``: its phán for the reading ``r`` (its own "không khung" part
included), or None when the hand is not of this kind. Values come from the seed's table, the
option-dependent ones from ``r.facts.rules``.
"""

from __future__ import annotations

from typing import ClassVar

from chieu.games.matchuoc.cards import is_dragon, is_wind
from chieu.games.matchuoc.patterns.context import Reading

MUN = 6


class NamedHand:
    id: ClassVar[str]
    name: ClassVar[str]

    def value(self, r: Reading) -> int | None:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id}>"


def _k(r: Reading, bonus: int) -> int:
    return bonus if r.khong_khung else 0


class Xuong(NamedHand):
    id, name = "xuong", "Xuông"

    def value(self, r: Reading) -> int | None:
        return 0 if r.groups else None


class Phinh(NamedHand):
    id, name = "phinh", "Phình"

    def value(self, r: Reading) -> int | None:
        return 1 if r.all_doc else None


class TuiTui(NamedHand):
    id, name = "tui_tui", "Tui tui"

    def value(self, r: Reading) -> int | None:
        return 3 + _k(r, 1) if r.all_ngang else None


class LaiHang(NamedHand):
    id, name = "lai_hang", "Lai hàng"

    def value(self, r: Reading) -> int | None:
        return 3 if r.groups and r.lai and not r.all_ngang else None


class TuiTuiLai(NamedHand):
    id, name = "tui_tui_lai", "Tui tui lai"

    def value(self, r: Reading) -> int | None:
        return 6 if r.lai and r.all_ngang else None


class ToanHang(NamedHand):
    id, name = "toan_hang", "Toàn hàng"

    def value(self, r: Reading) -> int | None:
        return MUN + _k(r, MUN) if r.groups and r.mot_hang and not r.all_ngang else None


class TuiTuiToanHang(NamedHand):
    id, name = "tui_tui_toan_hang", "Tui tui toàn hàng"

    def value(self, r: Reading) -> int | None:
        return 2 * MUN + _k(r, MUN) if r.mot_hang and r.all_ngang else None


class TieuTamNguyen(NamedHand):
    id, name = "tieu_tam_nguyen", "Tiểu tam nguyên"

    def value(self, r: Reading) -> int | None:
        p = r.pair
        if r.dragon_pungs != 2 or p is None or not is_dragon(p.base):
            return None
        return 5 + (3 if r.all_ngang else 0) + (3 if r.lai else 0) + _k(r, MUN)


class DaiTamNguyen(NamedHand):
    id, name = "dai_tam_nguyen", "Đại tam nguyên"

    def value(self, r: Reading) -> int | None:
        if r.dragon_pungs != 3:
            return None
        return 8 + (3 if r.all_ngang else 0) + (3 if r.lai else 0) + _k(r, MUN)


class KhanKhan(NamedHand):
    id, name = "khan_khan", "Khàn khàn"

    def value(self, r: Reading) -> int | None:
        if not (r.all_ngang and r.facts.self_draw) or any(g.claimed for g in r.phu):
            return None
        return 3 * MUN


class TieuTuHy(NamedHand):
    id, name = "tieu_tu_hy", "Tiểu tứ hỷ"

    def value(self, r: Reading) -> int | None:
        p = r.pair
        if r.wind_pungs != 3 or p is None or not is_wind(p.base):
            return None
        rules = r.facts.rules
        other = next(g for g in r.phu if not (g.ngang and is_wind(g.base)))
        if other.ngang and is_dragon(other.base):
            base = rules.tieu_tu_hy_toan_chu * MUN
        elif other.ngang:
            base = 5 * MUN
        else:
            base = 4 * MUN
        return base + _k(r, rules.tieu_tu_hy_k * MUN)


class DaiTuHy(NamedHand):
    id, name = "dai_tu_hy", "Đại tứ hỷ"

    def value(self, r: Reading) -> int | None:
        if r.wind_pungs != 4 or r.pair is None:
            return None
        base = r.facts.rules.dai_tu_hy_toan_chu * MUN if is_dragon(r.pair.base) else 6 * MUN
        return base + _k(r, MUN)


class XapXamChuong(NamedHand):
    id, name = "xap_xam_chuong", "Xập xám chướng"

    def value(self, r: Reading) -> int | None:
        return 13 + _k(r, MUN) if r.special == "thirteen_orphans" else None


class YeuCuu(NamedHand):
    id, name = "yeu_cuu", "Yêu cửu"

    def value(self, r: Reading) -> int | None:
        return 3 * MUN + _k(r, MUN) if r.groups and r.all_terminal else None


class YeuCuuLaiHang(NamedHand):
    id, name = "yeu_cuu_lai_hang", "Yêu cửu lai hàng"

    def value(self, r: Reading) -> int | None:
        if not r.groups or not r.all_terminal_honor or not r.has_honor or r.all_honor:
            return None
        return 9 + _k(r, MUN)


class ToanChu(NamedHand):
    id, name = "toan_chu", "Toàn chữ"

    def value(self, r: Reading) -> int | None:
        return 4 * MUN + _k(r, MUN) if r.groups and r.all_honor else None


class SevenPairs(NamedHand):
    id, name = "luc_phe_bon", "Lục phé bôn"

    def value(self, r: Reading) -> int | None:
        return MUN if r.special == "seven_pairs" else None


NAMED: tuple[NamedHand, ...] = (
    Xuong(),
    Phinh(),
    TuiTui(),
    LaiHang(),
    TuiTuiLai(),
    ToanHang(),
    TuiTuiToanHang(),
    TieuTamNguyen(),
    DaiTamNguyen(),
    KhanKhan(),
    TieuTuHy(),
    DaiTuHy(),
    XapXamChuong(),
    YeuCuu(),
    YeuCuuLaiHang(),
    ToanChu(),
    SevenPairs(),
)
#: Named hands whose honor phu never earn the honor-phu bonus.
NO_HONOR_BONUS = frozenset(
    {"tieu_tam_nguyen", "dai_tam_nguyen", "tieu_tu_hy", "dai_tu_hy", "toan_chu", "xap_xam_chuong"}
)
