"""Chắn faults (shared/rules/chan_totom.md A6, A5.4, C1; seed 001 §3).

Every fault is committed with a concrete move sequence in referee mode (the move is allowed, a
``fault`` event names it, the penalty follows), and the same move is not offered in strict mode.
Penalties: NAT (nghỉ ăn tiền) → a winner collects nothing; báo → sits out and đền làng if
someone wins, nothing in a hòa; 10–13 → pays 12 to each other seat; 14 (xướng sai) → the winner
pays what he declared.
"""

from __future__ import annotations

import pytest

from chieu.core.outcome import Termination
from chieu.games.chan import actions as A
from chieu.games.chan.fault_rules import ALL_FAULTS, BAO, NAT, PAY12
from chieu.games.chan.scoring import settle
from tests.games.chan.conftest import HELPERS as chan

MODES = ["referee", "strict"]


def _fault_events(st, fault_id: str):
    return [e for e in st.events if e.type == "fault" and e.data["id"] == fault_id]


def _check_referee(st, seat: int, fault_id: str, penalty: str, also: tuple[str, ...] = ()) -> None:
    ids = [f.id for f in st.faults]
    assert fault_id in ids
    assert set(ids) <= {fault_id, *also}  # that fault and no other
    (ev,) = _fault_events(st, fault_id)
    assert ev.actor == seat and ev.data["seat"] == seat
    assert ev.data["penalty"] == penalty
    assert ev.data["explanation"]
    if penalty == NAT:
        assert st.seats[seat].nat and not st.seats[seat].bao
    elif penalty == BAO:
        assert st.seats[seat].bao
        assert any(e.type == "bao" and e.actor == seat for e in st.events)
    elif penalty == PAY12:
        assert seat in st.pay12


#: Seats 1, 2 and 3 each draw from the nọc and pass the card on (dưới).
DRAW_AND_PASS_1_TO_3 = [(seat, action) for seat in (1, 2, 3) for action in (A.DRAW, A.PASS)]


def _do(st, moves, mode: str, last) -> bool:
    """Play ``moves``; then in referee mode play ``last`` (returns True); in strict mode check
    that ``last`` is not offered (returns False)."""
    for seat, action in moves:
        chan.apply(st, action, seat)
    seat, action = last
    if mode == "strict":
        assert st.current_player() == seat
        legal = st.legal_actions(seat)
        assert legal, "strict mode must still offer some action"
        assert action not in legal
        return False
    assert action in st.legal_actions(seat)
    chan.apply(st, action, seat)
    return True


def test_every_fault_class_is_declared() -> None:
    numbers = {f.number: f for f in ALL_FAULTS}
    assert sorted(numbers, key=lambda n: (n[0] != "T", int(n.strip("T")))) == [
        "T1",
        "T2",
        "T3",
        "T4",
        "T5",
        *[str(i) for i in range(1, 15)],
    ]
    for n in ("T1", "T2", "T3", "T4", "T5"):
        assert numbers[n].penalty == NAT
    for n in range(1, 10):
        assert numbers[str(n)].penalty == BAO
    for n in range(10, 14):
        assert numbers[str(n)].penalty == PAY12


def test_physical_faults_are_not_detectable() -> None:
    """T2 (treo tranh: not laying all four chíu cards down) and T3 (trái vỉ) are physical."""
    by_number = {f.number: f for f in ALL_FAULTS}
    for n in ("T2", "T3"):
        assert by_number[n].detectable is False
        assert not by_number[n].verbs  # no action can commit them
    assert all(f.detectable for f in ALL_FAULTS if f.number not in ("T2", "T3"))


# -- NAT: T1, T4, T5 --------------------------------------------------------------------------

# seat 3: three 7S; after a chíu and discarding CC he is bạch thủ on 2S
T1_HAND = "7S7S7S 2V2V 3S3S 4W4W 5V5S 6V6W 8W8V 9W9S CC 2S"


