"""Each game's fast encoder (the state's own fields; each seat's last vector kept, only what
changed since written again) gives exactly the from-scratch vectors: a fresh encoder's (an
empty cache) and the reference one (``state.zones()`` and the zone specs)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("numpy")

from chieu import load_game
from chieu.core import Rng
from chieu.core.registry import game_names
from chieu.rl import encoder_for, raw_env
from chieu.rl.aec import agent_name


def _configs() -> list[tuple[str, str]]:
    return [(g, p) for g in game_names() for p in load_game(g).presets()]


@pytest.mark.parametrize(("name", "preset"), _configs())
def test_fast_path_matches_the_reference(name: str, preset: str) -> None:
    """Every seat encoded at every step: one step's changes at a time."""
    game = load_game(name, preset)
    enc = encoder_for(game)
    fresh = encoder_for(game)
    n = game.info.players
    for seed in (1, 2, 3):
        state = game.new_state(seed=seed)
        rng = Rng(seed, "rl-fast")
        while True:
            for s in range(n):
                fast = enc.encode(state, s)
                np.testing.assert_array_equal(fast, fresh.encode_reference(state, s))
            if state.is_terminal():
                break
            d = rng.choice(list(state.decisions()))
            state.apply(rng.choice(d.actions), seat=d.seat)


@pytest.mark.parametrize(("name", "preset"), _configs())
def test_incremental_equals_from_scratch_in_the_env(name: str, preset: str) -> None:
    """As an environment uses it: only the acting seat observed (so a seat's vector catches
    up with several steps at once), now and then another seat, one encoder over several
    games; at every step the observation equals a from-scratch encoding (a fresh encoder's
    fast path and the reference path) and the mask the legal actions."""
    env = raw_env(name, preset, seed=5)
    game = env.game
    space = game.action_space
    rng = np.random.default_rng(0)
    checked = 0
    for episode in range(4):
        env.reset(seed=episode)
        kept: list[tuple[np.ndarray, np.ndarray]] = []
        while env.agents:
            obs, _, term, trunc, _ = env.last()
            kept.append((obs["observation"], obs["observation"].copy()))
            if term or trunc:
                env.step(None)
                continue
            state = env.state
            seat = env.seat_of[env.agent_selection]
            scratch = encoder_for(game).encode(state, seat)
            np.testing.assert_array_equal(obs["observation"], scratch)
            np.testing.assert_array_equal(scratch, env.encoder.encode_reference(state, seat))
            legal = {space.id_of(a) for a in state.legal_actions(seat)}
            assert set(np.flatnonzero(obs["action_mask"]).tolist()) == legal
            if rng.random() < 0.2:  # another seat, out of turn
                other = int(rng.integers(env.num_seats))
                np.testing.assert_array_equal(
                    env.encoder.encode(state, other), env.encoder.encode_reference(state, other)
                )
            checked += 1
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        for given, copy in kept:  # an observation handed out never changes afterwards
            np.testing.assert_array_equal(given, copy)
        # the last position, every seat
        for s in range(env.num_seats):
            np.testing.assert_array_equal(
                env.encoder.encode(env.state, s), encoder_for(game).encode(env.state, s)
            )
    assert checked > 50


@pytest.mark.parametrize("name", game_names())
def test_raw_zones(name: str) -> None:
    """``raw_zones``: every zone's raw value in ``specs`` order, hidden ones as ``-1 - size``
    (the other seats' hands at the start), the seat's own hand visible."""
    game = load_game(name)
    enc = encoder_for(game)
    state = game.new_state(seed=4)
    raw = enc.raw_zones(state, 0)
    assert len(raw) == len(enc.specs)
    zones = state.zones()
    for spec, value in zip(enc.specs, raw, strict=True):
        if spec.id.startswith("hand:"):
            own = spec.id == "hand:0"
            assert (type(value) is int and value < 0) != own
            if not own:
                assert -1 - value == sum(zones[spec.id])


