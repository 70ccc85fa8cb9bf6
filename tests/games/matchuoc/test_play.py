"""The state machine (B.3-B.5): deal, opening, claims and their priority, special wins."""

from __future__ import annotations

import pytest

from chieu.core.errors import IllegalActionError
from chieu.core.outcome import Termination
from chieu.games.matchuoc import actions as A
from chieu.games.matchuoc.game import MatChuocGame
from chieu.games.matchuoc.rules import Rules
from chieu.games.matchuoc.state import MatChuocState
from tests.games.matchuoc.helpers import (
    JUNK,
    JUNK2,
    JUNK3,
    K,
    answer_all,
    details,
    finish_opening,
    ids,
    make_state,
)

WIN14 = "123m 456m 789p 345s 55z 9s"  # 14 after the dealer draws nothing: 123m456m789p345s55z+9s


def test_deal_2221_and_nhay_coc() -> None:
    st = MatChuocGame.new_state(None, 11)
    sizes = [sum(me.hand) for me in st.seats]
    assert sizes[st.dealer] == 14 and sorted(sizes) == [13, 13, 13, 14]
    assert len(st.wall) == 160 - 53
    dice = st.events[0].data
    assert st.dealer == (sum(dice["seat_dice"]) - 1) % 4
    assert 3 <= dice["stack"] <= 18


def test_tile_sets_176_and_168() -> None:
    for ts, n in (("168", 168), ("176", 176)):
        st = MatChuocGame.new_state(Rules(tile_set=ts), 3)
        assert sum(sum(z) for k, z in st.zones().items() if k != "box") == n


def test_thien_u() -> None:
    st = make_state(["123m 456m 789p 345s 55z", JUNK, JUNK2, JUNK3])
    finish_opening(st)
    assert A.WIN in st.legal_actions()
    st.apply(A.WIN)
    assert "thien_u" in ids(st)
    out = st.outcome()
    assert out is not None and out.termination is Termination.WIN and out.winner == 0
    # Phình 1 + Thiên ù 12 + Không hoa lá 6 = 19: everyone pays cái 3·64 + 2
    assert out.payoffs == (582.0, -194.0, -194.0, -194.0)


def test_thien_u_toi_coong_m12() -> None:
    st = make_state(["4f 123m 456m 789p 345s 5z", JUNK, JUNK2, JUNK3], dead="5z")
    st.apply(A.SetDown(K("4f")))
    finish_opening(st)
    st.apply(A.WIN)
    assert {"phinh", "thien_u", "phan_coong"} <= set(ids(st))
    out = st.outcome()
    assert out is not None
    # B.8 M12 without the flower is 14 phán; M12 has Trúc set down, so no Không hoa lá:
    # 2 mủn + 2 = 132 per payer, +5 for tới coong
    assert out.payoffs == (411.0, -137.0, -137.0, -137.0)


def test_thien_u_right_after_the_dealers_own_replacements() -> None:
    """B.4.2 / seed 002: the dealer's Thiên ù comes after his own set-down and replacement,
    before the other seats' opening turns."""
    st = make_state(["4f 123m 456m 789p 345s 5z", JUNK, JUNK2, JUNK3], dead="5z")
    assert A.WIN not in st.legal_actions()  # 13 tiles and a flower: not yet
    st.apply(A.SetDown(K("4f")))
    assert st.phase == "opening" and st.current_player() == 0
    assert A.WIN in st.legal_actions()
    st.apply(A.WIN)
    assert {"phinh", "thien_u", "phan_coong"} <= set(ids(st))
    out = st.outcome()
    assert out is not None and out.payoffs == (411.0, -137.0, -137.0, -137.0)  # as M12
    assert {e.actor for e in st.events if e.type == "action"} == {0}  # nobody else acted


def test_tong_and_hop_set_down_at_the_opening_are_the_pair() -> None:
    st = make_state(["TG HP 123m 456m 789p 345s", JUNK, JUNK2, JUNK3], dead="5z 5z")
    st.apply(A.SetDown(K("TG")))
    st.apply(A.SetDown(K("HP")))
    finish_opening(st)
    st.apply(A.WIN)
    (win,) = details(st)["wins"]
    assert {p["id"]: p["phan"] for p in win["patterns"]}["khung_dung"] == 9


