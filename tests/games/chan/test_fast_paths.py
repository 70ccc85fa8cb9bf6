"""The fast paths of Chắn's hot loop answer as the general code they stand for."""

from __future__ import annotations

import pytest

from chieu.core.rng import Rng
from chieu.games.chan import ChanGame, Rules
from chieu.games.chan.fault_rules import DISCARD_RULES, EAT_RULES
from chieu.games.chan.faults import blocked_eats, history_blocked_discards
from chieu.games.chan.rules import FaultMode


@pytest.mark.parametrize("mode", ["strict", "referee"])
def test_blocked_eats_is_the_union_of_the_eat_rules(mode: FaultMode) -> None:
    checked = 0
    for seed in range(40):
        st = ChanGame.new_state(Rules(fault_mode=mode), seed)
        rng = Rng(seed, "fast-paths")
        while not st.is_terminal():
            if st.live is not None:
                for seat in range(st.num_players):
                    union: set[int] = set()
                    for rule in EAT_RULES:
                        union |= rule.blocked_eats(st, seat)
                    assert set(blocked_eats(st, seat)) == union, (seed, seat, st.live)
                    checked += 1
            st.pass_forced()
            for d in st.decisions():
                st.apply(rng.choice(d.actions), d.seat)
    assert checked > 1000


@pytest.mark.parametrize("mode", ["strict", "referee"])
def test_history_blocked_discards_is_the_union_of_the_history_rules(
    mode: FaultMode,
) -> None:
    checked = 0
    for seed in range(40):
        st = ChanGame.new_state(Rules(fault_mode=mode), seed)
        rng = Rng(seed, "fast-paths")
        while not st.is_terminal():
            for seat in range(st.num_players):
                union: set[int] = set()
                for rule in DISCARD_RULES:
                    if not rule.momentary:
                        union |= rule.blocked_discards(st, seat)
                assert history_blocked_discards(st.seats[seat].hist) == union, (seed, seat)
                checked += 1
            st.pass_forced()
            for d in st.decisions():
                st.apply(rng.choice(d.actions), d.seat)
    assert checked > 1000
