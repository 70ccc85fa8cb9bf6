"""RL environment figures: random-policy AEC steps per second for every game, the share of
the step spent encoding observations, and RLCard 1.2.0's gin-rummy and mahjong environments
measured in the same run (``python -m bench.rl`` or ``python -m bench --only rl``).

A step is one ``env.step(action)`` of a live agent after ``env.last()`` (the observation with
its action mask), a uniformly random legal action chosen from the mask; claim windows ask every
seat, pass-only answers included. RLCard's step is ``env.step(action)`` (which builds the next
player's state) with a random legal action: the same work.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

try:
    import chieu  # noqa: F401
except ImportError:  # run from a checkout without an install
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from bench.common import Figure, best_rate, isolated, show

#: steps/s targets (issue 14)
TARGETS = {"chan": 20_000, "phom": 20_000, "totom": 5_000, "matchuoc": 5_000}
TITLES = {"chan": "Chắn", "phom": "Phỏm", "totom": "Tổ tôm", "matchuoc": "Mạt chược"}
PEERS = {"phom": "gin-rummy", "matchuoc": "mahjong", "chan": "gin-rummy", "totom": "mahjong"}


class _Timed:
    """Wraps an encoder's ``encode`` and adds up its time."""

    def __init__(self, encode: Callable[..., Any]) -> None:
        self.encode = encode
        self.spent = 0.0

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        t = time.perf_counter()
        out = self.encode(*args, **kwargs)
        self.spent += time.perf_counter() - t
        return out


class AecLoop:
    """Whole episodes of random legal play through ``chieu.rl.raw_env``."""

    def __init__(self, game: str, timed: bool = False) -> None:
        import numpy as np

        from chieu.rl import raw_env

        self.env = raw_env(game, seed=0)
        self.rng = np.random.default_rng(0)
        self.timer: _Timed | None = None
        if timed:
            self.timer = _Timed(self.env.encoder.encode)
            self.env.encoder.encode = self.timer  # type: ignore[method-assign]
        self.steps = 0

    def batch(self) -> int:
        env = self.env
        integers = self.rng.integers
        import numpy as np

        flatnonzero = np.flatnonzero
        env.reset()
        n = 0
        while env.agents:
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = flatnonzero(obs["action_mask"])
            env.step(int(legal[integers(legal.size)]))
            n += 1
        self.steps += n
        return n


def encode_share(game: str, seconds: float) -> float:
    loop = AecLoop(game, timed=True)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        loop.batch()
    elapsed = time.perf_counter() - start
    assert loop.timer is not None
    return loop.timer.spent / elapsed


class RlcardLoop:
    def __init__(self, name: str) -> None:
        import random

        import rlcard

        self.env = rlcard.make(name, config={"seed": 0})
        self.random = random.Random(0)

    def batch(self) -> int:
        env = self.env
        choice = self.random.choice
        state, _ = env.reset()
        n = 0
        while not env.is_over():
            state, _ = env.step(choice(list(state["legal_actions"])))
            n += 1
        return n


def rlcard_rate(name: str, seconds: float) -> float | None:
    try:
        loop = RlcardLoop(name)
    except ImportError:
        return None
    return best_rate(loop.batch, seconds)


def bench_game(game: str, seconds: float) -> list[Figure]:
    rate = best_rate(AecLoop(game).batch, seconds)
    share = encode_share(game, seconds)
    peer_name = PEERS[game]
    peer = rlcard_rate(peer_name, seconds)
    vs = "rlcard not installed" if peer is None else f"{rate / peer:.1f}× RLCard {peer_name}"
    return [
        Figure(
            f"{TITLES[game]} AEC steps",
            rate,
            "steps/s",
            TARGETS[game],
            f"random policy, raw_env, last()+step(); {vs}",
        ),
        Figure(
            f"{TITLES[game]} encoding share (info)",
            100 * share,
            "% of time",
            None,
            "encoder.encode time / episode time (target ≤ 20 %)",
        ),
    ]


def bench_rlcard(seconds: float) -> list[Figure]:
    out = []
    for name in ("gin-rummy", "mahjong"):
        rate = rlcard_rate(name, seconds)
        out.append(
            Figure(
                f"RLCard {name} steps (peer)",
                rate or 0.0,
                "steps/s",
                None,
                "rlcard 1.2.0, random legal actions" if rate else "rlcard not installed",
            )
        )
    return out


GROUPS: list[Callable[[float], list[Figure]]] = [
    *(partial(bench_game, g) for g in ("chan", "totom", "phom", "matchuoc")),
    bench_rlcard,
]


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m bench.rl", description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one timed run")
    parser.add_argument("--quick", action="store_true", help="0.25 s runs")
    args = parser.parse_args(argv)
    seconds = 0.25 if args.quick else args.seconds
    figures: list[Figure] = []
    for group in GROUPS:
        figures += isolated(group, seconds)
    show(figures, seconds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
