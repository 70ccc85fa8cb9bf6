"""Sessions (issue 26): no credential in any URL, the socket signs in with its first message,
sessions are revocable, short-lived and renewed, and the server bounds its sockets."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from chieu.server import ws
from tests.server.helpers import (
    FAST_CLOCK,
    WAIT,
    Player,
    ProcessServer,
    ThreadServer,
    auth,
    eventually,
    guest,
    let_in,
    make_room,
    ws_connect,
    ws_url,
)

BOTS = {"1": "heuristic", "2": "heuristic", "3": "heuristic"}  # a Chắn table: one person
STRONG = "cá vàng bơi qua sông"


@pytest.fixture
def env_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """``make(**env)``: a server started with these environment variables."""
    servers: list[ThreadServer] = []

    def make(**env: str) -> ThreadServer:
        for k, v in env.items():
            monkeypatch.setenv(k, v)
        srv = ThreadServer(f"sqlite:///{tmp_path / f'env{len(servers)}.sqlite3'}")
        servers.append(srv.__enter__())
        return srv

    yield make
    for srv in servers:
        srv.__exit__(None, None, None)


async def _closed_with(sock: Any, code: int, error: str | None = None) -> None:
    """The socket's next messages end with ``error`` (if given) and the close ``code``."""
    seen = []
    with pytest.raises(websockets.ConnectionClosed) as info:
        for _ in range(50):
            seen.append(json.loads(await asyncio.wait_for(sock.recv(), WAIT)))
    assert info.value.rcvd is not None and info.value.rcvd.code == code, seen
    if error is not None:
        assert seen and seen[-1]["type"] == "error" and seen[-1]["code"] == error, seen
        assert set(seen[-1]["message"]) == {"vi", "en"}


def test_no_token_reaches_the_access_log(tmp_path: Path) -> None:
    """A whole game played through ``chieu serve`` with uvicorn's access log on: the log names
    every request and socket, and no token in it (the socket's token was in its URL)."""
    srv = ProcessServer(tmp_path, log_level="info").start()
    try:
        token = guest(srv.base, "Bà Tư")
        room = make_room(srv.base, token, {"game": "chan", "bots": BOTS, "clock": FAST_CLOCK})
        assert httpx.get(f"{srv.base}/api/me", headers=auth(token)).status_code == 200

        async def play() -> None:
            p = Player(srv.base, token, room["id"])
            await p.connect()
            r = httpx.post(f"{srv.base}/api/rooms/{room['id']}/start", headers=auth(token))
            r.raise_for_status()
            last = await p.play(timeout=120)
            assert last["view"]["outcome"] is not None
            await p.close()

        asyncio.run(play())
        renewed = httpx.post(f"{srv.base}/api/session/renew", headers=auth(token)).json()
        httpx.post(f"{srv.base}/api/logout", headers=auth(renewed["token"]))
    finally:
        srv.stop()
    log = srv.log_path.read_text(errors="replace")
    assert f"/ws/rooms/{room['id']}" in log and "/api/me" in log  # the access log is on
    for secret in (token, renewed["token"], token.split(".")[0]):
        assert secret not in log
    assert "token=" not in log


def test_the_socket_signs_in_with_its_first_message(
    server: ThreadServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ws, "AUTH_TIMEOUT", 1.0)
    token = guest(server.base, "Chủ")
    rid = make_room(server.base, token, {"game": "chan", "bots": BOTS})["id"]
    url = ws_url(server.base, rid)

    async def scene() -> None:
        # the token in the URL, as before: nothing is sent, and the socket is closed (4401)
        # once the auth message has not come
        async with websockets.connect(f"{url}?token={token}") as sock:
            began = time.monotonic()
            await _closed_with(sock, 4401, "unauthorized")
            assert time.monotonic() - began >= 0.9
        # anything else first: 4401
        for first in ({"type": "ping"}, {"type": "hello", "version": 0}, "{nope", [1]):
            async with websockets.connect(url) as sock:
                await sock.send(first if isinstance(first, str) else json.dumps(first))
                await _closed_with(sock, 4401, "unauthorized")
        for bad in ("nope", "", "x" * 5000, token + "x"):
            async with await ws_connect(url, bad) as sock:
                await _closed_with(sock, 4401, "unauthorized")
        async with websockets.connect(url) as sock:  # a token that is not text
            await sock.send(json.dumps({"type": "auth", "token": 7}))
            await _closed_with(sock, 4401, "unauthorized")
        # the auth message, then the view; and the socket plays on
        async with await ws_connect(url, token) as sock:
            first = json.loads(await asyncio.wait_for(sock.recv(), WAIT))
            assert first["type"] == "view" and first["seat"] == 0
            await sock.send(json.dumps({"type": "ping"}))
            while json.loads(await asyncio.wait_for(sock.recv(), WAIT))["type"] != "pong":
                pass

    asyncio.run(scene())


