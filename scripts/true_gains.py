"""Labels for the learned bot's gain head, played out in the *true* world (issue 31;
docs/measurements/expert_iteration.md, "Gains in the true world").

    python scripts/true_gains.py label phom --dir runs/gains-phom --games 20000 --workers 2

Games of the heuristic in every seat (from round 2: of the network ``--bot``, its head
included). At every decision with a choice, the player's own choice (the base) and the actions
the network's policy ranks first after it, ``--width`` in all, those that commit no fault, are
each played out once from the true state, the players' forks in every seat, with the same
playout randomness (common random numbers). Each row keeps the features the network reads (the
seat's memory as it was), the candidates' ids (the base first) and the seat's points after
each. Within a row, ``points[a] - points[base]`` is a sample of what choosing ``a`` instead
gains, in a world drawn from exactly the distribution the seat's information leaves (the game
really dealt it): one world a decision, many decisions, where the search's labels spend a
hundred sampled worlds on one. Shards of ``--shard`` games, each written once, when complete;
a stopped run resumes with the same command.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from chieu.arena.duel import duel_figures, duel_jobs, gather
from chieu.bots.adam import Adam
from chieu.bots.base import start_bots
from chieu.bots.learned import BASES, GAIN_KEYS, LearnedBot, Mlp, load_model, read_model
from chieu.bots.registry import get_bot, search_options
from chieu.bots.search import SearchBot
from chieu.bots.worlds import commits_fault
from chieu.core.decisions import Decision
from chieu.core.driver import play
from chieu.core.kit import kit_of
from chieu.core.protocol import State
from chieu.core.registry import find_game
from chieu.core.rng import Rng, derive_seed
from chieu.core.table import load_game
from chieu.rl.vector import bot_policy, duplicate_deals


def _rollout(state: State, bots: list[Any], rng: Rng) -> list[float]:
    def choose(st: State, d: Decision) -> Any:
        return bots[d.seat].act(st.observation(d.seat), list(d.actions), rng)

    play(state, choose)
    outcome = state.outcome()
    return [0.0] * state.num_players if outcome is None else [float(p) for p in outcome.payoffs]


def _fork(bot: Any) -> Any:
    fork = getattr(bot, "fork", None)
    return fork() if callable(fork) else bot


def load_net(path: str | None) -> Mlp | None:
    return None if path is None else read_model(path)


def label_game(game: str, seed: int, width: int, rows: list[Any], model: Mlp | None) -> None:
    """One game of the heuristic (with ``model``: of that network, its head included) in every
    seat; its decisions with a choice appended to ``rows``."""
    bound = load_game(game, None)
    definition = bound.definition
    state = bound.new_state(seed)
    n = state.num_players
    net = LearnedBot(game, model)
    player = (lambda: LearnedBot(game, model)) if model else (lambda: get_bot("heuristic", game))
    bots = [player() for _ in range(n)]
    start_bots(definition, bound.rules, bots)
    keeps = kit_of(definition).learned_keeper is not None
    space = definition.action_space
    rngs = [Rng(seed, "bot", s) for s in range(n)]
    step = [0]

    def choose(st: State, d: Decision) -> Any:
        legal, seat = list(d.actions), d.seat
        bot = bots[seat]
        obs = st.observation(seat)
        if len(legal) < 2:
            return bot.act(obs, legal, rngs[seat])
        step[0] += 1
        memory = getattr(bot, "keeper", bot).recall(obs) if keeps else None
        features = net.features(obs, memory)
        scores = net.model.scores(features)
        before = [_fork(b) for b in bots]  # the seats' memories before the choice
        choice = bot.act(obs, legal, rngs[seat])
        order = sorted(legal, key=lambda a: -float(scores[space.id_of(a)]))
        safe = [a for a in order if a != choice and not commits_fault(st, seat, a)]
        cands = [choice, *safe[: width - 1]]
        points = []
        roll = derive_seed(seed, "rollout", step[0])
        for a in cands:
            world = st.clone()
            world.apply(a, seat)
            seated = [_fork(b) for b in before]
            remember = getattr(seated[seat], "remember", None)
            if callable(remember):
                remember(obs, legal, a)
            points.append(_rollout(world, seated, Rng(roll, "roll"))[seat])
        rows.append((features.astype(np.float16), [space.id_of(a) for a in cands], points))
        return choice

    play(state, choose, fast=True)


def label_shard(job: dict[str, Any]) -> str:
    rows: list[Any] = []
    model = load_net(job["bot"])
    for g in job["seeds"]:
        label_game(job["game"], g, job["width"], rows, model)
    out = Path(job["out"])
    x = np.stack([r[0] for r in rows])
    ids = np.full((len(rows), job["width"]), -1, dtype=np.int32)
    pts = np.full(ids.shape, np.nan, dtype=np.float32)
    for i, (_, c, p) in enumerate(rows):
        ids[i, : len(c)] = c
        pts[i, : len(p)] = p
    tmp = out.with_suffix(".tmp.npz")
    np.savez_compressed(tmp, x=x, ids=ids, points=pts)
    os.replace(tmp, out)
    return f"{out.name}: {len(rows)} decisions"


def label(args: argparse.Namespace) -> int:
    top = Path(args.dir)
    top.mkdir(parents=True, exist_ok=True)
    jobs = []
    for k in range(0, args.games, args.shard):
        out = top / f"gains-{k // args.shard:05d}.npz"
        if out.exists():
            continue
        seeds = list(range(args.first + k, args.first + min(k + args.shard, args.games)))
        jobs.append(
            {"game": args.game, "seeds": seeds, "width": args.width, "out": str(out)}
            | {"bot": args.bot}
        )
    start = time.time()
    with ProcessPoolExecutor(args.workers, mp_context=get_context("spawn")) as pool:
        for done in pool.map(label_shard, jobs):
            print(f"{time.time() - start:7.0f} s  {done}", flush=True)
    return 0


Arrays = dict[str, np.ndarray]


def load(folder: Path) -> Arrays:
    """Every complete shard's rows, in order (``shard``: the file's number)."""
    parts = []
    for i, f in enumerate(sorted(folder.glob("gains-*.npz"))):
        if f.name.endswith(".tmp.npz"):
            continue
        with np.load(f) as z:
            parts.append({"x": z["x"], "ids": z["ids"], "points": z["points"]})
            parts[-1]["shard"] = np.full(len(z["x"]), i)
    if not parts:
        raise SystemExit(f"{folder}: no gains-*.npz")
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


def targets(d: Arrays, rows: np.ndarray, clip: float) -> tuple[np.ndarray, np.ndarray]:
    """Each row's gains over its base (``points[a] - points[base]``, clipped) and their mask."""
    p = d["points"][rows]
    t = p[:, 1:] - p[:, :1]
    ok = (d["ids"][rows, 1:] >= 0) & ~np.isnan(t)
    return np.where(ok, np.clip(t, -clip, clip), 0.0).astype(np.float32), ok


