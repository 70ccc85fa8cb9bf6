"""Whole games over real WebSockets: two people, bots, a spectator; every message checked."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest

from chieu.core.record import GameRecord
from chieu.core.registry import game_names
from tests.server.helpers import (
    FAST_CLOCK,
    Player,
    ThreadServer,
    auth,
    check_hidden,
    guest,
    make_room,
    stored_states,
    strip_deadlines,
    views_by_version,
)


async def _game(srv: ThreadServer, game: str) -> dict[str, Any]:
    base = srv.base
    t0, t1, t2 = guest(base, "Bà Tư"), guest(base, "Chú Ba"), guest(base, "Khách")
    n = httpx.get(f"{base}/api/games").json()["games"]
    players = next(g for g in n if g["name"] == game)["info"]["players"]
    bots = {str(s): "heuristic" for s in range(2, players)}
    clock = {**FAST_CLOCK, "window": 0.3}  # every claim window held (chieu.server.windows)
    room = make_room(base, t0, {"game": game, "bots": bots, "clock": clock})
    rid = room["id"]
    assert room["seats"][0]["player"]["name"] == "Bà Tư"
    r = httpx.post(f"{base}/api/rooms/{rid}/join", json={}, headers=auth(t1))
    assert r.status_code == 200 and r.json()["seat"] == 1
    a, b = Player(base, t0, rid), Player(base, t1, rid, lang="en")
    watcher = Player(base, t2, rid)
    for p in (a, b, watcher):
        await p.connect()
    r = httpx.post(f"{base}/api/rooms/{rid}/start", headers=auth(t0))
    assert r.status_code == 200, r.text
    assert httpx.post(f"{base}/api/rooms/{rid}/start", headers=auth(t0)).status_code == 409

    async def watch() -> None:
        while True:
            msg = await watcher.recv()
            if msg["type"] == "view" and msg["view"] and msg["view"]["outcome"]:
                return

    # the record is refused to a spectator and given redacted to a seat before the end
    first = await a.recv()
    while first["type"] != "view" or first["view"] is None:
        first = await a.recv()
    gid = first["game_id"]
    a.backlog.append(first)
    assert httpx.get(f"{base}/api/games/{gid}/record", headers=auth(t2)).status_code == 403
    mine = httpx.get(f"{base}/api/games/{gid}/record", headers=auth(t1)).json()
    assert mine["seat"] == 1 and "seed" not in mine
    await asyncio.gather(a.play(), b.play(), watch())
    record = httpx.get(f"{base}/api/games/{gid}/record", headers=auth(t2))
    assert record.status_code == 200
    for p in (a, b, watcher):
        await p.close()
    return {
        "record": record.text,
        "gid": gid,
        "players": (a, b, watcher),
        "mine": mine,
        "base": base,
        "rid": rid,
        "token": t0,
    }


@pytest.mark.parametrize("game", game_names())
def test_whole_game(server: ThreadServer, game: str) -> None:
    out = asyncio.run(_game(server, game))
    text, gid = out["record"], out["gid"]
    record = GameRecord.loads(text)
    assert record.verify() == []
    final = record.replay()
    assert final.is_terminal()
    a, b, watcher = out["players"]
    first_version = min(views_by_version(watcher.messages, gid))
    states = stored_states(server.url, gid)
    assert min(states) == first_version
    # every view any client received is exactly the core's view for that client's seat
    checked = 0
    for player, seat, lang in ((a, 0, "vi"), (b, 1, "en"), (watcher, None, "vi")):
        views = views_by_version(player.messages, gid)
        assert views, "no view"
        for version, view in views.items():
            check_hidden(view, seat)
            expected = states[version].view(seat, lang).to_json()
            assert strip_deadlines(view) == expected, (seat, version)
            checked += 1
        assert max(views) == max(states)
    assert checked >= 9  # at least three views for each client
    # the seat's redacted record before the end held only what the seat may see
    histories = [[e.to_json() for e in st.history(1)] for st in states.values()]
    assert out["mine"]["events"] in histories
    # the score sheet has the game
    sheet = httpx.get(f"{out['base']}/api/rooms/{out['rid']}/sheet", headers=auth(out["token"]))
    assert len(sheet.json()["rows"]) == 1
    csv = httpx.get(f"{out['base']}/api/rooms/{out['rid']}/sheet.csv", headers=auth(out["token"]))
    assert csv.text.splitlines()[0].startswith("number,winner,termination")
    assert len(csv.text.splitlines()) == 2
