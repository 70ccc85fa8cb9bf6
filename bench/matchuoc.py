"""Mạt chược benchmarks (see ``bench/common.py`` for how figures are measured).

Figures:

* ``win check 14 tiles ≤2 khung``: ``analysis.is_win`` on 14-tile count vectors, half winning
  hands (4 phu + a pair, then 0-2 tiles replaced by a khung whose range holds them), half
  random 14 tiles from the 160 set without flowers (0-2 khung). Target 200,000 hands/s.
* ``distance 13/14 no khung``: ``shanten.distance`` (regular shape and Xập xám chướng) on
  random 13- and 14-tile hands of the 136 basic tiles, and the ``mahjong`` library's
  ``Shanten.calculate_shanten`` on the same hands in the same process; target 10× mahjong.
  ``regular distance agreement`` compares ``shanten.regular_distance`` with
  ``calculate_shanten_for_regular_hand`` on every hand of the pool (must be 100 %).
* ``games``: complete 4-seat games between uniformly random legal agents (per-seat ``Rng``
  streams), and RLCard 1.2.0's ``mahjong`` env with its ``RandomAgent``s in the same run;
  target 5× RLCard. A peer that is not installed is reported as unavailable (value 0).
"""

from __future__ import annotations

from typing import Any

from bench.common import Figure, GameLoop, best_rate, over
from chieu.core.rng import Rng
from chieu.games.matchuoc import MatChuocGame, Rules
from chieu.games.matchuoc import analysis as an
from chieu.games.matchuoc.cards import KHUNG_RANGE, NUM_KINDS
from chieu.games.matchuoc.decompose import decompositions
from chieu.games.matchuoc.shanten import distance, regular_distance

POOL = 4096
KHUNG = (50, 51, 52, 53, 55, 56, 57)  # every khung but Đại Ho (it stands for flowers only)


def winning_hand(rng: Rng) -> list[int]:
    while True:
        h = [0] * NUM_KINDS
        for _ in range(4):
            if rng.random() < 0.5:
                s = 9 * rng.randrange(3) + rng.randrange(7)
                for t in range(s, s + 3):
                    h[t] += 1
            else:
                h[rng.randrange(34)] += 3
        h[rng.randrange(34)] += 2
        if max(h[:34]) <= 4:
            break
    for _ in range(rng.randrange(3)):
        k = rng.choice([i for i in range(34) if h[i]])
        fit = [x for x in KHUNG if k in KHUNG_RANGE[x]]
        h[k] -= 1
        h[rng.choice(fit)] += 1
    return h


def random_hand(rng: Rng, size: int, khung: int = 0) -> list[int]:
    deck = [k for k in range(34) for _ in range(4)]
    h = [0] * NUM_KINDS
    for k in rng.shuffled(deck)[: size - khung]:
        h[k] += 1
    for _ in range(khung):
        h[rng.choice(KHUNG)] += 1
    return h


def bench_win_check(seconds: float) -> list[Figure]:
    rng = Rng(2024, "bench", "matchuoc", "win")
    pool = [
        winning_hand(rng) if i % 2 == 0 else random_hand(rng, 14, rng.randrange(3))
        for i in range(POOL)
    ]
    wins = sum(an.is_win(h) for h in pool)
    return [
        Figure(
            "win check 14 tiles ≤2 khung",
            best_rate(over(pool, an.is_win), seconds),
            "hands/s",
            200_000,
            f"analysis.is_win; {wins / len(pool):.0%} of the pool wins",
        ),
        Figure(
            "decompositions (info)",
            best_rate(over(pool[:512], decompositions), seconds),
            "hands/s",
            None,
            "every reading with khung substitution",
        ),
    ]


def _mahjong() -> Any | None:
    try:
        from mahjong.shanten import Shanten
    except ImportError:
        return None
    return Shanten


def bench_distance(seconds: float) -> list[Figure]:
    rng = Rng(2024, "bench", "matchuoc", "distance")
    pool = [random_hand(rng, 13 + (i % 2)) for i in range(POOL)]
    ours = best_rate(over(pool, distance), seconds)
    out = [
        Figure(
            "regular distance (info)",
            best_rate(over(pool, regular_distance), seconds),
            "hands/s",
            None,
            "shanten.regular_distance",
        )
    ]
    shanten = _mahjong()
    if shanten is None:
        out.insert(0, Figure("distance 13/14 no khung", ours, "hands/s", None, "mahjong missing"))
        out.append(Figure("mahjong calculate_shanten", 0.0, "hands/s", None, "not installed"))
        return out
    pool34 = [h[:34] for h in pool]
    calc = shanten()
    theirs = best_rate(over(pool34, calc.calculate_shanten), seconds)
    agree = sum(
        regular_distance(h) == calc.calculate_shanten_for_regular_hand(h34)
        for h, h34 in zip(pool, pool34, strict=True)
    )
    out.insert(
        0,
        Figure(
            "distance 13/14 no khung",
            ours,
            "hands/s",
            10 * theirs,
            f"shanten.distance; target 10x mahjong ({theirs:,.0f}/s)",
        ),
    )
    out.append(
        Figure(
            "mahjong calculate_shanten (peer)",
            theirs,
            "hands/s",
            None,
            "mahjong 2.1.0, same hands",
        )
    )
    out.append(
        Figure(
            "regular distance agreement",
            100.0 * agree / len(pool),
            "%",
            100.0,
            f"{len(pool) - agree} of {len(pool)} differ from calculate_shanten_for_regular_hand",
        )
    )
    return out


def _rlcard_batch() -> Any | None:
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError:
        return None
    env = rlcard.make("mahjong", config={"seed": 7})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(4)])

    def batch() -> int:
        env.run(is_training=False)
        return 1

    return batch


def bench_games(seconds: float) -> list[Figure]:
    loop = GameLoop(MatChuocGame, Rules(), per_game=True)
    ours = best_rate(loop.batch, seconds)
    per_game = loop.decisions / max(1, loop.games)
    peer = _rlcard_batch()
    if peer is None:
        return [
            Figure("games 4p random", ours, "games/s", None, "rlcard missing"),
            Figure("rlcard mahjong (peer)", 0.0, "games/s", None, "not installed"),
        ]
    theirs = best_rate(peer, seconds)
    return [
        Figure(
            "games 4p random",
            ours,
            "games/s",
            5 * theirs,
            f"{per_game:.0f} decisions per game; target 5x RLCard ({theirs:,.1f}/s)",
        ),
        Figure("rlcard mahjong (peer)", theirs, "games/s", None, "RLCard 1.2.0 RandomAgent x4"),
    ]


GROUPS = [bench_win_check, bench_distance, bench_games]
