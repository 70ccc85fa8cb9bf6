"""The WebSocket protocol's refusals, limits and reconnection."""

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

from chieu.core.record import GameRecord
from chieu.server import ws
from tests.server.helpers import (
    WAIT,
    Player,
    ThreadServer,
    auth,
    guest,
    let_in,
    make_room,
    played_alone,
    ws_connect,
    ws_url,
)

CLOCK = {"bot_delay": 0, "pause": 600, "turn": None, "claim": None, "grace": 600}
BOTS = {"1": "heuristic", "2": "heuristic", "3": "heuristic"}  # a Chắn table: one person


@pytest.fixture
def strict_server(tmp_path: Path) -> Iterator[ThreadServer]:
    """A server with the default message rate (10 a second)."""
    with ThreadServer(f"sqlite:///{tmp_path / 'strict.sqlite3'}", ws_rate=None) as srv:
        yield srv


async def _until(p: Player, pred: Any, timeout: float = WAIT) -> dict[str, Any]:
    """The next message ``pred`` takes: ``timeout`` is only a safety net, for them all."""
    deadline = time.monotonic() + timeout
    while True:
        msg = await p.recv(max(0.1, deadline - time.monotonic()))
        if pred(msg):
            return msg


def _my_turn(msg: dict[str, Any]) -> bool:
    return msg["type"] == "view" and bool(msg["view"]) and bool(msg["view"]["decisions"])


def _my_choice(msg: dict[str, Any]) -> bool:
    """A decision of the seat's own that is recorded: not a pass-only claim answer (asked
    during every window's hold, given by the server, never recorded)."""
    if not _my_turn(msg):
        return False
    d = msg["view"]["decisions"][0]
    return d["kind"] != "claim" or len(d["actions"]) > 1


def _room(base: str) -> tuple[str, str, int]:
    host, watcher = guest(base, "Chủ"), guest(base, "Người xem")
    rid = make_room(base, host, {"game": "chan", "bots": BOTS, "clock": CLOCK})["id"]
    return host, watcher, rid


async def _refusals(base: str) -> None:
    host, watcher, rid = _room(base)
    p, w = Player(base, host, rid), Player(base, watcher, rid)
    await p.connect()
    await w.connect()
    httpx.post(f"{base}/api/rooms/{rid}/start", headers=auth(host)).raise_for_status()
    msg = await _until(p, _my_turn)
    version, decision = msg["version"], msg["view"]["decisions"][0]
    assert isinstance(msg["deadline"], (float, type(None)))
    legal = {a["id"] for a in decision["actions"]}
    illegal = next(i for i in range(200) if i not in legal)

    async def refused(player: Player, payload: Any, code: str) -> None:
        await player.ws.send(payload if isinstance(payload, str) else json.dumps(payload))
        err = await _until(player, lambda m: m["type"] == "error")
        assert err["type"] == "error" and err["code"] == code, err
        assert set(err["message"]) == {"vi", "en"} and err["message"]["vi"]

    await refused(
        p, {"type": "act", "version": version - 1, "action": decision["default"]}, "stale"
    )
    await refused(p, {"type": "act", "version": version, "action": illegal}, "illegal")
    await refused(p, {"type": "act", "version": version, "action": "x"}, "illegal")
    await refused(p, {"type": "act", "version": version, "action": 10**9}, "illegal")
    await refused(
        w, {"type": "act", "version": version, "action": decision["default"]}, "not_your_seat"
    )
    await refused(p, "{not json", "bad_json")
    await refused(p, "[" * 50 + "]" * 50, "bad_json")
    await refused(p, json.dumps([1, 2]), "bad_message")
    await refused(p, {"type": "dance"}, "unknown_type")
    await p.send({"type": "ping"})
    assert (await _until(p, lambda m: m["type"] == "pong")) == {"type": "pong"}
    # nothing changed: the same version, and the right answer is still taken
    await p.send({"type": "act", "version": version, "action": decision["default"]})
    after = await _until(p, lambda m: m["type"] == "view" and m["version"] > version)
    assert after["version"] == version + 1
    # an oversized message disconnects its client only
    await p.ws.send("x" * 20000)
    with pytest.raises(websockets.ConnectionClosed):
        for _ in range(100):
            await p.recv()
    await w.send({"type": "ping"})
    assert (await _until(w, lambda m: m["type"] == "pong"))["type"] == "pong"
    await w.close()


def test_refusals(server: ThreadServer) -> None:
    asyncio.run(_refusals(server.base))


