"""DoiGame: the definition chieu registers (entry point ``chieu.games: doi``), the sitting
policy of a hội, and the kit that tells the edges what the game brings."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from chieu.core.actions import ActionSpace
from chieu.core.cards import KindTable
from chieu.core.game import GameBase
from chieu.core.kit import GameKit
from chieu.core.outcome import Outcome
from chieu_doi.actions import ACTION_SPACE
from chieu_doi.cards import KINDS
from chieu_doi.notation import NOTATION, DoiNotation
from chieu_doi.rules import PRESETS, Rules
from chieu_doi.state import DoiState


class DoiSitting:
    """A hội of Đôi (``chieu.core.sitting.SittingPolicy``): the winner plays first next."""

    def start(self, rules: Rules) -> dict[str, Any]:
        return {"first": 0}

    def next_setup(self, rules: Rules, carry: Mapping[str, Any]) -> dict[str, Any]:
        return {"first": int(carry["first"])}

    def after(
        self, rules: Rules, carry: Mapping[str, Any], outcome: Outcome
    ) -> tuple[dict[str, Any], tuple[float, ...]]:
        first = carry["first"] if outcome.winner is None else outcome.winner
        return {"first": int(first)}, tuple(outcome.payoffs)

    def over(self, rules: Rules, carry: Mapping[str, Any], totals: Sequence[float]) -> bool:
        return False


class DoiGame(GameBase):
    name: ClassVar[str] = "doi"
    title: ClassVar[str] = "Đôi"
    aliases: ClassVar[tuple[str, ...]] = ("đôi", "pairs")
    kinds: ClassVar[KindTable] = KINDS
    action_space: ClassVar[ActionSpace] = ACTION_SPACE
    presets: ClassVar[Mapping[str, Rules]] = PRESETS
    rules_class: ClassVar[type[Rules]] = Rules
    State: ClassVar[type[DoiState]] = DoiState
    # a turn draws (at most the stock) or takes (at most one per rank), lays, discards
    max_game_length: ClassVar[int] = 100
    player_counts: ClassVar[tuple[int, ...]] = (2, 3)
    has_claims: ClassVar[bool] = False
    notation: ClassVar[DoiNotation] = NOTATION
    sitting_policy: ClassVar[DoiSitting] = DoiSitting()
    #: what the edges need; every part left out takes the edge's generic fallback
    kit: ClassVar[GameKit] = GameKit(
        order=90,
        encoder="chieu_doi.features:DoiEncoder",
        bots="chieu_doi.bots:BOTS",
        hints="chieu_doi.hints:hints",
        results="chieu_doi.results:outcome_lines",
        svg_deck="chieu_doi.faces:DECK",
        glossary="chieu_doi.glossary:GLOSSARY",
        rulebook="chieu_doi.rulebook:rulebook",
    )
