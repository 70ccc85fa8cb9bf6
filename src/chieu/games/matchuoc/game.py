"""MatChuocGame: the registered entry point of Mạt chược (the Game protocol)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from chieu.core.actions import Action, ActionSpace
from chieu.core.cards import KindTable
from chieu.core.game import GameBase
from chieu.core.kit import GameKit
from chieu.core.rng import Rng
from chieu.games.matchuoc.actions import ACTION_SPACE
from chieu.games.matchuoc.cards import KINDS
from chieu.games.matchuoc.notation import NOTATION, MatChuocNotation
from chieu.games.matchuoc.rules import PRESETS, Rules
from chieu.games.matchuoc.setups import SITTING_POLICY, MatChuocSitting
from chieu.games.matchuoc.state import MatChuocState
from chieu.games.matchuoc.worlds import world_from_observation


class MatChuocGame(GameBase):
    name: ClassVar[str] = "matchuoc"
    title: ClassVar[str] = "Mạt chược"
    aliases: ClassVar[tuple[str, ...]] = ("mạt chược", "mat-chuoc", "mat chuoc", "mahjong")
    kinds: ClassVar[KindTable] = KINDS
    action_space: ClassVar[ActionSpace] = ACTION_SPACE
    presets: ClassVar[Mapping[str, Rules]] = PRESETS
    rules_class: ClassVar[type[Rules]] = Rules
    State: ClassVar[type[MatChuocState]] = MatChuocState
    max_game_length: ClassVar[int] = 3000
    player_counts: ClassVar[tuple[int, ...]] = (4, 5, 6)
    has_claims: ClassVar[bool] = True
    notation: ClassVar[MatChuocNotation] = NOTATION
    sitting_policy: ClassVar[MatChuocSitting] = SITTING_POLICY
    #: what the edges need of the game, by reference (chieu.core.kit)
    kit: ClassVar[GameKit] = GameKit(
        order=3,
        svg_deck="chieu.games.matchuoc.faces:DECK",
        terminal_face="chieu.games.matchuoc.terminal:face",
        encoder="chieu.games.matchuoc.features:MatChuocEncoder",
        bots="chieu.games.matchuoc.bots:BOTS",
        search="chieu.games.matchuoc.bots:SEARCH",
        levels="chieu.games.matchuoc.bots:LEVELS",
        check_hand="chieu.games.matchuoc.checker:check_hand",
        check_options="chieu.games.matchuoc.checker:CHECK_OPTIONS",
        check_view="chieu.games.matchuoc.terminal:render",
        glossary="chieu.games.matchuoc.glossary:GLOSSARY",
        rulebook="chieu.games.matchuoc.rulebook:rulebook",
        hints="chieu.games.matchuoc.hints:hints",
        results="chieu.games.matchuoc.results:outcome_lines",
        explain="chieu.games.matchuoc.explain:explain",
        lessons="chieu.games.matchuoc.lessons:LESSONS",
        review="chieu.games.matchuoc.review:REVIEW",
        option_words="chieu.games.matchuoc.options:OPTION_WORDS",
        detail_words="chieu.games.matchuoc.options:DETAIL_WORDS",
    )

    @classmethod
    def state_from_observation(
        cls,
        observation: Mapping[str, object],
        legal_actions: Sequence[Action],
        rng: Rng,
        rules: Rules | None = None,
    ) -> MatChuocState:
        """A state consistent with one seat's observation (for the search bot)."""
        return world_from_observation(MatChuocState, observation, legal_actions, rng, rules)
