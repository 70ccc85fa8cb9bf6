"""The scripts that fit the judge's prior: ``scripts/hand_value.py`` (the hand models' rows)
and ``scripts/review_prior.py`` (the prior's parameters from the judge's playouts)."""

from __future__ import annotations

import importlib.util
import json
import math
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]


def script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_likelihood_finds_the_parameters_it_was_given() -> None:
    rng = np.random.default_rng(0)
    m = rng.normal(0.0, 1.0, 4000)
    s2 = np.full(m.size, 0.25)
    truth = 1.5 * m + rng.normal(0.0, 1.0, m.size) * (0.3 + 0.8 * np.abs(m))
    d = truth + rng.normal(0.0, 0.5, m.size)
    slope, spread, growth = script("review_prior").likelihood(d, s2, m)
    assert slope == pytest.approx(1.5, abs=0.1)
    assert spread == pytest.approx(0.3, abs=0.1) and growth == pytest.approx(0.8, abs=0.1)


def test_the_mixture_finds_the_tail_it_was_given() -> None:
    rng = np.random.default_rng(1)
    m = rng.normal(0.0, 1.0, 6000)
    s2 = np.full(m.size, 0.25)
    tail = rng.random(m.size) < 0.06
    sd = np.where(tail, 2.5, 0.1) + 0.5 * np.abs(m)
    d = 0.8 * m + rng.normal(0.0, 1.0, m.size) * sd + rng.normal(0.0, 0.5, m.size)
    module = script("review_prior")
    start = module.likelihood(d, s2, m)
    slope, spread, growth, wide, share = module.mixture(d, s2, m, start)
    assert slope == pytest.approx(0.8, abs=0.05) and growth == pytest.approx(0.5, abs=0.1)
    assert wide == pytest.approx(2.5, abs=0.5) and share == pytest.approx(0.06, abs=0.025)
    assert spread < 0.3
    fitted = module.log_likelihood(d, s2, m, (slope, spread, growth, wide, share))
    assert fitted > module.log_likelihood(d, s2, m, (*start, 0.0, 0.0)) + 50


def test_every_alternative_counts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Two alternatives alike in their first worlds and the model's difference are two."""
    rows = [
        {"game": "g", "modelled": True, "model": 0.5, "diffs": [1.0, 2.0, 3.0, 4.0]},
        {"game": "g", "modelled": True, "model": 0.5, "diffs": [1.0, 2.0, 3.0, 5.0]},
        {"game": "g", "modelled": False, "model": 0.0, "diffs": [0.0, 0.0, 1.0, -1.0]},
        {"game": "g", "modelled": False, "model": 0.0, "diffs": [0.0, 0.0, 2.0, -2.0]},
    ]
    path = tmp_path / "alternatives.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    script("review_prior").fit([str(path)], noise=1.0)
    out = capsys.readouterr().out
    assert "4 alternatives" in out and "(2 alternatives)" in out


@pytest.mark.parametrize(("game", "deal"), [("matchuoc", 0), ("totom", 7)])
def test_a_value_row_per_discard_with_the_seats_points(
    tmp_path: Path, game: str, deal: int
) -> None:
    module = script("hand_value")
    rows = module.one_game(game, deal)
    assert rows and all(len(r) == 7 and r[0] == deal for r in rows)
    points = {r[1]: r[6] for r in rows}
    assert math.isclose(sum(points.values()), 0.0, abs_tol=1e-9)  # every seat, zero-sum
    assert any(points.values())
    bands = len(module.model(game).COEF)
    assert all(0 <= r[2] <= 8 + bands and r[3] >= 0 and 0 <= r[4] <= 6 for r in rows)
    out = tmp_path / "rows.jsonl"
    module.collect(game, deal, 1, out)
    assert [json.loads(x) for x in out.read_text().splitlines()] == rows
