"""No encoded observation depends on a card its seat cannot see: dealing those cards again
(``state.resample_hidden(seat, seed)``, claim windows included) changes neither the vector
nor the action mask nor whether the seat has a decision (the others' claim answers, which
it cannot know, are asked again)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numpy")

from chieu import load_game
from chieu.core import Rng
from chieu.core.registry import game_names
from chieu.rl import raw_env


def _configs() -> list[tuple[str, str]]:
    return [(g, p) for g in game_names() for p in load_game(g).presets()]


@pytest.mark.parametrize(("name", "preset"), _configs())
def test_encoding_ignores_hidden_cards(name: str, preset: str) -> None:
    e = raw_env(name, preset)
    enc = e.encoder
    players = e.num_seats
    windows = 0
    for seed in (1, 2):
        e.reset(seed=seed)
        state = e.state
        rng = Rng(seed, "rl-invariance")
        steps = 0
        while not state.is_terminal():
            if steps % 2 == 0:
                windows += state.window is not None
                for s in range(players):
                    other = state.resample_hidden(s, 1000 + steps)
                    mine = enc.encode(state, s)
                    np.testing.assert_array_equal(enc.encode(other, s), mine)
                    agent = e.possible_agents[s]
                    e.state = other
                    theirs = e.action_mask(agent).copy(), e.fault_mask(agent).copy()
                    e.state = state
                    np.testing.assert_array_equal(theirs[0], e.action_mask(agent))
                    np.testing.assert_array_equal(theirs[1], e.fault_mask(agent))
                    asked = {d.seat for d in state.decisions()}
                    assert (s in asked) == (s in {d.seat for d in other.decisions()})
            d = state.decisions()[0]
            state.apply(rng.choice(d.actions), seat=d.seat)
            steps += 1
    if load_game(name, preset).info.has_claims:
        assert windows > 0


@pytest.mark.parametrize("name", game_names())
def test_layout_is_fixed(name: str) -> None:
    e = raw_env(name, seed=2)
    e.reset()
    fields = e.encoder.fields
    assert list(fields) == [
        "zones",
        "phase",
        "decision",
        "turn",
        "claim_open",
        "live",
        "piles",
        "extra",
    ]
    assert max(b for _, b in fields.values()) == e.encoder.size
    obs = e.observe(e.agent_selection)["observation"]
    assert obs.shape == (e.encoder.size,) and obs.dtype == np.float32
    a, b = fields["decision"]
    assert obs[a:b].sum() == 1.0


@pytest.mark.parametrize(
    ("name", "players"), [("chan", 2), ("chan", 3), ("phom", 2), ("phom", 3), ("totom", 4)]
)
def test_other_table_sizes(name: str, players: int) -> None:
    """Fewer seats: the same checks (fast path = reference, hidden cards dealt again)."""
    from chieu.rl import encoder_for

    game = load_game(name, players=players)
    enc, ref = encoder_for(game), encoder_for(game)
    state = game.new_state(seed=players)
    rng = Rng(players, "rl-sizes")
    steps = 0
    while not state.is_terminal():
        for s in range(players):
            mine = enc.encode(state, s)
            np.testing.assert_array_equal(mine, ref.encode_reference(state, s))
            np.testing.assert_array_equal(enc.encode(state.resample_hidden(s, steps), s), mine)
        d = state.decisions()[0]
        state.apply(rng.choice(d.actions), seat=d.seat)
        steps += 1