@pytest.mark.parametrize("name", [g for g in game_names() if load_game(g).info.has_claims])
def test_claim_window_answers_skip_the_world(name: str) -> None:
    """While a claim window stays open its answers move no card, so the encoder does not read
    the world again (``Encoder._see``): a run of answers (forced passes, and claims when a
    seat has one), every seat's vector still the reference's; once the window resolves (a
    claim taken: a card moves) the next encoding reads the world again and sees the move."""
    game = load_game(name)
    enc = encoder_for(game)
    reads: list[int] = []
    world = enc.world

    def counted(state: Any) -> list[Any]:
        reads.append(1)
        return world(state)

    enc.world = counted  # type: ignore[method-assign]
    skipped = moved = 0
    rng = Rng(7, "rl-window")
    for seed in range(1, 6):
        state = game.new_state(seed=seed)
        last_window = None
        while not state.is_terminal():
            pending = state.decisions()
            d = pending[0]
            window = state.window
            before = len(reads)
            for s in range(game.info.players) if window is not None else (d.seat,):
                np.testing.assert_array_equal(enc.encode(state, s), enc.encode_reference(state, s))
            same = window is not None and window is last_window
            assert len(reads) == before + (not same)
            skipped += same
            last_window = window
            if window is None:
                state.apply(rng.choice(d.actions), seat=d.seat)
                continue
            claims = [a for a in d.actions if a != d.default]
            zones = [v[:] if type(v) is list else v for v in world(state)]
            state.apply(rng.choice(claims) if claims else d.default, seat=d.seat)
            if state.window is not window:  # resolved
                moved += [v[:] if type(v) is list else v for v in world(state)] != zones
    assert skipped > 0 and moved > 0


def _check_all(env: Any, kept: list[tuple[np.ndarray, np.ndarray]]) -> None:
    """Every seat's observation now equals the reference vector (and ``out=`` the same)."""
    enc = env.encoder
    for s in range(env.num_seats):
        obs = env.observe(agent_name(s))["observation"]
        np.testing.assert_array_equal(obs, enc.encode_reference(env.state, s))
        out = enc.new()
        enc.encode(env.state, s, out)
        np.testing.assert_array_equal(out, obs)
        kept.append((obs, obs.copy()))


def _step_randomly(env: Any, rng: np.random.Generator) -> None:
    """One step of the acting agent: a random legal action, or None once it is done."""
    obs, _, term, trunc, _ = env.last()
    if term or trunc:
        env.step(None)
    else:
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


@pytest.mark.parametrize("name", game_names())
def test_every_seat_after_every_step(name: str) -> None:
    """Many seeded random episodes through the environment: after every step (claim answers
    included, forced passes too), every seat's observation is the reference's; the arrays
    handed out never change afterwards (each ``encode`` returns a new array)."""
    for seed in range(8):
        env = raw_env(name, seed=seed)
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        kept: list[tuple[np.ndarray, np.ndarray]] = []
        while env.agents:
            _check_all(env, kept)
            _step_randomly(env, rng)
        for given, copy in kept:
            np.testing.assert_array_equal(given, copy)


@pytest.mark.parametrize("name", game_names())
def test_one_encoder_interleaved_states_and_clones(name: str) -> None:
    """One encoder over two games played in turn (its cache follows the state it is given),
    and over a clone of one of them (the same position in another object, which then goes
    its own way): every vector is the reference's."""
    game = load_game(name)
    enc = encoder_for(game)
    n = game.info.players
    states = [game.new_state(seed=11), game.new_state(seed=12)]
    rng = Rng(3, "rl-interleave")
    for step in range(400):
        i = step % len(states)
        state = states[i]
        if state.is_terminal():
            states[i] = state = game.new_state(seed=100 + step)
        if step == 60:  # a clone joins, the same position as its original
            states.append(state.clone())
        for s in rng.shuffled(range(n)):
            np.testing.assert_array_equal(enc.encode(state, s), enc.encode_reference(state, s))
        d = rng.choice(list(state.decisions()))
        state.apply(rng.choice(d.actions), seat=d.seat)


@pytest.mark.parametrize("name", game_names())
def test_envs_sharing_an_encoder_and_resets_mid_episode(name: str) -> None:
    """Two environments sharing one encoder, stepped in turn; now and then one of them is
    reset in the middle of an episode, to a clone of its own state (``options={"state":
    ...}``) or to a new deal: every seat's observation is the reference's after every step."""
    envs = [raw_env(name, seed=21), raw_env(name, seed=22)]
    envs[1].encoder = envs[0].encoder
    rng = np.random.default_rng(5)
    kept: list[tuple[np.ndarray, np.ndarray]] = []
    for env in envs:
        env.reset()
    for step in range(600):
        env = envs[step % 2]
        if not env.agents:
            env.reset()
        elif rng.random() < 0.02:
            if rng.random() < 0.5:
                env.reset(options={"state": env.state.clone()})
            else:
                env.reset()
        _check_all(env, kept)
        _step_randomly(env, rng)
    for given, copy in kept:
        np.testing.assert_array_equal(given, copy)
