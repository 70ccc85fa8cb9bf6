"""The Phỏm state machine: deal, eating, the lay-down trigger, gửi, ù, đền, settlement."""

from __future__ import annotations

import pytest

from chieu.core.errors import ChieuError, IllegalActionError
from chieu.core.outcome import Termination
from chieu.core.record import GameRecord
from chieu.core.table import load_game
from chieu.games.phom import PhomGame, Rules
from chieu.games.phom import actions as A
from chieu.games.phom.cards import parse_cards, parse_mask
from chieu.games.phom.scoring import settle_normal
from chieu.games.phom.setups import deck_for
from chieu.games.phom.state import PhomState
from chieu.games.phom.worlds import Live


def C(text: str) -> list[int]:
    return parse_cards(text)


def one(text: str) -> int:
    return parse_cards(text)[0]


def state_with(hands: list[str], draws: str = "", rules: Rules | None = None) -> PhomState:
    rules = rules or Rules(players=len(hands))
    deck = deck_for([C(h) for h in hands], C(draws), direction=rules.direction)
    return PhomGame.new_state(rules, 0, deal=deck)


def put(
    st: PhomState,
    hands: list[int] | None = None,
    melds: list[list[int]] | None = None,
    laid: list[bool] | None = None,
    rows: list[list[int]] | None = None,
) -> None:
    """Set the given per-seat fields of every seat (a position for a scenario)."""
    for i, seat in enumerate(st.seats):
        if hands is not None:
            seat.hand = hands[i]
        if melds is not None:
            seat.melds = melds[i]
        if laid is not None:
            seat.laid = laid[i]
        if rows is not None:
            seat.row = rows[i]


def draw_discard(st: PhomState, card: str | None = None) -> None:
    """The seat to play draws and discards ``card`` (default: the card it drew)."""
    seat = st.current_player()
    assert seat is not None
    st.apply(A.DRAW)
    drawn = next(e for e in reversed(st.events) if e.type == "drawn").data["card"]
    st.apply(A.DISCARD[one(card) if card else drawn])


# -- deal -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "stock"), [(4, 15), (3, 24), (2, 33)])
def test_deal_gives_ten_to_the_first_player_and_nine_to_the_others(
    players: int, stock: int
) -> None:
    st = PhomGame.new_state(Rules(players=players), 5, setup={"first": 1})
    sizes = [s.hand.bit_count() for s in st.seats]
    assert sizes[1] == 10 and sorted(sizes) == [9] * (players - 1) + [10]
    assert len(st.stock) == stock
    assert st.current_player() == 1 and st.phase == "act"
    assert A.DRAW not in st.legal_actions()  # the opening turn: no draw


def test_counterclockwise_play_goes_to_the_previous_seat() -> None:
    st = PhomGame.new_state(Rules(play_direction="counterclockwise"), 1)
    st.apply(st.legal_actions()[-1])
    assert st.current_player() == 3


def test_bad_setup_is_a_clear_error() -> None:
    with pytest.raises(ChieuError, match="first"):
        PhomGame.new_state(None, 0, setup={"first": 7})
    with pytest.raises(ChieuError, match="52"):
        PhomGame.new_state(None, 0, deal=[1, 2, 3])
    with pytest.raises(ChieuError, match="unknown Phỏm rule"):
        Rules.from_json({"pay_everything": 3})


# -- eating -----------------------------------------------------------------------------------

A_HAND = "7c 9h Qs 2s 3d 5c 8c Jc Td Kd"
B_HAND = "7s 7d 9s 9d Qc Qd 2c 4h Kh"
C_HAND = "As 3s 5s 8s Js 2d 4d 6d 8d"
D_HAND = "Ac 3c 4c 6c Tc Kc Ah 2h 3h"


def test_only_the_next_player_may_eat_and_only_into_a_phom() -> None:
    st = state_with([A_HAND, B_HAND, C_HAND, D_HAND], "Ad 5d Jd")
    st.apply(A.DISCARD[one("7c")])
    assert st.current_player() == 1
    assert A.EAT in st.legal_actions()
    st.apply(A.DRAW)  # B declines
    st.apply(A.DISCARD[one("2c")])
    # C faces B's 2c: 2c makes no phỏm with C's cards (2d alone)
    assert st.legal_actions() == [A.DRAW]


