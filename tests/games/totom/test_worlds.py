"""``TotomGame.state_from_observation``: sampled worlds the search bot plays in."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chieu.bots import bot_names, get_bot, play_game
from chieu.core.actions import Action
from chieu.core.errors import ChieuError
from chieu.core.rng import Rng
from chieu.games.totom import PRESETS, TotomGame
from chieu.games.totom.cards import KINDS
from chieu.games.totom.rules import Rules
from chieu.games.totom.state import TotomState


def _world(state: TotomState, salt: int = 0) -> tuple[TotomState, dict[str, Any], list[Action]]:
    seat = state.current_player()
    assert seat is not None
    obs = state.observation(seat)
    legal = state.legal_actions(seat)
    world = TotomGame.state_from_observation(obs, legal, Rng(salt, "world"), state.rules)
    return world, obs, legal


def _check(state: TotomState, salt: int = 0) -> TotomState:
    """The world keeps the seat's observation and legal actions and conserves the cards."""
    world, obs, legal = _world(state, salt)
    seat = obs["seat"]
    total = [sum(c) for c in zip(*world.zones().values(), strict=True)]
    assert total == KINDS.full_counts()
    for zone in ("stock", "set_aside", *(f"hand:{s}" for s in range(state.num_players))):
        assert sum(world.zones()[zone]) == sum(state.zones()[zone]), zone
    assert seat in {d.seat for d in world.decisions()}
    assert world.legal_actions(seat) == legal
    assert world.observation(seat) == obs
    return world


def _play_to(rules: Rules, seed: int, steps: int) -> TotomState:
    state = TotomGame.new_state(rules, seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rnd.choice(state.legal_actions()))
    return state


def test_search_bot_is_offered_for_totom() -> None:
    assert "search" in bot_names("totom")
    assert get_bot("search:4", "tổ tôm").name == "search"


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_worlds_along_random_games(preset: str) -> None:
    rules = PRESETS[preset]
    phases: set[str] = set()
    for seed in range(2):
        state = TotomGame.new_state(rules, seed)
        rnd = random.Random(seed)
        step = 0
        while not state.is_terminal():
            world = _check(state, step)
            phases.add(world.phase)
            action = rnd.choice(state.legal_actions())
            world.apply(action, state.current_player())  # the world accepts the same move
            state.apply(action)
            step += 1
    assert {"arrange", "claim", "decide", "discard"} <= phases


@settings(max_examples=80, deadline=None)
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    seed=st.integers(0, 2**31),
    steps=st.integers(0, 90),
    salt=st.integers(0, 2**31),
)
def test_world_property(preset: str, seed: int, steps: int, salt: int) -> None:
    state = _play_to(PRESETS[preset], seed, steps)
    if state.is_terminal():
        return
    world = _check(state, salt)
    seat = state.current_player()
    assert seat is not None
    # hidden cards only: the seat's own cards, the mats and the doors are the real ones
    assert world.seats[seat].hand == state.seats[seat].hand
    assert world.seats[seat].down == state.seats[seat].down
    assert [s.mat for s in world.seats] == [s.mat for s in state.seats]
    assert [s.door for s in world.seats] == [s.door for s in state.seats]
    # what the public record rules out: a hidden quad once the first card was shown
    if world.first_shown:
        assert all(max(world.seats[s].hand) <= 3 for s in range(world.num_players) if s != seat)
    # the world plays on to the end
    rnd = random.Random(salt)
    while not world.is_terminal():
        world.apply(rnd.choice(world.legal_actions()))
    out = world.outcome()
    assert out is not None and abs(sum(out.payoffs)) < 1e-9


def test_hidden_cards_are_dealt_at_random() -> None:
    state = _play_to(Rules(), 3, 40)
    seat = state.current_player()
    assert seat is not None
    worlds = [_check(state, salt) for salt in range(6)]
    others = {tuple(tuple(w.seats[s].hand) for s in range(5) if s != seat) for w in worlds}
    assert len(others) > 1
    assert len({tuple(w.stock) for w in worlds}) > 1


def test_world_in_the_call_phase() -> None:
    """Declared hô: the winner's world is rebuilt by replaying his ù (same cước, same calls)."""
    rules = Rules(ho="declared")
    for seed in range(12):
        state = TotomGame.new_state(rules, seed)
        bots = [get_bot("heuristic", "totom") for _ in range(5)]
        step = 0
        while not state.is_terminal() and state.phase != "call":
            seat = state.current_player()
            assert seat is not None
            legal = state.legal_actions()
            state.apply(bots[seat].act(state.observation(seat), legal, Rng(seed, step)))
            step += 1
        if state.phase == "call":
            break
    assert state.phase == "call", "no heuristic game reached a declared call"
    world = _check(state)
    assert world.hits == state.hits and world.winner == state.winner
    calls = [a for a in state.legal_actions() if a.verb == "call"]
    if calls:
        state.apply(calls[0])
        world = _check(state)
    done = next(a for a in state.legal_actions() if a.verb == "call_done")
    world.apply(done)
    state.apply(done)
    assert world.outcome() is not None and state.outcome() is not None
    assert world.outcome().score == state.outcome().score  # type: ignore[union-attr]


