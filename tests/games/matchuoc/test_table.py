"""Mạt chược on the table protocol (issue 11): decisions and their defaults, the claim window
that asks every other seat, zones and worlds, the view, the words and the hội."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from chieu.core.driver import play
from chieu.core.errors import NotationError
from chieu.core.outcome import Outcome, Termination
from chieu.core.rng import Rng
from chieu.core.sitting import Sitting
from chieu.core.table import load_game
from chieu.games.matchuoc import actions as A
from chieu.games.matchuoc.game import MatChuocGame
from chieu.games.matchuoc.notation import NOTATION, parse_legal
from chieu.games.matchuoc.setups import SITTING_POLICY
from chieu.games.matchuoc.state import MatChuocState
from tests.games.matchuoc.helpers import JUNK3, K, finish_opening, make_state

ENGLISH = re.compile(r"\b(the|discard|pass|win|drew|player|you|kong|pung|chow)\b", re.I)


def _claim_setup() -> MatChuocState:
    st = make_state(
        [
            "1m 4m 7m 1p 4p 7p 1s 4s 7s 1z 2z 3z 4z 5m",
            "46m 1p 4p 7p 1s 4s 7s 1z 2z 3z 4z 9p",  # may chow 5m
            "55m 1p 4p 7p 1s 4s 7s 1z 2z 3z 4z 9p",  # may pung 5m
            JUNK3,  # cannot claim 5m
        ]
    )
    finish_opening(st)
    return st


def _open_by_defaults(st: MatChuocState) -> None:
    """The opening as timeouts play it: done, or set a flower down when all must go."""
    while st.phase == "opening":
        (d,) = st.decisions()
        assert d.kind == "arrange"
        st.apply(d.default, d.seat)


def test_decision_kinds_and_defaults() -> None:
    st = MatChuocGame.new_state(None, 3)
    (d,) = st.decisions()
    assert d.kind == "arrange" and d.seat == st.dealer
    _open_by_defaults(st)
    (d,) = st.decisions()
    assert d.kind == "turn" and isinstance(d.default, A.Discard)
    st.apply(d.default, d.seat)
    window = st.decisions()
    assert [x.seat for x in window] == [(st.dealer + i) % 4 for i in (1, 2, 3)]
    assert all(x.kind == "claim" and x.default == A.PASS for x in window)


def test_the_turn_default_discards_the_tile_just_drawn() -> None:
    st = _claim_setup()
    st.apply(A.Discard(K("5m")))
    for d in st.decisions():
        st.apply(A.PASS, d.seat)
    (d,) = st.decisions()
    assert d.seat == 1 and d.default == A.Discard(st.last_draw)


def test_a_window_asks_every_other_seat_by_position() -> None:
    """Who is asked never depends on the hidden tiles: the three others, next seat first;
    a seat with no claim may only pass."""
    st = _claim_setup()
    st.apply(A.Discard(K("5m")))
    assert st.window is not None and st.window.asked == (1, 2, 3)
    assert st.legal_actions(3) == [A.PASS]
    assert any(isinstance(a, A.Chow) for a in st.legal_actions(1))
    assert any(isinstance(a, A.Pung) for a in st.legal_actions(2))
    view = st.view(3).to_json()
    assert view["claim_open"] and view["live"] == {"card": "5m", "seat": 0, "source": "discard"}
    assert [a["label"] for a in view["decisions"][0]["actions"]] == ["bỏ qua"]


def test_resample_keeps_the_seats_own_answer_and_asks_the_others_again() -> None:
    st = _claim_setup()
    st.apply(A.Discard(K("5m")))
    st.apply(A.PASS, 3)
    st.apply(A.Pung(K("5m"), K("5m"), K("5m")), 2)
    other = st.resample_hidden(2, 7)
    assert other.window is not None and other.window.answers == {2: st.window.answers[2]}
    assert {d.seat for d in other.decisions()} == {1, 3}
    assert other.legal_actions(2) == [] and other.view(2).to_json() == st.view(2).to_json()


def test_resample_deals_the_drawn_tile_afresh_and_keeps_the_counts() -> None:
    st = _claim_setup()
    st.apply(A.Discard(K("5m")))
    for d in st.decisions():
        st.apply(A.PASS, d.seat)
    actor, drawn = st.actor, st.last_draw
    assert st.hidden_from(0)[f"drawn:{actor}"][drawn] == 1
    moved = 0
    for seed in range(12):
        other = st.resample_hidden(0, seed)
        assert other.seats[actor].hand[other.last_draw] >= 1
        assert sum(other.seats[actor].hand) == sum(st.seats[actor].hand)
        assert len(other.wall) == len(st.wall) and other.view(0).to_json() == st.view(0).to_json()
        moved += other.last_draw != drawn
    assert moved
    mine = st.resample_hidden(actor, 1)
    assert mine.last_draw == drawn and mine.seats[actor].hand == st.seats[actor].hand


def test_the_view_shows_no_hidden_tile_and_the_drawn_one_to_its_drawer() -> None:
    st = MatChuocGame.new_state(None, 5)
    _open_by_defaults(st)
    st.apply(st.decisions()[0].default)
    for d in st.decisions():
        st.apply(A.PASS, d.seat)
    actor = st.actor
    mine = st.view(actor).to_json()
    other = st.view((actor + 1) % 4).to_json()
    assert mine["extra"]["drawn"] == NOTATION.card(st.last_draw)
    assert "drawn" not in other["extra"]
    hands = {z["id"]: z for z in other["zones"] if z["role"] == "hand"}
    assert hands[f"hand:{actor}"]["cards"] is None and hands[f"hand:{actor}"]["count"] == 14
    assert mine["seats"][actor]["to_act"] and "nhà cái" in mine["seats"][st.dealer]["roles"]
    assert {z["id"] for z in mine["zones"]} >= {"stock", "box", "mat:0", "flowers:3"}


def test_claim_events_and_words() -> None:
    st = _claim_setup()
    st.apply(A.Discard(K("5m")))
    st.apply(A.Chow(K("4m"), K("4m"), K("6m")), 1)
    st.apply(A.PASS, 2)
    st.apply(A.PASS, 3)
    claim = st.events[-1]
    assert claim.type == "claim" and claim.data["tiles"] == [K("4m"), K("5m"), K("6m")]
    assert NOTATION.describe(st, claim, 0) == "Người 2 ăn Ngũ Vạn của Bạn"
    assert NOTATION.describe(st, claim, 1, "en") == "You: chow Player 1's Five of Characters"
    texts = [e["text"] for e in st.view(2).to_json()["events"]]
    assert "Bạn trả lời: bỏ qua" in texts and not any("ăn" in t for t in texts[:-1])


def test_labels_in_context() -> None:
    st = _claim_setup()
    st.apply(A.Discard(K("5m")))
    assert NOTATION.label(st, 2, A.Pung(K("5m"), K("5m"), K("5m"))) == "phỗng Ngũ Vạn"
    assert (
        NOTATION.label(st, 1, A.Chow(K("4m"), K("4m"), K("6m")))
        == "ăn Ngũ Vạn với Tứ Vạn và Lục Vạn"
    )
    assert NOTATION.action_cards(st, 1, A.Chow(K("4m"), K("4m"), K("6m"))) == ("5m", "4m", "6m")
    assert NOTATION.label(st, 1, A.PASS, "en") == "pass"
    assert NOTATION.card_name(K("TG"), "en") == "Tổng joker"
    assert NOTATION.card_name(K("7z")) == "Trung"


def test_typed_answers() -> None:
    legal = [A.PASS, A.Pung(K("5m"), K("5m"), K("5m")), A.Pung(K("5m"), K("5m"), K("TG"))]
    assert parse_legal("bỏ qua", legal) == A.PASS
    assert parse_legal("bo qua", legal) == A.PASS
    assert parse_legal("phong 5m 5m", legal) == legal[1]
    assert parse_legal("phỗng TG", legal) == legal[2]
    with pytest.raises(NotationError, match="nhiều cách"):
        parse_legal("phỗng", legal)
    with pytest.raises(NotationError, match="several moves"):
        parse_legal("pung", legal, lang="en")
    with pytest.raises(NotationError, match="Bây giờ không được"):
        parse_legal("ăn", legal)
    with pytest.raises(NotationError, match="Không hiểu '9x'") as bad:
        parse_legal("9x", [A.Discard(0)])
    assert bad.value.token is not None
    # tiles by name and labels, with or without diacritics where that is clear
    discards = [A.Discard(K("5m")), A.Discard(K("5p")), A.Discard(K("1z"))]
    assert parse_legal("Ngũ Văn", discards) == A.Discard(K("5p"))
    assert parse_legal("đánh Ngũ Vạn", discards) == A.Discard(K("5m"))
    assert parse_legal("discard Five of Dots", discards) == A.Discard(K("5p"))
    assert parse_legal("dong", discards) == A.Discard(K("1z"))  # not the flower: no move uses it
    with pytest.raises(NotationError, match="Ngũ Vạn \\(5m\\) hay Ngũ Văn \\(5p\\)"):
        parse_legal("ngu van", discards)
    assert parse_legal("set down TG", [A.SetDown(K("TG")), A.END_OPENING]) == A.SetDown(K("TG"))
    assert parse_legal("done", [A.SetDown(K("TG")), A.END_OPENING]) == A.END_OPENING
    st = _claim_setup()
    assert NOTATION.parse(st, 0, "5m") == A.Discard(K("5m"))


def test_every_event_is_described_in_vietnamese_without_english() -> None:
    st = MatChuocGame.new_state(None, 8)
    rng = Rng(8, "words")
    play(st, lambda s, d: rng.choice(d.actions))
    kinds = set()
    for seat in (None, 0, 1, 2, 3):
        for e in st.history(seat):
            text = NOTATION.describe(st, e, seat)
            assert text and not ENGLISH.search(text), (e, text)
            assert NOTATION.describe(st, e, seat, "en")
            kinds.add(e.type)
    assert kinds <= set(NOTATION.event_kinds)
    for phase in ("opening", "turn", "claim", "end"):
        assert not ENGLISH.search(NOTATION.phase_label(phase))


def test_views_validate_and_labels_have_no_action_ids() -> None:
    game = load_game("mạt chược")
    st = game.new_state(seed=4)
    rng = Rng(4, "views")
    n = 0
    while not st.is_terminal():
        for d in st.decisions():
            data = st.view(d.seat).to_json()
            for choice in data["decisions"][0]["actions"]:
                assert not re.search(r"\d{2,}", choice["label"]), choice
                assert not ENGLISH.search(choice["label"]), choice
            json.dumps(data)
            st.apply(rng.choice(d.actions), d.seat)
            n += 1
    assert n > 50 and st.view(None).to_json()["outcome"] is not None


def _outcome(dealer: int, nxt: int) -> Outcome:
    return Outcome(
        Termination.NO_WINNER, (0.0,) * 4, details={"dealer": dealer, "next_dealer": nxt}
    )


def test_the_sitting_carries_the_dealer_and_the_winds() -> None:
    rules = MatChuocGame.default_rules()
    carry: dict[str, Any] = SITTING_POLICY.start(rules)
    assert SITTING_POLICY.next_setup(rules, carry) == {"round_wind": 1}
    carry, _ = SITTING_POLICY.after(rules, carry, _outcome(2, 2))
    assert SITTING_POLICY.next_setup(rules, carry) == {"round_wind": 1, "dealer": 2}
    dealer = 2
    for wind in (1, 2, 3, 4):
        for _ in range(4):
            assert carry["round_wind"] == wind and not SITTING_POLICY.over(rules, carry, [])
            carry, _ = SITTING_POLICY.after(rules, carry, _outcome(dealer, (dealer + 1) % 4))
            dealer = (dealer + 1) % 4
    assert SITTING_POLICY.over(rules, carry, [])


def test_a_sitting_deals_with_its_dealer_and_round_trips() -> None:
    game = load_game("matchuoc")
    sitting = game.sitting()
    st = sitting.new_state(seed=9)
    rng = Rng(9, "sitting")
    play(st, lambda s, d: rng.choice(d.actions))
    sitting.record(st.outcome(), seed=9)
    nxt = st.outcome().details["next_dealer"]
    assert sitting.new_state(seed=10).dealer == nxt
    back = Sitting.from_json(json.loads(json.dumps(sitting.to_json())))
    assert back.next_setup() == sitting.next_setup() == {"round_wind": 1, "dealer": nxt}


def test_rule_options_are_explained() -> None:
    options = {o.name: o for o in load_game("matchuoc").options()}
    assert options["tile_set"].choices == ("160", "168", "176")
    assert options["multi_ron"].vi and options["multi_ron"].en
