"""``gentle``: the level ``Dễ`` (easy). The game's heuristic, except that at about one
decision in three (``slip``) it plays another legal action at random, as a newcomer does: a
claim let go, another card thrown than the one it meant to throw.

It never commits a fault where the game's worlds can be built (``chieu.bots.worlds``: one
world sampled from the seat's own observation says which actions would, as the search bot's
root does), and never turns down a win (an action the heuristic takes to end the game is not
slipped). Without worlds, the heuristic decides.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, cast

from chieu.bots.base import observed_seat
from chieu.bots.worlds import Worlds, commits_fault, worlds_for
from chieu.core.actions import Action
from chieu.core.bot import Bot
from chieu.core.errors import ChieuError
from chieu.core.rng import Rng

SLIP = 0.35
#: a slip lets a chance go (a claim not made, a card drawn instead): it never claims what the
#: heuristic would not, which could start a fault the turn after (a pair torn to eat)
LET_GO = frozenset({"pass", "decline", "draw"})


def _slip_to(meant: Action, other: Action) -> bool:
    """Whether a slip from ``meant`` may play ``other``: another card thrown, or a chance let
    go."""
    return other.verb in LET_GO or other.verb == meant.verb == "discard"


class _Keeper(Protocol):
    """A heuristic that remembers its own play: ``act`` = ``choose`` + ``remember``."""

    def choose(
        self, observation: Mapping[str, object], legal: list[Action], rng: Rng
    ) -> Action: ...
    def remember(
        self, observation: Mapping[str, object], legal: list[Action], action: Action
    ) -> None: ...


class GentleBot:
    name = "gentle"

    def __init__(self, game: str, heuristic: Callable[[], Bot], slip: float = SLIP) -> None:
        self.game = game
        self.base = heuristic()
        keeps = callable(getattr(self.base, "choose", None)) and callable(
            getattr(self.base, "remember", None)
        )
        self.keeper: _Keeper | None = cast(_Keeper, self.base) if keeps else None
        self.slip = slip
        factory = worlds_for(game)
        self.worlds: Worlds | None = factory() if factory is not None else None

    def new_game(self, game: str, rules: Mapping[str, object], seat: int) -> None:
        if self.worlds is not None:
            self.worlds.set_rules(rules)
        hook = getattr(self.base, "new_game", None)
        if callable(hook):
            hook(game, rules, seat)

    def end_game(self, outcome: Any) -> None:
        hook = getattr(self.base, "end_game", None)
        if callable(hook):
            hook(outcome)

    def act(self, observation: Mapping[str, object], legal: list[Action], rng: Rng) -> Action:
        # a heuristic with a memory of its own play chooses, then remembers what was played
        keeper = self.keeper
        if keeper is not None:
            choice = keeper.choose(observation, legal, rng)
        else:
            choice = self.base.act(observation, legal, rng)
        if len(legal) > 1 and self.worlds is not None:
            choice = self._gentle(observation, legal, choice, rng)
        if self.worlds is not None:
            self.worlds.chose(observation, legal, choice)
        if keeper is not None:
            keeper.remember(observation, legal, choice)
        return choice

    def _gentle(
        self, observation: Mapping[str, object], legal: list[Action], meant: Action, rng: Rng
    ) -> Action:
        """``meant``, or at a slip another fault-free action at random. After a slip the
        heuristic may be somewhere it never goes by itself, where its choice could commit a
        fault (a chắn torn by a slip, then its other card thrown): then the first fault-free
        action it ranks. A win (``meant`` ends the game) is never let go."""
        assert self.worlds is not None
        try:
            world = self.worlds.sample(observation, legal, rng)
        except ChieuError:
            return meant  # a phase the worlds cannot rebuild
        seat = observed_seat(observation)
        safe = [a for a in legal if not commits_fault(world, seat, a)]
        if not safe:
            return meant
        after = world.clone()
        after.apply(meant, seat)
        if meant in safe and after.is_terminal():
            return meant
        if meant in safe and rng.random() >= self.slip:
            return meant
        others = [a for a in safe if a != meant and _slip_to(meant, a)]
        if meant in safe:
            return rng.choice(others) if others else meant
        ranked = getattr(self.base, "ranked", None)
        order: list[Action] = ranked(observation, legal, rng) if callable(ranked) else []
        return next((a for a in order if a in safe), rng.choice(safe))

    def __repr__(self) -> str:
        return f"GentleBot({self.game!r}, slip={self.slip})"
