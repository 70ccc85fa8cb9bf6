"""Strict mode never leads to a fault (shared/rules/chan_totom.md C1): a claim followed by a
discard (an eat, a chíu) is offered only when some đánh or trả cửa after it is fault-free, so
no policy, however greedy, can be driven into a fault."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from chieu.core.actions import Action
from chieu.core.outcome import Termination
from chieu.games.chan import actions as A
from chieu.games.chan.game import ChanGame
from chieu.games.chan.rules import Rules
from chieu.games.chan.state import ChanState

# -- the example: a chíu after which every discard is a fault ----------------------------

#: Seat 1's 19 cards: three 8S, the cạ 2V 2W and 7W 7V to split, the chắn 9S 9S to split, 4W 4W
#: (one is discarded), 6W (discarded beside 6V 6V 6V 6S), 3V, 5V and CC.
SPLIT_HAND = "8S8S8S 2V2W 7W7V 9S9S 4W4W 6V6V6V6S6W 3V 5V CC"
#: The same but 5S instead of the second 4W, discarded instead of it: the 4W left is clean.
CLEAN_HAND = "8S8S8S 2V2W 7W7V 9S9S 4W5S 6V6V6V6S6W 3V 5V CC"


def _split_chiu(
    chan, mode: str, *, drawn: bool = False, hand: str = SPLIT_HAND, first: str = "4W"
) -> ChanState:
    """Seat 1 eats four times (three cạ, one chắn) and discards after each; then the fourth 8S
    shows: the cái (seat 0) discards it, or with ``drawn`` draws it (a chíu of it is then
    followed by a trả cửa into door 0). With ``SPLIT_HAND`` seat 1 is left with ``2W 4W 6V 6V
    6V 6S 7V 9S`` besides the three 8S: 2W and 7V are the leftovers of split cạ (fault 9), 4W
    was discarded (fault 3), 6V and 6S would make a cạ with the discarded 6W after eating a cạ
    (fault 7), and 9S is the leftover of a split chắn (fault 5)."""
    cai, last = ("2S 6V", "8S") if drawn else ("2S 6V 8S 8V", "8V")
    st = chan.make_state([cai, hand], f"7S 9V 5V {last}", fault_mode=mode)
    K = chan.K
    moves = [
        (0, A.DISCARD[K("2S")]),
        (1, A.EAT[K("2V")]),  # splits the cạ 2V 2W
        (1, A.DISCARD[K(first)]),
        (0, A.DRAW),  # 7S
        (0, A.PASS),
        (1, A.EAT[K("7W")]),  # splits the cạ 7W 7V
        (1, A.DISCARD[K("6W")]),
        (0, A.DRAW),  # 9V
        (0, A.PASS),
        (1, A.EAT[K("9S")]),  # splits the chắn 9S 9S
        (1, A.DISCARD[K("3V")]),
        (0, A.DRAW),  # 5V
        (0, A.PASS),
        (1, A.EAT[K("5V")]),  # a chắn
        (1, A.DISCARD[K("CC")]),
        (0, A.DRAW),  # 8S, or 8V which seat 0 eats to discard his 8S
    ]
    if not drawn:
        moves += [(0, A.EAT[K("8V")]), (0, A.DISCARD[K("8S")])]
    for seat, action in moves:
        assert action in st.legal_actions(seat), (seat, action)
        chan.apply(st, action, seat)
    assert st.faults == []
    assert st.live_card == K("8S") and st.live.origin == ("drawn" if drawn else "discard")
    return st


def test_split_chiu_situation(chan) -> None:
    st = _split_chiu(chan, "referee")
    assert st.seats[1].hand == chan.counts("8S8S8S 2W 4W 6V6V6V6S 7V 9S")
    h = st.seats[1].hist
    assert h.split_ca == {chan.K("2W"), chan.K("7V")}
    assert h.split_chan == {chan.K("9S")}
    assert h.discarded_set == {chan.K(c) for c in ("4W", "6W", "3V", "CC")}
    assert h.ate_ca


@pytest.mark.parametrize("drawn", [False, True])
def test_strict_hides_a_chiu_followed_only_by_faults(chan, drawn: bool) -> None:
    st = _split_chiu(chan, "strict", drawn=drawn)
    # no claim window: the decider decides (T5 forbids seat 1 to eat 8S as a plain chắn)
    assert st.phase == "decide"
    if drawn:
        assert st.to_act() == (0,)
        chan.apply(st, A.PASS, 0)
    assert st.to_act() == (1,) and st.legal_actions(1) == [A.DRAW]
    chan.apply(st, A.DRAW, 1)
    assert st.faults == []


@pytest.mark.parametrize("drawn", [False, True])
def test_referee_still_offers_that_chiu_and_every_discard_is_a_fault(chan, drawn: bool) -> None:
    st = _split_chiu(chan, "referee", drawn=drawn)
    assert st.phase == "claim" and st.to_act() == (1,)
    assert st.legal_actions(1) == [A.CHIU, A.DECLINE]
    chan.apply(st, A.CHIU, 1)
    assert st.phase == ("return" if drawn else "discard")
    answers = st.legal_actions(1)
    left = {chan.K(c) for c in ("2W", "4W", "6V", "6S", "7V", "9S")}
    assert {a.card for a in answers} == left
    for action in answers:  # trả cửa, đánh (and in referee mode đánh instead of trả cửa)
        trial = st.clone()
        trial.apply(action, 1)
        assert trial.faults and trial.seats[1].bao, action


@pytest.mark.parametrize("drawn", [False, True])
def test_strict_offers_the_chiu_when_a_clean_discard_is_left(chan, drawn: bool) -> None:
    st = _split_chiu(chan, "strict", drawn=drawn, hand=CLEAN_HAND, first="5S")
    assert st.legal_actions(1) == [A.CHIU, A.DECLINE]
    chan.apply(st, A.CHIU, 1)
    clean = A.RETURN if drawn else A.DISCARD
    assert st.legal_actions(1) == [clean[chan.K("4W")]]
    chan.apply(st, clean[chan.K("4W")], 1)
    assert st.faults == []


# -- property: random play in strict mode commits no fault ---------------------------------------

CLAIMS = frozenset({"win", "chiu", "eat"})
Policy = Callable[[list[Action], random.Random], Action]


def _uniform(legal: list[Action], rnd: random.Random) -> Action:
    return rnd.choice(legal)


def _claim_first(legal: list[Action], rnd: random.Random) -> Action:
    """Always ù, chíu or eat when offered (a random one of them); otherwise at random."""
    claims = [a for a in legal if a.verb in CLAIMS]
    return rnd.choice(claims or legal)


POLICIES: dict[str, Policy] = {"uniform": _uniform, "claim_first": _claim_first}
GAMES = 350  # per policy and table size: about 0.5 s each


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_strict_random_play_commits_no_fault(policy: str, players: int) -> None:
    choose = POLICIES[policy]
    rules = Rules(fault_mode="strict", players=players)
    bad: list[tuple[int, list[str]]] = []
    for seed in range(GAMES):
        rnd = random.Random(seed)
        st = ChanGame.new_state(rules, seed=seed)
        while not st.is_terminal():
            seat = st.current_player()
            st.apply(choose(st.legal_actions(seat), rnd), seat)
        out = st.outcome()
        assert out is not None
        ids = [e.data["id"] for e in st.events if e.type == "fault"]
        penalised = any(x.bao for x in st.seats) or any(x.nat for x in st.seats) or bool(st.pay12)
        if ids or out.faults or out.termination == Termination.FAULT or penalised:
            bad.append((seed, ids))
    faults = sum(len(ids) for _, ids in bad)
    assert not bad, f"{len(bad)} of {GAMES} strict games with {faults} faults: {bad[:5]}"
