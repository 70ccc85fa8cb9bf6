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
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, runtime_checkable

from chieu.core.actions import Action, ActionSpace
from chieu.core.cards import KindTable
from chieu.core.decisions import ClaimWindow, Decision
from chieu.core.events import Event
from chieu.core.kit import GameKit
from chieu.core.notation import Notation
from chieu.core.outcome import Outcome
from chieu.core.rng import Rng
from chieu.core.view import View
from chieu.core.zones import ZoneSpec

if TYPE_CHECKING:
    from chieu.core.sitting import SittingPolicy

PlayerId = int


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Facts computed from the rules (for RL adapters, UIs and the arena)."""

    name: str
    num_players: int
    num_actions: int
    deck_size: int
    max_game_length: int


@runtime_checkable
class State(Protocol):
    """What every edge may use of a game in progress (``Game.new_state`` returns one)."""

    game: GameDefinition  # the game's definition (its name, notation, action space)
    num_players: int
    rules: Any  # the game's own Rules dataclass (``rules.players``; JSON through ``game``)
    seed: int
    setup: Mapping[str, Any]  # the deal's setup (cái, dealer, first player…) as JSON
    events: list[Event]
    #: the open claim window, or None: its answers are private until it resolves (no seat's
    #: view but the answering one's changes; a resolved window is another object)
    window: ClaimWindow | None

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
    def observation(self, seat: PlayerId | None) -> dict[str, Any]: ...
    def clone(self) -> State: ...
    def hidden_from(self, seat: PlayerId | None) -> Mapping[str, Sequence[int]]: ...
    def resample_hidden(self, seat: PlayerId | None, rng: Rng | int) -> State: ...


class GameDefinition(Protocol):
    """What a game subpackage registers (``games/<g>/game.py``)."""

    name: ClassVar[str]
    title: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]]
    presets: ClassVar[Mapping[str, Any]]
    rules_class: ClassVar[type[Any]]
    sitting_policy: ClassVar[SittingPolicy]
    kinds: ClassVar[KindTable]
    action_space: ClassVar[ActionSpace]
    notation: ClassVar[Notation]
    player_counts: ClassVar[tuple[int, ...]]
    has_claims: ClassVar[bool]
    max_game_length: ClassVar[int]
    #: what the edges need of the game; one declaring none gets ``EMPTY_KIT`` (``kit_of``)
    kit: ClassVar[GameKit]

    @classmethod
    def info(cls, rules: Any = None) -> GameInfo: ...
    @classmethod
    def default_rules(cls) -> Any: ...
    @classmethod
    def state_from_observation(
        cls, obs: Mapping[str, Any], legal: list[Action], rng: Rng, rules: Any = None
    ) -> State: ...
    @classmethod
    def rules_from_json(cls, data: Mapping[str, Any]) -> Any: ...
    @classmethod
    def rules_to_json(cls, rules: Any) -> dict[str, Any]: ...
    @classmethod
    def new_state(
        cls,
        rules: Any = None,
        seed: int = 0,
        *,
        setup: Mapping[str, Any] | None = None,
        deal: Sequence[int] | None = None,
    ) -> State:
        """Plumbing behind the bound ``Game.new_state(seed, deal=, setup=)``, the one edges
        call (``chieu.load_game``)."""
        ...


def finished(state: State) -> Outcome:
    """The outcome of a game that is over (a programming error otherwise)."""
    outcome = state.outcome()
    if outcome is None:
        raise RuntimeError("the game is not over: it has no outcome yet")
    return outcome
