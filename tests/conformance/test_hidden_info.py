"""Observations and events never show a seat what is hidden from it.

The test re-deals everything hidden from seat ``s`` (``resample_hidden``) and asks that ``s``
sees exactly the same observation. The re-deal must really move cards (checked over the game),
so a leak of any hidden card is caught unless the re-deal happened to put it back.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chieu.core.events import Event, redact
from chieu.core.rng import Rng

from ._support import (
    CONFIGS,
    GAMES,
    Config,
    Step,
    config_id,
    examples,
    playout,
    zone_total,
)

SEEDS = st.integers(0, 2**32 - 1)
CHOICES = st.randoms(use_true_random=False)


def _seats(state: Any) -> list[int | None]:
    return [*range(state.num_players), None]


def _check_resample(cfg: Config, state: Any, seat: int | None, rng: Rng) -> bool:
    """Assert that ``seat`` cannot tell ``state`` from a re-deal of what it cannot see.

    Returns True when the re-deal moved at least one card."""
    size = cfg.game.kinds.size
    snap = state.snapshot()
    obs = state.observation(seat)
    hidden = state.hidden_from(seat)
    other = state.resample_hidden(seat, rng)
    assert state.snapshot() == snap, "resample_hidden changed the original state"
    assert zone_total(other.zones(), size) == cfg.game.kinds.full_counts()
    other_hidden = other.hidden_from(seat)
    assert set(other_hidden) == set(hidden)
    for zone, counts in hidden.items():
        assert sum(other_hidden[zone]) == sum(counts), f"zone {zone} changed size"
    visible = {z: list(c) for z, c in state.zones().items() if z not in hidden}
    other_visible = {z: list(c) for z, c in other.zones().items() if z not in hidden}
    assert other_visible == visible, f"resample_hidden({seat}) moved visible cards"
    assert other.observation(seat) == obs, (
        f"seat {seat} sees a difference when only its hidden cards change"
    )
    assert other.is_terminal() == state.is_terminal()
    if seat is not None and seat in state.to_act():
        # the re-deal forgets the other seats' answers, never this seat's choices
        assert other.legal_actions(seat) == state.legal_actions(seat)
    return any(list(other_hidden[z]) != list(c) for z, c in hidden.items())


def check_redeal_plays_on(cfg: Config, state: Any) -> None:
    """A re-dealt state is a state the game could be in (what ISMCTS needs): each of its legal
    actions applies and keeps every card count whole."""
    size = cfg.game.kinds.size
    deck = cfg.game.kinds.full_counts()
    for action in state.legal_actions():
        nxt = state.clone()
        nxt.apply(action)
        assert zone_total(nxt.zones(), size) == deck, f"{action} on a re-dealt state"


def _check_events(events: list[Event], seats: list[int | None]) -> None:
    for e in events:
        for seat in seats:
            r = redact(e, seat)
            assert r.type == e.type and r.actor == e.actor
            if e.is_visible(seat):
                assert r == e
                continue
            leaked = [k for k in e.hidden if k in r.data]
            assert not leaked, f"event {e.type} shows {leaked} to seat {seat}"
            json.dumps(r.to_json())
        if e.visible_to is not None:
            assert e.hidden or not e.data, f"private event {e.type} declares no hidden field"


@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
@examples(6)
@given(seed=SEEDS, rnd=CHOICES)
def test_observation_does_not_depend_on_hidden_cards(
    cfg: Config, seed: int, rnd: random.Random
) -> None:
    state = cfg.new_state(seed)
    rng = Rng(seed, "conformance", "resample")
    moved: set[int | None] = set()

    def check(s: Any, step: Step) -> None:
        for seat in _seats(s):
            if _check_resample(cfg, s, seat, rng):
                moved.add(seat)
            json.dumps(s.observation(seat))
        check_redeal_plays_on(cfg, s.resample_hidden(rnd.choice(_seats(s)), rng))
        assert "hand" not in s.observation(None), "a spectator sees a hand"

    for _ in playout(cfg, state, rnd, check):
        pass
    for seat in _seats(state):
        _check_resample(cfg, state, seat, rng)
    never = set(_seats(state)) - moved
    assert not never, f"the re-deal never moved a card hidden from seat(s) {never}"
    _check_events(state.events, _seats(state))


@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_spectators_and_other_seats_see_no_private_event(cfg: Config) -> None:
    state = cfg.new_state(3)
    for _ in playout(cfg, state, random.Random(3)):
        pass
    private = [e for e in state.events if e.visible_to is not None]
    assert private, "no private event at all: the deal and the hands must be private"
    for e in private:
        spect = redact(e, None)
        assert not set(e.hidden) & set(spect.data)
        for seat in range(state.num_players):
            if seat not in e.visible_to:
                assert not set(e.hidden) & set(redact(e, seat).data)
    obs = state.observation(None)
    assert "hand" not in obs


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_end_observation_hides_nothing(game: Any) -> None:
    """At the end of many games (wins and faults included, which random play reaches only now
    and then), no seat's observation depends on the cards still hidden from it."""
    paid = 0
    for cfg in (c for c in CONFIGS if c.game is game):
        for seed in range(12):
            state = cfg.new_state(seed)
            bots = [Rng(seed, "end", s) for s in range(state.num_players)]
            for _ in playout(cfg, state, lambda s, b=bots: b[s]):  # type: ignore[misc]
                pass
            paid += any(state.outcome().payoffs)
            for seat in _seats(state):
                _check_resample(cfg, state, seat, Rng(seed, "redeal", str(seat)))
    assert paid, "no game ended with a payment: the end states checked are all alike"
