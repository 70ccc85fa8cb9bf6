"""Mạt chược house rules as data (shared/rules/phom_matchuoc.md B.7.6 defaults).

Every field is an option a table may change; ``docs/rules/matchuoc.md`` lists them with their
sources. Values are in phán unless the name says points.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from chieu.core.errors import ChieuError
from chieu.core.rules import RulesBase

TILE_SETS = ("160", "168", "176")
PAYMENT_TABLES = ("seed_main", "seed_addendum_shifted", "round")
LEFTOVER = ("linear", "ignore")
FLOWER_SETS = ("group", "seat_number", "none")
KHUNG_DISCARD = ("forbid_after_seat_flower", "always", "never")
MULTI_RON = ("head_bump", "all")
BLESSINGS = ("additive", "fixed")
HONOR_SCOPE = ("lai_only", "all")


@dataclass(frozen=True, slots=True)
class Rules(RulesBase):
    label: ClassVar[str] = "Mạt chược"

    players: int = 4  # B.3: four play (5-6 rotate in and out between deals)
    tile_set: str = "160"  # B.1.2
    payment_table: str = "seed_main"  # B.7.5
    leftover_phan: str = "linear"  # Q-M5
    coong_phan: int = 1  # Q-M9
    coong_bonus_points: int = 5  # B.7.5
    mun_bonus_points: int = 0  # B.7.5
    flower_set: str = "group"  # Q-M4
    flower_count_bonus: bool = True  # B.7.3 8/10 hoa
    khung_discard: str = "forbid_after_seat_flower"  # Q-M11
    phong_khung: bool = False  # B.7.4
    seven_pairs: bool = False  # Q-M12
    seven_pairs_self_draw_only: bool = True
    shanpon_tsumo_bonus: bool = False  # B.7.3
    honor_bonus_seat_wind: int = 1  # Q-M6
    honor_bonus_dragon: int = 1
    honor_bonus_prevailing: int = 0
    honor_bonus_scope: str = "lai_only"
    khong_hoa_la_no_honors: bool = False  # Q-M16
    tieu_tu_hy_toan_chu: int = 6  # mủn
    dai_tu_hy_toan_chu: int = 8  # mủn
    tieu_tu_hy_k: int = 0  # mủn
    tong_as_flower: bool = False  # B.1.3: Tổng may stand for a flower (never set down as one)
    khung_in_chow: bool = True  # B.5
    last_discard_claims: bool = True  # B.5: phỗng/ăn on a discard after the wall ran out
    multi_ron: str = "head_bump"  # Q-M13
    rob_kong: bool = False  # B.5 (not implemented beyond False)
    blessings: str = "additive"  # Q-M10
    dealer_keeps_on_win: bool = True
    dealer_keeps_on_draw: bool = True

    def __post_init__(self) -> None:
        def need(name: str, value: object, allowed: tuple[Any, ...]) -> None:
            if value not in allowed:
                opts = ", ".join(repr(a) for a in allowed)
                raise ChieuError(f"rule {name}={value!r} is not allowed; choose one of {opts}")

        need("players", self.players, (4,))
        need("tile_set", self.tile_set, TILE_SETS)
        need("payment_table", self.payment_table, PAYMENT_TABLES)
        need("leftover_phan", self.leftover_phan, LEFTOVER)
        need("flower_set", self.flower_set, FLOWER_SETS)
        need("khung_discard", self.khung_discard, KHUNG_DISCARD)
        need("multi_ron", self.multi_ron, MULTI_RON)
        need("blessings", self.blessings, BLESSINGS)
        need("honor_bonus_scope", self.honor_bonus_scope, HONOR_SCOPE)
        need("tieu_tu_hy_toan_chu", self.tieu_tu_hy_toan_chu, (6, 8))
        need("dai_tu_hy_toan_chu", self.dai_tu_hy_toan_chu, (8, 10))
        need("rob_kong", self.rob_kong, (False,))
        for fname in (
            "coong_phan",
            "coong_bonus_points",
            "mun_bonus_points",
            "honor_bonus_seat_wind",
            "honor_bonus_dragon",
            "honor_bonus_prevailing",
            "tieu_tu_hy_k",
        ):
            v = getattr(self, fname)
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 100:
                raise ChieuError(f"rule {fname}={v!r} must be a whole number 0..100")

    @classmethod
    def _prepare(cls, values: dict[str, Any]) -> dict[str, Any]:
        if "tile_set" in values:
            values["tile_set"] = str(values["tile_set"])
        return values


PRESETS: dict[str, Rules] = {
    "default": Rules(),
    "khung_176": Rules(tile_set="176", khung_discard="always", multi_ron="all"),
    "khong_danh_khung": Rules(khung_discard="never", phong_khung=True, seven_pairs=True),
}