def test_opening_two_flowers_must_be_set_down_with_replacements() -> None:
    st = make_state(
        ["123m 456m 789p 345s 5z 9s", "1f 2f 4m 7m 1p 4p 7p 1s 4s 7s 1z 2z 3z", JUNK2, JUNK3],
        dead="6z 6z",
    )
    st.apply(A.END_OPENING)
    assert A.END_OPENING not in st.legal_actions()
    st.apply(A.SetDown(K("1f")))
    assert A.END_OPENING not in st.legal_actions()  # two or more: all of them
    st.apply(A.SetDown(K("2f")))
    assert st.seats[1].hand[K("6z")] == 2 and sum(st.seats[1].hand) == 13
    assert st.seats[1].flowers == [K("1f"), K("2f")]
    st.apply(A.END_OPENING)


def test_one_flower_may_be_kept() -> None:
    st = make_state(
        ["123m 456m 789p 345s 5z 9s", "1f 1m 4m 7m 1p 4p 7p 1s 4s 7s 1z 2z 3z", JUNK2, JUNK3]
    )
    st.apply(A.END_OPENING)
    assert A.END_OPENING in st.legal_actions()


def _discard_setup(
    seat1: str,
    seat2: str,
    seat3: str,
    dealer_hand: str = "1m 4m 7m 1p 4p 7p 1s 4s 7s 1z 2z 3z 4z 5m",
):
    st = make_state([dealer_hand, seat1, seat2, seat3])
    finish_opening(st)
    return st


def test_chow_only_from_the_left_and_pung_from_anyone() -> None:
    st = _discard_setup(
        "46m 1p 4p 7p 1s 4s 7s 1z 2z 3z 4z 9p",
        "46m 55m 1p 4p 7p 1s 4s 7s 1z 2z 3z",
        JUNK3,
    )
    st.apply(A.Discard(K("5m")))
    assert st.phase == "claim" and st.to_act()[0] == 1
    legal1 = st.legal_actions()
    assert A.Chow(K("4m"), K("4m"), K("6m")) in legal1
    st.apply(A.PASS)
    assert st.current_player() == 2
    legal2 = st.legal_actions()
    assert not any(a.verb == "chow" for a in legal2)  # seat 2 is not on the discarder's left


def test_win_beats_pung_beats_chow_all_claimants_answer() -> None:
    st = _discard_setup(
        "46m 1p 4p 7p 1s 4s 7s 1z 2z 3z 4z 9p",  # may chow 5m
        "55m 1p 4p 7p 1s 4s 7s 1z 2z 3z 4z 9p",  # may pung 5m
        "123p 456p 789p 66z 6s 7s",  # cannot claim 5m
    )
    st.apply(A.Discard(K("5m")))
    assert st.to_act() == (1, 2, 3)  # every other seat is asked, in turn order
    assert st.legal_actions(3) == [A.PASS]  # seat 3 cannot claim: a pass-only decision
    st.apply(A.Chow(K("4m"), K("4m"), K("6m")))
    st.apply(A.Pung(K("5m"), K("5m"), K("5m")))
    assert st.phase == "claim"  # nothing is decided before every answer is in
    st.apply(A.PASS, 3)
    assert st.phase == "turn" and st.actor == 2  # phỗng beats ăn although asked later
    assert st.seats[2].melds[0].kind == "pung" and st.seats[1].melds == []
    claim = [e for e in st.events if e.type == "claim"][-1]
    assert claim.actor == 2 and claim.data["action"]["verb"] == "pung"
    assert claim.data["tile"] == K("5m") and claim.data["from"] == 0


def test_answers_in_any_order_and_private_until_the_claim() -> None:
    """The window takes its answers in any order; nobody else learns an answer (only the
    claim that won, once every answer is in)."""
    st = _discard_setup(
        "46m 1p 4p 7p 1s 4s 7s 1z 2z 3z 4z 9p",  # may chow 5m
        "55m 1p 4p 7p 1s 4s 7s 1z 2z 3z 4z 9p",  # may pung 5m
        "123p 456p 789p 66z 6s 7s",
    )
    st.apply(A.Discard(K("5m")))
    st.apply(A.PASS, 3)
    st.apply(A.Pung(K("5m"), K("5m"), K("5m")), 2)
    assert {d.seat for d in st.decisions()} == {1}
    assert [e.type for e in st.history(1)][-1] == "action"  # the discard; no answer of others
    st.apply(A.Chow(K("4m"), K("4m"), K("6m")), 1)
    assert st.actor == 2 and [e.type for e in st.history(0)][-2:] == ["action", "claim"]


