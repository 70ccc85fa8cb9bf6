"""Issue 15, items 3–6: phỗng triples take no 4th card, a chèo đò cancels its offender's win,
a face-down khàn is never broken to find a discard, and treo tranh trái vỉ.

Each test plays the situation the issue describes with ``make`` (chosen hands and nọc cards);
``neutral`` moves every other decision along (decline a claim, leave one's own nọc card, ask
for a nọc card).
"""

from __future__ import annotations

import pytest

from chieu.core.outcome import Termination
from chieu.games.totom import actions as A
from chieu.games.totom import claims
from chieu.games.totom.cards import KINDS, parse_cards
from chieu.games.totom.phu import ALL_PHU, KHAN, PHONG, QUAD, Phu
from chieu.games.totom.rules import Rules
from chieu.games.totom.shapes import extends
from chieu.games.totom.state import TotomState

from .conftest import claim, make, options
from .hands import TT3

RA = Rules()
STRICT = Rules(fault_mode="strict")
MODES = [RA, STRICT]


def k(code: str) -> int:
    kind = KINDS.kind(code)
    assert kind is not None
    return kind


def neutral(st: TotomState) -> None:
    legal = st.legal_actions()
    for act in (A.DECLINE, A.PASS, A.DRAW):
        if act in legal:
            st.apply(act)
            return
    raise AssertionError(f"seat {st.current_player()} in {st.phase} must choose among {legal}")


def until(st: TotomState, seat: int, phase: str, card: str) -> None:
    """Move along until ``seat`` answers in ``phase`` with ``card`` live."""
    for _ in range(400):
        if st.current_player() == seat and st.phase == phase and st.live_card == k(card):
            return
        neutral(st)
    raise AssertionError(f"seat {seat} never reached {phase} on {card}")


def sorted_kinds(codes: str) -> list[int]:
    return sorted(parse_cards(codes))


def eat(st: TotomState, codes: str, verb: str = "eat") -> None:
    want = tuple(sorted_kinds(codes))
    act = next(
        a
        for a in st.legal_actions()
        if a.verb == verb and ALL_PHU[a.phu].cards == want  # type: ignore[attr-defined]
    )
    st.apply(act)


def eats(st: TotomState) -> list[str]:
    return sorted(
        ALL_PHU[a.phu].label()  # type: ignore[attr-defined]
        for a in st.legal_actions()
        if a.verb in ("eat", "extend")
    )


def mat(st: TotomState, seat: int) -> list[tuple[str, str]]:
    return [(g.label(), g.type) for g in st.seats[seat].mat]


# ---------------------------------------------------------------- 3. a phỗng takes no 4th card
# Seat 1 (the hand): khàn 7S face down; it phỗngs 2S, eats 9V into 3V…9V and 8W into
# 4W…8W, and holds only CC OL. Seat 3 phỗngs a 6S and gives back the 4th 2S.
PHONG_4TH = "CC OL 7S 7S 7S 3V 4V 5V 6V 7V 8V 4W 5W 6W 7W 2S 2S 1V 5S 9S"
GIVES_2S = "2S 6S 6S 1V 1S 1W 3S 3W 4S 9W 5V 5W 6V 6W 7V 7W 8V 8S 9V TT"
PHONG_4TH_NOCC = "2S 9V 1W 3W 4S 9W 8W 6S"


@pytest.mark.parametrize("rules", MODES, ids=["referee", "strict"])
def test_a_phong_triple_and_its_4th_card_are_no_phu(rules: Rules) -> None:
    """B4.1: a phỗng triple is a phu but no lưng and no khàn; B3.2: only a khàn takes its 4th
    card (dậy khàn); seed 000 §3 / B2.4: thiên khai is four cards dealt. Seat 1 holds CC OL and
    its mat; the 4th 2S fits nowhere, so it is no ù (the engine used to offer it, counting
    the phỗng and the 2S as a thiên khai lưng)."""
    st = make({1: PHONG_4TH, 3: GIVES_2S}, PHONG_4TH_NOCC, rules)
    until(st, 1, "claim", "2S")
    claim(st, A.PHONG)
    st.apply(A.DISCARD[k("1V")])
    until(st, 1, "decide", "9V")
    eat(st, "3V 4V 5V 6V 7V 8V 9V")
    st.apply(A.DISCARD[k("5S")])
    until(st, 1, "decide", "8W")
    eat(st, "4W 5W 6W 7W 8W")
    st.apply(A.DISCARD[k("9S")])
    assert KINDS.kinds_of(st.seats[1].free()) == [k("CC"), k("OL")]
    assert st.seats[1].down == {k("7S"): 3}
    assert [label for label, _ in mat(st, 1)] == [
        "2S 2S 2S",
        "3V 4V 5V 6V 7V 8V 9V",
        "4W 5W 6W 7W 8W",
    ]
    until(st, 3, "claim", "6S")
    claim(st, A.PHONG)
    st.apply(A.DISCARD[k("2S")])  # the 4th 2S
    assert st.live is not None and st.live.card == k("2S") and st.live.exposer == 3
    assert 1 not in options(st)  # no ù offered, in either mode
    assert not claims.compute_win(st, 1, k("2S")).complete
    assert extends(PHONG[k("2S")], k("2S")) is None
    assert extends(KHAN[k("7S")], k("7S")) == QUAD[k("7S")]  # dậy khàn


