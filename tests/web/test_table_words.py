"""The table explains its words (issue 28), at phone size: a tapped term opens its glossary
entry; hints say "đang tính…" and a quick second tap never blanks them; a fault's reason and
penalty are shown in words in the confirmation; the log and the "what just happened" line
name the players as the seat panels do."""

from __future__ import annotations

import random
from typing import Any

import pytest

from chieu.core.glossary import Glossary
from chieu.core.kit import kit_part
from chieu.core.registry import find_game
from chieu.core.table import load_game
from tests.web.helpers import GAMES, Api, Player, enter_lobby, open_room, reach_turn, tid

PHONE = {"width": 390, "height": 844}


def _phone(new_context: Any) -> Any:
    return new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()


def fault_view(game: str, seeds: int = 40, steps: int = 250) -> dict[str, Any] | None:
    """A real view of ``game`` in which the viewer is offered an action that commits a fault
    (referee mode, random play from fixed seeds), preferring one whose penalty is given."""
    loaded = load_game(game)
    fallback = None
    for seed in range(seeds):
        state = loaded.new_state(seed)
        rng = random.Random(seed)
        for _ in range(steps):
            pending = state.decisions()
            if not pending:
                break
            for seat in sorted({d.seat for d in pending}):
                view = state.view(seat, "vi").to_json()
                faults = [
                    a["fault"] for d in view["decisions"] for a in d["actions"] if "fault" in a
                ]
                if any("penalty" in f for f in faults):
                    return view
                if faults and fallback is None:
                    fallback = view
            d = pending[0]
            state.apply(rng.choice(d.actions), seat=d.seat)
    return fallback


def test_a_tapped_term_opens_its_entry(base: str, new_context: Any) -> None:
    page = _phone(new_context)
    api = Api(base, enter_lobby(page, base, "Bà Nội"))
    rid = int(api.create_room("phom", bots={1: "heuristic", 2: "heuristic", 3: "heuristic"})["id"])
    open_room(page, base, rid)
    api.start(rid)
    reach_turn(page)
    term = page.locator(".board [data-term]").locator("visible=true").first
    term.wait_for(state="visible")
    word = term.get_attribute("data-term")
    term.scroll_into_view_if_needed()
    term.click()
    entry = page.locator(tid("term-entry"))
    entry.wait_for(state="visible")
    assert entry.get_attribute("data-entry") == word
    glossary = kit_part(find_game("phom"), "glossary")
    assert isinstance(glossary, Glossary)
    known = glossary.lookup(str(word))
    assert known is not None and known.text[0] in entry.inner_text()
    assert entry.get_attribute("role") == "dialog"
    page.keyboard.press("Escape")
    entry.wait_for(state="detached")
    # a tap outside closes it too
    term.click()
    entry.wait_for(state="visible")
    page.mouse.click(5, 5)
    entry.wait_for(state="detached")


def test_hints_say_they_are_working_and_a_second_tap_never_blanks_them(
    base: str, new_context: Any
) -> None:
    page = _phone(new_context)
    api = Api(base, enter_lobby(page, base, "Bà Nội"))
    rid = int(api.create_room("phom", bots={1: "heuristic", 2: "heuristic", 3: "heuristic"})["id"])
    open_room(page, base, rid)
    api.start(rid)
    reach_turn(page)

    # the first answer held back a little: "đang tính…" shows meanwhile
    def slow(route: Any) -> None:
        page.wait_for_timeout(600)
        route.continue_()

    page.route("**/hints?*", slow)
    button = page.locator(tid("hints-button"))
    button.scroll_into_view_if_needed()
    button.click()
    pending = page.locator(tid("hints-pending"))
    pending.wait_for(state="visible", timeout=3000)
    assert "đang tính" in pending.inner_text()
    lines = page.locator(f"{tid('hints')} li")
    lines.first.wait_for(state="visible")
    pending.wait_for(state="detached")
    page.unroute("**/hints?*")
    # two quick taps: the server refuses one (one request a second); the answer stays shown
    # while the page waits and asks again, then a fresh one replaces it
    button.click()
    button.click()
    pending.wait_for(state="visible", timeout=3000)
    for _ in range(12):
        assert lines.count() > 0, "a second tap blanked the hints"
        page.wait_for_timeout(150)
    pending.wait_for(state="detached", timeout=10_000)
    assert lines.count() > 0