@pytest.mark.parametrize("mode", MODES)
def test_t1_treo_tranh_wrong_door(chan, mode: str) -> None:
    st = chan.make_state(["7S", "", "", T1_HAND], "2S", fault_mode=mode)
    moves = [(0, A.DISCARD[chan.K("7S")]), (3, A.CHIU)]
    if not _do(st, moves, mode, (3, A.DISCARD[chan.K("CC")])):  # own door, not door 0
        assert all(a.verb == "return" for a in st.legal_actions(3))
        return
    _check_referee(st, 3, "treo_tranh", NAT)
    assert st.seats[3].door == [chan.K("CC")] and st.seats[0].door == []
    assert st.to_act() == (0,)
    chan.apply(st, A.DRAW, 0)
    chan.apply(st, A.WIN, 3)
    out = st.outcome()
    assert out.termination == Termination.WIN and out.winner == 3 and out.score > 0
    assert out.payoffs == (0, 0, 0, 0)  # nghỉ ăn tiền


def test_t1_control_right_door_pays(chan) -> None:
    st = chan.make_state(["7S", "", "", T1_HAND], "2S")
    chan.play(st, (0, A.DISCARD[chan.K("7S")]), (3, A.CHIU), (3, A.RETURN[chan.K("CC")]))
    assert st.faults == []
    chan.apply(st, A.DRAW, 1)
    chan.apply(st, A.WIN, 3)
    out = st.outcome()
    assert out.winner == 3 and out.payoffs[3] == 3 * out.score > 0


# seat 1: 5V 5S 5W; eating 5V with 5S is a cạ while holding 5V (T4); then bạch thủ on 2S
T4_HAND = "5V 5S 5W 2W2W 3V3V 4S4S 6V6V 7W7W 8V8S 9V9S CC 2S"


@pytest.mark.parametrize("mode", MODES)
def test_t4_an_treo_tranh(chan, mode: str) -> None:
    st = chan.make_state(["5V", T4_HAND, "", ""], "2S", fault_mode=mode)
    if not _do(st, [(0, A.DISCARD[chan.K("5V")])], mode, (1, A.EAT[chan.K("5S")])):
        eats = {a.card for a in st.legal_actions(1) if a.verb == "eat"}
        assert eats == {chan.K("5V")}  # 5W would be a cạ too
        return
    _check_referee(st, 1, "an_treo_tranh", NAT)
    assert chan.fault_ids(st) == ["an_treo_tranh"]
    chan.apply(st, A.DISCARD[chan.K("CC")], 1)
    chan.apply(st, A.DRAW, 2)
    chan.apply(st, A.WIN, 1)
    out = st.outcome()
    assert out.winner == 1 and out.payoffs == (0, 0, 0, 0)


# seat 1: three 5V; eating the 4th as an ordinary chắn (T5); then bạch thủ on 2S
T5_HAND = "5V5V5V 2W2W 3S3S 4W4W 6V6S 7W7V 8W8S 9W9S CC 2S"


@pytest.mark.parametrize("mode", MODES)
def test_t5_chiu_duoc_ma_an_thuong(chan, mode: str) -> None:
    st = chan.make_state(["5V", T5_HAND, "", ""], "2S", fault_mode=mode)
    moves = [(0, A.DISCARD[chan.K("5V")]), (1, A.DECLINE)]
    if not _do(st, moves, mode, (1, A.EAT[chan.K("5V")])):
        assert A.DRAW in st.legal_actions(1)
        return
    _check_referee(st, 1, "chiu_ma_an_thuong", NAT)
    chan.apply(st, A.DISCARD[chan.K("CC")], 1)
    chan.apply(st, A.DRAW, 2)
    chan.apply(st, A.WIN, 1)
    out = st.outcome()
    assert out.winner == 1 and out.payoffs == (0, 0, 0, 0)


# -- BÁO: 1-9 ---------------------------------------------------------------------------------


def _bao_then_win(chan, st, offender: int, winner: int) -> None:
    """Drive passively until ``winner`` ù; the báo'd ``offender`` đền làng for the table."""
    chan.drive_to_win(st, winner)
    out = st.outcome()
    assert out.winner == winner and out.score > 0
    s = out.score
    expected = [0, 0, 0, 0]
    expected[winner] = 3 * s
    expected[offender] = -3 * s
    assert list(out.payoffs) == expected
    assert list(out.payoffs) == settle(4, winner=winner, score=s, bao=(offender,))


