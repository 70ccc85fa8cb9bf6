"""Issue 27's speed bound: the game-kit refactor changes no speed by more than 5 %.

Three figures per game or table, each today's beside the same work on an earlier commit, in
one run, the two sides taking turns in their own interpreters (``PYTHONPATH`` at the side's
``src``, unpacked by ``git archive``; read-only for the repository), best of three each:

* **engine**: random self-play through ``decisions()``/``apply`` (``bench.baseline``'s
  runner), against ``ENGINE_REV``, the commit issue 27 was measured on;
* **RL**: random legal play through ``chieu.rl.raw_env`` (``env.last()`` with the observation
  and its mask, then ``env.step``), AEC steps per second, against ``ENGINE_REV`` too;
* **server**: the saturated online table (``bench.server``: four guests a room answering at
  once, 50 rooms, SQLite), actions per second, against ``SERVER_REV``: the WebSocket protocol
  changed with issue 26 (first-message auth, claim windows with a hold) after ``ENGINE_REV``,
  so the server's earlier side is the first commit with today's protocol.

Each target is 0.95 × the earlier figure (a ratio ≥ 1: within 5 %). ``CHIEU_KIT_ENGINE_REV``
and ``CHIEU_KIT_SERVER_REV`` choose other commits.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from bench.baseline import _current_src, baseline_src, side_by_side
from bench.common import Figure

ENGINE_REV = os.environ.get("CHIEU_KIT_ENGINE_REV", "7fe0913")
SERVER_REV = os.environ.get("CHIEU_KIT_SERVER_REV", "264ea96")
SHARE = 0.95
ROUNDS = 3
GAMES = ("chan", "totom", "phom", "matchuoc")

# ``python -c RL_RUNNER game seconds``: one JSON line {"steps": n, "seconds": s}
RL_RUNNER = r"""
import gc, json, sys, time
import numpy as np
from chieu.rl import raw_env
game, seconds = sys.argv[1], float(sys.argv[2])
env = raw_env(game, seed=0)
rng = np.random.default_rng(0)

def episode():
    env.reset()
    n = 0
    while env.agents:
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.integers(legal.size)]))
        n += 1
    return n

def run(limit):
    steps = 0
    start = time.perf_counter()
    while True:
        steps += episode()
        elapsed = time.perf_counter() - start
        if elapsed >= limit:
            return steps, elapsed

run(seconds / 4)
gc.collect()
steps, elapsed = run(seconds)
print(json.dumps({"steps": steps, "seconds": elapsed}))
"""


def _python(src: Path, args: list[str]) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=f"{src}{os.pathsep}{Path(__file__).resolve().parents[1]}")
    done = subprocess.run(
        [sys.executable, *args], env=env, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        tail = done.stderr.strip().splitlines()
        raise RuntimeError(tail[-1] if tail else f"exit {done.returncode}")
    data: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return data


def _turns(rev: str, what: str, measure: Callable[[Path], float]) -> tuple[float, float] | None:
    """The best of ``ROUNDS`` measures of commit ``rev`` and of today, taking turns; None
    (and why, on stderr) when ``rev`` cannot be had or a run fails."""
    with baseline_src(rev) as (base, how):
        if base is None:
            print(f"bench kit: {what} skipped ({how})", file=sys.stderr)
            return None
        best = {"base": 0.0, "today": 0.0}
        try:
            for _ in range(ROUNDS):
                for side, src in (("base", base), ("today", _current_src())):
                    best[side] = max(best[side], measure(src))
        except RuntimeError as err:
            print(f"bench kit: {what}: {err}", file=sys.stderr)
            return None
        return best["base"], best["today"]


def _figure(name: str, rev: str, unit: str, got: tuple[float, float] | None) -> list[Figure]:
    if got is None:
        return []
    base, today = got
    note = f"{rev}: {base:,.0f} {unit}; today/before {today / base:.2f}"
    return [Figure(f"{name} vs {rev}", today, unit, SHARE * base, note)]


def engine(seconds: float) -> list[Figure]:
    return side_by_side(seconds, ENGINE_REV, SHARE, "kit")


def rl(seconds: float) -> list[Figure]:
    figures: list[Figure] = []
    for game in GAMES:

        def measure(src: Path, game: str = game) -> float:
            got = _python(src, ["-c", RL_RUNNER, game, str(seconds)])
            return got["steps"] / got["seconds"]

        figures += _figure(f"AEC {game}", ENGINE_REV, "steps/s", _turns(ENGINE_REV, game, measure))
    return figures


def server(seconds: float) -> list[Figure]:
    def measure(src: Path) -> float:
        args = ["-m", "bench.server", "--rooms", "50", "--think", "0"]
        args += ["--seconds", str(max(seconds * 5, 10.0)), "--port", str(_port())]
        got = _python(src, args)
        return float(got["actions_per_s"])

    return _figure(
        "server saturated", SERVER_REV, "actions/s", _turns(SERVER_REV, "server", measure)
    )


def _port() -> int:
    from bench.server import _port as free_port

    return free_port()


GROUPS: list[Callable[[float], list[Figure]]] = [engine, rl, server]
