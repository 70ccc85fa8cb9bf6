"""How the win came: xuông, thông, chì, thiên/địa/chíu ù, ù bòn, bạch thủ (chi). A5.2."""

from __future__ import annotations

from typing import ClassVar

from chieu.core.patterns import Pattern
from chieu.games.chan import analysis
from chieu.games.chan.patterns.context import WinContext


class Xuong(Pattern[WinContext]):
    """Xuông (suông): a win with no other cước. Evaluated only as the fallback (A5.3)."""

    id: ClassVar[str] = "xuong"
    name: ClassVar[str] = "Xuông"
    fallback: ClassVar[bool] = True

    def count(self, ctx: WinContext) -> int:
        return 1


class Thong(Pattern[WinContext]):
    """Thông: the winner also won the previous game (seed 000, seed 001; SD ``isThong``)."""

    id: ClassVar[str] = "thong"
    name: ClassVar[str] = "Thông"

    def count(self, ctx: WinContext) -> int:
        return int(ctx.thong)


class Chi(Pattern[WinContext]):
    """Chì (trì): the winning card was drawn by the winner himself, or returned into his door
    by trả cửa (SD ``isChif``). The state machine decides; here it is the fact ``self_drawn``."""

    id: ClassVar[str] = "chi"
    name: ClassVar[str] = "Chì"

    def count(self, ctx: WinContext) -> int:
        return int(ctx.self_drawn)


class ThienU(Pattern[WinContext]):
    """Thiên ù: the cái's 20 dealt cards already win (A2.3)."""

    id: ClassVar[str] = "thien_u"
    name: ClassVar[str] = "Thiên ù"

    def count(self, ctx: WinContext) -> int:
        return int(ctx.thien_u)


class DiaU(Pattern[WinContext]):
    """Địa ù: no card had been drawn from the nọc before the winning card appeared (A4.4)."""

    id: ClassVar[str] = "dia_u"
    name: ClassVar[str] = "Địa ù"

    def count(self, ctx: WinContext) -> int:
        return int(ctx.dia_u)


class ChiuU(Pattern[WinContext]):
    """Chíu ù: the winning card is taken by chíu (three identical cards held, A4.4)."""

    id: ClassVar[str] = "chiu_u"
    name: ClassVar[str] = "Chíu ù"

    def count(self, ctx: WinContext) -> int:
        return int(ctx.chiu_u)


class UBon(Pattern[WinContext]):
    """Ù bòn: an eaten chắn X lies on the mat and the winning card is the last X, pairing with
    the X still held (seed 000 "ăn thêm một chắn mà ù thì gọi là ù bòn"; SD ``isUBon``).

    The held X count, winning card included, is then exactly 2.
    """

    id: ClassVar[str] = "u_bon"
    name: ClassVar[str] = "Ù bòn"

    def count(self, ctx: WinContext) -> int:
        x = ctx.winning_card
        if x is None or ctx.chiu_u:
            return 0
        eaten = any(g.how == "chan" and g.kind == x for g in ctx.mat)
        return int(eaten and ctx.hand[x] == 2)


class BachThu(Pattern[WinContext]):
    """Bạch thủ: a bạch-thủ wait (5 chắn + 4 cạ + 1 què, A4.3) won on its card, not Chi chi.

    ``thien_u_six_chan``: rule ``thien_u_bach_thu`` (C16, SD ``isBachThu``): a thiên ù with
    exactly 6 chắn also counts as bạch thủ.
    """

    id: ClassVar[str] = "bach_thu"
    name: ClassVar[str] = "Bạch thủ"

    def __init__(self, *, thien_u_six_chan: bool = False) -> None:
        self.thien_u_six_chan = thien_u_six_chan

    def count(self, ctx: WinContext) -> int:
        if ctx.wait == analysis.BACH_THU:
            return 1
        return int(self.thien_u_six_chan and ctx.thien_u and ctx.chan_count == 6)


class BachThuChi(Pattern[WinContext]):
    """Bạch thủ chi: a bạch-thủ wait on Chi chi won on Chi chi (seed 000; SD, JSC, PYB).

    Exclusive with bạch thủ by definition: the wait kinds differ.
    """

    id: ClassVar[str] = "bach_thu_chi"
    name: ClassVar[str] = "Bạch thủ chi"

    def count(self, ctx: WinContext) -> int:
        return int(ctx.wait == analysis.BACH_THU_CHI)
