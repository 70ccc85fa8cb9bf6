"""Issue 26 in the browser: the lobby lists the open rooms a page at a time ("Xem thêm"), and a
private room is joined by its code, which the table page keeps for joining again."""

from __future__ import annotations

from typing import Any

from tests.web.helpers import Api, enter_lobby, tid

ITEMS = ".room-list li"


def test_the_lobby_pages_the_rooms_and_joins_a_private_room_by_code(
    base: str, new_context: Any
) -> None:
    hosts = [Api.guest(base, f"Chủ {n}") for n in range(3)]
    made = [(hosts[n % 3], hosts[n % 3].create_room("chan")["id"]) for n in range(24)]
    owner = Api.guest(base, "Chủ bàn riêng")
    secret = owner.create_room("chan", private=True)
    page = new_context().new_page()
    try:
        token = enter_lobby(page, base, "Khách")
        page.locator(ITEMS).first.wait_for(state="visible", timeout=10_000)
        assert page.locator(ITEMS).count() == 20  # one page
        page.locator(tid("rooms-more")).click()
        page.wait_for_function(
            f"() => document.querySelectorAll('{ITEMS}').length > 20", timeout=10_000
        )
        assert secret["code"] not in page.locator(".rooms").inner_text()  # never listed
        # a private room by its code (typed in small letters): seated, the code shown
        page.locator(tid("join-code")).fill(secret["code"].lower())
        page.locator(tid("join-button")).click()
        page.wait_for_function(
            f"() => location.hash.startsWith('#/room/{secret['id']}')", timeout=10_000
        )
        page.locator(tid("room-code")).wait_for(state="visible", timeout=10_000)
        assert secret["code"] in page.locator(tid("room-code")).inner_text()
        assert owner.room(secret["id"])["seats"][1]["player"]["name"] == "Khách"
        # he stands up; the table's Join seats him again with the code he gave
        Api(base, token).call("POST", f"/api/rooms/{secret['id']}/leave")
        again = page.locator(".panel.wait button.primary")
        again.first.wait_for(state="visible", timeout=10_000)
        again.first.click()
        owner.wait_room(secret["id"], lambda r: r["seats"][1]["player"] is not None)
    finally:
        for api, rid in made:  # the shared server's lobby as it was
            api.call("POST", f"/api/rooms/{rid}/leave")
