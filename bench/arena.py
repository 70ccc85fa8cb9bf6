"""Arena benchmarks (see ``bench/common.py`` for how figures are measured).

Figures, each on one core (``workers=1``, no records):

* ``arena heuristic-only Chắn``: complete duplicate deals of 4-seat Chắn (default rules,
  referee mode) with the ``heuristic`` bot in every seat, through ``chieu.arena.play_deal``
  (one game per deal, as every rotation seats the same bots: bots built per game,
  observations, the bots' decisions, outcomes).
  Target 300 games/s per core (issue 6).
* ``arena heuristic-only Chắn, strict``: the same in strict mode, for information.
* ``arena random-only Chắn``: uniformly random bots, for information (the engine's share).
"""

from __future__ import annotations

from bench.common import Figure, best_rate
from chieu.arena import MatchConfig, play_deal


def _rate(lineup: tuple[str, ...], rules: dict[str, object], seconds: float) -> float:
    config = MatchConfig("chan", lineup, 1, 0, rules, None)
    deal = [0]

    def batch() -> int:
        games = play_deal(config, deal[0])
        deal[0] += 1
        return len(games)

    return best_rate(batch, seconds)


def bench_arena(seconds: float) -> list[Figure]:
    heuristic = ("heuristic",) * 4
    return [
        Figure(
            "arena heuristic-only Chắn",
            _rate(heuristic, {}, seconds),
            "games/s",
            target=300,
            note="4 seats, referee mode, duplicate deals, one core",
        ),
        Figure(
            "arena heuristic-only Chắn, strict",
            _rate(heuristic, {"fault_mode": "strict"}, seconds),
            "games/s",
            note="information",
        ),
        Figure(
            "arena random-only Chắn",
            _rate(("random",) * 4, {}, seconds),
            "games/s",
            note="information",
        ),
    ]


GROUPS = [bench_arena]
