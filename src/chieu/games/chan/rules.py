"""Chắn house rules as data: a frozen Rules with documented defaults and named presets.

Defaults follow shared/rules/chan_totom.md (Part D and Appendix E). Every field is an option a
table can change; ``docs/rules/chan.md`` lists them with their sources.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from chieu.core.errors import ChieuError
from chieu.core.rules import RulesBase

FAULT_MODES = ("referee", "strict")
XUONG_MODES = ("auto", "declared")
CUOC_TABLES = ("sd", "jsc", "pyb", "ldg")
CHI_RONG = ("forbid", "allow_if_unchanged")
BO_U_SCOPES = ("card", "kind", "window")
COUNT_DIRS = ("right", "clockwise")
EXTRA_CUOC = ("ca_nhay_dau_thuyen", "dong_tu_hai_hoa", "chua_do_nat_hoa")


@dataclass(frozen=True, slots=True)
class Rules(RulesBase):
    label: ClassVar[str] = "Chắn"

    players: int = 4  # 2..4 (A2.1); 5 (bí ngũ) unsupported (D-3)
    fault_mode: str = "referee"  # referee | strict (C1)
    xuong: str = "auto"  # auto: the engine declares the true cước; declared: the player does
    count_dir: str = "right"  # D-1: bắt cái count in play direction
    last_nocc_dead: bool = True  # D-4: 23-card nọc, 22 drawable
    cuoc_table: str = "sd"  # D-5
    thap_thanh_stacks: bool = False  # D-6
    hoa_requires_bach_thu: bool = True  # D-8
    chi_rong: str = "forbid"  # D-9
    an_ca_doi_cho: bool = True  # D-10 (fault 10)
    bo_u_scope: str = "card"  # D-11
    thong_survives_hoa: bool = False  # D-13
    strict_xuong: bool = False  # A5.1 SD refinements
    min_u_score: int = 2  # 3 = "không chơi ù suông"
    thien_u_bach_thu: bool = False  # C16: SD adds bạch thủ to a thiên ù with exactly 6 chắn
    extra_cuoc: tuple[str, ...] = ()  # off-by-default cước of A5.2
    stake: int = 1  # points per score unit (points only, never money)

    def __post_init__(self) -> None:
        def need(name: str, value: object, allowed: tuple[Any, ...]) -> None:
            if value not in allowed:
                opts = ", ".join(repr(a) for a in allowed)
                raise ChieuError(f"rule {name}={value!r} is not allowed; choose one of {opts}")

        need("players", self.players, (2, 3, 4))
        need("fault_mode", self.fault_mode, FAULT_MODES)
        need("xuong", self.xuong, XUONG_MODES)
        need("count_dir", self.count_dir, COUNT_DIRS)
        need("cuoc_table", self.cuoc_table, CUOC_TABLES)
        need("chi_rong", self.chi_rong, CHI_RONG)
        need("bo_u_scope", self.bo_u_scope, BO_U_SCOPES)
        for extra in self.extra_cuoc:
            need("extra_cuoc", extra, EXTRA_CUOC)
        if not 0 <= self.min_u_score <= 20:
            raise ChieuError(f"rule min_u_score={self.min_u_score} must be between 0 and 20")
        if self.stake < 1:
            raise ChieuError(f"rule stake={self.stake} must be a positive number of points")

    @property
    def strict(self) -> bool:
        return self.fault_mode == "strict"


PRESETS: dict[str, Rules] = {
    "default": Rules(),  # faithful table play with a referee
    "strict": Rules(fault_mode="strict"),  # beginners, bots, self-play
    "san_dinh": Rules(
        bo_u_scope="window", strict_xuong=True, thap_thanh_stacks=True, thien_u_bach_thu=True
    ),
    "khong_u_suong": Rules(min_u_score=3),
}
