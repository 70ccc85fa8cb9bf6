"""What Phỏm's lessons teach is what the engine does: the discard a lesson calls right leaves
the fewest points, the lays are phỏm of the kind named, the eat is an eat (and a chốt), the
draw keeps more than the eat, the móm is a móm, the gửi lands on the named phỏm, the ù, the
ù khan and the đền are the engine's; and every table is the same whoever plays the seats the
lesson does not script (the server's heuristic bot, or any other)."""

from __future__ import annotations

import pytest

from chieu import load_game
from chieu.bots.registry import get_bot
from chieu.core.actions import Action
from chieu.core.decisions import Decision
from chieu.core.lessons import Chooser, Lesson, Tutor, find_lesson, lessons_of
from chieu.core.rng import Rng
from chieu.core.state import StateBase
from chieu.games.phom import actions as A
from chieu.games.phom import analysis as an
from chieu.games.phom.cards import parse_cards, parse_mask
from chieu.games.phom.state import PhomState

GAME = load_game("phom")
LESSONS = lessons_of(GAME)[:-1]


def lesson(lesson_id: str) -> Lesson:
    found = find_lesson(GAME, lesson_id)
    assert found is not None, lesson_id
    return found


def tutor_at(lesson_id: str, step: int = 0, others: Chooser | None = None) -> Tutor:
    """A tutor of the lesson after its first ``step`` steps played right."""
    tutor = Tutor(GAME, lesson(lesson_id), others)
    for _ in range(step):
        assert tutor.act(tutor.expected()[0]).ok
    return tutor


def state_of(tutor: Tutor) -> PhomState:
    assert isinstance(tutor.state, PhomState)
    return tutor.state


def one(code: str) -> int:
    return parse_cards(code)[0]


def events(tutor: Tutor, kind: str, actor: int | None = 0) -> list[dict[str, object]]:
    """The data of ``actor``'s events of ``kind`` (None: anyone's)."""
    return [
        dict(e.data)
        for e in tutor.state.events
        if e.type == kind and (actor is None or e.actor == actor)
    ]


def test_nine_lessons_and_more_before_the_whole_game() -> None:
    assert len(LESSONS) >= 9
    assert lessons_of(GAME)[-1].finish == "game"
    assert all(x.finish == "steps" and x.seat == 0 for x in LESSONS)


@pytest.mark.parametrize("item", LESSONS, ids=lambda x: x.id)
def test_the_table_is_the_same_whoever_plays_the_other_seats(item: Lesson) -> None:
    """Every move before and between the learner's steps is scripted: the heuristic bot and a
    chooser of the last legal action meet the same tables as the tests' defaults."""
    heuristic = get_bot("heuristic", "phom")
    rng = Rng(1, "lesson")

    def bot(state: StateBase, d: Decision) -> Action:
        return heuristic.act(state.observation(d.seat), list(d.actions), rng)

    def last(state: StateBase, d: Decision) -> Action:
        return d.actions[-1]

    tutors = [Tutor(GAME, item), Tutor(GAME, item, bot), Tutor(GAME, item, last)]
    for _ in item.steps:
        seen = {repr(t.state.view(0, "vi").to_json()) for t in tutors}
        assert len(seen) == 1, item.id
        for t in tutors:
            assert t.act(t.expected()[0]).ok
    assert all(t.done for t in tutors)


def test_cards_the_heaviest_loose_card_goes_first() -> None:
    tutor = tutor_at("quan_bai")
    hand = state_of(tutor).seats[0].hand
    (right,) = tutor.expected()
    assert isinstance(right, A.Discard)
    left = {c: an.deadwood_points(hand & ~(1 << c)) for c in parse_cards("As 2c 9d Kc 7s 3h")}
    assert left[right.card] == min(left.values())
    tutor = tutor_at("quan_bai", 1)
    drawn = events(tutor, "drawn")[-1]["card"]
    assert drawn == one("6h") and an.is_phom(parse_mask("3h 4h 5h 6h"))


def test_melds_a_set_and_a_run_and_qka_is_no_phom() -> None:
    tutor = tutor_at("phom_ngang_doc")
    kinds = {an.phom_kind(a.mask) for a in tutor.expected() if isinstance(a, A.LayMeld)}
    assert kinds == {"set", "run"}
    assert not an.is_phom(parse_mask("Qs Ks As"))
    tutor = tutor_at("phom_ngang_doc", 2)
    assert len(state_of(tutor).seats[0].melds) == 2
    assert events(tutor, "ha") == [{"mom": False}]


