"""Chắn claims (shared/rules/chan_totom.md A3.3-A3.4, A4.4, A2.3, A6 tail): chíu and trả cửa,
ù only on nọc cards (or chíu ù), claim priority, thiên ù and địa ù, báo'd seats sitting out."""

from __future__ import annotations

import pytest

from chieu.core.outcome import Termination
from chieu.games.chan import actions as A


def _ids(out) -> dict[str, int]:
    return {h.id: h.count for h in out.patterns}


# -- chíu and trả cửa -------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["strict", "referee"])
def test_chiu_a_discard_from_another_door_then_tra_cua(chan, mode: str) -> None:
    st = chan.make_state(["7S 9W", "9V 2W", "", "7S7S7S 9S"], fault_mode=mode)
    seven = chan.K("7S")
    chan.apply(st, A.DISCARD[seven], 0)
    # seat 1 is the decider, but seat 3 (three 7S in hand) is asked first, out of turn
    assert st.phase == "claim" and st.to_act() == (3,)
    assert st.legal_actions(3) == [A.CHIU, A.DECLINE]
    chan.apply(st, A.CHIU, 3)
    assert st.seats[3].mat == [((seven,) * 4, "chiu")]
    assert st.seats[3].mat_chan == 2
    assert st.seats[3].chiu_count == 1
    assert st.seats[0].door == []  # the card left door 0
    assert st.phase == "return" and st.to_act() == (3,)
    assert st.return_door == 0
    assert chan.held_plus_mat(st, 3) == 20
    returns = [a for a in st.legal_actions(3) if a.verb == "return"]
    assert returns and {a.card for a in returns} <= {k for k in range(25) if st.seats[3].hand[k]}
    if mode == "strict":  # the engine puts the card into the right door
        assert all(a.verb == "return" for a in st.legal_actions(3))
    chan.apply(st, A.RETURN[chan.K("9S")], 3)
    nine = chan.K("9S")
    assert chan.held_plus_mat(st, 3) == 19
    assert st.seats[0].door == [nine] and st.seats[3].door == []
    assert (st.live_card, st.live.door, st.live.origin) == (nine, 0, "returned")
    # the returned card is a discard from door 0: seat 1 decides (eat or draw)
    assert st.phase == "decide" and st.to_act() == (1,)
    legal = st.legal_actions(1)
    assert any(a.verb == "eat" for a in legal)  # he holds 9V
    assert A.DRAW in legal and A.PASS not in legal


def test_chiu_of_a_returned_card(chan) -> None:
    """A trả cửa is an exposure (A3.4): the returned card may be chíu'd in turn, and the
    second chíu player returns into the same door."""
    st = chan.make_state(["7S", "", "9S9S9S 2V", "7S7S7S 9S"])
    chan.apply(st, A.DISCARD[chan.K("7S")], 0)
    chan.apply(st, A.CHIU, 3)
    chan.apply(st, A.RETURN[chan.K("9S")], 3)
    assert st.phase == "claim" and st.to_act() == (2,)
    assert st.legal_actions(2) == [A.CHIU, A.DECLINE]
    chan.apply(st, A.CHIU, 2)
    assert st.return_door == 0
    chan.apply(st, A.RETURN[chan.K("2V")], 2)
    assert st.seats[0].door == [chan.K("2V")]
    assert st.phase == "decide" and st.to_act() == (1,)
    assert [x.chiu_count for x in st.seats] == [0, 0, 1, 1]
    assert all(chan.held_plus_mat(st, s) == 19 for s in (1, 2, 3))


def test_chiu_a_drawn_card_returns_to_the_drawer(chan) -> None:
    """A3.3 "After trả cửa" / D-14: the drawer decides on the returned card: eat or pass."""
    st = chan.make_state(["2V 7S7S7S 9S", "", "9V", ""], "8W 7S")
    chan.apply(st, A.DISCARD[chan.K("2V")], 0)
    chan.apply(st, A.DRAW, 1)
    chan.apply(st, A.PASS, 1)
    chan.apply(st, A.DRAW, 2)  # 7S
    assert st.phase == "claim" and st.to_act() == (0,)
    chan.apply(st, A.CHIU, 0)
    assert st.phase == "return" and st.return_door == 2
    chan.apply(st, A.RETURN[chan.K("9S")], 0)
    assert st.seats[2].door == [chan.K("9S")]
    assert st.live.origin == "returned" and st.live.door == 2
    assert st.phase == "decide" and st.to_act() == (2,)
    legal = st.legal_actions(2)
    assert A.EAT[chan.K("9V")] in legal
    assert A.PASS in legal and A.DRAW not in legal  # he may not draw again
    chan.apply(st, A.PASS, 2)
    assert st.phase == "decide" and st.to_act() == (3,)
    assert A.DRAW in st.legal_actions(3)