def test_three_eats_make_u_and_the_feeder_pays_for_everyone() -> None:
    """A.9 P8: B eats 7♣, 9♥ and Q♠ from A; A đền 3 × 5 and the eat payments stand."""
    st = state_with([A_HAND, B_HAND, C_HAND, D_HAND], "6s 7h 8h 9c Th 6h")
    st.apply(A.DISCARD[one("7c")])
    st.apply(A.EAT)
    assert st.seats[1].eaten == parse_mask("7c")
    assert st.seats[0].row == []  # the eaten card left A's row
    st.apply(A.DISCARD[one("2c")])
    draw_discard(st)  # C
    draw_discard(st)  # D
    draw_discard(st, "9h")  # A
    st.apply(A.EAT)
    st.apply(A.DISCARD[one("4h")])
    draw_discard(st)  # C
    draw_discard(st)  # D
    draw_discard(st, "Qs")  # A
    st.apply(A.EAT)
    assert st.is_terminal()
    out = st.outcome()
    assert out is not None and out.termination is Termination.WIN and out.winner == 1
    assert out.details["u"] == "u_an_ba_cay" and out.details["den"] == 0
    assert out.payoffs == (-18.0, 18.0, 0.0, 0.0)  # 3 eats × 1 + đền 3 × 5
    assert [h.id for h in out.patterns] == ["u_an_ba_cay", "den"]
    assert st.seats[1].hand == 0 and len(st.seats[1].melds) == 3


def test_the_eaten_card_invariant_limits_discards() -> None:
    st = state_with([A_HAND, B_HAND, C_HAND, D_HAND], "6s")
    st.apply(A.DISCARD[one("7c")])
    st.apply(A.EAT)
    legal = st.legal_actions()
    for card in C("7s 7d 7c"):
        assert A.DISCARD[card] not in legal
    assert A.DISCARD[one("Kh")] in legal
    with pytest.raises(IllegalActionError):
        st.apply(A.DISCARD[one("7s")])


def test_eating_a_card_that_makes_no_phom_is_refused() -> None:
    st = state_with([A_HAND, B_HAND, C_HAND, D_HAND], "6s")
    st.apply(A.DISCARD[one("2s")])
    assert A.EAT not in st.legal_actions()
    with pytest.raises(IllegalActionError):
        st.apply(A.EAT)


# -- lay-down trigger, né hạ, gửi ------------------------------------------------------------------


def _play_rounds(st: PhomState, turns: int) -> None:
    for _ in range(turns):
        seat = st.current_player()
        assert seat is not None
        if st.phase == "draw":
            st.apply(A.DRAW)
        legal = [a for a in st.legal_actions() if a.verb == "discard"]
        if not legal:
            break
        st.apply(legal[-1])


def test_the_fourth_row_card_triggers_the_laydown_and_an_eat_dodges_it() -> None:
    st = state_with([A_HAND, B_HAND, C_HAND, D_HAND], "6s 7h 8h 9c Th 6h 5h Jh Ks Qh Ts 4s")
    st.apply(A.DISCARD[one("7c")])
    st.apply(A.EAT)  # B eats: A's row is empty again (né hạ for A)
    st.apply(A.DISCARD[one("2c")])
    _play_rounds(st, 2)  # C, D
    for _ in range(2):
        _play_rounds(st, 4)  # A, B, C, D
    assert [len(s.row) for s in st.seats] == [2, 3, 3, 3]
    # A's next discard is only its 3rd: no lay-down for A
    st.apply(A.DRAW)
    assert st.phase == "act" and not st.laydown_turn
    st.apply([a for a in st.legal_actions() if a.verb == "discard"][-1])
    # B's next discard is its 4th: B must lay down its phỏm first
    st.apply(A.DRAW)
    assert st.laydown_turn and st.laying
    legal = st.legal_actions()
    assert all(a.verb in ("lay", "win") for a in legal)
    assert A.LAY[parse_mask("7s 7c 7d")] in legal


def test_gui_onto_another_players_phom() -> None:
    st = PhomGame.new_state(Rules(), 3)
    put(st, hands=[parse_mask("Qh 4c 7d 7s 7h 7c 6h Ad 4d Ks"), 0, 0, 0])
    st.seats[1].melds = [parse_mask("8h 9h Th Jh")]
    st.seats[1].laid = True
    st.seats[0].row = C("2s 3s 4s")
    st._start_act(0)
    st._legal_at = -1
    assert st.laying
    st.apply(A.LAY[parse_mask("7s 7c 7d")])
    legal = st.legal_actions()
    assert A.LAYOFF[(one("Qh"), "high")] in legal
    assert A.LAYOFF[(one("7h"), "low")] in legal
    assert A.LAYOFF[(one("6h"), "low")] not in legal  # only after 7♥
    st.apply(A.LAYOFF[(one("7h"), "low")])
    st.apply(A.LAYOFF[(one("6h"), "low")])
    st.apply(A.LAYOFF[(one("Qh"), "high")])
    assert st.seats[1].melds == [parse_mask("6h 7h 8h 9h Th Jh Qh")]
    assert st.seats[0].laid and st.lay_order == [0]
    st.apply(A.DISCARD[one("Ks")])
    assert st.hand_points(0) == 9
    assert st.live == Live(one("Ks"), 0, True)  # the lay-down discard is the chốt


