"""Fit a game's hand model, ``chieu.games.<game>.value`` (the coach's prior; issue 29).

``python scripts/hand_value.py GAME --games N [--first K] --out FILE`` plays N games (Mạt
chược: ``heuristic`` and ``acceptance`` seats alternating, the order flipped every other deal;
Tổ tôm: ``heuristic`` seats) and appends, after every discard, one JSON line ``[deal, seat, d,
u, phu, wall, points]``: the model's terms after the discard (``value.discard_row``: the hand's
distance or band, the unseen tiles or cards that would help it, the exposed phu, the tiles or
cards left in the wall or nọc) and the seat's points at the end.

``python scripts/hand_value.py GAME --fit FILE ...`` fits the model's coefficients by least
squares on the deals whose number is not a multiple of 5 (points clipped as the judge clips its
playouts, ``ReviewSpec.clip``), prints them as ``COEF`` and ``PHU`` and checks them on the
held-out deals: R², and the mean points in each tenth of the predictions.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import importlib
from types import ModuleType

import numpy as np

from chieu.bots import bot_names, get_bot
from chieu.core.actions import Action
from chieu.core.decisions import Decision
from chieu.core.driver import play
from chieu.core.protocol import State
from chieu.core.registry import find_game
from chieu.core.rng import Rng
from chieu.review import spec_of


def model(game: str) -> ModuleType:
    return importlib.import_module(f"chieu.games.{game}.value")


def one_game(game: str, g: int) -> list[list[float]]:
    """The rows of deal ``g`` (see the module doc)."""
    cls = find_game(game)
    players = cls.info(cls.rules_from_json({})).num_players
    other = "acceptance" if "acceptance" in bot_names(game) else "heuristic"
    names = (["heuristic", other] * players)[:players]
    if g % 2:
        names.reverse()
    bots = [get_bot(x, game) for x in names]
    row_of = model(game).discard_row
    rng = Rng(g, "collect")
    rows: list[tuple[int, ...]] = []

    def choose(st: State, d: Decision) -> Action:
        obs = st.observation(d.seat)
        a = bots[d.seat].act(obs, list(d.actions), rng)
        row = row_of(obs, a)
        if row is not None:
            rows.append((d.seat, *row))
        return a

    state = play(cls.new_state(seed=g), choose)
    outcome = state.outcome()
    assert outcome is not None
    return [[g, *row, outcome.payoffs[row[0]]] for row in rows]


def collect(game: str, first: int, n: int, out: Path) -> None:
    for g in range(first, first + n):
        with out.open("a", encoding="utf-8") as f:
            f.writelines(json.dumps(row) + "\n" for row in one_game(game, g))


def features(
    value: ModuleType, d: np.ndarray, u: np.ndarray, phu: np.ndarray, wall: np.ndarray
) -> np.ndarray:
    bands = len(value.COEF)
    centre, scale = value.WALL
    cols = []
    for k in range(bands):
        on = (np.minimum(d, bands - 1) == k).astype(float)
        cols += [on, on * np.log1p(u), on * (wall - centre) / scale]
    cols.append(phu)
    return np.stack(cols, 1)


def fit(game: str, paths: list[str]) -> None:
    value = model(game)
    rows = np.array([json.loads(x) for p in paths for x in Path(p).read_text().splitlines()])
    deal, _, d, u, phu, wall, points = rows.T
    clip = spec_of(find_game(game)).clip
    if clip is not None:
        points = np.clip(points, -clip, clip)
    x = features(value, d, u, phu, wall)
    train = deal % 5 != 0
    coef, *_ = np.linalg.lstsq(x[train], points[train], rcond=None)
    held = ~train
    pred = x @ coef
    r2 = 1 - float(np.mean((points[held] - pred[held]) ** 2) / np.var(points[held]))
    games = len(set(deal.tolist()))
    print(f"{len(rows)} discards of {games} games; held out {int(held.sum())}: R² = {r2:.3f}")
    print("COEF = (")
    for k in range(len(value.COEF)):
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
    p.add_argument("game")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--first", type=int, default=0)
    p.add_argument("--out", type=Path)
    p.add_argument("--fit", nargs="+", metavar="FILE")
    a = p.parse_args()
    if a.fit:
        fit(a.game, a.fit)
    elif a.out is None:
        p.error("--out FILE (or --fit FILE ...)")
    else:
        collect(a.game, a.first, a.games, a.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
