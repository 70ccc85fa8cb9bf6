"""Tổ tôm benchmarks (see ``bench/common.py`` for how figures are measured).

Figures:

* ``waits 20``: ``analysis.waits`` on 20-card count vectors (all 30 candidate kinds, the best
  partition of each win), on a pool of half random deals and half hands built from phu (a
  winning hand less one card, a quarter of them with one more card exchanged). The partition
  memo is cleared before every pass over the pool, so a hand never meets its own cached
  result: only sub-problems shared by different hands and candidates are reused (the static
  option tables per pattern, which hold no hand's result, are kept). Random and
  near-winning hands are also shown apart (info).
* ``games``: complete 5-seat Tổ tôm games between uniformly random legal agents (per-seat
  ``Rng`` streams), referee mode (the default) with a target, strict mode for information.
* ``heuristic games``: complete 5-seat games with the ``heuristic`` bot in every seat (seeds
  0, 1, 2...; the hand measures' memos kept from game to game, as in a bot's process), for
  information: what a search's playouts and a coach's review are made of. The hand's layout
  (``advice.arrange``) was most of it; its search checks each group's needs before copying
  the hand (34 → 51 games/s on this machine).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bench.common import Figure, GameLoop, best_rate
from chieu.core.rng import Rng
from chieu.games.totom import Rules, TotomGame
from chieu.games.totom import analysis as an
from chieu.games.totom.cards import KINDS, NUM_KINDS
from chieu.games.totom.packed import cache_clear
from chieu.games.totom.phu import ALL_PHU

POOL = 2048
RULES = Rules()
PIECES = [list(p.cards) for p in ALL_PHU if len(p.cards) <= 4] + [[27], [28], [29]]


def random_hand(rng: Rng) -> list[int]:
    return KINDS.counts(rng.shuffled(KINDS.deck())[:20])


def near_hand(rng: Rng) -> list[int]:
    """21 cards in phu (any lưng count) less one card; a quarter with one card exchanged."""
    while True:
        h = [0] * NUM_KINDS
        while sum(h) < 21:
            piece = rng.choice(PIECES)
            if all(h[k] + piece.count(k) <= 4 for k in piece):
                for k in piece:
                    h[k] += 1
        if sum(h) == 21:
            break
    h[rng.choice([k for k in range(NUM_KINDS) if h[k]])] -= 1
    if rng.random() < 0.25:
        h[rng.choice([k for k in range(NUM_KINDS) if h[k]])] -= 1
        h[rng.choice([k for k in range(NUM_KINDS) if h[k] < 4])] += 1
    return h


def cold(hands: Sequence[list[int]]) -> Callable[[], int]:
    def batch() -> int:
        cache_clear()
        for h in hands:
            an.waits(h, RULES)
        return len(hands)

    return batch


def bench_waits(seconds: float) -> list[Figure]:
    rng = Rng(2024, "bench", "totom")
    randoms = [random_hand(rng) for _ in range(POOL // 2)]
    nears = [near_hand(rng) for _ in range(POOL // 2)]
    mix = [h for pair in zip(randoms, nears, strict=True) for h in pair]
    waiting = sum(bool(an.waits(h, RULES)) for h in nears)
    return [
        Figure(
            "waits 20 mixed (all 30 candidates)",
            best_rate(cold(mix), seconds),
            "hands/s",
            5_000,
            "half random deals, half near-winning hands; memo cleared every pass",
        ),
        Figure(
            "waits 20 random deals",
            best_rate(cold(randoms), seconds),
            "hands/s",
            5_000,
            "random 20-card deals",
        ),
        Figure(
            "waits 20 near-winning",
            best_rate(cold(nears), seconds),
            "hands/s",
            5_000,
            f"{waiting / len(nears):.0%} of them are waiting (R-A)",
        ),
    ]


def bench_games(seconds: float) -> list[Figure]:
    out = []
    for mode, target in (("referee", 300.0), ("strict", None)):
        loop = GameLoop(TotomGame, Rules(fault_mode=mode), per_game=True)
        rate = best_rate(loop.batch, seconds)
        per_game = loop.decisions / max(1, loop.games)
        suffix = "" if target else " (info)"
        out.append(
            Figure(
                f"games {mode} 5p{suffix}",
                rate,
                "games/s",
                target,
                f"random legal agents; {per_game:.1f} decisions per game",
            )
        )
    return out


class HeuristicGames:
    """Whole 5-seat games with the heuristic in every seat; ``batch()`` plays one."""

    def __init__(self) -> None:
        self.seed = 0

    def batch(self) -> int:
        from chieu.bots.registry import get_bot
        from chieu.core.driver import play

        state = TotomGame.new_state(RULES, self.seed)
        bots = [get_bot("heuristic", "totom") for _ in range(state.num_players)]
        rng = Rng(self.seed, "bench")
        self.seed += 1
        play(state, lambda st, d: bots[d.seat].act(st.observation(d.seat), list(d.actions), rng))
        return 1


def bench_heuristic(seconds: float) -> list[Figure]:
    rate = best_rate(HeuristicGames().batch, seconds)
    return [
        Figure("heuristic games 5p (info)", rate, "games/s", note="the heuristic in every seat")
    ]


GROUPS = [bench_waits, bench_games, bench_heuristic]