def test_mom_may_not_send_by_default() -> None:
    st = PhomGame.new_state(Rules(), 3)
    put(st, hands=[parse_mask("Tc 2d 5h Kd 9s 3c Jd 8h 4s Qs"), 0, 0, 0])
    st.seats[1].melds = [parse_mask("Jc Qc Kc")]
    st.seats[0].row = C("2s 3s 6s")
    st._start_act(0)
    st._legal_at = -1
    assert all(a.verb == "discard" for a in st.legal_actions())
    st2 = PhomGame.new_state(Rules(mom_may_send=True), 3)
    put(st2, hands=[s.hand for s in st.seats])
    st2.seats[1].melds, st2.seats[0].row = [parse_mask("Jc Qc Kc")], C("2s 3s 6s")
    st2._start_act(0)
    st2._legal_at = -1
    assert A.LAYOFF[(one("Tc"), "low")] in st2.legal_actions()


# -- ù khan, settlement --------------------------------------------------------------------------


def test_u_khan_when_the_option_is_on() -> None:
    hands = [
        "2s 3s 4s 8h 8d Tc Jc Qc 4d 6c",
        "As 9s 3h 6h Jh 5d Kd 2c 7c",  # A.9 P11
        "5s 6s 7s Ah 2h 4h 5h 7h 9h",
        "Ac 3c 4c 5c 8c 9c Ad 2d 3d",
    ]
    rules = Rules(allow_u_khan=True)
    st = state_with(hands, "", rules)
    assert st.phase == "khan" and st.current_player() == 0
    assert st.legal_actions() == [A.PASS]
    st.apply(A.PASS)
    assert st.legal_actions() == [A.U_KHAN, A.PASS]
    st.apply(A.U_KHAN)
    out = st.outcome()
    assert out is not None and out.winner == 1 and out.details["u"] == "u_khan"
    assert out.payoffs == (-5.0, 15.0, -5.0, -5.0)
    assert [h.name for h in out.patterns] == ["Ù khan"]


def test_p9_ranking_ties_and_mom() -> None:
    rank, place, pays = settle_normal(
        Rules(), [15, 15, 32, 45], [False, False, False, True], [0, 1, 2, 3]
    )
    assert rank == [0, 1, 2, 3]
    assert [(p.payer, p.payee, p.amount, p.reason) for p in pays] == [
        (1, 0, 1, "nhi"),
        (2, 0, 2, "ba"),
        (3, 0, 4, "mom"),
    ]
    _, place, pays = settle_normal(
        Rules(tie_break="split"), [15, 15, 32, 45], [False, False, False, True], [0, 1, 2, 3]
    )
    assert place == [0, 0, 2, 3]
    assert sum(p.amount for p in pays if p.payee == 0) == sum(
        p.amount for p in pays if p.payee == 1
    )


def test_later_laydown_loses_a_tie() -> None:
    rank, _, _ = settle_normal(Rules(), [20, 20, 5], [False, False, False], [1, 0, 2])
    assert rank == [2, 1, 0]


def test_three_players_use_the_first_places() -> None:
    _, _, pays = settle_normal(Rules(players=3), [1, 2, 3], [False] * 3, [0, 1, 2])
    assert [(p.payer, p.amount) for p in pays] == [(1, 1), (2, 2)]


def test_a_whole_game_records_replays_and_feeds_the_score_sheet() -> None:
    import random

    sitting = load_game("phom").sitting()
    for seed in range(6):
        st = sitting.new_state(seed)
        rnd = random.Random(seed)
        while not st.is_terminal():
            st.apply(rnd.choice(st.legal_actions()))
        rec = GameRecord.loads(GameRecord.from_state(st).dumps())
        assert rec.verify() == []
        out = st.outcome()
        assert out is not None and abs(sum(out.payoffs)) < 1e-9
        sitting.record(out, seed)
        first = out.winner if out.winner is not None else out.details["nhat"]
        assert sitting.next_setup() == {"first": first}
        assert sitting.rows[-1].points == out.payoffs
    assert abs(sum(sitting.totals)) < 1e-9 and len(sitting.rows) == 6