# Seat 1 phỗngs 2S, eats 1W into 1W…9W and holds 8V 8S 8S 8W 9V 9V 9S 9W: complete with two
# phu bí, it waits only on CC (lèo, 8V8S8W, 9V9S9W). The phỗng used to count as a 2nd wait.
BACH_THU_CC = "2S 2S 2W 3W 4W 5W 6W 7W 8W 9W 8V 8S 8S 8W 9V 9V 9S 9W 1V 5S"


@pytest.mark.parametrize("rules", MODES, ids=["referee", "strict"])
def test_the_phong_4th_card_is_no_wait_so_chi_nay_scores_6(rules: Rules) -> None:
    """The knock-on: the engine counted the 4th 2S as a second wait, so no bạch thủ and no chi
    nẩy: 4 (lèo) instead of 6 (lèo 2 + bạch thủ 1 + chi nẩy 1 on the base 2, B4.4, B5.1)."""
    st = make({1: BACH_THU_CC}, "2S 1W 3V 4V 6V 7S CC", rules)
    until(st, 1, "claim", "2S")
    claim(st, A.PHONG)
    st.apply(A.DISCARD[k("1V")])
    until(st, 1, "decide", "1W")
    eat(st, "1W 2W 3W 4W 5W 6W 7W 8W 9W")
    st.apply(A.DISCARD[k("5S")])
    waits = [KINDS.codes[x] for x in range(30) if claims.compute_win(st, 1, x).win]
    assert waits == ["CC"]
    until(st, 1, "claim", "CC")
    claim(st, A.WIN)
    out = st.outcome()
    assert out is not None and out.winner == 1 and out.score == 6
    assert {p.id for p in out.patterns} == {"co_leo", "bach_thu", "chi_nay"}


# ---------------------------------------------------------------- 4. chèo đò cancels the win
def test_a_khe_khan_offender_who_wins_gets_nothing_for_the_win() -> None:
    """Seed 000 Phạm lỗi 1 / B6: chèo đò "phải hủy bỏ toàn bộ điểm … và ván đang ù". Seat 2
    (TT3) lets the dậy khàn on 5S go (khê khàn), then wins on 7S: the win is cancelled, it
    pays the chèo đò (2 to each other seat), and the check reports the khê khàn."""
    st = make({2: TT3}, "5S 1W 3W 4S 9W 7S", RA)
    until(st, 2, "claim", "5S")
    assert st.legal_actions() == [A.DAY_KHAN, A.DECLINE]
    claim(st, A.DECLINE)
    until(st, 2, "claim", "7S")
    claim(st, A.WIN)
    out = st.outcome()
    assert out is not None and out.termination is Termination.WIN and out.winner == 2
    assert out.score == 0 and out.details["penalty"] == "cheo_do"
    assert out.details["true_score"] > 0
    assert list(out.payoffs) == [2.0, 2.0, -8.0, 2.0, 2.0]  # the chèo đò only (it was +16)
    assert [f.id for f in out.faults] == ["khe_khan"]
    assert out.details["marks"]["boats"] == [2]
    check = {c["check"]: c for c in out.details["check"]}
    assert not check["khan_up"]["ok"] and "5S" in check["khan_up"]["detail"]


