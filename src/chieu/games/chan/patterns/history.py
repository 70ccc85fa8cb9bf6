"""Cước of how the hand was built: thiên khai, chíu, ăn bòn, phá thiên (A5.2). Each of the
first three is counted once per occurrence."""

from __future__ import annotations

from typing import ClassVar

from chieu.core.patterns import Pattern
from chieu.games.chan.patterns.context import WinContext


class CoThienKhai(Pattern[WinContext]):
    """Có thiên khai: one per kind with 4 identical cards **held** at the ù, the winning card
    excluded (so they were dealt: eaten cards lie on the mat). Seed 001; SD ``countThienKhai``.

    When the winning card is unknown (``None``), every held quadruple counts.
    """

    id: ClassVar[str] = "co_thien_khai"
    name: ClassVar[str] = "Có thiên khai"

    def count(self, ctx: WinContext) -> int:
        x = ctx.winning_card
        return sum(1 for k, n in enumerate(ctx.hand) if n - (1 if k == x else 0) == 4)


class CoChiu(Pattern[WinContext]):
    """Có chíu: one per chíu made earlier in the game; the chíu ù itself is not counted
    (SD ``chiuCount``)."""

    id: ClassVar[str] = "co_chiu"
    name: ClassVar[str] = "Có chíu"

    def count(self, ctx: WinContext) -> int:
        return ctx.chiu_count


class CoAnBon(Pattern[WinContext]):
    """Có ăn bòn: one per kind with two **eaten chắn** of that kind on the mat; a chíu is not
    an ăn bòn (seed 000, seed 001; SD ``countBon`` minus ``chiuCount``)."""

    id: ClassVar[str] = "co_an_bon"
    name: ClassVar[str] = "Có ăn bòn"

    def count(self, ctx: WinContext) -> int:
        per_kind: dict[int, int] = {}
        for g in ctx.mat:
            if g.how == "chan":
                per_kind[g.kind] = per_kind.get(g.kind, 0) + 1
        return sum(1 for n in per_kind.values() if n >= 2)


class PhaThien(Pattern[WinContext]):
    """Phá thiên: the winner was dealt no chắn at all (SD ``noChan``, PYB)."""

    id: ClassVar[str] = "pha_thien"
    name: ClassVar[str] = "Phá thiên"

    def count(self, ctx: WinContext) -> int:
        return int(ctx.dealt_no_chan)
