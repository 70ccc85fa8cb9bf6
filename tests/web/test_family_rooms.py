"""Issue 30 in Chromium, phone-sized (390x844), with two or three browser contexts: a person
without storage joins a started room by its code and is offered to watch; the host gives him a
seat by a seat link (its QR code shown) and he plays; the home page lists each context's
tables; an account logged in on another context finds its seat there."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx

from tests.web.helpers import ACTION, Api, enter_lobby, open_room, page_token, tid

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True}
#: people wait for each other (no timeouts, a long grace), bots play at once
CLOCK = {"bot_delay": 0.05, "pause": 600, "turn": None, "claim": None, "grace": 600, "window": 0}
BOTS = {1: "heuristic", 2: "heuristic", 3: "heuristic"}


def _turn_while_host_plays(page: Any, host_page: Any) -> None:
    """Wait for ``page``'s decision, the host playing his own turns meanwhile."""
    deadline = time.monotonic() + 120
    while page.locator(ACTION).count() == 0:
        assert time.monotonic() < deadline, "the seated watcher never had a decision"
        if page.locator(tid("next-game")).count():
            page.locator(tid("next-game")).click()
        buttons = host_page.locator(ACTION)
        if buttons.count():
            buttons.first.click()
        page.wait_for_timeout(150)


def _shot(page: Any, artefacts: Path, name: str) -> None:
    page.screenshot(path=str(artefacts / f"family-{name}.png"), full_page=True)


def test_watch_by_code_then_a_seat_link_then_play(
    base: str, new_context: Any, artefacts: Path
) -> None:
    host_page = new_context(**PHONE).new_page()
    host = Api(base, enter_lobby(host_page, base, "Bà Tư"))
    room = host.create_room("phom", bots=BOTS, clock=CLOCK, private=True)
    rid, code = room["id"], room["code"]
    open_room(host_page, base, rid)
    host.start(rid)
    host_page.wait_for_function(
        "() => document.querySelector('[data-testid=status]').dataset.status === 'playing'"
    )

    # a second phone, no storage: the code of a started room offers to watch
    late_page = new_context(**PHONE).new_page()
    late = Api(base, enter_lobby(late_page, base, "Cháu Hai"))
    late_page.locator(tid("join-code")).fill(code.lower())
    late_page.locator(tid("join-button")).click()
    refusal = late_page.locator(tid("join-refusal"))
    refusal.wait_for(state="visible")
    assert "Hội đã bắt đầu" in refusal.inner_text() and "chủ bàn" in refusal.inner_text()
    _shot(late_page, artefacts, "watch-offer")
    late_page.locator(tid("watch")).click()
    late_page.wait_for_function(f"() => location.hash === '#/room/{rid}'")
    late_page.locator(tid("spectator")).wait_for(state="visible")
    assert (
        late_page.locator(".hand .card").count() == 0 or late_page.locator(".seat.me").count() == 0
    )  # a spectator sees nobody's hand as his own
    assert late.me()["id"] not in [
        s["player"]["id"] for s in host.room(rid)["seats"] if s["player"]
    ]

    # the home page lists the table for both
    late_page.goto(base + "/#/")
    mine = late_page.locator(tid("my-rooms"))
    mine.wait_for(state="visible")
    assert "đang xem" in mine.inner_text()
    _shot(late_page, artefacts, "my-rooms-watching")

    # the host sees him watching, and makes a seat link for the bot's seat 3 (its QR code)
    host_page.locator(tid("host-seats-toggle")).click()
    host_page.locator(tid("watcher")).first.wait_for(state="visible")
    assert "Cháu Hai" in host_page.locator(tid("watcher")).first.inner_text()
    host_page.locator(f"{tid('seat-link-button')}[data-seat='2']").click()
    link = host_page.locator(tid("seat-link"))
    link.wait_for(state="visible")
    qr = host_page.locator(tid("seat-link-qr"))
    assert qr.evaluate("(img) => img.complete && img.naturalWidth > 50")
    url = host_page.locator(tid("seat-link-url")).input_value()
    assert "/#/seat/" in url
    link.scroll_into_view_if_needed()
    _shot(host_page, artefacts, "seat-link")

    # he opens it (scanned on his phone): seated in seat 3, he plays his turn
    late_page.goto(url)
    late_page.wait_for_function(f"() => location.hash === '#/room/{rid}'")
    host.wait_room(rid, lambda r: (r["seats"][2]["player"] or {}).get("name") == "Cháu Hai")
    late_page.locator(tid("spectator")).wait_for(state="hidden")
    _turn_while_host_plays(late_page, host_page)
    late_page.locator(ACTION).first.click()
    _shot(late_page, artefacts, "seated-playing")
    # the link is spent: opened again, it says so in the page, with what to do
    other = new_context(**PHONE).new_page()
    enter_lobby(other, base, "Người khác")
    other.goto(url)
    refused = other.locator(tid("seat-link-refused"))
    refused.wait_for(state="visible")
    assert "đã được dùng" in refused.inner_text() and "chủ bàn" in refused.inner_text()
    _shot(other, artefacts, "seat-link-used")

    # each home page lists its tables: the host's, and his (now seated)
    for page, seat_words in ((host_page, "Về chỗ ngồi"), (late_page, "Về chỗ ngồi")):
        page.goto(base + "/#/")
        listed = page.locator(f"{tid('my-rooms')} .my-room[data-room='{rid}']")
        listed.wait_for(state="visible")
        text = listed.inner_text()
        assert "đang chơi ván 1" in text and seat_words in text
    assert "Đến lượt" in late_page.locator(tid("my-rooms")).inner_text()
    _shot(host_page, artefacts, "my-rooms-host")
    late_page.locator(
        f"{tid('my-rooms')} .my-room[data-room='{rid}'] {tid('my-room-open')}"
    ).click()
    late_page.wait_for_function(f"() => location.hash === '#/room/{rid}'")
    late_page.locator(tid("table")).wait_for(state="visible")
    assert late_page.locator(tid("spectator")).count() == 0


