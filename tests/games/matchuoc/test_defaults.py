"""Mạt chược's safe defaults (issue 28): an ù offered, on one's turn or in a claim window, is
the default; a sweep of seeded random games meets no default that throws a win away."""

from __future__ import annotations

from chieu.games.matchuoc import actions as A
from tests.games.safe_defaults import first, offers, sweep


def test_a_turn_with_an_u_defaults_to_the_u_not_to_a_discard() -> None:
    _st, d = first("matchuoc", lambda st, d: d.kind == "turn" and offers("win")(st, d))
    assert any(a.verb == "discard" for a in d.actions)  # the old default discarded
    assert d.default is A.WIN


def test_a_claim_window_defaults_to_the_u_not_to_bo_qua() -> None:
    _st, d = first("matchuoc", lambda st, d: d.kind == "claim" and offers("win")(st, d))
    assert A.PASS in d.actions
    assert d.default is A.WIN


def test_no_unsafe_default_in_seeded_random_games() -> None:
    assert sweep("matchuoc", range(25)) == []
