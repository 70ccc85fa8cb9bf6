"""The kinds of ù (A.6) as patterns: one small class each, evaluated on a ``UContext``.

Phỏm has no cước to add up: an ù is paid the same whatever its kind (``rules.pay_u``), so the
patterns only name the win in ``Outcome.patterns`` (and in records and the CLI).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from chieu.core.outcome import PatternHit
from chieu.core.patterns import Pattern, evaluate


@dataclass(frozen=True, slots=True)
class UContext:
    kind: str  # "u", "u_tron", "u_an_ba_cay", "u_khan"
    sent: int  # cards sent (gửi) on the winning turn
    den: bool


class U(Pattern[UContext]):
    id: ClassVar[str] = "u"
    name: ClassVar[str] = "Ù"
    fallback: ClassVar[bool] = True

    def count(self, ctx: UContext) -> int:
        return 1


class UGui(Pattern[UContext]):
    id: ClassVar[str] = "u_gui"
    name: ClassVar[str] = "Ù gửi"

    def count(self, ctx: UContext) -> int:
        return int(ctx.kind == "u" and ctx.sent > 0)


class UTron(Pattern[UContext]):
    id: ClassVar[str] = "u_tron"
    name: ClassVar[str] = "Ù tròn"

    def count(self, ctx: UContext) -> int:
        return int(ctx.kind == "u_tron")


class UAnBaCay(Pattern[UContext]):
    id: ClassVar[str] = "u_an_ba_cay"
    name: ClassVar[str] = "Ù ăn ba cây"

    def count(self, ctx: UContext) -> int:
        return int(ctx.kind == "u_an_ba_cay")


class UKhan(Pattern[UContext]):
    id: ClassVar[str] = "u_khan"
    name: ClassVar[str] = "Ù khan"

    def count(self, ctx: UContext) -> int:
        return int(ctx.kind == "u_khan")


class Den(Pattern[UContext]):
    id: ClassVar[str] = "den"
    name: ClassVar[str] = "Đền"

    def count(self, ctx: UContext) -> int:
        return int(ctx.den)


PATTERNS: tuple[Pattern[UContext], ...] = (UGui(), UTron(), UAnBaCay(), UKhan(), Den(), U())


def u_patterns(ctx: UContext) -> list[PatternHit]:
    hits = evaluate(PATTERNS, ctx)
    if not any(h.id != "den" for h in hits):
        hits.insert(0, PatternHit(U.id, U.name, 1))
    return hits


__all__ = ["PATTERNS", "UContext", "u_patterns"]
