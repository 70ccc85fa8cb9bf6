"""``PhomGame.state_from_observation`` (``worlds.from_observation``): sampled worlds the search
bot can play in."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chieu.bots import SearchBot, get_bot, play_game
from chieu.core.actions import Action
from chieu.core.errors import ChieuError
from chieu.core.rng import Rng
from chieu.games.phom import actions as A
from chieu.games.phom import analysis as an
from chieu.games.phom.cards import cards_of
from chieu.games.phom.game import PhomGame
from chieu.games.phom.rules import PRESETS, Rules
from chieu.games.phom.state import PhomState

PRESET_NAMES = sorted(PRESETS)


def _rules(preset: str, players: int) -> Rules:
    return Rules.from_json({**PRESETS[preset].to_json(), "players": players})


def _position(rules: Rules, seed: int, steps: int, rnd: random.Random) -> PhomState | None:
    """A state after ``steps`` moves (heuristic or random, by ``rnd``); None if it ended."""
    state = PhomGame.new_state(rules, seed)
    bots = [get_bot("heuristic", "phom") for _ in range(rules.players)]
    rng = Rng(seed, "pos")
    for _ in range(steps):
        if state.is_terminal():
            return None
        seat = state.current_player()
        assert seat is not None
        legal = state.legal_actions(seat)
        if rnd.random() < 0.5:
            action = rnd.choice(legal)
        else:
            action = bots[seat].act(state.observation(seat), legal, rng)
        state.apply(action, seat)
    return None if state.is_terminal() else state


def _check_world(state: PhomState, world: PhomState, seat: int) -> None:
    obs = state.observation(seat)
    assert world.observation(seat) == obs
    assert world.legal_actions(seat) == state.legal_actions(seat)
    assert world.current_player() == state.current_player()
    # card conservation: every card in exactly one zone
    totals = [sum(col) for col in zip(*world.zones().values(), strict=True)]
    assert totals == [1] * 52
    for w, s in zip(world.seats, state.seats, strict=True):
        assert w.hand.bit_count() == s.hand.bit_count()
        assert w.eaten & s.hand == w.eaten & w.hand
    assert len(world.stock) == len(state.stock)
    assert world.seats[seat].hand == state.seats[seat].hand


@settings(max_examples=60, deadline=None)
@given(
    preset=st.sampled_from(PRESET_NAMES),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(0, 80),
    rnd=st.randoms(use_true_random=False),
)
def test_sampled_world_matches_the_observation(
    preset: str, players: int, seed: int, steps: int, rnd: random.Random
) -> None:
    rules = _rules(preset, players)
    state = _position(rules, seed, steps, rnd)
    if state is None:
        return
    seat = state.current_player()
    assert seat is not None
    obs, legal = state.observation(seat), state.legal_actions(seat)
    for k in range(3):
        world = PhomGame.state_from_observation(obs, legal, Rng(seed, "world", k), rules)
        _check_world(state, world, seat)
        # the world plays on: one legal move of the seat, then random play to the end
        action = rnd.choice(legal)
        world.apply(action, seat)
        while not world.is_terminal():
            p = world.current_player()
            assert p is not None
            world.apply(rnd.choice(world.legal_actions(p)), p)
        assert world.outcome() is not None


def test_worlds_along_whole_games_every_preset() -> None:
    n = 0
    for preset in PRESET_NAMES:
        for players in (2, 4):
            rules = _rules(preset, players)
            for seed in range(2):
                state = PhomGame.new_state(rules, seed)
                rnd = random.Random(seed)
                while not state.is_terminal():
                    seat = state.current_player()
                    assert seat is not None
                    legal = state.legal_actions(seat)
                    obs = state.observation(seat)
                    world = PhomGame.state_from_observation(obs, legal, Rng(seed, n), rules)
                    _check_world(state, world, seat)
                    n += 1
                    state.apply(rnd.choice(legal), seat)
    assert n > 200


def test_hidden_cards_are_dealt_again() -> None:
    state = PhomGame.new_state(Rules(), 5)
    seat = state.current_player()
    assert seat is not None
    obs, legal = state.observation(seat), state.legal_actions(seat)
    worlds = [PhomGame.state_from_observation(obs, legal, Rng(5, k), Rules()) for k in range(8)]
    assert len({tuple(s.hand for s in w.seats) for w in worlds}) > 1
    assert len({tuple(w.stock) for w in worlds}) > 1
    assert all(w.seats[seat].hand == state.seats[seat].hand for w in worlds)


def test_eaten_cards_stay_in_hand_and_keep_their_phom() -> None:
    """An opponent who ate a card and has not laid down keeps it, with (nearly always) two
    cards that make a phỏm with it."""
    kept = total = 0
    for seed in range(12):
        rules = Rules()
        state = PhomGame.new_state(rules, seed)
        bots = [get_bot("heuristic", "phom") for _ in range(4)]
        rng = Rng(seed, "eat")
        while not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            legal = state.legal_actions(seat)
            obs = state.observation(seat)
            world = PhomGame.state_from_observation(obs, legal, Rng(seed, total), rules)
            for s, (mine, theirs) in enumerate(zip(state.seats, world.seats, strict=True)):
                ate = mine.eaten & mine.hand
                if s != seat and ate and not mine.laid:
                    assert theirs.hand & ate == ate
                    total += 1
                    kept += an.invariant_ok(theirs.hand, theirs.eaten)
            state.apply(bots[seat].act(obs, legal, rng), seat)
    assert total > 20
    assert kept >= 0.8 * total


def test_the_public_turn_state_is_in_the_observation() -> None:
    state = PhomGame.new_state(Rules(allow_u_khan=True), 1)
    obs = state.observation(0)
    assert obs["khan_queue"] == [0, 1, 2, 3]
    assert obs["stage"] == "start" and obs["must_lay"] == -1 and obs["chot_from"] == -1
    assert {"laydown_turn", "turn_sent", "first_turns"} <= set(obs)


def test_an_inconsistent_observation_is_refused() -> None:
    state = PhomGame.new_state(Rules(), 2)
    seat = state.current_player()
    assert seat is not None
    obs, legal = state.observation(seat), state.legal_actions(seat)
    with pytest.raises(ChieuError, match="stock"):
        PhomGame.state_from_observation({**obs, "stock_left": 3}, legal, Rng(1), Rules())
    with pytest.raises(ChieuError, match="players"):
        PhomGame.state_from_observation(obs, legal, Rng(1), Rules(players=3))
    other = [a for a in (A.DRAW, A.EAT, A.PASS, A.WIN) if a not in legal][:1]
    with pytest.raises(ChieuError, match="legal"):
        PhomGame.state_from_observation(obs, other, Rng(1), Rules())


class _Counting:
    """A SearchBot whose searches are counted (a world that cannot be built would make the
    bot fall back on its heuristic silently)."""

    def __init__(self, bot: SearchBot) -> None:
        self.bot = bot
        self.searches = 0
        self.failures = 0
        inner = bot.analyse

        def analyse(*args: Any, **kwargs: Any) -> Any:
            self.searches += 1
            try:
                return inner(*args, **kwargs)
            except ChieuError:
                self.failures += 1
                raise

        bot.analyse = analyse  # type: ignore[method-assign]

    def new_game(self, game: str, rules: Any, seat: int) -> None:
        self.bot.new_game(game, rules, seat)

    def act(self, observation: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        assert observation["seat"] is not None
        action = self.bot.act(observation, legal, rng)
        assert action in legal
        return action


@pytest.mark.parametrize("players", [2, 4])
def test_search_plays_whole_games(players: int) -> None:
    spies = [_Counting(get_bot("search:4", "phom")) for _ in range(players // 2)]  # type: ignore[arg-type]
    for seed in range(2):
        bots: list[Any] = []
        for i in range(players):
            bots.append(spies[i // 2] if i % 2 == 0 else get_bot("heuristic", "phom"))
        state = play_game("phom", Rules(players=players), seed, bots)
        assert state.is_terminal()
        assert abs(sum(state.outcome().payoffs)) < 1e-9
    assert sum(s.searches for s in spies) > 5
    assert sum(s.failures for s in spies) == 0


def test_search_bot_exists_for_phom() -> None:
    bot = get_bot("search", "phom")
    assert isinstance(bot, SearchBot)
    state = PhomGame.new_state(Rules(), 3)
    seat = state.current_player()
    assert seat is not None
    obs, legal = state.observation(seat), state.legal_actions(seat)
    values = SearchBot("phom", iterations=8).analyse(obs, legal, Rng(3))
    assert values and all(v.action in legal for v in values)
    assert cards_of(state.seats[seat].hand) == obs["hand"]