def gains_of(w: Arrays, x: np.ndarray, ids: np.ndarray) -> np.ndarray:
    """The head's predicted gain of each candidate over the base (rows of ``x``)."""
    h = np.maximum(x.astype(np.float32) @ w["g_w1"] + w["g_b1"], 0.0)
    safe = np.maximum(ids, 0)
    q = np.einsum("bh,hbk->bk", h, w["g_w2"][:, safe]) + w["g_b2"][safe]
    return q[:, 1:] - q[:, :1]


def switches(
    d: Arrays, w: Arrays, rows: np.ndarray, margin: float | np.ndarray
) -> tuple[float, float, float]:
    """The bot "the base unless the head puts another candidate ahead by more than
    ``margin``", scored on ``rows`` by the playouts' own gains (which the head never saw): the
    mean gain a decision, its 95 % half-width and how often it leaves the base."""
    got = np.zeros(len(rows))
    moved = 0
    for s in range(0, len(rows), 4096):
        r = rows[s : s + 4096]
        t, ok = targets(d, r, np.inf)
        pred = np.where(ok, gains_of(w, d["x"][r], d["ids"][r]), -np.inf)
        best = pred.argmax(1)
        bar = margin if np.isscalar(margin) else np.asarray(margin)[s : s + 4096]
        go = pred[np.arange(len(r)), best] > bar
        got[s : s + len(r)] = np.where(go, t[np.arange(len(r)), best], 0.0)
        moved += int(go.sum())
    return float(got.mean()), 1.96 * float(got.std()) / np.sqrt(len(got)), moved / len(rows)