def test_returned_card_is_no_nocc_card(chan) -> None:
    """Ù on a trả-cửa card only by chíu ù (A4.4): seat 2, waiting on 6S, gets no ù."""
    st = chan.make_state(["3S 9W", "", chan.C1, "3S3S3S 6S"], fault_mode="strict")
    chan.apply(st, A.DISCARD[chan.K("3S")], 0)
    chan.apply(st, A.CHIU, 3)
    chan.apply(st, A.RETURN[chan.K("6S")], 3)
    assert st.live_card == chan.K("6S")
    assert st.phase == "decide" and st.to_act() == (1,)  # no claim window for seat 2


def test_chiu_by_the_decider_is_a_normal_discard(chan) -> None:
    """A3.3 exception: chíu of one's own cửa-trên card → discard into one's own door."""
    st = chan.make_state(["7S 9W", "7S7S7S 9S", "", ""])
    chan.apply(st, A.DISCARD[chan.K("7S")], 0)
    assert st.to_act() == (1,) and st.legal_actions(1) == [A.CHIU, A.DECLINE]
    chan.apply(st, A.CHIU, 1)
    assert st.phase == "discard" and st.to_act() == (1,)
    assert st.return_door is None
    assert all(a.verb == "discard" for a in st.legal_actions(1))
    chan.apply(st, A.DISCARD[chan.K("9S")], 1)
    assert st.seats[1].door == [chan.K("9S")] and st.seats[0].door == []
    assert st.phase == "decide" and st.to_act() == (2,)
    assert chan.held_plus_mat(st, 1) == 19


def test_chiu_of_ones_own_draw_is_a_normal_discard(chan) -> None:
    st = chan.make_state(["9W", "7S7S7S 9S", "", ""], "7S")
    chan.apply(st, A.DISCARD[chan.K("9W")], 0)
    chan.apply(st, A.DRAW, 1)
    assert st.phase == "claim" and st.to_act() == (1,)
    chan.apply(st, A.CHIU, 1)
    assert st.phase == "discard" and st.to_act() == (1,)
    chan.apply(st, A.DISCARD[chan.K("9S")], 1)
    assert st.live.door == 1 and st.to_act() == (2,)


def test_declined_chiu_falls_back_to_the_decider(chan) -> None:
    st = chan.make_state(["7S", "", "", "7S7S7S"])
    chan.apply(st, A.DISCARD[chan.K("7S")], 0)
    chan.apply(st, A.DECLINE, 3)
    assert st.phase == "decide" and st.to_act() == (1,)
    assert st.seats[3].mat == []


# -- ù: only on a nọc card, or by chíu ù --------------------------------------------------------


def test_u_on_a_card_drawn_by_another_seat(chan) -> None:
    """C1 won on a 6S drawn by seat 2 (the second draw: no địa ù, no chì): bạch thủ = 4."""
    st = chan.make_state(["9W", chan.C1, "", ""], "8S 6S")
    chan.apply(st, A.DISCARD[chan.K("9W")], 0)
    chan.apply(st, A.DRAW, 1)
    chan.apply(st, A.PASS, 1)
    chan.apply(st, A.DRAW, 2)
    assert st.live_card == chan.K("6S") and st.live.door == 2
    assert st.phase == "claim" and st.to_act() == (1,)
    chan.apply(st, A.WIN, 1)
    out = st.outcome()
    assert out.winner == 1 and _ids(out) == {"bach_thu": 1}
    assert out.score == 4 and out.payoffs == (-4, 12, -4, -4)


