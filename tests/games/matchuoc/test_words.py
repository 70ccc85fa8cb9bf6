"""Mạt chược's words at the table: the hints (waits by name with the tiles still unseen, the
best discards and claims with their reason, set-downs), the result broken down (the winning
tile, who dealt it in, the exposed phu, every phán item, the payments, the next dealer) and
the views in either language."""

from __future__ import annotations

import re

from chieu.core.rng import Rng
from chieu.games.matchuoc import actions as A
from chieu.games.matchuoc.game import MatChuocGame
from chieu.games.matchuoc.hints import hints as seat_hints
from chieu.games.matchuoc.notation import NOTATION
from chieu.games.matchuoc.results import outcome_lines
from chieu.games.matchuoc.rules import Rules
from chieu.games.matchuoc.state import MatChuocState
from tests.games.matchuoc.helpers import (
    JUNK,
    JUNK2,
    JUNK3,
    K,
    answer_all,
    finish_opening,
    make_state,
    pung,
)

#: the dealer holds 13 unrelated tiles and a 5m; seat 1 waits on 5m (4m 6m)
DEALER = "1m 4m 7m 1p 4p 7p 1s 4s 7s 1z 2z 3z 4z 5m"
KANCHAN = "123p 456p 789p 11z 4m 6m"
ENGLISH = re.compile(r"\b(discard|pass|win|waiting|tiles?|unseen|pays?|you)\b", re.IGNORECASE)


def _waiting_state() -> MatChuocState:
    st = make_state([DEALER, KANCHAN, JUNK2, JUNK3])
    finish_opening(st)
    return st


def test_hints_name_the_waits_and_count_the_unseen_tiles() -> None:
    st = _waiting_state()
    # seat 1 cannot see the dealer's 5m: all four are unseen
    assert seat_hints(st, 1) == ["Bài: chờ ù Ngũ Vạn (còn 4): 4 quân chưa lộ"]
    assert seat_hints(st, 1, "en") == [
        "Your hand: waiting on Five of Characters (4 left): 4 unseen"
    ]
    st.apply(A.Discard(K("5m")))  # now it lies in the river: three are left
    hints = seat_hints(st, 1)
    assert hints[0].startswith("Ù được Ngũ Vạn: 19 phán = 3 mủn 1 phán (Phình 1, Địa ù 12")
    assert "bỏ qua: chờ ù Ngũ Vạn (còn 3): 3 quân chưa lộ" in hints
    # ăn 5m with 4m 6m, then a discard: the claim is told with the discard that follows
    assert any(h.startswith("ăn Ngũ Vạn với Tứ Vạn và Lục Vạn, rồi đánh ") for h in hints)
    assert len(hints) <= 4


def test_hints_rank_the_best_discards_with_their_reason() -> None:
    st = make_state([KANCHAN + " 9s", JUNK, JUNK2, JUNK3])
    finish_opening(st)
    hints = seat_hints(st, 0)
    assert hints[0] == "đánh Cửu Sách: chờ ù Ngũ Vạn (còn 4): 4 quân chưa lộ; quân lẻ"
    assert len(hints) == 3 and all(h.startswith("đánh ") for h in hints)
    assert "cách ù 2 quân" in hints[1] and "quân có ích chưa lộ" in hints[1]
    en = seat_hints(st, 0, "en")
    assert en[0] == (
        "discard Nine of Bamboos: waiting on Five of Characters (4 left): 4 unseen; a lone tile"
    )
    assert "2 tiles from a win" in en[1]


def test_hints_on_flowers_and_khung() -> None:
    st = make_state(["1f 2f TG 123p 456p 789p 1z 4m", JUNK, JUNK2, JUNK3], dead="6z 6z 6z")
    hints = seat_hints(st, 0)  # the dealer's opening: two flowers must go down
    assert (
        "dựng Mai: hoa không vào bài, dựng rồi bốc bù, hoa đúng cửa: +1 phán (rồi không được "
        "đánh khung nữa)"
    ) in hints
    assert any(h.startswith("dựng Lan: hoa không vào bài") for h in hints)
    assert "Có từ hai hoa trở lên: phải dựng hết." in hints
    assert any(h.startswith("dựng Khung Tổng: +3 phán khung, bốc bù; giữ thì") for h in hints)


