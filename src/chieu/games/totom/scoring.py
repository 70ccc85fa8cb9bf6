"""Tổ tôm scoring (B5): the cước of a win, its score, calls (hô) and the hội tally."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from chieu.core.outcome import PatternHit
from chieu.core.patterns import evaluate
from chieu.games.totom.cuoc import ALL_CUOC, CUOC_NAMES, VALUES, WinContext
from chieu.games.totom.rules import Rules

BASE = 2


def cuoc_of(ctx: WinContext) -> list[PatternHit]:
    """Every cước of the win (ù suông when there is none)."""
    return evaluate(ALL_CUOC, ctx)


def score_of(hits: list[PatternHit] | Mapping[str, int], rules: Rules) -> int:
    """B5.1: u × (2 + Σ extras); ``hits`` as pattern hits or ``{cước id: count}``."""
    counts = hits if isinstance(hits, Mapping) else {h.id: h.count for h in hits}
    return rules.unit * (BASE + sum(VALUES[c] * n for c, n in counts.items()))


def over_calls(called: Mapping[str, int], hits: list[PatternHit]) -> list[str]:
    """The called cước not held that many times (ù nhỏ hô to, B5.2)."""
    true = {h.id: h.count for h in hits}
    return [c for c, n in called.items() if n > true.get(c, 0) and c != "u_suong"]


def called_score(called: Mapping[str, int], rules: Rules) -> int:
    """Under-calling scores only what was called (B5.2 proposal)."""
    return score_of({c: n for c, n in called.items() if c in VALUES}, rules)


def hits_json(hits: list[PatternHit]) -> list[dict[str, Any]]:
    return [
        {"id": h.id, "name": CUOC_NAMES.get(h.id, h.name), "count": h.count, "value": VALUES[h.id]}
        for h in hits
    ]


@dataclass
class Hoi:
    """A sitting (*hội*, B5.3) with its marks: points, boats (chèo đò) and glasses (đeo kính).

    ``record(winner, score, ...)`` adds one game. A chèo đò wipes the offender's points, and
    his next win scores nothing (trả đò) and cannot be thông; đeo kính voids the current win and
    forbids thông at his next win. The hội ends once the points total reaches ``rules.target``.
    """

    players: int
    rules: Rules
    points: list[int] = field(default_factory=list)
    boats: list[bool] = field(default_factory=list)
    glasses: list[bool] = field(default_factory=list)
    last_winner: int | None = None

    def __post_init__(self) -> None:
        self.points = self.points or [0] * self.players
        self.boats = self.boats or [False] * self.players
        self.glasses = self.glasses or [False] * self.players

    def thong_allowed(self, seat: int) -> bool:
        return self.last_winner == seat and not self.boats[seat] and not self.glasses[seat]

    def record(self, winner: int | None, score: int, penalty: str | None = None) -> int:
        """Add one game; returns the points the winner actually got."""
        if winner is None:
            self.last_winner = None
            return 0
        got = 0
        if penalty == "cheo_do":
            self.points[winner] = 0
            self.boats[winner] = True
            self.last_winner = None
            return 0
        if penalty == "deo_kinh":
            self.glasses[winner] = True
            self.last_winner = winner
            return 0
        if self.boats[winner]:
            self.boats[winner] = False  # trả đò: this win scores nothing
            self.last_winner = None
            return 0
        self.glasses[winner] = False
        got = score
        self.points[winner] += got
        self.last_winner = winner
        return got

    @property
    def over(self) -> bool:
        return sum(self.points) >= self.rules.target

    def leader(self) -> int | None:
        best = max(self.points)
        tops = [s for s, p in enumerate(self.points) if p == best]
        return tops[0] if len(tops) == 1 else None
