"""The table protocol, for every registered game and preset, through the public API alone.

Nothing here imports ``chieu.games``: the games are found by name, driven by ``load_game``,
``decisions``, ``apply`` and ``view``, as the server, the browser and the RL environments
drive them.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

import jsonschema
import pytest

from chieu import load_game
from chieu.core import Rng, Sitting
from chieu.core.registry import game_names

SEEDS = (1, 2)


def _configs() -> list[tuple[str, str]]:
    return [(g, p) for g in game_names() for p in load_game(g).presets()]


@cache
def _validator() -> jsonschema.protocols.Validator:
    schema = json.loads(resources.files("chieu.core").joinpath("view.schema.json").read_text())
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def _check_view(state: Any, seat: int | None) -> dict[str, Any]:
    data = state.view(seat).to_json()
    errors = sorted(_validator().iter_errors(data), key=lambda e: list(e.path))
    if errors:
        where = list(errors[0].path)
        raise AssertionError(f"{data['game']} view for {seat}: {errors[0].message} at {where}")
    json.dumps(data)  # JSON-serialisable
    mine = {d.seat for d in state.decisions() if d.seat == seat}
    assert bool(data["decisions"]) == bool(mine)
    return data


@pytest.mark.parametrize(("name", "preset"), _configs())
def test_random_play_through_the_protocol(name: str, preset: str) -> None:
    game = load_game(name, preset)
    info = game.info
    assert info.min_players <= info.players <= info.max_players
    for seed in SEEDS:
        state = game.new_state(seed=seed)
        rng = Rng(seed, "table-test")
        steps = 0
        while not state.is_terminal():
            pending = state.decisions()
            assert pending, "no decision before the end"
            seats = [d.seat for d in pending]
            assert len(seats) == len(set(seats))
            for d in pending:
                assert d.default in d.actions
                assert d.kind in ("turn", "claim", "arrange", "declare")
                if d.kind == "claim":
                    assert len(d.actions) >= 1
            if steps % 7 == 0:
                for s in (None, *range(info.players)):
                    _check_view(state, s)
            # answer in a shuffled order: a window takes its answers in any order
            for d in rng.shuffled(list(pending)):
                state.apply(rng.choice(d.actions), seat=d.seat)
                steps += 1
            assert steps <= 4 * info.max_game_length
        out = state.outcome()
        assert out is not None and len(out.payoffs) == info.players
        for s in (None, *range(info.players)):
            assert _check_view(state, s)["outcome"] is not None


@pytest.mark.parametrize("name", game_names())
def test_options_are_explained(name: str) -> None:
    game = load_game(name)
    options = game.options()
    rules = game.rules_json()
    assert {o.name for o in options} == set(rules)
    for o in options:
        assert o.vi and o.en, o.name
        if o.choices is not None:
            assert o.default in o.choices or isinstance(o.default, tuple)


@pytest.mark.parametrize("name", game_names())
def test_sitting_round_trip(name: str) -> None:
    game = load_game(name)
    sitting = game.sitting()
    rng = Rng(5, "sitting")
    for deal in range(3):
        state = sitting.new_state(seed=100 + deal)
        while not state.is_terminal():
            for d in state.decisions():
                state.apply(rng.choice(d.actions), seat=d.seat)
        sitting.record(state.outcome(), seed=100 + deal)
        back = Sitting.from_json(json.loads(json.dumps(sitting.to_json())))
        assert back.to_json() == sitting.to_json()
        assert back.next_setup() == sitting.next_setup()
    assert len(sitting.rows) == 3
    assert sitting.totals == tuple(
        sum(r.points[s] for r in sitting.rows) for s in range(game.info.players)
    )


@pytest.mark.parametrize(("name", "preset"), _configs())
def test_views_do_not_depend_on_hidden_cards(name: str, preset: str) -> None:
    """Dealing again every card a seat cannot see changes neither its view nor who decides."""
    game = load_game(name, preset)
    players = game.info.players
    for seed in SEEDS:
        state = game.new_state(seed=seed)
        rng = Rng(seed, "counterfactual")
        steps = 0
        while not state.is_terminal():
            if steps % 3 == 0:
                for s in (None, *range(players)):
                    other = state.resample_hidden(s, 1000 + steps)
                    assert other.view(s).to_json() == state.view(s).to_json()
                    assert {d.seat for d in other.decisions()} == {
                        d.seat for d in state.decisions()
                    }
            for d in state.decisions():
                state.apply(rng.choice(d.actions), seat=d.seat)
                steps += 1
