"""Train the ``learned`` bot (numpy only, CPU) and measure it in duplicate deals.

    python examples/train.py phom chan --games 3000 --epochs 6 --deals 1000

For each game: the heuristic bot plays ``--games`` games against itself and every decision
with a choice is kept (its observation features, its legal actions, its choice); a two-layer
perceptron learns to choose as it did (softmax over the legal actions, Adam); the weights are
saved as float16 in ``src/chieu/bots/weights/<game>.npz``; then ``--deals`` duplicate deals
(every deal played once per rotation of the seats) pit it against ``random`` and against
``heuristic``, two seats each, and print each side's mean points per game with its 95 %
interval (``chieu.rl.vector.duplicate_deals``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from chieu.bots.base import play_game  # noqa: E402
from chieu.bots.learned import FEATURES, LearnedBot, Mlp  # noqa: E402
from chieu.bots.registry import get_bot  # noqa: E402
from chieu.core.registry import find_game  # noqa: E402
from chieu.rl.vector import bot_policy, duplicate_deals  # noqa: E402

WEIGHTS = ROOT / "src" / "chieu" / "bots" / "weights"


class Recorder:
    """Wraps a bot and keeps (features, legal ids, chosen id) of every real choice."""

    def __init__(self, bot: Any, game: str, rows: list[tuple[Any, list[int], int]]) -> None:
        self.bot, self.rows, self.name = bot, rows, bot.name
        self.features = FEATURES[game]
        self.space = find_game(game).action_space

    def act(self, observation: dict[str, Any], legal: list[Any], rng: Any) -> Any:
        choice = self.bot.act(observation, legal, rng)
        if len(legal) > 1:
            ids = [self.space.id_of(a) for a in legal]
            self.rows.append((self.features(observation), ids, self.space.id_of(choice)))
        return choice


def collect(game: str, games: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    definition = find_game(game)
    players = definition.default_rules().players
    rows: list[tuple[Any, list[int], int]] = []
    for g in range(games):
        bots = [Recorder(get_bot("heuristic", definition), game, rows) for _ in range(players)]
        play_game(definition, None, seed + g, bots)
    actions = len(definition.action_space)
    x = np.stack([r[0] for r in rows]).astype(np.float32)
    mask = np.zeros((len(rows), actions), dtype=bool)
    for i, (_, ids, _) in enumerate(rows):
        mask[i, ids] = True
    y = np.asarray([r[2] for r in rows], dtype=np.int64)
    return x, mask, y


def train(
    x: np.ndarray, mask: np.ndarray, y: np.ndarray, hidden: int, epochs: int, seed: int
) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    n, f = x.shape
    a = mask.shape[1]
    p = {
        "w1": (rng.standard_normal((f, hidden)) * np.sqrt(2.0 / f)).astype(np.float32),
        "b1": np.zeros(hidden, dtype=np.float32),
        "w2": (rng.standard_normal((hidden, a)) * np.sqrt(1.0 / hidden)).astype(np.float32),
        "b2": np.zeros(a, dtype=np.float32),
    }
    m = {k: np.zeros_like(v) for k, v in p.items()}
    v2 = {k: np.zeros_like(v) for k, v in p.items()}
    lr, b1, b2, eps, t = 1e-3, 0.9, 0.999, 1e-8, 0
    batch = 256
    for epoch in range(epochs):
        order = rng.permutation(n)
        loss_sum, right = 0.0, 0
        for start in range(0, n, batch):
            idx = order[start : start + batch]
            xb, mb, yb = x[idx], mask[idx], y[idx]
            h_pre = xb @ p["w1"] + p["b1"]
            h = np.maximum(h_pre, 0.0)
            logits = h @ p["w2"] + p["b2"]
            logits = np.where(mb, logits, -1e9)
            logits -= logits.max(axis=1, keepdims=True)
            e = np.exp(logits) * mb
            prob = e / e.sum(axis=1, keepdims=True)
            rows = np.arange(len(idx))
            loss_sum += float(-np.log(prob[rows, yb] + 1e-12).sum())
            right += int((prob.argmax(axis=1) == yb).sum())
            g_logits = prob
            g_logits[rows, yb] -= 1.0
            g_logits /= len(idx)
            grads = {
                "w2": h.T @ g_logits,
                "b2": g_logits.sum(axis=0),
            }
            g_h = (g_logits @ p["w2"].T) * (h_pre > 0)
            grads["w1"] = xb.T @ g_h
            grads["b1"] = g_h.sum(axis=0)
            t += 1
            for k in p:
                m[k] = b1 * m[k] + (1 - b1) * grads[k]
                v2[k] = b2 * v2[k] + (1 - b2) * grads[k] ** 2
                mhat = m[k] / (1 - b1**t)
                vhat = v2[k] / (1 - b2**t)
                p[k] -= (lr * mhat / (np.sqrt(vhat) + eps)).astype(np.float32)
        agree = right / n
        print(f"  epoch {epoch + 1}: loss {loss_sum / n:.3f}, agrees with heuristic {agree:.1%}")
    return p


def evaluate(game: str, model: Mlp, deals: int, seed: int) -> None:
    learned = bot_policy(lambda: LearnedBot(game, model), game, seed=seed)
    for other in ("random", "heuristic"):
        t = time.time()
        res = duplicate_deals(
            game,
            [learned, bot_policy(other, game, seed=seed + 1)],
            deals,
            names=("learned", other),
            seed=seed,
            lineup=[0, 1, 0, 1],
        )
        print(
            f"  learned vs {other}: {res.deals} deals, {res.games} games, {time.time() - t:.0f} s"
        )
        for name, mean, lo, hi in zip(res.names, res.means, res.ci_low, res.ci_high, strict=True):
            print(f"    {name:10} {mean:+.3f} points/game  95% [{lo:+.3f}, {hi:+.3f}]")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_to_train", nargs="*", default=["phom", "chan"])
    parser.add_argument("--games", type=int, default=3000, help="heuristic games to learn from")
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--deals", type=int, default=1000, help="duplicate deals per match")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--no-save", action="store_true")
    args = parser.parse_args(argv)
    for game in args.games_to_train:
        start = time.time()
        print(f"{game}: collecting {args.games} heuristic games")
        x, mask, y = collect(game, args.games, args.seed)
        print(f"  {len(y)} decisions, {x.shape[1]} features ({time.time() - start:.0f} s)")
        params = train(x, mask, y, args.hidden, args.epochs, args.seed)
        half = {k: v.astype(np.float16) for k, v in params.items()}
        if not args.no_save:
            WEIGHTS.mkdir(parents=True, exist_ok=True)
            path = WEIGHTS / f"{game}.npz"
            np.savez_compressed(path, **half)
            print(f"  saved {path} ({path.stat().st_size / 1e6:.2f} MB)")
        print(f"  trained in {time.time() - start:.0f} s")
        evaluate(game, Mlp(half), args.deals, args.seed + 7)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
