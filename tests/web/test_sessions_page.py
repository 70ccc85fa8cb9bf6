"""The page and its session (issue 26): no token in any URL it asks for, guests' names marked
as guests, and signing out ends the session on the server."""

from __future__ import annotations

from typing import Any

import httpx

from tests.web.helpers import Api, enter_lobby, open_room, tid

BOTS = {1: "heuristic", 2: "heuristic", 3: "heuristic"}


def test_the_page_keeps_tokens_out_of_urls_marks_guests_and_signs_out(base: str, page: Any) -> None:
    urls: list[str] = []
    page.on("request", lambda r: urls.append(r.url))
    page.on("websocket", lambda ws: urls.append(ws.url))
    token = enter_lobby(page, base, "Bé Na")
    api = Api(base, token)
    room = api.create_room("chan", bots=BOTS)
    open_room(page, base, room["id"])
    seats = page.locator(".seat-list")
    seats.wait_for(state="visible", timeout=20_000)
    assert "Bé Na (khách)" in seats.inner_text()  # a guest is shown as one
    assert any("/ws/rooms/" in u for u in urls)
    stored = page.evaluate("() => localStorage.getItem('chieu.token')")
    for url in urls:
        assert token not in url and stored not in url and "token=" not in url, url
    # signing out revokes the session: every token of it is refused from then on
    page.once("dialog", lambda d: d.accept())
    page.locator(tid("sign-out")).click()
    page.locator(tid("guest-name")).wait_for(state="visible", timeout=20_000)
    for old in (token, stored):
        r = httpx.get(f"{base}/api/me", headers={"Authorization": f"Bearer {old}"})
        assert r.status_code == 401
    assert page.evaluate("() => localStorage.getItem('chieu.token')") is None
