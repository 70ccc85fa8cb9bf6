"""The table protocol's Tổ tôm parts: decisions and defaults, the view, the words (notation)."""

from __future__ import annotations

import re

import pytest

from chieu.core.errors import NotationError
from chieu.core.rng import Rng
from chieu.games.totom import PRESETS, TotomGame
from chieu.games.totom import actions as A
from chieu.games.totom.cards import KINDS
from chieu.games.totom.hints import hints as seat_hints
from chieu.games.totom.lexicon import EVENT_KINDS, card_name
from chieu.games.totom.notation import NOTATION, parse_legal
from chieu.games.totom.results import outcome_lines
from chieu.games.totom.rules import Rules
from chieu.games.totom.state import TotomState

from .conftest import claim, make, settle
from .hands import TT3, TT4, TT6

#: English words an action label or an event must not show in Vietnamese
ENGLISH = re.compile(r"\b(discard|eat|draw|pass|win|decline|call|the|and|of)\b")


def _games(rules: Rules, seeds: range) -> list[object]:
    """States along random games, one per step."""
    out = []
    for seed in seeds:
        st = TotomGame.new_state(rules, seed)
        rng = Rng(seed, "words")
        while not st.is_terminal():
            out.append(st.clone())
            for d in rng.shuffled(list(st.decisions())):
                st.apply(rng.choice(d.actions), d.seat)
        out.append(st)
    return out


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_label_is_vietnamese_and_parses_back(preset: str) -> None:
    for st in _games(PRESETS[preset], range(2)):
        for d in st.decisions():  # type: ignore[attr-defined]
            labels = [NOTATION.label(st, d.seat, a) for a in d.actions]
            assert len(set(labels)) == len(labels), labels
            for action, text in zip(d.actions, labels, strict=True):
                assert text and not ENGLISH.search(text), text
                assert NOTATION.label(st, d.seat, action, "en")
                assert NOTATION.parse(st, d.seat, text) == action
                assert d.default in d.actions


def test_every_event_is_described_for_every_viewer() -> None:
    seen: set[str] = set()
    for rules in (Rules(), Rules(ho="declared", players=4)):
        for st in _games(rules, range(3))[-1:]:
            for viewer in (None, *range(rules.players)):
                for e in st.history(viewer):  # type: ignore[attr-defined]
                    seen.add(e.type)
                    assert e.type in EVENT_KINDS
                    text = NOTATION.describe(st, e, viewer)
                    assert not ENGLISH.search(text), text
                    assert text or e.type == "action"
                    NOTATION.describe(st, e, viewer, "en")
    assert {"deal", "setup", "draw", "discard", "eat", "end"} <= seen


def test_card_names() -> None:
    assert [card_name(k) for k in (0, 26, 27, 28, 29)] == [
        "nhất vạn",
        "cửu văn",
        "chi chi",
        "thang thang",
        "ông lão",
    ]
    assert card_name(26, "en") == "Nine of Văn" and card_name(29, "en") == "Ông lão"
    assert NOTATION.card(26) == "9W"


def test_typed_answers() -> None:
    legal = [A.DISCARD[0], A.DRAW, A.WIN, A.EAT[0]]
    assert parse_legal("nhất vạn", legal) is A.DISCARD[0]
    with pytest.raises(NotationError, match="không rõ"):
        parse_legal("nhat van", legal)  # vạn or văn?
    assert parse_legal("đánh 1V", legal) is A.DISCARD[0]
    assert parse_legal("xin", legal) is A.DRAW and parse_legal("U", legal) is A.WIN
    with pytest.raises(NotationError, match="không đánh được 9W"):
        parse_legal("9W", legal)
    with pytest.raises(NotationError, match="không rõ quân") as bad:
        parse_legal("@@", legal)
    assert bad.value.token == "@@"
    with pytest.raises(NotationError, match="cannot read"):
        parse_legal("@@", legal, "en")
    with pytest.raises(NotationError, match="lúc này không thể"):
        parse_legal("phỗng", legal)


def test_a_window_asks_every_seat_but_the_discarder_and_shows_nothing_of_the_answers() -> None:
    st = make({2: TT3}, "5S")  # seat 0 draws the 5S: every seat is asked, seat 2 may dậy khàn
    assert st.window is not None and st.window.asked == (0, 1, 2, 3, 4)
    views = {s: st.view(s).to_json() for s in range(5)}
    assert all(v["claim_open"] for v in views.values())
    assert [c["label"] for c in views[2]["decisions"][0]["actions"]] == ["dậy khàn 5S", "bỏ qua"]
    assert [c["label"] for c in views[1]["decisions"][0]["actions"]] == ["bỏ qua"]
    # referee mode marks the fault of letting the khàn go
    decline = views[2]["decisions"][0]["actions"][1]
    assert decline["fault"] == {"id": "khe_khan", "name": "Khê khàn", "penalty": "cheo_do"}
    st.apply(A.DECLINE, 2)
    assert st.view(1).to_json()["events"] == views[1]["events"]  # nothing shows the answer
    settle(st)
    claims = [e for e in st.events if e.type == "claim"]
    assert claims == []  # nobody took it: no claim to announce
    # after a discard: every seat but the discarder
    while st.phase != "discard":
        d = st.decisions()[0]
        eats = [a for a in d.actions if a.verb == "eat"]
        st.apply(eats[0] if eats else d.default, d.seat)
        settle(st)
    seat = st.actor
    st.apply(st.decisions()[0].default, seat)
    assert st.window is not None and seat not in st.window.asked
    assert len(st.window.asked) == 4


