"""Fit a game's review prior to the judge's own playouts (issue 29; ``docs/review.md``).

``python scripts/review_prior.py GAME --games N [--first K] --out FILE`` plays N games
(line-up ``random, heuristic, acceptance, heuristic`` rotated by the deal; a bot the game does
not have is the heuristic) and reviews every seat with the game's judge, its prior made
powerless (``spread`` huge: the playouts alone decide) and without its screen (every
candidate gets every world). At every judged decision where the kit's model values every
candidate, it appends one JSON line per alternative: the paired playout differences with the
played action and the model's difference.

``python scripts/review_prior.py GAME --fit FILE ...`` estimates by maximum likelihood the
prior's ``slope`` (playout difference ≈ slope × model difference ``m``), ``spread`` and
``growth`` (the true differences spread around slope × m by spread + growth·|m|), each
world's variance floored at ``--noise`` (default: the 25th percentile of the per-world
standard deviations seen), and prints them with the figures that check them: the fit in
halves of the data, the share of clear playout differences whose sign the model gets right,
and the residual and spread by the size of the model's difference.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from chieu.bots import bot_names, get_bot, play_game
from chieu.core.actions import Action
from chieu.core.record import GameRecord
from chieu.core.registry import find_game
from chieu.review import Judge, review, spec_of
from chieu.review import judge as judge_module
from chieu.review.spec import Prior

LINEUP = ("random", "heuristic", "acceptance", "heuristic")


def collect(game: str, n: int, first: int, out: Path) -> None:
    cls = find_game(game)
    rules = cls.rules_from_json({})
    players = cls.info(rules).num_players
    spec = spec_of(cls)
    if spec.prior is None:
        raise SystemExit(f"{game} has no review prior to fit")
    kit = spec.prior
    valued = [False]

    def model(
        obs: Mapping[str, object], actions: Sequence[Action]
    ) -> Mapping[Action, float] | None:
        found = kit.model(obs, actions)
        valued[0] = found is not None and all(a in found for a in actions)
        return found

    powerless = replace(kit, model=model, slope=1.0, spread=1e9, growth=0.0, elsewhere=1e9)
    # no screen: every candidate is played out in every world, so that which alternatives
    # are judged does not depend on how their first worlds went (the screen keeps those that
    # went well, and the fit would read that luck as the model's error)
    judge = Judge(game, spec=replace(spec, screen=spec.worlds, prior=powerless))
    names = [b if b in bot_names(game) else "heuristic" for b in LINEUP]
    plain = judge_module.posterior

    def record(diffs: list[float], model_diff: float, prior: Prior) -> tuple[float, float]:
        if len(diffs) > 1:  # without the screen, once per alternative
            with out.open("a", encoding="utf-8") as f:
                row = {"game": game, "modelled": valued[0], "model": model_diff, "diffs": diffs}
                f.write(json.dumps(row) + "\n")
        return plain(diffs, model_diff, prior)

    judge_module.posterior = record  # type: ignore[assignment]
    for g in range(first, first + n):
        seats = [names[(g + s) % len(names)] for s in range(players)]
        state = play_game(game, rules, g, [get_bot(x, game) for x in seats])
        rec = GameRecord.from_state(state)
        for seat in range(players):
            review(rec, seat, judge, seed=g)
        print(f"deal {g} done", flush=True)


def fit(paths: list[str], noise: float | None) -> None:
    rows = [json.loads(line) for p in paths for line in Path(p).read_text().splitlines()]
    sds = np.array([statistics.stdev(r["diffs"]) for r in rows])
    if noise is None:
        noise = float(np.quantile(sds[sds > 0], 0.25))
    n = np.array([len(r["diffs"]) for r in rows], dtype=float)
    d = np.array([statistics.fmean(r["diffs"]) for r in rows])
    s2 = np.maximum(sds, noise) ** 2 / n
    m = np.array([r["model"] for r in rows])
    valued = np.array([r.get("modelled", True) for r in rows])
    print(f"{len(rows)} alternatives; noise floor {noise:.3f} points a world")
    modelled(d[valued], s2[valued], m[valued])
    if (~valued).sum() > 1:
        elsewhere = likelihood(d[~valued], s2[~valued], m[~valued], centred=True)[1]
        print(f"where the model says nothing ({int((~valued).sum())} alternatives): "
              f"elsewhere = {elsewhere:.2f}")  # fmt: skip


def modelled(d: np.ndarray, s2: np.ndarray, m: np.ndarray) -> None:
    """The fit where the model values every candidate, and the figures that check it."""
    beta, spread, growth = likelihood(d, s2, m)
    fitted = f"slope = {beta:.3f}, spread = {spread:.2f}, growth = {growth:.2f}"
    print(f"where the model values every candidate ({len(d)} alternatives): {fitted}")
    plain = log_likelihood(d, s2, m, (beta, spread, growth, 0.0, 0.0))
    b, t, g, tail, share = mixture(d, s2, m, (beta, spread, growth))
    gain = log_likelihood(d, s2, m, (b, t, g, tail, share)) - plain
    print(f"  with a tail: slope = {b:.3f}, spread = {t:.2f}, growth = {g:.2f}, tail = "
          f"{tail:.2f}, share = {share:.3f} (log-likelihood +{gain:.1f})")  # fmt: skip
    half = len(d) // 2
    for name, part in (("first half", slice(0, half)), ("second half", slice(half, None))):
        b1, t1, g1 = likelihood(d[part], s2[part], m[part])
        mix = ", ".join(f"{x:.3g}" for x in mixture(d[part], s2[part], m[part], (b1, t1, g1)))
        print(f"  {name}: slope = {b1:.3f}, spread = {t1:.2f}, growth = {g1:.2f}; with a tail: "
              f"slope, spread, growth, tail, share = {mix}")  # fmt: skip
    clear = (np.abs(d) > 2 * np.sqrt(s2)) & (m != 0)
    agree = int(np.sum((d[clear] > 0) == (m[clear] > 0)))
    print(f"  where the playouts are clear (|Δ| > 2 se): the model agrees on the sign in "
          f"{agree} of {int(clear.sum())}")  # fmt: skip
    print("  by the model's |difference|: alternatives, the playouts' mean − slope × model's "
          "(should be near 0), and the spread it implies")  # fmt: skip
    for lo, hi in ((0, 0.25), (0.25, 0.75), (0.75, 2), (2, np.inf)):
        s = (np.abs(m) >= lo) & (np.abs(m) < hi)
        if s.sum() > 30:
            res = d[s] - beta * m[s]
            tau = math.sqrt(max(0.0, float(np.mean(res**2 - s2[s]))))
            grown = float(np.mean(np.abs(m[s])))
            said = spread + growth * grown
            mixed = math.sqrt((1 - share) * (t + g * grown) ** 2 + share * (tail + g * grown) ** 2)
            print(f"    {lo:g}..{hi:g}: {int(s.sum())}, residual {res.mean():+.3f}, spread "
                  f"{tau:.2f} (the fit's: {said:.2f}; with the tail {mixed:.2f})")  # fmt: skip


def likelihood(
    d: np.ndarray, s2: np.ndarray, m: np.ndarray, centred: bool = False
) -> tuple[float, float, float]:
    """The slope, spread and growth of ``d ~ N(slope·m, s² + (spread + growth·|m|)²)`` that
    maximise the likelihood: spread (up to 3, or 20 ``centred``) and growth on a grid of 0.02,
    the slope by weighted least squares at each (``centred``: ``d ~ N(0, s² + spread²)``, the
    slope and growth 0)."""
    best = (-math.inf, 0.0, 0.0, 0.0)
    for spread in np.arange(0.02, 20.0 if centred else 3.0, 0.02):
        for growth in [0.0] if centred else np.arange(0.0, 2.0, 0.02):
            var = s2 + (spread + growth * np.abs(m)) ** 2
            w = 1.0 / var
            beta = 0.0 if centred else float(np.sum(w * d * m) / np.sum(w * m * m))
            ll = -0.5 * float(np.sum(np.log(var) + (d - beta * m) ** 2 / var))
            if ll > best[0]:
                best = (ll, beta, float(spread), float(growth))
    return best[1], best[2], best[3]


Params = tuple[float, float, float, float, float]  # slope, spread, growth, tail, share


def log_likelihood(d: np.ndarray, s2: np.ndarray, m: np.ndarray, params: Params) -> float:
    """The log-likelihood of ``d`` under the prior's mixture (``judge.posterior``): the true
    difference around slope·m, spread + growth·|m| (a ``share`` of it tail + growth·|m|), the
    playouts' error ``s2`` added."""
    beta, spread, growth, tail, share = params
    like = np.zeros_like(d)
    for weight, base in ((1.0 - share, spread), (share, tail)):
        if weight <= 0:
            continue
        var = s2 + (base + growth * np.abs(m)) ** 2
        like += weight * np.exp(-((d - beta * m) ** 2) / (2 * var)) / np.sqrt(var)
    return float(np.sum(np.log(np.maximum(like, 1e-300))))