def test_u_chi_when_he_draws_it(chan) -> None:
    st = chan.make_state(["9W", chan.C1, "", ""], "8S 2W 3S 4W 6S")
    chan.apply(st, A.DISCARD[chan.K("9W")], 0)
    chan.drive(st, lambda s: s.draws == 4 and s.phase == "decide" and s.actor == 1)
    chan.apply(st, A.DRAW, 1)
    assert st.live_card == chan.K("6S") and st.to_act() == (1,)
    chan.apply(st, A.WIN, 1)
    out = st.outcome()
    assert _ids(out) == {"chi": 1, "bach_thu": 1} and out.score == 5  # C1


def test_dia_u_on_the_first_nocc_card(chan) -> None:
    st = chan.make_state(["9W", chan.C1, "", ""], "6S")
    chan.apply(st, A.DISCARD[chan.K("9W")], 0)
    chan.apply(st, A.DRAW, 1)
    chan.apply(st, A.WIN, 1)
    out = st.outcome()
    assert _ids(out) == {"chi": 1, "dia_u": 1, "bach_thu": 1}
    assert out.score == 6


def test_thong_when_he_also_won_the_previous_game(chan) -> None:
    st = chan.make_state(["9W", chan.C1, "", ""], "8S 6S", prev_winner=1)
    chan.play(st, (0, A.DISCARD[chan.K("9W")]), (1, A.DRAW), (1, A.PASS), (2, A.DRAW))
    chan.apply(st, A.WIN, 1)
    out = st.outcome()
    assert _ids(out) == {"thong": 1, "bach_thu": 1} and out.score == 5


@pytest.mark.parametrize(("minimum", "payoffs"), [(2, (-2, 6, -2, -2)), (3, (12, -36, 12, 12))])
def test_min_u_score_khong_u_suong(chan, minimum: int, payoffs) -> None:
    """A5.3 min_u_score: a xuông (2) below the table minimum 3 pays like 8 đỏ 2 lèo."""
    st = chan.make_state(["9W", chan.C2, "", ""], "8S 5S", min_u_score=minimum)
    chan.play(st, (0, A.DISCARD[chan.K("9W")]), (1, A.DRAW), (1, A.PASS), (2, A.DRAW))
    chan.apply(st, A.WIN, 1)
    out = st.outcome()
    assert out.payoffs == payoffs
    if minimum == 3:
        assert out.winner is None and out.termination == Termination.FAULT


@pytest.mark.parametrize("mode", ["strict", "referee"])
def test_no_u_on_a_discard_c15(chan, mode: str) -> None:
    st = chan.make_state(["6S 9W", chan.C1, "", ""], fault_mode=mode)
    chan.apply(st, A.DISCARD[chan.K("6S")], 0)
    if mode == "strict":
        assert st.phase == "decide" and st.to_act() == (1,)
        legal = st.legal_actions(1)
        assert A.WIN not in legal
        assert A.EAT[chan.K("6S")] in legal  # eating it as a chắn is legal (and no win)
        chan.apply(st, A.EAT[chan.K("6S")], 1)
        assert st.phase == "discard" and st.to_act() == (1,) and not st.is_terminal()
    else:
        assert st.phase == "claim" and A.WIN in st.legal_actions(1)
        chan.apply(st, A.WIN, 1)  # ù láo
        out = st.outcome()
        assert out.termination == Termination.FAULT and out.winner is None
        assert chan.fault_ids(st) == ["u_lao"]
        assert out.payoffs == (12, -36, 12, 12)


def test_chiu_u_c12(chan) -> None:
    """C12: an ordinary discard completes the hand only by chíu ù: chíu ù + bạch thủ = 5."""
    st = chan.make_state(["9W", "", chan.C12, "3V 7S"], "4V 3S", fault_mode="strict")
    chan.apply(st, A.DISCARD[chan.K("9W")], 0)
    chan.apply(st, A.DRAW, 1)
    chan.apply(st, A.PASS, 1)
    chan.apply(st, A.DRAW, 2)
    chan.apply(st, A.PASS, 2)
    chan.apply(st, A.EAT[chan.K("3V")], 3)  # cạ 3V 3S
    chan.apply(st, A.DISCARD[chan.K("7S")], 3)
    assert st.phase == "claim" and st.to_act() == (2,)
    assert st.legal_actions(2) == [A.WIN, A.CHIU, A.DECLINE]
    chan.apply(st, A.WIN, 2)
    out = st.outcome()
    assert out.winner == 2
    assert _ids(out) == {"chiu_u": 1, "bach_thu": 1} and out.score == 5
    assert ((chan.K("7S"),) * 4, "chiu") in st.seats[2].mat


