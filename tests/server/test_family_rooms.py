"""Issue 30: a person's tables (``GET /api/me/rooms``), a history that keeps the rooms he
left, watching a started room by its code, the host seating a watcher, and seat links."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import sqlalchemy as sa

from chieu.server import models as m
from tests.server.helpers import (
    FAST_CLOCK,
    ThreadServer,
    auth,
    guest,
    make_room,
    played_alone,
    until,
    ws_connect,
    ws_url,
)

ALONE = {"bot_delay": 0, "pause": 600, "turn": None, "claim": None, "grace": 0, "window": 0}


def _error(r: httpx.Response) -> str:
    return str(r.json()["error"]["code"])


def _me(b: str, token: str) -> int:
    return int(httpx.get(f"{b}/api/me", headers=auth(token)).json()["player"]["id"])


def _mine(b: str, token: str) -> list[dict[str, Any]]:
    r = httpx.get(f"{b}/api/me/rooms", headers=auth(token))
    assert r.status_code == 200, r.text
    rooms: list[dict[str, Any]] = r.json()["rooms"]
    return rooms


def _started(b: str, host: str, private: bool = True) -> dict[str, Any]:
    """A Chắn room of its host and three bots, started (nobody at the table: it stands)."""
    bots = {"1": "random", "2": "random", "3": "random"}
    room = make_room(
        b, host, {"game": "chan", "private": private, "bots": bots, "clock": FAST_CLOCK}
    )
    httpx.post(f"{b}/api/rooms/{room['id']}/start", headers=auth(host)).raise_for_status()
    return room


def test_my_rooms_lists_seats_with_state_and_turn(server: ThreadServer) -> None:
    b = server.base
    host, friend = guest(b, "Bà Tư"), guest(b, "Cháu")
    room = make_room(b, host, {"game": "chan", "private": True, "clock": FAST_CLOCK})
    rid, code = room["id"], room["code"]
    httpx.post(f"{b}/api/rooms/join", json={"code": code}, headers=auth(friend)).raise_for_status()
    [mine] = _mine(b, friend)
    assert mine["id"] == rid and mine["status"] == "waiting" and mine["seat"] == 1
    assert mine["code"] == code and mine["title"] and not mine["host"] and mine["turn"] == []
    assert _mine(b, host)[0]["host"] is True
    httpx.post(f"{b}/api/rooms/{rid}/start", headers=auth(host)).raise_for_status()
    [mine] = _mine(b, friend)
    assert mine["status"] == "playing" and mine["game_number"] == 1
    assert mine["turn"], mine  # someone's decision: named (a person) or a bot's
    for t in mine["turn"]:
        assert t["player"] is not None or t["bot"]
    # leaving: no longer one of his tables, but still in his history
    httpx.post(f"{b}/api/rooms/{rid}/leave", headers=auth(friend)).raise_for_status()
    assert _mine(b, friend) == []
    history = httpx.get(f"{b}/api/me/history", headers=auth(friend)).json()["rooms"]
    assert [r["id"] for r in history] == [rid] and history[0]["seat"] == 1


def test_an_account_finds_its_seat_from_another_browser(server: ThreadServer) -> None:
    b = server.base
    r = httpx.post(f"{b}/api/accounts", json={"name": "Ông Ba", "password": "cá-vàng-bơi-ao-sen"})
    assert r.status_code == 200, r.text
    first = r.json()["token"]
    room = _started(b, first)
    r = httpx.post(f"{b}/api/login", json={"name": "ông ba", "password": "cá-vàng-bơi-ao-sen"})
    second = r.json()["token"]  # another browser: a new session of the same player
    assert second != first
    [mine] = _mine(b, second)
    assert mine["id"] == room["id"] and mine["seat"] == 0 and mine["status"] == "playing"


def test_history_keeps_a_room_left_and_its_replays(server: ThreadServer) -> None:
    b = server.base
    me = guest(b, "Bà Tư")
    bots = {"1": "random", "2": "random", "3": "random"}
    body = {"game": "chan", "private": True, "bots": bots, "clock": ALONE}
    first = played_alone(b, me, body)
    # a new quick game leaves the last one (pages.js): the history keeps both
    httpx.post(f"{b}/api/rooms/{first['id']}/leave", headers=auth(me)).raise_for_status()
    second = make_room(b, me, body)
    rooms = httpx.get(f"{b}/api/me/history", headers=auth(me)).json()["rooms"]
    assert [r["id"] for r in rooms] == [second["id"], first["id"]]  # newest first
    old = rooms[1]
    assert old["status"] == "finished" and old["seat"] == 0 and old["games"]
    game = old["games"][0]
    assert game["over"]
    # its replay, record, games and score sheet are still his (a private room's: its members')
    for path in (
        f"/api/games/{game['id']}/replay",
        f"/api/games/{game['id']}/record",
        f"/api/rooms/{first['id']}/games",
        f"/api/rooms/{first['id']}/sheet",
    ):
        r = httpx.get(f"{b}{path}", headers=auth(me))
        assert r.status_code == 200, (path, r.text)
    stranger = guest(b, "Người lạ")
    r = httpx.get(f"{b}/api/games/{game['id']}/replay", headers=auth(stranger))
    assert r.status_code == 403


def test_a_started_room_is_watched_by_its_code(server: ThreadServer) -> None:
    b = server.base
    host, late = guest(b, "Bà Tư"), guest(b, "Cháu")
    room = _started(b, host)
    rid, code = room["id"], room["code"]
    r = httpx.post(f"{b}/api/rooms/join", json={"code": code.lower()}, headers=auth(late))
    assert r.status_code == 409 and _error(r) == "already_started"
    assert "xem" in r.json()["error"]["message"]["vi"]  # what to do next
    r = httpx.post(f"{b}/api/rooms/watch", json={"code": "ZZZZZZ"}, headers=auth(late))
    assert r.status_code == 404
    r = httpx.post(f"{b}/api/rooms/watch", json={"code": code.lower()}, headers=auth(late))
    assert r.status_code == 200 and r.json()["seat"] is None
    [mine] = _mine(b, late)
    assert mine["id"] == rid and mine["watching"] and mine["seat"] is None
    # a watcher of a private room comes back without its code (another tab), as a spectator

    async def look() -> dict[str, Any]:
        ws = await ws_connect(ws_url(b, rid), late)
        first: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 30))
        await ws.close()
        return first

    view = asyncio.run(look())
    assert view["type"] == "view" and view["seat"] is None
    assert view["view"]["viewer"] is None
    # stopping: no longer one of his tables
    httpx.post(f"{b}/api/rooms/{rid}/unwatch", headers=auth(late)).raise_for_status()
    assert _mine(b, late) == []


def test_the_host_seats_a_watcher_in_a_bot_seat(server: ThreadServer) -> None:
    b = server.base
    host, late, other = guest(b, "Bà Tư"), guest(b, "Cháu"), guest(b, "Khác")
    room = _started(b, host)
    rid, code = room["id"], room["code"]
    httpx.post(f"{b}/api/rooms/watch", json={"code": code}, headers=auth(late)).raise_for_status()
    late_id = _me(b, late)
    r = httpx.get(f"{b}/api/rooms/{rid}/watchers", headers=auth(host))
    assert [w["id"] for w in r.json()["watchers"]] == [late_id]
    r = httpx.post(
        f"{b}/api/rooms/{rid}/seat", json={"player": late_id, "seat": 2}, headers=auth(late)
    )
    assert r.status_code == 403 and _error(r) == "not_host_seats"
    r = httpx.post(
        f"{b}/api/rooms/{rid}/seat", json={"player": _me(b, other), "seat": 2}, headers=auth(host)
    )
    assert r.status_code == 409 and _error(r) == "not_watching"
    r = httpx.post(
        f"{b}/api/rooms/{rid}/seat", json={"player": late_id, "seat": 0}, headers=auth(host)
    )
    assert r.status_code == 409 and _error(r) == "seat_taken"  # the host's own seat
    r = httpx.post(
        f"{b}/api/rooms/{rid}/seat", json={"player": late_id, "seat": 2}, headers=auth(host)
    )
    assert r.status_code == 200, r.text
    assert r.json()["room"]["seats"][2]["player"]["id"] == late_id
    [mine] = _mine(b, late)
    assert mine["seat"] == 2 and not mine["watching"]
    assert httpx.get(f"{b}/api/rooms/{rid}/watchers", headers=auth(host)).json()["watchers"] == []


def _link(b: str, host: str, rid: int, seat: int) -> httpx.Response:
    return httpx.post(f"{b}/api/rooms/{rid}/seats/{seat}/link", headers=auth(host))


def _claim(b: str, token: str, who: str | None = None) -> httpx.Response:
    return httpx.post(
        f"{b}/api/seat-links/claim", json={"token": token}, headers=auth(who) if who else {}
    )


def test_a_seat_link_gives_a_bot_seat_once(server: ThreadServer) -> None:
    b = server.base
    host, gran, other = guest(b, "Bà Tư"), guest(b, "Bà Nội"), guest(b, "Khác")
    room = _started(b, host)
    rid = room["id"]
    r = _link(b, gran, rid, 1)
    assert r.status_code == 403 and _error(r) == "not_host_seats"
    r = _link(b, host, rid, 0)
    assert r.status_code == 409 and _error(r) == "own_seat"
    r = _link(b, host, rid, 9)
    assert r.status_code == 400
    r = _link(b, host, rid, 1)
    assert r.status_code == 200, r.text
    link = r.json()["link"]
    assert link["url"].endswith(f"/#/seat/{link['token']}") and link["seat"] == 1
    assert link["qr"].startswith("data:image/svg+xml")
    # forged, too long, not text: refused, and the seat stays the bot's
    last = "B" if link["token"].endswith("A") else "A"  # a forgery, never the token itself
    for forged in ("A" * 43, "x" * 500, link["token"][:-1] + last, 12):
        r = httpx.post(f"{b}/api/seat-links/claim", json={"token": forged}, headers=auth(gran))
        assert r.status_code == 404 and _error(r) == "seat_link_invalid", forged
    # without a name: asked for one, the link not spent
    r = _claim(b, link["token"])
    assert r.status_code == 401 and _error(r) == "seat_link_name"
    r = _claim(b, link["token"], gran)
    assert r.status_code == 200, r.text
    assert r.json()["seat"] == 1 and "session" not in r.json()
    assert r.json()["room"]["seats"][1]["player"]["id"] == _me(b, gran)
    r = _claim(b, link["token"], other)  # used: never twice
    assert r.status_code == 410 and _error(r) == "seat_link_used"
    assert "chủ bàn" in r.json()["error"]["message"]["vi"]


def test_a_seat_link_is_bounded_revocable_and_expires(server: ThreadServer) -> None:
    b = server.base
    host, gran = guest(b, "Bà Tư"), guest(b, "Bà Nội")
    rid = _started(b, host)["id"]
    old = _link(b, host, rid, 1).json()["link"]["token"]
    new = _link(b, host, rid, 1).json()["link"]["token"]  # one live link a seat: the old revoked
    assert _error(_claim(b, old, gran)) == "seat_link_invalid"
    r = httpx.delete(f"{b}/api/rooms/{rid}/seats/1/link", headers=auth(host))
    assert r.json() == {"revoked": 1}
    assert _error(_claim(b, new, gran)) == "seat_link_invalid"
    late = _link(b, host, rid, 2).json()["link"]["token"]
    engine = sa.create_engine(server.url)
    with engine.begin() as conn:  # fifteen minutes later
        conn.execute(m.seat_links.update().values(expires=1.0))
    engine.dispose()
    r = _claim(b, late, gran)
    assert r.status_code == 410 and _error(r) == "seat_link_expired"


def test_a_seat_link_never_takes_a_seated_persons_seat(server: ThreadServer) -> None:
    b = server.base
    host, gran, thief = guest(b, "Bà Tư"), guest(b, "Bà Nội"), guest(b, "Kẻ gian")
    bots = {"2": "random", "3": "random"}
    room = make_room(b, host, {"game": "chan", "private": True, "bots": bots, "clock": FAST_CLOCK})
    rid = room["id"]
    httpx.post(
        f"{b}/api/rooms/join", json={"code": room["code"]}, headers=auth(gran)
    ).raise_for_status()
    # a link made for a free seat someone took since: stale
    spare = make_room(b, host, {"game": "chan", "clock": FAST_CLOCK})
    token = _link(b, host, spare["id"], 1).json()["link"]["token"]
    httpx.post(
        f"{b}/api/rooms/{spare['id']}/join", json={"seat": 1}, headers=auth(thief)
    ).raise_for_status()
    r = _claim(b, token, thief)
    assert r.status_code == 409 and _error(r) == "seat_link_stale"
    httpx.post(f"{b}/api/rooms/{rid}/start", headers=auth(host)).raise_for_status()
    granny = _me(b, gran)

    async def at_table() -> tuple[httpx.Response, httpx.Response]:
        ws = await ws_connect(ws_url(b, rid), gran)  # grandma is at the table
        json.loads(await asyncio.wait_for(ws.recv(), 30))
        link = await asyncio.to_thread(_link, b, host, rid, 1)
        tok = link.json()["link"]["token"]
        busy = await asyncio.to_thread(_claim, b, tok, thief)
        await ws.close()
        return busy, link

    busy, _ = asyncio.run(at_table())
    assert busy.status_code == 409 and _error(busy) == "seat_in_use"
    # her phone lost its storage (no socket, no session): the host's new link gives her seat
    # back to the phone that opens it, as her (the same guest)
    token = _link(b, host, rid, 1).json()["link"]["token"]

    def given() -> httpx.Response | None:
        r = _claim(b, token)
        return None if r.status_code == 409 and _error(r) == "seat_in_use" else r

    r = until(given, timeout=30)  # once the server saw her socket close
    assert r.status_code == 200, r.text
    session = r.json()["session"]
    assert session["player"]["id"] == granny and r.json()["seat"] == 1
    [mine] = _mine(b, session["token"])
    assert mine["id"] == rid and mine["seat"] == 1
    # an account's seat: no link (the account logs in)
    acct = httpx.post(
        f"{b}/api/accounts", json={"name": "Chú Năm", "password": "cá-vàng-bơi-ao-sen"}
    )
    spare2 = make_room(b, host, {"game": "chan", "clock": FAST_CLOCK})
    httpx.post(
        f"{b}/api/rooms/{spare2['id']}/join", json={"seat": 2}, headers=auth(acct.json()["token"])
    ).raise_for_status()
    r = _link(b, host, spare2["id"], 2)
    assert r.status_code == 409 and _error(r) == "seat_account"


def test_home_network_links_are_printed_with_a_qr_code(monkeypatch: Any, capsys: Any) -> None:
    from chieu.server import seatqr

    monkeypatch.setenv("CHIEU_PUBLIC_URL", "http://192.168.1.20:8000/")
    monkeypatch.setenv("CHIEU_PRINT_LINKS", "1")
    link = seatqr.link_json("http://127.0.0.1:8000/", "t" * 43, 2, 0.0, 7)
    assert link["url"] == "http://192.168.1.20:8000/#/seat/" + "t" * 43
    out = capsys.readouterr().out
    assert "ghế 3 của bàn 7" in out and link["url"] in out and "█" in out
    monkeypatch.delenv("CHIEU_PRINT_LINKS")
    seatqr.link_json("http://127.0.0.1:8000/", "t" * 43, 2, 0.0, 7)
    assert capsys.readouterr().out == ""  # a public server's output never holds a token
