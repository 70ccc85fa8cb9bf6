"""Tổ tôm house rules as data: a frozen Rules with documented defaults and named presets.

Defaults follow shared/rules/chan_totom.md Part B, Part D and Appendix E. ``docs/rules/totom.md``
lists every option with its source.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from chieu.core.errors import ChieuError
from chieu.core.rules import RulesBase

FAULT_MODES = ("referee", "strict")
HO_MODES = ("auto", "declared")
#: B4.3 lưng readings: ra (default: named + khàn + thiên khai + phu bí + lone yêu, ≥ 3),
#: r0 (the seed's literal list: named + khàn + thiên khai, ≥ 3), rc (named + lone yêu, ≥ 2)
LUNG_READINGS = ("ra", "r0", "rc")


@dataclass(frozen=True, slots=True)
class Rules(RulesBase):
    label: ClassVar[str] = "Tổ tôm"

    players: int = 5  # B2.1: 5; 4 = bí tứ (one part of the deck removed)
    fault_mode: str = "referee"  # referee | strict (C1)
    ho: str = "auto"  # B5.2 calls: auto (the engine calls the true cước) | declared
    lung_reading: str = "ra"  # B4.3 / D-15
    unit: int = 1  # B5.1: 1 = suông 2 dịch 1 ; 2 = suông 4 dịch 2
    passed_nocc_live: bool = True  # D-18
    claim_turn_jump: bool = False  # D-20: False = trả cửa

    def __post_init__(self) -> None:
        def need(name: str, value: object, allowed: tuple[Any, ...]) -> None:
            if value not in allowed:
                opts = ", ".join(repr(a) for a in allowed)
                raise ChieuError(f"rule {name}={value!r} is not allowed; choose one of {opts}")

        need("players", self.players, (4, 5))
        need("fault_mode", self.fault_mode, FAULT_MODES)
        need("ho", self.ho, HO_MODES)
        need("lung_reading", self.lung_reading, LUNG_READINGS)
        need("unit", self.unit, (1, 2))
        need("passed_nocc_live", self.passed_nocc_live, (True, False))
        need("claim_turn_jump", self.claim_turn_jump, (True, False))

    @property
    def strict(self) -> bool:
        return self.fault_mode == "strict"

    @property
    def bi_is_lung(self) -> bool:
        return self.lung_reading == "ra"

    @property
    def yeu_is_lung(self) -> bool:
        return self.lung_reading in ("ra", "rc")

    @property
    def min_lung(self) -> int:
        return 2 if self.lung_reading == "rc" else 3

    @property
    def target(self) -> int:
        """B5.3: the hội ends when the points total reaches 25 (u = 1) or 50 (u = 2)."""
        return 25 * self.unit


PRESETS: dict[str, Rules] = {
    "default": Rules(),
    "strict": Rules(fault_mode="strict"),
    "bi_tu": Rules(players=4),
    "r0": Rules(lung_reading="r0"),
    "rc": Rules(lung_reading="rc"),
    "suong_4_dich_2": Rules(unit=2, ho="declared"),
}