# ---------------------------------------------------------------- 5. khàn are never discarded
# Seat 0: khàn 1V and five pairs; it phỗngs 2S 3S 4W 5S 6W, giving back 9S 1S 7S 6V 9V, and
# holds two cards besides its khàn when its own nọc card is the 9W (or the 7W).
PAIRS = "1V 1V 1V 2S 2S 3S 3S 4W 4W 5S 5S 6W 6W 9S 1S 7S 6V 9V"


@pytest.mark.parametrize("rules", MODES, ids=["referee", "strict"])
@pytest.mark.parametrize(("last", "card"), [("7W 8W", "9W"), ("7W 7W", "7W")])
def test_no_take_that_leaves_only_a_face_down_khan(rules: Rules, last: str, card: str) -> None:
    """Seed 000 §3a: "Khàn phải úp sấp xuống chiếu cho đến khi có quân thứ 4 ra mới dậy khàn".
    After the take only the face-down khàn would be left to discard: the eat of the 9W (into
    7W8W9W) or the phỗng of the 7W is no move (the engine used to offer it and then break the
    khàn for the discard). With one lưng the hand is no ù either (strict: not offered)."""
    st = make({0: f"{PAIRS} {last}"}, f"2S 3S 4W 5S 6W {card} 3W 4S 1W TT 3V 5W 2W 8S 1W", rules)
    for pair, junk in zip(
        ["2S", "3S", "4W", "5S", "6W"], ["9S", "1S", "7S", "6V", "9V"], strict=True
    ):
        until(st, 0, "claim", pair)
        claim(st, A.PHONG)
        st.apply(A.DISCARD[k(junk)])
    assert KINDS.kinds_of(st.seats[0].free()) == sorted_kinds(last)
    assert st.seats[0].down == {k("1V"): 3}
    while st.live_card != k(card):
        neutral(st)
    if card == "7W":  # no phỗng; the ù is thiếu lưng (referee mode only)
        mine = options(st).get(0)
        assert mine is None if rules.strict else mine == (A.WIN, A.DECLINE)
    until(st, 0, "decide", card)
    assert eats(st) == [] and st.legal_actions() == [A.PASS]


# Seat 0: five khàn and 7W 8W 1S 5S 9S. It eats 9W (7W8W9W), extends with 6W and 5W,
# discarding 1S, 5S, 9S: only khàn are left, so the 4W cannot extend the run any more.
FIVE_KHAN = "1V 1V 1V 2V 2V 2V 3V 3V 3V 4V 4V 4V 5V 5V 5V 7W 8W 1S 5S 9S"
FILLERS = "TT 6S 3S 8V"


def test_no_extend_that_leaves_only_face_down_khan() -> None:
    """The same for ăn thêm. (Five khàn are five lưng: the 4W is a chạm thành ù, which seat 0
    lets go here, so the case exists in referee mode only; strict mode makes the ù.)"""
    nocc = f"9W {FILLERS} 6W {FILLERS} 5W {FILLERS} 4W"
    st = make({0: FIVE_KHAN}, nocc, RA)
    until(st, 0, "decide", "9W")
    eat(st, "7W 8W 9W")
    st.apply(A.DISCARD[k("1S")])
    until(st, 0, "decide", "6W")
    eat(st, "6W 7W 8W 9W", "extend")
    st.apply(A.DISCARD[k("5S")])
    until(st, 0, "decide", "5W")
    assert eats(st) == ["5W 6W 7W 8W 9W"]  # one held card left to discard: allowed
    eat(st, "5W 6W 7W 8W 9W", "extend")
    st.apply(A.DISCARD[k("9S")])
    assert sum(st.seats[0].free()) == 0 and sum(st.seats[0].hand) == 15
    until(st, 0, "decide", "4W")
    assert eats(st) == [] and st.legal_actions() == [A.PASS]


# ---------------------------------------------------------------- 6. treo tranh trái vỉ
# Seat 0 holds 2W 3W 4W and draws a 2W; besides, 2V 2S (with the 2W: a phu bí), tôm, lèo
# waiting on CC, khàn 5S, 4V5V6V, 7V8V9V, and 1S to discard.
TREO = "2W 2V 2S 7W 3V 3S 9V 8S 5S 5S 5S 4V 5V 6V 7V 8V 9V 3W 4W 1S"


