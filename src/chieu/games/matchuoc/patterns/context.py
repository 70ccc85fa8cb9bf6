"""What a scoring pattern looks at: the facts of one win and one reading of its 14 tiles."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from chieu.games.matchuoc.cards import (
    HONOR0,
    NUM_BASIC,
    is_dragon,
    is_honor,
    is_terminal,
    is_wind,
)
from chieu.games.matchuoc.decompose import Group
from chieu.games.matchuoc.rules import Rules


@dataclass(frozen=True)
class WinFacts:
    """Everything about a win that does not depend on how its tiles are read.

    ``seat`` is the cửa (1 = Đông, the dealer .. 4 = Bắc). ``khung_down`` lists each khung set
    down as ``(kind, at_opening)``; ``tong_hop_later`` counts Tổng+Hợp pairs set down together
    after the opening; ``khung_discarded`` lists ``(kind, at_opening)`` for khung this seat
    discarded. ``win_tile`` is the basic kind (or khung) that completed the hand; for a win on a
    discarded flower it is that flower (``flower_win``), standing in as a Tổng.
    """

    seat: int = 1
    self_draw: bool = False
    win_tile: int = -1
    from_dead_wall: bool = False
    flowers: tuple[int, ...] = ()
    khung_down: tuple[tuple[int, bool], ...] = ()
    tong_hop_opening: int = 0
    tong_hop_later: int = 0
    khung_discarded: tuple[tuple[int, bool], ...] = ()
    thien: bool = False
    dia: bool = False
    nhan: bool = False
    flower_win: bool = False
    waits: tuple[int, ...] = ()
    phong_hoa: bool = False
    prevailing: int = HONOR0
    rules: Rules = field(default_factory=Rules)

    @property
    def set_down_any(self) -> bool:
        return bool(self.flowers or self.khung_down or self.tong_hop_later or self.tong_hop_opening)


@dataclass
class Reading:
    """One reading of the winning tiles: 4 phu + a pair (``special`` for Xập xám chướng or
    seven pairs, with ``groups`` then empty) and the win's facts."""

    groups: list[Group]
    facts: WinFacts
    tiles: tuple[int, ...] = ()  # the 14 basic kinds after substitution
    uses_khung: bool = False
    special: str = ""

    @cached_property
    def phu(self) -> list[Group]:
        return [g for g in self.groups if g.kind != "pair"]

    @cached_property
    def pair(self) -> Group | None:
        for g in self.groups:
            if g.kind == "pair":
                return g
        return None

    @cached_property
    def all_ngang(self) -> bool:
        return bool(self.phu) and all(g.ngang for g in self.phu)

    @cached_property
    def all_doc(self) -> bool:
        return bool(self.phu) and all(g.kind == "chow" for g in self.phu)

    @cached_property
    def suits(self) -> set[int]:
        return {t // 9 for t in self.tiles if t < 27}

    @cached_property
    def has_honor(self) -> bool:
        return any(is_honor(t) for t in self.tiles)

    @cached_property
    def lai(self) -> bool:
        return len(self.suits) == 1 and self.has_honor

    @cached_property
    def mot_hang(self) -> bool:
        return len(self.suits) == 1 and not self.has_honor

    @property
    def khong_khung(self) -> bool:
        return not self.uses_khung

    def ngang_of(self, pred: object) -> list[Group]:
        return [g for g in self.phu if g.ngang and pred(g.base)]  # type: ignore[operator]

    @cached_property
    def dragon_pungs(self) -> int:
        return len(self.ngang_of(is_dragon))

    @cached_property
    def wind_pungs(self) -> int:
        return len(self.ngang_of(is_wind))

    @cached_property
    def all_terminal(self) -> bool:
        return bool(self.tiles) and all(is_terminal(t) for t in self.tiles)

    @cached_property
    def all_terminal_honor(self) -> bool:
        return bool(self.tiles) and all(is_terminal(t) or is_honor(t) for t in self.tiles)

    @cached_property
    def all_honor(self) -> bool:
        return bool(self.tiles) and all(HONOR0 <= t < NUM_BASIC for t in self.tiles)
