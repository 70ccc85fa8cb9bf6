"""Mạt chược for five at phone size (seed 002): the host chooses five people in the lobby's
form; the room shows everyone who sits out (the bench) and when they come in; the person on
the bench sees it is them, watches the deal without any hand, and has nothing to tap."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from tests.web.helpers import Api, enter_lobby, open_room, tid

PHONE = {"width": 390, "height": 844}


def _phone(new_context: Any) -> Any:
    return new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()


def test_a_room_of_five_shows_its_bench(base: str, new_context: Any, artefacts: Path) -> None:
    host = _phone(new_context)
    enter_lobby(host, base, "Bà Nội")
    host.locator("details summary").first.click()
    host.select_option(tid("game-select"), "matchuoc")
    host.select_option("#opt-players", "5")  # the game's own choices: four, five or six
    host.locator(tid("create-room")).click()
    host.wait_for_url(re.compile(r"#/room/\d+"))
    rid = int(host.url.rsplit("/", 1)[1])
    guest = _phone(new_context)
    api = Api(base, enter_lobby(guest, base, "Cháu Tư"))
    api.join(rid, seat=4)  # the fifth person: the Trung, who sits out the East round
    room = api.room(rid)
    assert room["players"] == 5 and len(room["seats"]) == 5
    open_room(guest, base, rid)
    # waiting: everyone sees who will sit out the first deal, and when they come in
    bench = host.locator(tid("bench"))
    bench.wait_for(state="visible")
    assert "Cháu Tư" in bench.inner_text() and "vòng gió Đông" in bench.inner_text()
    host.locator(tid("start")).click()
    host.locator(tid("hand")).locator("[data-card]").first.wait_for(state="visible")
    # playing: the host's page names the person on the bench, deal 1
    text = host.locator(tid("bench")).inner_text()
    assert "Ngồi ngoài ván 1" in text and "Cháu Tư" in text and "vào bàn sau vòng gió Đông" in text
    assert host.locator(tid("bench")).get_attribute("data-seats") == "4"
    # the benched person: "Bạn", what it means; a spectator's table (no hand, nothing to tap)
    mine = guest.locator(tid("bench"))
    guest.locator(tid("bench-you")).wait_for(state="visible")
    assert "Bạn" in mine.inner_text()
    assert "ngồi ngoài" in guest.locator(tid("bench-you")).inner_text()
    guest.locator(".seat").first.wait_for(state="visible")
    assert guest.locator(f"{tid('hand')} [data-card]").count() == 0
    assert guest.locator(".actions button[data-action-id]").count() == 0
    assert "Bạn đang xem" in guest.locator("body").inner_text()
    # the hội's points: the person sitting out keeps a line of their own
    out = host.locator(".score-table tr.out")
    assert out.count() == 1 and "Cháu Tư" in out.inner_text()
    for who, page in (("host", host), ("bench", guest)):
        assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
        page.screenshot(path=str(artefacts / f"bench-five-{who}-{os.getpid()}.png"))
