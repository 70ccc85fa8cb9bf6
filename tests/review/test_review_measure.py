"""``scripts/review_measure.py``'s duplicate design: one seat played by each bot on the same
deal, only that seat reviewed, and the differences within a deal in the report."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "review_measure.py"


def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("review_measure", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def row(deal: int, bot: str, accuracy: float) -> dict[str, object]:
    return {"game": "phom", "deal": deal, "seat": deal % 4, "bot": bot, "twins": True,
            "accuracy": accuracy, "points": 0.0}  # fmt: skip


def test_the_pairs_are_taken_within_a_deal(capsys: pytest.CaptureFixture[str]) -> None:
    rows = [row(0, "heuristic", 80.0), row(0, "search", 84.0),
            row(1, "heuristic", 70.0), row(1, "search", 70.0),
            row(2, "heuristic", 90.0), row(2, "search", 92.0),
            row(3, "search", 10.0)]  # fmt: skip
    # (deal 3 has no heuristic twin: it is left out)
    script().paired(rows)
    out = capsys.readouterr().out
    # differences 4, 0, 2: mean 2, sd 2, half-width 1.96 * 2 / sqrt(3)
    assert "twins search − heuristic: +2.0 ± 2.3 points of accuracy over 3 deals" in out
    assert "1 deals where both played alike" in out
    assert "heuristic − random" not in out  # no random twin
    assert "search ahead in 2 of 2 deals (sign test, two-sided p = 0.5)" in out


def test_the_sign_test() -> None:
    sign_test = script().sign_test
    assert sign_test(5, 10) == 1.0
    assert sign_test(10, 10) == pytest.approx(2 / 1024)
    assert sign_test(0, 10) == pytest.approx(2 / 1024)
    assert sign_test(8, 10) == pytest.approx(2 * 56 / 1024)  # 8, 9 or 10 of 10


def test_a_twin_run_reviews_the_one_seat_and_reports_it(tmp_path: Path) -> None:
    out = tmp_path / "twins.jsonl"
    cmd = [sys.executable, str(SCRIPT), "--twins", "--bots", "heuristic", "search",
           "--games", "1", "--first", "5", "--only", "phom", "--out", str(out)]  # fmt: skip
    subprocess.run(cmd, capture_output=True, text=True, timeout=300, check=True)
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["bot"] for r in rows] == ["heuristic", "search"]
    assert {r["deal"] for r in rows} == {5} and {r["seat"] for r in rows} == {5 % 4}
    first, second = (r["lineup"] for r in rows)
    assert [i for i, (a, b) in enumerate(zip(first, second, strict=True)) if a != b] == [1]
    assert [first[1], second[1]] == ["heuristic", "search"]  # only the seat's bot changes
    done = subprocess.run([sys.executable, str(SCRIPT), "--report", str(out)],
                          capture_output=True, text=True, timeout=120, check=True)  # fmt: skip
    assert "heuristic  accuracy" in done.stdout and "search     accuracy" in done.stdout
    assert "twins" not in done.stdout  # one deal: no interval to give


def test_a_game_played_alike_is_reviewed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Twins whose games are the same record share one review (the same verdicts, difference
    0); games that part are each reviewed."""
    module = script()
    reviewed: list[int] = []

    def fake_review(record: object, seat: int, judge: object, seed: int) -> SimpleNamespace:
        reviewed.append(seed)
        return SimpleNamespace(accuracy=90.0, points=0.0, decisions=[])

    monkeypatch.setattr(module, "review", fake_review)
    monkeypatch.setattr(module, "lineup", lambda players, n: ["heuristic"] * players)
    module.twins("phom", 1, None, first=5, bots=("heuristic", "heuristic"))
    assert reviewed == [5]  # two identical games: one review
    module.twins("phom", 1, None, first=5, bots=("random", "heuristic"))
    assert reviewed == [5, 5, 5]  # random plays otherwise: both reviewed
