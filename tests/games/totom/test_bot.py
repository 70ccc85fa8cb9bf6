"""The heuristic bot: it plays whole games in every preset and never commits a fault."""

from __future__ import annotations

import pytest

from chieu.bots import bot_names, get_bot, play_game
from chieu.games.totom import PRESETS, TotomGame
from chieu.games.totom.cards import parse_counts
from chieu.games.totom.shapes import looseness


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_heuristic_never_commits_a_fault(preset: str) -> None:
    rules = PRESETS[preset]
    wins = 0
    for seed in range(6):
        bots = [get_bot("heuristic", "totom") for _ in range(rules.players)]
        state = play_game(TotomGame, rules, seed, bots)
        out = state.outcome()
        assert out is not None and not out.faults, out.faults
        wins += out.winner is not None
    assert "heuristic" in bot_names("totom")


def test_heuristic_wins_some_games() -> None:
    wins = 0
    for seed in range(20):
        bots = [get_bot("heuristic", "tổ tôm") for _ in range(5)]
        wins += play_game(TotomGame, None, seed, bots).outcome().winner is not None
    assert wins >= 2


def test_looseness() -> None:
    assert looseness(parse_counts("1V 2V 3V 5W 5S 5V")) == 0
    assert looseness(parse_counts("1V 2V 9W")) == 3  # 1V 2V wait 3V; 9W 1V waits 1S
    assert looseness(parse_counts("1V 2V 6W")) == 4  # the 6W is two cards short
