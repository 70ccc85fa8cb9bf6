"""Issue 30: between two games (the ready step) and the host role.

The next game is dealt when every person at the table is ready (``next``) or when the pause
ends; readiness belongs to the seat (a reload keeps it; another process reports it); the host
role passes to a seated person when the host leaves or stays away past the grace, and a host
who lost it can no longer start the room. Every refusal says what to do next."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from chieu.server.cluster import Cluster
from chieu.server.lobby import ApiError, Lobby
from chieu.server.messages import NEXT_STEP, words
from chieu.server.pushing import Conn
from chieu.server.room import DEFAULT_CLOCK, Room
from chieu.server.storage import Store
from tests.server.helpers import Player, ThreadServer, auth, guest, make_room, spectate

#: the persons never connect while their game is played (grace 0: bots play for them)
ALONE = {"bot_delay": 0, "pause": 600, "turn": None, "claim": None, "grace": 0, "window": 0}
BOTS = {"2": "random", "3": "random"}


def _store(tmp_path: Path) -> Store:
    store = Store(f"sqlite:///{tmp_path / 'between.sqlite3'}")
    store.migrate()
    return store


def _conn(room: Room, player: int) -> Conn:
    conn = Conn(player=player, seat=room.seat_of(player), lang="vi", outbox=asyncio.Queue())
    room.attach(conn)
    return conn


async def _between(lobby: Lobby, host: int, other: int, clock: dict[str, Any]) -> Room:
    """A Phỏm room of two persons (seats 0 and 1) and two bots, its first game played out by
    the bots while a spectator watched; then both persons are at the table."""
    room = lobby.create_room(host, {"game": "phom", "bots": BOTS, "clock": clock})
    await lobby.join(room, other, 1)
    watcher = spectate(room)
    await room.start_sitting()
    while room.status == "playing":
        await room.auto_step(time.time())
    assert room.status == "between"
    _conn(room, host)
    _conn(room, other)
    room.detach(watcher)
    return room


def test_everyone_ready_deals_the_next_game_at_once(tmp_path: Path) -> None:
    store = _store(tmp_path)
    lobby = Lobby(store)
    host, other = store.create_player("Chủ"), store.create_player("Khách")

    async def run() -> None:
        room = await _between(lobby, host, other, ALONE)
        seen = room.to_json()
        assert seen["ready"] == [] and seen["next_at"] == room.between_until
        assert 590 < room.between_until - time.time() <= 600
        wait = await room.auto_step(time.time())
        assert wait is not None and wait > 500  # the pause: nobody is ready yet
        assert room.mark_ready(0) and not room.mark_ready(0)  # once: no second deal
        assert room.to_json()["ready"] == [0]
        assert (await room.auto_step(time.time()) or 0) > 0 and room.status == "between"
        assert room.mark_ready(1)
        assert await room.auto_step(time.time()) == 0.0
        seen = room.to_json()
        assert (room.status, seen["game_number"], seen["ready"], seen["next_at"]) == (
            "playing",
            2,
            [],
            None,
        )
        assert not room.mark_ready(0)  # while a game is played: nothing to be ready for

    asyncio.run(run())
    store.close()


def test_the_end_of_the_pause_deals_the_next_game(tmp_path: Path) -> None:
    store = _store(tmp_path)
    lobby = Lobby(store)
    host, other = store.create_player("Chủ"), store.create_player("Khách")

    async def run() -> None:
        room = await _between(lobby, host, other, ALONE)
        room.mark_ready(0)  # one of two: the other has not read the result yet
        assert await room.auto_step(room.between_until - 1) == pytest.approx(1.0)
        assert await room.auto_step(room.between_until) == 0.0
        assert room.status == "playing" and room.to_json()["game_number"] == 2

    asyncio.run(run())
    store.close()


def test_a_person_away_past_the_grace_does_not_hold_the_table_up(tmp_path: Path) -> None:
    store = _store(tmp_path)
    lobby = Lobby(store)
    host, other = store.create_player("Chủ"), store.create_player("Khách")

    async def run() -> None:
        room = await _between(lobby, host, other, {**ALONE, "grace": 5})
        gone = next(c for c in room.conns if c.player == other)
        room.detach(gone)
        room.mark_ready(0)
        now = time.time()
        wait = await room.auto_step(now)  # his grace is not over: the clock looks again then
        assert wait is not None and 0 < wait <= 5 and room.status == "between"
        assert await room.auto_step(now + 6) == 0.0 and room.status == "playing"

    asyncio.run(run())
    store.close()


def test_the_default_pause_is_a_minute() -> None:
    assert DEFAULT_CLOCK["pause"] == 60.0


async def _ready_survives(base: str) -> None:
    host, other = guest(base, "Bà Tư"), guest(base, "Ông Ba")
    clock = {**ALONE, "grace": 600}
    rid = make_room(base, host, {"game": "phom", "bots": BOTS, "clock": clock})["id"]
    httpx.post(f"{base}/api/rooms/{rid}/join", json={}, headers=auth(other)).raise_for_status()
    a, b = Player(base, host, rid), Player(base, other, rid)
    await a.connect()
    await b.connect()
    httpx.post(f"{base}/api/rooms/{rid}/start", headers=auth(host)).raise_for_status()
    ends = await asyncio.gather(a.play(), b.play())
    assert all(m["view"]["outcome"] is not None for m in ends)

    async def room_seen(p: Player, pred: Any) -> dict[str, Any]:
        while True:
            msg = await p.recv()
            if msg["type"] == "view" and pred(msg["room"]):
                return dict(msg["room"])

    assert [m["room"]["status"] for m in ends] == ["between", "between"]
    await a.send({"type": "next"})
    await a.send({"type": "next"})  # pressed twice: once is enough, nothing more happens
    seen = await room_seen(b, lambda r: r["ready"] == [0])  # the other sees who is ready
    assert seen["status"] == "between" and seen["next_at"] > time.time() + 500
    # the ready person reloads the page: still ready
    await a.close()
    again = Player(base, host, rid)
    await again.connect()
    first = await room_seen(again, lambda r: True)
    assert (first["status"], first["ready"]) == ("between", [0])
    await b.send({"type": "next"})
    dealt = await room_seen(again, lambda r: r["status"] == "playing")
    assert dealt["game_number"] == 2 and dealt["ready"] == [] and dealt["next_at"] is None
    await again.close()
    await b.close()


def test_readiness_survives_a_reload(server: ThreadServer) -> None:
    asyncio.run(_ready_survives(server.base))


def test_another_process_hears_of_the_seats_ready_here(tmp_path: Path) -> None:
    """The cluster's heartbeat reports the seats ready through this process, kept by the room
    (no socket needed: the person may be reloading), and spends them on the next game."""
    store = _store(tmp_path)
    lobby = Lobby(store)
    host, other = store.create_player("Chủ"), store.create_player("Khách")
    cluster = Cluster(lobby, store)

    async def run() -> None:
        room = await _between(lobby, host, other, ALONE)
        room.mark_ready(1)
        for c in list(room.conns):
            room.detach(c)
        assert cluster._local()[1] == {room.id: [1]}
        room.remote = {0}  # the other person, connected to another process, is ready there
        room.remote_ready = {0, 1}
        assert room.to_json()["ready"] == [0, 1]
        assert await room.auto_step(time.time()) == 0.0 and room.status == "playing"
        assert cluster._local()[1] == {} and room.remote_ready == set()

    asyncio.run(run())
    store.close()


def test_the_host_role_passes_when_the_host_stays_away(tmp_path: Path) -> None:
    store = _store(tmp_path)
    lobby = Lobby(store)
    host, first, second = (store.create_player(n) for n in ("Chủ", "Một", "Hai"))
    room = lobby.create_room(host, {"game": "chan", "clock": {"grace": 30}})

    async def run() -> None:
        await lobby.join(room, first, 1)
        await lobby.join(room, second, 2)
        mine = _conn(room, host)
        _conn(room, second)  # the first is not here: the role goes to one who is
        now = time.time()
        assert room.pass_host(now) is None  # the host is here
        room.detach(mine)
        assert room.pass_host(now) == pytest.approx(30, abs=1)  # his grace
        assert await room.auto_step(now + 10) == pytest.approx(20, abs=1)
        assert room.host == host
        assert await room.auto_step(now + 31) == 0.0
        assert room.host == second and store.rooms(room.id)[0]["host"] == second
        with pytest.raises(ApiError) as refused:  # the host who stayed away cannot start
            await lobby.start(room, host)
        assert refused.value.code == "not_host"
        await lobby.start(room, second)
        assert room.status == "playing"

    asyncio.run(run())
    store.close()


def test_nobody_here_to_take_the_role_keeps_it(tmp_path: Path) -> None:
    store = _store(tmp_path)
    lobby = Lobby(store)
    host, other = store.create_player("Chủ"), store.create_player("Khách")
    room = lobby.create_room(host, {"game": "chan", "clock": {"grace": 0}})

    async def run() -> None:
        await lobby.join(room, other, 1)
        room.detach(_conn(room, host))
        watcher = spectate(room)  # a spectator is no heir
        assert room.pass_host(time.time() + 5) is None and room.host == host
        _conn(room, other)
        assert room.pass_host(time.time() + 5) == 0.0 and room.host == other
        room.detach(watcher)

    asyncio.run(run())
    store.close()


def test_the_host_who_leaves_hands_the_role_to_one_at_the_table(tmp_path: Path) -> None:
    store = _store(tmp_path)
    lobby = Lobby(store)
    host, other = store.create_player("Chủ"), store.create_player("Khách")

    async def run() -> None:
        room = await _between(lobby, host, other, ALONE)
        room.mark_ready(0)
        await lobby.leave(room, host)
        assert room.host == other and store.rooms(room.id)[0]["host"] == other
        assert room.ready == set()  # the bot in his seat did not say it was ready
        with pytest.raises(ApiError) as refused:
            await lobby.start(room, host)
        assert refused.value.code == "not_host"

    asyncio.run(run())
    store.close()


def test_an_ex_host_cannot_start_and_is_told_what_to_do(server: ThreadServer) -> None:
    b = server.base
    host, other = guest(b, "Chủ"), guest(b, "Khách")
    rid = make_room(b, host, {"game": "chan"})["id"]
    httpx.post(f"{b}/api/rooms/{rid}/join", json={}, headers=auth(other)).raise_for_status()
    r = httpx.post(f"{b}/api/rooms/{rid}/leave", headers=auth(host))
    me = httpx.get(f"{b}/api/me", headers=auth(other)).json()["player"]["id"]
    assert r.json()["room"]["host"] == me
    r = httpx.post(f"{b}/api/rooms/{rid}/start", headers=auth(host))
    error = r.json()["error"]
    assert r.status_code == 403 and error["code"] == "not_host"
    assert error["message"]["vi"].startswith("Chỉ chủ bàn mới được bắt đầu. Hãy chờ chủ bàn")
    assert "Wait for the host" in error["message"]["en"]
    # everyone left: the sitting is over, and starting it says so
    httpx.post(f"{b}/api/rooms/{rid}/leave", headers=auth(other)).raise_for_status()
    r = httpx.post(f"{b}/api/rooms/{rid}/start", headers=auth(other))
    assert r.status_code == 409 and r.json()["error"]["code"] == "room_closed"
    assert "mở bàn mới" in r.json()["error"]["message"]["vi"]


@pytest.mark.parametrize("code", sorted(NEXT_STEP))
def test_a_refusal_says_what_to_do_next(code: str) -> None:
    said = words(code)
    vi, en = NEXT_STEP[code]
    assert said["vi"].endswith(f". {vi}.") and said["en"].endswith(f". {en}.")
    assert words(code, "seat 9")["vi"].endswith(f". {vi}.")