#: a whole game's action ids (every claim answer included) that ends with seat 0 holding only
#: three 8W, eight chắn on his mat, and 8W drawn from the nọc by seat 2: found by the learned
#: bot, which chose chíu over ù there and emptied its hand (the engine then offered nothing)
LAST_THREE = (
    "24 79 79 79 49 22 79 79 79 50 79 79 79 79 25 24 79 79 79 50 79 79 79 79 48 15 79 79 79 "
    "40 0 79 79 79 25 2 79 79 79 27 15 79 79 79 50 79 79 79 79 51 50 79 79 79 79 51 50 79 "
    "79 79 79 51 36 9 79 79 79 35 22 79 79 79 50 79 79 79 37 9 79 79 35 6 79 79 31 7 79 32 "
    "6 79 31 13 79 50 79 79 39 2 79 50 79 79 33 21 79 50 79 79 51 44 16 79 50 79 79 51 50 "
    "79 79 28 17 79 50 79 79 51 50 79 79 51 50 79 "
)


def test_no_chiu_with_the_last_three_cards_only_chiu_u(chan) -> None:
    """A chíu must leave a card to trả cửa: with his last three cards only ù or bỏ qua."""
    from chieu import load_game

    game = load_game("chan")
    st = game.new_state(seed=15603337664404070442)
    for action_id in map(int, LAST_THREE.split()):
        (first, *_) = st.decisions()
        st.apply(game.action_space.action(action_id), first.seat)
    me = st.seats[0]
    eight_w = chan.K("8W")
    assert me.hand[eight_w] == sum(me.hand) == 3 and st.live_card == eight_w and me.mat_chan == 8
    assert st.phase == "claim" and st.decisions()[0].seat == 0
    assert st.legal_actions(0) == [A.WIN, A.DECLINE]
    st.apply(A.WIN, 0)
    out = st.outcome()
    assert out.winner == 0 and "chiu_u" in _ids(out)


def test_no_eat_with_the_last_card_in_hand(chan) -> None:
    """An eat must leave a card to đánh: the decider holding one card may only draw."""
    st = chan.make_state(["9W", "9W", "", ""])
    nine = chan.K("9W")
    me = st.seats[1]
    held = [k for k in range(25) for _ in range(me.hand[k]) if k != nine]
    me.mat += [((k,), "test") for k in held]  # every other card out of his hand
    me.hand = [0] * 25
    me.hand[nine] = 1
    me.forget()
    chan.apply(st, A.DISCARD[nine], 0)
    assert st.legal_actions(1) == [A.WIN, A.DECLINE]  # referee mode: an ù láo, if he dares
    chan.apply(st, A.DECLINE, 1)
    assert st.phase == "decide" and st.to_act() == (1,)
    assert st.legal_actions(1) == [A.DRAW]


def test_dia_chiu_u_on_the_cai_first_discard(chan) -> None:
    st = chan.make_state(["7S", "", chan.C12, ""])
    chan.apply(st, A.DISCARD[chan.K("7S")], 0)
    chan.apply(st, A.WIN, 2)
    out = st.outcome()
    assert _ids(out) == {"dia_u": 1, "chiu_u": 1, "bach_thu": 1} and out.score == 6


# -- claim priority (A3.4) --------------------------------------------------------------------

# seat 0 (cái, 20 cards): after discarding CC, bạch thủ on 6S like C1 (copies kept ≤ 4)
CAI_6S = "3S3S 5V5V 7V7V 8S8S 9W9W | 2S2W 4V4S 6V6W 3V3W | 6S CC"


def test_u_priority_by_door_distance(chan) -> None:
    st = chan.make_state([CAI_6S, "", "", chan.C1], "6S")
    chan.apply(st, A.DISCARD[chan.K("CC")], 0)
    chan.apply(st, A.DRAW, 1)  # 6S from door 1: seat 3 (distance 2) before seat 0 (distance 3)
    assert st.phase == "claim" and st.to_act() == (3, 0)
    assert st.current_player() == 3
    # both claim ù, in any order: the nearer door distance wins
    chan.apply(st, A.WIN, 0)
    assert not st.is_terminal() and st.to_act() == (3,)
    chan.apply(st, A.WIN, 3)
    out = st.outcome()
    assert out.winner == 3 and out.payoffs[0] < 0
    (claim,) = chan.events(st, "claim")
    assert claim.actor == 3 and claim.visible_to is None


