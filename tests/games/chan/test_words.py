"""Chắn's words at the table: the hints (waits by name, the best discards and takes with their
reason, an ù to take, the faults to avoid), the result broken down, and the View's words in
both languages."""

from __future__ import annotations

import re

import pytest

from chieu import load_game
from chieu.core.outcome import Termination
from chieu.core.rng import Rng
from chieu.core.telling import outcome_lines_of
from chieu.games.chan import actions as A
from chieu.games.chan import scoring
from chieu.games.chan.hints import hints, unseen
from chieu.games.chan.results import outcome_lines

#: English that must not reach the Vietnamese words
ENGLISH = re.compile(r"\b(discard|draw|pass|win|wins|won|pays|points|player|fault)\b", re.I)
#: Vietnamese that must not reach the English words (the game's own terms are allowed)
VIETNAMESE = re.compile(r"\b(Bạn|Người|trả|điểm|Nên|Chưa|quân|được)\b")

# 4 chắn + 5 cạ + 3V: 3W makes 10 pairs but only 4 chắn
THIEU_CHAN = "2V2V 3S3S 4W4W 5V5V 6V6S 7V7S 8V8S 9V9S 2S2W 3V"


def _text(lines: list[str]) -> str:
    return "\n".join(lines)


# -- hints ------------------------------------------------------------------------------------


def test_hints_name_the_waits_then_the_win(chan) -> None:
    st = chan.make_state(["9W", chan.C1, "", ""], "6S")
    chan.apply(st, A.DISCARD[chan.K("9W")], 0)
    text = _text(hints(st, 1))
    assert "Chắn: 5 trên tay + 0 dưới chiếu = 5 (cần 6). Quân què: 6S." in text
    assert "Đang chờ ù: 6S (lục sách) — bạch thủ, còn 3 quân chưa lộ." in text
    assert "Nên chọn:" in text and "1. bốc: giữ bài như cũ, đang chờ ù" in text
    en = _text(hints(st, 1, "en"))
    assert "Waiting on: 6S (Six of Sách) — bạch thủ: one card, 3 not seen yet." in en
    chan.apply(st, A.DRAW, 1)  # 6S: seat 1 may ù on its own draw
    assert A.WIN in st.legal_actions(1)
    text = _text(hints(st, 1))
    win = "Bạn ù được ngay trên 6S (lục sách)! Địa ù 4 + Chì 1 + Bạch thủ 1 = 6 điểm. Chọn ù."
    assert win in text


def test_hints_rank_the_discards_with_their_reason(chan) -> None:
    st = chan.make_state([chan.C1 + " 9W", "", "", ""])  # the cái: C1 and a 9W
    lines = hints(st, 0)
    i = lines.index("Nên đánh:")
    assert lines[i + 1] == (
        "  1. đánh 6S: quân què, không phá chắn/cạ nào; sau đó chờ ù 9W (cửu văn)"
    )
    assert lines[i + 2] == (
        "  2. đánh 9W: quân què, không phá chắn/cạ nào; sau đó chờ ù 6S (lục sách)"
    )
    assert lines[i + 3].startswith("  3. đánh ") and "cách chờ ù 1 lần thay quân" in lines[i + 3]
    assert len(lines) == i + 4  # two or three, no more; no fault to warn of
    en = hints(st, 0, "en")
    assert "  1. discard 6S: a què: breaks no pair; then waiting on 9W (Nine of Văn)" in en


def test_hints_weigh_an_eat_against_a_draw(chan) -> None:
    st = chan.make_state(["5V", "5V 2W 9S", "", ""])
    chan.apply(st, A.DISCARD[chan.K("5V")], 0)
    lines = hints(st, 1)
    i = lines.index("Nên chọn:")
    assert lines[i + 1].startswith("  1. ăn chắn 5V: thêm một chắn; rồi đánh ")
    assert lines[i + 2].startswith("  2. bốc: giữ bài như cũ, cách chờ ù ")
    assert lines[i + 2].endswith("từ nay không được đánh hay ăn 5V (bỏ ăn chắn)")


def test_hints_warn_of_faults_in_referee_mode_only(chan) -> None:
    for mode in ("referee", "strict"):
        st = chan.make_state(["5V", "2V 5V 9S", "", ""], "9V", fault_mode=mode)
        chan.play(st, (0, A.DISCARD[chan.K("5V")]), (1, A.DRAW), (1, A.EAT[chan.K("9S")]))
        text = _text(hints(st, 1))
        ranked = [ln for ln in text.splitlines() if re.match(r"  \d\. đánh ", ln)]
        assert ranked and not any("đánh 5V:" in ln for ln in ranked)  # never advised
        if mode == "referee":
            assert "⚠ đánh 5V: lỗi Bỏ ăn chắn (báo, đền làng): đã bỏ không ăn chắn" in text
            assert "⚠ discard 5V: Bỏ ăn chắn (reported (báo), pays for the table)" in _text(
                hints(st, 1, "en")
            )
        else:
            assert "⚠" not in text