def mixture(
    d: np.ndarray, s2: np.ndarray, m: np.ndarray, start: tuple[float, float, float]
) -> Params:
    """The mixture's maximum likelihood, by coordinate search from the normal fit ``start``
    (each parameter in turn over a grid around it, the grids finer each round)."""
    best: list[float] = [*start, 3.0 * start[1] + 1.0, 0.1]
    bounds = ((0.0, 4.0), (0.01, 5.0), (0.0, 3.0), (0.01, 20.0), (0.0, 0.5))
    step = [0.2, 0.1, 0.1, 0.5, 0.05]
    for _ in range(12):
        for i, (lo, hi) in enumerate(bounds):
            grid = np.clip(best[i] + step[i] * np.arange(-10, 11), lo, hi)
            scores = []
            for x in grid:
                trial = list(best)
                trial[i] = float(x)
                if trial[3] < trial[1]:  # the tail is the wider part
                    trial[3] = trial[1]
                scores.append(log_likelihood(d, s2, m, tuple(trial)))  # type: ignore[arg-type]
            best[i] = float(grid[int(np.argmax(scores))])
            best[3] = max(best[3], best[1])
        step = [x / 2 for x in step]
    return best[0], best[1], best[2], best[3], best[4]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("game")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--first", type=int, default=0)
    p.add_argument("--out", type=Path)
    p.add_argument("--fit", nargs="+", metavar="FILE")
    p.add_argument("--noise", type=float)
    a = p.parse_args()
    if a.fit:
        fit(a.fit, a.noise)
    elif a.out is None:
        p.error("--out FILE (or --fit FILE ...)")
    else:
        collect(a.game, a.games, a.first, a.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
