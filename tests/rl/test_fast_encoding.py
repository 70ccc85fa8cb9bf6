"""Each game's fast encoder (the state's own fields, only the zones that changed encoded
again) gives exactly the reference vector (``state.zones()`` and the zone specs)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numpy")

from chieu import load_game
from chieu.core import Rng
from chieu.core.registry import game_names
from chieu.rl import encoder_for


def _configs() -> list[tuple[str, str]]:
    return [(g, p) for g in game_names() for p in load_game(g).presets()]


@pytest.mark.parametrize(("name", "preset"), _configs())
def test_fast_path_matches_the_reference(name: str, preset: str) -> None:
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