async def _bad_sockets(base: str) -> None:
    _, _, rid = _room(base)
    for room, token in ((rid, "nope"), (999, "")):
        async with await ws_connect(ws_url(base, room), token) as ws:
            msg = json.loads(await ws.recv())
            assert msg["type"] == "error" and msg["code"] == "unauthorized"
            with pytest.raises(websockets.ConnectionClosed) as info:
                await ws.recv()
            assert info.value.rcvd is not None and info.value.rcvd.code == 4401
    token = guest(base, "Lạc")
    for room in ("999", "-1", "9" * 30):  # never a dropped socket: an id past 64 bits too
        async with await ws_connect(ws_url(base, room), token) as ws:
            assert json.loads(await ws.recv())["code"] == "not_found"
            with pytest.raises(websockets.ConnectionClosed) as info:
                await ws.recv()
            assert info.value.rcvd is not None and info.value.rcvd.code == 4404
    # a `since` that is no version (too long, not ASCII digits): a full view, as without one
    for since in ("9" * 5000, "²", "-3", "1e3"):
        async with await ws_connect(ws_url(base, rid, f"since={since}"), token) as ws:
            assert json.loads(await ws.recv())["type"] == "view"


def test_bad_sockets(server: ThreadServer) -> None:
    asyncio.run(_bad_sockets(server.base))


async def _refused(url: str, token: str, code: str) -> None:
    async with await ws_connect(url, token) as ws:
        assert json.loads(await ws.recv())["code"] == code
        with pytest.raises(websockets.ConnectionClosed) as info:
            await ws.recv()
        assert info.value.rcvd is not None and info.value.rcvd.code == 4429


async def _many_sockets(base: str) -> None:
    host, watcher, rid = _room(base)
    url = ws_url(base, rid)

    # one player: 16 sockets, the 17th refused; closing one lets another in (these sockets
    # are not read: with websockets' bounded queue they would stop reading, close frames too)
    async def hold() -> Any:
        return await ws_connect(url, watcher, max_queue=None)

    held = [await hold() for _ in range(ws.MAX_PLAYER_SOCKETS)]
    for s in held:
        assert json.loads(await s.recv())["type"] == "view"
    await _refused(url, watcher, "too_many_sockets")
    await held.pop().close()
    held.append((await let_in(hold, "too_many_sockets"))[0])  # once the server has seen it
    # a room full of watchers (the limit lowered to what is open now) refuses one more
    # watcher, never a seated player
    ws.MAX_ROOM_SOCKETS = len(held)
    try:
        stranger = guest(base, "Người lạ")
        await _refused(url, stranger, "crowded")
        p = Player(base, host, rid)
        await p.connect()
        assert (await p.recv())["type"] == "view"
        await p.close()
    finally:
        ws.MAX_ROOM_SOCKETS = 200
        for s in held:
            await s.close()


def test_sockets_are_bounded_per_player_and_per_room(server: ThreadServer) -> None:
    asyncio.run(_many_sockets(server.base))


async def _flood(base: str) -> None:
    _, watcher, rid = _room(base)
    calm_host, _, calm_rid = _room(base)
    flooder, calm = Player(base, watcher, rid), Player(base, calm_host, calm_rid)
    await flooder.connect()
    await calm.connect()
    for _ in range(200):
        try:
            await flooder.send({"type": "ping"})
        except websockets.ConnectionClosed:
            break
    codes = []
    with pytest.raises(websockets.ConnectionClosed):
        for _ in range(400):
            msg = await flooder.recv()
            codes.append(msg.get("code"))
    assert "too_fast" in codes
    # the other room did not notice
    await calm.send({"type": "ping"})
    assert (await _until(calm, lambda m: m["type"] == "pong"))["type"] == "pong"
    await calm.close()


def test_flood_is_cut_off(strict_server: ThreadServer) -> None:
    asyncio.run(_flood(strict_server.base))


