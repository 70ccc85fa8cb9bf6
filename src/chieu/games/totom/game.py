"""TotomGame: the registered entry point of Tổ tôm (the Game protocol)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from chieu.core.actions import Action, ActionSpace
from chieu.core.cards import KindTable
from chieu.core.protocol import GameInfo
from chieu.core.rng import Rng
from chieu.games.totom.actions import ACTION_SPACE
from chieu.games.totom.cards import KINDS
from chieu.games.totom.rules import PRESETS, Rules
from chieu.games.totom.state import TotomState, world_from_observation


class TotomGame:
    name: ClassVar[str] = "totom"
    title: ClassVar[str] = "Tổ tôm"
    aliases: ClassVar[tuple[str, ...]] = ("tổ tôm", "to-tom", "totom", "to tom", "tụ tam")
    kinds: ClassVar[KindTable] = KINDS
    action_space: ClassVar[ActionSpace] = ACTION_SPACE
    presets: ClassVar[Mapping[str, Rules]] = PRESETS
    State = TotomState

    @classmethod
    def rules_from_json(cls, data: Mapping[str, Any] | None) -> Rules:
        return Rules.from_json(data)

    @classmethod
    def rules_to_json(cls, rules: Rules) -> dict[str, Any]:
        return rules.to_json()

    @classmethod
    def default_rules(cls) -> Rules:
        return Rules()

    @classmethod
    def new_state(
        cls,
        rules: Rules | None = None,
        seed: int = 0,
        *,
        setup: Mapping[str, Any] | None = None,
        deal: Sequence[int] | None = None,
    ) -> TotomState:
        return TotomState(rules, seed, setup=setup, deal=deal)

    @classmethod
    def state_from_observation(
        cls,
        observation: Mapping[str, Any],
        legal_actions: Sequence[Action],
        rng: Rng,
        rules: Rules | None = None,
    ) -> TotomState:
        """A state consistent with one seat's observation (for the search bot)."""
        return world_from_observation(observation, legal_actions, rng, rules)

    @classmethod
    def info(cls, rules: Rules | None = None) -> GameInfo:
        rules = rules or Rules()
        return GameInfo(
            cls.name, rules.players, len(ACTION_SPACE), KINDS.deck_size, max_game_length=2500
        )


TotomState.game = TotomGame
