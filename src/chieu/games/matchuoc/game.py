"""MatChuocGame: the registered entry point of Mạt chược (the Game protocol)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from chieu.core.actions import Action, ActionSpace
from chieu.core.cards import KindTable
from chieu.core.protocol import GameInfo
from chieu.core.rng import Rng
from chieu.games.matchuoc.actions import ACTION_SPACE
from chieu.games.matchuoc.cards import KINDS
from chieu.games.matchuoc.rules import PRESETS, Rules
from chieu.games.matchuoc.state import MatChuocState, world_from_observation


class MatChuocGame:
    name: ClassVar[str] = "matchuoc"
    title: ClassVar[str] = "Mạt chược"
    aliases: ClassVar[tuple[str, ...]] = ("mạt chược", "mat-chuoc", "mat chuoc", "mahjong")
    kinds: ClassVar[KindTable] = KINDS
    action_space: ClassVar[ActionSpace] = ACTION_SPACE
    presets: ClassVar[Mapping[str, Rules]] = PRESETS
    State = MatChuocState

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
    ) -> MatChuocState:
        return MatChuocState(rules, seed, setup=setup, deal=deal)

    @classmethod
    def state_from_observation(
        cls,
        observation: Mapping[str, Any],
        legal_actions: Sequence[Action],
        rng: Rng,
        rules: Rules | None = None,
    ) -> MatChuocState:
        """A state consistent with one seat's observation (for the search bot)."""
        return world_from_observation(observation, legal_actions, rng, rules)

    @classmethod
    def info(cls, rules: Rules | None = None) -> GameInfo:
        rules = rules or Rules()
        return GameInfo(
            cls.name, rules.players, len(ACTION_SPACE), KINDS.deck_size, max_game_length=3000
        )


MatChuocState.game = MatChuocGame