def test_the_view_of_a_win() -> None:
    st = make({1: TT4}, "CC")
    claim(st, A.WIN, 1)
    view = st.view(0).to_json()
    assert view["outcome"]["winner"] == 1 and view["phase_label"] == "hết ván"
    hand1 = next(z for z in view["zones"] if z["id"] == "hand:1")
    assert hand1["cards"] is not None and hand1["count"] == 21
    texts = [e["text"] for e in view["events"]]
    assert "Người 2 ù chi chi" in texts
    assert any(t.startswith("hết ván: Người 2 ù, 7 điểm") for t in texts)
    seats = view["seats"]
    assert "được cái" in seats[0]["roles"] and "ù" in seats[1]["marks"]
    assert view["extra"]["nocc_left"] == len(st.stock)


def test_defaults_and_decision_kinds() -> None:
    st = make({2: TT3}, arrange=False)
    d = st.decisions()[0]
    assert d.kind == "arrange" and d.default is A.ARRANGE_DONE
    st = make({1: TT4}, "CC", Rules(ho="declared"))
    claim(st, A.WIN, 1)
    d = st.decisions()[0]
    assert d.kind == "declare" and d.default is A.CALL_DONE
    st = make({}, "1V 2S")
    settle(st)
    d = st.decisions()[0]
    assert d.kind == "turn" and d.default is A.PASS  # his own nọc card: bỏ lượt


def test_hints_name_the_waits_and_the_win_on_the_table() -> None:
    st = make({1: TT4}, "CC")
    lines = seat_hints(st, 1)
    assert lines[0].startswith("Phu trên tay: 2W 3W 4W (phu dọc); 3V 3S 7W (tôm)")
    assert "khàn úp: 5S 5S 5S. Lưng: 3 (cần 3)." in lines[0]
    assert lines[1] == "Cạ: 8S 9V (chờ CC). Quân lẻ: không có."
    assert lines[2] == (
        "Đang chờ ù CC (chi chi): 4 lưng, có tôm, có lèo (bạch thủ) — còn 3 quân chưa lộ."
    )
    assert lines[3] == (
        "Bạn ù được ngay trên CC (chi chi)! Cước: Có tôm +1, Bạch thủ +1, Có lèo +2, "
        "Chi nẩy +1 → 2 + 5 = 7 điểm. Chọn ù."
    )
    assert lines[4].startswith("⚠ bỏ qua: lỗi Bỏ ù")
    en = seat_hints(st, 1, "en")
    assert en[2].startswith("Waiting on CC (Chi chi): 4 lưng") and "You can win on CC" in en[3]
    # a seat with no decision still gets its hand and its standing
    assert seat_hints(st, 3)[2].startswith(("Chưa chờ ù", "Đang chờ ù"))


def test_hints_warn_of_thieu_lung_and_khe_khan() -> None:
    st = make({1: TT6}, "4W")
    lines = seat_hints(st, 1)
    assert "Ù 4W (tứ văn) lúc này là thiếu lưng: 2 lưng, cần 3 (chèo đò). Đừng ù." in lines
    assert lines[-1].startswith("⚠ ù 4W: lỗi Thiếu lưng")
    st = make({2: TT3}, "5S")
    lines = seat_hints(st, 2)
    day = next(x for x in lines if x.startswith("Dậy khàn 5S"))
    assert "bắt buộc (bỏ qua là khê khàn, chèo đò)" in day
    assert "Rồi trả 3S vào cửa Người 1: phá phu 3V 3S 7W (tôm); sau đó chờ ù 7V" in day
    assert lines[-1].startswith("⚠ bỏ qua: lỗi Khê khàn")


def _step_to(st: TotomState, verbs: set[str], seat: int = 0) -> TotomState:
    """Play defaults (the first eat when there is one) until ``seat`` decides with one of
    ``verbs``."""
    for _ in range(400):
        d = st.decisions()[0]
        if d.seat == seat and {a.verb for a in d.actions} & verbs and len(d.actions) > 1:
            return st
        eats = [a for a in d.actions if a.verb in ("eat", "lay_copies")]
        st.apply(eats[0] if eats else d.default, d.seat)
    raise AssertionError("never reached")