@pytest.mark.parametrize("mode", MODES)
def test_1_bo_an_chan(chan, mode: str) -> None:
    """Seat 1 could eat the cái's 5V as a chắn but draws; later he discards 5V."""
    st = chan.make_state(["5V", "5V 9S", "", chan.C1], "9V 6S", fault_mode=mode)
    moves = [(0, A.DISCARD[chan.K("5V")]), (1, A.DRAW), (1, A.EAT[chan.K("9S")])]
    if not _do(st, moves, mode, (1, A.DISCARD[chan.K("5V")])):
        return
    _check_referee(st, 1, "bo_an_chan", BAO)
    _bao_then_win(chan, st, offender=1, winner=3)


@pytest.mark.parametrize("mode", MODES)
def test_1_bo_an_chan_then_eat(chan, mode: str) -> None:
    """... or later eats that card: he declines the cái's 5V, draws a 5V and eats it."""
    st = chan.make_state(["5V", "5V 7W", "", ""], "5V", fault_mode=mode)
    moves = [(0, A.DISCARD[chan.K("5V")]), (1, A.DRAW)]
    if not _do(st, moves, mode, (1, A.EAT[chan.K("5V")])):
        assert A.PASS in st.legal_actions(1)
        return
    _check_referee(st, 1, "bo_an_chan", BAO)


@pytest.mark.parametrize("mode", MODES)
def test_2_an_chon_ca(chan, mode: str) -> None:
    """Seat 1 declines a cạ on 5V (holds 5S), then eats a cạ 5W with 5S."""
    st = chan.make_state(["5V", "5S CC", "", chan.C1], "5W 6S", fault_mode=mode)
    moves = [(0, A.DISCARD[chan.K("5V")]), (1, A.DRAW)]
    if not _do(st, moves, mode, (1, A.EAT[chan.K("5S")])):
        assert A.PASS in st.legal_actions(1)
        return
    _check_referee(st, 1, "an_chon_ca", BAO)
    assert chan.fault_ids(st) == ["an_chon_ca"]
    chan.apply(st, A.DISCARD[chan.K("CC")], 1)
    _bao_then_win(chan, st, offender=1, winner=3)


@pytest.mark.parametrize("mode", MODES)
def test_3_danh_ca_chan(chan, mode: str) -> None:
    """The cái discards 7W, later discards the other 7W (a whole chắn thrown away)."""
    st = chan.make_state(["7W7W 9S", "", chan.C1, ""], "2S 3S 9V 6S", fault_mode=mode)
    moves = [
        (0, A.DISCARD[chan.K("7W")]),
        *DRAW_AND_PASS_1_TO_3,
        (0, A.EAT[chan.K("9S")]),
    ]
    if not _do(st, moves, mode, (0, A.DISCARD[chan.K("7W")])):
        return
    _check_referee(st, 0, "danh_ca_chan", BAO)
    assert chan.fault_ids(st) == ["danh_ca_chan"]
    _bao_then_win(chan, st, offender=0, winner=2)


def test_bao_pays_nothing_in_a_hoa(chan) -> None:
    st = chan.make_state(["7W7W 9S", "", "", ""], "2S 3S 9V")
    chan.play(
        st,
        (0, A.DISCARD[chan.K("7W")]),
        *DRAW_AND_PASS_1_TO_3,
        (0, A.EAT[chan.K("9S")]),
        (0, A.DISCARD[chan.K("7W")]),
    )
    assert st.seats[0].bao
    chan.drive(st, lambda s: False, limit=400)
    out = st.outcome()
    assert out.termination == Termination.NO_WINNER
    assert out.payoffs == (0, 0, 0, 0)
    assert out.details["bao"] == [0]