def test_hints_use_only_what_the_seat_may_see() -> None:
    """Dealing the tiles hidden from a seat again changes none of its hints (every fifth
    position of two random games, claim windows included)."""
    windows = 0
    for seed in (11, 12):
        game = MatChuocGame.new_state(None, seed)
        rng = Rng(seed, "hints")
        step = 0
        while not game.is_terminal():
            if step % 5 == 0:
                windows += game.window is not None
                for seat in range(4):
                    mine = seat_hints(game, seat)
                    other = game.clone()
                    other.resample_hidden(seat, step)
                    assert seat_hints(other, seat) == mine
            d = game.decisions()[0]
            game.apply(rng.choice(d.actions), d.seat)
            step += 1
    assert windows


def test_outcome_of_a_win_on_a_discard() -> None:
    st = make_state([DEALER, KANCHAN, JUNK2, JUNK3])
    finish_opening(st)
    st.apply(A.Discard(K("5m")))
    st.apply(A.WIN, 1)
    answer_all(st)
    lines = outcome_lines(st)
    assert lines[0] == "Người 2 ù Ngũ Vạn do Người 1 đánh ra."
    assert lines[1].startswith("  Trên tay: [Tứ Vạn Ngũ Vạn Lục Vạn] phu dọc · ")
    assert lines[1].endswith(" · [Đông Đông] đôi")
    assert lines[2:6] == [
        "  Phình: 1 phán",
        "  Địa ù: 12 phán",
        "  Không hoa lá: 6 phán",
        "  Cộng: 19 phán = 3 mủn 1 phán",
    ]
    assert lines[6] == (
        "  Trả (cái 194, con 97): Người 1 trả 194 (cái, đánh ra), Người 3 trả 97 (con), "
        "Người 4 trả 97 (con); Người 2 được 388."
    )
    assert lines[7] == "Ván sau Người 2 làm cái."
    mine = outcome_lines(st, viewer=1)
    assert mine[0] == "Bạn ù Ngũ Vạn do Người 1 đánh ra." and mine[-1] == "Ván sau Bạn làm cái."
    en = outcome_lines(st, "en", viewer=1)
    assert en[0] == "You won on Player 1's discard, Five of Characters."
    assert "  Phình (all runs): 1 phán" in en
    assert en[6].endswith("You get 388.") and "Player 1 pays 194 (cái share, dealt in)" in en[6]


def test_outcome_shows_the_exposed_sets_and_the_flowers() -> None:
    st = make_state([DEALER, "2f 123p 456p 11z 4m 6m 99s", JUNK2, JUNK3], dead="9s")
    st.apply(A.END_OPENING)
    st.apply(A.SetDown(K("2f")))  # seat 1 (cửa 2) sets down its own flower, draws 9s
    finish_opening(st)
    me = st.seats[1]  # as if the 9s had been claimed earlier: an exposed phỗng
    me.hand[K("9s")] -= 3
    me.melds.append(pung("9s"))
    me.changed()
    st.apply(A.Discard(K("5m")))
    st.apply(A.WIN, 1)
    answer_all(st)
    lines = outcome_lines(st)
    assert lines[0] == "Người 2 ù Ngũ Vạn do Người 1 đánh ra."
    assert lines[1] == "  Phu đã hạ: [Cửu Sách Cửu Sách Cửu Sách] phỗng"
    assert lines[2].startswith("  Trên tay: [Tứ Vạn Ngũ Vạn Lục Vạn] phu dọc")
    assert lines[3] == "  Hoa, khung đã dựng: Lan"
    assert "  Hoa trúng cửa: 1 phán" in lines
    en = outcome_lines(st, "en")
    assert en[1] == "  Exposed sets: [Nine of Bamboos Nine of Bamboos Nine of Bamboos] pung"
    assert en[3] == "  Flowers and khung set down: Orchid"


def test_outcome_of_thien_u_a_draw_and_two_winners() -> None:
    st = make_state(["123m 456m 789p 345s 55z", JUNK, JUNK2, JUNK3])
    finish_opening(st)
    st.apply(A.WIN)
    lines = outcome_lines(st)
    assert lines[0] == "Người 1 ù ngay với bài chia (thiên ù)."
    assert "  Thiên ù: 12 phán" in lines
    assert lines[-2].startswith("  Trả (cái 194, con 97): Người 2 trả 194 (cái)")
    assert lines[-1] == "Ván sau Người 1 vẫn làm cái."

    both = make_state(
        [DEALER, KANCHAN, "123s 456s 789s 22z 4m 6m", JUNK3], rules=Rules(multi_ron="all")
    )
    finish_opening(both)
    both.apply(A.Discard(K("5m")))
    both.apply(A.WIN, 1)
    both.apply(A.WIN, 2)
    answer_all(both)
    heads = [ln for ln in outcome_lines(both) if not ln.startswith(" ")]
    assert heads[:2] == [
        "Người 2 ù Ngũ Vạn do Người 1 đánh ra.",
        "Người 3 ù Ngũ Vạn do Người 1 đánh ra.",
    ]

    game = MatChuocGame.new_state(None, 0)
    rng = Rng(0, "draw")
    for seed in range(40):
        game = MatChuocGame.new_state(None, seed)
        while not game.is_terminal():
            d = game.decisions()[0]
            game.apply(rng.choice(d.actions), d.seat)
        out = game.outcome()
        assert out is not None
        if out.winner is None:
            break
    lines = outcome_lines(game)
    assert lines[0] == "Hòa: hết tường, không ai ù."
    assert lines[1].startswith("Ván sau ")


