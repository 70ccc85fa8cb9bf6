"""The lessons in the browser at phone size (390x844), for every registered game: the list
(``#/learn/{game}``) shows every lesson with the player's progress, reached from the lobby;
the whole-game lesson shows the hints at its decision; the first step lesson is completed by
clicks (the buttons ``Tutor.answer`` names), a wrong click shows the engine's reasons, and the
list marks the lesson done, also after a reload. No raw id shows in Vietnamese mode."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from chieu import load_game
from chieu.core.lessons import Lesson, Tutor, lessons_of
from chieu.server.lessons import gentle_others
from tests.web.helpers import GAMES, WAIT_MS, enter_lobby, no_horizontal_overflow, tid
from tests.web.rules_checks import PHONE, RAW_IDS

LABELS = """() => [...document.querySelectorAll('button[data-action-id]')].map((b) => {
  const l = b.querySelector('.alabel');
  return {id: b.getAttribute('data-action-id'), label: l ? l.textContent.trim() : '',
          fault: b.hasAttribute('data-fault')};
})"""


def _phone(new_context: Callable[..., Any]) -> Any:
    return new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()


def _list(page: Any, base: str, game: str) -> list[dict[str, Any]]:
    page.goto(f"{base}/#/learn/{game}")
    page.locator(tid("lesson")).first.wait_for(state="visible", timeout=WAIT_MS)
    items: list[dict[str, Any]] = page.locator(tid("lesson")).evaluate_all(
        "els => els.map(e => ({id: e.dataset.lesson, done: e.hasAttribute('data-done'),"
        " text: e.innerText}))"
    )
    return items


def _no_raw_ids(page: Any, lessons: tuple[Lesson, ...]) -> None:
    text = page.locator("#app").inner_text()
    for raw in (*RAW_IDS, *(x.id for x in lessons if "_" in x.id), "finish", "undefined"):
        assert raw not in text, raw


def _act(page: Any, action_id: str, fault: bool) -> None:
    with page.expect_response(lambda r: "/act" in r.url, timeout=WAIT_MS):
        page.locator(f'button[data-action-id="{action_id}"]').first.click()
        if fault:
            page.locator(tid("confirm-action")).click()


@pytest.mark.parametrize("game", GAMES)
def test_the_lessons_of_a_game_at_phone_size(
    game: str, base: str, new_context: Callable[..., Any], artefacts: Path
) -> None:
    lessons = lessons_of(load_game(game))
    page = _phone(new_context)
    enter_lobby(page, base, f"Cháu học {game}")
    page.locator(tid("game-select")).select_option(game)
    page.locator(tid("learn-link")).click()
    page.locator(tid("lesson")).first.wait_for(state="visible", timeout=WAIT_MS)
    items = _list(page, base, game)
    assert [x["id"] for x in items] == [x.id for x in lessons]
    assert not any(x["done"] for x in items)
    for item, lesson in zip(items, lessons, strict=True):
        assert lesson.title[0] in item["text"] and lesson.goal[0] in item["text"]
    count = page.locator(tid("lesson-count"))
    assert count.get_attribute("data-done") == "0"
    assert count.get_attribute("data-total") == str(len(lessons))
    _no_raw_ids(page, lessons)
    assert no_horizontal_overflow(page)[0] <= PHONE["width"]
    page.screenshot(path=str(artefacts / f"lessons-{game}-list.png"), full_page=True)
    page.locator(tid("lang-toggle")).click()  # English: every lesson's own words
    page.get_by_text(lessons[-1].title[1], exact=True).wait_for(state="visible", timeout=WAIT_MS)
    english = page.locator("#app").inner_text()
    assert all(x.title[1] in english and x.goal[1] in english for x in lessons)
    page.locator(tid("lang-toggle")).click()
    page.get_by_text(lessons[-1].title[0], exact=True).wait_for(state="visible", timeout=WAIT_MS)

    # the whole game: the table, and the hints at the learner's decision
    page.goto(f"{base}/#/learn/{game}/{lessons[-1].id}")
    page.locator(tid("lesson-hints")).wait_for(state="visible", timeout=WAIT_MS)
    page.locator("button[data-action-id]").first.wait_for(state="visible", timeout=WAIT_MS)
    assert page.locator(f"{tid('lesson-hints')} li").count() >= 1
    _no_raw_ids(page, lessons)
    page.screenshot(path=str(artefacts / f"lessons-{game}-whole.png"), full_page=True)


@pytest.mark.parametrize("game", GAMES)
def test_a_step_lesson_is_completed_by_clicks(
    game: str, base: str, new_context: Callable[..., Any], artefacts: Path
) -> None:
    bound = load_game(game)
    lessons = lessons_of(bound)
    lesson = next((x for x in lessons if x.finish == "steps" and x.steps), None)
    if lesson is None:
        pytest.skip(f"{game} has no step lesson yet (only its whole game)")
    tutor = Tutor(bound, lesson, gentle_others(bound.definition, lesson, 0))
    page = _phone(new_context)
    enter_lobby(page, base, f"Cháu chăm {game}")
    page.goto(f"{base}/#/learn/{game}/{lesson.id}")
    page.locator(tid("lesson-feedback")).wait_for(state="visible", timeout=WAIT_MS)
    page.locator("button[data-action-id]").first.wait_for(state="visible", timeout=WAIT_MS)
    assert lesson.goal[0] in page.locator(tid("lesson-goal")).inner_text()
    if lesson.cards:
        assert page.locator(".lesson-head .named-card figcaption").count() == len(lesson.cards)
    _no_raw_ids(page, lessons)

    # a hint on request
    with page.expect_response(lambda r: "/hint" in r.url, timeout=WAIT_MS):
        page.locator(tid("lesson-hint")).click()
    page.locator(tid("lesson-hint-lines")).wait_for(state="visible", timeout=WAIT_MS)

    # a wrong click: refused, with the reasons
    space = bound.action_space
    right = {str(space.id_of(a)) for a in tutor.expected()}
    buttons = page.evaluate(LABELS)
    wrong = next((b for b in buttons if b["id"] not in right), None)
    if wrong is not None:
        _act(page, wrong["id"], wrong["fault"])
        verdict = page.locator(f'{tid("lesson-verdict")}[data-ok="0"]')
        verdict.wait_for(state="visible", timeout=WAIT_MS)
        assert verdict.locator("li").count() >= 2
        page.screenshot(path=str(artefacts / f"lessons-{game}-wrong.png"), full_page=True)

    # the right clicks, step by step
    for n in range(len(lesson.steps)):
        want = str(space.id_of(tutor.expected()[0]))  # the button shows names, not codes
        found = next((b["id"] for b in page.evaluate(LABELS) if b["id"] == want), None)
        assert found is not None, (lesson.id, n, tutor.answer("vi"), page.evaluate(LABELS))
        fault = any(b["id"] == found and b["fault"] for b in page.evaluate(LABELS))
        _act(page, found, fault)
        tutor.act(tutor.expected()[0])
        # the response has come; the page draws it just after
        page.locator(f'{tid("lesson-verdict")}[data-ok="1"]').wait_for(timeout=WAIT_MS)
    page.locator(tid("lesson-done")).wait_for(state="visible", timeout=WAIT_MS)
    assert tutor.done
    nxt = page.locator(f"{tid('lesson-next')}, {tid('lesson-list')}")
    assert nxt.count() == 1
    page.screenshot(path=str(artefacts / f"lessons-{game}-done.png"), full_page=True)

    items = _list(page, base, game)
    assert [x["id"] for x in items if x["done"]] == [lesson.id]
    assert page.locator(tid("lesson-count")).get_attribute("data-done") == "1"
    page.reload()
    page.locator(tid("lesson")).first.wait_for(state="visible", timeout=WAIT_MS)
    done = page.locator(f'{tid("lesson")}[data-lesson="{lesson.id}"]')
    assert done.get_attribute("data-done") is not None
