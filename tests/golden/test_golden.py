"""Golden records: every ``tests/golden/**/*.jsonl`` replays to exactly its recorded events.

A failure means the engine or the record format changed. If the change is intended, rewrite
the records with ``tests/golden/make_golden.py`` and review their diff; otherwise it is a
regression.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from chieu.core.record import GameRecord

HERE = Path(__file__).resolve().parent
RECORDS = sorted(HERE.glob("**/*.jsonl"))


def _end(record: GameRecord) -> dict[str, Any]:
    ends = [e for e in record.events if e.type == "end"]
    assert len(ends) == 1, f"{len(ends)} end events"
    assert record.events[-1] is ends[0], "the end event is not the last one"
    return ends[0].data


def test_there_are_golden_records() -> None:
    assert RECORDS, f"no golden record under {HERE}"


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: str(p.relative_to(HERE)))
def test_record_replays_exactly(path: Path) -> None:
    record = GameRecord.load(path)
    assert path.read_text(encoding="utf-8") == record.dumps(), "the file is not canonical"
    assert record.verify() == []
    state = record.replay()
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None
    recorded = _end(record)
    assert json.loads(json.dumps(outcome.to_json())) == recorded
    assert len(outcome.payoffs) == state.num_players and sum(outcome.payoffs) == 0


def _summary(path: Path) -> dict[str, Any]:
    record = GameRecord.load(path)
    end = _end(record)
    return {
        "players": record.rules.get("players"),
        "mode": record.rules.get("fault_mode"),
        "xuong": record.rules.get("xuong"),
        "termination": end["termination"],
        "faults": bool(end["faults"]),
        "declared": any(e.type == "xuong" for e in record.events),
        "seed": record.seed,
    }


def test_chan_records_cover_the_required_cases() -> None:
    games = [_summary(p) for p in RECORDS if p.parent.name == "chan"]
    assert {g["players"] for g in games} >= {2, 3, 4}
    assert {g["mode"] for g in games} >= {"strict", "referee"}
    assert any(g["termination"] == "win" for g in games)
    assert any(g["termination"] == "no_winner" and not g["faults"] for g in games), "a hòa"
    assert any(g["mode"] == "referee" and g["faults"] for g in games)
    assert any(g["xuong"] == "declared" and g["declared"] for g in games)
    assert len({g["seed"] for g in games}) > 1
