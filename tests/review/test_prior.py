"""The judge's prior (``chieu.review.spec.Prior``): the playouts weighed against a model of the
game's positions, and Mạt chược's model of what a hand is worth."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from chieu.bots import get_bot, play_game
from chieu.core.record import GameRecord
from chieu.games.matchuoc import actions as A
from chieu.games.matchuoc.cards import code
from chieu.games.matchuoc.value import action_values, hand_value
from chieu.review import Judge, review, review_json
from chieu.review.judge import posterior
from chieu.review.spec import Prior
from tests.games.matchuoc.helpers import JUNK, JUNK2, JUNK3, K, finish_opening, make_state
from tests.review.conftest import small_judge


def _prior(**kw: float) -> Prior:
    base = {"slope": 1.0, "spread": 1.0, "noise": 1.0}
    return Prior(action_values, name="test", **(base | kw))  # type: ignore[arg-type]


def test_the_posterior_weighs_the_playouts_by_their_error() -> None:
    diffs = [2.0, 4.0, 0.0, 2.0]  # mean 2, per-world sd 1.63, standard error 0.82
    # a model far more certain than the playouts: its difference, times the slope
    mean, sd = posterior(diffs, 0.5, _prior(slope=2.0, spread=1e-6))
    assert mean == pytest.approx(1.0) and sd < 1e-5
    # a model that says nothing: the playouts' mean and standard error
    mean, sd = posterior(diffs, 0.5, _prior(spread=1e6))
    assert mean == pytest.approx(2.0) and sd == pytest.approx(math.sqrt(8 / 3 / 4))
    # as sure of each other: halfway, with a smaller error than either
    s2 = 8 / 3 / 4
    mean, sd = posterior(diffs, 0.0, _prior(spread=math.sqrt(s2)))
    assert mean == pytest.approx(1.0) and sd == pytest.approx(math.sqrt(s2 / 2))


def test_worlds_that_all_agree_are_not_proof() -> None:
    """Twenty equal playouts have no spread: the noise floor keeps the model's say."""
    mean, _ = posterior([0.0] * 20, 1.0, _prior(spread=1.0, noise=math.sqrt(20)))
    assert mean == pytest.approx(0.5)  # prior 1 ± 1, playouts 0 ± 1
    assert posterior([], 1.0, _prior(slope=1.5, spread=2.0)) == (1.5, 2.0)


def test_the_model_is_surer_of_small_differences() -> None:
    """``growth``: the prior's spread grows with the model's difference, so the same
    playouts move a large model difference more than a small one."""
    assert posterior([], -2.0, _prior(spread=0.5, growth=1.0)) == (-2.0, 2.5)
    diffs = [3.0, -3.0] * 10  # mean 0, standard error 0.69
    small, _ = posterior(diffs, 0.2, _prior(spread=0.1, growth=1.0))
    large, _ = posterior(diffs, 2.0, _prior(spread=0.1, growth=1.0))
    assert 0 < 0.2 - small < 0.1 and 2.0 - large > 1.0


def test_a_tail_believes_playouts_far_from_the_model() -> None:
    """``share``/``tail``: a few true differences lie far from the model's; playouts three
    standard errors from it are then believed in part, close ones are shrunk as before."""
    tight = _prior(spread=0.05, noise=1.0)
    tailed = replace(tight, tail=2.4, share=0.05)
    far = [11.0, -4.0] * 20  # mean 3.5, standard error 1.2: three of them from the model's 0
    assert abs(posterior(far, 0.0, tight)[0]) < 0.01
    mean, sd = posterior(far, 0.0, tailed)
    assert 1.0 < mean < 3.5 and sd > 1.0
    near = [1.5, -1.0] * 20  # mean 0.25: within the playouts' error of the model
    assert abs(posterior(near, 0.0, tailed)[0]) < 0.05
    assert posterior(far, 0.0, replace(tailed, share=0.0)) == posterior(far, 0.0, tight)
    assert posterior([], 0.0, tailed)[1] > posterior([], 0.0, tight)[1]  # the prior's own sd
    with pytest.raises(ValueError, match="share"):
        replace(tight, share=1.0)


def _dealer_turn() -> tuple[dict[str, object], list[object]]:
    st = make_state(["123m 456m 789m 99p 23s 5s", JUNK, JUNK2, JUNK3])
    finish_opening(st)
    return st.observation(0), st.legal_actions()


