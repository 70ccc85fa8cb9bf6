"""Chắn benchmarks (see ``bench/common.py`` for how figures are measured).

Every figure is measured on one core: a warm-up, then three timed runs of at least
``--seconds`` each (2 s by default, 0.25 s with ``--quick``) with ``time.perf_counter``; the
best run is reported with its unit, its target when it has one, and the ratio to the target.
The last line is a JSON summary. Nothing is asserted: this is a measuring tool, not a test.

Figures:

* ``win check with grouping``: ``analysis.win_groups`` on 20-card count vectors (half winning
  hands built pair by pair, half random deals): the win check and, for a win, its pairs.
  ``win_chan`` (the check and the chắn count only), ``count_chan`` and ``grouping`` (the full
  decomposition of any hand) are shown for information.
* ``waits``: the waits of 19-card hands, random ones and near-waiting ones (a winning hand less
  one card, half of them with one more card exchanged).
* ``games``: complete 4-seat Chắn games between uniformly random legal agents (per-seat
  ``Rng`` streams); a decision is one ``apply`` by any seat, legal-action generation included.
  Strict mode has a target; referee mode is shown for information.
"""

from __future__ import annotations

from bench.common import Figure, GameLoop, best_rate, over
from chieu.core.rng import Rng
from chieu.games.chan import ChanGame, Rules
from chieu.games.chan import analysis as an
from chieu.games.chan.cards import KINDS, NUM_KINDS

POOL = 4096  # pre-generated hands per figure


# -- hands ----------------------------------------------------------------------------------


def winning_hand(rng: Rng) -> list[int]:
    """A 20-card hand of 10 pairs with 6..10 chắn (and no kind above 4 copies)."""
    h = [0] * NUM_KINDS
    n_chan = 6 + rng.randrange(5)
    while sum(h) < 2 * n_chan:
        k = rng.randrange(NUM_KINDS)
        if h[k] <= 2:
            h[k] += 2
    while sum(h) < 20:
        rank = rng.randrange(8)
        a, b = rng.shuffled([0, 1, 2])[:2]
        ka, kb = rank * 3 + a, rank * 3 + b
        if h[ka] < 4 and h[kb] < 4:
            h[ka] += 1
            h[kb] += 1
    return h


def random_hand(rng: Rng, size: int) -> list[int]:
    return KINDS.counts(rng.shuffled(KINDS.deck())[:size])


def drop_one(rng: Rng, h: list[int]) -> list[int]:
    out = list(h)
    out[rng.choice([k for k in range(NUM_KINDS) if out[k]])] -= 1
    return out


def near_waiting_hand(rng: Rng) -> list[int]:
    h = drop_one(rng, winning_hand(rng))
    if rng.random() < 0.5:  # one exchange away
        h = drop_one(rng, h)
        h[rng.choice([k for k in range(NUM_KINDS) if h[k] < 4])] += 1
    return h


def twenty_card_pool(rng: Rng) -> list[list[int]]:
    return [winning_hand(rng) if i % 2 == 0 else random_hand(rng, 20) for i in range(POOL)]


# -- figures --------------------------------------------------------------------------------


def bench_analysis(seconds: float) -> list[Figure]:
    rng = Rng(2024, "bench", "hands")
    hands20 = twenty_card_pool(rng)
    wins = sum(an.win_chan(h) >= 0 for h in hands20)
    note20 = f"{wins / len(hands20):.0%} of the pool wins"
    random19 = [random_hand(rng, 19) for _ in range(POOL)]
    near19 = [near_waiting_hand(rng) for _ in range(POOL)]
    waiting = sum(bool(an.waits(h)) for h in near19)
    return [
        Figure(
            "win check with grouping",
            best_rate(over(hands20, an.win_groups), seconds),
            "hands/s",
            500_000,
            f"analysis.win_groups; {note20}",
        ),
        Figure(
            "win_chan (info)",
            best_rate(over(hands20, an.win_chan), seconds),
            "hands/s",
            None,
            "win check, chắn count only",
        ),
        Figure(
            "count_chan (info)",
            best_rate(over(hands20, an.count_chan), seconds),
            "hands/s",
            None,
            "chắn of the best grouping",
        ),
        Figure(
            "grouping (info)",
            best_rate(over(hands20, an.grouping), seconds),
            "hands/s",
            None,
            "full decomposition",
        ),
        Figure(
            "waits random 19",
            best_rate(over(random19, an.waits), seconds),
            "hands/s",
            50_000,
            "random 19-card deals",
        ),
        Figure(
            "waits near-waiting 19",
            best_rate(over(near19, an.waits), seconds),
            "hands/s",
            50_000,
            f"{waiting / len(near19):.0%} of them are waiting",
        ),
    ]


def bench_games(seconds: float) -> list[Figure]:
    out = []
    for mode, target in (("strict", 50_000.0), ("referee", None)):
        loop = GameLoop(ChanGame, Rules(fault_mode=mode))
        rate = best_rate(loop.batch, seconds)
        per_game = loop.decisions / loop.games
        suffix = "" if target else " (info)"
        out.append(
            Figure(
                f"games {mode} 4p decisions{suffix}",
                rate,
                "decisions/s",
                target,
                f"{per_game:.1f} decisions per game on average",
            )
        )
        out.append(
            Figure(
                f"games {mode} 4p games (info)",
                rate / per_game,
                "games/s",
                None,
                f"{loop.games} games played",
            )
        )
    return out


GROUPS = [bench_analysis, bench_games]
