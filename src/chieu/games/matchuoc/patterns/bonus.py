"""The additive bonuses of B.7.3, one class each: ``value(r, named) -> phán`` (0: absent).

``named`` is the id of the named hand the reading scored as (the honor-phu bonus depends on
it). Flowers, khung and the special moments do not depend on the reading.
"""

from __future__ import annotations

from typing import ClassVar

from chieu.games.matchuoc.cards import (
    FLOWER0,
    HO,
    HONOR0,
    HP,
    HY,
    MA,
    NG,
    SO,
    TG,
    TH,
    flower_number,
    is_dragon,
    is_honor,
)
from chieu.games.matchuoc.patterns.context import Reading, WinFacts
from chieu.games.matchuoc.patterns.named import MUN, NO_HONOR_BONUS


class Bonus:
    id: ClassVar[str]
    name: ClassVar[str]

    def value(self, r: Reading, named: str) -> int:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id}>"


def khung_value(kind: int, seat: int, at_opening: bool) -> int:
    """Phán of a khung set down (B.1.3) by cửa ``seat``, at the opening or later."""
    if kind == TG:
        return 3 if at_opening or seat == 1 else 2
    if kind == HP:
        return 3 if at_opening or seat == 4 else 2
    if kind == HO:
        return 2
    home = {TH: 2, HY: 2, SO: 3, NG: 3, MA: 4}[kind]
    return 2 if seat == home else 1


def flower_points(f: WinFacts) -> tuple[int, int]:
    """(seat-flower phán, flower-set phán): the better of the bộ hoa rule and the 8/10 hoa rule
    (never both, B.7.3)."""
    rules = f.rules
    seat_flowers = [k for k in f.flowers if flower_number(k) == f.seat]
    plain = (len(seat_flowers), 0)
    # bộ hoa
    sets = 0
    in_sets: set[int] = set()
    if rules.flower_set == "group":
        for g in range(4):
            members = {FLOWER0 + 4 * g + n for n in range(4)}
            if members <= set(f.flowers):
                sets += MUN
                in_sets |= members
    elif rules.flower_set == "seat_number":
        for n in range(4):
            members = {FLOWER0 + 4 * g + n for g in range(4)}
            if members <= set(f.flowers):
                sets += 2 * MUN if n + 1 == f.seat else MUN
                in_sets |= members
    by_set = (len([k for k in seat_flowers if k not in in_sets]), sets)
    best = max(plain, by_set, key=sum)
    if rules.flower_count_bonus:
        n = len(f.flowers) + sum(1 for k, _ in f.khung_down if k == HO)
        count = 2 * MUN if n >= 10 else MUN if n >= 8 else 0
        if count:
            best = max(best, (len(seat_flowers), count), key=sum)
    return best


class SeatFlower(Bonus):
    id, name = "hoa_trung_cua", "Hoa trúng cửa"

    def value(self, r: Reading, named: str) -> int:
        return flower_points(r.facts)[0]


class FlowerSet(Bonus):
    id, name = "bo_hoa", "Bộ hoa"

    def value(self, r: Reading, named: str) -> int:
        return flower_points(r.facts)[1]


class KhungDung(Bonus):
    id, name = "khung_dung", "Khung dựng"

    def value(self, r: Reading, named: str) -> int:
        f = r.facts
        total = sum(khung_value(k, f.seat, op) for k, op in f.khung_down)
        return total + 9 * f.tong_hop_opening + 6 * f.tong_hop_later


class KhungDanh(Bonus):
    id, name = "khung_danh", "Khung đánh"

    def value(self, r: Reading, named: str) -> int:
        f = r.facts
        if not KhongHoaLa.holds(r):
            return 0
        return sum(khung_value(k, f.seat, op) for k, op in f.khung_discarded)


class HonorPhu(Bonus):
    id, name = "phu_tai_phao", "Phu tài phao có điểm"

    def value(self, r: Reading, named: str) -> int:
        rules = r.facts.rules
        if named in NO_HONOR_BONUS or r.special:
            return 0
        if rules.honor_bonus_scope == "lai_only" and named not in ("lai_hang", "tui_tui_lai"):
            return 0
        seat_wind = HONOR0 + r.facts.seat - 1
        total = 0
        for g in r.phu:
            if not g.ngang or not is_honor(g.base):
                continue
            if g.base == seat_wind:
                total += rules.honor_bonus_seat_wind
            if g.base == r.facts.prevailing:
                total += rules.honor_bonus_prevailing
            if is_dragon(g.base):
                total += rules.honor_bonus_dragon
        return total


