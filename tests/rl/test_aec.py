"""PettingZoo's API and seed tests for every game and preset."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from chieu import load_game
from chieu.core.registry import game_names
from chieu.rl import env, raw_env


def _configs() -> list[tuple[str, str]]:
    return [(g, p) for g in game_names() for p in load_game(g).presets()]


@pytest.mark.parametrize(("name", "preset"), _configs())
def test_api(name: str, preset: str) -> None:
    cycles = 1000 if preset == "default" else 300
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(name, preset, seed=7), num_cycles=cycles)


@pytest.mark.parametrize(("name", "preset"), _configs())
def test_seed(name: str, preset: str) -> None:
    cycles = 500 if preset == "default" else 200
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seed_test(lambda: env(name, preset, seed=3), num_cycles=cycles)


def _play(e, rng, seen=None) -> dict[str, float]:
    """One episode of random legal play (``seen(agent, obs)`` first at every live agent's
    turn); each agent's reward once it is done."""
    final = {}
    while e.agents:
        agent = e.agent_selection
        obs, reward, term, trunc, _ = e.last()
        if term or trunc:
            final[agent] = reward
            e.step(None)
            continue
        if seen is not None:
            seen(agent, obs)
        legal = np.flatnonzero(obs["action_mask"])
        assert legal.size
        e.step(int(rng.choice(legal)))
    return final


@pytest.mark.parametrize("name", game_names())
def test_every_seat_of_a_window_acts_in_order(name: str) -> None:
    """In a claim window the asked seats act one by one in the window's order, a pass-only
    seat included; the rewards at the end are the settlement points."""
    e = raw_env(name, seed=11)
    rng = np.random.default_rng(0)
    windows = 0

    def in_order(agent, obs) -> None:
        nonlocal windows
        window = e.state.window
        if window is not None:
            windows += 1
            assert e.seat_of[agent] == window.pending()[0]
            assert obs["observation"][e.encoder.c0] == 1.0

    for episode in range(3):
        e.reset(seed=episode)
        final = _play(e, rng, in_order)
        payoffs = e.state.outcome().payoffs
        assert final == {a: float(payoffs[s]) for s, a in enumerate(e.possible_agents)}
    if load_game(name).info.has_claims:
        assert windows > 0


def test_phom_payments_as_they_happen() -> None:
    e = raw_env("phom", seed=5, payments=True)
    total = dict.fromkeys(e.possible_agents, 0.0)
    rng = np.random.default_rng(1)
    for episode in range(20):
        e.reset(seed=episode)
        for a in total:
            total[a] = 0.0
        while e.agents:
            obs, _, term, trunc, _ = e.last()
            for a in e.agents:
                total[a] += e.rewards[a]
            if term or trunc:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        payoffs = e.state.outcome().payoffs
        for s, a in enumerate(e.possible_agents):
            assert total[a] == pytest.approx(payoffs[s])


def test_render_and_view() -> None:
    e = raw_env("chan", seed=1, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert text is not None and "Chắn" in text
    view = e.view(e.agent_selection)
    assert view["schema"] == "chieu.view"


@pytest.mark.parametrize("name", game_names())
def test_fault_mask_is_the_views_verdict(name: str) -> None:
    """``faults=True``: each observation's ``fault_mask`` flags exactly the choices the seat's
    View marks as a fault, within its legal actions; Chắn and Tổ tôm have some."""
    e = raw_env(name, seed=5, faults=True)
    rng = np.random.default_rng(1)
    flagged = 0

    def verdicts(agent, obs) -> None:
        nonlocal flagged
        assert e.observation_space(agent).contains(obs)
        marked = {
            choice["id"]
            for decision in e.view(agent)["decisions"]
            for choice in decision["actions"]
            if "fault" in choice
        }
        assert set(np.flatnonzero(obs["fault_mask"])) == marked
        assert not (obs["fault_mask"] & (1 - obs["action_mask"])).any()
        flagged += len(marked)

    for episode in range(4):
        e.reset(seed=episode)
        _play(e, rng, verdicts)
    assert (flagged > 0) == (name in ("chan", "totom"))


def test_api_with_the_fault_mask() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env("chan", seed=7, faults=True), num_cycles=300)
