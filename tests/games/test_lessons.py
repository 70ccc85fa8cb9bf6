"""What every game's lessons keep (``chieu.core.lessons``), for every registered game: enough
of them (8, and 12 for Tổ tôm), in both languages, a whole game last; each builds a real
position where the learner has a decision; the moves each lesson names as right complete it;
a wrong move is refused with the engine's reasons and leaves the table as it was; every term
it teaches has a glossary entry. Each game's own tests check what its lessons teach."""

from __future__ import annotations

import re

import pytest

from chieu import load_game
from chieu.core.glossary import Glossary
from chieu.core.kit import kit_part
from chieu.core.lessons import Lesson, Tutor, lessons_of
from chieu.core.registry import game_names

GAMES = game_names()
AT_LEAST = {"totom": 12}
LESSONS = [(g, x) for g in GAMES for x in lessons_of(load_game(g))]


def _id(item: object) -> str:
    return item.id if isinstance(item, Lesson) else str(item)


@pytest.mark.parametrize("game", GAMES)
def test_enough_lessons_in_order_ending_with_a_whole_game(game: str) -> None:
    lessons = lessons_of(load_game(game))
    assert len(lessons) >= AT_LEAST.get(game, 8), (game, len(lessons))
    ids = [x.id for x in lessons]
    assert len(set(ids)) == len(ids)
    assert all(re.fullmatch(r"[a-z0-9_]+", i) for i in ids), ids
    assert lessons[-1].finish == "game"
    assert all(x.finish != "game" for x in lessons[:-1])


@pytest.mark.parametrize(("game", "lesson"), LESSONS, ids=_id)
def test_words_in_both_languages_and_terms_in_the_glossary(game: str, lesson: Lesson) -> None:
    bound = load_game(game)
    for say in (lesson.title, lesson.goal, lesson.intro):
        assert all(s.strip() for s in say), (lesson.id, say)
        assert say[0] != say[1], (lesson.id, say)
    for step in lesson.steps:
        assert step.expect and all(s.strip() for s in (*step.why, *step.hint)), lesson.id
    glossary: Glossary = kit_part(bound, "glossary")
    missing = [t for t in lesson.terms if t not in glossary]
    assert not missing, (lesson.id, missing)
    kinds = bound.definition.kinds
    assert all(kinds.kind(c) is not None for c in lesson.cards), (lesson.id, lesson.cards)


@pytest.mark.parametrize(("game", "lesson"), LESSONS, ids=_id)
def test_the_right_moves_complete_it_and_a_wrong_one_is_refused(game: str, lesson: Lesson) -> None:
    tutor = Tutor(load_game(game), lesson)
    if lesson.finish == "game":
        for _ in range(5000):
            if tutor.done:
                break
            assert tutor.hint("vi") and tutor.snapshot("vi")["hints"]
            tutor.act(tutor.pending().default)
        assert tutor.done and not tutor.failed
        return
    if lesson.finish == "win":
        pytest.skip("a lesson won by free play is checked by its game's tests")
    for n, _ in enumerate(lesson.steps):
        decision = tutor.pending()
        assert decision is not None, (lesson.id, n)
        right = tutor.expected()
        assert right and all(a in decision.actions for a in right), (lesson.id, n)
        wrong = [a for a in decision.actions if a not in right]
        if wrong:
            before = tutor.state.changes
            for lang in ("vi", "en"):
                verdict = tutor.act(wrong[0], lang)
                assert not verdict.ok and len(verdict.lines) >= 2, (lesson.id, verdict)
            assert tutor.state.changes == before and tutor.step == n
        for lang in ("vi", "en"):
            assert tutor.hint(lang), lesson.id
        verdict = tutor.act(right[0])
        assert verdict.ok, (lesson.id, n, verdict)
    assert tutor.done and not tutor.failed, lesson.id