def test_a_seat_cannot_skip_its_win_to_take_a_lower_claim() -> None:
    """The priority resolves after all answers (mahjax PR #87): the next seat may ù or phỗng
    the tile and answers phỗng; a farther seat's ù still beats it."""
    st = _discard_setup(
        "123p 456p 789p 5m 5m 1z 1z",  # may ù (shanpon 5m / 1z) or phỗng 5m
        "123s 456s 789s 22z 4m 6m",  # may ù (kanchan 5m)
        JUNK3,
    )
    st.apply(A.Discard(K("5m")))
    assert {A.WIN, A.Pung(K("5m"), K("5m"), K("5m"))} <= set(st.legal_actions(1))
    st.apply(A.Pung(K("5m"), K("5m"), K("5m")), 1)
    st.apply(A.WIN, 2)
    answer_all(st)
    out = st.outcome()
    assert out is not None and out.winner == 2 and st.seats[1].melds == []


def test_head_bump_nearest_winner() -> None:
    st = _discard_setup(
        "123p 456p 789p 11z 4m 6m",  # kanchan on 5m (13 tiles)
        "123s 456s 789s 22z 4m 6m",
        "123p 456s 789s 33z 5m 5m",  # shanpon with 3z... also waits 5m
        dealer_hand="1m 4m 7m 1p 4p 7p 1s 4s 7s 1z 2z 3z 4z 5m",
    )
    st.apply(A.Discard(K("5m")))
    assert st.to_act() == (1, 2, 3)
    for _ in range(3):
        legal = st.legal_actions()
        assert A.WIN in legal
        st.apply(A.WIN)
    out = st.outcome()
    assert out is not None and out.winner == 1
    assert [w["winner"] for w in details(st)["wins"]] == [1]


def test_multi_ron_all() -> None:
    st = make_state(
        [
            "1m 4m 7m 1p 4p 7p 1s 4s 7s 1z 2z 3z 4z 5m",
            "123p 456p 789p 11z 4m 6m",
            "123s 456s 789s 22z 4m 6m",
            JUNK3,
        ],
        rules=Rules(multi_ron="all"),
    )
    finish_opening(st)
    st.apply(A.Discard(K("5m")))
    st.apply(A.WIN)
    st.apply(A.WIN)
    answer_all(st)
    assert [w["winner"] for w in details(st)["wins"]] == [1, 2]
    out = st.outcome()
    assert out is not None and sum(out.payoffs) == 0 and out.payoffs[0] < 0


def test_real_pair_beats_khung_pair_for_pung() -> None:
    st = _discard_setup(
        "5m TG 1p 4p 7p 1s 4s 7s 1z 2z 3z 4z 9p",  # phỗng with a khung
        "55m 1p 4p 7p 1s 4s 7s 1z 2z 3z 4z 9p",  # a real pair
        JUNK3,
    )
    st.apply(A.Discard(K("5m")))
    st.apply(A.Pung(K("5m"), K("5m"), K("TG")))
    st.apply(A.Pung(K("5m"), K("5m"), K("5m")))
    answer_all(st)
    assert st.actor == 2 and st.seats[2].melds[0].kind == "pung"


def test_concealed_kong_draws_from_the_dead_end() -> None:
    st = make_state(
        [
            "1111m 4m 7m 1p 4p 7p 1s 4s 7s 1z 2z",
            JUNK2,
            JUNK3,
            "2m 6m 9m 2p 6p 9p 2s 6s 9s 1z 4z 5z 7z",
        ],
        dead="6z",
    )
    finish_opening(st)
    st.apply(A.ConcealedKong(K("1m")))
    assert st.seats[0].hand[K("6z")] == 1 and st.seats[0].melds[0].kind == "kong"
    assert st.last_from_dead