@pytest.mark.parametrize("mode", MODES)
def test_4_xe_chan_eat_the_same_card(chan, mode: str) -> None:
    """The cái discards 7W (from 7W7W), later eats a 7W as a chắn."""
    st = chan.make_state(["7W7W", "", "", ""], "2S 3S 7W", fault_mode=mode)
    moves = [
        (0, A.DISCARD[chan.K("7W")]),
        *DRAW_AND_PASS_1_TO_3,
    ]
    if not _do(st, moves, mode, (0, A.EAT[chan.K("7W")])):
        return
    _check_referee(st, 0, "xe_chan", BAO)


@pytest.mark.parametrize("mode", MODES)
def test_4_xe_chan_use_the_card_for_a_ca(chan, mode: str) -> None:
    """... or uses the other 7W to eat a cạ (7V)."""
    st = chan.make_state(["7W7W", "", "", ""], "2S 3S 7V", fault_mode=mode)
    moves = [
        (0, A.DISCARD[chan.K("7W")]),
        *DRAW_AND_PASS_1_TO_3,
    ]
    if not _do(st, moves, mode, (0, A.EAT[chan.K("7W")])):
        return
    _check_referee(st, 0, "xe_chan", BAO)


@pytest.mark.parametrize("mode", MODES)
def test_4_xe_chan_same_rank_ca(chan, mode: str) -> None:
    """A6 #4: "... or use a card of X's rank to eat a cạ": the cái discards his lone 7W, later
    eats a cạ 7V with one of his 7S."""
    st = chan.make_state(["7W 7S7S", "", "", ""], "2S 3S 7V", fault_mode=mode)
    moves = [
        (0, A.DISCARD[chan.K("7W")]),
        *DRAW_AND_PASS_1_TO_3,
    ]
    if not _do(st, moves, mode, (0, A.EAT[chan.K("7S")])):
        return
    _check_referee(st, 0, "xe_chan", BAO)


@pytest.mark.parametrize("mode", MODES)
def test_5_tach_chan_an_ca(chan, mode: str) -> None:
    """Seat 1 splits his chắn 5S to eat a cạ 5V, then discards the other 5S."""
    st = chan.make_state(["5V", "5S5S", "", ""], fault_mode=mode)
    chan.apply(st, A.DISCARD[chan.K("5V")], 0)
    assert A.EAT[chan.K("5S")] in st.legal_actions(1)
    chan.apply(st, A.EAT[chan.K("5S")], 1)
    assert st.faults == []  # the split alone is not yet the fault
    if not _do(st, [], mode, (1, A.DISCARD[chan.K("5S")])):
        return
    _check_referee(st, 1, "tach_chan_an_ca", BAO)


# seat 1 splits 5S5S to eat the cái's 5V, discards CC, and is then bạch thủ on 5S
# (before the eat: 6 chắn + 3 cạ + CC, a chờ chi rộng, i.e. not waiting: no fault 10)
T5U_HAND = "5S5S 2W2W 3V3V 4S4S 6V6V 8W8W 7W7S 9W9S 2V2S CC"


@pytest.mark.parametrize("mode", MODES)
def test_5_tach_chan_an_ca_exposed_at_u(chan, mode: str) -> None:
    """SD code 4: the split is exposed when he ù with the remaining card."""
    st = chan.make_state(["5V", T5U_HAND, "", ""], "5S", fault_mode=mode)
    chan.play(
        st,
        (0, A.DISCARD[chan.K("5V")]),
        (1, A.EAT[chan.K("5S")]),
        (1, A.DISCARD[chan.K("CC")]),
        (2, A.DRAW),
    )
    assert st.faults == []
    if mode == "strict":
        assert st.phase != "claim" or A.WIN not in st.legal_actions(1)
        return
    assert st.phase == "claim" and A.WIN in st.legal_actions(1)
    chan.apply(st, A.WIN, 1)
    _check_referee(st, 1, "tach_chan_an_ca", BAO)
    out = st.outcome()
    assert out.winner is None  # the ù does not stand
    assert out.payoffs[1] < 0 and sum(out.payoffs) == 0


