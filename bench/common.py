"""What every benchmark module shares: a figure, the timing loop and the table.

A benchmark module is ``bench/<name>.py`` with ``GROUPS``: functions ``(seconds) -> list[Figure]``.
``python -m bench`` runs every group of every module, each group in a fresh process.
"""

from __future__ import annotations

import gc
import multiprocessing
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any


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


def isolated(group: Callable[[float], list[Figure]], seconds: float) -> list[Figure]:
    """Run one group of figures in a fresh process, so that one group's heap (the analysis
    pools) does not slow another's (the games) down."""
    ctx = multiprocessing.get_context("fork")  # the parent itself runs no benchmark
    with ProcessPoolExecutor(max_workers=1, mp_context=ctx) as pool:
        return pool.submit(group, seconds).result()


# -- complete games -------------------------------------------------------------------------


class GameLoop:
    """Complete games between uniformly random legal agents (``Rng(seed, "bench", seat)``),
    seeds 0, 1, 2..., through the one driver loop (``chieu.core.driver.play``: a claim
    window's pass-only answers are given at once). A decision is one answer by any seat,
    forced ones included (``state.changes``). ``batch()`` plays one game and returns its
    decisions, or 1 with ``per_game``."""

    def __init__(self, game: Any, rules: Any, *, per_game: bool = False) -> None:
        self.game = game
        self.rules = rules
        self.per_game = per_game
        self.seed = 0
        self.games = 0
        self.decisions = 0

    def batch(self) -> int:
        from chieu.core.rng import Rng

        seed = self.seed
        self.seed += 1
        from chieu.core.driver import play

        state = self.game.new_state(self.rules, seed)
        bots = [Rng(seed, "bench", seat) for seat in range(state.num_players)]
        play(state, lambda st, d: bots[d.seat].choice(d.actions))
        n = int(state.changes)
        self.games += 1
        self.decisions += n
        return 1 if self.per_game else n
