"""The Game / State protocols every game implements (in the spirit of OpenSpiel).

A state has an explicit claim phase: ``to_act()`` lists every seat that must still answer the
exposed card, in the order the game's priority table asks them; ``current_player()`` is the
first of them. ``apply`` takes the action of ``current_player()`` unless a seat is given.
Chance (the shuffle) is recorded as data in the first events, so replays never depend on RNG
internals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, runtime_checkable

from chieu.core.actions import Action, ActionSpace
from chieu.core.cards import KindTable
from chieu.core.events import Event
from chieu.core.outcome import Outcome

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
    num_players: int
    events: list[Event]

    def current_player(self) -> PlayerId | None: ...
    def to_act(self) -> tuple[PlayerId, ...]: ...
    def legal_actions(self, seat: PlayerId | None = None) -> list[Action]: ...
    def apply(self, action: Action, seat: PlayerId | None = None) -> list[Event]: ...
    def is_terminal(self) -> bool: ...
    def outcome(self) -> Outcome | None: ...
    def observation(self, seat: PlayerId | None) -> dict[str, Any]: ...
    def clone(self) -> State: ...
    def snapshot(self) -> dict[str, Any]: ...
    def zones(self) -> Mapping[str, Sequence[int]]: ...
    def hidden_from(self, seat: PlayerId | None) -> Mapping[str, Sequence[int]]: ...
    def resample_hidden(self, seat: PlayerId | None, rng: Any) -> State: ...


class Game(Protocol):
    name: ClassVar[str]
    title: ClassVar[str]
    kinds: ClassVar[KindTable]
    action_space: ClassVar[ActionSpace]

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
    ) -> State: ...
    @classmethod
    def info(cls, rules: Any = None) -> GameInfo: ...