def test_logout_revokes_the_session_and_closes_its_sockets(server: ThreadServer) -> None:
    b = server.base
    token, other = guest(b, "Về sớm"), guest(b, "Ở lại")
    rid = make_room(b, token, {"game": "chan", "bots": BOTS})["id"]

    async def scene() -> None:
        mine, theirs = Player(b, token, rid), Player(b, other, rid)
        await mine.connect()
        await theirs.connect()
        assert (await mine.recv())["type"] == "view"
        r = httpx.post(f"{b}/api/logout", headers=auth(token))
        assert r.status_code == 200 and r.json() == {"revoked": 1}
        await _closed_with(mine.ws, 4401, "unauthorized")  # at once, not at its next message
        async with await ws_connect(ws_url(b, rid), token) as sock:
            await _closed_with(sock, 4401, "unauthorized")
        await theirs.send({"type": "ping"})  # another player's session is untouched
        while (await theirs.recv())["type"] != "pong":
            pass
        await theirs.close()

    asyncio.run(scene())
    for path in ("/api/me", f"/api/rooms/{rid}", "/api/rooms"):
        r = httpx.get(b + path, headers=auth(token))
        assert r.status_code == 401 and r.json()["error"]["code"] == "unauthorized"
    assert httpx.post(f"{b}/api/session/renew", headers=auth(token)).status_code == 401
    assert httpx.post(f"{b}/api/logout", headers=auth(token)).status_code == 401
    assert httpx.get(f"{b}/api/me", headers=auth(other)).status_code == 200


def test_sign_out_everywhere(server: ThreadServer) -> None:
    b = server.base
    r = httpx.post(f"{b}/api/accounts", json={"name": "Ông Năm", "password": STRONG})
    assert r.status_code == 200, r.text
    first = r.json()["token"]
    login = {"name": "Ông Năm", "password": STRONG}
    second = httpx.post(f"{b}/api/login", json=login).json()["token"]
    third = httpx.post(f"{b}/api/login", json=login).json()["token"]
    assert len({first, second, third}) == 3
    stranger = guest(b, "Người lạ")
    # one session signs out: the others stay
    assert httpx.post(f"{b}/api/logout", headers=auth(third), json={}).json() == {"revoked": 1}
    assert httpx.get(f"{b}/api/me", headers=auth(first)).status_code == 200
    bad = httpx.post(f"{b}/api/logout", headers=auth(first), json={"everywhere": "yes"})
    assert bad.status_code == 400
    everywhere = httpx.post(f"{b}/api/logout", headers=auth(first), json={"everywhere": True})
    assert everywhere.status_code == 200 and everywhere.json()["revoked"] == 2
    for token in (first, second, third):
        assert httpx.get(f"{b}/api/me", headers=auth(token)).status_code == 401
    assert httpx.get(f"{b}/api/me", headers=auth(stranger)).status_code == 200
    again = httpx.post(f"{b}/api/login", json=login)  # signing in again makes a new session
    assert httpx.get(f"{b}/api/me", headers=auth(again.json()["token"])).status_code == 200


