"""TotomGame: the registered entry point of Tổ tôm (the Game protocol)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar, cast

from chieu.core.actions import Action, ActionSpace
from chieu.core.cards import KindTable
from chieu.core.game import GameBase
from chieu.core.kit import GameKit
from chieu.core.rng import Rng
from chieu.games.totom.actions import ACTION_SPACE
from chieu.games.totom.cards import KINDS
from chieu.games.totom.notation import NOTATION, TotomNotation
from chieu.games.totom.rules import PLAYERS, PRESETS, Rules
from chieu.games.totom.setups import SITTING_POLICY, TotomSitting
from chieu.games.totom.state import TotomState
from chieu.games.totom.worlds import world_from_observation

if TYPE_CHECKING:
    from chieu.games.totom.views import TotomObservation


class TotomGame(GameBase):
    name: ClassVar[str] = "totom"
    title: ClassVar[str] = "Tổ tôm"
    aliases: ClassVar[tuple[str, ...]] = ("tổ tôm", "to-tom", "totom", "to tom", "tụ tam")
    kinds: ClassVar[KindTable] = KINDS
    action_space: ClassVar[ActionSpace] = ACTION_SPACE
    presets: ClassVar[Mapping[str, Rules]] = PRESETS
    rules_class: ClassVar[type[Rules]] = Rules
    State: ClassVar[type[TotomState]] = TotomState
    max_game_length: ClassVar[int] = 2500
    player_counts: ClassVar[tuple[int, ...]] = PLAYERS
    # every exposed card opens a window: ù, dậy khàn and phỗng out of turn (B3.2)
    has_claims: ClassVar[bool] = True
    notation: ClassVar[TotomNotation] = NOTATION
    sitting_policy: ClassVar[TotomSitting] = SITTING_POLICY
    #: what the edges need of the game, by reference (chieu.core.kit)
    kit: ClassVar[GameKit] = GameKit(
        order=1,
        svg_deck="chieu.games.chan.faces:DECK",
        terminal_face="chieu.cli.faces:red_marked",
        encoder="chieu.games.totom.features:TotomEncoder",
        bots="chieu.games.totom.bots:BOTS",
        search="chieu.games.totom.bots:SEARCH",
        check_hand="chieu.games.totom.checker:check_hand",
        check_options="chieu.games.totom.checker:CHECK_OPTIONS",
        check_view="chieu.games.totom.terminal:render",
        glossary="chieu.games.totom.glossary:GLOSSARY",
        hints="chieu.games.totom.hints:hints",
        results="chieu.games.totom.results:outcome_lines",
        rulebook="chieu.games.totom.rulebook:rulebook",
        explain="chieu.games.totom.explain:explain",
        lessons="chieu.games.totom.lessons:LESSONS",
        review="chieu.games.totom.review:REVIEW",
        option_words="chieu.games.totom.options:OPTION_WORDS",
        detail_words="chieu.games.totom.options:DETAIL_WORDS",
    )

    @classmethod
    def state_from_observation(
        cls,
        observation: Mapping[str, object],
        legal_actions: Sequence[Action],
        rng: Rng,
        rules: Rules | None = None,
    ) -> TotomState:
        """A state consistent with one seat's observation (for the search bot)."""
        # the seam of ``GameDefinition``: any game's observation; Tổ tôm's here
        obs = cast("TotomObservation", observation)
        return world_from_observation(obs, legal_actions, rng, rules)
