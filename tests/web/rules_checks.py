"""What a rules page (``#/rules/{game}``) must show, checked in a Chromium page at phone size
(tests/web/test_rules_page.py for every game with a rulebook, tests/kit for the toy)."""

from __future__ import annotations

from typing import Any

import httpx

PHONE = {"width": 390, "height": 844}
#: raw ids that must never show in Vietnamese mode (issue 28)
RAW_IDS = ("fault_mode", "san_dinh", "payoffs", "heuristic")

FIGURES = """() => [...document.querySelectorAll('.named-card')].map((f) => {
  const cap = f.querySelector('figcaption');
  const r = cap ? cap.getBoundingClientRect() : {width: 0, height: 0};
  return {code: f.dataset.card, name: cap ? cap.innerText.trim() : '',
          seen: !!cap && r.width > 0 && r.height > 0
                && getComputedStyle(cap).visibility !== 'hidden',
          picture: !!f.querySelector('.card svg, .card img')};
})"""

TABLES = """() => [...document.querySelectorAll('.table-scroll')].map((box) => {
  const hint = box.previousElementSibling;
  return {wide: box.scrollWidth > box.clientWidth + 1,
          hint: !!hint && hint.matches('.scroll-hint') && !hint.hidden && hint.offsetHeight > 0};
})"""

IN_VIEW = """(sel) => { const el = document.querySelector(sel); if (!el) return false;
  const r = el.getBoundingClientRect(); return r.top >= -2 && r.top < innerHeight; }"""


def check_rules_page(page: Any, base: str, game: str) -> dict[str, Any]:
    """Open ``#/rules/{game}`` in Vietnamese and check it; the API's rulebook, returned."""
    book = httpx.get(f"{base}/api/rules/{game}").json()
    entries = httpx.get(f"{base}/api/glossary/{game}").json().get("entries", [])
    page.goto(f"{base}/#/rules/{game}")
    page.locator('[data-testid="rules-page"]').wait_for(state="visible")
    shown = page.locator(".rules-section[data-section]").evaluate_all(
        "els => els.map(e => e.dataset.section)"
    )
    assert shown == [s["id"] for s in book["sections"]] + ["glossary"], shown
    for s in book["sections"]:
        assert page.locator(f'[id="{s["id"]}"] h2').inner_text().strip().endswith(s["title"])
    figures = page.evaluate(FIGURES)
    examples = [c for s in book["sections"] for e in s["examples"] for c in e["cards"]]
    assert len(figures) >= len(examples) > 0, "the rules show no example cards"
    for f in figures:
        assert f["picture"], f"card {f['code']} is not drawn"
        assert f["seen"] and f["name"] and f["name"] != f["code"], f"card {f['code']}: {f}"
    for f in figures[: len(examples)]:
        assert f["name"] == book["names"][f["code"]], f
    for table in page.evaluate(TABLES):
        assert table["hint"] == table["wide"], table
    terms = page.locator("#glossary .term")
    assert terms.count() == len(entries)
    ids = terms.evaluate_all("els => els.map(e => e.id)")
    assert all(ids) and len(set(ids)) == len(ids)
    text = page.locator("main").inner_text()
    for raw in RAW_IDS:
        assert raw not in text, f"{raw!r} shows in Vietnamese mode"
    for s in book["sections"]:
        for r in s["rows"]:
            if "_" in r["id"]:
                assert r["id"] not in text, f"the id {r['id']!r} shows in Vietnamese mode"
    width = page.evaluate("() => document.documentElement.scrollWidth - innerWidth")
    assert width <= 1, f"the page is {width}px wider than the phone"
    # the glossary's anchor and a term's own anchor scroll to them
    page.goto(f"{base}/#/rules/{game}#glossary")
    page.wait_for_function(IN_VIEW, arg="#glossary")
    if ids:
        last = ids[-1]
        page.goto(f"{base}/#/rules/{game}#{last}")
        page.wait_for_function(IN_VIEW, arg=f'[id="{last}"]')
    return dict(book)