def test_sessions_expire_and_renewal_keeps_them(env_server: Any) -> None:
    srv = env_server(CHIEU_SESSION_AGE="3")
    b = srv.base
    made = httpx.post(f"{b}/api/guests", json={"name": "Bà Ba"}).json()
    token, left = made["token"], made["expires"]
    assert 2 <= left - time.time() <= 3.5
    idle = guest(b, "Bà Bốn")
    me = httpx.get(f"{b}/api/me", headers=auth(token)).json()
    assert me["player"]["name"] == "Bà Ba" and me["expires"] == pytest.approx(left)
    time.sleep(1.6)
    renewed = httpx.post(f"{b}/api/session/renew", headers=auth(token))
    assert renewed.status_code == 200, renewed.text
    fresh = renewed.json()
    assert fresh["expires"] > left + 1 and fresh["player"]["name"] == "Bà Ba"
    time.sleep(1.9)  # past the first expiry: the idle session is gone, the renewed one lives
    assert httpx.get(f"{b}/api/me", headers=auth(idle)).status_code == 401
    assert httpx.get(f"{b}/api/me", headers=auth(fresh["token"])).status_code == 200
    time.sleep(3.2)
    assert httpx.get(f"{b}/api/me", headers=auth(fresh["token"])).status_code == 401


def test_a_private_room_is_watched_only_by_its_people_or_with_its_code(
    server: ThreadServer,
) -> None:
    b = server.base
    host, stranger = guest(b, "Chủ"), guest(b, "Người lạ")
    room = make_room(b, host, {"game": "chan", "bots": BOTS, "private": True})
    url = ws_url(b, room["id"])

    async def scene() -> None:
        async with await ws_connect(url, stranger) as sock:
            await _closed_with(sock, 4403, "private_room")
        async with await ws_connect(url, stranger, code="WRONG1") as sock:
            await _closed_with(sock, 4403, "private_room")
        for who, code in ((stranger, room["code"].lower()), (host, None)):
            async with await ws_connect(url, who, code=code) as sock:
                msg = json.loads(await asyncio.wait_for(sock.recv(), WAIT))
                assert msg["type"] == "view"

    asyncio.run(scene())


def test_the_server_bounds_its_sockets(env_server: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from chieu.server import app

    gates: list[ws.Gate] = []

    class Gate(ws.Gate):  # the server's, to see its sockets waiting for their auth
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            gates.append(self)

    monkeypatch.setattr(app, "Gate", Gate)
    srv = env_server(CHIEU_MAX_SOCKETS="3", CHIEU_MAX_PENDING_SOCKETS="2")
    b = srv.base
    host = guest(b, "Chủ")
    rid = make_room(b, host, {"game": "chan", "bots": BOTS})["id"]
    watchers = [guest(b, f"Khách {i}") for i in range(4)]
    url = ws_url(b, rid)

    async def scene() -> None:
        # sockets that never sign in: two may wait, a third is closed at once
        waiting = [await websockets.connect(url) for _ in range(2)]
        await eventually(lambda: gates[0].pending == 2)  # the server has them both
        async with websockets.connect(url) as third:
            with pytest.raises(websockets.ConnectionClosed) as info:
                await asyncio.wait_for(third.recv(), WAIT)
            assert info.value.rcvd is not None and info.value.rcvd.code == 4429
        for sock in waiting:  # they sign in: the waiting places are free again
            await sock.send(json.dumps({"type": "auth", "token": host}))
            assert json.loads(await asyncio.wait_for(sock.recv(), WAIT))["type"] == "view"
        held = [*waiting, await ws_connect(url, watchers[0], max_queue=None)]
        assert json.loads(await asyncio.wait_for(held[-1].recv(), WAIT))["type"] == "view"
        # three signed in: the server is full, for every player
        async with await ws_connect(url, watchers[1]) as sock:
            await _closed_with(sock, 4429, "server_full")
        await held.pop().close()
        sock, _ = await let_in(lambda: ws_connect(url, watchers[2]), "server_full")
        await sock.close()  # let in once the server has seen the close
        for sock in held:
            await sock.close()

    asyncio.run(scene())
