"""The arena: duplicate matches between bots, and what they say about each bot.

``run_match(MatchConfig(...))`` plays the games (in parallel), ``summarize(results, lineup)``
gives each bot's mean points with a 95% interval, win rate and an Elo-like rating.
"""

from chieu.arena.core import (
    GameResult,
    MatchConfig,
    deal_seed,
    play_deal,
    rotations,
    run_match,
    seating,
    secret_seed,
    with_seed,
)
from chieu.arena.stats import BotStats, mean_ci, ratings, summarize

__all__ = [
    "BotStats",
    "GameResult",
    "MatchConfig",
    "deal_seed",
    "mean_ci",
    "play_deal",
    "ratings",
    "rotations",
    "run_match",
    "seating",
    "secret_seed",
    "summarize",
    "with_seed",
]
