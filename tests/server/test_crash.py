"""``chieu serve`` killed with SIGKILL in the middle of a game, started again: nothing lost."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx

from chieu.core.record import GameRecord
from tests.server.helpers import (
    Player,
    ProcessServer,
    auth,
    guest,
    make_room,
    replay_states,
    strip_deadlines,
    views_by_version,
)

CLOCK = {"bot_delay": 0.02, "pause": 600, "turn": 60, "claim": 60, "grace": 600, "window": 0}


async def _first_half(base: str) -> tuple[str, int, Player, int]:
    host = guest(base, "Bà Tư")
    bots = {"1": "heuristic", "2": "heuristic", "3": "heuristic"}
    rid = make_room(base, host, {"game": "chắn", "bots": bots, "clock": CLOCK})["id"]
    p = Player(base, host, rid)
    await p.connect()
    httpx.post(f"{base}/api/rooms/{rid}/start", headers=auth(host)).raise_for_status()
    gid = 0
    for _ in range(7):  # a deal may end at once (ù): then ask for the next one
        p.stop_after = len(p.acks) + 3
        while True:  # the next game's id (ids are random, not in order)
            room = httpx.get(f"{base}/api/rooms/{rid}", headers=auth(host)).json()["room"]
            if room["game_id"] not in (None, gid):
                break
            await asyncio.sleep(0.02)
        gid = room["game_id"]
        last = await p.play(game_id=gid)
        if last["view"]["outcome"] is None and last["game_id"] == gid:
            break
        await p.send({"type": "next"})
    # the last action was sent: wait for the view that acknowledges it
    while max(views_by_version(p.messages, gid)) <= p.acks[-1]:
        await p.recv()
    return host, rid, p, gid


async def _second_half(base: str, host: str, rid: int, seen: int, gid: int) -> Player:
    p = Player(base, host, rid)
    await p.connect(since=seen)
    await p.play(game_id=gid)
    await p.close()
    return p


def test_kill_and_finish(tmp_path: Path) -> None:
    srv = ProcessServer(tmp_path).start()
    try:
        host, rid, before, gid = asyncio.run(_first_half(srv.base))
        srv.kill()  # SIGKILL: no clean shutdown
        assert before.messages[-1]["view"]["outcome"] is None  # killed mid-game
        seen = max(views_by_version(before.messages, gid))
        srv.start()  # the same data directory, a new process
        after = asyncio.run(_second_half(srv.base, host, rid, seen, gid))
        rec = httpx.get(f"{srv.base}/api/games/{gid}/record", headers=auth(host))
        assert rec.status_code == 200, rec.text
    finally:
        srv.stop()
    assert (tmp_path / "chieu.sqlite3").exists()  # CHIEU_DATA_DIR
    record = GameRecord.loads(rec.text)
    assert record.verify() == [] and record.replay().is_terminal()
    _check_views(rec.text, before.messages + after.messages, gid)
    # every action the client saw acknowledged is in the record, once
    firsts = views_by_version(before.messages, gid)
    states = replay_states(rec.text, min(firsts))
    for version in before.acks[-3:]:
        assert version + 1 in states
    assert len(record.actions()) == max(states) - min(states)


def _check_views(text: str, messages: list[dict[str, Any]], gid: int) -> None:
    views = views_by_version(messages, gid)
    states = replay_states(text, min(views))
    for version, view in views.items():
        assert strip_deadlines(view) == states[version].view(0, "vi").to_json(), version
    assert max(views) == max(states)