def test_eat_makes_a_phom_and_the_fed_player_pays() -> None:
    tutor = tutor_at("an", 1)
    st = state_of(tutor)
    assert events(tutor, "eat") == [{"card": one("8d"), "from": 3, "chot": False, "count": 1}]
    assert st.seats[0].eaten == parse_mask("8d")
    assert [(p.payer, p.payee, p.amount) for p in st.payments] == [(3, 0, 1)]


def test_draw_or_eat_eating_would_leave_more_points() -> None:
    tutor = tutor_at("boc_hay_an")
    st = state_of(tutor)
    seat = st.seats[0]
    now = an.deadwood_points(seat.hand)
    card = one("6d")
    assert A.EAT in st.legal_actions(0)
    best = an.best_arrangement(seat.hand | 1 << card, 1 << card, discard=True)
    assert best is not None and best.points > now
    assert tutor.expected() == (A.DRAW,)


def test_lay_down_the_two_phom_leave_the_fewest_points() -> None:
    tutor = tutor_at("ha_phom")
    hand = state_of(tutor).seats[0].hand
    points, melds = an.best_melds(hand)
    assert sorted(melds) == sorted(parse_mask(m) for m in ("7d 8d 9d", "9s 9c 9h"))
    four = parse_mask("9s 9c 9d 9h")
    assert an.deadwood_points(hand & ~four) > points
    for first in range(2):  # either phỏm first: the other is laid for the learner
        tutor = Tutor(GAME, lesson("ha_phom"))
        assert tutor.act(tutor.expected()[first]).ok
        assert sorted(state_of(tutor).seats[0].melds) == sorted(melds)


def test_no_mom_eating_avoids_it_and_a_draw_would_be_mom() -> None:
    tutor = tutor_at("tranh_mom")
    st = state_of(tutor)
    assert not an.has_phom(st.seats[0].hand) and len(st.seats[0].row) == 3
    drew = st.clone()
    drew.apply(A.DRAW, 0)
    while drew.current_player() == 0 and not drew.seats[0].laid:
        drew.apply(drew.decisions()[0].default, 0)
    assert drew.seats[0].laid and not drew.seats[0].melds  # móm
    tutor = tutor_at("tranh_mom", 2)
    assert state_of(tutor).seats[0].melds == [parse_mask("5s 5c 5d")]
    assert events(tutor, "ha") == [{"mom": False}]


def test_send_lands_on_the_named_phom() -> None:
    tutor = tutor_at("gui")
    st = state_of(tutor)
    assert st.seats[0].melds == [parse_mask("4c 5c 6c")]
    assert st.seats[1].melds[0] == parse_mask("8h 9h Th")
    tutor = tutor_at("gui", 1)
    st = state_of(tutor)
    assert events(tutor, "layoff") == [{"card": one("Jh"), "to": 1, "meld": 0}]
    assert st.seats[1].melds[0] == parse_mask("8h 9h Th Jh")


def test_win_is_the_engines_u() -> None:
    tutor = tutor_at("u", 1)
    outcome = tutor.state.outcome()
    assert outcome is not None and outcome.winner == 0
    assert outcome.details["u"] == "u" and outcome.payoffs == (15, -5, -5, -5)
    assert tutor.done


def test_u_khan_the_dealt_hand_has_no_ca_and_wins() -> None:
    tutor = tutor_at("u_khan")
    st = state_of(tutor)
    assert st.rules.allow_u_khan and st.phase == "khan"
    dealt = st.seats[0].dealt
    assert not an.has_phom(dealt) and not an.has_ca(dealt)
    tutor = tutor_at("u_khan", 1)
    outcome = tutor.state.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.details["u"] == "u_khan"


def test_chot_the_eaten_card_is_a_chot_and_costs_four() -> None:
    tutor = tutor_at("an_chot")
    st = state_of(tutor)
    assert st.live is not None and st.live.chot and st.live.seat == 3
    assert st.seats[3].laid and len(st.seats[3].row) == 4
    tutor = tutor_at("an_chot", 1)
    st = state_of(tutor)
    assert events(tutor, "eat")[-1]["chot"] is True
    assert (3, 0, 4) in [(p.payer, p.payee, p.amount) for p in st.payments]
    assert st.seats[0].melds == [parse_mask("9s 9c 9d")]


def test_den_the_third_eat_wins_and_the_feeder_pays_for_all() -> None:
    tutor = tutor_at("den")
    assert state_of(tutor).seats[0].eats == 2
    tutor = tutor_at("den", 1)
    outcome = tutor.state.outcome()
    assert outcome is not None and outcome.winner == 0
    assert outcome.details["u"] == "u_an_ba_cay" and outcome.details["den"] == 3
    assert outcome.payoffs == (18, 0, 0, -18)  # 3 eats of 1, then 3 × 5 alone
