"""The Chắn golden records written before claim windows asked every seat keep their games.

When claim windows began to ask every seat the position allows (a seat with nothing to
claim answers bỏ qua in private), each record gained those answers and was written again by
``make_golden.py``, whose policy answers a window as the old seat-by-seat table asked it.
Here the outcome of every record is the one it had before (taken from the old records): the
same end, winner, score, payoffs, cước and faults, each fault committed by the same move
(only its ``step``, the index in the longer action list, moved), and the table's moves are
the old ones with the answers added.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

import pytest

from chieu.core.record import GameRecord

HERE = Path(__file__).resolve().parent / "chan"


class Old(NamedTuple):
    termination: str
    winner: int | None
    score: int | None
    payoffs: tuple[int, ...]
    faults: tuple[tuple[str, int, str, int | None], ...]  # id, seat, and the move's verb, card
    patterns: tuple[tuple[str, int], ...]
    actions: int  # the old action list: every move and every claim a seat was asked


#: record -> its outcome before claim windows asked every seat
OLD: dict[str, Old] = {
    "declared_4p_xuong": Old(
        "win",
        0,
        3,
        (-213, 71, 71, 71),
        (("xuong_sai", 0, "announce_done", None),),
        (("chi", 1),),
        25,
    ),
    "declared_strict_3p_xuong": Old(
        "win",
        2,
        2,
        (-2, -2, 4),
        (),
        (("xuong", 1),),
        63,
    ),
    "referee_2p_win": Old(
        "win",
        1,
        3,
        (-3, 3),
        (),
        (("chi", 1),),
        5,
    ),
    "referee_3p_fault": Old(
        "fault",
        None,
        None,
        (0, 0, 0),
        (
            ("an_treo_tranh", 1, "eat", 1),
            ("tach_ca_an_ca", 1, "discard", 18),
            ("an_treo_tranh", 2, "eat", 19),
            ("tach_chan_an_ca", 2, "discard", 19),
        ),
        (),
        18,
    ),
    "referee_4p_fault_hoa": Old(
        "fault",
        None,
        None,
        (12, 12, -36, 12),
        (
            ("an_treo_tranh", 3, "eat", 8),
            ("an_chon_ca", 3, "eat", 8),
            ("an_ca_danh_ca", 0, "discard", 13),
            ("an_chon_ca", 1, "eat", 4),
            ("u_lao", 2, "win", None),
        ),
        (),
        42,
    ),
    "strict_2p_hoa": Old(
        "no_winner",
        None,
        None,
        (0, 0),
        (),
        (),
        60,
    ),
    "strict_3p_win": Old(
        "win",
        2,
        2,
        (-2, -2, 4),
        (),
        (("xuong", 1),),
        62,
    ),
    "strict_4p_win": Old(
        "win",
        0,
        3,
        (9, -3, -3, -3),
        (),
        (("chi", 1),),
        72,
    ),
}

CLAIMS = ("win", "chiu", "decline")


def test_every_record_is_listed() -> None:
    assert sorted(p.stem for p in HERE.glob("*.jsonl")) == sorted(OLD)


@pytest.mark.parametrize("name", sorted(OLD))
def test_regenerated_record_keeps_the_old_outcome(name: str) -> None:
    old = OLD[name]
    record = GameRecord.load(HERE / f"{name}.jsonl")
    assert record.verify() == []
    out = record.replay().outcome()
    assert out is not None
    assert out.termination.value == old.termination
    assert (out.winner, out.score, out.payoffs) == (old.winner, old.score, old.payoffs)
    assert tuple((p.id, p.count) for p in out.patterns) == old.patterns
    actions = record.actions()
    moves: list[Any] = [
        (f.id, f.seat, actions[f.step][1]["verb"], actions[f.step][1].get("card"))
        for f in out.faults
    ]
    assert tuple(moves) == old.faults
    assert all(actions[f.step][0] == f.seat for f in out.faults)
    # the old list held the moves and the answers of the seats asked one by one until a claim
    # settled the window; the new one holds every answer that had a choice (a pass-only
    # answer is never recorded: the replay gives it again)
    public = [a for a in record.events if a.type == "action" and a.visible_to is None]
    answers = [a for a in record.events if a.type == "action" and a.visible_to is not None]
    assert len(public) + len(answers) == len(actions) >= old.actions
    assert all(a.data["action"]["verb"] in CLAIMS for a in answers)