def fit(d: Arrays, rows: np.ndarray, start: Arrays, epochs: int, lr: float, l2: float,
        clip: float, seed: int) -> Iterator[Arrays]:  # fmt: skip
    """Least squares of ``q[a] - q[base]`` on the gains, Adam over batches of rows."""
    rng = np.random.default_rng(seed)
    w = {k: v.astype(np.float32).copy() for k, v in start.items()}
    adam = Adam(w, lr)
    for _ in range(epochs):
        order = rng.permutation(rows)
        for s in range(0, len(order), 256):
            r = order[s : s + 256]
            x = d["x"][r].astype(np.float32)
            ids = np.maximum(d["ids"][r], 0)
            tg, ok = targets(d, r, clip)
            pre = x @ w["g_w1"] + w["g_b1"]
            h = np.maximum(pre, 0.0)
            cols = w["g_w2"][:, ids]  # h x batch x width
            q = np.einsum("bh,hbk->bk", h, cols) + w["g_b2"][ids]
            err = np.where(ok, q[:, 1:] - q[:, :1] - tg, 0.0)
            dq = np.zeros_like(q)
            dq[:, 1:] = 2 * err / max(int(ok.sum()), 1)
            dq[:, 0] = -dq[:, 1:].sum(1)
            g = {"g_w2": l2 * w["g_w2"], "g_b2": np.zeros_like(w["g_b2"])}
            np.add.at(
                g["g_w2"].T, ids.ravel(), (dq[:, :, None] * h[:, None, :]).reshape(-1, h.shape[1])
            )
            np.add.at(g["g_b2"], ids.ravel(), dq.ravel())
            dh = np.einsum("bk,hbk->bh", dq, cols) * (pre > 0)
            g["g_w1"], g["g_b1"] = x.T @ dh + l2 * w["g_w1"], dh.sum(0)
            adam.step(g)
        yield w


def verbs(d: Arrays, rows: np.ndarray, game: str) -> np.ndarray:
    """The kind of move (the base action's verb) of each row."""
    action = find_game(game).action_space.action
    names = {i: action(int(i)).verb for i in np.unique(d["ids"][rows, 0])}
    return np.asarray([names[i] for i in d["ids"][rows, 0]])


def row_margins(
    d: Arrays, rows: np.ndarray, by_verb: dict[str, float], margin: float, game: str
) -> np.ndarray:
    return np.asarray([by_verb.get(v, margin) for v in verbs(d, rows, game)])


def verb_margins(
    d: Arrays, w: Arrays, rows: np.ndarray, margin: float, margins: tuple[float, ...], game: str
) -> dict[str, float]:
    """For each kind of move with 200 rows or more in ``rows``, the margin (infinite: never
    leave the base) whose switches gained most there; ties go to the larger margin."""
    kinds = verbs(d, rows, game)
    out: dict[str, float] = {}
    for verb in sorted(set(kinds)):
        mine = rows[kinds == verb]
        if len(mine) < 200:
            continue
        scored = [(switches(d, w, mine, m)[0], m) for m in (*margins, np.inf)]
        top = max(g for g, _ in scored)
        out[verb] = max(m for g, m in scored if g == top)
    return out


