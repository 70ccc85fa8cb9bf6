"""Phỏm house rules as data: a frozen Rules with the defaults of shared/rules A.7–A.8.

Every option of the A.8 table is a field with its default; ``docs/rules/phom.md`` lists them
with their sources. Amounts are in units of ``stake`` points.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from chieu.core.errors import ChieuError
from chieu.core.rules import RulesBase

CARD_POINTS = ("A1_K13", "faces_10")
DIRECTIONS = ("clockwise", "counterclockwise")
U_KHAN_CA = ("adjacent_or_same_rank", "within_two")
SEND_TIMING = ("laydown_and_later_turns", "laydown_only")
CHOT_DEFINITIONS = ("final_discard", "seed_round3")
PAY_EAT_MODES = ("flat", "escalating")
TIE_BREAKS = ("earlier_laydown_wins", "split")


@dataclass(frozen=True, slots=True)
class Rules(RulesBase):
    label: ClassVar[str] = "Phỏm"

    players: int = 4  # 2..4 [seed]
    card_points: str = "A1_K13"  # A.1: A=1 .. K=13; faces_10: J, Q, K = 10 [source: RB]
    play_direction: str = "clockwise"  # A.3
    allow_u_khan: bool = False  # A.6
    u_khan_ca: str = "adjacent_or_same_rank"  # A.6
    allow_u_tron: bool = True  # A.5.7
    send_timing: str = "laydown_and_later_turns"  # A.5.6
    mom_may_send: bool = False  # A.5.6
    finished_player_may_eat: bool = True  # A.5.7 (thêm vòng by eating)
    chot_definition: str = "final_discard"  # A.5.8
    den_three_eats: bool = True  # A.7.2 [seed]
    den_u_from_chot: bool = True  # A.7.2
    pay_eat: int = 1
    pay_eat_chot: int = 4
    pay_rank: tuple[int, ...] = (0, 1, 2, 3)  # nhất, nhì, ba, bét (first n entries)
    pay_mom: int = 4
    pay_u: int = 5
    pay_eat_mode: str = "flat"
    tie_break: str = "earlier_laydown_wins"  # A.7.1
    stake: int = 1  # points per unit (points only, never money)

    def __post_init__(self) -> None:
        def need(name: str, value: object, allowed: tuple[Any, ...]) -> None:
            if value not in allowed:
                opts = ", ".join(repr(a) for a in allowed)
                raise ChieuError(f"rule {name}={value!r} is not allowed; choose one of {opts}")

        need("players", self.players, (2, 3, 4))
        need("card_points", self.card_points, CARD_POINTS)
        need("play_direction", self.play_direction, DIRECTIONS)
        need("u_khan_ca", self.u_khan_ca, U_KHAN_CA)
        need("send_timing", self.send_timing, SEND_TIMING)
        need("chot_definition", self.chot_definition, CHOT_DEFINITIONS)
        need("pay_eat_mode", self.pay_eat_mode, PAY_EAT_MODES)
        need("tie_break", self.tie_break, TIE_BREAKS)
        for name in (
            "allow_u_khan",
            "allow_u_tron",
            "mom_may_send",
            "finished_player_may_eat",
            "den_three_eats",
            "den_u_from_chot",
        ):
            if not isinstance(getattr(self, name), bool):
                raise ChieuError(f"rule {name}={getattr(self, name)!r} must be true or false")
        for name in ("pay_eat", "pay_eat_chot", "pay_mom", "pay_u"):
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise ChieuError(f"rule {name}={v!r} must be a whole number >= 0")
        if len(self.pay_rank) < 4 or any(
            not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in self.pay_rank
        ):
            raise ChieuError(
                f"rule pay_rank={list(self.pay_rank)!r} must list 4 whole numbers >= 0 "
                f"(nhất, nhì, ba, bét)"
            )
        if not isinstance(self.stake, int) or self.stake < 1:
            raise ChieuError(f"rule stake={self.stake!r} must be a positive number of points")

    @property
    def direction(self) -> int:
        return 1 if self.play_direction == "clockwise" else -1

    @classmethod
    def _prepare(cls, values: dict[str, Any]) -> dict[str, Any]:
        if "pay_rank" in values:
            raw = values["pay_rank"]
            if isinstance(raw, str):
                raw = [p for p in raw.replace(",", " ").split() if p]
            try:
                values["pay_rank"] = tuple(int(v) for v in raw)
            except (TypeError, ValueError):
                raise ChieuError(f"rule pay_rank={raw!r} must list 4 whole numbers") from None
        return values


PRESETS: dict[str, Rules] = {
    "default": Rules(),
    # the seed's own reading: chốt = last card of round 3, ù khan played, no chốt đền
    "seed": Rules(chot_definition="seed_round3", allow_u_khan=True, den_u_from_chot=False),
    # a strict table: gửi only at the lay-down, no ù tròn, no thêm vòng by eating
    "chat": Rules(send_timing="laydown_only", allow_u_tron=False, finished_player_may_eat=False),
    "faces_10": Rules(card_points="faces_10", play_direction="counterclockwise"),
}
