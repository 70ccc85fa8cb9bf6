"""The coach's speed (issue 29): one whole game reviewed for one seat, on one core
(``python -m bench --only review``).

For every game with a judge: heuristic self-play games (seeds 0, 1, 2; one with ``--quick``),
each reviewed for seat 0 by ``chieu.review.review`` with the game's judge (its kit's
``review`` budget). The figure is the slowest review as reviews per minute, against the
issue's bound: 15 s a game for Chắn and Phỏm (4 a minute), 60 s for Tổ tôm and Mạt chược
(1 a minute); the note prints the slowest and mean seconds and the decisions judged.
"""

from __future__ import annotations

import time

from bench.common import Figure

#: the issue's bound in seconds per reviewed game; a game not named here gets 60 s
LIMITS = {"Chắn": 15.0, "Phỏm": 15.0, "Tổ tôm": 60.0, "Mạt chược": 60.0}


def review_game(game: str, seed: int) -> tuple[float, int]:
    """CPU seconds to review seat 0 of one heuristic self-play game (the process's time: one
    core, whatever else the machine runs), and the decisions judged."""
    from chieu.bots import get_bot, play_game
    from chieu.core.record import GameRecord
    from chieu.core.registry import find_game
    from chieu.review import review

    cls = find_game(game)
    rules = cls.rules_from_json({})
    players = cls.info(rules).num_players
    state = play_game(game, rules, seed, [get_bot("heuristic", game) for _ in range(players)])
    record = GameRecord.from_state(state)
    start = time.process_time()
    done = review(record, 0)
    return time.process_time() - start, len(done.decisions)


def bench_review(seconds: float) -> list[Figure]:
    from chieu.bots.worlds import worlds_for
    from chieu.core.registry import find_game, game_names

    seeds = range(1 if seconds < 1 else 3)
    figures = []
    for game in game_names():
        if worlds_for(game) is None:
            continue
        title = find_game(game).title
        limit = LIMITS.get(title, 60.0)
        runs = [review_game(game, seed) for seed in seeds]
        slowest = max(t for t, _ in runs)
        mean = sum(t for t, _ in runs) / len(runs)
        decisions = "/".join(str(n) for _, n in runs)
        figures.append(
            Figure(
                f"review a game {title}",
                60.0 / slowest,
                "games/min",
                60.0 / limit,
                f"slowest {slowest:.1f} s, mean {mean:.1f} s (bound {limit:g} s); "
                f"decisions {decisions}",
            )
        )
    return figures


GROUPS = [bench_review]