def test_5_eating_with_the_third_copy_splits_no_chan(chan) -> None:
    st = chan.make_state(["5V", "5S5S5S", "", ""])
    chan.apply(st, A.DISCARD[chan.K("5V")], 0)
    chan.apply(st, A.EAT[chan.K("5S")], 1)  # chắn 5S5S + the lone 5S: eat with the lone one
    chan.apply(st, A.DISCARD[chan.K("5S")], 1)
    assert "tach_chan_an_ca" not in chan.fault_ids(st)
    assert not st.seats[1].bao


@pytest.mark.parametrize("mode", MODES)
def test_6_an_chan_xe_chan(chan, mode: str) -> None:
    """Seat 1 eats a chắn 5V, then discards the other 5V."""
    st = chan.make_state(["5V", "5V5V", "", ""], fault_mode=mode)
    if not _do(
        st,
        [(0, A.DISCARD[chan.K("5V")]), (1, A.EAT[chan.K("5V")])],
        mode,
        (1, A.DISCARD[chan.K("5V")]),
    ):
        return
    _check_referee(st, 1, "an_chan_xe_chan", BAO)


@pytest.mark.parametrize("mode", MODES)
def test_7_an_ca_danh_ca(chan, mode: str) -> None:
    """Seat 1 ate a cạ; later he has discarded both cards of a cạ (7W, then 7S)."""
    st = chan.make_state(["5V", "5S 7W 7S 9W", "", ""], "2V 3V 9W", fault_mode=mode)
    moves = [
        (0, A.DISCARD[chan.K("5V")]),
        (1, A.EAT[chan.K("5S")]),
        (1, A.DISCARD[chan.K("7W")]),
        (2, A.DRAW),
        (2, A.PASS),
        (3, A.DRAW),
        (3, A.PASS),
        (0, A.DRAW),
        (0, A.PASS),
        (1, A.EAT[chan.K("9W")]),
    ]
    if not _do(st, moves, mode, (1, A.DISCARD[chan.K("7S")])):
        return
    _check_referee(st, 1, "an_ca_danh_ca", BAO)


@pytest.mark.parametrize("mode", MODES)
def test_7_an_ca_danh_ca_other_way(chan, mode: str) -> None:
    """... or the other way round: the cái discarded 7W and 7S, then eats a cạ."""
    st = chan.make_state(["7W 7S 4V4V 9S", "", "", ""], "2S 3S 4V 2W 3W 9V", fault_mode=mode)
    moves = [
        (0, A.DISCARD[chan.K("7W")]),
        *DRAW_AND_PASS_1_TO_3,
        (0, A.EAT[chan.K("4V")]),
        (0, A.DISCARD[chan.K("7S")]),
        *DRAW_AND_PASS_1_TO_3,
    ]
    if not _do(st, moves, mode, (0, A.EAT[chan.K("9S")])):
        return
    _check_referee(st, 0, "an_ca_danh_ca", BAO)


@pytest.mark.parametrize("mode", MODES)
def test_8_xe_ca_an_ca(chan, mode: str) -> None:
    """The cái breaks his cạ 7W 7S by discarding 7W, then eats a cạ 7V with 7S."""
    st = chan.make_state(["7W 7S", "", "", ""], "2S 3S 7V", fault_mode=mode)
    moves = [
        (0, A.DISCARD[chan.K("7W")]),
        *DRAW_AND_PASS_1_TO_3,
    ]
    if not _do(st, moves, mode, (0, A.EAT[chan.K("7S")])):
        return
    # the same move is also fault 4 read literally (A6 #4: "a card of X's rank")
    _check_referee(st, 0, "xe_ca_an_ca", BAO, also=("xe_chan",))


@pytest.mark.parametrize("mode", MODES)
def test_9_tach_ca_an_ca(chan, mode: str) -> None:
    """Seed example: cạ 2S 2V; eat 2W with 2S, then discard the remaining 2V."""
    st = chan.make_state(["2W", "2S 2V", "", ""], fault_mode=mode)
    chan.apply(st, A.DISCARD[chan.K("2W")], 0)
    chan.apply(st, A.EAT[chan.K("2S")], 1)
    assert st.faults == []
    if not _do(st, [], mode, (1, A.DISCARD[chan.K("2V")])):
        return
    _check_referee(st, 1, "tach_ca_an_ca", BAO)


