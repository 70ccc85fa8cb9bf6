"""Two ``chieu serve`` processes on one PostgreSQL: one room, clients on both, a takeover."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx

from chieu.core.record import GameRecord
from tests.server.helpers import (
    Player,
    ProcessServer,
    Watcher,
    auth,
    eventually,
    guest,
    make_room,
    replay_states,
    strip_deadlines,
    until,
    views_by_version,
)

# a short grace: a player connected to the other process must not be taken for away
CLOCK = {"bot_delay": 0, "pause": 1, "turn": 60, "claim": 60, "grace": 0, "window": 0}


async def _game(
    a_base: str, b_base: str, rid: int, ta: str, tb: str, after: int, start: bool = False
) -> tuple[list[Player], int]:
    """Both players play the room's first game that is not the game ``after`` (0: none;
    ids are random, not in order); the players and the id."""
    a, b = Player(a_base, ta, rid), Player(b_base, tb, rid, lang="en")
    await a.connect()
    await b.connect()
    if start:

        def both_connected() -> bool:  # the owner hears of the other process's socket
            r = httpx.get(f"{a_base}/api/rooms/{rid}", headers=auth(ta))
            return all(s["connected"] for s in r.json()["room"]["seats"][:2])

        await eventually(both_connected)  # (presence)
        async with httpx.AsyncClient() as client:
            r = await client.post(f"{a_base}/api/rooms/{rid}/start", headers=auth(ta))
            assert r.status_code == 200, r.text
            r = await client.post(f"{b_base}/api/rooms/{rid}/start", headers=auth(ta))
            assert r.status_code == 409
    ends = await asyncio.gather(a.play(after=after), b.play(after=after))
    await a.close()
    await b.close()
    assert ends[0]["game_id"] == ends[1]["game_id"]
    return [a, b], int(ends[0]["game_id"])


def _check(record: str, players: list[Player], gid: int, first: bool = False) -> None:
    assert GameRecord.loads(record).verify() == []
    views = {seat: views_by_version(p.messages, gid) for seat, p in enumerate(players)}
    firsts = {
        m["first_version"]
        for p in players
        for m in p.messages
        if m["type"] == "view" and m["game_id"] == gid
    }
    assert len(firsts) == 1
    states = replay_states(record, firsts.pop())
    start = min(states)
    for n, (seat, _) in enumerate(GameRecord.loads(record).actions()):
        # the first game (both connected throughout, to different processes): every action
        # of a person's seat is one that person sent, never a bot's for a seat taken for away
        if first and seat in (0, 1):
            assert start + n in players[seat].acks, (seat, n)
    for seat, lang in ((0, "vi"), (1, "en")):
        for version, view in views[seat].items():
            got, want = strip_deadlines(view), states[version].view(seat, lang).to_json()
            assert got == want, (seat, version, min(states), max(states), gid)
        assert max(views[seat]) == max(states)


def test_two_processes(pg_url: str, tmp_path: Path) -> None:
    env = {"CHIEU_LEASE_SECONDS": "2"}
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    one = ProcessServer(tmp_path / "a", pg_url, env=env).start()
    two = ProcessServer(tmp_path / "b", pg_url, env=env).start()
    try:
        ta, tb = guest(one.base, "Hà Nội"), guest(two.base, "Paris")
        room = make_room(
            one.base,
            ta,
            {"game": "chan", "bots": {"2": "heuristic", "3": "heuristic"}, "clock": CLOCK},
        )
        rid = room["id"]
        r = httpx.post(f"{two.base}/api/rooms/{rid}/join", json={}, headers=auth(tb))
        assert r.status_code == 200 and r.json()["seat"] == 1
        # the two players on different processes finish a game
        players, gid = asyncio.run(_game(one.base, two.base, rid, ta, tb, 0, start=True))
        rec = httpx.get(f"{two.base}/api/games/{gid}/record", headers=auth(tb))
        assert rec.status_code == 200
        _check(rec.text, players, gid, first=True)
        # the first process dies: the second takes the room over and plays the next game
        one.kill()
        players, gid = asyncio.run(_game(two.base, two.base, rid, ta, tb, gid))
        rec = httpx.get(f"{two.base}/api/games/{gid}/record", headers=auth(tb))
        assert rec.status_code == 200, rec.text
        _check(rec.text, players, gid)
    finally:
        one.stop()
        two.stop()


def test_a_restart_on_postgresql_resumes_a_live_room(pg_url: str, tmp_path: Path) -> None:
    """The one process on PostgreSQL is killed mid-sitting and started again: at start-up it
    takes the room's lease before its heartbeat runs, catches up and plays on."""
    env = {"CHIEU_LEASE_SECONDS": "2"}
    one = ProcessServer(tmp_path, pg_url, env=env).start()
    token = guest(one.base, "Huế")
    bots = {"bot_delay": 0, "pause": 600, "grace": 0}  # the absent host is played by a bot
    rid = make_room(one.base, token, {"game": "phom", "clock": bots})["id"]
    assert httpx.post(f"{one.base}/api/rooms/{rid}/start", headers=auth(token)).status_code == 200
    one.kill()
    again = ProcessServer(tmp_path, pg_url, env=env).start()  # healthy: the room is resumed
    try:
        with Watcher(again.base, rid):  # someone at the table: a room nobody is at stands still

            def over() -> Any:  # its clock runs again: the bots finish the game
                room = httpx.get(f"{again.base}/api/rooms/{rid}", headers=auth(token)).json()
                return room["room"] if room["room"]["status"] == "between" else None

            room = until(over)
        assert room["status"] == "between", room
        record = f"{again.base}/api/games/{room['game_id']}/record"
        assert httpx.get(record, headers=auth(token)).status_code == 200
    finally:
        again.stop()
