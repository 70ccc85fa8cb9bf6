"""chieu benchmarks: ``python -m bench [--quick] [--seconds S]`` from the repository root.

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

import argparse
import gc
import json
import multiprocessing
import platform
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

try:
    import chieu  # noqa: F401
except ImportError:  # run from a checkout without an install
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from chieu.core.rng import Rng
from chieu.games.chan import ChanGame, Rules
from chieu.games.chan import analysis as an
from chieu.games.chan.cards import KINDS, NUM_KINDS

POOL = 4096  # pre-generated hands per figure


@dataclass(frozen=True)
class Figure:
    name: str
    value: float
    unit: str
    target: float | None = None
    note: str = ""

    @property
    def ratio(self) -> float | None:
        return None if not self.target else self.value / self.target

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "value": round(self.value, 1),
            "unit": self.unit,
            "target": self.target,
            "ratio": None if self.ratio is None else round(self.ratio, 3),
        }


# -- timing ---------------------------------------------------------------------------------


def best_rate(batch: Callable[[], int], seconds: float, runs: int = 3) -> float:
    """Items per second: ``batch()`` does some work and returns how many items it did.

    Warm-up of ``seconds / 4``, then ``runs`` runs of at least ``seconds``; the best one."""

    def run(limit: float) -> float:
        done = 0
        start = time.perf_counter()
        while True:
            done += batch()
            elapsed = time.perf_counter() - start
            if elapsed >= limit:
                return done / elapsed

    run(seconds / 4)
    gc.collect()
    return max(run(seconds) for _ in range(runs))


def over(items: Sequence[Any], func: Callable[[Any], object]) -> Callable[[], int]:
    def batch() -> int:
        f = func
        for item in items:
            f(item)
        return len(items)

    return batch


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


class GameLoop:
    """Complete games between random legal agents, seeds 0, 1, 2..."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.seed = 0
        self.games = 0
        self.decisions = 0

    def batch(self) -> int:
        seed = self.seed
        self.seed += 1
        state = ChanGame.new_state(self.rules, seed)
        bots = [Rng(seed, "bench", seat) for seat in range(state.num_players)]
        n = 0
        while not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            state.apply(bots[seat].choice(state.legal_actions()))
            n += 1
        self.games += 1
        self.decisions += n
        return n


def bench_games(seconds: float) -> list[Figure]:
    out = []
    for mode, target in (("strict", 50_000.0), ("referee", None)):
        loop = GameLoop(Rules(fault_mode=mode))
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


# -- output ---------------------------------------------------------------------------------


def _fmt(x: float | None) -> str:
    return "-" if x is None else f"{x:,.0f}"


def show(figures: Sequence[Figure], seconds: float) -> None:
    header = f"chieu bench: best of 3 runs of ≥ {seconds:g} s each, one core"
    rows = [
        (
            f.name,
            _fmt(f.value),
            f.unit,
            _fmt(f.target),
            "-" if f.ratio is None else f"{f.ratio:.2f}x",
            f.note,
        )
        for f in figures
    ]
    try:
        from rich.console import Console
        from rich.table import Table
    except ImportError:
        print(header)
        for row in rows:
            print("  {:34} {:>12} {:12} target {:>9}  ratio {:>6}  {}".format(*row))
        return
    table = Table(title=header)
    for col in ("figure", "value", "unit", "target", "ratio", "note"):
        table.add_column(col, justify="right" if col in ("value", "target", "ratio") else "left")
    for f, row in zip(figures, rows, strict=True):
        style = "" if f.ratio is None else ("green" if f.ratio >= 1 else "red")
        table.add_row(*row[:4], f"[{style}]{row[4]}[/]" if style else row[4], row[5])
    console = Console()
    if not console.is_terminal:
        console = Console(width=130)
    console.print(table)


def _isolated(group: Callable[[float], list[Figure]], seconds: float) -> list[Figure]:
    """Run one group of figures in a fresh process, so that one group's heap (the analysis
    pools) does not slow another's (the games) down."""
    ctx = multiprocessing.get_context("fork")  # the parent itself runs no benchmark
    with ProcessPoolExecutor(max_workers=1, mp_context=ctx) as pool:
        return pool.submit(group, seconds).result()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="short runs (0.25 s each)")
    parser.add_argument("--seconds", type=float, default=None, help="length of one timed run")
    args = parser.parse_args(argv)
    seconds = args.seconds if args.seconds is not None else (0.25 if args.quick else 2.0)
    figures = _isolated(bench_analysis, seconds) + _isolated(bench_games, seconds)
    show(figures, seconds)
    summary = {
        "bench": "chieu",
        "python": platform.python_version(),
        "seconds": seconds,
        "quick": args.quick,
        "figures": [f.to_json() for f in figures],
    }
    print(json.dumps(summary, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
