"""Accuracy and classes from expected points, the way lichess makes them from win chances.

lichess maps an engine's centipawns to a *win percentage* ``W = 50 + 50·(2/(1+e^(−k·cp)) − 1)``
and scores each move by the win percentage it gave away, ``Δ = W(before) − W(after)``:
``accuracy = 103.1668·e^(−0.04354·Δ) − 3.1669`` (+1, clamped to 0..100), and a game by the
mean of a volatility-weighted mean and the harmonic mean of its moves' accuracies.

Here the judge gives expected points (a seat's mean payoff at the end of the game), which
have no bound. A game's ``scale`` (points: the spread of one seat's results, see
``docs/review.md``) plays the part of ``1/k``: ``W(x) = 50 + 50·tanh(x / (2·scale))``, so one
scale of expected points around an even position is ≈ 23 percentage points of win chance, as
≈ 270 centipawns are in chess. ``Δ = W(best) − W(played)`` then feeds lichess's formulas
unchanged. The classes use lichess's thresholds on win chances too (5, 10, 15 points of ``W``:
inaccuracy, mistake, blunder), read at an even position as points lost.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Literal

Klass = Literal["tot", "chua_chuan", "sai", "sai_nang"]
CLASSES: tuple[Klass, ...] = ("tot", "chua_chuan", "sai", "sai_nang")
CLASS_WORDS: dict[Klass, tuple[str, str]] = {
    "tot": ("tốt", "good"),
    "chua_chuan": ("chưa chuẩn", "inaccuracy"),
    "sai": ("sai", "mistake"),
    "sai_nang": ("sai nặng", "blunder"),
}
#: lichess's drops of win percentage for an inaccuracy, a mistake and a blunder
WIN_DROPS = (5.0, 10.0, 15.0)

A, B, C = 103.1668100711649, -0.04354415386753951, -3.166924740191411


def win_percent(points: float, scale: float) -> float:
    """The win-percentage-like value of ``points`` expected (0..100; 50 at 0)."""
    return 50.0 + 50.0 * math.tanh(points / (2.0 * scale))


def move_accuracy(best: float, played: float, scale: float) -> float:
    """lichess's accuracy of one move (0..100) from the expected points of the best and the
    played action: 100 when nothing is lost."""
    before, after = win_percent(best, scale), win_percent(played, scale)
    if after >= before:
        return 100.0
    raw = A * math.exp(B * (before - after)) + C + 1.0  # lichess's +1: the analysis is imperfect
    return min(100.0, max(0.0, raw))


def thresholds(scale: float) -> tuple[float, float, float]:
    """The points lost from an even position that drop ``W`` by 5, 10 and 15 percentage points
    (inaccuracy, mistake, blunder): ``2·scale·atanh(d/50)``."""
    a, b, c = (2.0 * scale * math.atanh(d / 50.0) for d in WIN_DROPS)
    return a, b, c


def classify(loss: float, limits: tuple[float, float, float]) -> Klass:
    """The class of a decision that lost ``loss`` expected points (``limits``: inaccuracy,
    mistake and blunder thresholds, in points)."""
    if loss >= limits[2]:
        return "sai_nang"
    if loss >= limits[1]:
        return "sai"
    if loss >= limits[0]:
        return "chua_chuan"
    return "tot"


def game_accuracy(moves: Sequence[float], wins: Sequence[float]) -> float | None:
    """lichess's game accuracy of one seat: the mean of the volatility-weighted mean and the
    harmonic mean of its moves' accuracies (``moves``); ``wins``: the win percentage of the
    position before each move, whose spread over a window (clamped to 0.5..12) weighs it.
    None without a move."""
    n = len(moves)
    if n == 0:
        return None
    size = min(8, max(2, n // 10))
    weights = []
    for i in range(n):
        window = list(wins[max(0, i - size + 1) : i + 1])
        if len(window) < size:  # lichess repeats the first window at the start
            window = list(wins[:size])
        sd = statistics.pstdev(window) if len(window) > 1 else 0.0
        weights.append(min(12.0, max(0.5, sd)))
    weighted = sum(a * w for a, w in zip(moves, weights, strict=True)) / sum(weights)
    harmonic = n / sum(1.0 / max(1.0, a) for a in moves)
    return (weighted + harmonic) / 2.0
