"""Can a network learn *where* the search beats the heuristic from the search's values?
(issue 31; docs/measurements/expert_iteration.md, "Soft targets")

    python examples/expert_iteration.py phom --dir runs/soft-phom --rounds 1 --games 800 \\
        --iterations 100 --workers 2 --labels-only
    python scripts/soft_targets.py phom runs/soft-phom/round-1

The labels keep, for every searched action, its paired gain over the base action (the
heuristic's choice) and that gain's standard error. Those are unbiased, if noisy, estimates of
what choosing the action instead is worth, where the search's *choice* is biased by its noise
(it picks the action that got lucky). A gain head is fitted to them by weighted least squares
(weight 1 / (error² + τ²)): ``q(x)`` scores every action id, and ``q[a] - q[base]`` predicts
the gain of ``a``. It reads the shipped network's hidden layer, frozen or trained too.

Held out: the last fifth of the shards (whole games). On those decisions the bot the head
makes, "the base unless the head predicts another searched action ahead by more than the
margin", is scored by the targets of the actions it picks. These targets come from playouts
the head never saw, so the mean is an unbiased estimate of what the switches gain a decision.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from chieu.bots.adam import Adam
from chieu.bots.learned import load_model
from chieu.core.registry import find_game

Arrays = dict[str, np.ndarray]


def load(folder: Path) -> Arrays:
    """Every shard's rows (``shard``: the file's number, to hold whole games out)."""
    parts: list[Arrays] = []
    for i, f in enumerate(sorted(folder.glob("labels-*.npz"))):
        if f.name.endswith(".tmp.npz"):
            continue
        with np.load(f) as z:
            if "gain" not in z:
                raise SystemExit(f"{f}: no soft targets (labelled before they were kept)")
            parts.append({k: z[k] for k in ("x", "legal", "gain", "error", "y")})
            parts[-1]["shard"] = np.full(len(z["x"]), i)
    if not parts:
        raise SystemExit(f"{folder}: no labels-*.npz")
    width = max(p["legal"].shape[1] for p in parts)

    def pad(a: np.ndarray, fill: float) -> np.ndarray:
        return np.pad(a, ((0, 0), (0, width - a.shape[1])), constant_values=fill)

    out = {k: np.concatenate([p[k] for p in parts]) for k in ("x", "y", "shard")}
    out["x"] = out["x"].astype(np.float32)
    out["legal"] = np.concatenate([pad(p["legal"], -1) for p in parts])
    for k in ("gain", "error"):
        out[k] = np.concatenate([pad(p[k], np.nan) for p in parts])
    # the base: the searched action with gain and error exactly 0 (the heuristic's choice)
    base = np.full(len(out["x"]), -1)
    for r in range(len(base)):
        hit = np.nonzero((out["legal"][r] >= 0) & (out["gain"][r] == 0) & (out["error"][r] == 0))
        if len(hit[0]):
            base[r] = out["legal"][r, hit[0][0]]
    out["base"] = base
    return out


def pairs(d: Arrays, rows: np.ndarray, tau: float, clip: float) -> tuple[np.ndarray, ...]:
    """(row, action, base, gain, weight) for every searched action other than the base."""
    out: list[tuple[int, int, int, float, float]] = []
    for r in rows:
        if d["base"][r] < 0:
            continue
        for c in np.nonzero((d["legal"][r] >= 0) & ~np.isnan(d["gain"][r]))[0]:
            a = int(d["legal"][r, c])
            if a != d["base"][r]:
                g = float(np.clip(d["gain"][r, c], -clip, clip))
                out.append(
                    (r, a, int(d["base"][r]), g, 1.0 / (min(d["error"][r, c], 1e3) ** 2 + tau**2))
                )
    return tuple(np.asarray(col) for col in zip(*out, strict=True))


def fit(x: np.ndarray, p: tuple[np.ndarray, ...], start: Arrays, actions: int,
        trunk: bool, epochs: int, lr: float, l2: float, seed: int) -> Arrays:  # fmt: skip
    """Weighted least squares of ``q[a] - q[base]`` on the gains, Adam."""
    rng = np.random.default_rng(seed)
    hidden = start["w1"].shape[1]
    w = {"w1": start["w1"].copy(), "b1": start["b1"].copy()}
    w["qw"], w["qb"] = np.zeros((hidden, actions), np.float32), np.zeros(actions, np.float32)
    adam = Adam(w, lr, ["qw", "qb"] + (["w1", "b1"] if trunk else []))
    rows, act, base, gain, weight = p
    for _ in range(epochs):
        order = rng.permutation(len(rows))
        for s in range(0, len(rows), 512):
            i = order[s : s + 512]
            xr = x[rows[i]]
            pre = xr @ w["w1"] + w["b1"]
            h = np.maximum(pre, 0)
            dq = w["qw"][:, act[i]].T - w["qw"][:, base[i]].T
            c = 2 * weight[i] * ((h * dq).sum(1) + w["qb"][act[i]] - w["qb"][base[i]] - gain[i])
            c /= weight[i].sum()
            g: Arrays = {"qw": l2 * w["qw"], "qb": np.zeros_like(w["qb"])}
            np.add.at(g["qw"].T, act[i], c[:, None] * h)
            np.add.at(g["qw"].T, base[i], -c[:, None] * h)
            np.add.at(g["qb"], act[i], c)
            np.add.at(g["qb"], base[i], -c)
            if trunk:
                gh = c[:, None] * dq * (pre > 0)
                g["w1"], g["b1"] = xr.T @ gh, gh.sum(0)
            adam.step(g)
    return w


def target(d: Arrays, r: int, action: int) -> float:
    """The gain the playouts gave ``action`` at row ``r`` (0 for the base or one not searched)."""
    c = np.nonzero(d["legal"][r] == action)[0]
    return 0.0 if not len(c) or np.isnan(d["gain"][r, c[0]]) else float(d["gain"][r, c[0]])


def held_out(d: Arrays, w: Arrays, rows: np.ndarray, margin: float) -> tuple[float, float, float]:
    """Mean target gain a decision of the head's switches, its 95 % half-width, and how often
    it switches."""
    q = np.maximum(d["x"][rows] @ w["w1"] + w["b1"], 0) @ w["qw"] + w["qb"]
    got, switched = [], 0
    for k, r in enumerate(rows):
        b, realised = d["base"][r], 0.0
        known = np.nonzero((d["legal"][r] >= 0) & ~np.isnan(d["gain"][r]))[0]
        others = [c for c in known if d["legal"][r, c] != b]
        if b >= 0 and others:
            best = max(others, key=lambda c: q[k, d["legal"][r, c]])
            if q[k, d["legal"][r, best]] - q[k, b] > margin:
                realised, switched = float(d["gain"][r, best]), switched + 1
        got.append(realised)
    arr = np.asarray(got)
    return float(arr.mean()), 1.96 * float(arr.std()) / np.sqrt(len(arr)), switched / len(arr)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("labels", type=Path, help="a folder of labels-*.npz with soft targets")
    ap.add_argument("--tau", type=float, default=0.5, help="the noise floor of the weights")
    args = ap.parse_args()
    d = load(args.labels)
    model = load_model(args.game)
    if model is None:
        raise SystemExit(f"no shipped network for {args.game}")
    actions = len(find_game(args.game).action_space)
    last = int(d["shard"].max()) + 1
    test = d["shard"] >= int(last * 0.8)
    train_rows, test_rows = np.nonzero(~test)[0], np.nonzero(test)[0]
    p_train = pairs(d, train_rows, args.tau, 10.0)
    p_test = pairs(d, test_rows, args.tau, 10.0)
    zero = float((p_test[4] * p_test[3] ** 2).sum() / p_test[4].sum())
    print(f"{len(d['x'])} decisions, {len(test_rows)} held out; {len(p_train[0])} training gains")
    for col, z in enumerate((1.0, 1.5, 2.0, 3.0)):
        own = [target(d, r, d["y"][r, col]) for r in test_rows]
        print(f"  the search's own choice at z = {z}: {np.mean(own):+.3f} a decision "
              "(scored by the playouts that chose it: biased upwards)")  # fmt: skip
    start = {"w1": model.w1, "b1": model.b1}
    for trunk, epochs, lr, l2 in (
        (False, 8, 1e-3, 1e-3),
        (False, 20, 1e-3, 1e-2),
        (True, 4, 3e-4, 1e-3),
        (True, 8, 1e-4, 1e-3),
    ):
        w = fit(d["x"], p_train, start, actions, trunk, epochs, lr, l2, 1)
        h = np.maximum(d["x"][p_test[0]] @ w["w1"] + w["b1"], 0)
        pred = (h * (w["qw"][:, p_test[1]].T - w["qw"][:, p_test[2]].T)).sum(1)
        pred += w["qb"][p_test[1]] - w["qb"][p_test[2]]
        mse = float((p_test[4] * (pred - p_test[3]) ** 2).sum() / p_test[4].sum())
        corr = float(np.corrcoef(pred, p_test[3])[0, 1])
        what = "hidden layer trained" if trunk else "hidden layer frozen"
        print(f"\n  head ({what}, {epochs} passes, lr {lr:g}, l2 {l2:g}): held-out weighted "
              f"error {mse:.2f} (predicting 0: {zero:.2f}), correlation {corr:+.2f}")  # fmt: skip
        for margin in (0.0, 0.5, 1.0, 2.0):
            mean, half, share = held_out(d, w, test_rows, margin)
            print(f"    margin {margin}: {mean:+.4f} ± {half:.4f} a decision, switches {share:.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
