"""Counterfactual deals: what a seat sees must not change when only cards hidden from it do.

``resample_hidden`` re-deals the hidden cards of a state but keeps its history, so it cannot
catch a leak through the event log. Here the *deal* changes instead: two cards of the recorded
deck swap places and the same actions are replayed on both games. While seat ``s`` holds the
same cards, sees the same cards everywhere else and waits on the same seat, its observation and
its redacted events must be identical in both games.

``KNOWN_LEAKS`` lists what a game is known to show although it depends on hidden cards (found
by this test and reported); those keys and event types are left out of the comparison, and
``test_known_leaks_are_still_there`` fails once one of them is gone, so that its entry is
deleted and the comparison covers it again.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chieu.core.errors import IllegalActionError
from chieu.core.events import Event, seat_history
from chieu.core.record import GameRecord

from ._support import CONFIGS, GAMES, Config, config_id, examples, playout

SEEDS = st.integers(0, 2**32 - 1)
CHOICES = st.randoms(use_true_random=False)

#: game -> ``obs:<key>`` or ``event:<type>`` -> why it depends on hidden cards.
KNOWN_LEAKS: dict[str, dict[str, str]] = {
    "chan": {
        "obs:faults": "referee mode announces faults (with card names) that only the "
        "offender's hidden hand proves, e.g. ăn treo tranh, xé cạ",
        "obs:bao": "a báo follows such a fault",
        "obs:asked": "a báo'd seat is not asked in a claim window: same as obs:bao",
        "event:fault": "the fault events behind obs:faults",
        "event:bao": "the báo events behind obs:bao",
        "obs:outcome": "the settlement lists those faults and their penalties",
        "event:end": "the end event carries that settlement",
    },
}


def _leaks(game: Any) -> tuple[set[str], set[str]]:
    known = KNOWN_LEAKS.get(game.name, {})
    keys = {k.removeprefix("obs:") for k in known if k.startswith("obs:")}
    types = {k.removeprefix("event:") for k in known if k.startswith("event:")}
    return keys, types


def _visible(state: Any, seat: int | None) -> dict[str, list[int]]:
    hidden = state.hidden_from(seat)
    return {z: list(c) for z, c in state.zones().items() if z not in hidden}


def _redacted(events: list[Event], seat: int | None, skip: set[str]) -> list[str]:
    """The events as ``seat`` knows them (another seat's private answers leave no trace)."""
    return [
        json.dumps(e.to_json(), sort_keys=True)
        for e in seat_history(events, seat)
        if e.type not in skip
    ]


Report = Callable[[str], None]


def compare_deals(
    cfg: Config,
    seed: int,
    deck: list[int],
    swap: tuple[int, int],
    actions: list[Any],
    report: Report,
) -> int:
    """Replay ``actions`` on the deal and on the deal with two cards swapped; for every seat
    that cannot tell them apart by its cards, assert it sees the same. Differences in known
    leaks go to ``report``. Returns the number of (step, seat) comparisons made."""
    keys, types = _leaks(cfg.game)
    i, j = swap
    other = list(deck)
    other[i], other[j] = other[j], other[i]
    a = cfg.game.new_state(cfg.rules, seed, deal=deck)
    b = cfg.game.new_state(cfg.rules, seed, deal=other)
    seats: list[int | None] = [*range(a.num_players), None]
    seen = {s: (0, 0) for s in seats}  # events of a and of b compared so far, per seat
    compared = 0
    for step in range(len(actions) + 1):
        for s in list(seats):
            if _visible(a, s) != _visible(b, s) or a.current_player() != b.current_player():
                seats.remove(s)  # the seat could now tell the games apart: no claim on it
                continue
            oa, ob = a.observation(s), b.observation(s)
            for key in sorted(set(oa) | set(ob)):
                if oa.get(key) != ob.get(key):
                    assert key in keys, (
                        f"{cfg.id} seed {seed} swap {swap} step {step}: seat {s} sees "
                        f"observation[{key!r}] change with cards hidden from it"
                    )
                    report(f"obs:{key}")
            new_a, new_b = a.events[seen[s][0] :], b.events[seen[s][1] :]
            ea, eb = _redacted(new_a, s, types), _redacted(new_b, s, types)
            assert ea == eb, (
                f"{cfg.id} seed {seed} swap {swap} step {step}: seat {s}'s events differ "
                f"with cards hidden from it: {ea[:3]} vs {eb[:3]}"
            )
            for t in types:
                only = types - {t}
                if _redacted(new_a, s, only) != _redacted(new_b, s, only):
                    report(f"event:{t}")
            seen[s] = (len(a.events), len(b.events))
            compared += 1
        if step == len(actions) or not seats:
            break
        seat, action = actions[step]
        try:
            b.apply(action, seat)
        except IllegalActionError:
            break  # the swapped cards changed what is legal: the games part here
        a.apply(action, seat)
    return compared


def _record(cfg: Config, seed: int, rnd: random.Random) -> tuple[list[int], list[Any]]:
    state = cfg.new_state(seed)
    actions = [(step.seat, step.action) for step in playout(cfg, state, rnd)]
    deck = GameRecord.from_state(state).deal()
    assert deck is not None, "the record has no deal event with the deck"
    return deck, actions


def _swaps(deck: list[int], rnd: random.Random, n: int) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    while len(out) < n:
        i, j = rnd.sample(range(len(deck)), 2)
        if deck[i] != deck[j]:
            out.append((i, j))
    return out


@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
@examples(3)
@given(seed=SEEDS, rnd=CHOICES)
def test_seats_cannot_see_cards_hidden_from_them(
    cfg: Config, seed: int, rnd: random.Random
) -> None:
    deck, actions = _record(cfg, seed, rnd)
    compared = 0
    for swap in _swaps(deck, rnd, 3):
        compared += compare_deals(cfg, seed, deck, swap, actions, lambda _: None)
    assert compared > 0


@functools.cache
def _leaks_seen(game: Any) -> frozenset[str]:
    """The known leaks a deterministic sweep shows (it stops once it has seen them all)."""
    wanted = set(KNOWN_LEAKS.get(game.name, {}))
    found: set[str] = set()
    for cfg in (c for c in CONFIGS if c.game is game):
        for seed in range(30):
            rnd = random.Random(seed)
            deck, actions = _record(cfg, seed, rnd)
            for swap in _swaps(deck, rnd, 6):
                compare_deals(cfg, seed, deck, swap, actions, found.add)
            if wanted <= found:
                return frozenset(found)
    return frozenset(found)


@pytest.mark.parametrize(
    ("game", "leak"),
    [(g, leak) for g in GAMES for leak in KNOWN_LEAKS.get(g.name, {})],
    ids=lambda x: x if isinstance(x, str) else x.name,
)
def test_known_leaks_are_still_there(game: Any, leak: str) -> None:
    """Fails when a known leak is gone: delete its KNOWN_LEAKS entry then."""
    assert leak in _leaks_seen(game), f"{game.name} no longer shows {leak}: delete the entry"
