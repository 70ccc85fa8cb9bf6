"""``chieu.bots.tuning`` / ``chieu bot tune``: scoring the search bot's thresholds offline."""

from __future__ import annotations

import json

import pytest

from chieu.bots.tuning import tune
from chieu.cli.main import main
from chieu.core.errors import ChieuError


def test_thresholds_are_scored_on_the_same_decisions() -> None:
    run = tune("phom", games=2, worlds=8, thresholds=(0.0, 1.0, 1e9), iterations=40, seed=3)
    assert [g.threshold for g in run.gains] == [0.0, 1.0, 1e9]
    assert len({g.decisions for g in run.gains}) == 1 and run.gains[0].decisions > 10
    # a stricter threshold overrules the heuristic less often
    assert run.gains[0].changed >= run.gains[1].changed >= run.gains[2].changed
    # a threshold nothing can pass always keeps the heuristic's choice: no gain, no change
    assert run.gains[2].changed == 0 and run.gains[2].mean_gain == 0.0


def test_tuning_with_an_iteration_budget_is_reproducible() -> None:
    a = tune("chan", games=1, worlds=6, iterations=30, seed=1)
    b = tune("chan", games=1, worlds=6, iterations=30, seed=1)
    assert a.to_json() == b.to_json()


def test_bad_tuning_requests() -> None:
    with pytest.raises(ChieuError, match="at least 1 game"):
        tune("chan", games=0)
    with pytest.raises(ChieuError, match="known games"):
        tune("chess", games=1)


def test_cli_tune(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bot", "tune", "phom", "--games", "1", "--worlds", "4", "--budget", "30"]
    assert main([*argv, "--json", "--thresholds", "0,2"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [t["threshold"] for t in data["thresholds"]] == [0.0, 2.0]
    assert main([*argv, "--thresholds", "0,x"]) == 2
    assert "--thresholds '0,x'" in capsys.readouterr().err
    assert main([*argv, "--budget", "fast"]) == 2
    assert "ngân sách 'fast' của máy search không hợp lệ" in capsys.readouterr().err
    assert main(argv) == 0
    assert "ngưỡng" in capsys.readouterr().out
