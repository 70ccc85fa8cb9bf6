"""The scripts that fit the judge's prior: ``scripts/matchuoc_value.py`` (the hand model's
rows) and ``scripts/review_prior.py`` (the prior's parameters from the judge's playouts)."""

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


def test_an_alternative_counts_once_with_all_its_worlds() -> None:
    rows = [
        {"game": "g", "model": 0.5, "diffs": [1.0, 2.0, 3.0, 4.0]},  # the screen's look
        {"game": "g", "model": 0.5, "diffs": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]},
        {"game": "g", "model": 0.5, "diffs": [1.0, 0.0, 3.0, 4.0]},  # another alternative
    ]
    kept = script("review_prior").final(rows)
    assert sorted(len(r["diffs"]) for r in kept) == [4, 6]


def test_a_value_row_per_discard_with_the_seats_points(tmp_path: Path) -> None:
    module = script("matchuoc_value")
    rows = module.one_game(0)
    assert rows and all(len(r) == 7 and r[0] == 0 for r in rows)
    points = {r[1]: r[6] for r in rows}
    assert math.isclose(sum(points.values()), 0.0, abs_tol=1e-9)  # a seat's points, zero-sum
    assert all(0 <= r[2] <= 8 and r[3] >= 0 and 0 <= r[4] <= 4 for r in rows)
    out = tmp_path / "rows.jsonl"
    module.collect(0, 1, out)
    assert [json.loads(x) for x in out.read_text().splitlines()] == rows
