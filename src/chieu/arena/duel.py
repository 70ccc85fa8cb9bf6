"""A duplicate duel of two sides cut across processes, for the training scripts
(``scripts/true_gains.py duel``, ``examples/expert_iteration.py``): the jobs, then each side's
mean points a game and the difference, with 95 % intervals over deals. Each script keeps its own
worker (what a side is differs); the cutting and the figures are shared here, so that the same
seed gives the same deals in both."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from chieu.arena.stats import mean_ci
from chieu.core.rng import derive_seed


def duel_jobs(base: Mapping[str, Any], deals: int, chunks: int) -> list[dict[str, Any]]:
    """``deals`` cut into ``chunks`` jobs: ``base`` with each chunk's ``deals`` and ``seed``
    (derived from ``base["seed"]``)."""
    sizes = [deals // chunks + (i < deals % chunks) for i in range(chunks)]
    return [
        {**base, "deals": n, "seed": derive_seed(base["seed"], "duel", i)}
        for i, n in enumerate(sizes)
        if n
    ]


def gather(chunks: Iterable[Sequence[Sequence[float]]]) -> list[list[float]]:
    """The workers' answers (each: the two sides' points, a value a deal) joined in order."""
    per: list[list[float]] = [[], []]
    for got in chunks:
        for side in (0, 1):
            per[side].extend(got[side])
    return per


def duel_figures(
    names: Sequence[str], per: Sequence[Sequence[float]]
) -> dict[str, tuple[float, float, float]]:
    """Each side's mean points a game with its 95 % interval, and ``difference`` (the first
    side's minus the second's, deal by deal)."""
    out = {name: mean_ci(values) for name, values in zip(names, per, strict=True)}
    out["difference"] = mean_ci([a - b for a, b in zip(per[0], per[1], strict=True)])
    return out
