"""Phỏm-specific invariants over random games (every preset and player count)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chieu.games.phom import PRESETS, PhomGame, Rules
from chieu.games.phom import analysis as an
from chieu.games.phom.state import PhomState

HOUSE = Rules(
    mom_may_send=True,
    tie_break="split",
    pay_eat_mode="escalating",
    allow_u_khan=True,
    u_khan_ca="within_two",
    den_three_eats=False,
    pay_rank=(0, 2, 3, 5),
)
VARIANTS = {**PRESETS, "house": HOUSE}
CONFIGS = [(name, n) for name in VARIANTS for n in (2, 3, 4)]


def check(state: PhomState) -> None:
    seen = 0
    for s, seat in enumerate(state.seats):
        hand = seat.hand
        assert not seen & hand
        seen |= hand
        for m in seat.melds:
            assert an.is_phom(m), f"seat {s} has a table group that is not a phỏm"
            assert not seen & m
            seen |= m
        for c in seat.row:
            assert not seen >> c & 1
            seen |= 1 << c
        if not seat.laid:
            assert len(seat.row) <= 3, "a player discarded a 4th card without laying down"
            assert an.invariant_ok(hand, seat.eaten), "the eaten-card invariant broke"
            assert not seat.melds or (state.laying and state.actor == s)
        elif state.must_lay < 0 or state.actor != s:
            assert not seat.eaten & hand, "a laid player still holds an eaten card"
        for m in seat.melds:
            e = m & seat.eaten
            assert not e & (e - 1), "two eaten cards in one phỏm"
    for c in state.stock:
        assert not seen >> c & 1
        seen |= 1 << c
    assert seen == (1 << 52) - 1
    assert abs(sum(state.payoffs)) < 1e-9


@pytest.mark.parametrize(("preset", "players"), CONFIGS)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_the_invariants(preset: str, players: int, seed: int) -> None:
    rules: Rules = VARIANTS[preset].with_(players=players)
    state = PhomGame.new_state(rules, seed)
    rnd = random.Random(seed)
    check(state)
    while not state.is_terminal():
        state.apply(rnd.choice(state.legal_actions()))
        check(state)
    out = state.outcome()
    assert out is not None
    if out.details["u"] is None:
        assert all(s.laid for s in state.seats), "the hand ended with a player who never laid down"
        assert out.winner is None and out.details["nhat"] == out.details["ranking"][0]
        pts = out.details["points"]
        assert pts == [state.hand_points(s) for s in range(players)]


def test_four_players_use_exactly_the_stock_without_late_eats() -> None:
    """A.3 invariant: with no eat by a finished player, the 15 draws run out as the last
    player finishes."""
    rules = Rules(finished_player_may_eat=False)
    for seed in range(40):
        state = PhomGame.new_state(rules, seed)
        rnd = random.Random(seed)
        while not state.is_terminal():
            state.apply(rnd.choice(state.legal_actions()))
        if state.outcome().details["u"] is None:  # type: ignore[union-attr]
            assert state.stock == []
            assert all(len(s.row) == 4 for s in state.seats)
