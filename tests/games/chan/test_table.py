"""Chắn on the table protocol: claim windows, decisions and defaults, views and words."""

from __future__ import annotations

import itertools
import random

import pytest

from chieu import load_game
from chieu.core.errors import NotationError
from chieu.core.rng import Rng
from chieu.games.chan import actions as A
from chieu.games.chan.notation import NOTATION

# -- claim windows --------------------------------------------------------------------------


def test_every_seat_its_position_allows_is_asked(chan) -> None:
    st = chan.make_state(["9W", "", "", ""], "8S")
    st.apply(A.DISCARD[chan.K("9W")], 0)
    assert st.window is not None and st.window.asked == (1, 2, 3)  # not the discarder
    assert all(d.kind == "claim" and d.actions == (A.DECLINE,) for d in st.decisions())
    chan.quiet(st)
    assert st.phase == "decide" and st.to_act() == (1,)
    st.apply(A.DRAW, 1)
    assert st.window is not None and st.window.asked == (1, 2, 3, 0)  # the drawer first


def test_a_reported_seat_is_not_asked(chan) -> None:
    st = chan.make_state(["5V", "5V 9S 7S7S7S", "", ""], "9V 2S")
    chan.play(st, (0, A.DISCARD[chan.K("5V")]), (1, A.DRAW))
    chan.play(st, (1, A.EAT[chan.K("9S")]), (1, A.DISCARD[chan.K("5V")]))  # bỏ ăn chắn: báo
    assert st.seats[1].bao
    assert st.window is None or 1 not in st.window.asked
    chan.quiet(st)
    st.apply(A.DRAW, 2)
    assert st.window is not None and 1 not in st.window.asked


def _answers_in_every_order(st) -> None:
    """Every order of the window's answers leaves the same state."""
    window = st.window
    rnd = random.Random(len(st.events))
    answers = {d.seat: rnd.choice(d.actions) for d in st.decisions()}
    ends = set()
    for order in itertools.permutations(answers):
        trial = st.clone()
        for seat in order:
            trial.apply(answers[seat], seat)
        assert trial.window is None
        ends.add(str(trial.snapshot()))
    assert len(ends) == 1, (window, answers)


@pytest.mark.parametrize("preset", ["default", "strict"])
def test_answers_may_come_in_any_order(preset: str) -> None:
    game = load_game("chan", preset)
    windows = 0
    for seed in range(30):
        st = game.new_state(seed=seed)
        rng = Rng(seed, "order")
        while not st.is_terminal():
            if st.window is not None and any(len(d.actions) > 1 for d in st.decisions()):
                _answers_in_every_order(st)
                windows += 1
            for d in st.decisions():
                st.apply(rng.choice(d.actions), d.seat)
    assert windows >= 5


# -- decisions and defaults -------------------------------------------------------------------


def test_defaults(chan) -> None:
    st = chan.make_state(["9W", "", "", ""], "8S", fault_mode="referee")
    (d,) = st.decisions()
    lowest = min(k for k in range(25) if st.seats[0].hand[k])
    assert d.kind == "turn" and d.default == A.DISCARD[lowest]  # no card is a fault yet
    chan.apply(st, A.DISCARD[chan.K("9W")], 0)
    (d,) = st.decisions()
    assert d.default == A.DRAW
    chan.apply(st, A.DRAW, 1)
    (d,) = st.decisions()
    assert d.default == A.PASS  # dưới on his own draw


def test_the_default_discard_commits_no_fault(chan) -> None:
    """Referee mode offers every discard; the default is the lowest one that is no fault."""
    st = chan.make_state(["5V", "2V 5V 9S", "", ""], "9V")
    chan.play(st, (0, A.DISCARD[chan.K("5V")]), (1, A.DRAW), (1, A.EAT[chan.K("9S")]))
    (d,) = st.decisions()
    assert A.DISCARD[chan.K("2V")] in d.actions and A.DISCARD[chan.K("5V")] in d.actions
    assert d.default == A.DISCARD[chan.K("2V")]
    assert st.fault_of(1, A.DISCARD[chan.K("5V")]) == ("bo_an_chan", "Bỏ ăn chắn")
    assert st.fault_of(1, A.DISCARD[chan.K("2V")]) is None


