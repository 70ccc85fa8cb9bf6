"""The one front door: ``load_game(...).new_state(seed=None, deal=None, setup=None)``."""

from __future__ import annotations

import json

import pytest

from chieu.core.errors import ChieuError
from chieu.core.journal import deck_of
from chieu.core.registry import game_names
from chieu.core.table import load_game


@pytest.mark.parametrize("name", game_names())
def test_a_fixed_deal_is_the_deal_its_seed_makes(name: str) -> None:
    game = load_game(name)
    dealt = game.new_state(seed=9)
    again = game.new_state(seed=9, deal=deck_of(dealt), setup=None)
    assert deck_of(again) == deck_of(dealt)
    assert json.dumps(again.snapshot(), sort_keys=True) == json.dumps(
        dealt.snapshot(), sort_keys=True
    )


@pytest.mark.parametrize("name", game_names())
def test_a_deck_that_is_not_the_games_is_refused(name: str) -> None:
    with pytest.raises(ChieuError):
        load_game(name).new_state(seed=1, deal=[0, 1, 2])


@pytest.mark.parametrize("name", game_names())
def test_the_same_state_as_the_definition_gives(name: str) -> None:
    game = load_game(name)
    a = game.new_state(seed=4)
    b = game.definition.new_state(game.rules, 4)
    assert json.dumps(a.snapshot(), sort_keys=True) == json.dumps(b.snapshot(), sort_keys=True)
