"""Worlds: full States consistent with one seat's observation, for the search bot.

A game supports the search bot when chieu can build such a State (a *determinization*) from
what a seat sees. Two ways, in order:

* a builder the game's kit names (``worlds``; Chắn: ``chieu.games.chan.worlds.ChanWorlds``),
  a factory of ``Worlds``;
* a game-level classmethod ``Game.state_from_observation(observation, legal_actions, rng,
  rules)`` returning a State in which ``legal_actions`` are the seat's legal actions (any game
  may add one; the bots then use it with no memory of their own past).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, cast

from chieu.core.actions import Action
from chieu.core.kit import kit_part
from chieu.core.protocol import ObservedGame, State
from chieu.core.registry import find_game
from chieu.core.rng import Rng
from chieu.core.rules import RulesBase


class Worlds(Protocol):
    """What the search bot needs of a game's worlds: the rules (a JSON mapping or the game's
    Rules), a world sampled from an observation, and the seat's own choices remembered."""

    def set_rules(self, rules: object) -> None: ...
    def sample(self, obs: Mapping[str, object], legal: Sequence[Action], rng: Rng) -> State: ...
    def chose(self, obs: Mapping[str, object], legal: Sequence[Action], action: Action) -> None: ...


class GameWorlds:
    """Worlds from a game's own ``state_from_observation``."""

    def __init__(self, game: ObservedGame) -> None:
        self.game = game
        self.rules: RulesBase | None = None

    def set_rules(self, rules: object) -> None:
        """The table's rules: their JSON (from ``new_game``), a Rules value, or None."""
        if isinstance(rules, Mapping):
            self.rules = self.game.rules_from_json(rules)
        elif rules is None or isinstance(rules, RulesBase):
            self.rules = rules
        else:
            raise TypeError(f"rules of a table: JSON or a Rules value, not {rules!r}")

    def sample(self, obs: Mapping[str, object], legal: Sequence[Action], rng: Rng) -> State:
        return self.game.state_from_observation(obs, list(legal), rng, self.rules)

    def chose(self, obs: Mapping[str, object], legal: Sequence[Action], action: Action) -> None:
        return None


def worlds_for(game: str) -> Callable[[], Worlds] | None:
    """A factory of Worlds for ``game`` (a name), or None when its worlds cannot be built."""
    cls = find_game(game)
    factory: Callable[[], Worlds] | None = kit_part(cls, "worlds")
    if factory is not None:
        return factory
    if callable(getattr(cls, "state_from_observation", None)):
        return lambda: GameWorlds(cast(ObservedGame, cls))  # it has the classmethod
    return None


def commits_fault(world: State, seat: int, action: Action) -> bool:
    """Whether ``action`` commits a fault of ``seat``'s in ``world``: the referee says so
    (``fault_of``: a fault some games record silently, to be shown at the end), or playing it
    gives a ``fault`` event. Faults depend on the seat's own cards and history, which every
    world of its observation shares, so one world decides."""
    referee = getattr(world, "fault_of", None)  # StateBase's (a State without it: events only)
    if callable(referee) and referee(seat, action) is not None:
        return True
    return any(e.type == "fault" and e.actor == seat for e in world.clone().apply(action, seat))
