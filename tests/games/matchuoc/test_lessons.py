"""What the Mạt chược lessons teach is true in the engine: the tile called lone is the only
discard that leaves the hand waiting; a flower set down is replaced from the đầu coong; the
phỗng, ăn and coong make the phu they name; the wins are wins by the analysis and score the
patterns the lessons name (Phình, Xuyên, Phán coong, Toàn hàng) with the payments they
describe; the discard kept for its waits waits on the most tiles; the greedy phỗng waits on
fewer. Mạt chược has no faults: no move of any lesson is one (``state.fault_of``)."""

from __future__ import annotations

import pytest

from chieu import load_game
from chieu.core.lessons import Lesson, Tutor, find_lesson, lessons_of
from chieu.games.matchuoc import actions as A
from chieu.games.matchuoc import analysis, shanten
from chieu.games.matchuoc.cards import KINDS, NUM_BASIC, flower_number, is_honor, parse_tiles
from chieu.games.matchuoc.state import MatChuocState

GAME = load_game("matchuoc")
LEARNER = 0


def K(code: str) -> int:
    (k,) = parse_tiles(code)
    return k


def lesson(lesson_id: str) -> Lesson:
    found = find_lesson(GAME, lesson_id)
    assert found is not None, lesson_id
    return found


def tutor(lesson_id: str, steps: int = 0) -> Tutor:
    """The lesson's table after its first ``steps`` right moves."""
    t = Tutor(GAME, lesson(lesson_id))
    for _ in range(steps):
        assert t.act(t.expected()[0]).ok
    return t


def state_of(t: Tutor) -> MatChuocState:
    assert isinstance(t.state, MatChuocState)
    return t.state


def hand(t: Tutor) -> list[int]:
    return list(state_of(t).seats[LEARNER].hand)


def distance_after(h: list[int], tile: int, melds: int = 0) -> int:
    h = list(h)
    h[tile] -= 1
    return shanten.distance(h, melds)


def unseen_waits(st: MatChuocState, h: list[int]) -> int:
    """How many tiles the hand ``h`` (waiting) wins on that the learner has not seen."""
    seen = [st.seats[LEARNER].hand[k] for k in range(NUM_BASIC)]
    for me in st.seats:
        for t in me.river:
            if t < NUM_BASIC:
                seen[t] += 1
    return sum(4 - seen[k] for k in analysis.waits(h))


def test_the_lessons_in_order() -> None:
    ids = [x.id for x in lessons_of(GAME)]
    assert ids == [
        "cac_quan",
        "dung_hoa",
        "phong",
        "an",
        "coong",
        "u",
        "tu_boc",
        "phan_mun",
        "nhieu_cho",
        "khong_tham",
        "ca_van",
    ]


@pytest.mark.parametrize("lesson_id", [x.id for x in lessons_of(GAME)[:-1]])
def test_no_move_of_a_lesson_is_a_fault(lesson_id: str) -> None:
    t = tutor(lesson_id)
    for n in range(len(t.lesson.steps)):
        d = t.pending()
        assert d is not None, (lesson_id, n)
        assert all(t.state.fault_of(LEARNER, a) is None for a in d.actions)
        t.act(t.expected()[0])
    assert t.done


def test_the_tiles_the_lone_honor_is_the_only_discard_that_waits() -> None:
    t = tutor("cac_quan")
    h = hand(t)
    north = K("4z")
    assert is_honor(north) and h[north] == 1
    waiting = [k for k in range(NUM_BASIC) if h[k] and distance_after(h, k) == 0]
    assert waiting == [north]
    (right,) = t.expected()
    assert right == A.Discard(north)


def test_flowers_set_down_are_replaced_from_the_dau_coong() -> None:
    t = tutor("dung_hoa")
    st = state_of(t)
    mai = K("1f")
    assert st.phase == "opening" and flower_number(mai) == st.cua(LEARNER) == 1
    hints = " ".join(t.hint("vi"))
    assert "hoa đúng cửa: +1 phán" in hints
    t.act(t.expected()[0])
    me = state_of(t).seats[LEARNER]
    assert me.flowers == [mai] and me.hand[K("3f")] == 1
    draws = [e for e in st.events if e.type == "draw" and e.actor == LEARNER]
    assert draws[-1].data["end"] == "dead"
    t.act(t.expected()[0])
    assert me.flowers == [mai, K("3f")]
    assert not any(me.hand[K("1f") : K("1f") + 16])
    assert t.done


def test_phong_makes_an_exposed_pung_then_the_hand_waits() -> None:
    t = tutor("phong", 1)
    me = state_of(t).seats[LEARNER]
    (pung,) = me.melds
    assert pung.kind == "pung" and pung.tiles == (K("7z"),) * 3 and pung.claimed
    assert state_of(t).after_claim
    t.act(t.expected()[0])
    assert shanten.distance(me.hand, 1) == 0