def test_khung_discard_forbidden_after_seat_flower() -> None:
    st = make_state(["1f TG 4m 7m 1p 4p 7p 1s 4s 7s 1z 2z 3z 4z", JUNK, JUNK2, JUNK3], dead="6z")
    st.apply(A.SetDown(K("1f")))
    st.apply(A.END_OPENING)
    finish_opening(st)
    assert A.Discard(K("TG")) not in st.legal_actions()
    st2 = make_state(
        ["1f TG 4m 7m 1p 4p 7p 1s 4s 7s 1z 2z 3z 4z", JUNK, JUNK2, JUNK3],
        dead="6z",
        rules=Rules(khung_discard="always"),
    )
    st2.apply(A.SetDown(K("1f")))
    finish_opening(st2)
    assert A.Discard(K("TG")) in st2.legal_actions()


def test_illegal_action_is_refused() -> None:
    st = make_state(["123m 456m 789p 345s 55z", JUNK, JUNK2, JUNK3])
    with pytest.raises(IllegalActionError):
        st.apply(A.Discard(K("9m")))
    with pytest.raises(IllegalActionError):
        st.apply(A.END_OPENING, 2)


def test_dia_u_and_den_on_a_flower() -> None:
    st = make_state(
        [
            "1g 4m 7m 1p 4p 7p 1s 4s 7s 1z 2z 3z 4z 6z",
            "234m 567p 345s 888s 9m",
            JUNK2,
            JUNK3,
        ]
    )
    finish_opening(st)
    st.apply(A.Discard(K("1g")))
    assert st.current_player() == 1 and A.WIN in st.legal_actions()
    st.apply(A.WIN)
    answer_all(st)
    assert {"dia_u", "u_hoa"} <= set(ids(st))
    out = st.outcome()
    assert out is not None and out.payoffs == (-384.0, 384.0, 0.0, 0.0)


def _discard_every_draw(seat1: str, live: str, turns: int) -> MatChuocState:
    """The dealer discards 5m, then every seat discards what it draws (seat 1 draws the
    flowers of ``live``), for ``turns`` draws or until the game ends."""
    st = make_state(["1m 4m 7m 1p 4p 7p 1s 4s 7s 1z 2z 3z 4z 5m", seat1, JUNK2, JUNK3], live=live)
    finish_opening(st)
    st.apply(A.Discard(K("5m")))
    for _ in range(turns):
        answer_all(st)
        if st.is_terminal():
            break
        st.apply(A.Discard(st.last_draw))
    return st


def test_phong_hoa() -> None:
    st = _discard_every_draw(JUNK, "1f 6m 6p 6s 2f 8m 8p 8s 3k", 9)
    answer_all(st)
    assert ids(st) == ["phong_hoa"]
    out = st.outcome()
    assert out is not None and out.winner == 1 and out.payoffs[1] == 192.0


def test_no_phong_hoa_with_a_khung_nor_on_a_later_khung_discard() -> None:
    """B.7.4: the third flower passes while the hand holds a khung: no Phóng hoa, then or when
    the khung is discarded later (a khung is not a flower unless ``phong_khung``)."""
    live = "1f 6m 6p 6s 2f 8m 8p 8s 3k 9m 9p 9s 5p 2m 2p 2s"
    st = _discard_every_draw("TH " + JUNK[3:], live, 12)
    assert not st.is_terminal() and len(st.seats[1].flower_discards) == 3  # no win
    answer_all(st)
    assert st.current_player() == 1 and A.Discard(K("TH")) in st.legal_actions()
    st.apply(A.Discard(K("TH")))
    answer_all(st)
    assert not st.is_terminal()


def test_drawn_game_pays_nothing() -> None:
    st = MatChuocGame.new_state(None, 4)
    while not st.is_terminal():
        legal = st.legal_actions()
        pick = next((a for a in legal if a.verb == "pass"), None)
        if pick is None:
            discards = [a for a in legal if a.verb == "discard"]
            pick = discards[0] if discards and st.phase == "turn" else legal[-1]
        st.apply(pick)
    out = st.outcome()
    assert out is not None
    if out.termination is Termination.NO_WINNER:
        assert out.payoffs == (0.0, 0.0, 0.0, 0.0)
        assert st.wall == []


