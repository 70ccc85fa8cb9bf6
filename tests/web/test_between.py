"""Issue 30 in the browser, at phone size (390x844), with two or three people: between two
games the result stays and everyone sees who is ready; the host role passes to the one who
stays when the host leaves, and she then sees the host's words; a refusal shows in the page."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.server.helpers import Watcher
from tests.web.helpers import Api, enter_lobby, open_room, room_status, tid

PHONE = {"width": 390, "height": 844}
#: the persons' seats are played by bots while they are not there (grace 0): the first game
#: plays itself out at once; the pause is long, so only the ready step deals the next one
ALONE: dict[str, float | None] = {
    "bot_delay": 0,
    "pause": 600,
    "turn": None,
    "claim": None,
    "grace": 0,
    "window": 0,
}


def _person(new_context: Any, base: str, name: str) -> tuple[Any, Api]:
    page = new_context(viewport=PHONE, has_touch=True).new_page()
    return page, Api(base, enter_lobby(page, base, name))


def _shot(page: Any, artefacts: Path, name: str) -> None:
    """A phone screenshot to look at (the run's artefacts folder)."""
    page.screenshot(path=str(artefacts / f"issue30-{name}.png"))


def _ready_of(page: Any) -> dict[str, str]:
    items = page.locator(f"{tid('ready-list')} li")
    return {
        str(items.nth(i).get_attribute("data-seat")): str(items.nth(i).get_attribute("data-ready"))
        for i in range(items.count())
    }


def _wait_status(page: Any, status: str) -> None:
    page.wait_for_function(
        """(s) => { const el = document.querySelector('[data-testid="status"]');
                   return el && el.dataset.status === s; }""",
        arg=status,
        timeout=30_000,
    )


def test_both_see_the_result_and_who_is_ready_then_the_next_deal(
    base: str, new_context: Any, artefacts: Path
) -> None:
    page_a, api_a = _person(new_context, base, "Bà Tư")
    page_b, api_b = _person(new_context, base, "Ông Ba")
    rid = int(api_a.create_room("phom", bots={2: "random", 3: "random"}, clock=ALONE)["id"])
    api_b.join(rid, 1)
    with Watcher(base, rid):  # the bots play the first game for them, watched
        api_a.start(rid)
        api_a.wait_room(rid, lambda r: r["status"] == "between")
        for page in (page_a, page_b):
            open_room(page, base, rid)
            page.locator(tid("ready")).wait_for(state="visible")
    for page in (page_a, page_b):  # the result stays; each sees both persons, neither ready
        assert room_status(page) == "between"
        assert page.locator(tid("outcome")).is_visible()
        assert _ready_of(page) == {"0": "false", "1": "false"}
        assert page.locator(tid("ready")).inner_text().startswith("Sẵn sàng")
        assert "Ván sau bắt đầu sau" in page.locator(tid("next-countdown")).inner_text()
        assert "giây" in page.locator(tid("next-countdown")).inner_text()
    names = page_b.locator(tid("ready-list")).inner_text()
    assert "Bà Tư" in names and "Bạn" in names and "đang xem kết quả" in names
    _shot(page_b, artefacts, "between-none-ready")

    page_a.locator(tid("ready")).click()  # once: the button says it is done
    ready_a = page_a.locator(tid("ready"))
    page_a.wait_for_function(
        """() => document.querySelector('[data-testid="ready"]').dataset.done === 'true'"""
    )
    assert ready_a.is_disabled() and "Đã sẵn sàng" in ready_a.inner_text()
    page_b.wait_for_function(
        """() => document.querySelector('[data-testid="ready-list"] li[data-seat="0"]')
                 ?.dataset.ready === 'true'"""
    )
    assert "đã sẵn sàng" in page_b.locator(f"{tid('ready-list')} li[data-seat='0']").inner_text()
    assert room_status(page_b) == "between"  # one of two: no deal yet
    _shot(page_b, artefacts, "between-one-ready")
    # a reload keeps it
    page_a.reload()
    page_a.locator(tid("ready")).wait_for(state="visible")
    page_a.wait_for_function(
        """() => document.querySelector('[data-testid="ready"]').dataset.done === 'true'"""
    )
    _shot(page_a, artefacts, "between-ready-after-reload")
    assert api_a.room(rid)["game_number"] == 1

    page_b.locator(tid("ready")).click()  # everyone: the next game is dealt at once
    for page in (page_a, page_b):
        _wait_status(page, "playing")
        page.locator(tid("outcome")).wait_for(state="hidden")
        assert not page.locator(tid("ready")).count()
    assert api_b.room(rid)["game_number"] == 2


def test_the_host_leaves_and_the_other_becomes_host(
    base: str, new_context: Any, artefacts: Path
) -> None:
    page_a, api_a = _person(new_context, base, "Chị Hai")
    page_b, api_b = _person(new_context, base, "Anh Tư")
    rid = int(api_a.create_room("chan", bots={2: "random"})["id"])
    api_b.join(rid, 1)
    for page in (page_a, page_b):
        open_room(page, base, rid)
        page.locator(tid("waiting-room")).wait_for(state="visible")
    # the host sees the host's words, never the guests'; the guest waits for her
    host_room = page_a.locator(tid("waiting-room"))
    assert host_room.get_attribute("data-host") == "true"
    assert "Bạn là chủ bàn" in host_room.inner_text()
    assert "Đang chờ chủ bàn" not in host_room.inner_text()
    page_a.wait_for_function(
        """() => !document.querySelector('[data-testid="missing"]').textContent
                 .includes('Anh Tư')"""
    )  # the other is here: only the empty seat is missing
    missing = page_a.locator(tid("missing")).inner_text()
    assert "Còn thiếu" in missing and "Chỗ 4" in missing
    assert page_a.locator(tid("start")).is_visible()
    _shot(page_a, artefacts, "host-waiting")
    guest_room = page_b.locator(tid("waiting-room"))
    assert "Đang chờ chủ bàn bắt đầu" in guest_room.inner_text()
    assert "Chị Hai" in guest_room.inner_text() and not page_b.locator(tid("start")).count()

    page_a.locator(tid("leave")).click()  # Rời bàn (the confirm is accepted)
    page_a.wait_for_function("() => !location.hash.startsWith('#/room/')")
    notice = page_b.locator(tid("host-notice"))
    notice.wait_for(state="visible")
    said = notice.inner_text()
    assert "Bạn bây giờ là chủ bàn" in said and "Chị Hai (khách) đã rời bàn" in said
    page_b.wait_for_function(
        """() => document.querySelector('[data-testid="waiting-room"]').dataset.host === 'true'"""
    )
    assert "Bạn là chủ bàn" in page_b.locator(tid("waiting-room")).inner_text()
    assert "Đang chờ chủ bàn" not in page_b.locator(tid("waiting-room")).inner_text()
    _shot(page_b, artefacts, "new-host")
    page_b.locator(tid("start")).click()
    _wait_status(page_b, "playing")
    # the host who left can no longer start it
    me = api_b.me()["id"]
    assert api_a.room(rid)["host"] == me
    api_a.call("POST", f"/api/rooms/{rid}/start", ok=(403,))


def test_a_refusal_shows_in_the_page(base: str, new_context: Any, artefacts: Path) -> None:
    _, api_a = _person(new_context, base, "Cô Năm")
    page_b, _ = _person(new_context, base, "Chú Sáu")
    page_c, _ = _person(new_context, base, "Bé Bảy")
    # the last person's pushes are held back (a slow network): her page still offers the seat
    held = {"on": False}

    def slow(ws: Any) -> None:
        server = ws.connect_to_server()
        server.on_message(lambda m: None if held["on"] else ws.send(m))

    page_c.route_web_socket(re.compile(r"/ws/rooms/"), slow)
    rid = int(api_a.create_room("chan", bots={1: "random", 2: "random"})["id"])
    for page in (page_b, page_c):  # one free seat, two who want it
        open_room(page, base, rid)
        page.locator(tid("join")).wait_for(state="visible")
    held["on"] = True
    page_b.locator(tid("join")).click()
    page_b.locator(tid("join")).wait_for(state="detached")
    page_c.locator(tid("join")).click()
    refusal = page_c.locator(tid("refusal"))
    refusal.wait_for(state="visible")
    text = refusal.inner_text()
    assert "Bàn đã đủ người" in text and "Bạn vẫn xem được bàn này" in text
    page_c.wait_for_timeout(4500)  # not a toast: it stays
    assert refusal.is_visible()
    _shot(page_c, artefacts, "refusal")
    page_c.locator(f"{tid('refusal')} button").click()
    refusal.wait_for(state="hidden")
    # the room full, nobody else is offered the seat
    assert not page_b.locator(tid("join")).count()


def test_the_host_sets_the_pause_in_the_room_form(base: str, new_context: Any) -> None:
    page, api = _person(new_context, base, "Dì Tám")
    field = page.locator(tid("pause"))
    assert field.input_value() == "60"  # a minute to read the result, by default
    label = page.locator("label[for=pause]").inner_text()
    assert label == "Nghỉ giữa hai ván (giây)"
    assert "Sẵn sàng" in page.locator(tid("pause-help")).inner_text()
    field.fill("5000")  # bounded: at most ten minutes
    page.locator(tid("create-room")).click()
    page.wait_for_function("() => location.hash.startsWith('#/room/')")
    rid = int(page.evaluate("() => location.hash.split('/')[2]"))
    assert api.room(rid)["clock"]["pause"] == 600
