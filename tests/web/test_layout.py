"""The table fits phones and desktops, at normal and at 200% text: nothing overflows sideways,
and every hand card and every action control can be seen and clicked."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.web.helpers import (
    ACTION,
    SEATS,
    Api,
    enter_lobby,
    no_horizontal_overflow,
    open_room,
    reach_turn,
    tid,
)

VIEWPORTS = [(360, 740), (390, 844), (1366, 768)]
#: 200% text: the root font size doubled (every rem and em follows)
BIG_TEXT = "html { font-size: 200% !important; }"


GEOMETRY = """(sel) => {
    const out = [];
    const els = [...document.querySelectorAll(sel)];
    els.forEach((el, i) => {
        const name = `${i} (${el.getAttribute('data-card') || el.getAttribute('data-action-id')})`;
        el.scrollIntoView({block: 'center', inline: 'center'});
        const r = el.getBoundingClientRect();
        const st = getComputedStyle(el);
        if (st.visibility === 'hidden' || st.display === 'none' || r.width < 8 || r.height < 8) {
            out.push(`${name} is not visible (${r.width}x${r.height})`);
            return;
        }
        if (r.left < -1 || r.right > innerWidth + 1 || r.top < -1 || r.bottom > innerHeight + 1)
            out.push(`${name} does not fit in the ${innerWidth}x${innerHeight} viewport: ` +
                     `[${r.left}, ${r.top}, ${r.right}, ${r.bottom}]`);
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (!hit || !(hit === el || el.contains(hit)))
            out.push(`${name} is covered by ${hit ? hit.outerHTML.slice(0, 100) : 'nothing'}`);
    });
    return [els.length, out];
}"""


def _check_clickable(page: Any, selector: str, what: str) -> int:
    """Every element ``selector`` matches is visible, inside the viewport once scrolled to,
    on top at its centre, and would take a click (Playwright's trial click: visible, stable,
    enabled, receiving the pointer)."""
    n, problems = page.evaluate(GEOMETRY, selector)
    assert not problems, f"{what}: " + "; ".join(problems[:5])
    loc = page.locator(selector)
    for i in range(n):
        el = loc.nth(i)
        assert el.is_visible(), f"{what} {i} is not visible"
        el.click(trial=True, timeout=5000)
    return int(n)


def _at_turn(page: Any) -> None:
    reach_turn(page)
    page.locator(f"{tid('hand')} [data-card]").first.wait_for(state="visible")
    page.wait_for_timeout(200)


@pytest.mark.parametrize("game", ["chan", "matchuoc"])
def test_layouts(base: str, new_context: Any, artefacts: Path, game: str) -> None:
    # bypass_csp: the test's own <style> (a reader's 200% text) is not the page's script
    ctx = new_context(viewport={"width": 1366, "height": 768}, bypass_csp=True)
    page = ctx.new_page()
    token = enter_lobby(page, base, "Lan")
    api = Api(base, token)
    room = api.create_room(game, bots={s: "heuristic" for s in range(1, SEATS[game])})
    open_room(page, base, room["id"])
    api.start(room["id"])
    _at_turn(page)

    problems: list[str] = []
    # normal text, then 200% text at every size; then the page's own large text and large
    # cards (its header toggles, when it has them) on the smallest phone
    modes = [("normal", VIEWPORTS), ("big", VIEWPORTS), ("page-large", VIEWPORTS[:1])]
    for text, sizes in modes:
        if text == "big":
            page.add_style_tag(content=BIG_TEXT)
        if text == "page-large":
            toggles = [page.locator(tid(n)) for n in ("big-text-toggle", "big-cards-toggle")]
            if not all(t.count() for t in toggles):
                continue
            page.reload()  # without the 200% style
            _at_turn(page)
            for toggle in toggles:
                toggle.click()
        for w, h in sizes:
            page.set_viewport_size({"width": w, "height": h})
            page.wait_for_timeout(150)
            shot = artefacts / f"layout-{game}-{w}x{h}-{text}-{os.getpid()}.png"
            page.screenshot(path=str(shot), full_page=True)
            print(f"screenshot: {shot}")
            where = f"{game} {w}x{h} {text} text"
            sw, iw = no_horizontal_overflow(page)
            if sw > iw:
                problems.append(f"{where}: the page is {sw}px wide in a {iw}px viewport")
            try:
                cards = _check_clickable(page, f"{tid('hand')} [data-card]", "hand card")
                actions = _check_clickable(page, ACTION, "action control")
                if not cards or not actions:
                    problems.append(f"{where}: {cards} hand cards, {actions} action controls")
            except AssertionError as exc:
                problems.append(f"{where}: {exc}")
            except Exception as exc:  # a trial click that never becomes possible
                problems.append(f"{where}: {type(exc).__name__}: {str(exc).splitlines()[0]}")
    assert not problems, "\n".join(problems)


def test_zoom_200_percent(base: str, new_context: Any, artefacts: Path) -> None:
    """The browser at 200% zoom on a 1366×768 screen (a 683×384 CSS-pixel viewport at device
    scale 2), then CSS ``zoom: 2`` on the page itself at 1366×768."""
    ctx = new_context(
        viewport={"width": 683, "height": 384}, device_scale_factor=2, bypass_csp=True
    )
    page = ctx.new_page()
    token = enter_lobby(page, base, "Minh")
    api = Api(base, token)
    room = api.create_room("phom", bots={1: "heuristic", 2: "heuristic", 3: "heuristic"})
    open_room(page, base, room["id"])
    api.start(room["id"])
    _at_turn(page)
    problems = []
    for mode in ("browser-zoom", "css-zoom"):
        if mode == "css-zoom":
            page.set_viewport_size({"width": 1366, "height": 768})
            page.add_style_tag(content="html { zoom: 2; }")
            page.wait_for_timeout(150)
        shot = artefacts / f"layout-phom-{mode}-200-{os.getpid()}.png"
        page.screenshot(path=str(shot), full_page=True)
        print(f"screenshot: {shot}")
        sw, iw = no_horizontal_overflow(page)
        if sw > iw:
            problems.append(f"{mode}: the page is {sw}px wide in a {iw}px viewport")
        try:
            cards = _check_clickable(page, f"{tid('hand')} [data-card]", "hand card")
            actions = _check_clickable(page, ACTION, "action control")
            if not cards or not actions:
                problems.append(f"{mode}: {cards} hand cards, {actions} action controls")
        except AssertionError as exc:
            problems.append(f"{mode}: {exc}")
        except Exception as exc:
            problems.append(f"{mode}: {type(exc).__name__}: {str(exc).splitlines()[0]}")
    assert not problems, "\n".join(problems)


def test_lobby_fits(base: str, new_context: Any) -> None:
    page = new_context(viewport={"width": 360, "height": 740}, bypass_csp=True).new_page()
    enter_lobby(page, base, "Oanh")
    for text in ("normal", "big"):
        if text == "big":
            page.add_style_tag(content=BIG_TEXT)
        for w, h in VIEWPORTS:
            page.set_viewport_size({"width": w, "height": h})
            page.wait_for_timeout(100)
            sw, iw = no_horizontal_overflow(page)
            assert sw <= iw, f"lobby {w}x{h} {text} text: {sw}px wide in a {iw}px viewport"
            for name in ("game-select", "quick-play", "create-room", "join-code", "lang-toggle"):
                el = page.locator(tid(name))
                el.scroll_into_view_if_needed()
                assert el.is_visible(), f"lobby {w}x{h} {text} text: {name} is not visible"
                el.click(trial=True)
