"""Bots take their time like a person (issue 31): a bot's answer comes ``bot_delay`` times a
factor in ``THINKING``, drawn from the game's secret nonce, the seat and when its decision
began: never 0 ms at a table where the delay is not 0, never the same pace every time, and
nothing a card could change."""

from __future__ import annotations

import statistics

from chieu.server.botpool import decision_rng
from chieu.server.clock import THINKING, thinking


def test_a_bot_thinks_a_varied_time_within_its_bounds() -> None:
    lo, hi = THINKING
    factors = [thinking("nonce-a", seat, 1000.0 + t / 7) for seat in range(4) for t in range(250)]
    assert all(lo <= f <= hi for f in factors) and lo > 0
    assert min(factors) < lo + 0.1 and max(factors) > hi - 0.1  # the whole range is used
    assert abs(statistics.fmean(factors) - (lo + hi) / 2) < 0.08  # uniform
    assert len({round(f, 6) for f in factors}) > 990


def test_the_same_decision_asked_again_gives_the_same_time() -> None:
    """The clock asks again and again while it waits: the due time must not move."""
    assert thinking("n", 2, 1234.5) == thinking("n", 2, 1234.5)
    assert thinking("n", 2, 1234.5) != thinking("m", 2, 1234.5)  # another game's nonce
    assert thinking("n", 2, 1234.5) != thinking("n", 3, 1234.5)


def test_each_decision_of_a_bot_draws_from_a_stream_of_its_own() -> None:
    """The workers make a bot's stream anew for every job: from the room's version, so that a
    bot that slips at random (Dễ) does not draw the same number at every decision."""
    first = [decision_rng(7, 1, step).random() for step in range(200)]
    assert len(set(first)) == 200
    assert decision_rng(7, 1, 5).random() == decision_rng(7, 1, 5).random()
    assert 0.25 < sum(x < 0.35 for x in first) / 200 < 0.45  # Dễ's slips, about one in three