def test_an_account_finds_its_seat_on_another_browser(
    base: str, new_context: Any, artefacts: Path
) -> None:
    password = "cá-vàng-bơi-ao-sen-hồ"
    made = httpx.post(f"{base}/api/accounts", json={"name": "Ông Sáu", "password": password})
    assert made.status_code == 200, made.text
    first = Api(base, made.json()["token"])
    rid = first.create_room("phom", bots=BOTS, clock=CLOCK, private=True)["id"]
    first.start(rid)
    # another phone: logged in there (a new session of the same account)
    login = httpx.post(f"{base}/api/login", json={"name": "Ông Sáu", "password": password})
    token = login.json()["token"]
    page = new_context(**PHONE).new_page()
    page.goto(base + "/#/rules/phom")
    page.evaluate("(t) => localStorage.setItem('chieu.token', t)", token)
    page.goto(base + "/#/")
    listed = page.locator(f"{tid('my-rooms')} .my-room[data-room='{rid}']")
    listed.wait_for(state="visible")
    assert "Về chỗ ngồi" in listed.inner_text()
    _shot(page, artefacts, "account-my-rooms")
    listed.locator(tid("my-room-open")).click()
    page.wait_for_function(f"() => location.hash === '#/room/{rid}'")
    page.locator(tid("leave")).wait_for(state="visible")  # seated: he may leave his seat
    assert page.locator(tid("spectator")).count() == 0


def test_a_guest_whose_phone_lost_its_storage_gets_the_seat_back(
    base: str, new_context: Any, artefacts: Path
) -> None:
    host = Api.guest(base, "Mẹ")
    room = host.create_room("phom", bots={2: "heuristic", 3: "heuristic"}, clock=CLOCK)
    gran = Api.guest(base, "Bà Ngoại")
    gran.call("POST", "/api/rooms/join", {"code": room["code"]})
    host.start(room["id"])
    # her phone's storage is gone: the host's link, opened on it, makes it her again
    link = host.call("POST", f"/api/rooms/{room['id']}/seats/1/link")["link"]
    page = new_context(**PHONE).new_page()
    page.goto(link["url"].replace(link["url"].split("/#/")[0], base))
    page.wait_for_function(f"() => location.hash === '#/room/{room['id']}'")
    page.locator(tid("leave")).wait_for(state="visible")
    assert Api(base, page_token(page, base)).me()["name"] == "Bà Ngoại"  # this phone is her
    _shot(page, artefacts, "granny-back")
