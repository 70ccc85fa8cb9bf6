"""Quick play of the toy Đôi in the browser (headless Chromium): the lobby offers it, one
click starts a game against the toy's bot, and clicking the table's actions plays it to its
end. The page holds no rules and no game's name: it renders the View the server pushes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.helpers import (
    CHROMIUM,
    CHROMIUM_ARGS,
    Api,
    Player,
    enter_lobby,
    play_until_outcome,
    tid,
)


@pytest.fixture
def page() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip(f"Chromium is missing ({CHROMIUM}): run `make system`")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="vi-VN")
            context.set_default_timeout(15_000)
            context.on("dialog", lambda d: d.accept())
            yield context.new_page()
        finally:
            browser.close()


def test_quick_play_of_the_toy_in_the_browser(served: Any, page: Any) -> None:
    base = served.base
    token = enter_lobby(page, base, "Đào")
    options = page.locator(f"{tid('game-select')} option").evaluate_all(
        "els => els.map(e => e.value)"
    )
    assert "doi" in options, options
    page.locator(tid("game-select")).select_option("doi")
    page.locator(tid("quick-play")).click()
    page.locator(tid("table")).wait_for(state="visible")
    page.wait_for_function("() => location.hash.startsWith('#/room/')", timeout=10_000)
    rid = int(page.evaluate("() => location.hash.split('/')[2]"))
    api = Api(base, token)
    assert api.room(rid)["game"] == "doi"
    page.locator(f"{tid('hand')} [data-card]").first.wait_for(state="visible")
    player = Player(page, 1)
    play_until_outcome([player], timeout=90, describe=lambda: str(api.room(rid))[:800])
    assert player.clicks > 0
    assert api.room(rid)["status"] in ("between", "finished")