def test_outcome_lines_of_self_draw_and_phong_hoa_name_the_tile() -> None:
    """Random games until a self-drawn win and a phóng hoa: the tile drawn (and where from),
    the three flowers, everything in Vietnamese."""
    seen: set[str] = set()
    rng = Rng(3, "outcomes")
    for seed in range(300):
        st = MatChuocGame.new_state(None, seed)
        while not st.is_terminal():
            d = st.decisions()[0]
            st.apply(rng.choice(d.actions), d.seat)
        lines = outcome_lines(st)
        text = "\n".join(lines)
        assert not ENGLISH.search(text), text
        head = lines[0]
        if " ù tự bốc " in head:
            seen.add("self")
            assert re.search(r"ù tự bốc [A-ZĐ]", head)
            assert any(ln.startswith("  Trả (cái ") for ln in lines)
        elif " phóng hoa: ba lần đánh hoa (" in head:
            seen.add("phong")
            assert "  Phóng hoa: 6 phán" in lines
        if seen == {"self", "phong"}:
            break
    assert seen == {"self", "phong"}


def test_views_follow_the_language() -> None:
    st = make_state(["2f 123p 456p 789p 1z 4m 6m 7z", JUNK, JUNK2, JUNK3], dead="7z")
    st.apply(A.SetDown(K("2f")))  # Lan is seat 2's flower: the dealer keeps khung discards
    finish_opening(st)
    st.seats[1].melds.append(pung("5s"))
    # (core.viewing passes the view's language on; here the state's methods are asked)
    vi = {
        "seats": [x.to_json() for x in st.view_seats()],
        "zones": [z.to_json() for z in st.view_zones(0)],
    }
    en = {
        "seats": [x.to_json() for x in st.view_seats("en")],
        "zones": [z.to_json() for z in st.view_zones(0, "en")],
    }
    assert vi["seats"][0]["roles"] == ["nhà cái", "cửa Đông"]
    assert en["seats"][0]["roles"] == ["dealer", "East seat"]
    assert en["seats"][1]["roles"] == ["South seat"]
    mat = next(z for z in en["zones"] if z["id"] == "mat:1")
    assert mat["groups"][0]["label"] == "pung" and mat["label"] == "exposed sets"
    labels = {z["id"]: z["label"] for z in vi["zones"]}
    assert labels["mat:1"] == "phu đã hạ" and labels["stock"] == "tường"
    assert labels["flowers:0"] == "hoa, khung đã dựng" and labels["box"] == "khung không dùng"
    hand = next(z for z in vi["zones"] if z["id"] == "hand:0")
    assert [g["label"] for g in hand["groups"]] == ["Vạn", "Văn", "chữ"]
    hand_en = next(z for z in en["zones"] if z["id"] == "hand:0")
    assert [g["label"] for g in hand_en["groups"]] == ["Characters", "Dots", "honors"]
    assert next(z for z in vi["zones"] if z["id"] == "hand:1")["groups"] is None  # hidden
    # a seat whose own flower is down is marked, in its language
    st2 = make_state(["1f 123p 456p 789p 1z 4m 6m 7z", JUNK, JUNK2, JUNK3], dead="7z")
    st2.apply(A.SetDown(K("1f")))
    assert st2.view_seats()[0].marks == ("hoa đúng cửa: không đánh khung",)
    assert st2.view_seats("en")[0].marks == ("own flower down: no khung discards",)


def test_the_winter_flower_is_told_apart_from_the_east_wind() -> None:
    assert NOTATION.card_name(K("1z")) == "Đông"
    assert NOTATION.card_name(K("4g")) == "Đông (hoa)"
    assert NOTATION.card_name(K("4g"), "en") == "Winter"
