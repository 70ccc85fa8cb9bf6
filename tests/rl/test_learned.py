"""The ``learned`` bot: its weights ship small and fit its features; it plays whole games with
legal actions only, from its observation, remembering its own play (Chắn)."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")

from chieu import load_game
from chieu.bots.base import Observation, play_game
from chieu.bots.learned import LearnedBot, Mlp, features_of, has_weights, load_model, weights_bytes
from chieu.bots.registry import bot_names, get_bot
from chieu.core.actions import Action
from chieu.core.errors import ChieuError
from chieu.core.registry import find_game
from chieu.core.rng import Rng

GAMES = ["phom", "chan"]


@pytest.mark.parametrize("name", GAMES)
def test_weights_ship_small_and_fit_the_features(name: str) -> None:
    assert has_weights(name) and "learned" in bot_names(name)
    data = weights_bytes(name)
    assert data is not None and len(data) <= 5_000_000  # issue 14: small enough to ship
    model = load_model(name)
    assert model is not None
    state = load_game(name).new_state(seed=1)
    seat = state.decisions()[0].seat
    obs = state.observation(seat)
    bot = LearnedBot(name)
    memory = None if bot.keeper is None else bot.keeper.recall(obs)
    assert features_of(name)(obs, memory).shape == (model.w1.shape[0],)


@pytest.mark.parametrize("name", GAMES)
def test_learned_bot_plays_legal_games(name: str) -> None:
    definition = find_game(name)
    for seed in range(3):
        bots = [LearnedBot(name), get_bot("random", definition)] * 2
        state = play_game(definition, None, seed, bots)
        assert state.is_terminal()


def test_learned_chan_bot_remembers_its_own_discards() -> None:
    """The memory its features read follows its own play, seat by seat, all game long."""
    state = load_game("chan").new_state(seed=5)
    bots = [LearnedBot("chan") for _ in range(state.num_players)]
    rng = Rng(5, "test")
    checked = 0
    while not state.is_terminal():
        decision = state.decisions()[0]
        seat = decision.seat
        bot = bots[seat]
        state.apply(bot.act(state.observation(seat), list(decision.actions), rng), seat)
        assert bot.keeper is not None
        if state.is_terminal():
            break
        memory = bot.keeper.recall(state.observation(seat))
        assert memory.discarded == set(state.seats[seat].hist.discarded)
        checked += bool(memory.discarded)
    assert checked


def _with_head(
    name: str,
    favour: int,
    by: float,
    margin: float,
    never: str = "",
    base: str = "policy",
    departures: int | None = None,
) -> LearnedBot:
    """The shipped policy with a gain head that scores ``favour`` ``by`` above every other id
    (``never``: a kind of move whose choice it never leaves), departing from ``base`` (at most
    ``departures`` times a game)."""
    import numpy as np

    model = load_model(name)
    assert model is not None
    actions = model.w2.shape[1]
    bias = np.zeros(actions, dtype=np.float32)
    bias[favour] = by
    params = model.policy()
    params |= {"g_w1": model.w1, "g_b1": model.b1, "g_w2": np.zeros_like(model.w2), "g_b2": bias}
    params |= {"g_margin": np.float32(margin), "g_width": np.int32(6)}
    params |= {"g_verbs": np.asarray([never or "none"]), "g_margins": np.asarray([np.inf])}
    params |= {"g_base": np.asarray(base)}
    if departures is not None:
        params |= {"g_departures": np.int32(departures)}
    return LearnedBot(name, Mlp(params))


def _phom_choice() -> tuple[Observation, list[Action]]:
    """A Phỏm decision with more than seven legal moves."""
    state = load_game("phom").new_state(seed=3)
    while True:
        decision = state.decisions()[0]
        if len(decision.actions) > 7:
            break
        state.apply(decision.actions[0], decision.seat)
    return state.observation(decision.seat), list(decision.actions)


def test_the_gain_head_leaves_the_policy_only_by_more_than_its_margin() -> None:
    """A head that puts an action among the policy's six first ahead by more than the margin
    makes it the choice; by less, outside those six, or where the policy's choice is of a kind
    of move whose margin is infinite, the policy's choice stands."""
    obs, legal = _phom_choice()
    model = load_model("phom")
    assert model is not None
    policy = Mlp(model.policy())
    plain = LearnedBot("phom", policy).ranked(obs, legal, Rng(1, "t"))
    ids = find_game("phom").action_space.id_of
    third, last = ids(plain[2]), ids(plain[-1])
    assert _with_head("phom", third, 2.0, 1.0).choose(obs, legal, Rng(1, "t")) == plain[2]
    assert _with_head("phom", third, 0.5, 1.0).choose(obs, legal, Rng(1, "t")) == plain[0]
    assert _with_head("phom", last, 9.0, 1.0).choose(obs, legal, Rng(1, "t")) == plain[0]
    never = _with_head("phom", third, 2.0, 1.0, never=plain[0].verb)
    assert never.choose(obs, legal, Rng(1, "t")) == plain[0]