def _unique_self_draw(r: Reading) -> bool:
    f = r.facts
    return f.self_draw and len(f.waits) == 1 and f.win_tile == f.waits[0]


def _closes_run(r: Reading) -> bool:
    """The winning tile can be the closed middle or the edge of a concealed run (B.7.3)."""
    t = r.facts.win_tile
    for g in r.groups:
        if g.kind != "chow" or g.exposed:
            continue
        for slot in range(3):
            if g.tiles[slot] != t or g.wilds[slot] >= 0:
                continue
            rank = g.tiles[0] % 9
            if slot == 1 or (slot == 2 and rank == 0) or (slot == 0 and rank == 6):
                return True
    return False


class Xuyen(Bonus):
    """+1 when the self-drawn tile, the only winning kind, closes a run in the middle or at
    the edge."""

    id, name = "xuyen", "Xuyên"

    def value(self, r: Reading, named: str) -> int:
        return 1 if _unique_self_draw(r) and _closes_run(r) else 0


class TanTieu(Bonus):
    """+1 when the self-drawn tile, the only winning kind, completes the pair. The drawn tile
    fills one place: when it could also close a run (``345m 4m`` + 4m), it is xuyên *or* tán
    tiêu, never both (B.7.3; seed 002), and the reading reports xuyên."""

    id, name = "tan_tieu", "Tán tiêu"

    def value(self, r: Reading, named: str) -> int:
        if not _unique_self_draw(r) or r.pair is None or _closes_run(r):
            return 0
        p = r.pair
        return 1 if p.base == r.facts.win_tile and -1 in p.wilds else 0


class ShanponTsumo(Bonus):
    id, name = "cho_doi", "Chờ hai đôi bốc lấy"

    def value(self, r: Reading, named: str) -> int:
        f = r.facts
        if not (f.rules.shanpon_tsumo_bonus and f.self_draw and len(f.waits) == 2):
            return 0
        t = f.win_tile
        pungs = [g for g in r.phu if g.ngang and g.base == t and not g.exposed]
        return 1 if pungs else 0


class PhanCoong(Bonus):
    id, name = "phan_coong", "Phán coong"

    def value(self, r: Reading, named: str) -> int:
        return r.facts.rules.coong_phan if r.facts.from_dead_wall else 0


class ThienU(Bonus):
    id, name = "thien_u", "Thiên ù"

    def value(self, r: Reading, named: str) -> int:
        return 2 * MUN if r.facts.thien else 0


class DiaU(Bonus):
    id, name = "dia_u", "Địa ù"

    def value(self, r: Reading, named: str) -> int:
        return 2 * MUN if r.facts.dia else 0


class NhanU(Bonus):
    id, name = "nhan_u", "Nhân ù"

    def value(self, r: Reading, named: str) -> int:
        return 2 * MUN if r.facts.nhan else 0


class KhongHoaLa(Bonus):
    id, name = "khong_hoa_la", "Không hoa lá"

    @staticmethod
    def holds(r: Reading) -> bool:
        f = r.facts
        if f.set_down_any or r.uses_khung or f.flower_win:
            return False
        return not (f.rules.khong_hoa_la_no_honors and r.has_honor)

    def value(self, r: Reading, named: str) -> int:
        return MUN if self.holds(r) else 0


class FlowerWin(Bonus):
    id, name = "u_hoa", "Ù hoa (ăn mủn, đền mủn)"

    def value(self, r: Reading, named: str) -> int:
        return MUN if r.facts.flower_win else 0


BONUSES: tuple[Bonus, ...] = (
    HonorPhu(),
    SeatFlower(),
    FlowerSet(),
    KhungDung(),
    KhungDanh(),
    Xuyen(),
    TanTieu(),
    ShanponTsumo(),
    PhanCoong(),
    ThienU(),
    DiaU(),
    NhanU(),
    KhongHoaLa(),
    FlowerWin(),
)
BLESSINGS = frozenset({"thien_u", "dia_u", "nhan_u"})
