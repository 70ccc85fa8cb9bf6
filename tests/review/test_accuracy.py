"""The coach's formulas on concrete numbers: win percentage, a move's accuracy (lichess's
103.1668·e^(−0.04354·Δ) − 3.1669, +1), the classes' thresholds and the game's accuracy."""

from __future__ import annotations

import math

import pytest

from chieu.review import classify, game_accuracy, move_accuracy, thresholds, win_percent


def test_win_percent() -> None:
    assert win_percent(0.0, 5.0) == 50.0
    assert win_percent(5.0, 5.0) == pytest.approx(50 + 50 * math.tanh(0.5))  # 73.1
    assert win_percent(-5.0, 5.0) == pytest.approx(26.894, abs=1e-3)
    assert 0.0 <= win_percent(-1e3, 1.0) < win_percent(1e3, 1.0) <= 100.0


def test_move_accuracy() -> None:
    assert move_accuracy(2.0, 2.0, 5.0) == 100.0  # nothing lost
    assert move_accuracy(2.0, 3.0, 5.0) == 100.0  # better than the judge's best
    # a loss of one scale from an even position: Δ = 23.106 points of win percentage
    assert move_accuracy(0.0, -5.0, 5.0) == pytest.approx(35.554, abs=1e-3)
    # lichess's formula itself, Δ = 10: 103.1668·e^(−0.4354) − 3.1669 + 1
    played = -2 * 5.0 * math.atanh(10 / 50)
    assert move_accuracy(0.0, played, 5.0) == pytest.approx(
        103.1668100711649 * math.exp(-0.4354415386753951) - 3.166924740191411 + 1
    )
    # from an even position the floor is lichess's own (Δ = 50): about 9.5
    assert move_accuracy(0.0, -1e6, 5.0) == pytest.approx(9.5278, abs=1e-3)
    assert move_accuracy(40.0, -40.0, 5.0) == 0.0  # a won game thrown away: clamped at 0


def test_thresholds_and_classes() -> None:
    limits = thresholds(5.0)
    assert limits == pytest.approx((1.00335, 2.02733, 3.09520), abs=1e-4)
    assert [classify(x, limits) for x in (0.0, 0.99, 1.01, 2.5, 3.1, 40.0)] == [
        "tot",
        "tot",
        "chua_chuan",
        "sai",
        "sai_nang",
        "sai_nang",
    ]
    # the loss at a threshold drops the win percentage from 50 by 5, 10, 15 points
    for drop, loss in zip((5, 10, 15), limits, strict=True):
        assert 50 - win_percent(-loss, 5.0) == pytest.approx(drop)


def test_game_accuracy() -> None:
    assert game_accuracy([], []) is None
    assert game_accuracy([100.0, 100.0], [50.0, 50.0]) == pytest.approx(100.0)
    # flat win percentages: equal weights (0.5 each); mean 75, harmonic 2/(1/100 + 1/50)
    got = game_accuracy([100.0, 50.0], [50.0, 50.0])
    assert got == pytest.approx((75.0 + 2 / (1 / 100 + 1 / 50)) / 2)
    # a move of 0 counts as 1 in the harmonic mean (lichess)
    assert game_accuracy([0.0], [50.0]) == pytest.approx((0.0 + 1.0) / 2)
    # a volatile stretch weighs its moves more: the bad move in it pulls harder
    calm = game_accuracy([100.0, 100.0, 20.0], [50.0, 50.0, 50.0])
    wild = game_accuracy([100.0, 100.0, 20.0], [50.0, 50.0, 90.0])
    assert calm is not None and wild is not None and wild < calm