def test_a_head_departs_at_most_its_departures_a_game() -> None:
    """``g_departures``: once the bot has left the base that many times in a game (its own
    moves, ``act``), it plays the base until the next game; a choice it only ranks (a search's
    prior) spends none. Without the key the head departs every time."""
    obs, legal = _phom_choice()
    model = load_model("phom")
    assert model is not None
    plain = LearnedBot("phom", Mlp(model.policy())).ranked(obs, legal, Rng(1, "t"))
    third = find_game("phom").action_space.id_of(plain[2])
    once = _with_head("phom", third, 2.0, 1.0, departures=1)
    assert once.choose(obs, legal, Rng(1, "t")) == plain[2]  # ranked only: nothing spent
    assert once.act(obs, legal, Rng(1, "t")) == plain[2]
    assert once.act(obs, legal, Rng(1, "t")) == plain[0]
    assert once.choose(obs, legal, Rng(1, "t")) == plain[0]
    once.new_game("phom", {}, 0)
    assert once.act(obs, legal, Rng(1, "t")) == plain[2]
    free = _with_head("phom", third, 2.0, 1.0)
    assert [free.act(obs, legal, Rng(1, "t")) for _ in range(3)] == [plain[2]] * 3


def test_the_shipped_chan_head_leaves_the_heuristic_once_a_game_at_most() -> None:
    """The learned Chắn bot (docs/measurements/expert_iteration.md, "the first departure
    only"): the heuristic's choice, left at most once a game, and left in some games."""
    model = load_model("chan")
    assert model is not None and model.base == "teacher" and model.departures == 1
    departed = []
    for seed in range(6):
        bots = [LearnedBot("chan") for _ in range(4)]
        play_game(find_game("chan"), None, seed, bots)
        departed += [bot.departed for bot in bots]
    assert max(departed) == 1 and sum(departed) >= 3, departed


def _disagreement(
    name: str, policy: LearnedBot
) -> tuple[Observation, list[Action], list[Action], Action]:
    """A discard among eight moves or more where the policy and the heuristic disagree, in
    heuristic games: the observation, the legal moves, the policy's ranking, the heuristic's
    choice."""
    heuristic = get_bot("heuristic", name)
    for seed in range(50):
        state = load_game(name).new_state(seed=seed)
        while not state.is_terminal():
            decision = state.decisions()[0]
            seat, legal = decision.seat, list(decision.actions)
            obs = state.observation(seat)
            plain = policy.ranked(obs, legal, Rng(1, "t"))
            choice = heuristic.act(obs, legal, Rng(1, "t"))
            if len(legal) > 7 and choice.verb == "discard" and plain[0] != choice:
                return obs, legal, plain, choice
            state.apply(choice, seat)
    raise AssertionError("no such discard in 50 games")


@pytest.mark.parametrize("name", GAMES)
def test_a_head_on_the_teacher_departs_from_the_heuristics_choice(name: str) -> None:
    """With ``g_base = "teacher"`` the head starts from the game's heuristic's choice (in Chắn
    the keeper itself, one memory for both) and leaves it only for one of the policy's five
    first after it, by more than the margin."""
    model = load_model(name)
    assert model is not None
    obs, legal, plain, choice = _disagreement(name, LearnedBot(name, Mlp(model.policy())))
    ids = find_game(name).action_space.id_of
    stays = _with_head(name, ids(plain[0]), 0.0, 1.0, base="teacher")
    taught = stays.choose(obs, legal, Rng(1, "t"))
    assert stays.teacher is not None
    assert (stays.teacher is stays.keeper) == (name == "chan")
    assert taught == choice
    after = [a for a in plain if a != taught]
    guard = stays.keeper if stays.keeper is not None else stays.teacher
    safe = getattr(guard, "safe", None)
    if callable(safe):
        after = safe(obs, after)
    fifth, sixth = after[4], after[5]
    assert (
        _with_head(name, ids(fifth), 2.0, 1.0, base="teacher").choose(obs, legal, Rng(1, "t"))
        == fifth
    )
    assert (
        _with_head(name, ids(sixth), 9.0, 1.0, base="teacher").choose(obs, legal, Rng(1, "t"))
        == taught
    )
    assert (
        _with_head(name, ids(fifth), 0.5, 1.0, base="teacher").choose(obs, legal, Rng(1, "t"))
        == taught
    )


def test_a_head_names_a_base_it_knows() -> None:
    import numpy as np

    model = load_model("phom")
    assert model is not None
    with pytest.raises(ChieuError, match="teacher"):
        Mlp(model.policy() | {"g_base": np.asarray("search")})
