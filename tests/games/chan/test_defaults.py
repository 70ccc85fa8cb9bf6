"""Chắn's safe defaults (issue 28): a claim's default is a valid ù, never ù láo; a sweep of
seeded random games meets no default that commits a fault or throws a win away."""

from __future__ import annotations

from chieu.core.decisions import Decision
from chieu.core.state import StateBase
from chieu.games.chan import actions as A
from tests.games.safe_defaults import first, offers, sweep


def test_a_claim_window_defaults_to_a_valid_u_not_to_bo_qua() -> None:
    st, d = first("chan", lambda st, d: d.kind == "claim" and offers("win")(st, d))
    assert A.DECLINE in d.actions  # the old default: the ù let go
    assert d.default is A.WIN
    assert st.fault_of(d.seat, d.default) is None


def test_an_u_lao_is_never_the_default() -> None:
    def lao(st: StateBase, d: Decision) -> bool:
        return A.WIN in d.actions and st.fault_of(d.seat, A.WIN) is not None

    _st, d = first("chan", lao)
    assert d.default is not A.WIN


def test_no_unsafe_default_in_seeded_random_games() -> None:
    assert sweep("chan", range(25)) == []
