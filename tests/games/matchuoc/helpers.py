"""Shared helpers for the Mạt chược tests: tiles from text, exposed phu, scenario states."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chieu.core.actions import Action
from chieu.games.matchuoc import actions as A
from chieu.games.matchuoc.cards import counts_of, parse_tiles
from chieu.games.matchuoc.decompose import Group
from chieu.games.matchuoc.game import MatChuocGame
from chieu.games.matchuoc.rules import Rules
from chieu.games.matchuoc.setups import deck_for
from chieu.games.matchuoc.state import MatChuocState

#: 13 tiles that neither win nor wait on anything, khung included (no two are related)
JUNK = "1m 4m 7m 1p 4p 7p 1s 4s 7s 1z 2z 3z 4z"
JUNK2 = "2m 5m 8m 2p 5p 8p 2s 5s 8s 5z 6z 7z 1z"
JUNK3 = "3m 6m 9m 3p 6p 9p 3s 6s 9s 2z 3z 4z 5z"


def T(text: str) -> list[int]:
    return parse_tiles(text)


def K(code: str) -> int:
    (k,) = parse_tiles(code)
    return k


def C(text: str) -> list[int]:
    return counts_of(parse_tiles(text))


def pung(code: str, claimed: bool = True) -> Group:
    k = K(code)
    return Group("pung", (k, k, k), (-1, -1, -1), True, claimed)


def make_state(
    hands: Sequence[str],
    live: str = "",
    dead: str = "",
    *,
    dealer: int = 0,
    rules: Rules | None = None,
    seed: int = 0,
) -> MatChuocState:
    rules = rules or Rules()
    deck = deck_for(
        [T(h) for h in hands],
        T(live),
        T(dead),
        dealer=dealer,
        seed=seed,
        tile_set=rules.tile_set,
    )
    return MatChuocGame.new_state(rules, seed, setup={"dealer": dealer}, deal=deck)


def finish_opening(state: MatChuocState) -> None:
    """Every seat ends its opening without setting anything down."""
    while state.phase == "opening":
        state.apply(A.END_OPENING)


def answer_all(state: MatChuocState, answers: dict[int, Action] | None = None) -> None:
    """Answer the claim window: ``answers[seat]`` or pass."""
    answers = answers or {}
    while state.phase == "claim":
        seat = state.current_player()
        assert seat is not None
        state.apply(answers.get(seat, A.PASS), seat)


def ids(state: MatChuocState) -> list[str]:
    out = state.outcome()
    assert out is not None
    return [p.id for p in out.patterns]


def details(state: MatChuocState) -> dict[str, Any]:
    out = state.outcome()
    assert out is not None
    return out.details