def test_hints_rank_the_takes_and_the_discards_with_reasons() -> None:
    st = _step_to(make({}, ""), {"eat"})
    lines = seat_hints(st, 0)
    i = lines.index("Nên chọn:")
    choices = lines[i + 1 :]
    assert any(x.startswith("  1. ăn ") or x.startswith("  1. xin") for x in choices)
    assert any("xin 1 quân: giữ bài" in x or "bỏ lượt: giữ bài" in x for x in choices)
    assert all("; rồi đánh " in x for x in choices if ". ăn " in x)
    eat = next(a for a in st.legal_actions(0) if a.verb == "eat")
    st.apply(eat, 0)
    if A.LAY in st.legal_actions(0):
        lines = seat_hints(st, 0)
        assert lines[2].startswith("Hạ quân trùng") and "treo tranh trái vỉ" in lines[2]
        assert lines[-1].startswith("⚠ đánh ") and "Treo tranh trái vỉ" in lines[-1]
        st.apply(A.LAY, 0)
    lines = seat_hints(st, 0)
    i = lines.index("Nên đánh:")
    best = lines[i + 1 : i + 4]
    assert len(best) == 3 and all(x.startswith(f"  {n}. đánh ") for n, x in enumerate(best, 1))
    assert all("; sau đó " in x for x in best)


def test_hints_never_read_a_hidden_card() -> None:
    """Every hint of a seat is the same in any world that seat cannot tell apart."""
    rng = Rng(3, "worlds")
    for st in _games(Rules(), range(1))[::3]:
        for d in st.decisions():  # type: ignore[attr-defined]
            other = st.resample_hidden(d.seat, rng)  # type: ignore[attr-defined]
            assert seat_hints(st, d.seat) == seat_hints(other, d.seat)


def test_the_outcome_broken_down() -> None:
    st = make({1: TT4}, "CC", setup={"prev_winner": 1})
    claim(st, A.WIN, 1)
    lines = outcome_lines(st, viewer=1)
    assert lines[0] == "Bạn ù CC (chi chi), quân Người 1 xin ở nọc"
    assert lines[1] == (
        "Cước: Thông +1, Có tôm +1, Bạch thủ +1, Có lèo +2, Chi nẩy +1 → 2 + 6 = 8 điểm"
    )
    assert lines[2].startswith("Bài ù (4 lưng): 3V 3S 7W (tôm) · 8S 9V CC (lèo)")
    assert lines[3].startswith("Kiểm bài: ✓ đủ 21 quân")
    assert lines[4] == "Người 1, Người 3, Người 4, Người 5 mỗi người trả Bạn 8 điểm"
    en = outcome_lines(st, "en")
    assert en[0] == "Player 2 won on CC (Chi chi), turned up from the nọc by Player 1"
    assert outcome_lines(st, "en", viewer=1)[0].startswith("You won on CC")
    # a thiếu lưng: the claim, the fault and its boat, who paid
    st = make({1: TT6}, "4W")
    claim(st, A.WIN, 1)
    lines = outcome_lines(st, viewer=1)
    assert lines[0] == "Bạn ù 4W (tứ văn), quân Người 1 xin ở nọc, nhưng phạm lỗi"
    assert "Lỗi: Bạn — Thiếu lưng: ù khi chưa đủ lưng → chèo đò" in lines
    assert "Bạn chèo đò (Thiếu lưng): trả mỗi người 2 điểm" in lines
    assert lines[-1] == "Chèo đò (sang ván sau): Bạn"


def test_the_view_follows_the_language_and_sorts_the_hand() -> None:
    st = make({1: TT4}, "CC", setup={"dealer": 4, "prev_winner": 1, "glasses": [2]})
    vi, en = st.view_seats(), st.view_seats(lang="en")
    assert vi[0].roles == ("được cái",) and en[0].roles == ("gets the cái",)
    assert vi[4].roles == ("chia bài",) and en[4].roles == ("dealer",)
    assert vi[1].roles == ("thắng ván trước",) and en[2].marks == ("glasses (đeo kính)",)
    hand = next(z for z in st.view_zones(1) if z.id == "hand:1")
    assert hand.groups is not None
    labels = [(g.cards, g.label) for g in hand.groups]
    assert labels[0] == (("5S",) * 3, "khàn úp") and (("3V", "3S", "7W"), "tôm") in labels
    assert labels[-1] == (("8S", "9V"), "cạ")
    hand_en = next(z for z in st.view_zones(1, lang="en") if z.id == "hand:1")
    assert hand_en.groups is not None and hand_en.groups[0].label == "khàn (face down)"
    mat = next(z for z in st.view_zones(1) if z.id == "mat:1")
    assert mat.count == 0


def test_the_views_are_kept_per_change() -> None:
    """The views of a position are built once, keyed on ``changes`` (forced answers too)."""
    st = make({}, "1V 2S")
    assert st.window is not None
    st.view_zones(0)
    assert st.__dict__["_views"].at == st.changes
    steps, before = st.steps, st.changes
    assert st.pass_forced() > 0 and st.steps == steps and st.changes > before
    st.view_zones(0)
    assert st.__dict__["_views"].at == st.changes


def test_kinds_table_codes() -> None:
    assert KINDS.codes[27:] == ("CC", "TT", "OL")
