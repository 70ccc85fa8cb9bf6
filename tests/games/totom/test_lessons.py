"""What the Tổ tôm lessons teach is true in the engine: the phu each eat lays, the khàn kept
face down, the turn, the phỗng and dậy khàn with their trả cửa, the lưng count, the win and
its cước, and the faults the wrong moves commit (``state.fault_of``), named with their
penalty in the verdict. Every lesson also completes when the other seats claim whatever they
can (the server's bots are not the tests' defaults)."""

from __future__ import annotations

import pytest

from chieu import load_game
from chieu.core.actions import Action
from chieu.core.decisions import Decision
from chieu.core.lessons import Lesson, Tutor, find_lesson, lessons_of
from chieu.core.state import StateBase
from chieu.games.totom import actions as A
from chieu.games.totom import claims
from chieu.games.totom.analysis import waits
from chieu.games.totom.cards import KINDS
from chieu.games.totom.phu import KHAN, PHONG, QUAD, TOM
from chieu.games.totom.rules import Rules
from chieu.games.totom.state import TotomState

GAME = load_game("totom")
STEPS = [x for x in lessons_of(GAME) if x.finish == "steps"]


def k(code: str) -> int:
    kind = KINDS.kind(code)
    assert kind is not None
    return kind


def lesson(lesson_id: str) -> Lesson:
    found = find_lesson(GAME, lesson_id)
    assert found is not None, lesson_id
    return found


def state(tutor: Tutor) -> TotomState:
    st = tutor.state
    assert isinstance(st, TotomState)
    return st


def play(tutor: Tutor, steps: int) -> None:
    """The first ``steps`` right moves."""
    for _ in range(steps):
        assert tutor.act(tutor.expected()[0]).ok


def events(tutor: Tutor, kind: str) -> list[dict[str, object]]:
    return [dict(e.data, actor=e.actor) for e in state(tutor).events if e.type == kind]


def wrong_fault(tutor: Tutor, verb: str) -> tuple[str, str] | None:
    decision = tutor.pending()
    assert decision is not None
    action = next(a for a in decision.actions if a.verb == verb and a not in tutor.expected())
    return state(tutor).fault_of(0, action)


def test_twelve_lessons_before_the_whole_game() -> None:
    lessons = lessons_of(GAME)
    assert len(lessons) >= 13 and lessons[-1].id == "ca_van"
    assert len(STEPS) >= 12


def test_the_cards_the_loose_card_goes_and_the_hand_waits() -> None:
    tutor = Tutor(GAME, lesson("quan_bai"))
    assert state(tutor).phase == "discard" and state(tutor).seats[0].mat[-1].cards == (9, 12, 15)
    play(tutor, 1)
    me = state(tutor).seats[0]
    assert events(tutor, "discard")[0]["card"] == k("8W")
    assert waits(me.free(), Rules(), fixed=me.fixed())


@pytest.mark.parametrize(
    ("lesson_id", "phu_type", "cards"),
    [
        ("an_phu_doc", "doc", "4V 5V 6V"),
        ("phu_bi", "bi", "5V 5S 5W"),
        ("tom_leo", "named", "3V 3S 7W"),
    ],
)
def test_each_eat_lays_the_phu_it_teaches(lesson_id: str, phu_type: str, cards: str) -> None:
    tutor = Tutor(GAME, lesson(lesson_id))
    play(tutor, 1)
    (eat,) = events(tutor, "eat")
    assert eat["type"] == phu_type
    assert eat["phu"] == sorted(k(c) for c in cards.split())
    laid = state(tutor).seats[0].mat[-1]
    assert laid.is_lung(Rules()) == (phu_type != "doc")
    if lesson_id == "tom_leo":
        assert laid == TOM
    play(tutor, 1)
    me = state(tutor).seats[0]
    assert waits(me.free(), Rules(), fixed=me.fixed())  # the loose card gone, the hand waits


def test_the_khan_stays_face_down() -> None:
    tutor = Tutor(GAME, lesson("xep_bai_khan"))
    decision = tutor.pending()
    assert decision is not None and A.BAT_THUC[k("6S")] in decision.actions
    play(tutor, 1)
    me = state(tutor).seats[0]
    assert me.down.get(k("6S")) == 3 and KHAN[k("6S")] in me.fixed() and not me.cups


def test_the_turn_draws_then_passes_the_nocc_card() -> None:
    tutor = Tutor(GAME, lesson("luot_choi"))
    st = state(tutor)
    assert st.live is not None and st.live.passed and st.live_card == k("2V")
    play(tutor, 1)
    assert events(tutor, "draw")[-1]["actor"] == 0
    assert events(tutor, "draw")[-1]["card"] == k("2S")
    play(tutor, 1)
    assert {"card": k("2S"), "actor": 0} in events(tutor, "pass")


