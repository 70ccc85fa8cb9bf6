"""Fit ``chieu.games.matchuoc.value``: what a Mạt chược hand is worth (issue 29).

``python scripts/matchuoc_value.py --games N [--first K] --out FILE`` plays N games of
``heuristic`` and ``acceptance`` seats (alternating, the order flipped every other deal) and
appends, after every discard, one JSON line ``[deal, seat, distance, useful, phu, wall,
points]``: the hand's distance to ù after the discard, the unseen tiles that would lower it,
the exposed phu, the tiles left in the wall and the seat's points at the end.

``python scripts/matchuoc_value.py --fit FILE ...`` fits the model's coefficients by least
squares on the deals whose number is not a multiple of 5 (points clipped to ±30, as the judge
clips its playouts), prints them as ``COEF`` and ``PHU`` and checks them on the held-out deals:
R², and the mean points in each tenth of the predictions.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
from pathlib import Path
from typing import TYPE_CHECKING, cast

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import numpy as np

from chieu.bots import get_bot
from chieu.core.actions import Action
from chieu.core.decisions import Decision
from chieu.core.driver import play
from chieu.core.protocol import State
from chieu.core.registry import find_game
from chieu.core.rng import Rng
from chieu.games.matchuoc.actions import Discard
from chieu.games.matchuoc.bots import _counts, acceptance, unseen
from chieu.games.matchuoc.value import COEF

if TYPE_CHECKING:
    from chieu.games.matchuoc.views import MatchuocObservation

CLIP = 30.0


def one_game(g: int) -> list[list[float]]:
    """The rows of deal ``g`` (see the module doc)."""
    names = ["heuristic", "acceptance"] * 2
    if g % 2:
        names.reverse()
    bots = [get_bot(x, "matchuoc") for x in names]
    rng = Rng(g, "collect")
    rows: list[tuple[int, int, int, int, int]] = []

    def choose(st: State, d: Decision) -> Action:
        obs = cast("MatchuocObservation", st.observation(d.seat))
        a = bots[d.seat].act(obs, list(d.actions), rng)
        if isinstance(a, Discard):
            hand = _counts(obs["hand"])
            hand[a.tile] -= 1
            phu = len(obs["melds"][d.seat])
            dist, useful = acceptance(hand, phu, unseen(obs))
            rows.append((d.seat, dist, useful, phu, obs["wall_left"]))
        return a

    state = play(find_game("matchuoc").new_state(seed=g), choose)
    outcome = state.outcome()
    assert outcome is not None
    return [[g, *row, outcome.payoffs[row[0]]] for row in rows]


def collect(first: int, n: int, out: Path) -> None:
    for g in range(first, first + n):
        with out.open("a", encoding="utf-8") as f:
            f.writelines(json.dumps(row) + "\n" for row in one_game(g))


def features(d: np.ndarray, u: np.ndarray, phu: np.ndarray, wall: np.ndarray) -> np.ndarray:
    cols = []
    for k in range(len(COEF)):
        on = (np.minimum(d, len(COEF) - 1) == k).astype(float)
        cols += [on, on * np.log1p(u), on * (wall - 80) / 20]
    cols.append(phu)
    return np.stack(cols, 1)


def fit(paths: list[str]) -> None:
    rows = np.array([json.loads(x) for p in paths for x in Path(p).read_text().splitlines()])
    deal, _, d, u, phu, wall, points = rows.T
    points = np.clip(points, -CLIP, CLIP)
    x = features(d, u, phu, wall)
    train = deal % 5 != 0
    coef, *_ = np.linalg.lstsq(x[train], points[train], rcond=None)
    held = ~train
    pred = x @ coef
    r2 = 1 - float(np.mean((points[held] - pred[held]) ** 2) / np.var(points[held]))
    games = len(set(deal.tolist()))
    print(f"{len(rows)} discards of {games} games; held out {int(held.sum())}: R² = {r2:.3f}")
    print("COEF = (")
    for k in range(len(COEF)):
        a, b, c = coef[3 * k : 3 * k + 3]
        print(f"    ({a:.3f}, {b:.3f}, {c:.3f}),")
    print(f")\nPHU = {coef[-1]:.3f}")
    print("held out, by tenths of the prediction: predicted range -> mean points")
    qs = np.quantile(pred[held], np.linspace(0, 1, 11))
    for lo, hi in itertools.pairwise(qs):
        s = held & (pred >= lo) & (pred <= hi)
        print(f"  {lo:+6.2f} .. {hi:+6.2f}: {points[s].mean():+.2f} ({int(s.sum())})")
    assert math.isfinite(r2)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--first", type=int, default=0)
    p.add_argument("--out", type=Path)
    p.add_argument("--fit", nargs="+", metavar="FILE")
    a = p.parse_args()
    if a.fit:
        fit(a.fit)
    elif a.out is None:
        p.error("--out FILE (or --fit FILE ...)")
    else:
        collect(a.first, a.games, a.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
