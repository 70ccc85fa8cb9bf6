"""Strict mode commits no fault, whatever the policy (shared/rules C1; issue 15).

Strict mode lists only legal actions and hides the moves the sources make faults (B6): an
invalid ù, letting a dậy khàn or a valid ù go, an eat that keeps a copy of the card eaten in
hand (treo tranh trái vỉ), an over-call. Seeded random play checks it over many games (about
5 s in all): no ``fault`` event and no fault in the outcome, with a uniformly random policy and
with a claim-first one (ù, dậy khàn, phỗng, eat, lay down whenever offered), over the strict
rule variants. A second loop plays fewer games but tries every offered action on a clone:
none commits a fault, and none leads to a discard phase whose every discard is a fault.
"""

from __future__ import annotations

from collections.abc import Callable

from chieu.core.actions import Action
from chieu.core.rng import Rng
from chieu.games.totom import TotomGame, claims
from chieu.games.totom.rules import Rules
from chieu.games.totom.state import TotomState

VARIANTS = (
    Rules(fault_mode="strict"),
    Rules(fault_mode="strict", players=4),
    Rules(fault_mode="strict", ho="declared"),
    Rules(fault_mode="strict", lung_reading="rc", claim_turn_jump=True),
    Rules(fault_mode="strict", lung_reading="r0", passed_nocc_live=False),
)
CLAIMS = ("win", "day_khan", "phong", "eat", "extend", "lay_copies")

Policy = Callable[[list[Action], Rng], Action]


def uniform(legal: list[Action], rng: Rng) -> Action:
    return rng.choice(legal)


def claim_first(legal: list[Action], rng: Rng) -> Action:
    takes = [a for a in legal if a.verb in CLAIMS]
    wins = [a for a in takes if a.verb == "win"]
    return rng.choice(wins or takes or legal)


POLICIES: dict[str, Policy] = {"uniform": uniform, "claim_first": claim_first}


def play(rules: Rules, seed: int, policy: Policy, each: Callable[[TotomState], None]) -> None:
    st = TotomGame.new_state(rules, seed)
    rng = Rng(seed, "strict-property")
    while not st.is_terminal():
        each(st)
        events = st.apply(policy(st.legal_actions(), rng))
        faults = [e.data for e in events if e.type == "fault"]
        assert not faults, f"seed {seed} {rules}: {faults}"
    out = st.outcome()
    assert out is not None and not out.faults and not st.faults, (seed, rules, out.faults)
    assert out.details.get("penalty") is None


def _offers(st: TotomState) -> None:
    """What strict mode offers, directly: no discard from a face-down khàn (seed 000 §3a), no
    discard while a copy of the card just eaten is held (treo tranh trái vỉ, §3c), ù only when
    valid and then alone (no bỏ ù, no thiếu lưng), dậy khàn alone (no khê khàn)."""
    seat = st.current_player()
    assert seat is not None
    legal = st.legal_actions()
    if st.phase == "discard":
        free = st.seats[seat].free()
        discards = [a.card for a in legal if a.verb == "discard"]  # type: ignore[attr-defined]
        assert all(free[k] for k in discards), "a face-down khàn is broken"
        if discards and st.eaten >= 0:
            assert not free[st.eaten], "a copy of the card eaten stays in hand"
    elif st.phase == "claim":
        verbs = {a.verb for a in legal}
        if "win" in verbs:
            assert verbs == {"win"} and claims.win_check(st, seat).win
        if "day_khan" in verbs:
            assert verbs == {"day_khan"}


def test_strict_random_play_commits_no_fault() -> None:
    games = 0
    for seed in range(700):
        rules = VARIANTS[seed % len(VARIANTS)]
        for policy in POLICIES.values():
            play(rules, seed, policy, _offers)
            games += 1
    assert games == 1400


def _no_fault_after(st: TotomState, action: Action) -> TotomState:
    after = _try(st, action)
    assert len(after.faults) == len(st.faults), f"strict mode offers {action}: {after.faults}"
    return after


def _every_offer_is_fault_free(st: TotomState) -> None:
    _offers(st)
    for action in st.legal_actions():
        after = _no_fault_after(st, action)
        if after.phase == "discard":  # a take: some answer after it must be fault-free
            assert any(
                len(_try(after, b).faults) == len(st.faults) for b in after.legal_actions()
            ), f"{action} can only be followed by a fault"


def _try(st: TotomState, action: Action) -> TotomState:
    """``action`` played on a clone; a claim window it answers is then resolved, the other
    seats playing their defaults."""
    after = st.clone()
    after.apply(action)
    while after.window is not None and st.window is not None:
        d = after.decisions()[0]
        after.apply(d.default, d.seat)
    return after


def test_strict_never_offers_a_fault() -> None:
    for seed in range(50):
        rules = VARIANTS[seed % len(VARIANTS)]
        for policy in POLICIES.values():
            play(rules, 5000 + seed, policy, _every_offer_is_fault_free)
