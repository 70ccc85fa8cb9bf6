"""The result explains itself (issue 28), on a phone, in every game: a quick game against
bots is played to the end by clicks; the result panel's ``[data-cuoc]`` points add up to the
total it shows (or it says why nobody won, with each hand's distance), its payments have
reasons, and no raw id shows in Vietnamese."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.helpers import (
    GAMES,
    SEATS,
    Api,
    Player,
    enter_lobby,
    open_room,
    play_until_outcome,
    tid,
)

PHONE = {"width": 390, "height": 844}
RAW = ("payoffs", "fault_mode", "san_dinh", "heuristic", "reason_term", "no_winner", "undefined")

READ = """() => {
    const box = document.querySelector('[data-testid="result-explain"]');
    if (!box) return null;
    const total = box.querySelector('[data-testid="explain-total"]');
    return {
        items: [...box.querySelectorAll('[data-cuoc]')].map((e) => Number(e.dataset.points)),
        total: total ? Number(total.dataset.total) : null,
        totalText: total ? total.textContent : null,
        terms: [...box.querySelectorAll('[data-term]')].map((e) => e.dataset.term),
        payments: box.querySelectorAll('[data-reason]').length,
        noWinner: !!box.querySelector('[data-testid="explain-no-winner"]'),
        distances: box.querySelectorAll('[data-distance]').length,
        cards: box.querySelectorAll('[data-card]').length,
        text: box.innerText,
    };
}"""


@pytest.mark.parametrize("game", GAMES)
def test_the_result_explains_itself_on_a_phone(base: str, new_context: Any, game: str) -> None:
    page = new_context(viewport=PHONE).new_page()
    token = enter_lobby(page, base, "Lan")
    api = Api(base, token)
    room = api.create_room(game, bots={s: "heuristic" for s in range(1, SEATS[game])})
    open_room(page, base, room["id"])
    api.start(room["id"])
    play_until_outcome([Player(page, seed=3)], timeout=240)
    page.locator(tid("result-explain")).wait_for(state="visible")
    got = page.evaluate(READ)
    assert got is not None
    if got["items"]:
        assert got["total"] is not None, got
        assert abs(sum(got["items"]) - got["total"]) < 1e-9, got
        assert got["totalText"].strip() != ""
    else:
        assert got["noWinner"] and got["distances"] == SEATS[game], got
    assert got["payments"] or "Không ai phải trả" in got["text"], got
    assert got["terms"], got
    for raw in RAW:
        assert raw not in got["text"], (raw, got["text"])
    # the hội's column says what it counts: a tappable "Điểm hội" (Tổ tôm counts only wins)
    sitting = page.locator(f"{tid('outcome')} table.payoffs th [data-term]").first
    assert sitting.get_attribute("data-term") == "điểm hội"
    assert sitting.inner_text() == "Điểm hội"
    # and so does the table's "Điểm hội" panel: tapped, the game's own entry
    heading = page.locator('section.panel h3 [data-term="điểm hội"]')
    heading.scroll_into_view_if_needed()
    heading.click()
    entry = page.locator(tid("term-entry"))
    entry.wait_for(state="visible")
    said = "chỉ cộng điểm ù" if game == "totom" else "cộng dồn qua các ván"
    assert said in entry.inner_text(), entry.inner_text()