@pytest.mark.parametrize(("lesson_id", "card"), [("phong", "5S"), ("day_khan", "6W")])
def test_a_take_then_a_card_given_back_into_the_door(lesson_id: str, card: str) -> None:
    tutor = Tutor(GAME, lesson(lesson_id))
    play(tutor, 1)
    claim = events(tutor, "claim")[-1]
    assert claim["actor"] == 0 and claim["card"] == k(card)
    mat = state(tutor).seats[0].mat
    assert mat[-1] == (PHONG if lesson_id == "phong" else QUAD)[k(card)]
    play(tutor, 1)
    given = events(tutor, "discard")[-1]
    assert given["actor"] == 0 and given["door"] == 2  # trả cửa: Người 3's door


def test_letting_the_fourth_card_of_a_khan_go_is_khe_khan() -> None:
    tutor = Tutor(GAME, lesson("day_khan"))
    assert wrong_fault(tutor, "decline") == ("khe_khan", "Khê khàn")
    lines = tutor.act(A.DECLINE, "vi").lines
    assert any("Khê khàn" in x for x in lines) and any("chèo đò" in x for x in lines)


def test_too_few_lung_is_no_win() -> None:
    tutor = Tutor(GAME, lesson("du_lung"))
    st = state(tutor)
    check = claims.win_check(st, 0)
    assert check.complete and not check.win and check.shape is not None and check.shape.lung == 2
    assert st.fault_of(0, A.WIN) == ("thieu_lung", "Thiếu lưng")
    lines = tutor.act(A.WIN, "en").lines
    assert any("Thiếu lưng" in x for x in lines) and any("chèo đò" in x for x in lines)
    play(tutor, 1)
    assert not state(tutor).faults


def test_the_win_is_a_win_by_the_analysis_and_letting_it_go_is_bo_u() -> None:
    tutor = Tutor(GAME, lesson("u"))
    st = state(tutor)
    assert claims.win_check(st, 0).win
    assert wrong_fault(tutor, "decline") == ("bo_u", "Bỏ ù")
    play(tutor, 1)
    outcome = st.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.score == 4
    assert {h.id for h in outcome.patterns} == {"co_tom", "bach_thu"}


def test_the_calls_score_the_leo_and_an_over_call_is_u_nho_ho_to() -> None:
    tutor = Tutor(GAME, lesson("ho_cuoc"))
    play(tutor, 1)
    st = state(tutor)
    assert st.phase == "call" and {h.id for h in st.hits} == {"co_leo"}
    assert st.fault_of(0, A.CALL["co_tom"]) == ("u_nho_ho_to", "Ù nhỏ hô to")
    play(tutor, 1)
    assert st.fault_of(0, A.CALL["co_leo"]) == ("u_nho_ho_to", "Ù nhỏ hô to")
    play(tutor, 1)
    outcome = st.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.score == 4
    assert not outcome.faults


def test_discarding_with_a_copy_of_the_card_eaten_is_treo_tranh() -> None:
    tutor = Tutor(GAME, lesson("treo_tranh"))
    play(tutor, 1)
    assert wrong_fault(tutor, "discard") == ("treo_tranh_trai_vi", "Treo tranh trái vỉ")
    lines = tutor.act(A.DISCARD[k("8W")], "vi").lines
    assert any("Treo tranh trái vỉ" in x for x in lines) and any("đeo kính" in x for x in lines)
    play(tutor, 2)
    st = state(tutor)
    assert sorted(st.seats[0].mat[-1].cards) == [k(c) for c in ["4V", "5V", "5V", "6V"]]
    assert not st.faults


def _greedy(state: StateBase, decision: Decision) -> Action:
    """A bot that claims whatever it can: ù, dậy khàn, phỗng, an eat."""
    for verb in ("win", "day_khan", "phong", "eat", "extend"):
        for action in decision.actions:
            if action.verb == verb:
                return action
    return decision.default


@pytest.mark.parametrize("lesson", STEPS, ids=lambda x: x.id)
def test_each_lesson_completes_whatever_the_other_seats_claim(lesson: Lesson) -> None:
    tutor = Tutor(GAME, lesson, others=_greedy)
    for _ in lesson.steps:
        assert tutor.act(tutor.expected()[0]).ok
    assert tutor.done and not tutor.failed


@pytest.mark.parametrize("lesson", STEPS, ids=lambda x: x.id)
def test_the_engine_hints_rank_the_lessons_move_first(lesson: Lesson) -> None:
    """The game's own analysis agrees with the lesson: its first choice is a right move."""
    tutor = Tutor(GAME, lesson)
    notation = tutor.state.game.notation
    for _ in lesson.steps:
        labels = [notation.label(tutor.state, 0, a, "vi") for a in tutor.expected()]
        lines = tutor.hint("vi")
        first = next((x for x in lines if x.startswith("  1. ")), None)
        if first is not None:
            assert any(first.startswith(f"  1. {x}:") for x in labels), (lesson.id, first)
        assert tutor.act(tutor.expected()[0]).ok
