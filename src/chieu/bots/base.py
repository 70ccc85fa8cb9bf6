"""The Bot protocol (``chieu.core.bot``) and ``play_game``, the loop that lets bots play a
whole game.

A bot sees exactly what a person at the table sees: ``state.observation(seat)``, the list
``state.legal_actions(seat)`` and its own random stream ``Rng(seed, "bot", seat)``. It never
receives the State, so it cannot peek at other hands or the nọc.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from chieu.core.actions import Action
from chieu.core.bot import Bot as Bot  # re-exported: the Bot protocol lives in core
from chieu.core.bot import bot_rng as bot_rng
from chieu.core.decisions import Decision
from chieu.core.driver import play
from chieu.core.errors import ChieuError, IllegalActionError
from chieu.core.protocol import Observation as Observation  # what a bot sees
from chieu.core.rng import Rng
from chieu.core.rules import RulesBase
from chieu.core.table import Game, RulesLike, load_game

if TYPE_CHECKING:
    from chieu.core.protocol import GameDefinition, State


def observed_seat(observation: Mapping[str, object]) -> int:
    """The seat an observation is of (TypeError for a spectator's, which has none)."""
    seat = observation["seat"]
    if not isinstance(seat, int):
        raise TypeError(f"an observation of seat {seat!r}: a bot's has a seat")
    return seat


def start_bots(game: GameDefinition, rules: RulesBase, bots: Sequence[Bot]) -> None:
    """Tell each bot that has a ``new_game(game, rules_json, seat)`` hook that a game starts
    (the rules are public: every player knows them). Optional for a bot."""
    rules_json = game.rules_to_json(rules)
    for seat, bot in enumerate(bots):
        hook = getattr(bot, "new_game", None)
        if callable(hook):
            hook(game.name, dict(rules_json), seat)


def end_bots(state: State, bots: Sequence[Bot]) -> None:
    """Call the optional ``end_game(outcome_json)`` hook of each bot (once per bot)."""
    outcome = state.outcome()
    data = None if outcome is None else outcome.to_json()
    done: set[int] = set()
    for bot in bots:
        hook = getattr(bot, "end_game", None)
        if callable(hook) and id(bot) not in done:
            done.add(id(bot))
            hook(data)


def play_game(
    game: str | Game | GameDefinition,
    rules: RulesLike,
    seed: int,
    bots: Sequence[Bot],
    setup: Mapping[str, object] | None = None,
    *,
    max_steps: int | None = None,
) -> State:
    """Play one complete game with ``bots[seat]`` in every seat and return the final state.

    ``game`` is a bound ``Game`` (``chieu.load_game``; then ``rules`` is None), a name
    (``"chan"``) or a game class; ``rules`` a Rules value, a preset name, a JSON mapping or
    None (the defaults). Every pending decision goes to its seat's bot. A bot that returns an
    action outside ``legal_actions`` is a programming error (IllegalActionError).
    """
    if isinstance(game, Game):
        if rules is not None and rules is not game.rules:
            raise ChieuError("play_game: a bound Game carries its rules; pass rules=None")
        bound = game
    else:
        bound = load_game(game, rules)
    definition, rules = bound.definition, bound.rules
    state = bound.new_state(seed, setup=setup)
    if len(bots) != state.num_players:
        raise ChieuError(f"{len(bots)} bots for a {state.num_players}-player game")
    rngs = [bot_rng(seed, seat) for seat in range(state.num_players)]
    start_bots(definition, rules, bots)
    try:
        _run(state, definition, rules, bots, rngs, max_steps)
    finally:
        end_bots(state, bots)
    return state


def _run(
    state: State,
    game: GameDefinition,
    rules: RulesBase,
    bots: Sequence[Bot],
    rngs: list[Rng],
    max_steps: int | None,
) -> None:
    limit = max_steps if max_steps is not None else 4 * game.info(rules).max_game_length

    def choose(st: State, d: Decision) -> Action:
        legal = list(d.actions)
        action = bots[d.seat].act(st.observation(d.seat), legal, rngs[d.seat])
        if action not in legal:
            raise IllegalActionError(
                f"bot {bots[d.seat].name!r} in seat {d.seat} chose {action!r}, which is not legal"
            )
        return action

    play(state, choose, max_steps=limit + 1, fast=False)
    if not state.is_terminal():
        raise ChieuError(f"the game did not end within {limit} actions ({state!r})")