async def _reconnect(base: str) -> None:
    host, _, rid = _room(base)
    p = Player(base, host, rid)
    await p.connect()
    httpx.post(f"{base}/api/rooms/{rid}/start", headers=auth(host)).raise_for_status()
    # a turn of seat 0's own (a pass-only claim answer is never recorded: no event of it)
    msg = await _until(p, _my_choice)
    seen = msg["version"]
    await p.close()
    # played by nobody while away (grace 600 s, no deadline): reconnect with since=
    p2 = Player(base, host, rid)
    await p2.connect(since=seen)
    first = await p2.recv()
    assert first["type"] == "events" and first["since"] == seen
    view = await _until(p2, lambda m: m["type"] == "view")
    assert view["version"] == first["version"] >= seen
    # a hello asks again
    await p2.send({"type": "hello", "version": view["version"]})
    again = await _until(p2, lambda m: m["type"] == "events")
    assert again["events"] == []
    decision = view["view"]["decisions"][0]
    await p2.send({"type": "act", "version": view["version"], "action": decision["default"]})
    moved = await _until(p2, lambda m: m["type"] == "view" and m["version"] > view["version"])
    await p2.close()
    # the events since a version are that seat's history after it
    p3 = Player(base, host, rid)
    await p3.connect(since=view["version"])
    events = await p3.recv()
    assert events["type"] == "events" and events["events"]
    assert events["events"][0]["type"] == "action" and events["events"][0]["actor"] == 0
    for e in events["events"]:  # another seat's private fields never reach seat 0
        if "visible_to" in e and 0 not in e["visible_to"]:
            assert not set(e.get("hidden", ())) & set(e.get("data", {})), e
    assert moved["version"] <= events["version"]
    await p3.close()


def test_reconnect(server: ThreadServer) -> None:
    asyncio.run(_reconnect(server.base))


async def _away(base: str) -> None:
    host = guest(base, "Vắng")
    clock = {"bot_delay": 0, "pause": 600, "turn": None, "claim": None, "grace": 0.3, "window": 0}
    # the host never connects (a spectator does): after the grace a bot plays his seat
    room = played_alone(base, host, {"game": "chan", "bots": BOTS, "clock": clock})
    assert room["status"] == "between" and room["seats"][0]["away"]
    record = httpx.get(f"{base}/api/games/{room['game_id']}/record", headers=auth(host))
    assert record.status_code == 200 and '"actor": 0' in record.text


def test_away_seat_played_by_bot(server: ThreadServer) -> None:
    asyncio.run(_away(server.base))


async def _walked_away(base: str) -> None:
    host = guest(base, "Về nhà")
    clock = {"bot_delay": 0, "pause": 1.0, "turn": None, "claim": None, "grace": 0, "window": 0}
    # a spectator watches the game to its end and leaves: no next game is dealt for nobody
    rid = played_alone(base, host, {"game": "chan", "bots": BOTS, "clock": clock})["id"]
    await asyncio.sleep(2.5)  # two pauses and a half
    room = httpx.get(f"{base}/api/rooms/{rid}", headers=auth(host)).json()["room"]
    assert (room["status"], room["game_number"]) == ("between", 1), room
    # the host comes back: the pause is long over, the next game is dealt at once
    p = Player(base, host, rid)
    await p.connect()
    msg = await _until(p, lambda m: m["type"] == "view" and m["room"]["status"] == "playing")
    assert msg["room"]["game_number"] == 2
    await p.close()


def test_a_room_everyone_left_does_not_deal_the_next_game(server: ThreadServer) -> None:
    asyncio.run(_walked_away(server.base))


async def _timeout(base: str) -> None:
    host = guest(base, "Chậm")
    clock = {"bot_delay": 0, "pause": 600, "turn": 1, "claim": 1, "grace": 600}
    rid = make_room(base, host, {"game": "chan", "bots": BOTS, "clock": clock})["id"]
    p = Player(base, host, rid)
    await p.connect()
    httpx.post(f"{base}/api/rooms/{rid}/start", headers=auth(host)).raise_for_status()
    msg = await _until(p, _my_choice)
    decision = msg["view"]["decisions"][0]
    assert msg["deadline"] is not None and decision["deadline"] == msg["deadline"]
    assert 0 < msg["deadline"] - time.time() <= 1.5
    # the client says nothing: at the deadline the server plays what the heuristic would
    # (issue 28; tests/server/test_timeouts.py), a legal action of the decision
    after = await _until(p, lambda m: m["type"] == "view" and m["version"] > msg["version"])
    assert after["version"] == msg["version"] + 1
    r = httpx.get(f"{base}/api/games/{msg['game_id']}/record", headers=auth(host))
    if "ndjson" in r.headers["content-type"]:  # the bots may have ended the game already
        events = [e.to_json() for e in GameRecord.loads(r.text).events]
    else:
        events = r.json()["events"]
    mine = [e for e in events if e["type"] == "action" and e.get("actor") == 0]
    assert mine and mine[0]["data"]["action"]["verb"] in {a["verb"] for a in decision["actions"]}
    await p.close()


def test_deadline_plays_the_heuristics_choice(server: ThreadServer) -> None:
    asyncio.run(_timeout(server.base))
