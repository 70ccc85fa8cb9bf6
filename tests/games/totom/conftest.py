"""Scenario helpers: a Tổ tôm game with chosen hands and nọc cards, and claim answers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chieu.core.actions import Action
from chieu.core.rng import Rng
from chieu.games.totom import TotomGame
from chieu.games.totom.cards import KINDS, parse_cards
from chieu.games.totom.rules import Rules
from chieu.games.totom.setups import deck_for
from chieu.games.totom.state import TotomState


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


def claim(st: TotomState, action: Action, seat: int | None = None) -> None:
    """``seat`` (default: the first seat still to answer) answers the open claim window with
    ``action``; every other seat still to answer plays its default (bỏ qua, or its one
    compulsory claim in strict mode), so the window resolves."""
    assert st.window is not None, "no claim window is open"
    st.apply(action, st.current_player() if seat is None else seat)
    settle(st)


def settle(st: TotomState) -> None:
    """Every seat still to answer the open claim window passes (its window's pass: in strict
    mode a compulsory claim; a default would take an ù offered, issue 28)."""
    while st.window is not None:
        d = st.decisions()[0]
        st.apply(st.window.passes[d.seat], d.seat)


def options(st: TotomState) -> dict[int, tuple[Action, ...]]:
    """The real claims of the open window, by seat (the pass-only seats left out)."""
    assert st.window is not None
    return {p: o for p, o in st.window.options.items() if len(o) > 1 or o[0].verb != "decline"}
