"""``GameBase``: what every registered game class shares (the Game protocol's plumbing).

A game class names its rules and state classes and its constants; the JSON round trip of the
rules, ``new_state`` and ``info`` follow from them. Defining the class also tells the state
class its game (``State.game``), which records and bots use.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from chieu.core.actions import ActionSpace
from chieu.core.cards import KindTable
from chieu.core.jsonio import JsonObject
from chieu.core.kit import EMPTY_KIT, GameKit
from chieu.core.notation import Notation
from chieu.core.protocol import GameInfo
from chieu.core.rules import RulesBase
from chieu.core.sitting import SittingPolicy
from chieu.core.state import StateBase


class GameBase:
    name: ClassVar[str]
    title: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    kinds: ClassVar[KindTable]
    action_space: ClassVar[ActionSpace]
    presets: ClassVar[Mapping[str, RulesBase]]
    rules_class: ClassVar[type[RulesBase]]
    State: ClassVar[type[StateBase]]
    max_game_length: ClassVar[int]  # a bound on the actions of one game (for loops and RL)
    player_counts: ClassVar[tuple[int, ...]]  # every number of players the rules accept
    has_claims: ClassVar[bool]  # out-of-turn claims on an exposed card
    notation: ClassVar[Notation]  # the game's words (games/<g>/notation.py)
    sitting_policy: ClassVar[SittingPolicy]  # what carries from one deal to the next (setups.py)
    kit: ClassVar[GameKit] = EMPTY_KIT  # what the edges need of the game (core/kit.py)

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls.State.game = cls

    @classmethod
    def rules_from_json(cls, data: Mapping[str, object] | None) -> RulesBase:
        return cls.rules_class.from_json(data)

    @classmethod
    def rules_to_json(cls, rules: RulesBase) -> JsonObject:
        return dict(rules.to_json())

    @classmethod
    def default_rules(cls) -> RulesBase:
        return cls.rules_class()

    @classmethod
    def new_state(
        cls,
        rules: RulesBase | None = None,
        seed: int = 0,
        *,
        setup: Mapping[str, object] | None = None,
        deal: Sequence[int] | None = None,
    ) -> StateBase:
        """The definition-level plumbing behind ``Game.new_state``: edges call
        ``chieu.load_game(name, rules).new_state(seed=..., deal=..., setup=...)`` instead."""
        return cls.State(rules, seed, setup=setup, deal=deal)

    @classmethod
    def info(cls, rules: RulesBase | None = None) -> GameInfo:
        rules = rules or cls.rules_class()
        return GameInfo(
            cls.name,
            rules.seats,
            len(cls.action_space),
            cls.kinds.deck_size,
            max_game_length=cls.max_game_length,
        )
