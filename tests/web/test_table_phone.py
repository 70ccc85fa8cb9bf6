"""The table at phone size (issue 28), every game: the buttons name the cards (their codes
only after the header's setting), the dock keeps the live card, whose turn and the decisions
on screen while the page scrolls (the hand never hidden for good), no raw id shows in
Vietnamese on the lobby, the waiting room, the table, its "Chi tiết" or the result, and the
result's words open their glossary entries."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from chieu.core.table import load_game
from tests.web.helpers import GAMES, SEATS, Api, Player, enter_lobby, open_room, reach_turn, tid

PHONE = {"width": 390, "height": 844}
RAW = ("fault_mode", "san_dinh", "payoffs", "heuristic", "wall_left", "prevailing", "cuoc_table")
#: a card's code as a whole word in a text
BUTTONS = """() => [...document.querySelectorAll('.actions button[data-cards]')].map((b) => ({
    cards: b.dataset.cards.split(' '), text: b.querySelector('.alabel').textContent }))"""


def _phone(new_context: Any) -> Any:
    return new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()


def _has_code(text: str, code: str) -> bool:
    return re.search(rf"(?<![\w]){re.escape(code)}(?![\w])", text) is not None


def _no_raw(page: Any, where: str) -> None:
    text = page.evaluate("() => document.body.innerText")
    for raw in RAW:
        assert raw not in text, (where, raw, text[:2000])


def test_the_lobby_says_presets_and_options_in_words(base: str, new_context: Any) -> None:
    page = _phone(new_context)
    enter_lobby(page, base, "Bà Nội")
    page.locator("details summary").first.click()
    for game in GAMES:
        page.select_option(tid("game-select"), game)
        assert page.locator(tid("preset-help")).inner_text().strip()
        assert page.locator(".opt label code").count() == 0, game  # no option shown as its id
        _no_raw(page, f"lobby {game}")
        presets = page.locator("#preset option").evaluate_all("els => els.map(e => e.textContent)")
        assert presets and not any("_" in p or p == "default" for p in presets), presets


@pytest.mark.parametrize("game", GAMES)
def test_the_table_on_a_phone(base: str, new_context: Any, game: str) -> None:
    page = _phone(new_context)
    api = Api(base, enter_lobby(page, base, "Bà Nội"))
    rid = int(api.create_room(game, bots={s: "heuristic" for s in range(1, SEATS[game])})["id"])
    open_room(page, base, rid)
    page.locator(".seat-list").wait_for(state="visible")
    _no_raw(page, "waiting room")
    api.start(rid)
    # a turn where some action moves a card (a first turn may offer only a draw)
    player = Player(page, seed=2)
    for _ in range(30):
        reach_turn(page)
        buttons = page.evaluate(BUTTONS)
        if buttons:
            break
        player.step()
    assert buttons, "no action moves a card"
    for b in buttons:
        assert not any(_has_code(b["text"], c) for c in b["cards"]), b
    page.locator(tid("card-codes")).click()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=card-codes]').getAttribute('aria-pressed')"
        " === 'true'"
    )
    assert page.evaluate("() => localStorage.getItem('chieu.cardCodes')") == "1"
    for b in page.evaluate(BUTTONS):
        assert all(_has_code(b["text"], c) for c in b["cards"]), b
    page.locator(tid("card-codes")).click()
    page.wait_for_function("() => !localStorage.getItem('chieu.cardCodes')")

    # the dock: the decisions in sight wherever the page is scrolled
    first = page.locator(".actions button[data-action-id]").first
    for where in ("0", "document.body.scrollHeight / 3", "document.body.scrollHeight / 2"):
        page.evaluate(f"() => window.scrollTo(0, {where})")
        page.wait_for_timeout(150)
        box = first.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], (
            where,
            box,
        )
        live = page.locator(f"{tid('dock')} .turn")
        assert live.is_visible()
    # at the bottom the dock is in its place: the hand above it, the log and details reachable
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    page.wait_for_timeout(150)
    hand = page.locator(tid("hand")).bounding_box()
    dock = page.locator(tid("dock")).bounding_box()
    assert hand is not None and dock is not None and hand["y"] + hand["height"] <= dock["y"] + 1
    details = page.locator(tid("details"))
    if details.count():
        details.locator("summary").click()
        assert details.locator("dt").count() > 0
    _no_raw(page, "table")


def _outcome_view(game: str) -> dict[str, Any]:
    """A real view of a finished game of ``game`` (random play), with its outcome explained."""
    loaded = load_game(game)
    for seed in range(30):
        state = loaded.new_state(seed)
        rng = random.Random(seed)
        for _ in range(3000):
            pending = state.decisions()
            if not pending:
                break
            d = pending[0]
            state.apply(rng.choice(d.actions), seat=d.seat)
        if not state.decisions():
            view: dict[str, Any] = state.view(0, "vi").to_json()
            if view.get("outcome"):
                return view
    raise AssertionError(f"no game of {game} ended")


@pytest.mark.parametrize("game", GAMES)
def test_the_result_words_are_tappable(base: str, new_context: Any, game: str) -> None:
    view = _outcome_view(game)
    page = _phone(new_context)
    enter_lobby(page, base, "Ông Ngoại")
    page.evaluate(
        """async (view) => {
            const { Board } = await import('/web/static/board.js');
            const { loadCards } = await import('/web/static/cards.js');
            await loadCards(view.game);
            const root = document.createElement('div');
            root.id = 'end-board';
            document.body.prepend(root);
            const board = new Board(root, { readOnly: true });
            const seats = Array.from({ length: view.players },
                                     (_, s) => ({ seat: s, player: null }));
            board.render({ view, room: { seats, status: 'between' }, version: 1, seat: 0 });
        }""",
        view,
    )
    outcome = page.locator("#end-board [data-testid=outcome]")
    outcome.wait_for(state="visible")
    term = outcome.locator("[data-term][role=button]").first
    term.wait_for(state="attached", timeout=10_000)
    word = term.get_attribute("data-term")
    term.scroll_into_view_if_needed()
    term.click()
    entry = page.locator(tid("term-entry"))
    entry.wait_for(state="visible")
    assert entry.get_attribute("data-entry") == word
    page.keyboard.press("Escape")
    text = outcome.inner_text()
    for raw in RAW:
        assert raw not in text, (raw, text)
