"""The search bot: worlds consistent with the observation, no access to hidden cards, budgets,
no faults it can avoid, and whole games."""

from __future__ import annotations

import json
from typing import Any

import pytest

from chieu.bots import SearchBot, get_bot, play_game
from chieu.bots.search import ActionValue, decide
from chieu.core.actions import Action
from chieu.core.errors import ChieuError
from chieu.core.rng import Rng
from chieu.games.chan import ChanGame, Rules
from chieu.games.chan import actions as A
from chieu.games.chan.worlds import ChanWorlds

PUBLIC = (
    "seat",
    "players",
    "phase",
    "live",
    "mats",
    "doors",
    "hand_sizes",
    "stock_left",
    "draws_left",
    "bao",
    "return_door",
    "opening",
    "cai_seat",
    "cai_card",
    "hand",
)


def positions(rules: Rules, seeds: range, every: int = 7) -> list[tuple[Any, int]]:
    """States along heuristic games where the seat to act has a choice."""
    out = []
    for seed in seeds:
        state = ChanGame.new_state(rules, seed)
        bots = [get_bot("heuristic", "chan") for _ in range(rules.players)]
        rng = Rng(seed, "test")
        step = 0
        while not state.is_terminal():
            seat = state.current_player()
            legal = state.legal_actions(seat)
            if len(legal) > 1 and step % every == 0 and state.phase != "announce":
                out.append((state.clone(), seat))
            state.apply(bots[seat].act(state.observation(seat), legal, rng), seat)
            step += 1
    return out


@pytest.mark.parametrize("mode", ["referee", "strict"])
def test_worlds_agree_with_the_observation(mode: str) -> None:
    rules = Rules(fault_mode=mode)
    checked = 0
    for state, seat in positions(rules, range(4)):
        obs = state.observation(seat)
        legal = state.legal_actions(seat)
        worlds = ChanWorlds(rules)
        for i in range(3):
            world = worlds.sample(obs, legal, Rng(i, "w"))
            seen = world.observation(seat)
            for key in PUBLIC:
                assert seen[key] == obs[key], key
            assert world.legal_actions(seat) == legal
            zones = world.zones()
            total = [sum(z[k] for z in zones.values()) for k in range(len(zones["stock"]))]
            assert total == [4] * len(total)  # every card exactly once
            for action in legal:
                world.clone().apply(action, seat)  # every legal action applies
        checked += 1
    assert checked >= 15


def test_a_world_plays_out_to_the_end() -> None:
    for state, seat in positions(Rules(), range(2), every=15):
        world = ChanWorlds().sample(state.observation(seat), state.legal_actions(seat), Rng(1))
        final = play_game_from(world)
        assert final.is_terminal() and sum(final.outcome().payoffs) == 0


def play_game_from(state: Any) -> Any:
    bots = [get_bot("heuristic", "chan") for _ in range(state.num_players)]
    rng = Rng(0, "rollout")
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions(seat)
        state.apply(bots[seat].act(state.observation(seat), legal, rng), seat)
    return state


def test_search_cannot_reach_hidden_cards() -> None:
    """The search bot gets only (observation, legal actions, Rng): redealing every card hidden
    from its seat changes nothing it can see, so its choice (and its whole analysis) is the
    same. It is given plain JSON data: no State, nothing that leads to one."""
    compared = 0
    for state, seat in positions(Rules(), range(3), every=11):
        other = state.resample_hidden(seat, Rng(99, "redeal"))
        assert [s.hand for s in other.seats] != [s.hand for s in state.seats]
        obs_a, obs_b = state.observation(seat), other.observation(seat)
        assert obs_a == obs_b
        json.dumps(obs_a)  # plain data only
        legal = state.legal_actions(seat)
        a = SearchBot("chan", iterations=12)
        b = SearchBot("chan", iterations=12)
        va = a.analyse(obs_a, legal, Rng(5, "bot"))
        vb = b.analyse(obs_b, other.legal_actions(seat), Rng(5, "bot"))
        assert va == vb
        compared += 1
    assert compared >= 5