# -- views --------------------------------------------------------------------------


def test_view_zones_and_extra(chan) -> None:
    st = chan.make_state(["9W", chan.C1, "", ""], "8S")
    view = st.view(1).to_json()
    zones = {z["id"]: z for z in view["zones"]}
    assert zones["hand:1"]["cards"] is not None and zones["hand:0"]["cards"] is None
    assert zones["hand:0"]["count"] == 20 and zones["stock"]["count"] == 23
    kinds = {g["kind"] for g in zones["hand:1"]["groups"]}
    assert kinds <= {"chan", "ca", "ba_dau", "que"} and "chan" in kinds
    assert view["extra"]["cai_seat"] == 0 and view["extra"]["opening"]
    assert view["seats"][0]["roles"][0] == "cái" and view["seats"][0]["to_act"]
    chan.apply(st, A.DISCARD[chan.K("9W")], 0)
    view = st.view(None).to_json()
    assert view["live"] == {"card": "9W", "seat": 0, "source": "discard"}
    assert {z["id"]: z for z in view["zones"]}["door:0"]["cards"] == ["9W"]


def test_the_cai_card_stays_with_the_cai_when_hidden_cards_are_dealt_again(chan) -> None:
    st = chan.make_state(["", "", "", ""])
    zones = st.zones()
    assert sum(zones["cai"]) == 1 and zones["cai"][st.cai_card] == 1
    for seed in range(20):
        other = st.resample_hidden(1, seed)
        assert other.seats[st.cai_seat].hand[st.cai_card] >= 1


# -- words --------------------------------------------------------------------------


def test_labels_name_the_context(chan) -> None:
    st = chan.make_state(["5W", "5V 5S", "", "7S7S7S"])
    chan.apply(st, A.DISCARD[chan.K("5W")], 0)
    assert NOTATION.label(st, 1, A.EAT[chan.K("5V")]) == "ăn cạ 5W với 5V"
    assert NOTATION.label(st, 1, A.DRAW) == "bốc"
    assert NOTATION.label(st, 1, A.EAT[chan.K("5V")], "en") == "eat 5W with 5V (cạ)"
    assert NOTATION.action_cards(st, 1, A.EAT[chan.K("5V")]) == ("5V", "5W")
    assert NOTATION.card_name(chan.K("9W")) == "cửu văn"
    assert NOTATION.card_name(chan.K("CC"), "en") == "Chi chi"


def test_parse_reads_codes_names_and_moves(chan) -> None:
    st = chan.make_state(["5W 9W", "5V 5S", "", ""])
    assert NOTATION.parse(st, 0, "9w") == A.DISCARD[chan.K("9W")]
    assert NOTATION.parse(st, 0, "cửu văn") == A.DISCARD[chan.K("9W")]
    assert NOTATION.parse(st, 0, "danh 9W") == A.DISCARD[chan.K("9W")]
    with pytest.raises(NotationError, match="Không hiểu 'van'"):
        NOTATION.parse(st, 0, "cuu van")
    with pytest.raises(NotationError, match="ambiguous"):
        NOTATION.parse(st, 0, "cuu van", "en")
    with pytest.raises(NotationError, match="Lúc này không thể"):
        NOTATION.parse(st, 0, "boc")
    chan.apply(st, A.DISCARD[chan.K("5W")], 0)
    assert NOTATION.parse(st, 1, "Bốc") == A.DRAW
    assert NOTATION.parse(st, 1, "5S") == A.EAT[chan.K("5S")]


def test_every_event_is_told_in_both_languages() -> None:
    game = load_game("chan", {"xuong": "declared"})
    told: set[str] = set()
    for seed in range(40):
        st = game.new_state(seed=seed)
        rng = Rng(seed, "words")
        while not st.is_terminal():
            for d in st.decisions():
                st.apply(rng.choice(d.actions), d.seat)
        for viewer in (None, 0):
            for e in st.history(viewer):
                vi = NOTATION.describe(st, e, viewer, "vi")
                en = NOTATION.describe(st, e, viewer, "en")
                assert vi and en and e.type in NOTATION.event_kinds
                told.add(e.type)
    assert told >= {"deal", "hand", "bat_cai", "action", "claim", "fault", "show", "end"}
