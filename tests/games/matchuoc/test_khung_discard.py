"""Đánh khung after the seat flower (issue 15 item 7; seed 002, B.1.4.3): "Hoa đúng cửa thì
được tính phán và không được đánh khung nữa". A seat whose own flower is down and that holds
only khung is offered dựng instead of a khung discard; it discards a khung only where dựng is
impossible (right after a phỗng or ăn, or with the wall empty: the documented exit)."""

from __future__ import annotations

import random

import pytest

from chieu.core.actions import Action
from chieu.games.matchuoc import actions as A
from chieu.games.matchuoc.cards import KHUNG0, flower_number, is_khung
from chieu.games.matchuoc.game import MatChuocGame
from chieu.games.matchuoc.rules import Rules
from chieu.games.matchuoc.state import MatChuocState
from tests.games.matchuoc.helpers import K, answer_all, make_state

DEALER = "2m 1m 4m 7m 1p 4p 7p 1s 4s 7s 1z 2z 3z 4z"
SEAT2 = "5m 8p 3s 3m 6m 9m 3p 6p 2s 6s 5z 6z 7z"
SEAT3 = "1m 4m 7m 1p 4p 7p 1s 4s 7s 2z 3z 4z 5z"


def _nam(flower: str, khung: str, junk: str, rules: Rules | None = None) -> MatChuocState:
    """Nam (seat 1, cửa 2) sets ``flower`` down at the opening (replacement 6z), then phỗng
    2m, 5m, 8p and 3s, discarding ``junk`` (and the 6z) after each claim while it lasts;
    after that every seat discards its draw until Nam draws (the wall's seventh tile, TG)."""
    nam = f"{flower} {khung} 2m 2m 5m 5m 8p 8p 3s 3s {junk}"
    live = "5z 6z 7z 5z 6z 7z " + ("5s" if "TG" in khung else "TG")
    st = make_state([DEALER, nam, SEAT2, SEAT3], live, "6z 5p", rules=rules)
    st.apply(A.END_OPENING)
    st.apply(A.SetDown(K(flower)), 1)
    st.apply(A.END_OPENING, 1)
    while st.phase == "opening":
        st.apply(A.END_OPENING)
    st.apply(A.Discard(K("2m")))
    spare = [*junk.split(), "6z"]
    for tile in ("2m", "5m", "8p", "3s"):
        if tile != "2m":
            st.apply(A.Discard(K(tile)), 2)
        answer_all(st, {1: A.Pung(K(tile), K(tile), K(tile))})
        assert st.actor == 1 and st.after_claim
        if not any(st.seats[1].hand[:KHUNG0]):
            return st  # a khung-only hand right after a claim
        st.apply(A.Discard(K(spare.pop(0))), 1)
        answer_all(st)
    while not (st.actor == 1 and st.phase == "turn"):
        st.apply(A.Discard(st.last_draw))
        answer_all(st)
    assert st.last_draw == K("TG") and len(st.seats[1].melds) == 4
    return st


def _khung_discards(legal: list[Action]) -> set[int]:
    return {a.tile for a in legal if a.verb == "discard" and is_khung(a.tile)}  # type: ignore[attr-defined]


def test_issue15_nam_with_lan_down_is_offered_dung_not_a_khung_discard() -> None:
    st = _nam("2f", "HP", "9m 9p 9s")
    assert (
        st.seats[1].hand[K("HP")] == st.seats[1].hand[K("TG")] == 1 and sum(st.seats[1].hand) == 2
    )
    legal = st.legal_actions()
    assert not any(a.verb == "discard" for a in legal)
    assert A.WIN in legal and A.TONG_HOP in legal
    assert A.SetDown(K("TG")) in legal and A.SetDown(K("HP")) in legal
    st.apply(A.SetDown(K("TG")))  # the replacement, 5p, comes from the đầu coong
    legal = st.legal_actions()
    assert A.Discard(K("5p")) in legal and not _khung_discards(legal)
    assert A.SetDown(K("HP")) in legal


@pytest.mark.parametrize(
    ("flower", "mode", "allowed"),
    [
        ("1f", "forbid_after_seat_flower", True),  # Mai is Đông's flower, not Nam's
        ("2f", "always", True),
        ("1f", "never", False),
    ],
)
def test_khung_only_hand_by_the_rule(flower: str, mode: str, allowed: bool) -> None:
    st = _nam(flower, "HP", "9m 9p 9s", Rules(khung_discard=mode))
    legal = st.legal_actions()
    assert _khung_discards(legal) == ({K("TG"), K("HP")} if allowed else set())
    assert A.WIN in legal and A.TONG_HOP in legal


def test_exit_khung_only_right_after_a_claim() -> None:
    """[chieu choice] after a phỗng or ăn the claimer only discards (no dựng): a hand left
    with nothing but khung discards one, seat flower or not."""
    st = _nam("2f", "TG HP", "9m 9p")
    assert sum(st.seats[1].hand) == 2 and len(st.seats[1].melds) == 4
    assert st.legal_actions() == [A.Discard(K("TG")), A.Discard(K("HP"))]


def test_exit_khung_only_with_the_wall_empty() -> None:
    """[chieu choice] with the wall empty dựng has no replacement tile: a khung is discarded."""
    st = _nam("2f", "HP", "9m 9p 9s")
    st.wall.clear()
    legal = st.legal_actions()
    assert A.WIN in legal and not any(a.verb.startswith("set_down") for a in legal)
    assert _khung_discards(legal) == {K("TG"), K("HP")}


def test_random_play_never_offers_a_khung_discard_after_the_seat_flower() -> None:
    """Random play (claims and flower set-downs preferred, to reach small hands with the
    seat flower down): no khung discard is ever offered to a seat whose own flower is down,
    except in the exit (right after a claim, or with the wall empty)."""
    khung_only = 0
    for seed in range(250):
        rng = random.Random(seed)
        st = MatChuocGame.new_state(Rules(tile_set=rng.choice(["160", "168", "176"])), seed)
        while not st.is_terminal():
            s = st.current_player()
            assert s is not None
            legal = st.legal_actions()
            flowers = st.seats[s].flowers
            if st.phase == "turn" and any(flower_number(k) == st.cua(s) for k in flowers):
                exit_ok = st.after_claim or not st.wall
                assert exit_ok or not _khung_discards(legal), (seed, st.steps)
                if not any(st.seats[s].hand[:KHUNG0]):
                    khung_only += 1
                    assert any(a.verb.startswith("set_down") for a in legal) or exit_ok
            claims = [a for a in legal if a.verb in ("pung", "chow", "kong")]
            flowers = [a for a in legal if a.verb == "set_down" and a.tile < KHUNG0]
            if A.WIN in legal and rng.random() < 0.3:
                st.apply(A.WIN)
            else:
                st.apply(rng.choice(claims or flowers or [a for a in legal if a != A.WIN]))
    assert khung_only > 0  # the situation was reached
