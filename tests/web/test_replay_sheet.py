"""The replay viewer and the score sheet of finished games."""

from __future__ import annotations

import re
from typing import Any

from tests.web.helpers import enter_lobby, robot_sitting, tid


def _table_cards(page: Any) -> list[str]:
    return [
        str(c)
        for c in page.locator(f"{tid('table')} [data-card]").evaluate_all(
            "els => els.map(e => e.getAttribute('data-card'))"
        )
    ]


def _set_slider(page: Any, value: int) -> None:
    slider = page.locator(tid("replay-slider"))
    slider.fill(str(value))
    page.wait_for_function(
        "v => document.querySelector('[data-testid=\"replay-slider\"]').value === String(v)",
        arg=value,
    )
    page.wait_for_timeout(150)


def test_replay_viewer_shows_the_finished_game(base: str, page: Any) -> None:
    _api, room = robot_sitting(base, "phom")
    game_id = room["game_id"]
    assert game_id is not None
    enter_lobby(page, base, "Xem lại")
    page.goto(f"{base}/#/replay/{game_id}")
    slider = page.locator(tid("replay-slider"))
    slider.wait_for(state="visible")
    page.locator(tid("table")).wait_for(state="visible")
    lo = int(slider.get_attribute("min") or 0)
    hi = int(slider.get_attribute("max") or 0)
    assert hi - lo >= 3, f"a whole game has only {hi - lo} steps"

    # a spectator sees no card at the deal; then discards and laid-down groups come face up
    seen = []
    for value in (lo, lo + (hi - lo) // 3, lo + 2 * (hi - lo) // 3, hi):
        _set_slider(page, value)
        seen.append(_table_cards(page))
    assert seen[-1], f"no face-up card on the replayed table at its end (step {hi})"
    assert sum(1 for cards in seen if cards) >= 2, f"face-up cards along the slider: {seen}"
    assert len({tuple(c) for c in seen}) >= 2, f"the table does not change along the slider: {seen}"
    # the end of the replay is the end of the game
    assert page.locator(tid("outcome")).is_visible()


def _number(text: str) -> float:
    cleaned = text.strip().replace("\u2212", "-").replace("\u00a0", "").replace(" ", "")
    match = re.search(r"[-+]?\d+(?:[.,]\d+)?", cleaned)
    assert match, f"no number in {text!r}"
    return float(match.group().replace(",", "."))


def test_score_sheet_adds_up(base: str, page: Any) -> None:
    api, room = robot_sitting(base, "phom", games=2)
    sheet = api.sheet(room["id"])
    rows = sheet["rows"]
    assert len(rows) >= 2 or room["status"] == "finished", sheet
    players = len(sheet["names"])
    sums = [sum(row["points"][s] for row in rows) for s in range(players)]
    assert [round(x, 6) for x in sums] == [round(t, 6) for t in rows[-1]["totals"]]

    enter_lobby(page, base, "Thư ký")
    page.goto(f"{base}/#/sheet/{room['id']}")
    page.locator(tid("sheet")).wait_for(state="visible")
    cells = page.locator(tid("sheet-total"))
    cells.first.wait_for(state="visible")
    shown = {}
    for i in range(cells.count()):
        cell = cells.nth(i)
        seat = cell.get_attribute("data-seat")
        assert seat is not None and seat.isdigit(), "a sheet-total cell without data-seat"
        shown[int(seat)] = _number(cell.inner_text())
    assert sorted(shown) == list(range(players)), shown
    for s in range(players):
        assert abs(shown[s] - sums[s]) < 1e-6, f"seat {s}: the page says {shown[s]}, rows {sums}"
    # every game is a row of the sheet
    sheet_text = page.locator(tid("sheet")).inner_text()
    for name in sheet["names"]:
        assert name in sheet_text
