"""What a match says about each bot: mean points with a 95% interval, win rate, a rating.

* **Mean points per game** of a bot: its points averaged over every seat it held in every
  game. The 95% interval treats each *deal* as one sample (the bot's mean over that deal's
  rotations): deals are independent, the games of one deal are not. Normal approximation,
  ``mean ± 1.96 · sd / √deals`` (with one deal the interval is unbounded).
* **Win rate**: the share of the bot's seat-games that it won (ù).
* **Rating** (Elo-like): every game compares every pair of seats held by different bots (more
  points = a win, equal = half a win); a Bradley–Terry model is fitted to these counts and put
  on the Elo scale (400 · log10 of the strength), the mean of the bots at 1500.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypedDict

from chieu.arena.core import GameResult

Z95 = 1.96


class BotStatsJson(TypedDict):
    """``BotStats.to_json()``: one bot's line of the match's report."""

    bot: str
    seat_games: int
    mean_points: float | None
    ci95: list[float | None]
    win_rate: float
    rating: float
    faults: int
    failures: int


@dataclass(frozen=True)
class BotStats:
    name: str
    seat_games: int
    mean: float
    ci_low: float
    ci_high: float
    win_rate: float
    rating: float
    faults: int
    failures: int

    @property
    def ci_half(self) -> float:
        return (self.ci_high - self.ci_low) / 2

    def to_json(self) -> BotStatsJson:
        def num(x: float) -> float | None:
            return None if math.isinf(x) or math.isnan(x) else round(x, 4)

        return {
            "bot": self.name,
            "seat_games": self.seat_games,
            "mean_points": num(self.mean),
            "ci95": [num(self.ci_low), num(self.ci_high)],
            "win_rate": round(self.win_rate, 4),
            "rating": round(self.rating, 1),
            "faults": self.faults,
            "failures": self.failures,
        }


def mean_ci(samples: Sequence[float]) -> tuple[float, float, float]:
    """Mean and the normal 95% interval of the mean."""
    n = len(samples)
    if n == 0:
        return 0.0, -math.inf, math.inf
    mean = sum(samples) / n
    if n == 1:
        return mean, -math.inf, math.inf
    var = sum((x - mean) ** 2 for x in samples) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def ratings(results: Sequence[GameResult], names: Sequence[str]) -> dict[str, float]:
    """Bradley–Terry strengths fitted to the pairwise results, on the Elo scale."""
    wins: dict[tuple[str, str], float] = defaultdict(float)
    for r in results:
        for i, a in enumerate(r.seats):
            for j, b in enumerate(r.seats):
                if a == b or i == j:
                    continue
                if r.payoffs[i] > r.payoffs[j]:
                    wins[(a, b)] += 1.0
                elif r.payoffs[i] == r.payoffs[j]:
                    wins[(a, b)] += 0.5
    bots = list(dict.fromkeys(names))
    if len(bots) < 2:
        return dict.fromkeys(bots, 1500.0)
    # a prior of one drawn game against every other bot keeps every strength finite
    for a in bots:
        for b in bots:
            if a != b:
                wins[(a, b)] += 0.5
    strength = dict.fromkeys(bots, 1.0)
    for _ in range(200):
        new = {}
        for a in bots:
            won = sum(wins[(a, b)] for b in bots if b != a)
            games = sum(
                (wins[(a, b)] + wins[(b, a)]) / (strength[a] + strength[b]) for b in bots if b != a
            )
            new[a] = won / games if games else 1.0
        mean_log = sum(math.log(v) for v in new.values()) / len(new)
        strength = {a: v / math.exp(mean_log) for a, v in new.items()}
    return {a: 1500.0 + 400.0 * math.log10(strength[a]) for a in bots}


def summarize(results: Sequence[GameResult], lineup: Sequence[str]) -> list[BotStats]:
    names = list(dict.fromkeys(lineup))
    per_deal: dict[str, dict[int, list[float]]] = {n: defaultdict(list) for n in names}
    wins: dict[str, int] = defaultdict(int)
    seat_games: dict[str, int] = defaultdict(int)
    faults: dict[str, int] = defaultdict(int)
    failures: dict[str, int] = defaultdict(int)
    for r in results:
        for seat, name in enumerate(r.seats):
            per_deal[name][r.deal].append(r.payoffs[seat])
            seat_games[name] += 1
            if r.winner == seat:
                wins[name] += 1
        for seat, _ in r.faults:
            faults[r.seats[seat]] += 1
        for seat, _ in r.failures:
            failures[r.seats[seat]] += 1
    rating = ratings(results, names)
    out = []
    for name in names:
        samples = [sum(v) / len(v) for v in per_deal[name].values()]
        mean, lo, hi = mean_ci(samples)
        games = seat_games[name]
        out.append(
            BotStats(
                name,
                games,
                mean,
                lo,
                hi,
                wins[name] / games if games else 0.0,
                rating.get(name, 1500.0),
                faults[name],
                failures[name],
            )
        )
    return out
