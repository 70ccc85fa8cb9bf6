"""A Mạt chược room of five and of six through the server (seed 002): a person and bots play a
whole hội over the WebSocket; every push to the person matches the sitting (their table seat's
view, a spectator's while they sit out: never a hand), their act while benched is refused in
words, and the score sheet has one column per person."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest

from tests.server.helpers import (
    FAST_CLOCK,
    Player,
    ThreadServer,
    auth,
    check_hidden,
    guest,
    make_room,
)


async def _hoi(base: str, players: int) -> tuple[str, int, list[dict[str, Any]], list[Any]]:
    host = guest(base, "Bà Năm")
    bots = {str(s): "random" for s in range(players) if s != 4}  # the person: room seat 4
    rules = {"players": players, "wind_deals": 1}
    clock = {**FAST_CLOCK, "pause": 0}
    rid = make_room(
        base, host, {"game": "mạt chược", "rules": rules, "bots": bots, "clock": clock}
    )["id"]
    p = Player(base, host, rid)
    await p.connect()
    httpx.post(f"{base}/api/rooms/{rid}/start", headers=auth(host)).raise_for_status()
    views: list[dict[str, Any]] = []
    refusals: list[Any] = []
    tried = False
    while True:
        msg = await p.recv()
        if msg["type"] == "error":
            if msg["code"] == "stale":
                continue
            refusals.append(msg)
            continue
        if msg["type"] != "view":
            continue
        room = msg["room"]
        assert msg["seat"] == 4 and len(room["seats"]) == players
        if room["status"] == "finished":
            views.append(msg)
            break
        view = msg["view"]
        if view is None:
            continue
        views.append(msg)
        seating = room["seating"]
        assert seating is not None and len(seating) == 4
        at = seating.index(4) if 4 in seating else None
        assert view["viewer"] == at
        check_hidden(view, at)  # nobody's hand but one's own (a benched person: none)
        if at is None and room["status"] == "playing" and not tried:
            tried = True  # a benched person's action: refused, in words
            await p.send({"type": "act", "version": msg["version"], "action": 0})
        if room["status"] == "between":
            await p.send({"type": "next"})
        elif view["decisions"] and msg["version"] not in p.acted:
            p.acted.add(msg["version"])
            action = view["decisions"][0]["default"]
            await p.send({"type": "act", "version": msg["version"], "action": action})
    await p.close()
    return host, rid, views, refusals


@pytest.mark.parametrize("players", [5, 6])
def test_a_whole_hoi_over_the_socket(server: ThreadServer, players: int) -> None:
    host, rid, views, refusals = asyncio.run(_hoi(server.base, players))
    # the benched person's act: refused clearly (what happened, what to do), nothing else
    assert [r["code"] for r in refusals] == ["sitting_out"]
    said = refusals[0]["message"]
    assert "ngồi ngoài" in said["vi"] and "sit out" in said["en"]
    # who sat where in each deal, as pushed, is the sitting's
    pushed: dict[int, list[int]] = {}
    benches: dict[int, list[int]] = {}
    for msg in views:
        room = msg["room"]
        if room["status"] == "playing":
            pushed.setdefault(room["game_number"], room["seating"])
            bench = room["bench"]
            assert bench["deal"] == room["game_number"] and bench["when"]["vi"]
            benches.setdefault(room["game_number"], bench["seats"])
    sheet = httpx.get(f"{server.base}/api/rooms/{rid}/sheet", headers=auth(host)).json()
    assert len(sheet["names"]) == players and sheet["names"][4] == "Bà Năm"
    rows = sheet["rows"]
    assert len(rows) == 4  # one deal a wind round, four winds
    for row in rows:
        n = row["number"]
        assert pushed[n] == row["seating"]
        assert sorted(benches[n]) == sorted(set(range(players)) - set(row["seating"]))
        assert len(row["points"]) == players and len(row["totals"]) == players
        for p in benches[n]:
            assert row["points"][p] == 0
    assert 4 in benches[1] and 4 in pushed[2]  # Trung sits out the East round, then comes in
    final = views[-1]["room"]
    assert final["bench"] is None and len(final["totals"]) == players
    assert final["totals"] == rows[-1]["totals"]
