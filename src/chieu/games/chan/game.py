"""ChanGame: the registered entry point of Chắn (the Game protocol)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from chieu.core.actions import ActionSpace
from chieu.core.cards import KindTable
from chieu.core.game import GameBase
from chieu.core.kit import GameKit
from chieu.games.chan.actions import ACTION_SPACE
from chieu.games.chan.cards import KINDS
from chieu.games.chan.notation import NOTATION, ChanNotation
from chieu.games.chan.rules import PLAYERS, PRESETS, Rules
from chieu.games.chan.setups import SITTING_POLICY, ChanSitting
from chieu.games.chan.state import ChanState


class ChanGame(GameBase):
    name: ClassVar[str] = "chan"
    title: ClassVar[str] = "Chắn"
    aliases: ClassVar[tuple[str, ...]] = ("chắn", "danh-chan", "đánh chắn", "chan-bi-tu")
    kinds: ClassVar[KindTable] = KINDS
    action_space: ClassVar[ActionSpace] = ACTION_SPACE
    presets: ClassVar[Mapping[str, Rules]] = PRESETS
    rules_class: ClassVar[type[Rules]] = Rules
    State: ClassVar[type[ChanState]] = ChanState
    max_game_length: ClassVar[int] = 600
    player_counts: ClassVar[tuple[int, ...]] = PLAYERS
    # every exposure opens a window: ù and chíu out of turn (A3.4)
    has_claims: ClassVar[bool] = True
    notation: ClassVar[ChanNotation] = NOTATION
    sitting_policy: ClassVar[ChanSitting] = SITTING_POLICY
    #: what the edges need of the game, by reference (chieu.core.kit)
    kit: ClassVar[GameKit] = GameKit(
        order=0,
        svg_deck="chieu.games.chan.faces:DECK",
        terminal_face="chieu.cli.faces:red_marked",
        encoder="chieu.games.chan.features:ChanEncoder",
        bots="chieu.games.chan.bots:BOTS",
        worlds="chieu.games.chan.worlds:WORLDS",
        learned_features="chieu.games.chan.learned:features",
        learned_keeper="chieu.games.chan.bots:GreedyChanBot",
        check_hand="chieu.games.chan.checker:check_hand",
        check_options="chieu.games.chan.checker:CHECK_OPTIONS",
        check_view="chieu.games.chan.terminal:render",
        glossary="chieu.games.chan.glossary:GLOSSARY",
        hints="chieu.games.chan.hints:hints",
        results="chieu.games.chan.results:outcome_lines",
        rulebook="chieu.games.chan.rulebook:rulebook",
        explain="chieu.games.chan.explain:explain",
        lessons="chieu.games.chan.lessons:LESSONS",
        review="chieu.games.chan.review:REVIEW",
        option_words="chieu.games.chan.options:OPTION_WORDS",
        detail_words="chieu.games.chan.options:DETAIL_WORDS",
    )
