"""Issue 26: what bounds guests, rooms and the listing: guests and rooms made per address and
per player (429 with Retry-After), the lobby's list a page at a time, waiting rooms nobody came
to closed."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from chieu.server.limits import CreationLimits, Quota, address_key
from chieu.server.lobby import CROWD_IDLE, MAX_PAGE, WAITING_IDLE, Lobby
from chieu.server.pushing import Conn
from chieu.server.storage import Store
from tests.server.helpers import ThreadServer, auth, guest, make_room


@pytest.fixture
def limited(tmp_path: Path) -> Iterator[ThreadServer]:
    """A server with the default creation limits (tests/server/helpers turns them off)."""
    with ThreadServer(f"sqlite:///{tmp_path / 'l.sqlite3'}", limits=CreationLimits()) as srv:
        yield srv


def _refused(r: httpx.Response, code: str) -> None:
    assert r.status_code == 429, r.text
    error = r.json()["error"]
    assert error["code"] == code
    assert error["message"]["vi"] and error["message"]["en"]
    assert int(r.headers["Retry-After"]) >= 1 and error["retry_after"] >= 1


def test_guests_per_address(limited: ThreadServer) -> None:
    """Ten new guests a minute from one address (the audit made 2,000 in 21 s)."""
    for n in range(10):
        guest(limited.base, f"Khách {n}")
    r = httpx.post(f"{limited.base}/api/guests", json={"name": "Khách 11"})
    _refused(r, "too_many_guests")
    assert "khách mới" in r.json()["error"]["message"]["vi"]
    assert 1 <= int(r.headers["Retry-After"]) <= 7  # a token comes back every 6 s
    # a bad request is refused as one, without counting
    r = httpx.post(f"{limited.base}/api/guests", json={"name": ""})
    assert r.status_code == 400


def test_rooms_per_player_and_per_address(tmp_path: Path) -> None:
    limits = CreationLimits(rooms_per_player=((3, 60),), rooms_per_address=((5, 60),))
    with ThreadServer(f"sqlite:///{tmp_path / 'r.sqlite3'}", limits=limits) as srv:
        b = srv.base
        one, two = guest(b, "Một"), guest(b, "Hai")
        for _ in range(3):  # made and left at once: never more than one open room
            rid = make_room(b, one, {"game": "chan"})["id"]
            httpx.post(f"{b}/api/rooms/{rid}/leave", headers=auth(one)).raise_for_status()
        r = httpx.post(f"{b}/api/rooms", json={"game": "chan"}, headers=auth(one))
        _refused(r, "too_many_new_rooms")
        assert 15 <= int(r.headers["Retry-After"]) <= 21  # 3 a minute: one every 20 s
        make_room(b, two, {"game": "chan"})
        make_room(b, two, {"game": "chan"})
        r = httpx.post(f"{b}/api/rooms", json={"game": "chan"}, headers=auth(two))
        _refused(r, "too_many_new_rooms")  # the address's 5 a minute are spent


def test_quota_memory_is_bounded_and_ipv6_counts_by_network() -> None:
    quota = Quota(((2, 60),), keep=100)
    for n in range(1000):
        assert quota.take(f"10.0.{n // 256}.{n % 256}") is None
    assert len(quota.keys) == 100
    assert quota.take("10.0.3.231") is None  # the newest key is still known: its second
    wait = quota.take("10.0.3.231")
    assert wait is not None and 29 <= wait <= 30.5
    assert address_key("2001:db8:1:2:aaaa::1") == address_key("2001:db8:1:2:bbbb::9")
    assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
    assert address_key("::ffff:192.0.2.7") == "192.0.2.7"
    assert address_key("not an address") == "not an address"
    two = Quota(((10, 60), (1, 86_400)))
    assert two.take("x") is None
    wait = two.take("x")
    assert wait is not None and wait > 80_000  # the daily bucket decides


def test_the_listing_is_paginated(server: ThreadServer) -> None:
    b = server.base
    hosts = [guest(b, f"Chủ {n}") for n in range(3)]
    made = [make_room(b, hosts[n % 3], {"game": "chan"})["id"] for n in range(25)]
    make_room(b, hosts[0], {"game": "chan", "private": True})
    h = auth(hosts[0])
    first = httpx.get(f"{b}/api/rooms", headers=h).json()
    assert len(first["rooms"]) == 20 and first["next"]
    second = httpx.get(f"{b}/api/rooms", params={"after": first["next"]}, headers=h).json()
    assert len(second["rooms"]) == 5 and second["next"] is None
    listed = [r["id"] for r in first["rooms"] + second["rooms"]]
    assert listed == made[::-1]  # newest first, each once, no private room
    small = httpx.get(f"{b}/api/rooms", params={"limit": 10}, headers=h).json()
    assert [r["id"] for r in small["rooms"]] == listed[:10]
    page = httpx.get(f"{b}/api/rooms", params={"limit": 10, "after": small["next"]}, headers=h)
    assert [r["id"] for r in page.json()["rooms"]] == listed[10:20]
    for bad in ({"limit": MAX_PAGE + 1}, {"limit": 0}, {"limit": "x"}, {"after": "nope"}):
        r = httpx.get(f"{b}/api/rooms", params=bad, headers=h)
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_message", bad


def test_waiting_rooms_nobody_came_to_expire(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'e.sqlite3'}")
    store.migrate()
    host, other = store.create_player("Chủ"), store.create_player("Khách")
    lobby = Lobby(store)

    async def scene() -> None:
        alone = lobby.create_room(host, {"game": "chan"})
        bots = lobby.create_room(host, {"game": "chan", "bots": {"1": "random"}})
        joined = lobby.create_room(host, {"game": "chan"})
        await lobby.join(joined, other, None)
        watched = lobby.create_room(host, {"game": "chan"})
        conn = Conn(player=other, seat=None, lang="vi")
        watched.attach(conn)
        now = time.time()
        assert await lobby.expire_idle(now + 60) == []  # not yet
        assert len(lobby.public_rooms(50)[0]) == 4
        assert sorted(await lobby.expire_idle(now + WAITING_IDLE + 1)) == sorted(
            [alone.id, bots.id]
        )
        assert alone.status == "finished" and bots.status == "finished"
        assert joined.status == "waiting" and watched.status == "waiting"
        assert {r["id"] for r in lobby.public_rooms(50)[0]} == {joined.id, watched.id}
        assert store.open_rooms_of(host) == 2
        assert {r["id"] for r in store.rooms()} == {joined.id, watched.id}
        # the watcher goes: the room waits another WAITING_IDLE from then
        watched.detach(conn)
        later = now + WAITING_IDLE + 5
        assert await lobby.expire_idle(later) == []
        assert await lobby.expire_idle(later + WAITING_IDLE + 1) == [watched.id]
        # a room others sat down in too, that everyone went away from: it waits longer
        assert await lobby.expire_idle(now + CROWD_IDLE * WAITING_IDLE + 1) == [joined.id]
        assert store.open_rooms_of(host) == 0 and lobby.public_rooms()[0] == []

    asyncio.run(scene())
    store.close()
