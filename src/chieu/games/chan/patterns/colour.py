"""Colour cước, counted on all 20 cards (hand + mat + winning card): A5.2.

Red cards: 8V 8S 9V 9S CC (20 in the deck) [seed 000].
"""

from __future__ import annotations

from typing import ClassVar

from chieu.core.patterns import Pattern
from chieu.games.chan.cards import CC
from chieu.games.chan.patterns.context import WinContext


class BachDinh(Pattern[WinContext]):
    """Bạch định: no red card at all (seed 000, seed 003)."""

    id: ClassVar[str] = "bach_dinh"
    name: ClassVar[str] = "Bạch định"

    def count(self, ctx: WinContext) -> int:
        return int(ctx.red_count == 0)


class TamDo(Pattern[WinContext]):
    """Tám đỏ: **exactly** 8 red cards (seed 003 "đúng 8 lá đỏ"; SD ``== 8``; D-7)."""

    id: ClassVar[str] = "tam_do"
    name: ClassVar[str] = "Tám đỏ"

    def count(self, ctx: WinContext) -> int:
        return int(ctx.red_count == 8)


class KinhTuChi(Pattern[WinContext]):
    """Kính tứ chi: the four Chi chi and no other red card (seed 003; SD ``isKinhTuChi``)."""

    id: ClassVar[str] = "kinh_tu_chi"
    name: ClassVar[str] = "Kính tứ chi"

    def count(self, ctx: WinContext) -> int:
        return int(ctx.all_counts[CC] == 4 and ctx.red_count == 4)