def test_a_hand_is_worth_more_nearer_to_u_and_with_more_tiles_that_help() -> None:
    assert hand_value(0, 8, 90, 0) > hand_value(1, 8, 90, 0) > hand_value(2, 8, 90, 0)
    assert hand_value(0, 8, 90, 0) > hand_value(0, 4, 90, 0)
    assert hand_value(1, 12, 90, 0) > hand_value(1, 12, 50, 0)  # less wall, less time
    obs, legal = _dealer_turn()
    values = action_values(obs, legal)  # type: ignore[arg-type]
    assert values is not None and set(values) == set(legal)
    by_tile = {code(a.tile): v for a, v in values.items()}  # type: ignore[attr-defined]
    # 5s keeps the wait on 1s and 4s (8 tiles), 2s on 4s only (4 tiles): the heuristic sees
    # them as equal, the model does not; breaking the finished phu is worth less still
    assert by_tile["5s"] > by_tile["2s"] > by_tile["1m"]


def test_a_flower_set_down_is_worth_its_replacement() -> None:
    """At the opening the dealer holds a flower: setting it down draws a tile he may keep or
    discard, so on average it is worth at least ending the opening with the dead flower."""
    st = make_state(["4f 123m 456m 78p 345s 5z 6z", JUNK, JUNK2, JUNK3])
    assert st.phase == "opening"
    obs, legal = st.observation(0), st.legal_actions()
    values = action_values(obs, legal)
    assert values is not None
    set_down, end = values[A.SetDown(K("4f"))], values[A.EndOpening()]
    assert set_down > end


def test_the_model_leaves_win_and_kong_to_the_playouts() -> None:
    obs, legal = _dealer_turn()
    assert action_values(obs, [legal[0], A.Win()]) is None  # type: ignore[list-item]
    spectator = {**obs, "seat": None}
    assert action_values(spectator, legal) is None  # type: ignore[arg-type]


def _matchuoc_record() -> GameRecord:
    bots = [get_bot(b, "matchuoc") for b in ("random", "heuristic", "acceptance", "heuristic")]
    return GameRecord.from_state(play_game("matchuoc", None, 5, bots))


def test_the_judge_follows_its_prior_as_far_as_it_is_sure() -> None:
    record = _matchuoc_record()
    small = small_judge("matchuoc")
    assert small.spec.prior is not None and small.version.endswith(":value1")
    # a prior without a say gives the playouts' verdict, loss for loss
    loose = replace(small.spec.prior, spread=1e9, noise=0.0)
    plain = review(record, 0, Judge("matchuoc", spec=replace(small.spec, prior=None)))
    weak = review(record, 0, Judge("matchuoc", spec=replace(small.spec, prior=loose)))
    assert [d.loss for d in weak.decisions] == pytest.approx([d.loss for d in plain.decisions])
    assert plain.judge.endswith(":heuristicr2") and weak.judge != plain.judge
    # a certain prior: every loss judged by the model is the model's own difference
    sure = replace(small.spec.prior, spread=1e-9, growth=0.0)
    certain = review(record, 0, Judge("matchuoc", spec=replace(small.spec, prior=sure)))
    modelled = {"discard", "pass", "pung", "chow", "set_down", "end_opening"}
    judged = [
        d for d in certain.decisions if d.loss > 0 and {v.action.verb for v in d.values} <= modelled
    ]
    assert judged
    for d in judged:
        assert d.loss_error < 1e-6
        assert d.best.mean - d.played.mean == pytest.approx(d.loss)
    assert review_json(certain) != review_json(plain)


def test_elsewhere_the_prior_is_centred_on_no_difference() -> None:
    prior = _prior(slope=1.6, spread=0.3, growth=0.8)
    assert prior.at(modelled=True) is prior and prior.at(modelled=False) is None
    other = replace(prior, elsewhere=0.5).at(modelled=False)
    assert other is not None
    assert posterior([], 3.0, other) == (0.0, 0.5)  # whatever the model would have said
    record = _matchuoc_record()
    small = small_judge("matchuoc")
    assert small.spec.prior is not None
    # sure that where the model says nothing no candidate is better: no loss is called there
    quiet = replace(small.spec.prior, elsewhere=1e-9)
    judge = Judge("matchuoc", spec=replace(small.spec, prior=quiet))
    modelled = {"discard", "pass", "pung", "chow", "set_down", "end_opening"}
    elsewhere = [
        d
        for seat in range(4)
        for d in review(record, seat, judge).decisions
        if not {v.action.verb for v in d.values} <= modelled
    ]
    assert elsewhere and all(d.loss < 1e-6 for d in elsewhere)
