"""``GameBase``: what every registered game class shares (the Game protocol's plumbing).

A game class names its rules and state classes and its constants; the JSON round trip of the
rules, ``new_state`` and ``info`` follow from them. Defining the class also tells the state
class its game (``State.game``), which records and bots use.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from chieu.core.actions import ActionSpace
from chieu.core.cards import KindTable
from chieu.core.kit import EMPTY_KIT, GameKit
from chieu.core.protocol import GameInfo


class GameBase:
    name: ClassVar[str]
    title: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    kinds: ClassVar[KindTable]
    action_space: ClassVar[ActionSpace]
    presets: ClassVar[Mapping[str, Any]]
    rules_class: ClassVar[type[Any]]
    State: ClassVar[type[Any]]
    max_game_length: ClassVar[int]  # a bound on the actions of one game (for loops and RL)
    player_counts: ClassVar[tuple[int, ...]]  # every number of players the rules accept
    has_claims: ClassVar[bool]  # out-of-turn claims on an exposed card
    notation: ClassVar[Any]  # the game's words (games/<g>/notation.py)
    sitting_policy: ClassVar[Any]  # what carries from one deal to the next (setups.py)
    kit: ClassVar[GameKit] = EMPTY_KIT  # what the edges need of the game (core/kit.py)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.State.game = cls

    @classmethod
    def rules_from_json(cls, data: Mapping[str, Any] | None) -> Any:
        return cls.rules_class.from_json(data)

    @classmethod
    def rules_to_json(cls, rules: Any) -> dict[str, Any]:
        return dict(rules.to_json())

    @classmethod
    def default_rules(cls) -> Any:
        return cls.rules_class()

    @classmethod
    def new_state(
        cls,
        rules: Any = None,
        seed: int = 0,
        *,
        setup: Mapping[str, Any] | None = None,
        deal: Sequence[int] | None = None,
    ) -> Any:
        """The definition-level plumbing behind ``Game.new_state``: edges call
        ``chieu.load_game(name, rules).new_state(seed=..., deal=..., setup=...)`` instead."""
        return cls.State(rules, seed, setup=setup, deal=deal)

    @classmethod
    def info(cls, rules: Any = None) -> GameInfo:
        rules = rules or cls.rules_class()
        return GameInfo(
            cls.name,
            rules.players,
            len(cls.action_space),
            cls.kinds.deck_size,
            max_game_length=cls.max_game_length,
        )
