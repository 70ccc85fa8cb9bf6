"""The training scripts' duplicate duel: deals cut into jobs with their own seeds, the answers
joined in order, each side's mean and the difference deal by deal."""

from __future__ import annotations

import pytest

from chieu.arena.duel import duel_figures, duel_jobs, gather
from chieu.arena.stats import mean_ci


def test_deals_are_cut_into_jobs_with_seeds_of_their_own() -> None:
    jobs = duel_jobs({"game": "chan", "seed": 2033}, 7, 3)
    assert [j["deals"] for j in jobs] == [3, 2, 2]
    assert len({j["seed"] for j in jobs}) == 3 and all(j["game"] == "chan" for j in jobs)
    assert duel_jobs({"seed": 2033}, 7, 3) == [{k: j[k] for k in ("deals", "seed")} for j in jobs]
    assert [j["deals"] for j in duel_jobs({"seed": 1}, 1, 2)] == [1]  # no empty job


def test_the_difference_is_taken_deal_by_deal() -> None:
    per = gather([[[1.0, 2.0], [0.0, 0.0]], [[3.0], [5.0]]])
    assert per == [[1.0, 2.0, 3.0], [0.0, 0.0, 5.0]]
    figures = duel_figures(["net", "heuristic"], per)
    assert figures["net"] == mean_ci([1.0, 2.0, 3.0])
    assert figures["difference"] == mean_ci([1.0, 2.0, -2.0])
    with pytest.raises(ValueError):
        duel_figures(["net", "heuristic"], [[1.0], [1.0, 2.0]])
