"""How much does a Tổ tôm table's public record say of which kinds each other hand holds?

    python scripts/totom_hand_info.py --games 400 --test 200

In heuristic self-play (five seats), at every third eat-or-draw decision, for the deciding
seat and every other seat s and every kind k the decider has not seen all of: does s hold a
copy of k? The baseline is what dealing alone says (s's hand size among the unseen cards, the
unseen copies of k). A logistic model adds what the table shows (the observation's ``gone``,
``mats`` and ``doors``): how many copies of k, and of the kinds that make a three-card phu
with k, s gave up and laid; k and its partners in the door s decided on (its left
neighbour's, let by); k in the other doors; the unseen copies; the nọc left. It is fitted on
``--games`` games and scored on ``--test`` more: the mean log-loss per (seat, kind) of the
baseline, of the model and of a constant, and each feature's weight (standardised). The
share of the baseline's log-loss the model removes is what the public record tells a search's
worlds of the other hands; knowing them outright removes all of it.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import cast

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from chieu.bots.registry import get_bot
from chieu.core.actions import Action
from chieu.core.decisions import Decision
from chieu.core.driver import play
from chieu.core.rng import Rng
from chieu.core.table import load_game
from chieu.games.totom.cards import NUM_KINDS
from chieu.games.totom.phu import ALL_PHU
from chieu.games.totom.state import TotomState
from chieu.games.totom.strategy import Seat

FEATURES = (
    "dealing alone (log-odds)",
    "copies of k given up",
    "partners of k given up",
    "copies of k laid",
    "partners of k laid",
    "k let by (left door)",
    "partners of k let by",
    "k in the other doors",
    "unseen copies of k",
    "nọc left / 20",
)

#: the kinds that make a three-card phu with each kind
PARTNERS: list[set[int]] = [set() for _ in range(NUM_KINDS)]
for _p in ALL_PHU:
    if len(_p.cards) == 3:
        for _k in _p.cards:
            PARTNERS[_k] |= set(_p.cards) - {_k}


def _log_choose(n: int, r: int) -> float:
    return math.lgamma(n + 1) - math.lgamma(r + 1) - math.lgamma(n - r + 1)


def dealt_chance(unseen_cards: int, hand: int, copies: int) -> float:
    """The chance that a hand of ``hand`` cards dealt from ``unseen_cards`` holds one of the
    ``copies`` of a kind."""
    if hand <= 0 or unseen_cards <= 0:
        return 0.0
    if unseen_cards - hand < copies:
        return 1.0
    none = _log_choose(unseen_cards - hand, copies) - _log_choose(unseen_cards, copies)
    return 1.0 - math.exp(none)


def rows(st: TotomState, viewer: int, xs: list[list[float]], ys: list[int]) -> None:
    """One row per other seat and kind the viewer has not seen every copy of."""
    obs = st.observation(viewer)
    n = st.num_players
    unseen = Seat.of(obs).unseen
    sizes = obs["hand_sizes"]
    hidden = sum(sizes) - sizes[viewer] + obs["nocc_left"] + len(st.set_aside)
    doors = obs["doors"]
    for s in range(n):
        if s == viewer:
            continue
        given, laid = [0] * NUM_KINDS, [0] * NUM_KINDS
        for k, was_given in obs["gone"][s]:
            (given if was_given else laid)[int(k)] += 1
        let_by = list(doors[(s - 1) % n])
        went_by = [k for p in range(n) if p != s for k in doors[p]]
        for k in range(NUM_KINDS):
            if not unseen[k]:
                continue
            base = min(max(dealt_chance(hidden, sizes[s], unseen[k]), 1e-4), 1 - 1e-4)
            part = PARTNERS[k]
            xs.append(
                [
                    math.log(base / (1 - base)),
                    given[k],
                    sum(given[j] for j in part),
                    laid[k],
                    sum(laid[j] for j in part),
                    let_by.count(k),
                    sum(let_by.count(j) for j in part),
                    went_by.count(k),
                    unseen[k],
                    obs["nocc_left"] / 20,
                ]
            )
            ys.append(int(st.seats[s].hand[k] > 0))


def one_game(seed: int, xs: list[list[float]], ys: list[int]) -> None:
    """One heuristic game, its rows taken at every third eat-or-draw decision."""
    state = cast(TotomState, load_game("totom").new_state(seed=seed))
    bots = [get_bot("heuristic", "totom") for _ in range(state.num_players)]
    rng = Rng(seed, "hand-info")
    asked = 0

    def choose(st: TotomState, d: Decision) -> Action:
        nonlocal asked
        if st.phase == "decide" and len(d.actions) > 1:
            asked += 1
            if asked % 3 == 0:
                rows(st, d.seat, xs, ys)
        return bots[d.seat].act(st.observation(d.seat), list(d.actions), rng)

    play(state, choose)


def collect(seeds: Iterable[int]) -> tuple[np.ndarray, np.ndarray]:
    xs: list[list[float]] = []
    ys: list[int] = []
    for seed in seeds:
        one_game(seed, xs, ys)
    return np.array(xs, dtype=float), np.array(ys, dtype=float)


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=400, help="games to fit on (seeds 0..)")
    ap.add_argument("--test", type=int, default=200, help="games to score on (the next seeds)")
    args = ap.parse_args()
    x_fit, y_fit = collect(range(args.games))
    x_test, y_test = collect(range(args.games, args.games + args.test))
    mean, sd = x_fit[:, 1:].mean(0), x_fit[:, 1:].std(0) + 1e-9

    def scaled(x: np.ndarray) -> np.ndarray:
        return np.hstack([x[:, :1], (x[:, 1:] - mean) / sd])

    w = np.zeros(x_fit.shape[1])
    w[0] = 1.0
    for _ in range(3000):  # plain gradient descent on the mean log-loss (convex)
        p = 1 / (1 + np.exp(-scaled(x_fit) @ w))
        w -= 0.5 * scaled(x_fit).T @ (p - y_fit) / len(y_fit)
    model = log_loss(1 / (1 + np.exp(-scaled(x_test) @ w)), y_test)
    baseline = log_loss(1 / (1 + np.exp(-x_test[:, 0])), y_test)
    constant = log_loss(np.full_like(y_test, y_fit.mean()), y_test)
    print(f"{len(y_fit)} rows to fit, {len(y_test)} to score; a copy held in {y_test.mean():.1%}")
    print(f"log-loss a (seat, kind): constant {constant:.4f}, dealing alone {baseline:.4f}")
    print(f"  with the public record {model:.4f}: {(baseline - model) / baseline:.1%} less")
    for name, weight in zip(FEATURES, w, strict=True):
        print(f"  {name:28} {weight:+.3f}")


if __name__ == "__main__":
    main()
