"""Claim windows through the AEC environment: every asked seat answers in the window's
fixed order, nobody sees another's answer, and the window resolves by the game's priority
table once every answer is in, so no answer order can be exploited (mahjax PR #87)."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from chieu import load_game
from chieu.games.chan import actions as CA
from chieu.games.matchuoc import actions as MA
from chieu.rl import raw_env
from tests.games.chan.conftest import K as chan_kind
from tests.games.chan.conftest import make_state as chan_state
from tests.games.chan.hands import C2
from tests.games.matchuoc.helpers import K as tile
from tests.games.matchuoc.helpers import finish_opening
from tests.games.matchuoc.helpers import make_state as mc_state

PUNG_5M = MA.Pung(tile("5m"), tile("5m"), tile("5m"))


def _env_at(state: Any) -> Any:
    env = raw_env(load_game(state.game.name, state.rules))
    env.reset(options={"state": state})
    return env


def _answer(env: Any, answers: dict[int, Any]) -> list[int]:
    """Answer the open window through the environment (a pass where ``answers`` has none);
    the seats in the order the environment asked them."""
    order = []
    space = env.game.action_space
    while env.state.window is not None:
        seat = env.seat_of[env.agent_selection]
        order.append(seat)
        mask = env.observe(env.agent_selection)["action_mask"]
        action = answers.get(seat, env.state.window.passes[seat])
        assert mask[space.id_of(action)] == 1
        env.step(space.id_of(action))
    return order


# -- Mạt chược ------------------------------------------------------------------------------


def _mc_window() -> Any:
    """Seat 0 discards 5m. Seat 1 (next) may ù or phỗng it; seat 2 has no claim; seat 3
    (farthest) may ù."""
    st = mc_state(
        [
            "1m 4m 7m 1p 4p 7p 1s 4s 7s 1z 2z 3z 4z 5m",
            "55m 123p 456p 789s 11z",
            "3m 6m 9m 3p 6p 9p 3s 6s 9s 5z 6z 7z 7z",
            "123m 456p 789s 222z 5m",
        ]
    )
    finish_opening(st)
    st.apply(MA.Discard(tile("5m")), 0)
    assert {d.seat: set(d.actions) for d in st.decisions()} == {
        1: {MA.PASS, MA.WIN, PUNG_5M},
        2: {MA.PASS},
        3: {MA.PASS, MA.WIN},
    }
    return st


def test_mc_a_seat_cannot_be_made_to_skip_its_win_by_answer_order() -> None:
    """Seat 1 may ù and phỗng: answering ù wins whatever the others answer, in the order the
    environment asks (1, 2, 3) and in every other order; the nearest ù wins (head bump)."""
    env = _env_at(_mc_window())
    assert _answer(env, {1: MA.WIN, 3: MA.WIN}) == [1, 2, 3]
    assert env.state.outcome().winner == 1
    for order in itertools.permutations((1, 2, 3)):
        st = _mc_window()
        for s in order:
            st.apply({1: MA.WIN, 3: MA.WIN}.get(s, MA.PASS), s)
        assert st.outcome().winner == 1


def test_mc_a_farther_win_beats_a_nearer_pong() -> None:
    """Seat 1 answers phỗng (even though it could ù), seat 3 ù: seat 3 wins; nothing is
    gained by skipping one's own ù for a pong (the mahjax #87 exploit)."""
    env = _env_at(_mc_window())
    _answer(env, {1: PUNG_5M, 3: MA.WIN})
    out = env.state.outcome()
    assert out is not None and out.winner == 3
    assert env.rewards["seat_3"] > 0 or env._cumulative_rewards["seat_3"] > 0
    for order in itertools.permutations((1, 2, 3)):
        st = _mc_window()
        for s in order:
            st.apply({1: PUNG_5M, 3: MA.WIN}.get(s, MA.PASS), s)
        assert st.outcome().winner == 3
    # with no ù, the pong stands
    env = _env_at(_mc_window())
    _answer(env, {1: PUNG_5M})
    assert not env.state.is_terminal() and env.state.actor == 1


def test_mc_answers_stay_private() -> None:
    """Seat 3's observation when it is asked is the same whatever seat 1 answered."""
    seen = []
    for first in (MA.PASS, MA.WIN, PUNG_5M):
        env = _env_at(_mc_window())
        space = env.game.action_space
        env.step(space.id_of(first))  # seat 1
        env.step(space.id_of(MA.PASS))  # seat 2
        assert env.agent_selection == "seat_3"
        seen.append(env.observe("seat_3"))
    for other in seen[1:]:
        np.testing.assert_array_equal(other["observation"], seen[0]["observation"])
        np.testing.assert_array_equal(other["action_mask"], seen[0]["action_mask"])


# -- Chắn -----------------------------------------------------------------------------------


def _chan_window() -> Any:
    """Seat 1 draws 5S from the nọc: seat 2 (door distance 1) may chíu it, seat 3 (distance
    2) waits on it and may ù."""
    st = chan_state(["9W", "", "5S5S5S", C2], "5S")
    st.apply(CA.DISCARD[chan_kind("9W")], 0)
    st.pass_forced()
    st.apply(CA.DRAW, 1)
    st.pass_forced()
    assert st.window is not None
    return st


def test_chan_u_beats_a_nearer_chiu() -> None:
    env = _env_at(_chan_window())
    order = _answer(env, {2: CA.CHIU, 3: CA.WIN})
    assert order.index(2) < order.index(3)
    assert env.state.outcome().winner == 3
    assert env.state.seats[2].mat == []


def test_chan_chiu_stands_when_the_win_is_declined() -> None:
    env = _env_at(_chan_window())
    _answer(env, {2: CA.CHIU, 3: CA.DECLINE})
    assert not env.state.is_terminal()
    assert env.state.phase == "return" and env.agent_selection == "seat_2"


def test_chan_answers_stay_private() -> None:
    seen = []
    for first in (CA.CHIU, CA.DECLINE):
        env = _env_at(_chan_window())
        space = env.game.action_space
        while env.agent_selection != "seat_3":
            seat = env.seat_of[env.agent_selection]
            action = first if seat == 2 else CA.DECLINE
            env.step(space.id_of(action))
        seen.append(env.observe("seat_3"))
    np.testing.assert_array_equal(seen[0]["observation"], seen[1]["observation"])
    np.testing.assert_array_equal(seen[0]["action_mask"], seen[1]["action_mask"])
