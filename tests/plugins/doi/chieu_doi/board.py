"""Đôi's board: the fields of a state, its zones (who sees which cards), the hidden cards dealt
again (``StateBase.resample_hidden`` calls ``_set_zones``) and the legal moves.

Zones (count vectors over the 20 cards, summing to the deck): ``hand:s`` (seen by its owner;
by everyone once the game is over), ``pairs:s`` (the pairs seat ``s`` laid, public),
``discards`` (the pile, public) and ``stock`` (seen by nobody).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Literal

from chieu.core.actions import Action
from chieu.core.decisions import DecisionKind
from chieu.core.rng import Rng
from chieu.core.state import StateBase
from chieu.core.zones import ZoneSpec
from chieu_doi.actions import DISCARD, DRAW, LAY, TAKE
from chieu_doi.cards import cards_of, counts_of, pairs_in, partner
from chieu_doi.rules import Rules

Phase = Literal["draw", "discard", "end"]


@cache
def zone_specs_for(players: int) -> tuple[ZoneSpec, ...]:
    specs: list[ZoneSpec] = []
    for s in range(players):
        specs += [
            ZoneSpec(f"hand:{s}", s, "hand", "owner"),
            ZoneSpec(f"pairs:{s}", s, "mat", "public"),
        ]
    specs += [
        ZoneSpec("discards", None, "discard", "public"),
        ZoneSpec("stock", None, "stock", "nobody"),
    ]
    return tuple(specs)


class DoiBoard(StateBase):
    """The fields of a Đôi state and what every part of it asks of them."""

    rules: Rules
    phase: Phase
    setup: dict[str, int]
    first: int  # who plays first
    hands: list[list[int]]  # each seat's cards, ascending
    pairs: list[list[int]]  # each seat's laid cards, two by two, in the order laid
    discards: list[int]  # the pile, the top last
    last_from: int  # who discarded the top of the pile (-1: nobody yet)
    stock: list[int]  # the top last
    went_out: int | None  # the seat that emptied its hand

    # -- moves
    def _legal_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        if self.phase == "draw":
            out: list[Action] = [DRAW]
            if self.rules.take_discard and self.discards and partner(self.discards[-1]) in hand:
                out.append(TAKE)
            return out
        return [*(LAY[r] for r in pairs_in(hand)), *(DISCARD[c] for c in hand)]

    def _decision_kind(self) -> DecisionKind:
        return "turn"

    def _default_action(self, seat: int, actions: Sequence[Action]) -> Action:
        """A timeout draws, or discards the player's highest card (documented for the View)."""
        return actions[0] if self.phase == "draw" else actions[-1]

    # -- zones
    def zone_specs(self) -> Sequence[ZoneSpec]:
        return zone_specs_for(self.num_players)

    def zones(self) -> dict[str, list[int]]:
        out: dict[str, list[int]] = {}
        for s in range(self.num_players):
            out[f"hand:{s}"] = counts_of(self.hands[s])
            out[f"pairs:{s}"] = counts_of(self.pairs[s])
        out["discards"] = counts_of(self.discards)
        out["stock"] = counts_of(self.stock)
        return out

    def revealed(self) -> frozenset[int]:
        """Every hand is turned up at the end."""
        return frozenset(range(self.num_players)) if self.phase == "end" else frozenset()

    def _set_zones(self, zones: Mapping[str, Sequence[int]]) -> None:
        """Put a re-deal of the hidden zones back (the stock in an order of its own)."""
        for s in range(self.num_players):
            if f"hand:{s}" in zones:
                self.hands[s] = cards_of(zones[f"hand:{s}"])
        if "stock" in zones:
            stock = cards_of(zones["stock"])
            self.stock = Rng(self.seed, "doi", "restock", self.steps, *stock).shuffled(stock)
