"""PhomGame: the registered entry point of Phỏm (the Game protocol)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from chieu.core.actions import Action, ActionSpace
from chieu.core.cards import KindTable
from chieu.core.game import GameBase
from chieu.core.kit import GameKit
from chieu.core.rng import Rng
from chieu.games.phom.actions import ACTION_SPACE
from chieu.games.phom.cards import KINDS
from chieu.games.phom.notation import NOTATION, PhomNotation
from chieu.games.phom.rules import PRESETS, Rules
from chieu.games.phom.setups import SITTING_POLICY, PhomSitting
from chieu.games.phom.state import PhomState


class PhomGame(GameBase):
    name: ClassVar[str] = "phom"
    title: ClassVar[str] = "Phỏm"
    aliases: ClassVar[tuple[str, ...]] = ("phỏm", "tá lả", "ta-la", "tala", "ta la")
    kinds: ClassVar[KindTable] = KINDS
    action_space: ClassVar[ActionSpace] = ACTION_SPACE
    presets: ClassVar[Mapping[str, Rules]] = PRESETS
    rules_class: ClassVar[type[Rules]] = Rules
    State: ClassVar[type[PhomState]] = PhomState
    max_game_length: ClassVar[int] = 1000
    player_counts: ClassVar[tuple[int, ...]] = (2, 3, 4)
    # only the next player may eat a discard, on its own turn: no out-of-turn claim window
    has_claims: ClassVar[bool] = False
    notation: ClassVar[PhomNotation] = NOTATION
    sitting_policy: ClassVar[PhomSitting] = SITTING_POLICY
    #: what the edges need of the game, by reference (chieu.core.kit)
    kit: ClassVar[GameKit] = GameKit(
        order=2,
        svg_deck="chieu.games.phom.faces:DECK",
        svg_deck_four="chieu.games.phom.faces:DECK_FOUR",
        terminal_face="chieu.games.phom.terminal:face",
        encoder="chieu.games.phom.features:PhomEncoder",
        bots="chieu.games.phom.bots:BOTS",
        learned_features="chieu.games.phom.learned:features",
        running_payments=True,
        check_hand="chieu.games.phom.checker:check_hand",
        check_options="chieu.games.phom.checker:CHECK_OPTIONS",
        check_view="chieu.games.phom.terminal:render",
        glossary="chieu.games.phom.glossary:GLOSSARY",
        rulebook="chieu.games.phom.rulebook:rulebook",
        hints="chieu.games.phom.hints:hints",
        results="chieu.games.phom.results:outcome_lines",
        explain="chieu.games.phom.explain:explain",
        lessons="chieu.games.phom.lessons:LESSONS",
        review="chieu.games.phom.review:REVIEW",
        option_words="chieu.games.phom.options:OPTION_WORDS",
        detail_words="chieu.games.phom.options:DETAIL_WORDS",
    )

    @classmethod
    def state_from_observation(
        cls,
        observation: Mapping[str, object],
        legal_actions: Sequence[Action],
        rng: Rng,
        rules: Rules | None = None,
    ) -> PhomState:
        """A state consistent with one seat's observation, the cards hidden from it dealt at
        random (for the search bot)."""
        return PhomState.from_observation(observation, legal_actions, rng, rules)
