"""Chắn turn structure (shared/rules/chan_totom.md A3): discard, eat, draw, pass, the live card,
the 19-card invariant and the end without a winner (A3.6)."""

from __future__ import annotations

import pytest

from chieu.core.errors import IllegalActionError
from chieu.core.outcome import Termination
from chieu.core.rng import Rng
from chieu.games.chan import actions as A
from chieu.games.chan.cards import KINDS
from chieu.games.chan.game import ChanGame
from chieu.games.chan.rules import Rules
from chieu.games.chan.state import ChanState

# seat 1: 5V 5S 7W CC and no other 5, 7 or 9 nor a second CC
EATER = "5V 5S 7W CC 2V 2S 2W 3V 3S 3W 4V 4S 4W 6V 6S 6W 8V 8S 8W"


def _opening(chan, live: str, **opts):
    st = chan.make_state([live, EATER, "", ""], **opts)
    chan.apply(st, A.DISCARD[chan.K(live)], 0)
    return st


def test_cai_discards_first_and_the_next_seat_decides(chan) -> None:
    st = _opening(chan, "5W")
    k = chan.K("5W")
    assert (st.live_card, st.live.door, st.live.origin) == (k, 0, "discard")
    assert st.seats[0].door == [k]
    assert st.phase == "decide" and st.to_act() == (1,)
    assert st.legal_actions(0) == [] and st.legal_actions(2) == []
    legal = st.legal_actions(1)
    assert A.DRAW in legal and A.PASS not in legal
    obs = st.observation(2)
    assert obs["live"] == {"card": k, "door": 0, "origin": "discard"}


@pytest.mark.parametrize(
    ("live", "eats"),
    [
        ("5W", {"5V", "5S"}),  # two cạ
        ("5V", {"5V", "5S"}),  # a chắn (5V) or a cạ (5S)
        ("7S", {"7W"}),
        ("7W", {"7W"}),
        ("CC", {"CC"}),  # Chi chi eats only with Chi chi
        ("9S", set()),  # nothing of rank 9
    ],
)
def test_eat_options_chan_or_ca(chan, live: str, eats: set[str]) -> None:
    st = _opening(chan, live)
    legal = st.legal_actions(1)
    got = {KINDS.codes[a.card] for a in legal if a.verb == "eat"}
    assert got == eats
    assert A.DRAW in legal


def test_chi_chi_never_forms_a_ca(chan) -> None:
    # seat 1 holds no CC: a discarded CC cannot be eaten with anything else
    hand = "5V 5S 7W 9V 2V 2S 2W 3V 3S 3W 4V 4S 4W 6V 6S 6W 8V 8S 8W"
    st = chan.make_state(["CC", hand, "", ""])
    chan.apply(st, A.DISCARD[chan.K("CC")], 0)
    assert st.legal_actions(1) == [A.DRAW]
    with pytest.raises(IllegalActionError):
        chan.apply(st, A.EAT[chan.K("9V")], 1)


def test_eat_then_must_discard(chan) -> None:
    st = _opening(chan, "7S")
    chan.apply(st, A.EAT[chan.K("7W")], 1)
    # the pair goes to the mat, hand card first; the card leaves door 0
    assert st.seats[1].mat == [((chan.K("7W"), chan.K("7S")), "ca")]
    assert st.seats[0].door == []
    assert st.phase == "discard" and st.to_act() == (1,)
    assert chan.held_plus_mat(st, 1) == 20  # pending ĂN → ĐÁNH
    legal = st.legal_actions(1)
    assert all(a.verb == "discard" for a in legal)
    assert A.DRAW not in legal
    assert {a.card for a in legal} == {k for k in range(25) if st.seats[1].hand[k]}
    chan.apply(st, A.DISCARD[chan.K("2V")], 1)
    assert chan.held_plus_mat(st, 1) == 19
    assert (st.live_card, st.live.door, st.live.origin) == (chan.K("2V"), 1, "discard")
    assert st.phase == "decide" and st.to_act() == (2,)


def test_eat_a_chan(chan) -> None:
    st = _opening(chan, "5V")
    chan.apply(st, A.EAT[chan.K("5V")], 1)
    assert st.seats[1].mat == [((chan.K("5V"), chan.K("5V")), "chan")]
    assert st.seats[1].mat_chan == 1


def test_draw_then_eat_or_pass(chan) -> None:
    st = chan.make_state(["9S", EATER, "", ""], "7V 2V")
    chan.apply(st, A.DISCARD[chan.K("9S")], 0)
    (ev,) = st.apply(A.DRAW, 1)  # the draw; a claim window opens on the card
    chan.quiet(st)
    k = chan.K("7V")
    assert ev.type == "action" and ev.data["card"] == k
    assert ev.visible_to is None  # the drawn card is shown to everyone
    assert (st.live_card, st.live.door, st.live.origin) == (k, 1, "drawn")
    assert st.seats[1].door == [k]
    assert st.draws == 1
    assert st.phase == "decide" and st.to_act() == (1,)  # the drawer decides on his draw
    legal = st.legal_actions(1)
    assert A.EAT[chan.K("7W")] in legal and A.PASS in legal and A.DRAW not in legal
    # he may eat his own draw, then must discard
    chan.apply(st, A.EAT[chan.K("7W")], 1)
    assert st.phase == "discard" and st.to_act() == (1,)


