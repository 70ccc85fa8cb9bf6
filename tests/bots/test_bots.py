"""Bots: random and greedy finish games, greedy sees only its view, and greedy beats random."""

from __future__ import annotations

import json
from typing import Any

import pytest

from chieu.bots import Bot, GreedyChanBot, RandomBot, bot_names, get_bot, play_game
from chieu.bots.greedy import estimate_distance
from chieu.core.actions import Action
from chieu.core.errors import ChieuError, IllegalActionError
from chieu.core.rng import Rng
from chieu.core.table import load_game
from chieu.games.chan import ChanGame, Rules
from chieu.games.chan import actions as A
from chieu.games.chan.analysis import distance, waits
from chieu.games.chan.cards import KINDS


class Spy:
    """Wraps a bot and checks what it is given: a plain JSON observation, a list of actions
    and an Rng, never a State."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.calls = 0
        self.win_offered = 0
        self.win_taken = 0

    def act(self, observation: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        assert type(observation) is dict
        assert type(legal_actions) is list and legal_actions
        assert all(isinstance(a, Action) for a in legal_actions)
        assert type(rng) is Rng
        json.dumps(observation)  # only plain data: no State, no live objects
        self.calls += 1
        action = self.bot.act(observation, legal_actions, rng)
        if A.WIN in legal_actions:
            self.win_offered += 1
            self.win_taken += action == A.WIN
        return action


@pytest.mark.parametrize("mode", ["strict", "referee"])
@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize(
    "lineup",
    [("random",) * 4, ("greedy",) * 4, ("greedy", "random", "greedy"), ("random", "greedy")],
)
def test_bots_finish_games(mode: str, seed: int, lineup: tuple[str, ...]) -> None:
    rules = Rules(fault_mode=mode, players=len(lineup))
    spies = [Spy(get_bot(name, "chan")) for name in lineup]
    state = play_game("chan", rules, seed, spies)
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None
    assert len(outcome.payoffs) == len(lineup)
    assert sum(outcome.payoffs) == 0
    assert all(s.calls > 0 for s in spies)


def test_greedy_always_wins_when_offered_in_strict_mode() -> None:
    offered = 0
    for seed in range(40):
        spies = [Spy(GreedyChanBot()) for _ in range(4)]
        state = play_game("chan", Rules(fault_mode="strict"), seed, spies)
        for spy in spies:
            assert spy.win_taken == spy.win_offered
            offered += spy.win_offered
        if any(s.win_offered for s in spies):
            assert state.outcome().winner is not None
    assert offered > 20


def test_greedy_commits_no_fault_when_it_can_avoid_one() -> None:
    """Referee mode: greedy remembers its history and avoids the A6 faults."""
    faults = 0
    for seed in range(40):
        state = play_game("chan", Rules(), seed, [GreedyChanBot() for _ in range(4)])
        faults += len(state.outcome().faults)
    assert faults <= 2


def _team_points(a: str, b: str, games: int) -> tuple[int, int, int]:
    """Points of bot ``a`` in two seats against ``b`` in the other two, seats alternating
    with the seed; also the wins of each side."""
    points = wins_a = wins_b = 0
    for seed in range(games):
        off = seed % 2
        names = [a if (s + off) % 2 == 0 else b for s in range(4)]
        state = play_game(
            "chan", Rules(fault_mode="strict"), seed, [get_bot(n, "chan") for n in names]
        )
        outcome = state.outcome()
        points += int(sum(p for s, p in enumerate(outcome.payoffs) if names[s] == a))
        if outcome.winner is not None:
            if names[outcome.winner] == a:
                wins_a += 1
            else:
                wins_b += 1
    return points, wins_a, wins_b


def test_greedy_beats_random_by_points() -> None:
    points, wins_greedy, wins_random = _team_points("greedy", "random", 200)
    assert points >= 400, points  # at least 2 points a game on average
    assert wins_greedy >= 4 * max(1, wins_random)
    # The measure can fail: between equals it is near zero.
    control, *_ = _team_points("random", "random", 200)
    assert abs(control) < 400, control


def test_play_game_is_deterministic() -> None:
    def events(seed: int) -> list[str]:
        state = play_game(ChanGame, None, seed, [GreedyChanBot(), RandomBot()] * 2)
        return [json.dumps(e.to_json(), sort_keys=True) for e in state.events]

    assert events(11) == events(11)
    assert events(11) != events(12)


def test_play_game_takes_a_bound_game_a_name_or_a_preset() -> None:
    def events(game: Any, rules: Any) -> list[str]:
        state = play_game(game, rules, 5, [RandomBot(), RandomBot()])
        return [json.dumps(e.to_json(), sort_keys=True) for e in state.events]

    two = Rules(players=2)
    same = events("chan", two)
    assert events(load_game("chan", two), None) == same
    assert events(ChanGame, {"players": 2}) == same
    with pytest.raises(ChieuError, match="a bound Game carries its rules"):
        play_game(load_game("chan", two), Rules(), 5, [RandomBot(), RandomBot()])


def test_one_greedy_instance_may_serve_every_seat() -> None:
    bot = GreedyChanBot()
    for seed in range(3):  # its per-seat memory resets at each new deal
        assert play_game("chan", Rules(), seed, [bot] * 4).is_terminal()


def test_get_bot_names_and_errors() -> None:
    assert isinstance(get_bot("greedy", "chan"), GreedyChanBot)
    assert isinstance(get_bot("random", "chắn"), RandomBot)
    assert isinstance(get_bot("Greedy", ChanGame), GreedyChanBot)
    assert isinstance(get_bot("heuristic", "chan"), GreedyChanBot)
    assert get_bot("greedy", "chan").name == "heuristic"
    assert bot_names("chan") == ["random", "greedy", "heuristic", "gentle", "search", "learned"]
    assert "learned" not in bot_names("totom")  # no weights shipped for Tổ tôm
    with pytest.raises(ChieuError, match="known bots: random, greedy, heuristic, gentle, search"):
        get_bot("minimax", "chan")


def test_play_game_checks_its_bots() -> None:
    with pytest.raises(ChieuError, match="2 bots for a 4-player game"):
        play_game("chan", None, 0, [RandomBot(), RandomBot()])

    class Cheat:
        name = "cheat"

        def act(self, observation: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
            return A.WIN

    with pytest.raises(IllegalActionError, match="cheat"):
        play_game("chan", None, 0, [Cheat()] * 4)


def test_estimate_distance_is_the_exact_distance() -> None:
    rng = Rng(7, "test", "distance")
    deck = KINDS.deck()
    checked = 0
    for i in range(60):
        rng.shuffle(deck)
        groups = i % 4  # 0..3 groups already on the mat
        mat_chan = rng.randrange(groups + 1)
        hand = KINDS.counts(deck[: 19 - 2 * groups])
        if waits(hand, mat_chan).chi_rong:
            continue  # a lone CC with ≥ 6 chắn: analysis counts it as waiting, the rules do not
        assert estimate_distance(hand, mat_chan) == distance(hand, mat_chan), KINDS.format_counts(
            hand
        )
        checked += 1
    assert checked > 50


def test_greedy_picks_the_obvious_moves() -> None:
    state = ChanGame.new_state(Rules(fault_mode="strict"), 5)
    seat = state.current_player()
    assert seat is not None
    obs = state.observation(seat)
    legal = state.legal_actions(seat)
    action = GreedyChanBot().act(obs, legal, Rng(5, "bot", seat))
    assert action in legal and action.verb in ("discard", "win")
