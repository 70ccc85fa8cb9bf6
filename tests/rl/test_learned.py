"""The ``learned`` bot: it plays whole games with legal actions only, from its observation."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")

from chieu.bots.base import play_game
from chieu.bots.learned import LearnedBot, has_weights
from chieu.bots.registry import get_bot
from chieu.core.registry import find_game


@pytest.mark.parametrize("name", ["phom", "chan"])
def test_learned_bot_plays_legal_games(name: str) -> None:
    if not has_weights(name):
        pytest.skip(f"no weights for {name} (examples/train.py makes them)")
    definition = find_game(name)
    for seed in range(3):
        bots = [LearnedBot(name), get_bot("random", definition)] * 2
        state = play_game(definition, None, seed, bots)
        assert state.is_terminal()
