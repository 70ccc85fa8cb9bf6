"""Tuning the search bot's decision rule offline (``chieu bot tune GAME``).

An arena match says whether a bot is stronger, but it needs thousands of deals to see a small
difference. This measures each *decision* instead. Games are played with the search bot in every
other seat (the heuristic in the rest). At each search decision with two or more candidate
actions, the bot's own analysis (its normal budget) is kept, and an independent evaluation
scores every candidate: ``worlds`` fresh sampled worlds per candidate, paired as in the search,
with seeds the bot never used (so its noise does not flatter the bot's own choices). For each
threshold ``z`` the choice the decision rule would make with that ``z`` is scored by the
evaluation as a *gain* over the heuristic's choice. The report gives, per threshold, the mean
gain per decision, its standard error and how often the choice differed from the heuristic's.

The evaluation shares the search's model of the game (worlds dealt uniformly from the unseen
cards, the heuristic in every seat), so the gains are in that model's points, not a promise
for the arena; they rank thresholds.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Unpack

from chieu.bots.base import Bot, Observation, play_game
from chieu.bots.registry import get_bot
from chieu.bots.search import ActionValue, SearchBot, SearchOptions, decide
from chieu.core.actions import Action
from chieu.core.errors import ChieuError
from chieu.core.rng import Rng, derive_seed
from chieu.core.table import load_game

DEFAULT_THRESHOLDS = (0.0, 0.5, 1.0, 1.5, 2.0)


@dataclass(frozen=True)
class ThresholdGain:
    """What one threshold would have gained over the heuristic, per decision."""

    threshold: float
    decisions: int
    mean_gain: float
    error: float  # standard error of the mean gain
    changed: int  # decisions where the choice was not the heuristic's

    def to_json(self) -> dict[str, float | int]:
        return {
            "threshold": self.threshold,
            "decisions": self.decisions,
            "mean_gain": round(self.mean_gain, 4),
            "error": round(self.error, 4),
            "changed": self.changed,
        }


class TuningSearchBot(SearchBot):
    """A search bot that also scores, at each decision, the choice of every threshold."""

    name = "search-tuning"

    def __init__(
        self,
        game: str,
        *,
        worlds: int,
        thresholds: Sequence[float] = DEFAULT_THRESHOLDS,
        **options: Unpack[SearchOptions],
    ) -> None:
        super().__init__(game, **options)
        self.eval_worlds = worlds
        self.thresholds = tuple(thresholds)
        self.gains: dict[float, list[tuple[float, bool]]] = {z: [] for z in self.thresholds}

    def analyse(
        self,
        observation: Observation,
        legal_actions: list[Action],
        rng: Rng,
        guess: Action | None = None,
        order: list[Action] | None = None,
    ) -> list[ActionValue]:
        own = super().analyse(observation, legal_actions, rng, guess, order)
        if len(own) < 2 or guess is None:
            return own
        budget = self.millis, self.iterations
        self.millis, self.iterations = None, self.eval_worlds * len(own)
        try:
            fresh = Rng(rng.randrange(1 << 62), "tune")
            scored = super().analyse(observation, legal_actions, fresh, guess, order)
        finally:
            self.millis, self.iterations = budget
        self.last = own
        value = {v.action: v.mean for v in scored}
        if guess not in value:
            return own
        for z in self.thresholds:
            choice = decide(own, guess, z, self.min_pairs)
            gain = value.get(choice, value[guess]) - value[guess]
            self.gains[z].append((gain, choice != guess))
        return own


@dataclass
class TuningRun:
    game: str
    games: int
    seed: int
    worlds: int
    gains: list[ThresholdGain] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        return {
            "game": self.game,
            "games": self.games,
            "seed": self.seed,
            "worlds": self.worlds,
            "thresholds": [g.to_json() for g in self.gains],
        }


def tune(
    game_name: str,
    *,
    games: int,
    seed: int = 0,
    worlds: int = 120,
    thresholds: Sequence[float] = DEFAULT_THRESHOLDS,
    millis: float | None = None,
    iterations: int | None = None,
) -> TuningRun:
    """Play ``games`` games (heuristic and the tuning search bot in alternate seats) and score
    every threshold at every search decision. The bot's own budget is ``millis`` or
    ``iterations`` (the search bot's default without either)."""
    if games < 1 or worlds < 2:
        raise ChieuError(
            "tuning needs at least 1 game and 2 worlds per action",
            vi="chấm ngưỡng cần ít nhất 1 ván và 2 thế bài mỗi nước (--worlds 2 trở lên)",
        )
    bound = load_game(game_name, {})
    game = bound.definition
    players = bound.rules.players
    tuners: list[TuningSearchBot] = []
    for g in range(games):
        bots: list[Bot] = []
        for seat in range(players):
            if seat % 2:
                bot = TuningSearchBot(
                    game.name,
                    worlds=worlds,
                    thresholds=thresholds,
                    millis=millis,
                    iterations=iterations,
                )
                tuners.append(bot)
                bots.append(bot)
            else:
                bots.append(get_bot("heuristic", game))
        play_game(bound, None, derive_seed(seed, "tune", g), bots)
    run = TuningRun(game.name, games, seed, worlds)
    for z in thresholds:
        xs = [x for bot in tuners for x in bot.gains[z]]
        run.gains.append(_gain(z, xs))
    return run


def _gain(z: float, scored: list[tuple[float, bool]]) -> ThresholdGain:
    n = len(scored)
    if n == 0:
        return ThresholdGain(z, 0, 0.0, math.inf, 0)
    xs = [x for x, _ in scored]
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else math.inf
    return ThresholdGain(z, n, mean, math.sqrt(var / n), sum(1 for _, c in scored if c))