class Spy:
    def __init__(self, bot: Any) -> None:
        self.bot, self.name = bot, bot.name

    def new_game(self, game: str, rules: dict[str, Any], seat: int) -> None:
        self.bot.new_game(game, rules, seat)

    def act(self, observation: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        assert type(observation) is dict and type(legal) is list and type(rng) is Rng
        json.dumps(observation)
        return self.bot.act(observation, legal, rng)


@pytest.mark.parametrize("mode", ["referee", "strict"])
def test_search_plays_whole_games_without_faults(mode: str) -> None:
    faults = 0
    for seed in range(3):
        bots = [Spy(SearchBot("chan", iterations=6)), get_bot("heuristic", "chan")] * 2
        state = play_game("chan", Rules(fault_mode=mode), seed, bots)
        assert state.is_terminal()
        faults += sum(1 for f in state.outcome().faults if f.seat in (0, 2))
    assert faults == 0


def test_iteration_budget_is_reproducible_and_millis_budget_ends() -> None:
    state, seat = positions(Rules(), range(1), every=5)[2]
    obs, legal = state.observation(seat), state.legal_actions(seat)
    runs = [SearchBot("chan", iterations=10).analyse(obs, legal, Rng(3)) for _ in range(2)]
    assert runs[0] == runs[1]
    assert sum(v.visits for v in runs[0]) >= 10
    bot = SearchBot("chan", millis=30)
    values = bot.analyse(obs, legal, Rng(3))
    assert sum(v.visits for v in values) >= 1


def test_the_gain_is_the_paired_difference_with_the_base() -> None:
    """``gain`` compares each action with the base in the worlds both were played in: where
    neither was dropped, that is the difference of their means; the base's is 0."""
    state, seat = positions(Rules(), range(1), every=5)[2]
    obs, legal = state.observation(seat), state.legal_actions(seat)
    values = SearchBot("chan", iterations=40, width=None).analyse(obs, legal, Rng(3), legal[0])
    base = next(v for v in values if v.action == legal[0])
    assert base.gain == 0.0 and base.error == 0.0
    full = [v for v in values if v is not base and v.visits == base.visits]
    assert full, "some action was played out in every world"
    for v in full:
        assert v.gain == pytest.approx(v.mean - base.mean)
    assert any(v.gain != 0.0 for v in values if v is not base)


def test_decide_keeps_the_heuristic_unless_clearly_beaten() -> None:
    h, x = A.DRAW, A.EAT[3]
    close = [ActionValue(h, 1.0, 40, 0.5), ActionValue(x, 1.4, 40, 0.5)]
    assert decide(close, h, 1.0) == h
    clear = [ActionValue(h, 1.0, 40, 0.2), ActionValue(x, 2.0, 40, 0.2)]
    assert decide(clear, h, 1.0) == x
    few = [ActionValue(h, 1.0, 3, 0.0), ActionValue(x, 9.0, 3, 0.0)]
    assert decide(few, h, 2.0, min_pairs=6) == h  # three pairs prove nothing


def test_the_search_looks_at_the_heuristics_best_throws() -> None:
    from chieu.bots import GreedyChanBot

    for state, seat in positions(Rules(), range(2), every=5):
        if state.phase != "discard":
            continue
        obs, legal = state.observation(seat), state.legal_actions(seat)
        order = GreedyChanBot().ranked(obs, legal, Rng(1))
        assert sorted(order, key=legal.index) == legal  # every action once
        assert order[0] == GreedyChanBot().act(obs, legal, Rng(1))
        bot = SearchBot("chan", iterations=8, width=2)
        values = bot.analyse(obs, legal, Rng(2), order[0], order)
        assert {v.action for v in values} <= set(order[:2])


def test_search_budget_names() -> None:
    bot = get_bot("search:25ms", "chan")
    assert isinstance(bot, SearchBot) and bot.millis == 25 and bot.iterations is None
    bot = get_bot("search:40", "chan")
    assert isinstance(bot, SearchBot) and bot.iterations == 40
    with pytest.raises(ChieuError, match="bad search budget"):
        get_bot("search:fast", "chan")
    # every edge gets the bounds (the server's rooms and `chieu play --bots` call get_bot)
    with pytest.raises(ChieuError, match="at most 1,000,000 playouts"):
        get_bot("search:99999999999", "chan")
    with pytest.raises(ChieuError, match="at most 600,000 ms"):
        get_bot("search:1e9ms", "phom")
    for bad in ("search:nanms", "search:infms", "search:-5", "search:" + "9" * 5000):
        with pytest.raises(ChieuError):
            get_bot(bad, "chan")


def test_the_tree_method_plays_too() -> None:
    bots = [SearchBot("chan", iterations=8, method="tree"), get_bot("heuristic", "chan")] * 2
    state = play_game("chan", Rules(), 2, bots)
    assert state.is_terminal()
    assert not [f for f in state.outcome().faults if f.seat in (0, 2)]
    with pytest.raises(ChieuError, match="unknown search method"):
        SearchBot("chan", method="minimax")


def test_rollout_policy_and_clip_default_to_the_old_search() -> None:
    """Without ``rollout_policy`` the advisor plays the playouts, and without ``clip`` a
    playout's points are the game's; with them, another bot rolls out and points are bounded."""
    plain = SearchBot("chan", iterations=2)
    assert plain.clip is None
    assert type(plain._policy()) is type(plain._fallback)
    other = SearchBot("chan", iterations=2, rollout_policy="random", clip=1.0)
    assert type(other._policy()).__name__ == "RandomBot"
    assert type(other._fallback) is type(plain._fallback)
    st = ChanGame.new_state(Rules(), 3)
    payoffs = other._rollout(st, Rng(3, "clip"))
    assert all(-1.0 <= p <= 1.0 for p in payoffs)
