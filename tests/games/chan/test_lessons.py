"""What Chắn's lessons teach is true in the engine: each lesson's position and its right and
wrong moves, judged by the game's own analysis, faults and scoring (chieu.games.chan.lessons).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from chieu import load_game
from chieu.bots.registry import get_bot
from chieu.core.actions import Action
from chieu.core.decisions import Decision
from chieu.core.lessons import Lesson, Tutor, lessons_of
from chieu.core.rng import Rng
from chieu.core.state import StateBase
from chieu.games.chan import actions as A
from chieu.games.chan import analysis as an
from chieu.games.chan.cards import parse_cards
from chieu.games.chan.lessons import LESSONS
from chieu.games.chan.state import ChanState

GAME = load_game("chan")
BY_ID = {x.id: x for x in LESSONS}


def K(code: str) -> int:
    (kind,) = parse_cards(code)
    return kind


def tutor(lesson_id: str) -> Tutor:
    return Tutor(GAME, BY_ID[lesson_id])


def state_of(t: Tutor) -> ChanState:
    assert isinstance(t.state, ChanState)
    return t.state


def play(t: Tutor, text: str) -> None:
    """The learner's move named ``text``: it must be right."""
    action = t.state.game.notation.parse(t.state, t.lesson.seat, text)
    verdict = t.act(action)
    assert verdict.ok, verdict.lines


def test_the_kit_serves_these_lessons_in_order() -> None:
    assert lessons_of(GAME) == LESSONS
    assert len(LESSONS) >= 10 and LESSONS[-1].finish == "game"


@pytest.mark.parametrize("lesson", LESSONS[:-1], ids=lambda x: x.id)
def test_every_right_move_is_free_of_faults_and_the_learner_sits_at_seat_0(lesson: Lesson) -> None:
    t = Tutor(GAME, lesson)
    assert lesson.seat == 0 and state_of(t).rules.players == 4
    for _ in lesson.steps:
        right = t.expected()
        assert right
        for action in right:
            assert t.state.fault_of(0, action) is None, (lesson.id, action)
        t.act(right[0])
    assert t.done


def _heuristic() -> Callable[[StateBase, Decision], Action]:
    bots = [get_bot("heuristic", "chan") for _ in range(4)]
    rng = Rng(7, "lessons")

    def choose(state: StateBase, d: Decision) -> Action:
        return bots[d.seat].act(state.observation(d.seat), list(d.actions), rng)

    return choose


@pytest.mark.parametrize("lesson", LESSONS[:-1], ids=lambda x: x.id)
def test_each_lesson_completes_with_the_servers_gentle_bot_at_the_other_seats(
    lesson: Lesson,
) -> None:
    t = Tutor(GAME, lesson, others=_heuristic())
    for _ in lesson.steps:
        assert t.act(t.expected()[0]).ok
    assert t.done and not t.failed


def test_the_cards_nine_of_van_is_the_only_que() -> None:
    t = tutor("quan_bai")
    st = state_of(t)
    assert st.cai_seat == 0 and sum(st.seats[0].hand) == 20
    grouping = an.grouping(st.seats[0].hand)
    assert grouping.que == (K("9W"),) and grouping.ba_dau == (6,)
    assert GAME.definition.notation.label(st, 0, A.Discard(K("9W")), "vi") == "đánh 9W"
    assert "cửu văn" in " ".join(t.hint("vi")) or "9W" in " ".join(t.hint("vi"))


def test_chan_and_ca_the_two_que_are_the_right_discards() -> None:
    t = tutor("chan_va_ca")
    hand = state_of(t).seats[0].hand
    grouping = an.grouping(hand)
    assert sorted(grouping.que) == sorted(K(c) for c in ("7W", "8S")) and not grouping.ba_dau
    assert len(grouping.chan) == 4 and len(grouping.ca) == 5
    assert set(t.expected()) == {A.Discard(K("7W")), A.Discard(K("8S"))}


def test_eating_a_chan_puts_it_on_the_mat_and_the_discard_waits() -> None:
    t = tutor("an_chan")
    st = state_of(t)
    assert st.phase == "decide" and st.live_card == K("7S")
    play(t, "ăn chắn 7S")
    me = st.seats[0]
    assert me.mat == [((K("7S"), K("7S")), "chan")] and me.mat_chan == 1
    play(t, "đánh 4W")
    assert an.waits(me.hand, me.mat_chan).kind == "rong"


def test_eating_a_ca_with_the_que_keeps_the_chan() -> None:
    t = tutor("an_ca")
    st = state_of(t)
    me = st.seats[0]
    assert me.hand[K("4W")] == 2 and me.hand[K("4S")] == 1
    play(t, "ăn cạ 4V với 4S")
    assert me.mat[-1][1] == "ca" and sorted(me.mat[-1][0]) == sorted([K("4V"), K("4S")])
    assert me.hand[K("4W")] == 2
    play(t, "đánh 2W")
    assert an.waits(me.hand, me.mat_chan).kind == "rong"


