"""A reload in the middle of a game brings the player back to his seat and his hand."""

from __future__ import annotations

from collections import Counter
from typing import Any

from tests.web.helpers import (
    Api,
    Player,
    ServeProcess,
    action_controls,
    enter_lobby,
    hand_cards,
    open_room,
    reach_turn,
    tid,
    timer,
)


def test_reload_restores_seat_and_hand(base: str, page: Any) -> None:
    token = enter_lobby(page, base, "Hạnh")
    api = Api(base, token)
    me = api.me()
    room = api.create_room("chan", bots={1: "heuristic", 2: "heuristic", 3: "heuristic"})
    rid = room["id"]
    open_room(page, base, rid)
    api.start(rid)

    # a few moves in, at one of the player's own decisions (nothing moves until he answers)
    player = Player(page, seed=7)
    reach_turn(page)
    for _ in range(3):
        reach_turn(page)
        player.step()
    reach_turn(page)
    page.wait_for_timeout(300)  # let every view of the last move arrive
    hand = hand_cards(page)
    offered = sorted(c["id"] for c in action_controls(page))
    assert hand, "no card in the hand"
    version = api.room(rid)["version"]

    page.reload()
    page.locator(tid("table")).wait_for(state="visible")
    reach_turn(page)
    page.locator(f"{tid('hand')} [data-card]").first.wait_for(state="visible")
    page.wait_for_timeout(300)
    assert Counter(hand_cards(page)) == Counter(hand), "the hand changed across the reload"
    assert sorted(c["id"] for c in action_controls(page)) == offered
    room = api.wait_room(rid, lambda r: r["seats"][0]["connected"])
    assert room["seats"][0]["player"]["id"] == me["id"]
    assert room["version"] == version, "the game moved while the player was reloading"
    assert not page.locator(tid("reconnect-banner")).is_visible()
    # and the seat still plays
    assert player.step()
    api.wait_room(rid, lambda r: r["version"] > version)


def test_server_restart_shows_the_banner_and_comes_back(
    new_context: Any, tmp_path_factory: Any
) -> None:
    """The server dies mid-game: the table says it is reconnecting; the server comes back on
    the same database and port: the banner goes, the same hand and offer are back."""
    srv = ServeProcess(tmp_path_factory.mktemp("restart")).start()
    try:
        page = new_context().new_page()
        token = enter_lobby(page, srv.base, "Quang")
        api = Api(srv.base, token)
        room = api.create_room("phom", bots={1: "heuristic", 2: "heuristic", 3: "heuristic"})
        rid = room["id"]
        open_room(page, srv.base, rid)
        api.start(rid)
        player = Player(page, seed=11)
        for _ in range(2):
            reach_turn(page)
            player.step()
        reach_turn(page)
        page.wait_for_timeout(300)
        hand = hand_cards(page)
        offered = sorted(c["id"] for c in action_controls(page))

        assert srv.proc is not None
        srv.proc.kill()
        srv.proc.wait(10)
        page.locator(tid("reconnect-banner")).wait_for(state="visible", timeout=10_000)
        with timer("restart"):
            srv.start()
        with timer("reconnect"):
            page.locator(tid("reconnect-banner")).wait_for(state="hidden", timeout=25_000)
        reach_turn(page)
        page.wait_for_timeout(300)
        assert Counter(hand_cards(page)) == Counter(hand)
        assert sorted(c["id"] for c in action_controls(page)) == offered
        version = api.room(rid)["version"]
        assert player.step()
        api.wait_room(rid, lambda r: r["version"] > version)
    finally:
        srv.stop()