def train(args: argparse.Namespace) -> int:
    """Fit the head on the first 80 % of the shards; choose the pass and the margin on the
    next 10 %; report the last 10 % (untouched) and write the network with its head."""
    d = load(Path(args.dir))
    d["x"] = d["x"].astype(np.float32)
    last = int(d["shard"].max()) + 1
    cut1, cut2 = int(last * 0.8), int(last * 0.9)
    tr = np.nonzero(d["shard"] < cut1)[0]
    va = np.nonzero((d["shard"] >= cut1) & (d["shard"] < cut2))[0]
    te = np.nonzero(d["shard"] >= cut2)[0]
    print(f"{len(d['x'])} decisions: {len(tr)} to train, {len(va)} to choose, {len(te)} to test")
    model = load_net(args.start) or load_model(args.game)
    assert model is not None
    rng = np.random.default_rng(args.seed)
    features, actions = model.w1.shape[0], model.w2.shape[1]
    if args.start and model.gain is not None:  # the round before's head
        start = dict(zip(GAIN_KEYS[:4], model.gain, strict=True))
    elif args.hidden == model.w1.shape[1] and not args.fresh:
        start = {"g_w1": model.w1.copy(), "g_b1": model.b1.copy()}
    else:
        start = {
            "g_w1": rng.normal(0, np.sqrt(2 / features), (features, args.hidden)),
            "g_b1": np.zeros(args.hidden),
        }
    if "g_w2" not in start:
        start |= {"g_w2": np.zeros((args.hidden, actions)), "g_b2": np.zeros(actions)}
    margins = (0.0, 0.25, 0.5, 1.0, 1.5, 2.0)
    best: tuple[float, int, float, Arrays] | None = None
    fitted = fit(d, tr, start, args.epochs, args.lr, args.l2, args.clip, args.seed)
    for epoch, w in enumerate(fitted, 1):
        row = []
        for margin in margins:
            mean, half, share = switches(d, w, va, margin)
            row.append(f"{margin}: {mean:+.4f}±{half:.4f} ({share:.1%})")
            if best is None or mean > best[0]:
                best = (mean, epoch, margin, {k: a.copy() for k, a in w.items()})
        print(f"pass {epoch}: " + "  ".join(row), flush=True)
    assert best is not None
    mean, epoch, margin, w = best
    print(f"chosen: pass {epoch}, margin {margin} ({mean:+.4f} a decision on the choosing part)")
    for m in sorted({margin, *margins}):
        tm, th, ts = switches(d, w, te, m)
        print(f"  test, margin {m}: {tm:+.4f} ± {th:.4f} a decision, leaves the base {ts:.1%}")
    by_verb = verb_margins(d, w, va, margin, margins, args.game)
    print("  a margin per kind of move, chosen on the choosing part: " + ", ".join(
        f"{v} {m:g}" for v, m in by_verb.items()))  # fmt: skip
    tm, th, ts = switches(d, w, te, row_margins(d, te, by_verb, margin, args.game))
    print(f"  test, those margins: {tm:+.4f} ± {th:.4f} a decision, leaves the base {ts:.1%}")
    out = model.policy() | w
    out |= {"g_margin": np.float32(margin), "g_width": np.int32(args.width)}
    out |= {"g_verbs": np.asarray(list(by_verb)), "g_margins": np.asarray(list(by_verb.values()))}
    out |= {"g_base": np.asarray(args.base)}
    small = {k: a.astype(np.float16) for k, a in out.items() if a.dtype.kind == "f" and a.ndim}
    np.savez_compressed(args.out, **(out | small))
    print(f"{args.out}: {Path(args.out).stat().st_size:,} bytes")
    return 0


def scale(args: argparse.Namespace) -> int:
    """A copy of a network whose head departs less often: every margin multiplied by ``--by``
    (a margin of 0 stays 0, an infinite one stays infinite), and with ``--departures`` at most
    that many departures a game."""
    with np.load(args.net) as z:
        out = {k: z[k] for k in z.files}
    if "g_margins" not in out:
        raise SystemExit(f"{args.net}: no margins per kind of move (train writes them)")
    out["g_margins"] = out["g_margins"] * args.by  # 0 stays 0, inf stays inf
    out["g_margin"] = np.float32(float(out["g_margin"]) * args.by)
    if args.departures is not None:
        out["g_departures"] = np.int32(args.departures)
    np.savez_compressed(args.out, **out)
    print(", ".join(f"{v} {m:g}" for v, m in zip(out["g_verbs"], out["g_margins"], strict=True)))
    return 0


def _side(game: str, name: str, model: Mlp) -> Any:
    """A duel's side: ``net`` (the network alone), ``net+search:N`` (the search of N playouts
    the network advises), or any bot by name (``heuristic``, ``search:100``...)."""
    if name == "net":
        return lambda: LearnedBot(game, model)
    if name.startswith("net+search:"):
        iterations = int(name.split(":")[1])
        options = search_options(game) | {"iterations": iterations, "millis": None}
        return lambda: SearchBot(game, **options, advisor=LearnedBot(game, model))
    return name


def duel_chunk(job: dict[str, Any]) -> list[list[float]]:
    """One chunk of a duplicate duel: each side's mean points over each deal (worker side)."""
    game = job["game"]
    model = load_net(job["net"])
    assert model is not None
    sides = [
        bot_policy(_side(game, name, model), game, seed=job["seed"] + i)
        for i, name in enumerate(job["sides"])
    ]
    lineup = [int(c) for c in job["lineup"]]
    res = duplicate_deals(game, sides, job["deals"], seed=job["seed"], lineup=lineup)
    return [list(d) for d in res.per_deal]


