"""Expert iteration for the ``learned`` bot (Anthony, Tian and Barber 2017): the search teaches
the network, then the network guides the search that teaches it, round after round.

    python examples/expert_iteration.py phom --dir runs/exit-phom --rounds 2 --games 800

Round r (its files in ``DIR/round-r/``; every file is written once, when it is complete, so a
run stopped anywhere resumes where it stopped with the same command):

1. **labels**: ``--games`` games with the expert in every seat, ``SearchBot`` with
   ``--iterations`` playouts a decision. Round 1's expert is the plain search (the heuristic
   advises and plays out); from round 2 on the network of the round before advises it (its
   ranking gives the base action and the ``width`` actions searched) and, with ``--rollout
   network``, plays out too. At every decision with a choice the features the network reads
   (before the decision: the seat's memory as it was), the legal action ids and the search's
   choice are kept. The games are cut into shards of ``--shard`` games played by ``--workers``
   processes; a shard's file (``labels-K.npz``) is written when its games are done. Each row
   also keeps the soft targets: every searched action's paired gain over the base action and
   its standard error (``gain``, ``error``, aligned with ``legal``; NaN where not searched),
   which ``scripts/soft_targets.py`` trains on. ``--labels-only`` stops after this step.
2. **train**: from the round before's weights (round 1: the shipped ones, which imitate the
   heuristic) on the labels of every round so far (aggregated, as in DAgger), ``--epochs``
   passes at learning rate ``--lr`` (``examples/train.py``'s ``train``), with ``--anchor N``
   the decisions of N games of the heuristic beside them (``--label-weight W``: each label
   counted W times); ``weights.npz`` (float16).
3. **measure** (``report.json``): the network against ``heuristic`` over ``--deals`` duplicate
   deals (two seats each, every rotation: ``chieu.rl.vector.duplicate_deals``); with
   ``--search-deals N``, the search the network advises against the plain search over N deals,
   cut across the workers.

``--ship R`` copies round R's weights over the learned bot's
(``src/chieu/bots/weights/<game>.npz``). Results: docs/measurements/expert_iteration.md.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from train import LEARNED, WEIGHTS, collect, train  # noqa: E402

from chieu.arena.duel import duel_figures, duel_jobs, gather  # noqa: E402
from chieu.bots.base import Bot, play_game  # noqa: E402
from chieu.bots.learned import LearnedBot, Mlp, features_of, load_model  # noqa: E402
from chieu.bots.search import SearchBot, decide  # noqa: E402
from chieu.core.kit import kit_of  # noqa: E402
from chieu.core.registry import find_game  # noqa: E402
from chieu.core.rng import derive_seed  # noqa: E402
from chieu.rl.vector import bot_policy, duplicate_deals  # noqa: E402

#: shipped weights are at most this large (issue 31)
MAX_WEIGHTS = 5_000_000


def load_weights(path: Path) -> dict[str, np.ndarray]:
    with np.load(path) as npz:
        return {k: npz[k] for k in ("w1", "b1", "w2", "b2")}


def expert(
    game: str, iterations: int, network: Path | None, rollout: str, millis: float | None = None
) -> SearchBot:
    """The search of a round: plain (no ``network``), or advised by the network (and played
    out by it with ``rollout == "network"``); ``millis``: a time budget instead of
    ``iterations``."""
    budget: dict[str, Any] = {"millis": millis} if millis else {"iterations": iterations}
    if network is None:
        return SearchBot(game, **budget)
    model = Mlp(load_weights(network))
    roll = (lambda: LearnedBot(game, model)) if rollout == "network" else None
    return SearchBot(game, **budget, advisor=LearnedBot(game, model), rollout=roll)


#: the decision thresholds (``SearchBot.confidence``) whose choices every labelled decision
#: keeps: the search plays at its own (1.0), and the labels of a stricter one follow from the
#: same playouts (``chieu.bots.search.decide``); ``--label-confidence`` picks one to train on
THRESHOLDS = (1.0, 1.5, 2.0, 3.0)


class Labeller:
    """A seat played by the expert; each of its decisions with a choice kept as a row: the
    features, the legal ids, and the choice under each of ``THRESHOLDS``."""

    def __init__(self, game: str, bot: SearchBot, rows: list[Any]) -> None:
        self.bot, self.rows, self.name = bot, rows, "expert"
        self.features = features_of(game)
        self.space = find_game(game).action_space
        advisor = bot._fallback
        #: who keeps the seat's memory the features read (the advisor or its keeper)
        self.keeper = getattr(advisor, "keeper", advisor)
        self.keeps = kit_of(find_game(game)).learned_keeper is not None

    def new_game(self, game: str, rules: Any, seat: int) -> None:
        self.bot.new_game(game, rules, seat)

    def act(self, observation: dict[str, Any], legal: list[Any], rng: Any) -> Any:
        if len(legal) < 2:
            return self.bot.act(observation, legal, rng)
        assert self.features is not None
        memory = self.keeper.recall(observation) if self.keeps else None
        x = self.features(observation, memory).astype(np.float16)
        self.bot.last = []  # stays empty where the worlds cannot rebuild the phase
        choice = self.bot.act(observation, legal, rng)
        guess = self.bot.guess if self.bot.guess is not None else choice
        bot, ids = self.bot, self.space.id_of
        labels = [ids(decide(bot.last, guess, z, bot.min_pairs)) for z in THRESHOLDS]
        # the soft targets: each searched action's paired gain over the base and its error
        searched = {v.action: v for v in bot.last}
        gains = [searched[a].gain if a in searched else np.nan for a in legal]
        errors = [searched[a].error if a in searched else np.nan for a in legal]
        self.rows.append((x, [ids(a) for a in legal], labels, gains, errors))
        return choice


def label_shard(job: dict[str, Any]) -> str:
    """Play one shard's games with the expert in every seat; write its rows (worker side)."""
    game, out = job["game"], Path(job["out"])
    network = Path(job["network"]) if job["network"] else None
    definition = find_game(game)
    players = definition.default_rules().players
    rows: list[Any] = []
    for g in job["seeds"]:
        bots: list[Bot] = [
            Labeller(game, expert(game, job["iterations"], network, job["rollout"]), rows)
            for _ in range(players)
        ]
        play_game(definition, None, g, bots)
    x = np.stack([r[0] for r in rows])
    legal = np.full((len(rows), max(len(r[1]) for r in rows)), -1, dtype=np.int32)
    gain = np.full(legal.shape, np.nan, dtype=np.float32)  # aligned with ``legal``
    error = np.full(legal.shape, np.nan, dtype=np.float32)
    for i, r in enumerate(rows):
        legal[i, : len(r[1])] = r[1]
        gain[i, : len(r[3])] = r[3]
        error[i, : len(r[4])] = np.minimum(r[4], 1e6)
    y = np.asarray([r[2] for r in rows], dtype=np.int32)  # a column per threshold
    tmp = out.with_suffix(".tmp.npz")
    np.savez_compressed(tmp, x=x, legal=legal, y=y, gain=gain, error=error)
    os.replace(tmp, out)
    return f"{out.name}: {len(rows)} decisions"