def _position(rules: Rules | None = None) -> PhomState:
    """Seat 0 has laid 2s 3s 4s and discarded its chốt 9h; seat 1 may eat it."""
    st = PhomGame.new_state(rules or Rules(), 11)
    put(st, hands=[parse_mask("Kc Qd Jd"), parse_mask("9s 9d 4h 5h 6h Jc Qc Kc 2d"), 0, 0])
    st.seats[0].hand = parse_mask("Td Tc 2c")
    st.seats[0].melds = [parse_mask("2s 3s 4s")]
    st.seats[0].laid = True
    st.seats[0].row = C("As 5d 8c 9h")
    st.seats[1].row = C("Ad 3d")
    st.live = Live(one("9h"), 0, True)
    st.phase, st.actor = "draw", 1
    st._legal_at = -1
    return st


def test_u_from_eating_a_chot_makes_the_feeder_pay_for_everyone() -> None:
    st = _position()
    assert st.legal_actions() == [A.EAT, A.DRAW]
    st.apply(A.EAT)
    assert st.payoffs[:2] == [-4.0, 4.0]  # ăn chốt: 4
    assert A.WIN in st.legal_actions()
    st.apply(A.WIN)
    out = st.outcome()
    assert out is not None and out.winner == 1 and out.details["den"] == 0
    assert out.payoffs == (-19.0, 19.0, 0.0, 0.0)
    assert [h.id for h in out.patterns] == ["u", "den"]
    assert st.seats[1].row[-1] == one("2d")  # the last card is discarded


def test_without_chot_den_everyone_pays_the_u() -> None:
    st = _position(Rules(den_u_from_chot=False))
    st.apply(A.EAT)
    st.apply(A.WIN)
    out = st.outcome()
    assert out is not None and out.payoffs == (-9.0, 19.0, -5.0, -5.0)


def test_escalating_eat_payments_and_stake() -> None:
    st = _position(Rules(pay_eat_chot=4, stake=2))
    st.apply(A.EAT)
    assert st.payoffs[:2] == [-8.0, 8.0]


def _them_vong(rules: Rules | None = None) -> PhomState:
    """A.9 P10 (ii): A (seat 0) is finished; D (seat 3) discards its chốt 9♥."""
    st = PhomGame.new_state(rules or Rules(), 12)
    st.stock = [one("Qs")]
    put(st, hands=[parse_mask("7h 8h Kc 2d"), parse_mask("3c 4d 8s Td"), 0, 0])
    st.seats[2].hand = parse_mask("5c 9c")
    st.seats[3].hand = parse_mask("Jd")
    put(
        st, melds=[[parse_mask("Ts Tc Th")], [], [parse_mask("5s 6s 7s")], [parse_mask("Ah 2h 3h")]]
    )
    put(st, laid=[True, False, True, True])
    st.lay_order = [0, 2, 3]
    put(st, rows=[C("As Ac Ad 2s"), C("3s 4s 5d"), C("6c 7c 8c 9s"), C("Jh Qh Kh")])
    st.seats[3].row.append(one("9h"))
    st.live = Live(one("9h"), 3, True)
    st._begin_turn(0, can_eat=True)
    st._legal_at = -1
    return st


def test_them_vong_a_finished_player_eats_the_chot_and_lays_a_new_phom() -> None:
    st = _them_vong()
    assert st.current_player() == 0 and st.legal_actions() == [A.EAT, A.PASS]
    st.apply(A.EAT)
    assert st.seats[3].row == C("Jh Qh Kh") and st.payoffs[0] == 4.0
    assert st.legal_actions() == [A.LAY[parse_mask("7h 8h 9h")]]  # hạ thêm at once
    st.apply(A.LAY[parse_mask("7h 8h 9h")])
    st.apply(A.DISCARD[one("Kc")])
    assert len(st.seats[0].row) == 5
    # B draws the last card: its 4th row card, so B lays down now
    assert st.current_player() == 1 and st.legal_actions() == [A.DRAW]


def test_a_finished_player_who_cannot_eat_is_asked_only_to_pass() -> None:
    st = _them_vong(Rules(finished_player_may_eat=False))
    assert st.current_player() == 1  # A was skipped; B cannot eat D's card
    assert st.legal_actions() == [A.DRAW]


