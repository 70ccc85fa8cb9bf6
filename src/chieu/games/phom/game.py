"""PhomGame: the registered entry point of Phỏm (the Game protocol)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from chieu.core.actions import ActionSpace
from chieu.core.cards import KindTable
from chieu.core.protocol import GameInfo
from chieu.games.phom.actions import ACTION_SPACE
from chieu.games.phom.cards import KINDS
from chieu.games.phom.rules import PRESETS, Rules
from chieu.games.phom.state import PhomState


class PhomGame:
    name: ClassVar[str] = "phom"
    title: ClassVar[str] = "Phỏm"
    aliases: ClassVar[tuple[str, ...]] = ("phỏm", "tá lả", "ta-la", "tala", "ta la")
    kinds: ClassVar[KindTable] = KINDS
    action_space: ClassVar[ActionSpace] = ACTION_SPACE
    presets: ClassVar[Mapping[str, Rules]] = PRESETS
    State = PhomState

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
    ) -> PhomState:
        return PhomState(rules, seed, setup=setup, deal=deal)

    @classmethod
    def info(cls, rules: Rules | None = None) -> GameInfo:
        rules = rules or Rules()
        return GameInfo(
            cls.name, rules.players, len(ACTION_SPACE), KINDS.deck_size, max_game_length=1000
        )


PhomState.game = PhomGame
