"""Tổ tôm house rules as data: a frozen Rules with documented defaults and named presets.

Defaults follow shared/rules/chan_totom.md Part B, Part D and Appendix E. Every field is an
option a table can change: ``Rules.help`` explains each in one line (Vietnamese, English) and
``Rules.choices`` lists the values each takes; ``docs/rules/totom.md`` gives their sources.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal, get_args

from chieu.core.errors import ChieuError
from chieu.core.rules import RulesBase

FaultMode = Literal["referee", "strict"]
HoMode = Literal["auto", "declared"]
#: B4.3 lưng readings: ra (default: named + khàn + thiên khai + phu bí + lone yêu, ≥ 3),
#: r0 (the seed's literal list: named + khàn + thiên khai, ≥ 3), rc (named + lone yêu, ≥ 2)
LungReading = Literal["ra", "r0", "rc"]

FAULT_MODES: tuple[FaultMode, ...] = get_args(FaultMode)
HO_MODES: tuple[HoMode, ...] = get_args(HoMode)
LUNG_READINGS: tuple[LungReading, ...] = get_args(LungReading)
PLAYERS = (4, 5)


@dataclass(frozen=True, slots=True)
class Rules(RulesBase):
    label: ClassVar[str] = "Tổ tôm"
    help: ClassVar[dict[str, tuple[str, str]]] = {
        "players": ("Số người chơi: 5, hoặc 4 (bí tứ).", "Number of players: 5, or 4 (bí tứ)."),
        "fault_mode": (
            "referee: có trọng tài bắt lỗi; strict: máy không cho đi nước phạm lỗi.",
            "referee: a referee calls faults; strict: moves that commit a fault are not offered.",
        ),
        "ho": (
            "auto: máy hô đúng cước; declared: người ù tự hô (hô quá là ù nhỏ hô to).",
            "auto: the engine calls the true cước; declared: the winner calls them.",
        ),
        "lung_reading": (
            "Cách đọc lưng: ra (bí và yêu lẻ là lưng, ≥ 3), r0 (chỉ lưng có tên, ≥ 3), "
            "rc (lưng có tên và yêu lẻ, ≥ 2).",
            "Which phu are lưng: ra (bí and lone yêu too, ≥ 3), r0 (named only, ≥ 3), "
            "rc (named and lone yêu, ≥ 2).",
        ),
        "unit": (
            "Đơn vị điểm: 1 (suông 2 dịch 1, hội 25) hoặc 2 (suông 4 dịch 2, hội 50).",
            "Score unit: 1 (suông 2 dịch 1, a hội of 25) or 2 (suông 4 dịch 2, 50).",
        ),
        "passed_nocc_live": (
            "Quân nọc mình bỏ lượt vẫn còn cho nhà dưới ăn.",
            "A nọc card its drawer leaves stays live for the next seat.",
        ),
        "claim_turn_jump": (
            "Sau phỗng, dậy khàn: đi tiếp từ người phỗng (không trả cửa).",
            "After phỗng or dậy khàn, play goes on from the taker (no trả cửa).",
        ),
    }
    choices: ClassVar[dict[str, tuple[object, ...]]] = {
        "players": PLAYERS,
        "fault_mode": FAULT_MODES,
        "ho": HO_MODES,
        "lung_reading": LUNG_READINGS,
        "unit": (1, 2),
        "passed_nocc_live": (True, False),
        "claim_turn_jump": (True, False),
    }

    players: int = 5  # B2.1: 5; 4 = bí tứ (one part of the deck removed)
    fault_mode: FaultMode = "referee"  # referee | strict (C1)
    ho: HoMode = "auto"  # B5.2 calls: auto (the engine calls the true cước) | declared
    lung_reading: LungReading = "ra"  # B4.3 / D-15
    unit: int = 1  # B5.1: 1 = suông 2 dịch 1 ; 2 = suông 4 dịch 2
    passed_nocc_live: bool = True  # D-18
    claim_turn_jump: bool = False  # D-20: False = trả cửa

    def __post_init__(self) -> None:
        for name, allowed in self.choices.items():
            value = getattr(self, name)
            if value not in allowed:
                opts = ", ".join(repr(a) for a in allowed)
                raise ChieuError(
                    f"rule {name}={value!r} is not allowed; choose one of {opts}",
                    vi=f"luật {name}={value!r} không được phép; chọn một trong {opts}",
                )

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
