"""A room of a hội with more people than seats (Mạt chược of five or six, seed 002): one room
seat per person, each deal seated by the sitting; the person on the bench watches the deal as
a spectator does (never a hand) and cannot act; a rebuild (a restart) or another process
reading the room keeps the mapping. In process, the clock stepped by hand."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from chieu.server.lobby import Lobby
from chieu.server.pushing import Conn
from chieu.server.room import Room
from chieu.server.storage import Store
from tests.server.helpers import check_hidden, spectate

CLOCK = {"bot_delay": 0, "window": 0, "turn": 60, "claim": 60, "grace": 600, "pause": 0}


def _room(tmp_path: Path, players: int) -> tuple[Store, Room, int]:
    """A Mạt chược room of ``players`` people: bots at the first four room seats, a person
    (away: a bot covers him only past his grace) at room seat 4, who sits out the first round."""
    store = Store(f"sqlite:///{tmp_path / 'bench.sqlite3'}")
    store.migrate()
    host = store.create_player("Bà Năm")
    bots = {str(s): "random" for s in range(players) if s != 4}
    body = {"game": "matchuoc", "rules": {"players": players, "wind_deals": 1}, "bots": bots}
    room = Lobby(store).create_room(host, {**body, "clock": CLOCK})
    assert len(room.seats) == players and room.seats[4]["player"] == host
    return store, room, host


async def _step(room: Room, person: int = 4) -> None:
    """One step: the person's decision answered with its default, else the clock's (bots here,
    no pool)."""
    at = room.table_seat(person)
    d = None if at is None else room.pending().get(at)
    async with room.lock:
        if at is not None and d is not None:
            await room.commit(at, d.default)
        else:
            await room.auto_step(time.time())


async def _step_until(room: Room, done: Callable[[], bool]) -> None:
    """Step until ``done()``."""
    for _ in range(20000):
        if done():
            return
        await _step(room)
    raise AssertionError("never so")


def _views(conn: Conn) -> list[dict[str, Any]]:
    out = []
    while not conn.outbox.empty():
        text = conn.outbox.get_nowait()
        if text is not None:
            msg = json.loads(text)
            if msg["type"] == "view":
                out.append(msg)
    return out


def test_five_the_bench_watches_and_a_rebuild_keeps_the_mapping(tmp_path: Path) -> None:
    async def main() -> None:
        store, room, host = _room(tmp_path, 5)
        await room.start_sitting()
        spectate(room)
        me = Conn(player=host, seat=4, lang="vi", outbox=asyncio.Queue())
        room.attach(me)
        # deal 1: the four bots play, the person at room seat 4 sits out
        assert room.table == (0, 1, 2, 3) and room.table_seat(4) is None and room.benched(4)
        data = room.to_json()
        assert data["players"] == 5 and data["seating"] == [0, 1, 2, 3]
        assert data["bench"] is not None and data["bench"]["seats"] == [4]
        assert data["bench"]["deal"] == 1
        assert data["bench"]["when"] is not None and "gió Đông" in data["bench"]["when"]["vi"]
        assert room.check(4, room.shown, 0) == (None, "sitting_out")
        room.broadcast()
        await _step_until(room, lambda: room.status != "playing")
        seen = _views(me)
        assert seen
        for msg in seen:  # never a hand: the spectator's view, the room seat said
            assert msg["seat"] == 4
            check_hidden(msg["view"], None)
        # deal 2: the person comes in at East (the dealer's seat); East's person goes out
        await _step_until(room, lambda: room.status == "playing" and room.state is not None)
        assert room.sitting is not None
        first = room.sitting.rows[0]
        assert first.seating == (0, 1, 2, 3) and first.points[4] == 0
        at = room.table_seat(4)
        assert at is not None and room.person(at) == 4
        out = room.to_json()["bench"]
        assert out is not None and out["deal"] == 2 and len(out["seats"]) == 1
        assert out["seats"][0] != 4 and room.benched(out["seats"][0])
        _views(me)
        room.broadcast()
        (mine,) = _views(me)
        assert mine["view"]["viewer"] == at and mine["room"]["seating"][at] == 4
        check_hidden(mine["view"], at)
        # a few actions into deal 2, then the room rebuilt from the database (a restart)
        await _step_until(room, lambda: len(room.marks) > 6)
        again = Lobby(store).load_room(room.id)
        assert again is not None
        assert again.table == room.table and again.table_seat(4) == at
        assert again.to_json()["bench"] == room.to_json()["bench"]
        assert again.state is not None and room.state is not None
        assert again.state.view(at).to_json() == room.state.view(at).to_json()
        assert set(again.pending()) == set(room.pending())
        # a second process catching up (cluster sync) after the next deal began
        await _step_until(room, lambda: room.sitting is not None and len(room.sitting.rows) == 2)
        await _step_until(room, lambda: room.status == "playing")
        again.sync()
        assert again.table == room.table and again.game_id == room.game_id

    asyncio.run(main())


def test_six_two_sit_out_and_the_sheet_is_per_person(tmp_path: Path) -> None:
    async def main() -> None:
        _store, room, _host = _room(tmp_path, 6)
        await room.start_sitting()
        spectate(room)
        seatings: dict[int, tuple[int, ...]] = {}  # game id -> who sat where
        for _ in range(50000):
            if room.status == "finished":
                break
            if room.status == "playing" and room.game_id not in seatings:
                assert room.game_id is not None
                seatings[room.game_id] = room.table
                bench = room.to_json()["bench"]
                assert bench is not None and len(bench["seats"]) == 2
                assert set(bench["seats"]) == set(range(6)) - set(room.table)
            await _step(room)
        sitting = room.sitting
        assert sitting is not None and len(sitting.rows) == 4  # one deal a wind round
        assert [r.seating for r in sitting.rows] == list(seatings.values())
        # East and West change each round: the two at South and North never sit out
        played = [sum(p in r.seating for r in sitting.rows if r.seating) for p in range(6)]
        assert sorted(played) == [2, 2, 2, 2, 4, 4]
        assert sitting.names[4] == "Bà Năm" and len(sitting.totals) == 6
        for row in sitting.rows:
            assert row.seating is not None
            for p in set(range(6)) - set(row.seating):
                assert row.points[p] == 0
        assert room.to_json()["bench"] is None  # the hội is over
        assert len(room.to_json()["totals"]) == 6

    asyncio.run(main())