# -- 10-13: đền tám đỏ hai lèo (12 to each other seat) ------------------------------------------


def test_10_an_ca_doi_cho(chan) -> None:
    """C2 is waiting on rank 5; eating the discarded 5S with 5W and discarding 2V changes
    the wait to rank 2."""
    st = chan.make_state(["5S", chan.C2, "", ""])
    chan.play(
        st,
        (0, A.DISCARD[chan.K("5S")]),
        (1, A.DECLINE),
        (1, A.EAT[chan.K("5W")]),
        (1, A.DISCARD[chan.K("2V")]),
    )
    _check_referee(st, 1, "an_ca_doi_cho", PAY12)
    chan.drive(st, lambda s: False, limit=400)
    out = st.outcome()
    assert out.winner is None
    assert out.payoffs == (12, -36, 12, 12)


def test_10_off_by_option(chan) -> None:
    st = chan.make_state(["5S", chan.C2, "", ""], an_ca_doi_cho=False)
    chan.play(
        st,
        (0, A.DISCARD[chan.K("5S")]),
        (1, A.DECLINE),
        (1, A.EAT[chan.K("5W")]),
        (1, A.DISCARD[chan.K("2V")]),
    )
    assert "an_ca_doi_cho" not in chan.fault_ids(st)
    assert 1 not in st.pay12


def test_10_strict_mode_never_forces_the_fault(chan) -> None:
    st = chan.make_state(["5S", chan.C2, "", ""], fault_mode="strict")
    chan.apply(st, A.DISCARD[chan.K("5S")], 0)
    for first in st.legal_actions(1):
        s1 = st.clone()
        s1.apply(first, 1)
        seconds = s1.legal_actions(1) if s1.phase == "discard" and s1.actor == 1 else [None]
        for second in seconds:
            s2 = s1.clone()
            if second is not None:
                s2.apply(second, 1)
            assert s2.faults == [], (first, second, [f.id for f in s2.faults])


# 4 chắn + 5 cạ + 3V: 3W makes 10 pairs but only 4 chắn
THIEU_CHAN = "2V2V 3S3S 4W4W 5V5V 6V6S 7V7S 8V8S 9V9S 2S2W 3V"


@pytest.mark.parametrize("mode", MODES)
def test_11_u_lao_thieu_chan(chan, mode: str) -> None:
    st = chan.make_state(["9W", THIEU_CHAN, "", ""], "3W", fault_mode=mode)
    chan.apply(st, A.DISCARD[chan.K("9W")], 0)
    chan.apply(st, A.DRAW, 1)
    if mode == "strict":
        assert A.WIN not in st.legal_actions(1)
        return
    chan.apply(st, A.WIN, 1)
    _check_referee(st, 1, "u_lao", PAY12)
    out = st.outcome()
    assert out.termination == Termination.FAULT and out.winner is None
    assert out.payoffs == (12, -36, 12, 12)


@pytest.mark.parametrize("mode", MODES)
def test_11_u_lao_on_a_discard_c15(chan, mode: str) -> None:
    st2 = chan.make_state(["9W 6S", chan.C1, "", ""], fault_mode=mode)
    chan.apply(st2, A.DISCARD[chan.K("6S")], 0)
    if mode == "strict":
        assert A.WIN not in st2.legal_actions(1)
        return
    chan.apply(st2, A.WIN, 1)
    _check_referee(st2, 1, "u_lao", PAY12)
    assert st2.outcome().payoffs == (12, -36, 12, 12)


@pytest.mark.parametrize("mode", MODES)
def test_12_u_chi_rong(chan, mode: str) -> None:
    st = chan.make_state(["9W", chan.C5, "", ""], "CC", fault_mode=mode)
    chan.apply(st, A.DISCARD[chan.K("9W")], 0)
    chan.apply(st, A.DRAW, 1)
    if mode == "strict":
        assert A.WIN not in st.legal_actions(1)
        return
    assert st.phase == "claim" and A.WIN in st.legal_actions(1)
    chan.apply(st, A.WIN, 1)
    _check_referee(st, 1, "u_chi_rong", PAY12)
    assert chan.fault_ids(st) == ["u_chi_rong"]
    out = st.outcome()
    assert out.winner is None and out.payoffs == (12, -36, 12, 12)


