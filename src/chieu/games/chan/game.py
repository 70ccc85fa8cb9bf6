"""ChanGame: the registered entry point of Chắn (the Game protocol)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from chieu.core.actions import ActionSpace
from chieu.core.cards import KindTable
from chieu.core.protocol import GameInfo
from chieu.games.chan.actions import ACTION_SPACE
from chieu.games.chan.cards import KINDS
from chieu.games.chan.rules import PRESETS, Rules
from chieu.games.chan.state import ChanState


class ChanGame:
    name: ClassVar[str] = "chan"
    title: ClassVar[str] = "Chắn"
    aliases: ClassVar[tuple[str, ...]] = ("chắn", "danh-chan", "đánh chắn", "chan-bi-tu")
    kinds: ClassVar[KindTable] = KINDS
    action_space: ClassVar[ActionSpace] = ACTION_SPACE
    presets: ClassVar[Mapping[str, Rules]] = PRESETS
    State = ChanState

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
    ) -> ChanState:
        return ChanState(rules, seed, setup=setup, deal=deal)

    @classmethod
    def info(cls, rules: Rules | None = None) -> GameInfo:
        rules = rules or Rules()
        return GameInfo(
            cls.name, rules.players, len(ACTION_SPACE), KINDS.deck_size, max_game_length=600
        )


ChanState.game = ChanGame
