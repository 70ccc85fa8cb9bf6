"""The views' caches (``core.viewing``, each game's ``views``) never change what a view says.

A server builds every seat's view after each action, and the views of one position share what
they can: the phase's words, the seats, the public zones, the hidden hands, each seat's
described events, kept on the state. These tests build the same views without any of it (a
clone stripped of every cache, or a state rebuilt by replaying the same actions) and compare
the JSON; they check that no seat's hand reaches another seat's view, whatever order the views
are built in, and that a state and its clone (or a re-deal) keep their own views.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from chieu.core.registry import game_names
from chieu.core.table import load_game

GAMES = tuple(game_names())
LANGS = ("vi", "en")
#: what the views keep on a state (every other cache is keyed by content)
CACHES = ("_view_cache", "_views", "_zone_views", "_hand_views", "_event_views", "_words")


def _bare(state: Any) -> Any:
    """A clone with no view cache at all: its views are built from scratch."""
    c = state.clone()
    for key in (*CACHES, "_history"):
        c.__dict__.pop(key, None)
    return c


def _json(view: Any) -> dict[str, Any]:
    """``view.to_json()``, checked against the View's own parts: a JSON kept beside the
    parts (``view.Parts``) must be theirs."""
    data: dict[str, Any] = view.to_json()
    for key in ("seats", "zones", "decisions", "events"):
        assert data[key] == [x.to_json() for x in getattr(view, key)], key
    return data


def _views(state: Any) -> dict[tuple[int | None, str], dict[str, Any]]:
    return {
        (seat, lang): _json(state.view(seat, lang))
        for lang in LANGS
        for seat in (None, *range(state.num_players))
    }


def _play(name: str, seed: int, steps: int | None = None) -> tuple[Any, list[tuple[Any, int]]]:
    """A random game (every view built after each action); the actions played."""
    game = load_game(name)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    played: list[tuple[Any, int]] = []
    while state.phase != "end" and (steps is None or len(played) < steps):
        d = rng.choice(state.decisions())
        action = d.default if rng.random() < 0.3 else rng.choice(d.actions)
        state.apply(action, d.seat)
        played.append((action, d.seat))
        _views(state)
    return state, played


def _replay(name: str, seed: int, played: list[tuple[Any, int]]) -> Any:
    state = load_game(name).new_state(seed=seed)
    for action, seat in played:
        state.apply(action, seat)
    return state


@pytest.mark.parametrize("name", GAMES)
def test_views_after_every_action_equal_views_built_from_scratch(name: str) -> None:
    for seed in (0, 1):
        game = load_game(name)
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        step = 0
        while state.phase != "end":
            d = rng.choice(state.decisions())
            state.apply(d.default if rng.random() < 0.3 else rng.choice(d.actions), d.seat)
            step += 1
            # the server's order: every seat, then a spectator; then again, cached
            seats = [*range(state.num_players), None]
            first = {s: _json(state.view(s, "vi")) for s in seats}
            again = {s: _json(state.view(s, "vi")) for s in reversed(seats)}
            assert first == again
            if step % 3 == 0 or state.phase == "end":
                assert _views(state) == _views(_bare(state)), (name, seed, step)


@pytest.mark.parametrize("name", GAMES)
def test_views_equal_those_of_a_replayed_state(name: str) -> None:
    state, played = _play(name, 2, steps=40)
    assert _views(state) == _views(_replay(name, 2, played))


@pytest.mark.parametrize("name", GAMES)
def test_no_seat_sees_another_seats_hidden_hand(name: str) -> None:
    state, _ = _play(name, 3, steps=12)
    shown = state.revealed()
    orders = [list(range(state.num_players)), list(reversed(range(state.num_players)))]
    built = []
    for order in orders:
        fresh = _bare(state)
        built.append({s: _json(fresh.view(s, "vi")) for s in order})
    assert built[0] == built[1]
    for seat, view in built[0].items():
        for z in view["zones"]:
            if z["role"] == "hand" and z["owner"] != seat and z["owner"] not in shown:
                assert z["cards"] is None, (seat, z["id"])
        own = next(z for z in view["zones"] if z["id"] == f"hand:{seat}")
        assert own["cards"] is not None and len(own["cards"]) == own["count"]
    spectator = state.view(None, "vi").to_json()
    for z in spectator["zones"]:
        if z["role"] == "hand" and z["owner"] not in shown:
            assert z["cards"] is None


@pytest.mark.parametrize("name", GAMES)
def test_a_state_and_its_clone_keep_their_own_views(name: str) -> None:
    state, played = _play(name, 4, steps=10)
    clone = state.clone()
    assert _views(clone) == _views(state)
    rng = random.Random(4)
    mine = list(played)
    theirs = list(played)
    for _ in range(6):  # each plays its own actions, viewed after each
        for st, log in ((state, mine), (clone, theirs)):
            if st.phase == "end":
                continue
            d = rng.choice(st.decisions())
            a = rng.choice(d.actions)
            st.apply(a, d.seat)
            log.append((a, d.seat))
            _views(st)
    assert _views(state) == _views(_replay(name, 4, mine))
    assert _views(clone) == _views(_replay(name, 4, theirs))


@pytest.mark.parametrize("name", GAMES)
def test_a_redeal_has_its_own_views(name: str) -> None:
    state, _ = _play(name, 5, steps=10)
    before = _views(state)
    for seat in range(state.num_players):
        world = state.resample_hidden(seat, 7)
        assert _views(world) == _views(_bare(world))
        mine = world.view(seat, "vi").to_json()
        assert mine["zones"] == state.view(seat, "vi").to_json()["zones"]  # what seat saw
    assert _views(state) == before


@pytest.mark.parametrize("name", GAMES)
def test_a_reader_changing_a_decision_changes_no_other_view(name: str) -> None:
    state, _ = _play(name, 6, steps=5)
    d = state.decisions()[0]
    view = state.view(d.seat, "vi").to_json()
    assert view["decisions"]
    for x in view["decisions"]:
        x["deadline"] = 12.5  # what a server does to the dicts it pushes
    again = state.view(d.seat, "vi").to_json()
    assert all(x["deadline"] is None for x in again["decisions"])
    assert again["zones"] is not view["zones"] and again["events"] is not view["events"]
