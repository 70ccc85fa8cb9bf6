"""Scoring (B5): the score formula, calls and the hội (sitting policy): boats, glasses, target."""

from __future__ import annotations

import pytest

from chieu import load_game
from chieu.core.errors import ChieuError
from chieu.core.outcome import Fault, Outcome, Termination
from chieu.games.totom.checker import parse_calls
from chieu.games.totom.faults import CHEO_DO, DEO_KINH
from chieu.games.totom.rules import PRESETS, Rules
from chieu.games.totom.scoring import called_score, score_of
from chieu.games.totom.setups import SITTING_POLICY


def test_score_formula() -> None:
    assert score_of({}, Rules()) == 2
    assert score_of({"co_leo": 2, "co_tom": 1}, Rules()) == 7
    assert score_of({"kinh_tu_co": 1}, Rules(unit=2)) == 24


def test_under_calling_scores_only_the_calls() -> None:
    assert called_score({"co_leo": 1}, Rules()) == 4


def test_parse_calls() -> None:
    assert parse_calls("chi nẩy, có lèo") == {"chi_nay": 1, "co_leo": 1}
    assert parse_calls("thập hồng; bạch thủ") == {"thap_dieu": 1, "bach_thu": 1}
    with pytest.raises(ChieuError, match="unknown call"):
        parse_calls("ù to")


def _out(
    winner: int | None,
    score: int = 0,
    faults: tuple[tuple[int, str], ...] = (),
    penalty: str | None = None,
    dealer: int = 0,
) -> Outcome:
    """A finished deal as the sitting reads it: the winner, the score paid, the faults (seat,
    penalty) and the dealer."""
    found = tuple(Fault("f", "F", seat, pen, "") for seat, pen in faults)
    term = Termination.WIN if winner is not None else Termination.NO_WINNER
    details = {"penalty": penalty, "dealer": dealer}
    return Outcome(term, (0.0,) * 5, winner, score, (), found, details)


def test_the_hoi_keeps_points_boats_and_glasses_and_ends_at_the_target() -> None:
    rules = Rules()
    hoi = SITTING_POLICY
    carry = hoi.start(rules)
    assert hoi.next_setup(rules, carry) == {
        "dealer": None,
        "prev_winner": None,
        "boats": [],
        "glasses": [],
    }
    carry, row = hoi.after(rules, carry, _out(1, 6, dealer=3))
    assert row == (0, 6, 0, 0, 0) and carry["prev_winner"] == 1 and carry["dealer"] == 2
    # chèo đò (his khê khàn cancels his win): his points are wiped, a boat is drawn
    carry, row = hoi.after(rules, carry, _out(1, 0, ((1, CHEO_DO),), CHEO_DO))
    assert row == (0, -6, 0, 0, 0) and carry["boats"] == [1] and carry["prev_winner"] is None
    # trả đò: the next win scores nothing (the game paid 0) and pays the boat back
    carry, row = hoi.after(rules, carry, _out(1, 0))
    assert row == (0,) * 5 and carry["boats"] == [] and carry["prev_winner"] is None
    # đeo kính (bỏ ù): glasses; a win of a non-winner's treo tranh gives glasses too
    carry, _ = hoi.after(rules, carry, _out(2, 0, ((2, DEO_KINH), (4, DEO_KINH)), DEO_KINH))
    assert carry["glasses"] == [2, 4] and carry["prev_winner"] == 2
    carry, row = hoi.after(rules, carry, _out(2, 8))
    assert row == (0, 0, 8, 0, 0) and carry["glasses"] == [4]
    # a game without a winner: a non-winner's khê khàn is a boat; the next seat deals
    carry, row = hoi.after(rules, carry, _out(None, 0, ((3, CHEO_DO),), dealer=4))
    assert carry["boats"] == [3] and carry["dealer"] == 0 and carry["prev_winner"] is None
    assert not hoi.over(rules, carry, ())
    for _ in range(3):
        carry, _ = hoi.after(rules, carry, _out(0, 6))
    assert carry["points"] == [18, 0, 8, 0, 0] and hoi.over(rules, carry, ())
    assert Rules(unit=2).target == 50


def test_a_sitting_deals_the_next_game_with_its_marks() -> None:
    sitting = load_game("totom").sitting()
    state = sitting.new_state(seed=3)
    assert state.setup["boats"] == [] and state.setup["dealer"] is None
    while not state.is_terminal():
        d = state.decisions()[0]
        state.apply(d.default, d.seat)
    out = state.outcome()
    assert out is not None
    sitting.record(out, seed=3)
    nxt = sitting.new_state(seed=4)
    last = state.dealer if out.winner is None else out.winner
    assert nxt.dealer == (last + 1) % 5


def test_rules_validate_and_round_trip() -> None:
    for rules in PRESETS.values():
        assert Rules.from_json(rules.to_json()) == rules
    with pytest.raises(ChieuError, match="players"):
        Rules(players=3)
    with pytest.raises(ChieuError, match="unknown"):
        Rules.from_json({"nope": 1})
    assert Rules(lung_reading="rc").min_lung == 2
    assert not Rules(lung_reading="r0").yeu_is_lung
