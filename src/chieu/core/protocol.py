"""The Game / State protocols every game implements: the table protocol's contract.

A bound :class:`chieu.core.table.Game` (``load_game``) makes states. A state answers
``decisions()`` (every seat that must answer now: one seat on a turn, every seat a claim
window asked, by position only), takes ``apply(action, seat=...)`` from any pending seat in
any order, and shows each seat its own ``view(seat)`` and ``history(seat)``. Chance (the
shuffle) is recorded as data in the first events, so replays never depend on RNG internals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, TypeAlias, runtime_checkable

from chieu.core.actions import Action, ActionSpace
from chieu.core.cards import KindTable
from chieu.core.decisions import ClaimWindow, Decision
from chieu.core.events import Event
from chieu.core.jsonio import JsonObject
from chieu.core.kit import GameKit
from chieu.core.notation import Notation
from chieu.core.outcome import Outcome
from chieu.core.rng import Rng
from chieu.core.rules import R_co, RulesBase
from chieu.core.view import View
from chieu.core.zones import ZoneSpec

if TYPE_CHECKING:
    from chieu.core.sitting import SittingPolicy

PlayerId = int
#: what a seat's ``observation(seat)`` gives a bot: a JSON-like mapping, read-only (each game
#: declares its own TypedDict, e.g. ``ChanObservation``)
Observation: TypeAlias = Mapping[str, object]


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Facts computed from the rules (for RL adapters, UIs and the arena)."""

    name: str
    num_players: int
    num_actions: int
    deck_size: int
    max_game_length: int


@runtime_checkable
class State(Protocol[R_co]):
    """What every edge may use of a game in progress (``Game.new_state`` returns one).

    ``State[R]`` plays by the rules ``R`` (a game's ``Rules``); ``State`` alone by some
    game's rules (``RulesBase``: ``rules.players``, JSON through ``game``)."""

    num_players: int
    seed: int
    events: list[Event]
    #: the open claim window, or None: its answers are private until it resolves (no seat's
    #: view but the answering one's changes; a resolved window is another object)
    window: ClaimWindow | None

    @property
    def game(self) -> GameDefinition:
        """The game's definition (its name, notation, action space)."""
        ...

    @property
    def rules(self) -> R_co: ...
    @property
    def setup(self) -> Mapping[str, object]:
        """The deal's setup (cái, dealer, first player…) as JSON."""
        ...

    @property
    def phase(self) -> str: ...
    @property
    def changes(self) -> int: ...
    def decisions(self) -> tuple[Decision, ...]: ...
    def pass_forced(self) -> int: ...
    def before_recorded(self, seat: PlayerId) -> None: ...
    def zones(self) -> Mapping[str, Sequence[int]]: ...
    def zone_specs(self) -> Sequence[ZoneSpec]: ...
    def apply(self, action: Action, seat: PlayerId | None = None) -> list[Event]: ...
    def is_terminal(self) -> bool: ...
    def outcome(self) -> Outcome | None: ...
    def view(self, seat: PlayerId | None = None, lang: str = "vi") -> View: ...
    def history(self, seat: PlayerId | None) -> list[Event]: ...
    def current_player(self) -> PlayerId | None: ...
    def legal_actions(self, seat: PlayerId | None = None) -> list[Action]: ...
    def observation(self, seat: PlayerId | None) -> Observation: ...
    def clone(self) -> State[R_co]: ...
    def hidden_from(self, seat: PlayerId | None) -> Mapping[str, Sequence[int]]: ...
    def resample_hidden(self, seat: PlayerId | None, rng: Rng | int) -> State[R_co]: ...


class GameDefinition(Protocol):
    """What a game subpackage registers (``games/<g>/game.py``, a ``GameBase``): its rules
    are some ``RulesBase`` (a definition is a class: its ClassVars cannot be generic)."""

    # read-only members: a game class's own attributes (``ClassVar``s of a ``GameBase``,
    # narrowed to its own rules, notation, policy) match them
    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def aliases(self) -> tuple[str, ...]: ...
    @property
    def presets(self) -> Mapping[str, RulesBase]: ...
    @property
    def rules_class(self) -> type[RulesBase]: ...
    @property
    def sitting_policy(self) -> SittingPolicy: ...
    @property
    def kinds(self) -> KindTable: ...
    @property
    def action_space(self) -> ActionSpace: ...
    @property
    def notation(self) -> Notation: ...
    @property
    def player_counts(self) -> tuple[int, ...]: ...
    @property
    def has_claims(self) -> bool: ...
    @property
    def max_game_length(self) -> int: ...
    @property
    def kit(self) -> GameKit:
        """What the edges need of the game; one declaring none gets ``EMPTY_KIT``
        (``kit_of``)."""
        ...

    @classmethod
    def info(cls, rules: RulesBase | None = None) -> GameInfo: ...
    @classmethod
    def default_rules(cls) -> RulesBase: ...
    @classmethod
    def rules_from_json(cls, data: Mapping[str, object] | None) -> RulesBase: ...
    @classmethod
    def rules_to_json(cls, rules: RulesBase) -> JsonObject: ...
    @classmethod
    def new_state(
        cls,
        rules: RulesBase | None = None,
        seed: int = 0,
        *,
        setup: Mapping[str, object] | None = None,
        deal: Sequence[int] | None = None,
    ) -> State:
        """Plumbing behind the bound ``Game.new_state(seed, deal=, setup=)``, the one edges
        call (``chieu.load_game``)."""
        ...


class ObservedGame(GameDefinition, Protocol):
    """A game definition that builds a State from one seat's observation (for the search
    bot): ``legal`` are that seat's legal actions in it."""

    @classmethod
    def state_from_observation(
        cls,
        observation: Observation,
        legal_actions: Sequence[Action],
        rng: Rng,
        rules: RulesBase | None = None,
    ) -> State: ...


def finished(state: State) -> Outcome:
    """The outcome of a game that is over (a programming error otherwise)."""
    outcome = state.outcome()
    if outcome is None:
        raise RuntimeError("the game is not over: it has no outcome yet")
    return outcome
