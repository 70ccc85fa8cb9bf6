"""Expert iteration (issue 31): the network's ranking advises the search and plays its
playouts; the pipeline labels, trains and measures a round, writes each file once and resumes
where it stopped."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numpy")

from chieu import load_game
from chieu.bots.base import play_game
from chieu.bots.learned import LearnedBot
from chieu.bots.search import SearchBot
from chieu.core.registry import find_game
from chieu.core.rng import Rng

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", ["phom", "chan"])
def test_the_network_ranks_every_legal_action_and_chooses_its_first(name: str) -> None:
    state = load_game(name).new_state(seed=3)
    bot = LearnedBot(name)
    rng = Rng(3, "test")
    seen = 0
    while not state.is_terminal() and seen < 12:
        d = state.decisions()[0]
        obs, legal = state.observation(d.seat), list(d.actions)
        ranked = bot.ranked(obs, legal, rng)
        assert sorted(map(repr, ranked)) == sorted(map(repr, legal))
        action = LearnedBot(name).act(obs, legal, rng) if bot.keeper is None else None
        if action is not None:
            assert action == ranked[0]
        state.apply(ranked[0], d.seat)
        bot.remember(obs, legal, ranked[0])
        seen += len(legal) > 1


def test_a_fork_keeps_the_memory_apart() -> None:
    """Chắn: the fork a search plays out with starts from the seat's memory and changes only
    its own copy."""
    state = load_game("chan").new_state(seed=5)
    bot = LearnedBot("chan")
    assert bot.keeper is not None
    rng = Rng(5, "test")
    forked = 0
    while not state.is_terminal():
        d = state.decisions()[0]
        obs, legal = state.observation(d.seat), list(d.actions)
        if d.seat != 0:
            state.apply(legal[0], d.seat)
            continue
        before = bot.keeper.recall(obs)
        fork = bot.fork()
        assert fork.keeper is not bot.keeper and fork.model is bot.model
        action = fork.act(obs, legal, rng)
        if fork.keeper.recall(obs) != before:  # the fork noted its move: the seat did not
            forked += 1
            assert bot.keeper.recall(obs) == before
        bot.act(obs, legal, rng)
        state.apply(action, d.seat)
    assert forked >= 3


@pytest.mark.parametrize("name", ["phom", "chan"])
def test_the_search_takes_the_network_as_advisor_and_playout_policy(name: str) -> None:
    made: list[LearnedBot] = []

    def rollout() -> LearnedBot:
        made.append(LearnedBot(name))
        return made[-1]

    advisor = LearnedBot(name)
    seat_bot = SearchBot(name, iterations=6, advisor=advisor, rollout=rollout)
    definition = find_game(name)
    players = definition.default_rules().players
    state = play_game(definition, None, 4, [seat_bot, *[LearnedBot(name)] * (players - 1)])
    assert state.is_terminal()
    assert made, "no playout was played by the network"
    assert seat_bot._fallback is advisor


def test_a_round_labels_trains_measures_and_resumes(tmp_path: Path) -> None:
    run = tmp_path / "run"
    cmd = [sys.executable, str(ROOT / "examples" / "expert_iteration.py"), "phom",
           "--dir", str(run), "--rounds", "1", "--games", "2", "--shard", "1",
           "--iterations", "4", "--deals", "2", "--workers", "1", "--epochs", "1",
           "--anchor", "2"]  # fmt: skip
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=300, check=True).stdout
    report = json.loads(out.strip().splitlines()[-1])
    here = run / "round-1"
    assert sorted(p.name for p in here.iterdir()) == [
        "labels-0000.npz",
        "labels-0001.npz",
        "report.json",
        "weights.npz",
    ]
    assert report["round"] == 1 and report["decisions"] > 10 and report["anchor_games"] == 2
    duel = report["learned_vs_heuristic"]
    assert duel["deals"] == 2 and set(duel) >= {"network", "heuristic", "difference"}
    assert report["weights_bytes"] <= 5_000_000
    # a stopped run resumes: a missing shard is played again, nothing else
    stamp = {p.name: p.stat().st_mtime_ns for p in here.iterdir()}
    (here / "labels-0001.npz").unlink()
    subprocess.run(cmd, capture_output=True, text=True, timeout=300, check=True)
    again = {p.name: p.stat().st_mtime_ns for p in here.iterdir()}
    assert again.keys() == stamp.keys()
    assert [n for n in stamp if stamp[n] != again[n]] == ["labels-0001.npz"]


def test_bad_arguments_are_refused_clearly(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    where = str(tmp_path / "file" / "x")  # under a file: no folder can be made there
    cmd = [sys.executable, str(ROOT / "examples" / "expert_iteration.py"), "phom",
           "--dir", where, "--games", "zero"]  # fmt: skip
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "not a whole number: 'zero'" in done.stderr
    assert "Traceback" not in done.stderr
    done = subprocess.run([*cmd[:-2], "--games", "1"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and f"--dir {where}: Not a directory" in done.stderr
    assert "Traceback" not in done.stderr


def test_labels_keep_the_searchs_values_and_the_gain_head_reads_them(tmp_path: Path) -> None:
    """``--labels-only``: the shards and nothing else; each row keeps every searched action's
    gain over the base (0 for the base itself, NaN where not searched) and its error, which
    ``scripts/soft_targets.py`` fits and scores on held-out games."""
    import numpy as np

    run = tmp_path / "run"
    cmd = [sys.executable, str(ROOT / "examples" / "expert_iteration.py"), "phom",
           "--dir", str(run), "--games", "5", "--shard", "1", "--iterations", "8",
           "--workers", "1", "--labels-only"]  # fmt: skip
    subprocess.run(cmd, capture_output=True, text=True, timeout=300, check=True)
    here = run / "round-1"
    assert sorted(p.name for p in here.iterdir()) == [f"labels-000{k}.npz" for k in range(5)]
    with np.load(here / "labels-0000.npz") as z:
        legal, gain, error = z["legal"], z["gain"], z["error"]
    assert gain.shape == error.shape == legal.shape
    assert np.all(np.isnan(gain[legal < 0]))
    searched = ~np.isnan(gain) & (legal >= 0)
    assert np.all(searched.sum(axis=1) >= 1)
    bases = (gain == 0) & (error == 0)
    assert np.all(bases.sum(axis=1) >= 1), "every row has its base action"
    assert np.any(searched & ~bases), "some action other than the base was searched"
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "soft_targets.py"), "phom", str(here)],
        capture_output=True, text=True, timeout=300, check=True,
    )  # fmt: skip
    assert "held out" in done.stdout and done.stdout.count("margin 0.5:") == 4