def load_labels(
    dirs: list[Path], actions: int, confidence: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every shard's rows, labelled with the choice at threshold ``confidence``."""
    if confidence not in THRESHOLDS:
        raise SystemExit(f"--label-confidence: one of {', '.join(map(str, THRESHOLDS))}")
    column = THRESHOLDS.index(confidence)
    xs, masks, ys = [], [], []
    for d in dirs:
        for f in sorted(d.glob("labels-*.npz")):
            if f.name.endswith(".tmp.npz"):
                continue
            with np.load(f) as npz:
                x, legal, y = npz["x"], npz["legal"], npz["y"]
            mask = np.zeros((len(y), actions), dtype=bool)
            rows, cols = np.nonzero(legal >= 0)
            mask[rows, legal[rows, cols]] = True
            xs.append(x)
            masks.append(mask)
            ys.append(y[:, column].astype(np.int64))
    return np.concatenate(xs), np.concatenate(masks), np.concatenate(ys)


def duel_chunk(job: dict[str, Any]) -> list[list[float]]:
    """One chunk of a duplicate duel (worker side): each side's mean over each deal."""
    game = job["game"]
    network = Path(job["network"]) if job["network"] else None

    def make(side: str) -> Any:
        """A side's bots: the network, a search (advised by the network or plain), or a bot
        by name."""
        if side == "network":
            assert network is not None
            model = Mlp(load_weights(network))
            return lambda: LearnedBot(game, model)
        if side in ("network-search", "search"):
            net = network if side == "network-search" else None
            return lambda: expert(game, job["iterations"], net, job["rollout"], job.get("millis"))
        return side

    sides = [bot_policy(make(s), game, seed=job["seed"] + (s == "heuristic")) for s in job["sides"]]
    res = duplicate_deals(
        game, sides, job["deals"], names=job["sides"], seed=job["seed"], lineup=[0, 1, 0, 1]
    )
    return [list(d) for d in res.per_deal]


def duel(
    pool: ProcessPoolExecutor, base: dict[str, Any], sides: list[str], deals: int, chunks: int
) -> dict[str, Any]:
    """A duplicate duel of two sides over ``deals`` deals cut into ``chunks``: each side's mean
    points a game with its 95 % interval over deals, and the difference's."""
    per = gather(pool.map(duel_chunk, duel_jobs({**base, "sides": sides}, deals, chunks)))
    out: dict[str, Any] = {"deals": deals}
    for name, (m, lo, hi) in duel_figures(sides, per).items():
        out[name] = {"mean": round(m, 4), "ci95": [round(lo, 4), round(hi, 4)]}
    return out


def run_round(args: argparse.Namespace, r: int, pool: ProcessPoolExecutor) -> dict[str, Any]:
    game, top = args.game, Path(args.dir)
    here = top / f"round-{r}"
    here.mkdir(parents=True, exist_ok=True)
    before = top / f"round-{r - 1}" / "weights.npz" if r > 1 else None
    began = time.time()
    # 1. labels, shard by shard (the shards already written are kept)
    first = derive_seed(args.seed, "round", r)
    jobs = []
    for k in range(0, args.games, args.shard):
        out = here / f"labels-{k // args.shard:04d}.npz"
        if not out.exists():
            seeds = [
                derive_seed(first, "game", g) for g in range(k, min(args.games, k + args.shard))
            ]
            jobs.append(
                {
                    "game": game,
                    "out": str(out),
                    "seeds": seeds,
                    "iterations": args.iterations,
                    "network": str(before) if before else None,
                    "rollout": args.rollout,
                }
            )
    for said in pool.map(label_shard, jobs):
        print(f"  round {r}: {said}", flush=True)
    labelled = time.time() - began
    if args.labels_only:
        return {"game": game, "round": r, "labels": str(here), "labelling_s": round(labelled)}
    # 2. train on every round's labels, from the weights before
    weights = here / "weights.npz"
    actions = len(find_game(game).action_space)
    rounds = [top / f"round-{i}" for i in range(1, r + 1)]
    x, mask, y = load_labels(rounds, actions, args.label_confidence)
    decisions = len(y)  # the search's, every round so far
    if not weights.exists():
        x, mask, y = (np.concatenate([a] * args.label_weight) for a in (x, mask, y))
        if args.anchor:  # the heuristic's own games beside the labels
            more = collect(game, args.anchor, derive_seed(args.seed, "anchor", r))
            x, mask, y = (
                np.concatenate([a.astype(b.dtype), b])
                for a, b in zip((x, mask, y), more, strict=True)
            )
        start = load_weights(before) if before else shipped(game)
        params = train(x, mask, y, args.hidden, args.epochs, args.seed + r, start, lr=args.lr)
        tmp = here / "weights.tmp.npz"
        np.savez_compressed(tmp, **{k: v.astype(np.float16) for k, v in params.items()})
        os.replace(tmp, weights)
    size = weights.stat().st_size
    if size > MAX_WEIGHTS:
        raise SystemExit(f"{weights}: {size} bytes, more than {MAX_WEIGHTS}")
    # 3. measure
    report_path = here / "report.json"
    if report_path.exists():
        report: dict[str, Any] = json.loads(report_path.read_text())
        return report
    base = {"game": game, "network": str(weights), "iterations": args.iterations,
            "rollout": args.rollout, "seed": args.seed + 7, "millis": args.millis}  # fmt: skip
    report = {
        "game": game,
        "round": r,
        "games": args.games,
        "decisions": decisions,
        "iterations": args.iterations,
        "label_confidence": args.label_confidence,
        "label_weight": args.label_weight,
        "anchor_games": args.anchor,
        "lr": args.lr,
        "rollout": args.rollout if r > 1 else "heuristic",
        "weights_bytes": size,
        "labelling_s": round(labelled),
        "learned_vs_heuristic": duel(
            pool, base, ["network", "heuristic"], args.deals, args.workers
        ),
    }
    if args.search_deals:
        report["network_search_vs_search"] = duel(
            pool, base, ["network-search", "search"], args.search_deals, args.workers * 4
        )
    report_path.write_text(json.dumps(report, indent=1) + "\n")
    return report


def shipped(game: str) -> dict[str, np.ndarray]:
    model = load_model(game)
    if model is None:
        raise SystemExit(f"no shipped weights for {game}: train it first (examples/train.py)")
    return {"w1": model.w1, "b1": model.b1, "w2": model.w2, "b2": model.b2}


def _count(least: int, most: int = 10_000_000) -> Any:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if not least <= value <= most:
            raise argparse.ArgumentTypeError(f"{value} is not in {least}..{most}")
        return value

    return parse


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=LEARNED)  # the games whose kit names the features
    parser.add_argument("--dir", required=True, help="the run's folder (resumed if it exists)")
    parser.add_argument("--rounds", type=_count(1, 100), default=2)
    parser.add_argument("--games", type=_count(1), default=800, help="expert games a round")
    parser.add_argument("--shard", type=_count(1), default=25, help="games a labels file")
    parser.add_argument("--iterations", type=_count(2, 10_000), default=100)
    parser.add_argument("--rollout", choices=("heuristic", "network"), default="heuristic")
    parser.add_argument("--label-confidence", type=float, choices=THRESHOLDS, default=2.0)
    parser.add_argument(
        "--labels-only", action="store_true", help="make round 1's labels and stop (no training)"
    )
    parser.add_argument("--epochs", type=_count(1, 1000), default=3)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument(
        "--label-weight", type=_count(1, 100), default=1, help="each label counted W times"
    )
    parser.add_argument(
        "--anchor", type=_count(0), default=0, help="heuristic games added to the training data"
    )
    parser.add_argument("--hidden", type=_count(1, 4096), default=256)
    parser.add_argument("--deals", type=_count(1), default=1000)
    parser.add_argument("--search-deals", type=_count(0), default=0)
    parser.add_argument(
        "--millis", type=_count(1, 10_000), help="the searches' budget in the duel of searches"
    )
    parser.add_argument("--workers", type=_count(1, 64), default=max(1, (os.cpu_count() or 2)))
    parser.add_argument("--seed", type=_count(0), default=2026)
    parser.add_argument("--ship", type=_count(1, 100), help="copy round R's weights to the bot's")
    args = parser.parse_args(argv)
    if not 0 < args.lr < 1:
        parser.error(f"--lr: {args.lr} is not between 0 and 1")
    if args.ship:
        src = Path(args.dir) / f"round-{args.ship}" / "weights.npz"
        if not src.exists():
            parser.error(f"{src} does not exist: run round {args.ship} first")
        shutil.copyfile(src, WEIGHTS / f"{args.game}.npz")
        print(f"shipped {src} as {WEIGHTS / f'{args.game}.npz'}")
        return 0
    try:
        Path(args.dir).mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        parser.error(f"--dir {args.dir}: {exc.strerror}")
    ctx = get_context("spawn")
    with ProcessPoolExecutor(args.workers, mp_context=ctx) as pool:
        for r in range(1, args.rounds + 1):
            report = run_round(args, r, pool)
            print(json.dumps(report), flush=True)
            if args.labels_only:
                break
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