def test_a_claim_window_asks_the_others_afresh() -> None:
    """A claim answer after other seats answered: their answers are private, so the world
    asks every seat the window asks again, with the options its sampled hand allows, and the
    seat with exactly its own legal actions."""
    found = 0
    for seed in range(6):
        state = TotomGame.new_state(None, seed)
        rnd = random.Random(seed)
        while not state.is_terminal():
            window = state.window
            if window is not None and window.answers:
                seat = state.current_player()
                assert seat is not None
                world = _check(state, seed)
                assert world.window is not None and world.window.asked == window.asked
                assert world.window.answers == {}
                assert world.window.options[seat] == tuple(state.legal_actions(seat))
                found += 1
            state.apply(rnd.choice(state.legal_actions()))
    assert found


def test_bad_observation_is_a_chieu_error() -> None:
    state = _play_to(Rules(), 1, 30)
    _, obs, legal = _world(state)
    with pytest.raises(ChieuError):
        TotomGame.state_from_observation({**obs, "phase": "waiting"}, legal, Rng(0), None)
    with pytest.raises(ChieuError):
        TotomGame.state_from_observation(
            {**obs, "hand_sizes": [s + 1 for s in obs["hand_sizes"]]}, legal, Rng(0), None
        )
    for gone in (7, [[(99, True)]] * 5, [[("x", True)]] * 5, [[]] * 4):
        with pytest.raises(ChieuError, match="gone"):
            TotomGame.state_from_observation({**obs, "gone": gone}, legal, Rng(0), None)


def test_search_plays_whole_games() -> None:
    """``search:4`` (a tiny budget) in two seats: whole games with no illegal action."""
    for rules, seed in ((Rules(), 0), (PRESETS["bi_tu"], 1)):
        n = rules.players
        bots = [get_bot("search:4" if s == 1 else "heuristic", "totom") for s in range(n)]
        state = play_game(TotomGame, rules, seed, bots)  # an illegal action would raise
        out = state.outcome()
        assert out is not None and abs(sum(out.payoffs)) < 1e-9


def test_gone_is_what_left_each_hand() -> None:
    """``gone`` (public): the cards that left each hand, in order, the given-up ones being the
    seat's discards: the hand it was dealt is its hand now and every card gone."""
    for seed in range(3):
        state = TotomGame.new_state(None, seed)
        dealt = [list(s.hand) for s in state.seats]
        rnd = random.Random(seed)
        while not state.is_terminal():
            state.apply(rnd.choice(state.legal_actions()))
            if state.winner is not None:
                break
            obs = state.observation(None)
            for s, seat in enumerate(state.seats):
                back = list(seat.hand)
                for k, _ in obs["gone"][s]:
                    back[k] += 1
                assert back == dealt[s]
                given = [k for k, g in obs["gone"][s] if g]
                assert given == [
                    e.data["card"] for e in state.events if e.type == "discard" and e.actor == s
                ]


def test_shipped_search_is_the_measured_one_on_any_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """``search`` in Tổ tôm is the bot of the 2,000-deal duel (docs/measurements/
    totom_winners.md): 20 playouts a decision, whatever the clock says, so a slow machine plays
    the same moves as the one it was measured on."""
    state = TotomGame.new_state(Rules(), 3)
    heuristic = get_bot("heuristic", "totom")
    while True:  # the first decision with a choice
        seat = state.current_player()
        assert seat is not None
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            break
        state.apply(heuristic.act(state.observation(seat), legal, Rng(0)))
    obs = state.observation(seat)

    def choose() -> tuple[Action, list[int]]:
        bot = get_bot("search", "totom")
        action = bot.act(obs, legal, Rng(7))
        return action, [v.visits for v in bot.last]  # type: ignore[attr-defined]

    fast = choose()
    ticks = iter(range(10**9))  # a clock that moves a whole second at every look
    monkeypatch.setattr("chieu.bots.search.time.perf_counter", lambda: float(next(ticks)))
    slow = choose()
    assert slow == fast
    playouts = sum(fast[1])  # the budget is spent world by world, every live action in each
    assert 20 <= playouts < 20 + len(fast[1])
