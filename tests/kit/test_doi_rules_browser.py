"""The toy Đôi's rules page in Chromium at phone size (the checks every game's page passes:
tests/web/rules_checks.py), in both languages, and the links to it from the lobby's game menu
and from the table's header."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.helpers import CHROMIUM, CHROMIUM_ARGS, enter_lobby, tid
from tests.web.rules_checks import PHONE, TABLES, check_rules_page


@pytest.fixture
def phone() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip(f"Chromium is missing ({CHROMIUM}): run `make system`")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(
                viewport=PHONE, is_mobile=True, has_touch=True, locale="vi-VN"
            )
            context.set_default_timeout(15_000)
            yield context.new_page()
        finally:
            browser.close()


def test_the_toys_rules_page(served: Any, phone: Any) -> None:
    base = served.base
    book = check_rules_page(phone, base, "doi")
    assert book["title"] == "Đôi"
    text = phone.locator("main").inner_text()
    assert "Luật chơi Đôi" in text and "bảy đỏ" in text and "+1 điểm" in text
    # a room's options change the numbers shown
    phone.goto(f'{base}/#/rules/doi?rules={{"pair_points":4}}#scoring')
    phone.locator('#scoring [data-row="pair_points"]').wait_for(state="visible")
    assert "+4 điểm" in phone.locator('#scoring [data-row="pair_points"]').inner_text()
    # text at 200%: a table wider than the phone scrolls, and says so
    phone.evaluate("() => { document.documentElement.style.fontSize = '200%'; }")
    phone.wait_for_function(f"() => ({TABLES})().some((t) => t.wide && t.hint)")
    assert all(t["hint"] == t["wide"] for t in phone.evaluate(TABLES))
    assert phone.evaluate("() => document.documentElement.scrollWidth - innerWidth") <= 1
    # English: the same page in other words
    phone.locator(tid("lang-toggle")).click()
    phone.locator("text=Rules of Pairs").wait_for(state="visible")
    text = phone.locator("main").inner_text()
    assert "red seven" in text and "Glossary" in text and "Bộ bài" not in text


def test_the_lobby_and_the_table_link_to_the_rules(served: Any, phone: Any) -> None:
    base = served.base
    enter_lobby(phone, base, "Đào")
    phone.locator(tid("game-select")).select_option("doi")
    link = phone.locator(f".quick {tid('rules-link')}")
    assert link.get_attribute("href") == "#/rules/doi"
    assert link.inner_text().strip() == "Luật chơi"
    phone.locator(tid("quick-play")).click()
    phone.locator(tid("table")).wait_for(state="visible")
    header = phone.locator(f"{tid('table')} {tid('rules-link')}")
    header.wait_for(state="visible")
    href = header.get_attribute("href") or ""
    assert href.startswith("#/rules/doi?rules=") and header.inner_text().strip() == "Luật chơi"
    phone.goto(base + "/" + href)
    phone.locator('[data-testid="rules-page"]').wait_for(state="visible")
    assert "Theo luật của bàn này." in phone.locator("main").inner_text()