def test_12_chi_rong_allowed_if_unchanged(chan) -> None:
    """D-9 variant: a chờ chi rộng dealt that way wins if CC comes "ngay", before the player
    had any chance to change the wait: seat 2 wins on the very first nọc card."""
    st = chan.make_state(
        ["9W", "", chan.C5, ""], "CC", fault_mode="strict", chi_rong="allow_if_unchanged"
    )
    chan.apply(st, A.DISCARD[chan.K("9W")], 0)
    chan.apply(st, A.DRAW, 1)
    assert st.phase == "claim" and A.WIN in st.legal_actions(2)
    chan.apply(st, A.WIN, 2)
    out = st.outcome()
    assert out.winner == 2 and st.faults == []


def test_12_chi_rong_after_a_missed_chance_to_change(chan) -> None:
    st = chan.make_state(
        ["9W", "", chan.C5, ""], "2V 7V CC", fault_mode="strict", chi_rong="allow_if_unchanged"
    )
    chan.apply(st, A.DISCARD[chan.K("9W")], 0)
    chan.apply(st, A.DRAW, 1)
    chan.apply(st, A.PASS, 1)
    chan.apply(st, A.DRAW, 2)  # 7V: seat 2 could eat it (cạ with 7W or 7S) and discard CC
    assert A.EAT[chan.K("7W")] in st.legal_actions(2)
    chan.apply(st, A.PASS, 2)
    chan.apply(st, A.DRAW, 3)  # CC
    assert not (st.phase == "claim" and A.WIN in st.legal_actions(2))


def test_bach_thu_chi_is_no_fault(chan) -> None:
    st = chan.make_state(["9W", chan.C4, "", ""], "CC", fault_mode="strict")
    chan.apply(st, A.DISCARD[chan.K("9W")], 0)
    chan.apply(st, A.DRAW, 1)
    chan.apply(st, A.WIN, 1)
    out = st.outcome()
    assert out.winner == 1 and {h.id for h in out.patterns} >= {"bach_thu_chi", "chi"}


@pytest.mark.parametrize("mode", MODES)
def test_13_bo_u_is_that_card_only_by_default(chan, mode: str) -> None:
    """D-11 (seed 001): letting a winning 6S go loses the right to ù on *that* card once the
    next nọc card is drawn; the next 6S is another card, and a legal win on it."""
    st = chan.make_state(["9W", "", chan.C1, ""], "6S 6S", fault_mode=mode)
    chan.apply(st, A.DISCARD[chan.K("9W")], 0)
    chan.apply(st, A.DRAW, 1)
    chan.apply(st, A.DECLINE, 2)
    chan.apply(st, A.PASS, 1)
    chan.apply(st, A.DRAW, 2)
    assert st.phase == "claim" and A.WIN in st.legal_actions(2)
    chan.apply(st, A.WIN, 2)
    out = st.outcome()
    assert out.winner == 2 and out.faults == () and out.score == 5  # chì + bạch thủ


@pytest.mark.parametrize("mode", MODES)
def test_13_bo_u(chan, mode: str) -> None:
    """``bo_u_scope="kind"``: seat 2 lets a winning 6S go by, then claims the next 6S."""
    st = chan.make_state(["9W", "", chan.C1, ""], "6S 6S", fault_mode=mode, bo_u_scope="kind")
    chan.apply(st, A.DISCARD[chan.K("9W")], 0)
    chan.apply(st, A.DRAW, 1)
    assert st.to_act() == (2,) and A.WIN in st.legal_actions(2)
    chan.apply(st, A.DECLINE, 2)
    chan.apply(st, A.PASS, 1)
    chan.apply(st, A.DRAW, 2)
    if mode == "strict":
        assert st.phase != "claim" or A.WIN not in st.legal_actions(2)
        return
    assert st.phase == "claim" and A.WIN in st.legal_actions(2)
    chan.apply(st, A.WIN, 2)
    _check_referee(st, 2, "bo_u", PAY12)
    assert st.outcome().payoffs == (12, 12, -36, 12)


