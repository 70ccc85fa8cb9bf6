"""The golden Mạt chược records, regenerated when claim windows came to ask every other seat
(issue 11): the same deals and the same choices give the same outcomes and payoffs as before.
The records now hold only the answers that had a choice (a pass-only answer is given again by
the replay), so the next seat's forced passes left them. The literals below are the outcomes
the records held before they were regenerated."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from chieu.core.record import GameRecord

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "matchuoc"

#: record -> (seed, termination, winner, score, payoffs, pattern ids) before the regeneration
BEFORE: dict[str, tuple[int, str, int | None, int | None, list[float], list[str]]] = {
    "heuristic_claimed_win": (0, "win", 0, 0, [3.0, -1.0, -1.0, -1.0], ["xuong"]),
    "heuristic_phinh": (1, "win", 3, 3, [-4.0, -4.0, -8.0, 16.0], ["phinh", "hoa_trung_cua"]),
    "random_176_win": (
        1,
        "win",
        0,
        16,
        [272.0, -136.0, -68.0, -68.0],
        ["phinh", "hoa_trung_cua", "khung_dung"],
    ),
    "random_no_winner": (1, "no_winner", None, None, [0.0, 0.0, 0.0, 0.0], []),
    "random_win": (0, "win", 3, 6, [-64.0, -64.0, -64.0, 192.0], ["phong_hoa"]),
}


@pytest.mark.parametrize("name", sorted(BEFORE))
def test_regenerated_record_keeps_its_outcome(name: str) -> None:
    record = GameRecord.load(GOLDEN / f"{name}.jsonl")
    seed, termination, winner, score, payoffs, patterns = BEFORE[name]
    state: Any = record.replay()
    out = state.outcome()
    assert out is not None and record.seed == seed
    assert out.termination.value == termination and out.winner == winner
    assert out.score == score and list(out.payoffs) == payoffs
    assert [p.id for p in out.patterns] == patterns


def test_every_record_is_covered() -> None:
    assert {p.stem for p in GOLDEN.glob("*.jsonl")} == set(BEFORE)
