"""Đôi's house rules as data: a frozen ``Rules`` (``chieu.core.rules.RulesBase``) whose every
field is an option with its help in Vietnamese and English, and the named presets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from chieu.core.errors import ChieuError
from chieu.core.rules import RulesBase

MAX_POINTS = 10


@dataclass(frozen=True, slots=True)
class Rules(RulesBase):
    label: ClassVar[str] = "Đôi"

    players: int = 2
    hand_size: int = 5
    take_discard: bool = True
    pair_points: int = 1
    out_bonus: int = 2

    help: ClassVar[dict[str, tuple[str, str]]] = {
        "players": ("Số người chơi (2 hoặc 3).", "Number of players (2 or 3)."),
        "hand_size": ("Số quân chia cho mỗi người.", "Cards dealt to each player."),
        "take_discard": (
            "Được lấy quân vừa đánh khi nó thành đôi với một quân trên tay.",
            "The last discard may be taken when it pairs a card in hand.",
        ),
        "pair_points": ("Điểm của mỗi đôi đã hạ.", "Points of each pair laid."),
        "out_bonus": ("Điểm thưởng cho người hết bài trước.", "Bonus for emptying one's hand."),
    }
    choices: ClassVar[dict[str, tuple[Any, ...]]] = {
        "players": (2, 3),
        "hand_size": (3, 4, 5, 6),
    }

    def __post_init__(self) -> None:
        for name, allowed in self.choices.items():
            value = getattr(self, name)
            if value not in allowed or isinstance(value, bool):
                opts = ", ".join(repr(a) for a in allowed)
                raise ChieuError(f"rule {name}={value!r} is not allowed; choose one of {opts}")
        if not isinstance(self.take_discard, bool):
            raise ChieuError(f"rule take_discard={self.take_discard!r} must be true or false")
        for name in ("pair_points", "out_bonus"):
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= MAX_POINTS:
                raise ChieuError(f"rule {name}={v!r} must be a whole number 0..{MAX_POINTS}")


PRESETS: dict[str, Rules] = {
    "default": Rules(),
    "draw_only": Rules(take_discard=False),  # no taking the discard: luck of the draw
    "three": Rules(players=3, hand_size=4),
}
