"""Scenario helpers: a Tổ tôm game with chosen hands and nọc cards."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chieu.core.rng import Rng
from chieu.games.totom import TotomGame
from chieu.games.totom.cards import KINDS, parse_cards
from chieu.games.totom.rules import Rules
from chieu.games.totom.state import TotomState, deck_for


def make(
    hands: Mapping[int, str],
    draws: str = "",
    rules: Rules | None = None,
    *,
    setup: Mapping[str, Any] | None = None,
    arrange: bool = True,
) -> TotomState:
    """Seats in ``hands`` get those 20 cards, the others random spare cards; the nọc turns up
    ``draws`` first. Seat 0 is the người được cái. ``arrange`` finishes the arrange phase."""
    rules = rules or Rules()
    n = rules.players
    chosen = {s: parse_cards(t) for s, t in hands.items()}
    nocc = parse_cards(draws)
    rest = KINDS.full_counts()
    for k in [*(k for h in chosen.values() for k in h), *nocc]:
        rest[k] -= 1
    spare = Rng(7, "spare").shuffled(KINDS.kinds_of(rest))
    full = []
    for s in range(n):
        if s in chosen:
            full.append(chosen[s])
        else:
            full.append(spare[:20])
            spare = spare[20:]
    # keep the nọc: put the spare cards after the chosen draws
    deck = deck_for(full, [*nocc, *spare][:20], cai=0)
    state = TotomGame.new_state(rules, 1, setup={"cai": 0, **(setup or {})}, deal=deck)
    if arrange:
        while state.phase == "arrange":
            state.apply(next(a for a in state.legal_actions() if a.verb == "arrange_done"))
    return state
