"""Scoring (B5): the score formula, calls and the hội with its boats and glasses."""

from __future__ import annotations

import pytest

from chieu.core.errors import ChieuError
from chieu.games.totom.checker import parse_calls
from chieu.games.totom.rules import PRESETS, Rules
from chieu.games.totom.scoring import Hoi, called_score, score_of


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


def test_hoi_boats_glasses_and_the_end() -> None:
    hoi = Hoi(5, Rules())
    assert hoi.record(1, 6) == 6
    assert hoi.thong_allowed(1)
    hoi.record(1, 0, "cheo_do")  # chèo đò: his points are wiped, a boat is drawn
    assert hoi.points[1] == 0 and hoi.boats[1] and not hoi.thong_allowed(1)
    assert hoi.record(1, 9) == 0  # trả đò: the next win scores nothing
    assert not hoi.boats[1]
    hoi.record(2, 0, "deo_kinh")
    assert hoi.glasses[2] and not hoi.thong_allowed(2)
    assert hoi.record(2, 8) == 8 and not hoi.glasses[2]
    for _ in range(3):
        hoi.record(3, 6)
    assert hoi.over and hoi.leader() == 3
    assert Hoi(5, Rules(unit=2)).rules.target == 50


def test_rules_validate_and_round_trip() -> None:
    for rules in PRESETS.values():
        assert Rules.from_json(rules.to_json()) == rules
    with pytest.raises(ChieuError, match="players"):
        Rules(players=3)
    with pytest.raises(ChieuError, match="unknown"):
        Rules.from_json({"nope": 1})
    assert Rules(lung_reading="rc").min_lung == 2
    assert not Rules(lung_reading="r0").yeu_is_lung
