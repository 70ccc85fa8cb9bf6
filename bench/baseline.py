"""Random self-play beside the commit before the table protocol (issue 11's speed target).

Issue 11: random self-play through ``decisions()``/``apply`` keeps its games/s within 10% of
the figures of the previous commit on the same machine. This module measures both, side by
side, for every game and fault mode the older bench timed:

* today's: ``chieu.core.driver.play`` (pass-only decisions answered on the driver's fast
  path), per-seat ``Rng(seed, "bench", seat)`` choosing uniformly among ``d.actions``;
* the baseline: the same seeds and agents on the checkout of ``BASELINE_REV`` (``b9781da``),
  driven seat by seat as its own bench did (``current_player()``, ``legal_actions()``,
  ``apply``).

Each side runs in its own interpreter (``PYTHONPATH`` pointing at its ``src``), taking turns
(baseline, today, baseline, today, ...) so that the load of a shared machine hits both alike;
each run plays complete games for at least ``--seconds`` after a warm-up, and the best run of
each side is kept. Today's figure has the target ``0.9 ×`` the baseline's (ratio ≥ 1: within
10%).

The baseline's source: ``CHIEU_BASELINE_SRC`` (a ``src`` directory holding that commit's
``chieu``), else, from a git checkout, ``git archive BASELINE_REV src`` unpacked into a
temporary directory (read-only for the repository: no worktree, no checkout). Without either
the group says why and reports nothing.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from bench.common import Figure

BASELINE_REV = os.environ.get("CHIEU_BASELINE_REV", "b9781da")
ROUNDS = 3  # runs of each side, taking turns
#: (game, fault mode or "" for the default rules, players in the figure's name)
CASES: tuple[tuple[str, str], ...] = (
    ("chan", "strict"),
    ("chan", ""),
    ("totom", ""),
    ("totom", "strict"),
    ("phom", ""),
    ("matchuoc", ""),
)
_CLASSES = {
    "chan": "ChanGame",
    "totom": "TotomGame",
    "phom": "PhomGame",
    "matchuoc": "MatChuocGame",
}

# The runner each side executes (``python -c RUNNER game mode seconds``): it prints one JSON
# line {"games": n, "decisions": d, "seconds": s} for the best of its timed runs (one run:
# the sides take turns instead). ``decisions`` counts what each API asks: today's every
# answer (``state.changes``), the baseline's every ``apply``.
RUNNER = r"""
import gc, json, sys, time
from importlib import import_module
name, cls, mode, seconds = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
module = import_module("chieu.games." + name)
game, Rules = getattr(module, cls), module.Rules
rules = Rules(fault_mode=mode) if mode else Rules()
from chieu.core.rng import Rng
try:
    from chieu.core.driver import play
except ImportError:
    play = None

def one(seed):
    state = game.new_state(rules, seed)
    bots = [Rng(seed, "bench", s) for s in range(state.num_players)]
    if play is not None:
        play(state, lambda st, d: bots[d.seat].choice(d.actions))
        return int(state.changes)
    n = 0
    while not state.is_terminal():
        seat = state.current_player()
        state.apply(bots[seat].choice(state.legal_actions()))
        n += 1
    return n

def run(limit, seed):
    games = decisions = 0
    start = time.perf_counter()
    while True:
        decisions += one(seed + games)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= limit:
            return games, decisions, elapsed

run(seconds / 4, 1_000_000)
gc.collect()
games, decisions, elapsed = run(seconds, 0)
print(json.dumps({"games": games, "decisions": decisions, "seconds": elapsed}))
"""


def _current_src() -> Path:
    import chieu

    return Path(chieu.__file__).resolve().parents[1]


@contextmanager
def baseline_src(rev: str = BASELINE_REV) -> Iterator[tuple[Path | None, str]]:
    """The ``src`` directory of commit ``rev`` (None when it cannot be had) and where it came
    from, or why not (``CHIEU_BASELINE_SRC`` overrides it for the default baseline only)."""
    given = os.environ.get("CHIEU_BASELINE_SRC") if rev == BASELINE_REV else None
    if given:
        path = Path(given)
        if (path / "chieu" / "__init__.py").is_file():
            yield path, f"CHIEU_BASELINE_SRC={given}"
        else:
            yield None, f"CHIEU_BASELINE_SRC={given} holds no chieu package"
        return
    repo = Path(__file__).resolve().parents[1]
    git = shutil.which("git")
    if git is None or not (repo / ".git").exists():
        yield None, "no CHIEU_BASELINE_SRC and not a git checkout"
        return
    tmp = Path(tempfile.mkdtemp(prefix="chieu-baseline-"))
    try:
        archive = tmp / "src.tar"
        with archive.open("wb") as out:
            done = subprocess.run(
                [git, "-C", str(repo), "archive", "--format=tar", rev, "src"],
                stdout=out,
                stderr=subprocess.PIPE,
                check=False,
            )
        if done.returncode != 0:
            why = done.stderr.decode(errors="replace").strip().splitlines()
            yield None, f"git archive {rev} failed: {why[-1] if why else '?'}"
            return
        with tarfile.open(archive) as tar:
            tar.extractall(tmp, filter="data")
        yield tmp / "src", f"git archive {rev}"
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _run(src: Path, name: str, mode: str, seconds: float) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(src))
    args = [sys.executable, "-c", RUNNER, name, _CLASSES[name], mode, str(seconds)]
    done = subprocess.run(args, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        tail = done.stderr.strip().splitlines()
        raise RuntimeError(f"{name} {mode or 'default'}: {tail[-1] if tail else '?'}")
    data: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return data


def side_by_side(
    seconds: float, rev: str = BASELINE_REV, share: float = 0.9, who: str = "baseline"
) -> list[Figure]:
    """Random self-play of every case on commit ``rev`` and today, taking turns; today's
    target is ``share`` × the commit's games/s."""
    with baseline_src(rev) as (base, how):
        if base is None:
            print(f"bench {who}: skipped ({how})", file=sys.stderr)
            return []
        today = _current_src()
        figures: list[Figure] = []
        for name, mode in CASES:
            label = f"{name} {mode or 'default'}"
            best: dict[str, dict[str, float]] = {}
            try:
                for _ in range(ROUNDS):
                    for side, src in (("base", base), ("today", today)):
                        got = _run(src, name, mode, seconds)
                        rate = got["games"] / got["seconds"]
                        if side not in best or rate > best[side]["rate"]:
                            best[side] = {**got, "rate": rate}
            except RuntimeError as err:
                print(f"bench {who}: {err}", file=sys.stderr)
                continue
            b, t = best["base"], best["today"]
            b_dec = b["decisions"] / b["games"]
            t_dec = t["decisions"] / t["games"]
            figures.append(
                Figure(
                    f"self-play {label} vs {rev}",
                    t["rate"],
                    "games/s",
                    share * b["rate"],
                    f"{rev}: {b['rate']:,.0f} games/s; today/before {t['rate'] / b['rate']:.2f}",
                )
            )
            figures.append(
                Figure(
                    f"self-play {label} decisions (info)",
                    t["rate"] * t_dec,
                    "decisions/s",
                    None,
                    f"{t_dec:.1f}/game today; {rev}: {b['rate'] * b_dec:,.0f}/s, {b_dec:.1f}/game",
                )
            )
        print(f"bench {who}: {rev} from {how}", file=sys.stderr)
        return figures


GROUPS: list[Callable[[float], list[Figure]]] = [side_by_side]
