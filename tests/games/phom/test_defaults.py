"""Phỏm's safe defaults (issue 28): never a discard while a phỏm may be laid (the newcomer's
"đánh 8♣" beside "hạ A♣ 2♣ 3♣", which left him móm), the best lay-down rather than the first
phỏm offered, ù khan when offered; a sweep of seeded random games meets no default that
throws a win or a lay-down away."""

from __future__ import annotations

from chieu.games.phom import PhomGame, Rules
from chieu.games.phom import actions as A
from chieu.games.phom.cards import parse_cards, parse_mask
from chieu.games.phom.state import PhomState
from tests.games.phom.test_state import state_with
from tests.games.safe_defaults import sweep


def act_for(hand: str, *, laid: bool = False, row: str = "2h 3h 4h") -> PhomState:
    """Seat 0 to act with ``hand`` (on its lay-down turn unless ``laid``: laid móm earlier)."""
    st = PhomGame.new_state(Rules(), 3)
    for i, seat in enumerate(st.seats):
        seat.hand = parse_mask(hand) if i == 0 else 0
    st.seats[0].row = parse_cards(row)
    st.seats[0].laid = laid
    st._start_act(0)
    st._legal_at = -1
    return st


def test_a_mom_seat_that_may_lay_a_phom_defaults_to_the_lay_not_to_a_discard() -> None:
    st = act_for("Ac 2c 3c 8c Qs 9d Jd Kd Th 5s", laid=True)
    (d,) = st.decisions()
    lay = A.LAY[parse_mask("Ac 2c 3c")]
    assert lay in d.actions and A.DISCARD[parse_cards("8c")[0]] in d.actions
    assert d.default is lay  # before: đánh K♦, and the seat stayed móm
    st.apply(d.default)
    assert st.seats[0].melds  # no longer móm


def test_the_lay_down_default_lays_the_best_phom_not_the_first_offered() -> None:
    st = act_for("8s 6c 9c 2d 7d 6h 7h 8h 9h Kh")
    (d,) = st.decisions()
    assert d.actions[0] is not A.LAY[parse_mask("6h 7h 8h 9h")]  # the old default
    assert d.default is A.LAY[parse_mask("6h 7h 8h 9h")]
    while st.decisions()[0].default.verb == "lay":
        st.apply(st.decisions()[0].default)
    assert st.hand_points(0) == 45  # 54 with the first phỏm offered (9♥ left out)


def test_u_khan_is_the_default_when_offered() -> None:
    hands = [
        "2s 3s 4s 8h 8d Tc Jc Qc 4d 6c",
        "As 9s 3h 6h Jh 5d Kd 2c 7c",  # no cạ, no phỏm: ù khan (A.9 P11)
        "5s 6s 7s Ah 2h 4h 5h 7h 9h",
        "Ac 3c 4c 5c 8c 9c Ad 2d 3d",
    ]
    st = state_with(hands, "", Rules(allow_u_khan=True))
    assert st.decisions()[0].default is A.PASS
    st.apply(A.PASS)
    (d,) = st.decisions()
    assert d.actions == (A.U_KHAN, A.PASS)
    assert d.default is A.U_KHAN  # before: bỏ qua, the win let go


def test_no_unsafe_default_in_seeded_random_games() -> None:
    assert sweep("phom", range(40)) == []
