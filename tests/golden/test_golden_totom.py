"""The Tổ tôm golden records written before claim windows asked every seat keep their games.

When claim windows began to ask every seat the position allows (a seat with nothing to claim
answers bỏ qua; an answer with no alternative is not recorded, the others privately), every
record was written again by ``make_golden_totom.py``, whose policy answers a window as the old
seat-by-seat table asked it. Here every record keeps the game it had before (taken from the
old records): the same seed, the same table moves (every action but the claim answers: their
count and a digest of the list), and the same end, winner, score, payoffs, cước and faults,
each fault committed by the same move (only its ``step`` may have moved). The claim answers
differ: a seat asked after the claim that settled the window now answers too, and a
compulsory answer (strict mode) is no longer recorded. (``referee_5p_khe_khan`` keeps the
seed-2 game it held: its case now asks for two khê khàn, which seed 2 is the first to show.)
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from chieu.core.record import GameRecord

HERE = Path(__file__).resolve().parent / "totom"


class Old(NamedTuple):
    seed: int
    termination: str
    winner: int | None
    score: int | None
    payoffs: tuple[int, ...]
    faults: tuple[tuple[str, int, str, int | None], ...]  # id, seat, and the move's verb, card
    patterns: tuple[tuple[str, int], ...]
    moves: int  # the table's moves: every recorded action but the claim answers
    digest: str  # sha256 of their JSON list ``[[seat, action], ...]`` (sorted keys), 16 digits


#: record -> its game before claim windows asked every seat
OLD: dict[str, Old] = {
    "bat_thuc_5p": Old(1, "no_winner", None, None, (0, 0, 0, 0, 0), (), (), 57, "01dba62795a40790"),
    "bi_tu_4p_win": Old(
        1043,
        "win",
        1,
        2,
        (-2, 6, -2, -2),
        (("treo_tranh_trai_vi", 0, "discard", 24),),
        (("u_suong", 1),),
        26,
        "de3a90e608f0ec5c",
    ),
    "declared_5p_calls": Old(
        22,
        "fault",
        None,
        0,
        (2, -8, 2, 2, 2),
        (
            ("treo_tranh_trai_vi", 0, "discard", 20),
            ("treo_tranh_trai_vi", 1, "discard", 8),
            ("treo_tranh_trai_vi", 2, "discard", 11),
            ("treo_tranh_trai_vi", 2, "discard", 28),
            ("u_nho_ho_to", 1, "call_done", None),
        ),
        (("co_tom", 1), ("bach_thu", 1)),
        79,
        "edc48b8c9b5e4bbc",
    ),
    "referee_5p_fault": Old(
        114,
        "fault",
        None,
        0,
        (4, -6, -6, 4, 4),
        (
            ("khe_khan", 1, "decline", None),
            ("treo_tranh_trai_vi", 4, "discard", 3),
            ("thieu_lung", 2, "win", None),
        ),
        (),
        66,
        "ec043ea9d20d7505",
    ),
    "referee_5p_hoa": Old(
        43, "no_winner", None, None, (0, 0, 0, 0, 0), (), (), 62, "5c300766c30955a0"
    ),
    "referee_5p_khe_khan": Old(
        2,
        "no_winner",
        None,
        None,
        (4, 4, 4, -6, -6),
        (("khe_khan", 4, "decline", None), ("khe_khan", 3, "decline", None)),
        (),
        67,
        "c1c2c5eb3f47ba81",
    ),
    "strict_5p_win": Old(
        226, "win", 1, 3, (-3, 12, -3, -3, -3), (), (("bach_thu", 1),), 25, "0130ca4725d173b4"
    ),
}

CLAIMS = ("win", "phong", "day_khan", "decline")


def test_every_record_is_listed() -> None:
    assert sorted(p.stem for p in HERE.glob("*.jsonl")) == sorted(OLD)


@pytest.mark.parametrize("name", sorted(OLD))
def test_regenerated_record_keeps_the_old_game(name: str) -> None:
    old = OLD[name]
    record = GameRecord.load(HERE / f"{name}.jsonl")
    assert record.verify() == [] and record.seed == old.seed
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
    moves = [[seat, data] for seat, data in actions if data["verb"] not in CLAIMS]
    digest = hashlib.sha256(json.dumps(moves, sort_keys=True).encode()).hexdigest()[:16]
    assert (len(moves), digest) == (old.moves, old.digest)
    # the claim answers are private now: nobody else learns them
    answers = [e for e in record.events if e.type == "action" and e.hidden == ("*",)]
    assert len(moves) + len(answers) == len(actions)
    assert all(e.data["action"]["verb"] in CLAIMS for e in answers)
