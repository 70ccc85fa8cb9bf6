"""Train the ``learned`` bot (numpy only, CPU) and measure it in duplicate deals.

    python examples/train.py phom chan

For each game:

1. the heuristic bot plays ``--games`` games against itself, and every decision with a choice
   is kept: its features (its game kit's ``learned_features``: the observation and, in Chắn, what
   the seat remembers of its own play), its legal actions, the heuristic's choice;
2. a two-layer perceptron (``--hidden`` units) learns to choose as it did: softmax over the
   legal actions, cross-entropy, Adam, ``--epochs`` passes;
3. ``--dagger`` rounds of DAgger (Ross, Gordon and Bagnell 2011): the student plays
   ``--dagger-games`` games in every other seat against the heuristic; at each of its choices
   the heuristic says what it would have played, and those positions (which its own mistakes
   lead to, and which the heuristic never reaches) join the data; the student trains on.
4. the weights are saved as float16 in ``src/chieu/bots/weights/<game>.npz`` (the ``learned``
   bot's), and ``--deals`` duplicate deals (every deal once per rotation of the seats) pit it
   against ``random`` and against ``heuristic``, two seats each, printing each side's mean
   points per game with its 95 % interval (``chieu.rl.vector.duplicate_deals``).

With the defaults both games take about a quarter of an hour on one core (docs/rl.md).
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

from chieu.bots.adam import Adam  # noqa: E402
from chieu.bots.base import play_game  # noqa: E402
from chieu.bots.learned import LearnedBot, Mlp, features_of  # noqa: E402
from chieu.bots.registry import get_bot  # noqa: E402
from chieu.core.kit import kit_of  # noqa: E402
from chieu.core.registry import find_game, game_names  # noqa: E402
from chieu.rl.vector import bot_policy, duplicate_deals  # noqa: E402

#: the games with a learned bot (their kit names its features)
LEARNED = [n for n in game_names() if features_of(n) is not None]
WEIGHTS = ROOT / "src" / "chieu" / "bots" / "weights"
Row = tuple[np.ndarray, list[int], int]


class Recorder:
    """Plays a seat and keeps (features, legal ids, the heuristic's choice) at each of its real
    choices. Without a ``student`` the heuristic plays; with one, the student plays and the
    heuristic only says what it would have done there (DAgger, Ross et al. 2011: the student
    learns the right choice in the positions its own mistakes lead to)."""

    def __init__(self, game: str, rows: list[Row], student: Mlp | None = None) -> None:
        self.rows, self.features = rows, features_of(game)
        self.space = find_game(game).action_space
        self.player = None if student is None else LearnedBot(game, student)
        keeper = None if self.player is None else self.player.keeper
        # the heuristic, sharing the student's memory of its own play where there is one
        self.teacher: Any = keeper if keeper is not None else get_bot("heuristic", game)
        # the heuristic keeps the memory the features read
        self.keeps = kit_of(find_game(game)).learned_keeper is not None
        # a teacher that keeps the student's memory must not note its own choice in it
        self.ask = self.teacher.choose if keeper is not None else self.teacher.act
        self.name = self.teacher.name if self.player is None else "learned"

    def act(self, observation: dict[str, Any], legal: list[Any], rng: Any) -> Any:
        label = None
        if len(legal) > 1:  # the features of the moment: the memory before this choice
            memory = self.teacher.recall(observation) if self.keeps else None
            features = self.features(observation, memory).astype(np.float16)
            label = self.ask(observation, legal, rng)
            ids = [self.space.id_of(a) for a in legal]
            self.rows.append((features, ids, self.space.id_of(label)))
        if self.player is not None:
            return self.player.act(observation, legal, rng)
        return label if label is not None else self.teacher.act(observation, legal, rng)


def collect(
    game: str, games: int, seed: int, student: Mlp | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``games`` games of the heuristic against itself, or (``student``) of the student in
    every other seat against the heuristic; every real choice of every seat is kept."""
    definition = find_game(game)
    players = definition.default_rules().players
    rows: list[Row] = []
    for g in range(games):
        bots = [Recorder(game, rows, student if seat % 2 == 0 else None) for seat in range(players)]
        play_game(definition, None, seed + g, bots)
    actions = len(definition.action_space)
    x = np.stack([r[0] for r in rows])
    mask = np.zeros((len(rows), actions), dtype=bool)
    for i, (_, ids, _) in enumerate(rows):
        mask[i, ids] = True
    y = np.asarray([r[2] for r in rows], dtype=np.int64)
    return x, mask, y


def train(
    x: np.ndarray,
    mask: np.ndarray,
    y: np.ndarray,
    hidden: int,
    epochs: int,
    seed: int,
    start: dict[str, np.ndarray] | None = None,
    lr: float = 1e-3,
) -> dict[str, np.ndarray]:
    """Softmax over the legal actions, cross-entropy with the teacher's choice (``y``), Adam
    at learning rate ``lr``; from ``start``'s weights if given, else from a random start."""
    rng = np.random.default_rng(seed)
    n, f = x.shape
    a = mask.shape[1]
    p = (
        {k: v.astype(np.float32) for k, v in start.items()}
        if start is not None
        else {
            "w1": (rng.standard_normal((f, hidden)) * np.sqrt(2.0 / f)).astype(np.float32),
            "b1": np.zeros(hidden, dtype=np.float32),
            "w2": (rng.standard_normal((hidden, a)) * np.sqrt(1.0 / hidden)).astype(np.float32),
            "b2": np.zeros(a, dtype=np.float32),
        }
    )
    adam = Adam(p, lr)
    batch = 256
    for epoch in range(epochs):
        order = rng.permutation(n)
        loss_sum, right = 0.0, 0
        for start in range(0, n, batch):
            idx = order[start : start + batch]
            xb, mb, yb = x[idx].astype(np.float32), mask[idx], y[idx]
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
            adam.step(grads)
        agree = right / n
        print(f"  epoch {epoch + 1}: loss {loss_sum / n:.3f}, agrees with its teacher {agree:.1%}")
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


def _count(least: int) -> Any:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if not least <= value <= 10_000_000:
            raise argparse.ArgumentTypeError(f"{value} is not in {least}..10000000")
        return value

    return parse


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_to_train", nargs="*", default=["phom", "chan"], choices=LEARNED)
    parser.add_argument("--games", type=_count(1), default=20000, help="heuristic games")
    parser.add_argument("--epochs", type=_count(1), default=6)
    parser.add_argument("--hidden", type=_count(1), default=256)
    parser.add_argument("--dagger", type=_count(0), default=2, help="rounds of student games")
    parser.add_argument("--dagger-games", type=_count(1), default=10000, help="games per round")
    parser.add_argument("--deals", type=_count(1), default=1000, help="duplicate deals per match")
    parser.add_argument("--seed", type=_count(0), default=2024)
    parser.add_argument("--no-save", action="store_true")
    args = parser.parse_args(argv)
    for game in args.games_to_train:
        start = time.time()
        print(f"{game}: collecting {args.games} heuristic games")
        x, mask, y = collect(game, args.games, args.seed)
        print(f"  {len(y)} decisions, {x.shape[1]} features ({time.time() - start:.0f} s)")
        params = train(x, mask, y, args.hidden, args.epochs, args.seed)
        for r in range(args.dagger):
            seed = args.seed + args.games + r * args.dagger_games
            print(f"  DAgger round {r + 1}: {args.dagger_games} games of the student")
            more = collect(game, args.dagger_games, seed, Mlp(params))
            x, mask, y = (
                np.concatenate([old, new]) for old, new in zip((x, mask, y), more, strict=True)
            )
            print(f"  {len(y)} decisions in all ({time.time() - start:.0f} s)")
            params = train(x, mask, y, args.hidden, max(2, args.epochs // 2), seed, params)
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