@pytest.mark.parametrize("rules", MODES, ids=["referee", "strict"])
def test_eating_a_kind_one_holds_lays_the_copy_on_the_phu(rules: Rules) -> None:
    """Seed 000 §3c: "Khi ăn quân có cùng loại thì phải hạ quân bài trên tay xuống chiếu", and
    §4: the copy is stacked at an end of the phu ("xếp lên trên hoặc xuống dưới cùng"). Strict
    mode asks only for it; referee mode also lets the player discard at once."""
    st = make({0: TREO}, "2W", rules)
    until(st, 0, "decide", "2W")
    assert {"2W 3W 4W", "2V 2S 2W", "2V 2S 2W 2W"} <= set(eats(st))
    eat(st, "2W 3W 4W")
    legal = st.legal_actions()
    assert legal == [A.LAY] if rules.strict else (A.LAY in legal and len(legal) > 1)
    st.apply(A.LAY)
    assert mat(st, 0) == [("2W 2W 3W 4W", "doc")] and st.seats[0].free()[k("2W")] == 0
    assert st.observation(1)["mats"][0] == [{"cards": ["2W", "2W", "3W", "4W"], "type": "doc"}]
    st.apply(A.DISCARD[k("1S")])
    assert st.faults == []


def test_strict_never_offers_an_eat_that_keeps_a_copy() -> None:
    """Seat 0: thiên khai 1V and 2V, khàn 3V 4V 5V, and 2W 3W 4W. Eating the drawn 2W into
    2W3W4W would leave only its own 2W: laid down, nothing is left to discard. Strict mode does
    not offer it; referee mode does, and the discard of the 2W is the fault."""
    hand = "1V 1V 1V 1V 2V 2V 2V 2V 3V 3V 3V 4V 4V 4V 5V 5V 5V 2W 3W 4W"
    st = make({0: hand}, "2W", STRICT)
    until(st, 0, "decide", "2W")
    assert eats(st) == []
    st = make({0: hand}, "2W", RA)
    until(st, 0, "decide", "2W")
    assert eats(st) == ["2W 3W 4W"]
    eat(st, "2W 3W 4W")
    assert st.legal_actions() == [A.DISCARD[k("2W")]]
    st.apply(A.DISCARD[k("2W")])
    assert [f.id for f in st.faults] == ["treo_tranh_trai_vi"]


def test_referee_keeping_the_copy_is_treo_tranh_and_voids_the_win() -> None:
    """B6 (a): treo tranh trái vỉ is đeo kính: the offender's win in the game scores nothing
    and he gets the glasses. Seat 0 eats the 2W into 2W3W4W, keeps its own 2W (it makes the
    phu bí 2V2S2W) and wins on CC later."""
    st = make({0: TREO}, "2W 1W 3W 4S 9W CC", RA)
    until(st, 0, "decide", "2W")
    eat(st, "2W 3W 4W")
    st.apply(A.DISCARD[k("1S")])  # without laying the 2W down
    assert [f.id for f in st.faults] == ["treo_tranh_trai_vi"]
    assert st.observation(1)["faults"] == []  # the table learns of it at the check
    until(st, 0, "claim", "CC")
    claim(st, A.WIN)
    out = st.outcome()
    assert out is not None and out.winner == 0 and out.score == 0
    assert out.details["true_score"] > 0 and out.details["penalty"] == "deo_kinh"
    assert list(out.payoffs) == [0.0] * 5
    assert out.details["marks"]["glasses"] == [0]
    check = {c["check"]: c for c in out.details["check"]}
    assert not check["lay_down"]["ok"] and "2W" in check["lay_down"]["detail"]


def test_a_run_with_a_stacked_copy_still_extends() -> None:
    """The stacked copy stays with its run: 2W2W3W4W takes a 5W (ăn thêm) and, at ù, a laid
    run with a copy is extended the same way (chạm thành)."""
    st = make({0: TREO}, "2W 1W 3W 4S 9W 5W", RA)
    until(st, 0, "decide", "2W")
    eat(st, "2W 3W 4W")
    st.apply(A.LAY)
    st.apply(A.DISCARD[k("1S")])
    until(st, 0, "decide", "5W")
    eat(st, "2W 3W 4W 5W", "extend")
    assert mat(st, 0) == [("2W 2W 3W 4W 5W", "doc")]
    run = st.seats[0].mat[0]
    assert extends(run, k("6W")) == Phu(tuple(sorted(sorted_kinds("2W 2W 3W 4W 5W 6W"))), "doc")
    assert extends(run, k("2W")) is None