def test_pass_then_the_next_seat_eats_or_draws(chan) -> None:
    st = chan.make_state(["9S", EATER, "7S 2W", ""], "7V 2V")
    chan.apply(st, A.DISCARD[chan.K("9S")], 0)
    chan.apply(st, A.DRAW, 1)
    chan.apply(st, A.PASS, 1)  # dưới
    k = chan.K("7V")
    assert (st.live_card, st.live.door, st.live.origin) == (k, 1, "passed")
    assert st.seats[1].door == [k]  # the card stays in his door
    assert st.phase == "decide" and st.to_act() == (2,)
    legal = st.legal_actions(2)
    assert A.EAT[chan.K("7S")] in legal and A.DRAW in legal and A.PASS not in legal
    chan.apply(st, A.DRAW, 2)
    # the passed 7V is now dead: the live card is seat 2's draw
    assert (st.live_card, st.live.door, st.live.origin) == (chan.K("2V"), 2, "drawn")
    assert st.seats[1].door == [k]
    assert A.EAT[chan.K("2W")] in st.legal_actions(2)


def test_wrong_seat_or_illegal_action_raises(chan) -> None:
    st = _opening(chan, "5W")
    with pytest.raises(IllegalActionError):
        chan.apply(st, A.DRAW, 2)  # not his turn
    with pytest.raises(IllegalActionError):
        chan.apply(st, A.PASS, 1)  # only a drawer may pass
    with pytest.raises(IllegalActionError):
        chan.apply(st, A.EAT[chan.K("7W")], 1)  # 7W does not pair with 5W


def _random_playout(rules: Rules, seed: int, chan) -> ChanState:
    st = ChanGame.new_state(rules, seed=seed, setup={"bat_cai": seed % rules.players})
    rng = Rng(seed, "test", "play")
    full = KINDS.full_counts()
    n = rules.players
    for _ in range(600):
        # A3.5: hand + mat = 19 outside a pending ĂN → ĐÁNH (or chíu → trả cửa, or the
        # cái's opening 20)
        for s in range(n):
            pending = st.phase in ("discard", "return") and st.actor == s
            pending = pending or s == st.winner  # the winner holds his 20 cards
            assert chan.held_plus_mat(st, s) == (20 if pending else 19), (s, st.phase)
        total = [0] * 25
        for vec in st.zones().values():
            total = [a + b for a, b in zip(total, vec, strict=True)]
        assert total == full
        if st.is_terminal():
            return st
        seat = st.current_player()
        legal = st.legal_actions(seat)
        assert legal
        if st.phase == "claim":
            # claim a win only when it is legal (no ù láo in a random playout)
            if A.WIN in legal and st.win_verdict(seat) is None:
                action = A.WIN
            else:
                action = rng.choice([a for a in legal if a != A.WIN])
        else:
            action = rng.choice([a for a in legal if a != A.WIN] or legal)
        chan.apply(st, action, seat)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("mode", ["strict", "referee"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_invariants_in_random_playouts(chan, mode: str, players: int) -> None:
    ends = set()
    for seed in range(6):
        st = _random_playout(Rules(players=players, fault_mode=mode), seed, chan)
        out = st.outcome()
        assert out is not None
        assert sum(out.payoffs) == 0
        assert st.draws <= 22
        ends.add(out.termination)
    assert ends  # at least one game ended


# -- A3.6: hòa --------------------------------------------------------------------------------


@pytest.mark.parametrize(("dead", "draws"), [(True, 22), (False, 23)])
def test_hoa_when_the_last_drawable_card_is_drawn(chan, dead: bool, draws: int) -> None:
    st = chan.make_state(["", "", "", ""], last_nocc_dead=dead)
    chan.apply(st, st.legal_actions(0)[0], 0)
    chan.drive(st, lambda s: False, limit=400)
    out = st.outcome()
    assert out is not None
    assert out.termination == Termination.NO_WINNER
    assert out.winner is None
    assert out.payoffs == (0, 0, 0, 0)
    assert st.draws == draws
    assert len(st.stock) == 23 - draws


NEUTRAL21 = "2S 2W 3S 4V 5V 5W 6V 7V 8S 9S 9W CC 2S 2W 3S 5V 5W 6V 7V 8S 9S"


def test_last_card_allows_no_chiu_and_no_eat(chan) -> None:
    # seat 3 holds three 7S, seats 1 and 2 a cạ partner of 7S; the 22nd card is 7S
    st = chan.make_state(["4S", "7W", "7V", "7S7S7S"], NEUTRAL21 + " 7S")
    chan.apply(st, A.DISCARD[chan.K("4S")], 0)
    chan.drive(st, lambda s: s.draws == 22)
    assert any(
        d and d[-1] == chan.K("7S") for d in (x.door for x in st.seats)
    )  # the 22nd card lies face up in its drawer's door
    assert st.live_card == -1  # the game is over: no card is live any more
    assert st.is_terminal()  # no chíu offered, no decision on the card: hòa at once
    assert st.outcome().termination == Termination.NO_WINNER
    assert st.seats[3].mat == []


def test_win_allowed_on_the_last_drawable_card(chan) -> None:
    st = chan.make_state(["", "", chan.C1, ""], NEUTRAL21 + " 6S")
    chan.apply(st, st.legal_actions(0)[0], 0)
    chan.drive(st, lambda s: s.draws == 22)
    assert st.phase == "claim" and st.to_act() == (2,)
    assert st.legal_actions(2) == [A.WIN, A.DECLINE]
    chan.apply(st, A.WIN, 2)
    out = st.outcome()
    assert out.termination == Termination.WIN and out.winner == 2
    assert sum(out.payoffs) == 0 and out.payoffs[2] > 0


def test_declining_the_last_card_is_hoa(chan) -> None:
    st = chan.make_state(["", "", chan.C1, ""], NEUTRAL21 + " 6S")
    chan.apply(st, st.legal_actions(0)[0], 0)
    chan.drive(st, lambda s: s.draws == 22)
    chan.apply(st, A.DECLINE, 2)
    assert st.outcome().termination == Termination.NO_WINNER
    assert st.outcome().payoffs == (0, 0, 0, 0)