def test_claim_answers_are_private(chan) -> None:
    """Who answered what stays with each seat; the table learns only the claim that won."""
    st = chan.make_state([CAI_6S, "", "", chan.C1], "6S")
    chan.apply(st, A.DISCARD[chan.K("CC")], 0)
    before = len(st.events)
    chan.apply(st, A.DRAW, 1)
    # the drawer and seat 2 had nothing to claim: their forced passes leave no event at all
    assert not [e for e in st.events[before:] if e.type == "action" and e.visible_to is not None]
    events = chan.apply(st, A.DECLINE, 3)
    assert [e.type for e in events] == ["action"] and st.phase == "claim"
    assert events[0].visible_to == frozenset({3})
    assert all(x is not events[0] for s in (0, 1, 2, None) for x in st.history(s))
    assert events[0] in st.history(3)
    assert st.observation(2)["phase"] == "claim" and st.observation(2)["asked"] == [1, 2, 3, 0]


def test_u_priority_passes_on_after_a_decline(chan) -> None:
    st = chan.make_state([CAI_6S, "", "", chan.C1], "6S")
    chan.apply(st, A.DISCARD[chan.K("CC")], 0)
    chan.apply(st, A.DRAW, 1)
    chan.apply(st, A.DECLINE, 3)
    assert st.to_act() == (0,) and A.WIN in st.legal_actions(0)
    chan.apply(st, A.WIN, 0)
    assert st.outcome().winner == 0


def test_the_drawer_has_the_first_claim(chan) -> None:
    st = chan.make_state([CAI_6S, "", "", chan.C1], "8S 8W 6S")
    chan.apply(st, A.DISCARD[chan.K("CC")], 0)
    chan.drive(st, lambda s: s.draws == 2 and s.phase == "decide" and s.actor == 3)
    chan.apply(st, A.DRAW, 3)  # seat 3 draws 6S: he (distance 0) comes before seat 0 (distance 1)
    assert st.to_act() == (3, 0)
    chan.apply(st, A.DECLINE, 3)
    chan.apply(st, A.WIN, 0)
    out = st.outcome()
    assert out.winner == 0 and "chi" not in _ids(out)


def test_u_beats_a_nearer_chiu(chan) -> None:
    # seat 2 can chíu 5S (distance 1); seat 3 waits on 5S (C2, ù rộng; distance 2)
    st = chan.make_state(["9W", "", "5S5S5S", chan.C2], "5S")
    chan.apply(st, A.DISCARD[chan.K("9W")], 0)
    chan.apply(st, A.DRAW, 1)
    assert st.phase == "claim" and st.to_act() == (2, 3)
    assert st.legal_actions(3) == [A.WIN, A.DECLINE]
    assert st.legal_actions(2) == [A.CHIU, A.DECLINE]
    chan.apply(st, A.CHIU, 2)  # held until seat 3, who may ù, has answered
    assert st.phase == "claim" and st.seats[2].mat == []
    chan.apply(st, A.DECLINE, 3)
    assert st.phase == "return" and st.return_door == 1


def test_u_beats_chiu_win(chan) -> None:
    st = chan.make_state(["9W", "", "5S5S5S", chan.C2], "5S")
    chan.apply(st, A.DISCARD[chan.K("9W")], 0)
    chan.apply(st, A.DRAW, 1)
    chan.apply(st, A.WIN, 3)
    chan.apply(st, A.CHIU, 2)
    assert st.outcome().winner == 3
    assert st.seats[2].mat == []


# -- thiên ù (A2.3, C16) -----------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["strict", "referee"])
def test_thien_u_c16(chan, mode: str) -> None:
    st = chan.make_state([chan.C16, "", "", ""], fault_mode=mode)
    legal = st.legal_actions(0)
    assert A.WIN in legal
    chan.apply(st, A.WIN, 0)
    out = st.outcome()
    assert out.termination == Termination.WIN and out.winner == 0
    assert _ids(out) == {"thien_u": 1, "tom": 1} and out.score == 5
    assert out.payoffs == (15, -5, -5, -5)