def test_hints_on_a_chiu_and_the_tra_cua(chan) -> None:
    st = chan.make_state(["9W", "", "", "7S7S7S 2V 3S"], "7S")
    chan.play(st, (0, A.DISCARD[chan.K("9W")]), (1, A.DRAW))
    assert A.CHIU in st.legal_actions(3)
    text = _text(hints(st, 3))
    assert "chíu 7S: thêm hai chắn dưới chiếu; rồi trả cửa " in text
    st.apply(A.CHIU, 3)
    chan.quiet(st)
    assert st.phase == "return"
    text = _text(hints(st, 3))
    assert "Chíu xong phải trả cửa: một quân vào cửa Người 2, nơi quân chíu nằm." in text
    assert "Nên trả cửa:" in text and "  1. trả cửa " in text
    assert "lỗi Treo tranh" in text  # a đánh into his own door is treo tranh (referee)


def test_hints_in_the_xuong(chan) -> None:
    st = chan.make_state(["9W", chan.C1, "", ""], "6S", xuong="declared")
    chan.play(st, (0, A.DISCARD[chan.K("9W")]), (1, A.DRAW))
    chan.apply(st, A.WIN, 1)
    assert st.phase == "announce"
    text = _text(hints(st, 1))
    assert "Cước của bạn: Địa ù 4 + Chì 1 + Bạch thủ 1 = 6 điểm." in text
    st.apply(A.ANNOUNCE["bach_thu"], 1)
    assert "Đã xướng: Bạch thủ." in _text(hints(st, 1))
    st.apply(A.ANNOUNCE_DONE, 1)
    lines = outcome_lines(st)
    assert "Xướng: Bạch thủ — đúng, được tính 4 điểm" in lines
    assert "Người 1 trả Người 2 4 điểm" in lines


def test_hints_see_only_what_the_seat_sees() -> None:
    """The same hints whatever the cards hidden from the seat are, and the state untouched."""
    for preset in ("default", "strict"):
        game = load_game("chan", preset)
        checked = 0
        for seed in range(6):
            st = game.new_state(seed=seed)
            rng = Rng(seed, "hints")
            while not st.is_terminal():
                for d in st.decisions():
                    if len(d.actions) > 1 and rng.random() < 0.3:
                        before = st.snapshot()
                        words = hints(st, d.seat)
                        assert st.snapshot() == before
                        other = st.resample_hidden(d.seat, seed * 1000 + checked)
                        assert hints(other, d.seat) == words
                        assert not ENGLISH.search(_text(words)), words
                        checked += 1
                    st.apply(rng.choice(d.actions), d.seat)
        assert checked > 20


def test_unseen_counts_what_the_seat_has_not_seen(chan) -> None:
    st = chan.make_state(["9W", chan.C1, "", ""], "6S")
    left = unseen(st, 1)
    assert left[chan.K("6S")] == 3 - (st.cai_card == chan.K("6S"))
    assert left[st.cai_card] == 3 - st.seats[1].hand[st.cai_card]  # the face-up cái card
    assert left[chan.K("2V")] == 2 - (st.cai_card == chan.K("2V"))
    chan.apply(st, A.DISCARD[chan.K("9W")], 0)
    assert unseen(st, 1)[chan.K("9W")] == left[chan.K("9W")] - 1


# -- the result -------------------------------------------------------------------------------


def test_the_result_of_a_win(chan) -> None:
    st = chan.make_state(["9W", chan.C1, "", ""], "6S")
    chan.play(st, (0, A.DISCARD[chan.K("9W")]), (1, A.DRAW), (1, A.WIN))
    lines = outcome_lines(st)
    assert lines[0] == "Người 2 ù 6S (lục sách), tự bốc ở nọc"
    assert lines[1] == "Cước: Địa ù 4 + Chì 1 + Bạch thủ 1 = 6 điểm"
    assert lines[2].startswith("Bài ù: 2V2V, ")
    assert lines[3:] == [
        "Người 1 trả Người 2 6 điểm",
        "Người 3 trả Người 2 6 điểm",
        "Người 4 trả Người 2 6 điểm",
    ]
    mine = outcome_lines(st, viewer=1)
    assert mine[0] == "Bạn ù 6S (lục sách), tự bốc ở nọc" and "Người 1 trả Bạn 6 điểm" in mine
    en = outcome_lines(st, "en", viewer=0)
    assert en[0] == "Player 2 won on 6S (Six of Sách), drawn by the winner"
    assert en[1] == "Cước: Địa ù 4 + Chì 1 + Bạch thủ 1 = 6 points"
    assert "You pay Player 2 6 points" in en and "Player 3 pays Player 2 6 points" in en
    assert outcome_lines_of(load_game("chan"))(st) == lines  # the kit's results


def test_the_result_names_who_exposed_the_card(chan) -> None:
    st = chan.make_state(["9W", "", chan.C1, ""], "6S")
    chan.play(st, (0, A.DISCARD[chan.K("9W")]), (1, A.DRAW), (2, A.WIN))
    lines = outcome_lines(st)
    assert lines[0] == "Người 3 ù 6S (lục sách), quân Người 2 bốc ở nọc"
    assert lines[1] == "Cước: Địa ù 4 + Bạch thủ 1 = 5 điểm"