def test_an_takes_the_left_seats_discard_into_a_run() -> None:
    t = tutor("an")
    st = state_of(t)
    assert st.live is not None and st.live.seat == (LEARNER - 1) % 4
    t.act(t.expected()[0])
    (run,) = st.seats[LEARNER].melds
    assert run.kind == "chow" and run.tiles == tuple(parse_tiles("456m"))
    t.act(t.expected()[0])
    assert shanten.distance(st.seats[LEARNER].hand, 1) == 0


def test_coong_kin_then_an_open_coong_then_a_win_on_the_replacement() -> None:
    t = tutor("coong", 1)
    st = state_of(t)
    me = st.seats[LEARNER]
    assert [(g.kind, g.claimed) for g in me.melds] == [("kong", False)]
    assert st.last_from_dead
    t = tutor("coong", 3)
    st = state_of(t)
    me = st.seats[LEARNER]
    assert [(g.kind, g.claimed) for g in me.melds] == [("kong", False), ("kong", True)]
    assert st.last_from_dead and st.complete(LEARNER)
    t.act(t.expected()[0])
    outcome = t.state.outcome()
    assert outcome is not None and outcome.winner == LEARNER
    assert "phan_coong" in {p.id for p in outcome.patterns}


def test_u_four_phu_and_a_pair_on_a_discard_the_discarder_pays_the_big_share() -> None:
    t = tutor("u", 1)
    st = state_of(t)
    assert st.live is not None and st.live.tile == K("2s")
    assert analysis.wins_with(st.seats[LEARNER].hand, K("2s"))
    assert analysis.waits(st.seats[LEARNER].hand) == parse_tiles("2s 5s")
    t.act(t.expected()[0])
    outcome = t.state.outcome()
    assert outcome is not None and outcome.winner == LEARNER
    assert {p.id for p in outcome.patterns} >= {"phinh"}
    pays = outcome.payoffs
    assert pays[1] == 2 * pays[2] == 2 * pays[3] < 0


def test_tu_boc_a_single_middle_wait_drawn_scores_xuyen_and_all_pay_the_big_share() -> None:
    t = tutor("tu_boc", 1)
    st = state_of(t)
    assert st.actor == LEARNER and st.last_draw == K("5m")
    h = list(st.seats[LEARNER].hand)
    h[K("5m")] -= 1
    assert analysis.waits(h) == [K("5m")]
    t.act(t.expected()[0])
    outcome = t.state.outcome()
    assert outcome is not None and outcome.winner == LEARNER
    assert "xuyen" in {p.id for p in outcome.patterns}
    assert outcome.payoffs[1] == outcome.payoffs[2] == outcome.payoffs[3] < 0


def test_phan_mun_one_suit_scores_toan_hang_three_mun() -> None:
    t = tutor("phan_mun")
    h = hand(t)
    seven_sach, five_van = K("7s"), K("5m")
    assert distance_after(h, seven_sach) == distance_after(h, five_van) == 0
    t.act(t.expected()[0])
    waits = analysis.waits(hand(t))
    assert waits and all(KINDS.codes[k].endswith("m") for k in waits)
    t.act(t.expected()[0])
    outcome = t.state.outcome()
    assert outcome is not None and outcome.winner == LEARNER
    assert "toan_hang" in {p.id for p in outcome.patterns}
    (win,) = outcome.details["wins"]
    assert (win["phan"], win["mun"]) == (18, 3)


def test_nhieu_cho_the_right_discard_waits_on_the_most_tiles() -> None:
    t = tutor("nhieu_cho")
    st = state_of(t)
    h = hand(t)
    counts: dict[int, int] = {}
    for k in range(NUM_BASIC):
        if h[k] and distance_after(h, k) == 0:
            after = list(h)
            after[k] -= 1
            counts[k] = unseen_waits(st, after)
    (right,) = t.expected()
    assert isinstance(right, A.Discard)
    assert counts == {K("3m"): 4, K("6m"): 8}
    assert counts[right.tile] == max(counts.values())


def test_khong_tham_the_greedy_phong_waits_on_fewer_tiles() -> None:
    t = tutor("khong_tham")
    st = state_of(t)
    h = hand(t)
    assert st.live is not None and st.live.tile == K("5p")
    assert t.expected() == (A.PASS,)
    now = unseen_waits(st, h)
    after = list(h)
    after[K("5p")] -= 2
    best = max(
        unseen_waits(st, [n - (i == k) for i, n in enumerate(after)])
        for k in range(NUM_BASIC)
        if after[k] and distance_after(after, k, 1) == 0
    )
    assert (now, best) == (8, 3)
    assert t.hint("vi")[1].startswith("bỏ qua")
