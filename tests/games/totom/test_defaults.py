"""Tổ tôm's safe defaults (issue 28): a claim's default commits no fault (dậy khàn rather than
khê khàn) and takes an ù with enough lưng; a sweep of seeded random games meets no default
that commits a fault or throws a win away."""

from __future__ import annotations

from chieu.core.decisions import Decision
from chieu.core.state import StateBase
from chieu.games.totom import actions as A
from tests.games.safe_defaults import first, sweep


def test_a_khan_to_raise_defaults_to_day_khan_not_to_khe_khan() -> None:
    def khe(st: StateBase, d: Decision) -> bool:
        if d.kind != "claim" or A.DECLINE not in d.actions:
            return False
        fault = st.fault_of(d.seat, A.DECLINE)
        return fault is not None and fault[0] == "khe_khan"

    st, d = first("totom", khe)
    assert d.default.verb == "day_khan"
    assert st.fault_of(d.seat, d.default) is None


def test_a_valid_u_is_the_default_and_an_u_thieu_lung_is_not() -> None:
    st, d = first("totom", lambda st, d: d.kind == "claim" and A.WIN in d.actions)
    valid = st.fault_of(d.seat, A.WIN) is None
    assert (d.default is A.WIN) == valid


def test_no_unsafe_default_in_seeded_random_games() -> None:
    assert sweep("totom", range(25)) == []