def test_observation_hides_other_hands() -> None:
    st = MatChuocGame.new_state(None, 2)
    obs = st.observation(1)
    assert obs["hand"] and "hand" not in st.observation(None)
    assert obs["hand_sizes"][st.dealer] == 14


@pytest.mark.parametrize("allowed", [True, False])
def test_claims_on_a_discard_after_the_wall_ran_out(allowed: bool) -> None:
    """B.5 / B.3.7: the hand ends when a required draw finds the wall empty; a phỗng or an ăn
    needs no draw, so the last discard may still be claimed (``last_discard_claims``), a coong
    (which needs a replacement tile) may not."""
    rules = Rules(last_discard_claims=allowed)
    hands = [
        "5m 6z 4m 7m 1p 4p 7p 1s 4s 7s 1z 2z 3z 4z",
        "5m 5m 5m 3m 4m 2p 5p 8p 2s 5s 8s 5z 6z",
        JUNK3,
        "1m 1m 9m 9m 1p 1p 9p 9p 1s 1s 9s 9s 7z",
    ]
    st = make_state(hands, rules=rules)
    finish_opening(st)
    st.wall.clear()  # the last tile was drawn: only this discard is left to claim
    st.apply(A.Discard(K("5m")))
    assert st.phase == "claim" and st.current_player() == 1
    legal = st.legal_actions()
    assert A.KONG not in legal
    assert any(a.verb == "pung" for a in legal) is allowed
    assert any(a.verb == "chow" for a in legal) is allowed
    if allowed:
        st.apply(next(a for a in legal if a.verb == "pung"))
        answer_all(st)
        st.apply(st.legal_actions()[-1])  # the claimer discards
        answer_all(st)
    else:
        answer_all(st)
    out = st.outcome()
    assert out is not None and out.termination is Termination.NO_WINNER


@pytest.mark.parametrize("self_draw_only", [True, False])
def test_seven_pairs_on_a_discard_only_when_the_rules_allow_it(self_draw_only: bool) -> None:
    """B.6.4: with ``seven_pairs_self_draw_only`` (the default) seven pairs is not offered on
    a discard; without it, it is offered and scores."""
    rules = Rules(seven_pairs=True, seven_pairs_self_draw_only=self_draw_only)
    hands = [
        "6z 4m 7m 1p 4p 7p 1s 4s 7s 1z 2z 3z 4z 5m",
        "1m 1m 3m 3m 5p 5p 7p 7p 9s 9s 5z 5z 6z",
        JUNK2,
        JUNK3,
    ]
    st = make_state(hands, rules=rules)
    finish_opening(st)
    st.apply(A.Discard(K("6z")))
    offered = st.phase == "claim" and A.WIN in st.legal_actions(1)
    assert offered is not self_draw_only
    if offered:
        st.apply(A.WIN, 1)
        answer_all(st)
        out = st.outcome()
        assert out is not None and out.winner == 1


def test_two_pung_of_one_kind_give_one_add_kong_onto_the_first_with_a_real_tile() -> None:
    """Khung standing in, a seat may hold two phỗng of one kind: the fourth real tile is one
    move (never offered twice), and it goes onto the first phỗng that holds a real tile; a
    phỗng of khung alone takes none."""
    from chieu.games.matchuoc.cards import KHUNG0
    from chieu.games.matchuoc.decompose import Group

    state = make_state([JUNK + " 9m", JUNK2, JUNK3, JUNK])
    finish_opening(state)
    seat = state.current_player()
    assert seat == 0 and state.phase == "turn"
    k = K("7m")
    me = state.seats[seat]
    only_khung = Group("pung", (k, k, k), (KHUNG0, KHUNG0, KHUNG0), True, True)
    one_real = Group("pung", (k, k, k), (-1, KHUNG0, KHUNG0), True, True)
    two_real = Group("pung", (k, k, k), (-1, -1, KHUNG0), True, True)
    me.melds[:] = [only_khung, one_real, two_real]
    me.hand[k] += 1
    me.changed()
    legal = state.legal_actions(seat)
    assert legal.count(A.AddKong(k)) == 1
    state.apply(A.AddKong(k), seat)
    assert [g.kind for g in me.melds] == ["pung", "kong", "pung"]
    assert me.melds[1].wilds == (-1, KHUNG0, KHUNG0, -1)