@pytest.mark.parametrize("game", GAMES)
def test_a_fault_confirmation_says_why_and_the_penalty(
    base: str, new_context: Any, game: str
) -> None:
    view = fault_view(game)
    if view is None:
        pytest.skip(f"{game} offers no fault in referee mode")
    page = _phone(new_context)
    enter_lobby(page, base, "Ông Ngoại")
    page.evaluate(
        """async (view) => {
            const { Board } = await import('/web/static/board.js');
            const { loadCards } = await import('/web/static/cards.js');
            await loadCards(view.game);
            const root = document.createElement('div');
            root.id = 'fault-board';
            document.body.prepend(root);
            const board = new Board(root, { onAct: (a) => { window.__acted = a.id; } });
            const seats = Array.from({ length: view.players },
                                     (_, s) => ({ seat: s, player: null }));
            board.render({ view, room: { seats, status: 'playing' }, version: 1,
                           seat: view.viewer });
        }""",
        view,
    )
    button = page.locator("#fault-board .actions button[data-fault]").first
    fault_id = button.get_attribute("data-fault")
    fault = next(
        a["fault"]
        for d in view["decisions"]
        for a in d["actions"]
        if a.get("fault", {}).get("id") == fault_id
    )
    glossary = kit_part(find_game(game), "glossary")
    assert isinstance(glossary, Glossary)
    entry = glossary.lookup(fault["name"]) or glossary.lookup(fault["id"])
    assert entry is not None, f"no glossary entry for the fault {fault}"
    # beside the actions: the fault's reason as text, not only a tooltip
    note = page.locator(f'#fault-board .fault-notes [data-fault="{fault_id}"]')
    note.wait_for(state="visible")
    # the reason comes with the glossary, which the board fetches on its first render
    note.locator(".fault-why").wait_for(state="visible")
    assert entry.text[0] in note.inner_text()
    button.scroll_into_view_if_needed()
    button.click()
    confirm = page.locator("#fault-board .confirm")
    confirm.wait_for(state="visible")
    reason = confirm.locator(tid("fault-reason"))
    assert entry.text[0] in reason.inner_text()
    if "penalty" in fault:
        penalty = glossary.lookup(fault["penalty"])
        assert penalty is not None
        shown = confirm.locator(tid("fault-penalty")).inner_text()
        assert penalty.term in shown and penalty.text[0] in shown
        assert fault["penalty"] not in confirm.inner_text()  # the words, never the id
    assert page.evaluate("() => window.__acted") is None  # nothing sent before the yes
    confirm.locator(tid("confirm-action")).click()
    assert page.evaluate("() => window.__acted") is not None


def test_the_log_names_the_players(base: str, new_context: Any) -> None:
    host = _phone(new_context)
    api = Api(base, enter_lobby(host, base, "Bà Nội"))
    rid = int(api.create_room("phom", bots={1: "heuristic", 2: "heuristic", 3: "heuristic"})["id"])
    open_room(host, base, rid)
    watcher = _phone(new_context)
    enter_lobby(watcher, base, "Cháu")
    open_room(watcher, base, rid)
    api.start(rid)
    player = Player(host, seed=3)
    log = watcher.locator(".log")
    recent = watcher.locator(tid("last-event"))
    for _ in range(60):
        reach_turn(host)
        player.step()
        if "Bà Nội" in log.inner_text():
            break
    watcher.wait_for_function(
        "() => document.querySelector('.log').textContent.includes('Bà Nội')", timeout=10_000
    )
    assert "Người 1 " not in log.inner_text()
    recent.wait_for(state="visible")
    assert recent.inner_text().strip()
    # the host's own table says "Bạn", as its seat panel does
    host.wait_for_function(
        "() => document.querySelector('.log').textContent.includes('Bạn')", timeout=10_000
    )
