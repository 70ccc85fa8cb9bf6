"""The Tổ tôm cước (B5.1): one small Pattern class each, values in one table.

A cước id is its Vietnamese name lower-cased without diacritics, words joined by ``_``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from chieu.core.patterns import Pattern
from chieu.games.totom.cards import CC, KINDS, NUM_KINDS, OL
from chieu.games.totom.partition import Partition


@dataclass(frozen=True, slots=True)
class WinContext:
    """Everything the cước look at: the 21 cards, their best partition and how the win came."""

    counts: tuple[int, ...]  # the 21 cards (held + mat + the winning card)
    partition: Partition
    win_card: int | None
    from_nocc: bool  # the winning card was turned up from the nọc
    wait_count: int  # how many kinds the 20-card hand waited on (0: unknown)
    thong: bool

    @property
    def reds(self) -> int:
        return sum(n for k, n in enumerate(self.counts) if KINDS.is_red(k))

    @property
    def red_kinds(self) -> set[int]:
        return {k for k in range(NUM_KINDS) if self.counts[k] and KINDS.is_red(k)}


Cuoc = Pattern[WinContext]


class Thong(Cuoc):
    id: ClassVar[str] = "thong"
    name: ClassVar[str] = "Thông"

    def count(self, ctx: WinContext) -> int:
        return int(ctx.thong)


class CoTom(Cuoc):
    id: ClassVar[str] = "co_tom"
    name: ClassVar[str] = "Có tôm"

    def count(self, ctx: WinContext) -> int:
        return ctx.partition.count("tom")


class BachThu(Cuoc):
    id: ClassVar[str] = "bach_thu"
    name: ClassVar[str] = "Bạch thủ"

    def count(self, ctx: WinContext) -> int:
        return int(ctx.wait_count == 1)


class XuyenNamGian(Cuoc):
    id: ClassVar[str] = "xuyen_5_gian"
    name: ClassVar[str] = "Xuyên 5 gian"

    def count(self, ctx: WinContext) -> int:
        return int(ctx.partition.xuyen)


class CoLeo(Cuoc):
    id: ClassVar[str] = "co_leo"
    name: ClassVar[str] = "Có lèo"

    def count(self, ctx: WinContext) -> int:
        return ctx.partition.count("leo")


class ThapDieu(Cuoc):
    id: ClassVar[str] = "thap_dieu"
    name: ClassVar[str] = "Thập điều"

    def count(self, ctx: WinContext) -> int:
        return int(ctx.reds == 10)


class KinhCu(Cuoc):
    id: ClassVar[str] = "kinh_cu"
    name: ClassVar[str] = "Kính cụ"

    def count(self, ctx: WinContext) -> int:
        return int(ctx.red_kinds == {OL} and 1 <= ctx.counts[OL] <= 3)


class BachDinh(Cuoc):
    id: ClassVar[str] = "bach_dinh"
    name: ClassVar[str] = "Bạch định"

    def count(self, ctx: WinContext) -> int:
        return int(ctx.reds == 0)


class KinhTuCo(Cuoc):
    id: ClassVar[str] = "kinh_tu_co"
    name: ClassVar[str] = "Kính tứ cố"

    def count(self, ctx: WinContext) -> int:
        return int(ctx.red_kinds == {OL} and ctx.counts[OL] == 4)


class ChiNay(Cuoc):
    id: ClassVar[str] = "chi_nay"
    name: ClassVar[str] = "Chi nẩy"

    def count(self, ctx: WinContext) -> int:
        return int(ctx.win_card == CC and ctx.from_nocc and ctx.wait_count == 1)


class USuong(Cuoc):
    id: ClassVar[str] = "u_suong"
    name: ClassVar[str] = "Ù suông"
    fallback: ClassVar[bool] = True

    def count(self, ctx: WinContext) -> int:
        return 1


ALL_CUOC: tuple[Cuoc, ...] = (
    Thong(),
    CoTom(),
    BachThu(),
    XuyenNamGian(),
    CoLeo(),
    ThapDieu(),
    KinhCu(),
    BachDinh(),
    KinhTuCo(),
    ChiNay(),
    USuong(),
)
#: B5.1 values (extras over the base 2, in dịch units; chi nẩy is the D-21 proposal)
VALUES: Mapping[str, int] = {
    "u_suong": 0,
    "thong": 1,
    "co_tom": 1,
    "bach_thu": 1,
    "xuyen_5_gian": 1,
    "co_leo": 2,
    "thap_dieu": 3,
    "kinh_cu": 6,
    "bach_dinh": 8,
    "kinh_tu_co": 10,
    "chi_nay": 1,
}
CUOC_IDS: tuple[str, ...] = tuple(c.id for c in ALL_CUOC)
CUOC_NAMES: Mapping[str, str] = {c.id: c.name for c in ALL_CUOC}
#: the cước a player may call (hô), in a fixed order (it fixes action ids)
CALLABLE: tuple[str, ...] = tuple(c for c in CUOC_IDS if c != "u_suong")


def names(ids: Sequence[str]) -> list[str]:
    return [CUOC_NAMES[i] for i in ids]