# -- 14: xướng sai (declared xướng) ------------------------------------------------------------


def _c1_self_drawn_win(chan, mode: str = "referee"):
    """Seat 1 (C1) draws his 6S at the 5th draw: chì + bạch thủ = 5."""
    st = chan.make_state(
        ["9W", chan.C1, "", ""], "8S 2W 3S 4W 6S", xuong="declared", fault_mode=mode
    )
    chan.apply(st, A.DISCARD[chan.K("9W")], 0)
    chan.drive(st, lambda s: s.draws == 4 and s.phase == "decide" and s.actor == 1)
    chan.apply(st, A.DRAW, 1)
    chan.apply(st, A.WIN, 1)
    assert st.phase == "announce" and st.to_act() == (1,)
    assert {h.id: h.count for h in st.hits} == {"chi": 1, "bach_thu": 1}
    return st


def _announce(st, *ids: str) -> None:
    for cid in ids:
        chan.apply(st, A.ANNOUNCE[cid], 1)
    chan.apply(st, A.ANNOUNCE_DONE, 1)


def test_14_correct_declaration(chan) -> None:
    st = _c1_self_drawn_win(chan)
    _announce(st, "chi", "bach_thu")
    assert st.faults == []
    assert st.outcome().payoffs == (-5, 15, -5, -5)


def test_14_under_declaring_is_paid_what_was_declared(chan) -> None:
    st = _c1_self_drawn_win(chan)
    _announce(st, "bach_thu")
    assert st.faults == []
    out = st.outcome()
    assert out.winner == 1
    assert out.payoffs == (-4, 12, -4, -4)


def test_14_over_declaring_pays_the_declared_score(chan) -> None:
    st = _c1_self_drawn_win(chan)
    _announce(st, "chi", "bach_thu", "tam_do")  # tám đỏ 8 + chì 1 + bạch thủ 1 = 10
    _check_referee(st, 1, "xuong_sai", "xuong_sai")
    out = st.outcome()
    assert out.payoffs == (10, -30, 10, 10)


def test_14_over_declaring_a_count(chan) -> None:
    st = _c1_self_drawn_win(chan)
    _announce(st, "chi", "chi", "bach_thu")  # "chì" twice: declared 4 + 2 × 1 = 6
    assert chan.fault_ids(st) == ["xuong_sai"]
    assert st.outcome().payoffs == (6, -18, 6, 6)


def test_14_strict_offers_only_true_cuoc(chan) -> None:
    st = _c1_self_drawn_win(chan, mode="strict")
    offered = {a.cuoc for a in st.legal_actions(1) if a.verb == "announce"}
    assert offered == {"chi", "bach_thu"}
    _announce(st, "chi", "bach_thu")
    assert st.legal_actions(1) == []
    assert st.outcome().payoffs == (-5, 15, -5, -5)


def test_14_bao_and_xuong_sai_together(chan) -> None:
    """seed 001: one player báo, then the winner declares wrongly: both pay the two innocent
    players, the báo'd by the real hand, the winner by his declaration."""
    st = chan.make_state(["5V", "5V 9S", "", chan.C1], "9V 6S", xuong="declared")
    chan.play(
        st,
        (0, A.DISCARD[chan.K("5V")]),
        (1, A.DRAW),
        (1, A.EAT[chan.K("9S")]),
        (1, A.DISCARD[chan.K("5V")]),
        (2, A.DRAW),
        (3, A.WIN),
    )
    assert st.seats[1].bao
    assert {h.id for h in st.hits} == {"bach_thu"}  # real score 4
    for cid in ("bach_thu", "tam_do"):  # declared 8 + 1 = 9
        chan.apply(st, A.ANNOUNCE[cid], 3)
    chan.apply(st, A.ANNOUNCE_DONE, 3)
    assert "xuong_sai" in chan.fault_ids(st, 3)
    assert st.outcome().payoffs == (9 + 4, -8, 9 + 4, -18)
