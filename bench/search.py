"""Search bot figures, for every game whose worlds it can sample (``python -m bench --only
search``): the playouts per second of the ``search`` bot (``chieu.bots.search``), and the time
a decision of the ``search`` bot as it ships (its game's kit options: Tổ tôm's 20 playouts,
the others' 150 ms clock) against issue 31's bound of 200 ms a decision on one core.

A batch is one game with the ``paired`` search in seat 0 (a budget of 16 playouts per
decision) and heuristic bots elsewhere; every playout plays a sampled world to its end with the
heuristic bots (``SearchBot._rollout``). The figure is the playouts per second over the same
games every time (seeds 0 to 7; 0 and 1 with ``--quick``), after one game to warm up, for
information (no target): what a search decision costs, which the rollout's loop dominates.
(Games differ much in length, Tổ tôm's most: a figure over whichever games fit in a timed run
moved by a factor of two from run to run.)
"""

from __future__ import annotations

import time
from typing import Any

from bench.common import Figure

TITLES = {"chan": "Chắn", "phom": "Phỏm", "totom": "Tổ tôm", "matchuoc": "Mạt chược"}
PLAYOUTS = 16
#: issue 31: the search at most 200 ms a decision on one core
BOUND_MS = 200.0


class SearchGames:
    """Whole games (seeds 0, 1, 2...): a search bot in seat 0 with a budget of ``PLAYOUTS``
    playouts per decision, heuristic bots elsewhere; ``batch()`` plays one game and returns
    the playouts of its search decisions."""

    def __init__(self, game: str) -> None:
        from chieu.core.table import load_game

        self.game = game
        self.players = load_game(game).info.players
        self.seed = 0
        self.decisions = 0
        self.seconds = 0.0

    def batch(self, shipped: bool = False) -> int:
        """One game; the playouts of its search decisions (``shipped``: the search as it
        ships, and ``decisions`` / ``seconds`` count its decisions with a choice)."""
        from chieu.bots.base import play_game
        from chieu.bots.registry import get_bot
        from chieu.bots.search import SearchBot
        from chieu.core.actions import Action
        from chieu.core.rng import Rng

        search: Any = (
            get_bot("search", self.game) if shipped else SearchBot(self.game, iterations=PLAYOUTS)
        )
        done = [0]
        loop = self

        class Counted:
            name = "search"

            def act(self, obs: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
                search.last = []
                start = time.process_time()
                action = search.act(obs, legal, rng)
                if len(legal) > 1:
                    loop.decisions += 1
                    loop.seconds += time.process_time() - start
                done[0] += sum(v.visits for v in search.last)
                return action

            def new_game(self, game: str, rules: dict[str, Any], seat: int) -> None:
                search.new_game(game, rules, seat)

        bots: list[Any] = [Counted()]
        bots += [get_bot("heuristic", self.game) for _ in range(self.players - 1)]
        play_game(self.game, None, self.seed, bots)
        self.seed += 1
        return done[0]


def bench_search(seconds: float) -> list[Figure]:
    from chieu.bots.worlds import worlds_for

    games = 2 if seconds < 1 else 8
    figures = []
    for game, title in TITLES.items():
        if worlds_for(game) is None:
            continue
        loop = SearchGames(game)
        loop.seed = 1000  # the warm-up game: not one of those timed
        loop.batch()
        loop.seed = 0
        start = time.perf_counter()
        done = sum(loop.batch() for _ in range(games))
        figures.append(
            Figure(
                f"search playouts {title}",
                done / (time.perf_counter() - start),
                "playouts/s",
                note=f"paired search, {PLAYOUTS} playouts per decision, heuristic playouts; "
                f"seeds 0–{games - 1}",
            )
        )
        loop = SearchGames(game)
        for _ in range(2 if seconds < 1 else 4):
            loop.batch(shipped=True)
        ms = 1000 * loop.seconds / max(1, loop.decisions)
        figures.append(
            Figure(
                f"search decision {title}",
                1000 / ms,
                "decisions/s",
                1000 / BOUND_MS,
                f"{ms:.0f} ms of CPU a decision with a choice (bound {BOUND_MS:g} ms), the "
                f"search as it ships; {loop.decisions} decisions, seeds 0–{loop.seed - 1}",
            )
        )
    return figures


GROUPS = [bench_search]