def test_seed_round3_chot_is_the_discard_the_first_player_faces_in_round_4() -> None:
    import random

    rules = Rules(chot_definition="seed_round3", finished_player_may_eat=False)
    checked = 0
    for seed in range(20):
        st = PhomGame.new_state(rules, seed)
        rnd = random.Random(seed)
        chots = 0
        while not st.is_terminal():
            if st.phase == "draw" and st.live is not None:
                assert st.live.chot == (st.actor == st.first and st.first_turns == 4)
                checked += st.live.chot
            if st.phase == "draw" and A.EAT in st.legal_actions() and st.live and st.live.chot:
                st.apply(A.EAT)
                chots += 1
                continue
            st.apply(rnd.choice([a for a in st.legal_actions() if a is not A.EAT]))
        assert chots <= 1
    assert checked > 0


def test_final_discard_chot_is_the_laydown_discard() -> None:
    import random

    for seed in range(10):
        st = PhomGame.new_state(Rules(), seed)
        rnd = random.Random(seed)
        while not st.is_terminal():
            if st.phase == "draw" and st.live is not None:
                assert st.live.chot == st.finished(st.live.seat)
            st.apply(rnd.choice(st.legal_actions()))


def test_laydown_only_forbids_gui_on_later_turns() -> None:
    for timing, offered in (("laydown_and_later_turns", True), ("laydown_only", False)):
        st = PhomGame.new_state(Rules(send_timing=timing), 3)
        put(st, hands=[parse_mask("Qh 2c 9d"), 0, 0, 0])
        st.seats[0].melds = [parse_mask("7s 7c 7d")]
        st.seats[1].melds = [parse_mask("8h 9h Th Jh")]
        put(st, laid=[True, True, False, False])
        st.seats[0].row = C("2s 3s 4s")  # fed once: a tái turn
        st.seats[0].hand |= parse_mask("5c")
        st._start_act(0)
        st._legal_at = -1
        assert not st.laydown_turn
        assert (A.LAYOFF[(one("Qh"), "high")] in st.legal_actions()) is offered


def test_u_tron_on_a_later_turn_and_its_option() -> None:
    for allowed in (True, False):
        st = PhomGame.new_state(Rules(allow_u_tron=allowed), 3)
        put(st, hands=[parse_mask("5c 6c 7c"), 0, 0, 0])
        st.seats[0].melds = [parse_mask("7s 7h 7d")]
        put(st, laid=[True, False, False, False])
        st.seats[0].row = C("2s 3s 4s")
        st._start_act(0)
        st._legal_at = -1
        legal = st.legal_actions()
        assert (A.WIN in legal) is allowed
        assert (A.LAY[parse_mask("5c 6c 7c")] in legal) is allowed
        if allowed:
            st.apply(A.LAY[parse_mask("5c 6c 7c")])
            out = st.outcome()
            assert out is not None and out.details["u"] == "u_tron"
            assert [h.id for h in out.patterns] == ["u_tron"]


def test_p10_case_i_the_skipped_finisher_and_the_fifth_draw() -> None:
    st = _them_vong()
    st.apply(A.PASS)  # A does not eat D's chốt: A is skipped, the discard is dead
    assert st.current_player() == 1 and st.live is None
    assert st.legal_actions() == [A.DRAW]
    st.apply(A.DRAW)  # B draws the last card
    assert st.stock == [] and st.laydown_turn
    while st.phase == "act" and st.current_player() == 1:
        st.apply(st.legal_actions()[-1])
    assert st.seats[1].laid and len(st.seats[1].row) == 4
    # everyone is finished: C may eat B's chốt, else the hand ends
    assert st.is_terminal() or st.current_player() == 2


def test_u_gui_is_named_when_cards_were_sent() -> None:
    st = PhomGame.new_state(Rules(), 3)
    put(st, hands=[parse_mask("Qc Qd Qs 2h 3h 4h 7s 6s Jh Kd"), 0, 0, 0])  # A.9 P5
    st.seats[1].melds = [parse_mask("8s 9s Ts"), parse_mask("Jc Jd Js")]
    st.seats[1].laid = True
    st.seats[0].row = C("2s 3s 4s")
    st._start_act(0)
    st._legal_at = -1
    assert A.WIN in st.legal_actions()
    st.apply(A.WIN)
    out = st.outcome()
    assert out is not None and [h.id for h in out.patterns] == ["u_gui"]
    assert st.seats[1].melds == [parse_mask("6s 7s 8s 9s Ts"), parse_mask("Jc Jd Js Jh")]
    assert st.seats[0].row[-1] == one("Kd") and out.payoffs == (15.0, -5.0, -5.0, -5.0)