def test_the_result_of_a_false_u(chan) -> None:
    st = chan.make_state(["9W", THIEU_CHAN, "", ""], "3W")
    chan.play(st, (0, A.DISCARD[chan.K("9W")]), (1, A.DRAW), (1, A.WIN))
    lines = outcome_lines(st)
    assert lines[0] == "Ván dừng: Người 2 ù sai 3W (tam văn) (Ù láo), đền tám đỏ hai lèo"
    assert lines[1].startswith("Bài lật: ")
    assert lines[2].startswith("Lỗi: Người 2 — Ù láo (đền tám đỏ hai lèo): ")
    assert lines[3:] == [f"Người 2 trả Người {s} 12 điểm" for s in (1, 3, 4)]
    en = outcome_lines(st, "en")
    assert en[0].startswith("The game stops: Player 2 claimed a false ù 3W (Three of Văn)")


def test_a_reported_seat_pays_for_the_table(chan) -> None:
    st = chan.make_state(["5V", "5V 9S 7S7S7S", "", chan.C1], "9V 2S")
    chan.play(st, (0, A.DISCARD[chan.K("5V")]), (1, A.DRAW))
    chan.play(st, (1, A.EAT[chan.K("9S")]), (1, A.DISCARD[chan.K("5V")]))  # bỏ ăn chắn: báo
    assert st.seats[1].bao
    chan.drive_to_win(st, 3)
    out = st.outcome()
    assert out is not None and out.winner == 3
    lines = outcome_lines(st)
    assert any(ln.startswith("Lỗi: Người 2 — Bỏ ăn chắn (báo, đền làng)") for ln in lines)
    assert f"Người 2 trả Người 4 {3 * out.score} điểm" in lines
    assert not any(ln.startswith(("Người 1 trả", "Người 3 trả")) for ln in lines)


def test_every_result_adds_up_in_both_languages() -> None:
    """Who paid whom nets to the payoffs; every kind of end is told, in Vietnamese without
    English and in English without Vietnamese."""
    ends: set[str] = set()
    for preset in ("default", "strict", {"xuong": "declared"}, "khong_u_suong"):
        game = load_game("chan", preset)
        for seed in range(25):
            st = game.new_state(seed=seed)
            rng = Rng(seed, "result")
            while not st.is_terminal():
                for d in st.decisions():
                    st.apply(rng.choice(d.actions), d.seat)
            out = st.outcome()
            assert out is not None
            assert scoring.net(st.num_players, st.payments) == list(out.payoffs)
            vi, en = outcome_lines(st, "vi", 0), outcome_lines(st, "en", 0)
            assert vi and en
            assert not ENGLISH.search(_text(vi)), vi
            assert not VIETNAMESE.search(_text(en)), en
            ends.add(vi[0].split(":")[0] if out.winner is None else "win")
    assert {"win", "Ván dừng"} <= ends


def test_a_hoa(chan) -> None:
    game = load_game("chan", "strict")
    for seed in range(200):
        st = game.new_state(seed=seed)
        rng = Rng(seed, "hoa")
        while not st.is_terminal():
            for d in st.decisions():
                st.apply(d.default if A.WIN not in d.actions else A.DECLINE, d.seat)
        out = st.outcome()
        if out is not None and out.termination == Termination.NO_WINNER:
            assert outcome_lines(st)[0] == "Hòa: đã bốc hết nọc mà không ai ù"
            assert outcome_lines(st, "en")[0] == "A draw: the nọc ran out, nobody won"
            return
        del rng
    pytest.fail("no hòa found")


def test_the_score_breakdown_adds_up() -> None:
    from chieu.core.outcome import PatternHit
    from chieu.games.chan.rules import Rules

    hits = [PatternHit("chi", "Chì"), PatternHit("leo", "Lèo", 2), PatternHit("bach_thu", "B")]
    parts = scoring.breakdown(hits, Rules())
    assert [(h.id, p) for h, p in parts] == [("leo", 7), ("chi", 1), ("bach_thu", 1)]
    assert sum(p for _, p in parts) == scoring.score(hits, Rules()) == 9


# -- the View's words ---------------------------------------------------------------------------


def test_seats_and_groups_follow_the_language(chan) -> None:
    st = chan.make_state(["9W", chan.C1, "", ""], "8S", prev_winner=0)
    vi = st.view_seats()
    en = st.view_seats("en")
    assert "cái" in vi[0].roles and "thắng ván trước" in vi[0].roles
    assert "cái (deals first)" in en[0].roles and "won the last game" in en[0].roles
    hand = next(z for z in st.view_zones(1, "en") if z.id == "hand:1")
    assert hand.groups is not None
    assert {g.label for g in hand.groups} <= {"chắn (pair)", "cạ (same rank)", "què (single)"}
    hand_vi = next(z for z in st.view_zones(1) if z.id == "hand:1")
    assert hand_vi.groups is not None and {g.label for g in hand_vi.groups} == {"chắn", "cạ", "què"}