def test_thien_u_bach_thu_variant(chan) -> None:
    st = chan.make_state([chan.C16, "", "", ""], thien_u_bach_thu=True)
    chan.apply(st, A.WIN, 0)
    assert st.outcome().score == 6  # SD: + bạch thủ for exactly 6 chắn


# 20 cards in 10 pairs but only 5 chắn: no thiên ù
FIVE_CHAN_20 = "2V2V 3S3S 4W4W 5V5V 6S6S | 7W7V 8W8V 9W9S 2S2W 3V3W"


def test_thien_u_needs_six_chan(chan) -> None:
    st = chan.make_state([FIVE_CHAN_20, "", "", ""], fault_mode="strict")
    assert A.WIN not in st.legal_actions(0)
    st = chan.make_state([FIVE_CHAN_20, "", "", ""], fault_mode="referee")
    assert A.WIN in st.legal_actions(0)  # referee: he may declare it, and it is ù láo
    chan.apply(st, A.WIN, 0)
    assert chan.fault_ids(st) == ["u_lao"]
    assert st.outcome().payoffs == (-36, 12, 12, 12)


# -- báo'd seats sit out (A6 tail) -------------------------------------------------------------

# seat 1 commits fault 1 (bỏ ăn chắn): declines 5V, draws 9V, eats it with 9S, discards 5V
BAO_HAND = "5V 9S 7S7S7S"


def _bao_seat_1(chan, players: int = 4, draws: str = "9V"):
    hands = ["5V"] + [BAO_HAND] + [""] * (players - 2)
    st = chan.make_state(hands, draws, players=players)
    chan.apply(st, A.DISCARD[chan.K("5V")], 0)
    chan.apply(st, A.DRAW, 1)
    chan.apply(st, A.EAT[chan.K("9S")], 1)
    chan.apply(st, A.DISCARD[chan.K("5V")], 1)
    return st


def test_bao_seat_is_skipped_as_decider_and_claimant(chan) -> None:
    st = _bao_seat_1(chan, draws="9V 2V 3S 7S")
    assert [x.bao for x in st.seats] == [False, True, False, False]
    assert any(e.type == "bao" and e.actor == 1 for e in st.events)
    assert st.to_act() == (2,)
    chan.drive(st, lambda s: s.draws == 4)
    # the 4th draw (7S, by seat 0) is not offered to seat 1 for chíu, and after seat 0 passes
    # the next decider is seat 2, not seat 1
    assert st.live_card == chan.K("7S") and st.phase == "decide" and st.to_act() == (0,)
    chan.apply(st, A.PASS, 0)
    assert st.to_act() == (2,)
    for _ in range(30):
        if st.is_terminal():
            break
        assert 1 not in st.to_act()
        chan.step_passively(st)


def test_two_players_game_ends_when_one_is_bao(chan) -> None:
    st = _bao_seat_1(chan, players=2)
    assert st.is_terminal()
    out = st.outcome()
    assert out.termination == Termination.FAULT  # SD ALL_BAO: stopped on faults
    assert out.payoffs == (0, 0)  # báo costs nothing without a winner


def test_three_players_game_ends_when_two_are_bao(chan) -> None:
    st = chan.make_state(["5V", "5V 9S", "5V5V"], "9V", players=3)
    chan.apply(st, A.DISCARD[chan.K("5V")], 0)
    chan.apply(st, A.DRAW, 1)
    chan.apply(st, A.EAT[chan.K("9S")], 1)
    chan.apply(st, A.DISCARD[chan.K("5V")], 1)  # fault 1: báo
    assert [x.bao for x in st.seats] == [False, True, False] and not st.is_terminal()
    assert st.to_act() == (2,)
    chan.apply(st, A.EAT[chan.K("5V")], 2)
    chan.apply(st, A.DISCARD[chan.K("5V")], 2)  # fault 6 (ăn chắn xé chắn): báo
    assert [x.bao for x in st.seats] == [False, True, True]
    assert st.is_terminal()
    out = st.outcome()
    assert out.termination == Termination.FAULT and out.winner is None
    assert out.payoffs == (0, 0, 0)
