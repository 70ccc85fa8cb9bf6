"""Cước of the cards themselves: thập thành, lèo, tôm (A5.2), on all 20 cards."""

from __future__ import annotations

from typing import ClassVar

from chieu.core.patterns import Pattern
from chieu.games.chan.patterns.context import WinContext


class ThapThanh(Pattern[WinContext]):
    """Thập thành: 10 chắn (seed 000). A chíu counts as 2 chắn, four held copies as 2."""

    id: ClassVar[str] = "thap_thanh"
    name: ClassVar[str] = "Thập thành"

    def count(self, ctx: WinContext) -> int:
        return int(ctx.chan_count == 10)


class Leo(Pattern[WinContext]):
    """Lèo: 9V + 8S + CC, counted n = min(#9V, #8S, #CC) times (seed 000; SD ``countLeo``).
    n = 2 is "đôi lèo"."""

    id: ClassVar[str] = "leo"
    name: ClassVar[str] = "Lèo"

    def count(self, ctx: WinContext) -> int:
        return min(ctx.count("9V"), ctx.count("8S"), ctx.count("CC"))


class Tom(Pattern[WinContext]):
    """Tôm: 3V + 3S + 7W, counted n = min(#3V, #3S, #7W) times (seed 000; SD ``countTom``).
    n = 2 is "đôi tôm"."""

    id: ClassVar[str] = "tom"
    name: ClassVar[str] = "Tôm"

    def count(self, ctx: WinContext) -> int:
        return min(ctx.count("3V"), ctx.count("3S"), ctx.count("7W"))