def test_draw_rather_than_split_a_chan_then_eat_the_own_draw() -> None:
    t = tutor("boc_hay_an")
    st = state_of(t)
    assert st.live_card == K("6S") and st.seats[0].hand[K("6V")] == 2
    play(t, "bốc")
    assert st.live_card == K("9W") and st.phase == "decide"
    play(t, "ăn chắn 9W")
    assert st.seats[0].mat[-1] == ((K("9W"), K("9W")), "chan")
    play(t, "đánh 2S")
    assert not st.seats[0].bao


def test_chiu_then_return_and_treo_tranh_is_the_fault() -> None:
    t = tutor("chiu")
    st = state_of(t)
    assert st.live_card == K("5V") and st.seats[0].hand[K("5V")] == 3
    play(t, "chíu")
    assert st.phase == "return" and st.seats[0].mat[-1][1] == "chiu"
    assert st.seats[0].mat_chan == 2
    own_door = next(a for a in t.pending().actions if a.verb == "discard")
    assert st.fault_of(0, own_door) == ("treo_tranh", "Treo tranh (trả cửa sai)")
    verdict = t.act(own_door, "vi")
    assert not verdict.ok and any("Treo tranh" in x for x in verdict.lines)
    assert any("nghỉ ăn tiền" in x for x in verdict.lines)
    play(t, "trả cửa 9W")
    assert st.seats[2].door[-1] == K("9W")


def test_waiting_the_que_leaves_a_wide_wait_a_ba_dau_card_a_bach_thu() -> None:
    t = tutor("cho_u")
    hand = list(state_of(t).seats[0].hand)
    after_que = list(hand)
    after_que[K("4W")] -= 1
    wide = an.waits(after_que)
    assert wide.kind == "rong" and set(wide.kinds) == {K("6V"), K("6S"), K("6W")}
    after_six = list(hand)
    after_six[K("6V")] -= 1
    assert an.waits(after_six).kinds == (K("4W"),) and an.waits(after_six).kind == "bach_thu"
    assert t.expected() == (A.Discard(K("4W")),)


def test_u_on_a_card_another_seat_drew_is_a_plain_win() -> None:
    t = tutor("u")
    st = state_of(t)
    assert st.live_card == K("7S") and st.live is not None and st.live.origin == "drawn"
    assert st.win_verdict(0) is None
    play(t, "ù")
    outcome = st.outcome()
    assert outcome is not None and outcome.winner == 0
    assert [p.id for p in outcome.patterns] == ["xuong"] and outcome.score == 2


def test_bach_thu_and_chi_score_four_plus_one() -> None:
    t = tutor("cuoc_bach_thu")
    st = state_of(t)
    me = st.seats[0]
    assert an.waits(me.hand, me.mat_chan).kind == "bach_thu"
    eat = next(a for a in t.pending().actions if a.verb == "eat")
    assert not t.act(eat).ok
    play(t, "bốc")
    assert st.live_card == K("6S")
    play(t, "ù")
    outcome = st.outcome()
    assert outcome is not None and outcome.winner == 0
    assert {p.id for p in outcome.patterns} == {"bach_thu", "chi"} and outcome.score == 5


def test_u_on_a_discard_is_u_lao_with_its_penalty() -> None:
    t = tutor("u_lao")
    st = state_of(t)
    assert st.live is not None and st.live.origin == "discard"
    assert st.fault_of(0, A.WIN) == ("u_lao", "Ù láo")
    for lang, penalty in (("vi", "đền tám đỏ hai lèo"), ("en", "12")):
        verdict = t.act(A.WIN, lang)
        assert not verdict.ok
        assert any("Ù láo" in x for x in verdict.lines) and any(penalty in x for x in verdict.lines)
    assert not st.is_terminal()
    play(t, "bỏ qua")
    assert not [f for f in st.faults if f.seat == 0]


def test_an_ca_danh_ca_is_the_discard_of_the_other_card_of_a_torn_ca() -> None:
    t = tutor("an_ca_danh_ca")
    st = state_of(t)
    assert st.seats[0].door == [K("7V")] and st.live_card == K("4V")
    play(t, "ăn cạ 4V với 4S")
    fault = st.fault_of(0, A.Discard(K("7S")))
    assert fault == ("an_ca_danh_ca", "Ăn cạ đánh cạ")
    verdict = t.act(A.Discard(K("7S")), "en")
    assert not verdict.ok and any("Ăn cạ đánh cạ" in x for x in verdict.lines)
    assert any("report" in x for x in verdict.lines)
    play(t, "đánh 5W")
    assert not st.seats[0].bao and not [f for f in st.faults if f.seat == 0]
