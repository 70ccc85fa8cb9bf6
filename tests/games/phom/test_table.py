"""Phỏm on the table protocol: decisions and their defaults, zones and views, the game's
words (labels, typed answers, events), the sitting and the re-deal of hidden cards."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from chieu import load_game
from chieu.core.errors import NotationError
from chieu.core.events import seat_history
from chieu.core.rng import Rng
from chieu.games.phom import PhomGame, Rules
from chieu.games.phom import actions as A
from chieu.games.phom import analysis as an
from chieu.games.phom.cards import cards_of, parse_cards, parse_mask
from chieu.games.phom.notation import EVENT_KINDS, NOTATION, parse_legal
from chieu.games.phom.rules import PRESETS
from chieu.games.phom.state import PhomState
from chieu.games.phom.worlds import Live

ENGLISH = {"discard", "draw", "eat", "pass", "lay", "send", "win", "player", "you", "stock"}
VIETNAMESE = {"người", "bạn", "đánh", "bốc", "ăn", "hạ", "gửi", "bỏ", "lật", "chia", "hết"}


def one(text: str) -> int:
    return parse_cards(text)[0]


def words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"\w+", text)}


def games(count: int = 6) -> list[PhomState]:
    """Finished random games of every preset (2–4 players)."""
    out = []
    for seed in range(count):
        preset = sorted(PRESETS)[seed % len(PRESETS)]
        rules = PRESETS[preset].with_(players=2 + seed % 3)
        st = PhomGame.new_state(rules, seed)
        rnd = random.Random(seed)
        while not st.is_terminal():
            st.apply(rnd.choice(st.legal_actions()))
        out.append(st)
    return out


def positions(count: int = 8) -> list[PhomState]:
    """States along random games of every preset (for per-decision checks)."""
    out = []
    for seed in range(count):
        preset = sorted(PRESETS)[seed % len(PRESETS)]
        st = PhomGame.new_state(PRESETS[preset].with_(players=2 + seed % 3), seed)
        rnd = random.Random(seed)
        while not st.is_terminal():
            out.append(st.clone())
            st.apply(rnd.choice(st.legal_actions()))
        out.append(st)
    return out


# -- decisions ------------------------------------------------------------------------------


def test_every_decision_is_one_seats_turn_and_its_default_is_the_documented_one() -> None:
    for st in positions():
        pending = st.decisions()
        if st.is_terminal():
            assert pending == ()
            continue
        [d] = pending
        assert d.seat == st.current_player() and list(d.actions) == st.legal_actions()
        assert d.kind == ("arrange" if st.phase == "khan" else "turn")
        if A.WIN in d.actions:
            assert d.default == A.WIN
        elif st.phase in ("khan", "draw"):
            assert d.default in (A.PASS, A.DRAW)
        elif isinstance(d.actions[0], A.LayMeld):  # a phỏm of the best lay-down (issue 28)
            assert isinstance(d.default, A.LayMeld)
            seat = st.seats[d.seat]
            eaten, v = seat.eaten & seat.hand, st.rules.card_points
            fast = an.best_melds(seat.hand, an.run_table(v), an.run_melds(v))[1]
            best = an.best_arrangements(seat.hand, eaten, discard=True, variant=v)
            melds = {m for a in best for m in a.melds} | (set() if eaten else set(fast))
            lays = [a for a in d.actions if isinstance(a, A.LayMeld)]
            assert d.default.mask in melds or (d.default is lays[0] and len(lays) == 1)
        elif isinstance(d.actions[-1], A.Discard):
            hand = st.seats[d.seat].hand
            cards = [a.card for a in d.actions if isinstance(a, A.Discard)]
            loose = [c for c in cards if not an.covered(hand) >> c & 1] or cards
            best = max(loose, key=lambda c: (c % 13, c // 13))
            assert d.default == A.DISCARD[best]
        else:
            assert d.default == d.actions[0]


def test_the_game_has_no_claim_windows() -> None:
    game = load_game("tá lả")
    assert game.info.has_claims is False and game.info.min_players == 2
    for st in positions(3):
        assert st.window is None and st.view(0).claim_open is False


# -- zones and views ------------------------------------------------------------------------


def test_zones_hold_the_deck_and_show_a_hand_only_to_its_owner() -> None:
    for st in positions(4):
        for viewer in (None, *range(st.num_players)):
            view = st.view(viewer)
            assert sum(z.count for z in view.zones) == 52
            for z in view.zones:
                if z.role == "hand" and z.owner != viewer and z.owner not in st.shown:
                    assert z.cards is None
                elif z.role == "stock":
                    assert z.cards is None and z.count == len(st.stock)
                else:
                    assert z.cards is not None and len(z.cards) == z.count
            for s, seat in enumerate(st.seats):
                melds = view.zone(f"phom:{s}").groups
                assert melds is not None
                assert [list(g.cards) for g in melds] == [
                    [NOTATION.card(c) for c in cards_of(m)] for m in seat.melds
                ]
                assert view.seats[s].hand_count == seat.hand.bit_count()


def test_the_view_tells_the_live_discard_marks_and_payments() -> None:
    st = PhomGame.new_state(Rules(), 0)
    first = st.decisions()[0]
    st.apply(first.default)
    view = st.view(1)
    assert view.live is not None and view.live.seat == 0 and view.live.source == "discard"
    assert view.seats[0].roles == ("đi đầu",)
    assert view.extra["first"] == 0 and view.extra["direction"] == "clockwise"
    for st in games():
        view = st.view(None)
        assert view.extra["payments"] == [p.to_json() for p in st.payments]
        assert view.extra["payoffs"] == list(st.payoffs) == list(st.outcome().payoffs)
        for s, seat in enumerate(st.seats):
            assert ("đã hạ" in view.seats[s].marks) == seat.laid
            assert ("móm" in view.seats[s].marks) == (seat.laid and not seat.melds)
        if st.winner is not None:
            assert "ù" in view.seats[st.winner].marks


# -- words ------------------------------------------------------------------------------------


def test_card_names() -> None:
    assert NOTATION.card(one("Kh")) == "Kh"
    assert NOTATION.card_name(one("Kh")) == "già cơ"
    assert NOTATION.card_name(one("Td")) == "mười rô"
    assert NOTATION.card_name(one("As"), "en") == "Ace of Spades"
    assert NOTATION.phase_label("draw") == "bốc hoặc ăn"
    assert NOTATION.phase_label("act", "en") == "lay, send, discard"


def test_labels_name_their_context() -> None:
    st = PhomGame.new_state(Rules(), 3)
    st.seats[0].hand = parse_mask("Qh 4c 7d 7s 7h 7c 6h Ad 4d Ks")
    st.seats[1].melds = [parse_mask("8h 9h Th Jh")]
    st.seats[1].laid = True
    st.seats[0].row = parse_cards("2s 3s 4s")
    st._start_act(0)
    st._legal_at = -1
    labels = {NOTATION.label(st, 0, a) for a in st.legal_actions()}
    assert "hạ 7♠ 7♣ 7♦" in labels
    st.apply(A.LAY[parse_mask("7s 7c 7d")])
    send = A.LAYOFF[(one("Qh"), "high")]
    assert NOTATION.label(st, 0, send) == "gửi Q♥ vào 8♥ 9♥ 10♥ J♥ của Người 2"
    assert NOTATION.label(st, 0, send, "en") == "send Q♥ onto 8♥ 9♥ 10♥ J♥ (Player 2)"
    assert NOTATION.label(st, 0, A.DISCARD[one("Ks")]) == "đánh K♠"
    assert NOTATION.action_cards(st, 0, send) == ("Qh",)
    st.live = Live(one("9h"), 0, True)
    assert NOTATION.label(st, 1, A.EAT) == "ăn 9♥ của Người 1 (chốt)"
    assert NOTATION.action_cards(st, 1, A.EAT) == ("9h",)


def test_every_label_and_event_is_in_words_of_its_language() -> None:
    seen: set[str] = set()
    for st in positions(6):
        for d in st.decisions():
            for a in d.actions:
                vi, en = NOTATION.label(st, d.seat, a), NOTATION.label(st, d.seat, a, "en")
                assert vi and not words(vi) & ENGLISH, vi
                assert en and not words(en) & VIETNAMESE, en
    for st in games(9):
        for viewer in (None, *range(st.num_players)):
            for e in seat_history(st.events, viewer):
                seen.add(e.type)
                vi = NOTATION.describe(st, e, viewer)
                en = NOTATION.describe(st, e, viewer, "en")
                assert bool(vi) == bool(en)
                assert vi or e.type == "action", e
                assert not words(vi) & ENGLISH, vi
                assert not words(en) & VIETNAMESE, en
                assert "Bạn" not in vi or viewer is not None
    assert seen <= set(EVENT_KINDS)
    assert {"deal", "hand", "start", "action", "drawn", "discard", "eat", "lay", "end"} <= seen


def test_a_seat_sees_its_own_draw_and_others_only_that_they_drew() -> None:
    st = PhomGame.new_state(Rules(), 1)
    st.apply(st.decisions()[0].default)
    st.apply(A.DRAW)
    drawn = next(e for e in st.events if e.type == "drawn")
    mine = NOTATION.describe(st, seat_history([drawn], 1)[0], 1)
    theirs = NOTATION.describe(st, seat_history([drawn], 2)[0], 2)
    assert mine.startswith("Bạn bốc được ") and theirs == "Người 2 bốc một quân"


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("bốc", A.DRAW),
        ("BOC", A.DRAW),
        ("ăn", A.EAT),
        ("an", A.EAT),
        ("draw", A.DRAW),
        ("Kh", A.DISCARD[51]),
        ("đánh K♥", A.DISCARD[51]),
        ("danh kh", A.DISCARD[51]),
        ("7s 7c 7d", A.LAY[parse_mask("7s 7c 7d")]),
        ("hạ 7♠7♣7♦", A.LAY[parse_mask("7s 7c 7d")]),
        ("gửi Qh", A.LAYOFF[(one("Qh"), "high")]),
    ],
)
def test_typed_answers(text: str, want: A.Action) -> None:
    legal = [
        A.EAT,
        A.DRAW,
        A.DISCARD[51],
        A.LAY[parse_mask("7s 7c 7d")],
        A.LAYOFF[(one("Qh"), "high")],
    ]
    assert parse_legal(text, legal) == want


def test_typed_answers_that_name_no_legal_move_are_explained_in_the_chosen_language() -> None:
    with pytest.raises(NotationError, match="Bây giờ không được ù"):
        parse_legal("ù", [A.DRAW])
    with pytest.raises(NotationError, match="not possible now"):
        parse_legal("u", [A.DRAW], "en")
    with pytest.raises(NotationError, match="Không có nước đi nào với 5c"):
        parse_legal("5c", [A.DRAW])
    with pytest.raises(NotationError, match="không rõ quân 'zz'"):
        parse_legal("zz", [A.DRAW])
    with pytest.raises(NotationError, match="unknown card 'zz'"):
        parse_legal("zz", [A.DRAW], "en")
    st = PhomGame.new_state(Rules(), 2)
    seat = st.current_player()
    assert seat is not None
    action = st.legal_actions()[0]
    assert NOTATION.parse(st, seat, NOTATION.label(st, seat, action)) == action


# -- the sitting and the re-deal ----------------------------------------------------------------


def test_the_sitting_gives_the_next_deal_to_the_winner_and_round_trips() -> None:
    game = load_game("phom", "seed")
    sitting = game.sitting(["An", "Bình", "Chi", "Dũng"])
    assert sitting.next_setup() == {"first": 0}
    rnd = Rng(7, "sitting")
    for seed in range(4):
        st = sitting.new_state(seed)
        assert st.first == sitting.next_setup()["first"]
        while not st.is_terminal():
            d = st.decisions()[0]
            st.apply(rnd.choice(d.actions), seat=d.seat)
        out = st.outcome()
        sitting.record(out, seed)
        first = out.winner if out.winner is not None else out.details["nhat"]
        assert sitting.next_setup() == {"first": first}
    assert not sitting.over


def test_a_redeal_keeps_eaten_cards_and_shuffles_the_stock() -> None:
    stocks = in_order = 0
    for st in positions(4):
        for seat in (None, *range(st.num_players)):
            orders = set()
            for k in range(4):
                other = st.resample_hidden(seat, k)
                for s, (a, b) in enumerate(zip(st.seats, other.seats, strict=True)):
                    assert a.eaten & a.hand == b.eaten & b.hand
                    assert a.hand.bit_count() == b.hand.bit_count()
                    if s == seat or s in st.shown:
                        assert a.hand == b.hand
                if len(other.stock) >= 4:
                    stocks += 1
                    in_order += sorted(other.stock) == other.stock
                orders.add(tuple(other.stock))
            assert len(orders) > 1 or len(st.stock) < 2
    assert stocks > 100 and in_order < stocks / 10  # the re-dealt stock is in a random order


def test_options_explain_every_rule() -> None:
    options = {o.name: o for o in load_game("phom").options()}
    assert options["card_points"].choices == ("A1_K13", "faces_10")
    assert options["players"].choices == (2, 3, 4)
    assert all(o.vi and o.en for o in options.values())


def _json(view: Any) -> Any:
    return view.to_json()


def test_a_view_is_json_and_names_moves_in_words() -> None:
    st = PhomGame.new_state(Rules(), 5)
    data = _json(st.view(0))
    [decision] = data["decisions"]
    assert decision["kind"] == "turn"
    assert all(a["label"].startswith("đánh ") for a in decision["actions"])
    assert data["phase_label"] == "hạ, gửi, đánh"
    assert _json(st.view(1))["decisions"] == []
    assert _json(st.view(0, "en"))["decisions"][0]["actions"][0]["label"].startswith("discard ")