def duel(args: argparse.Namespace) -> int:
    """Two sides over ``--deals`` duplicate deals (two seats each, every rotation), cut across
    the workers: each side's mean points a game and the difference, with 95 % intervals."""
    sides = [args.side, args.against]
    common = {"game": args.game, "net": args.net, "sides": sides, "seed": args.seed}
    jobs = duel_jobs(common | {"lineup": args.lineup}, args.deals, args.workers)
    with ProcessPoolExecutor(args.workers, mp_context=get_context("spawn")) as pool:
        per = gather(pool.map(duel_chunk, jobs))
    figures = duel_figures(sides, per)
    for name in sides:
        m, lo, hi = figures[name]
        print(f"{name}: {m:+.4f} [{lo:+.4f}, {hi:+.4f}] points a game")
    m, lo, hi = figures["difference"]
    print(f"{sides[0]} - {sides[1]}: {m:+.4f} [{lo:+.4f}, {hi:+.4f}] over {len(per[0])} deals")
    if args.save:
        np.save(args.save, np.asarray(per, dtype=np.float64).T)  # a row a deal, a column a side
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    lab = sub.add_parser("label", help="play heuristic games and keep the true-world gains")
    lab.add_argument("game", choices=["chan", "phom"])
    lab.add_argument("--dir", required=True)
    lab.add_argument("--games", type=int, default=1000)
    lab.add_argument("--first", type=int, default=1_000_000, help="the first deal's seed")
    lab.add_argument("--width", type=int, default=5)
    lab.add_argument("--bot", help="a network's .npz to play instead of the heuristic (round 2)")
    lab.add_argument("--shard", type=int, default=200)
    lab.add_argument("--workers", type=int, default=2)
    tr = sub.add_parser("train", help="fit the gain head; write the network with it")
    tr.add_argument("game", choices=["chan", "phom"])
    tr.add_argument("--dir", required=True)
    tr.add_argument("--out", required=True)
    tr.add_argument("--hidden", type=int, default=256)
    tr.add_argument("--fresh", action="store_true", help="not from the policy's hidden layer")
    tr.add_argument("--start", help="a network's .npz: its policy, and its head to start from")
    tr.add_argument("--epochs", type=int, default=4)
    tr.add_argument("--lr", type=float, default=3e-4)
    tr.add_argument("--l2", type=float, default=1e-5)
    tr.add_argument("--clip", type=float, default=30.0)
    tr.add_argument("--width", type=int, default=6)
    tr.add_argument("--seed", type=int, default=1)
    tr.add_argument(
        "--base",
        choices=BASES,
        default="policy",
        help="the head departs from the policy's choice"
        " (policy) or from the game's heuristic's (teacher)",
    )
    sc = sub.add_parser("scale", help="a network whose head departs less often")
    sc.add_argument("net", help="a network's .npz with a head (train's --out)")
    sc.add_argument("--by", type=float, default=1.0, help="the margins' factor")
    sc.add_argument("--departures", type=int, help="at most this many departures a game")
    sc.add_argument("--out", required=True)
    du = sub.add_parser("duel", help="the network (alone or advising the search) in a duel")
    du.add_argument("game", choices=["chan", "phom"])
    du.add_argument("net", help="a network's .npz (train's --out)")
    du.add_argument("--side", default="net", help="net, net+search:N, or a bot's name")
    du.add_argument("--against", default="heuristic", help="a bot's name (search:100...)")
    du.add_argument("--deals", type=int, default=1000)
    du.add_argument("--seed", type=int, default=2033)
    du.add_argument("--workers", type=int, default=2)
    du.add_argument(
        "--lineup",
        default="0101",
        choices=["0101", "0111"],
        help="the sides' seats at the first rotation: two seats each (0101), or one seat of"
        " --side against three of --against (0111)",
    )
    du.add_argument("--save", help="an .npy to keep each deal's points (a row a deal), for pooling")
    args = ap.parse_args()
    return {"label": label, "train": train, "scale": scale, "duel": duel}[args.command](args)


if __name__ == "__main__":
    raise SystemExit(main())
