"""Claim windows look the same whoever can claim (issue 26, docs/protocol.md "Claim windows").

A person sits at seat 0 of a table of bots, a spectator watches; the room's own clock runs.
For every window the test notes whether some asked seat had a real choice (the truth, which
no client may learn), and what the spectator and the person received: the messages, their
versions, ``claim_open``, and when. Before this was fixed a window where everyone could only
pass was resolved at once (never shown open, the version unchanged): the spectator saw a
window exactly when someone could claim.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import time
from pathlib import Path
from typing import Any

import pytest

from chieu.server.lobby import Lobby
from chieu.server.pushing import Conn
from chieu.server.room import Room
from chieu.server.storage import Store

HOLD = 0.1
#: windows of each kind to see: a real claim is rare in Chắn (a chíu, an ù)
ENOUGH = {"chan": 1, "totom": 3, "matchuoc": 3}


def _signature(msgs: list[tuple[float, dict[str, Any]]], start: int) -> list[Any]:
    """The spectator's messages of one window as (version step, claim_open)."""
    return [(m["version"] - start, m["view"]["claim_open"]) for _, m in msgs]


class Recorder(Conn):
    """A spectator's connection that notes when each message was pushed."""

    def __init__(self, player: int) -> None:
        super().__init__(player, None, "vi")
        self.seen: list[tuple[float, dict[str, Any]]] = []

    def send(self, text: str) -> None:
        msg = json.loads(text)
        if msg["type"] == "view" and msg["view"] is not None:
            self.seen.append((time.time(), msg))


def _usable(windows: list[Any], seen: list[Any]) -> list[tuple[bool, list[Any]]]:
    """Each finished window's kind and the spectator's messages during it, leaving out
    the last (it may be cut short) and those during which a game ended."""
    out = []
    for i, (at, real, _shown) in enumerate(windows[:-1]):
        nxt = windows[i + 1][0]
        msgs = [(t, m) for t, m in seen if at <= t < nxt]
        if nxt - at > 5 or (msgs and msgs[0][1]["game_id"] != msgs[-1][1]["game_id"]):
            continue  # the game ended meanwhile
        out.append((real, msgs))
    return out


async def _watch(
    room: Room, person: Conn, spectator: Recorder, windows: list[Any], enough: int
) -> None:
    async def play_person() -> None:  # answers every decision at once, as a quick client does
        while True:
            text = await person.outbox.get()
            if text is None:
                return
            msg = json.loads(text)
            if msg["type"] != "view" or not msg["view"] or not msg["view"]["decisions"]:
                continue
            async with room.lock:
                action, _err = room.check(0, msg["version"], msg["view"]["decisions"][0]["default"])
                if action is not None:
                    await room.commit(0, action)

    tasks = [asyncio.create_task(play_person())]
    room.ensure_running()
    deadline = time.time() + 120
    while time.time() < deadline and room.status in ("playing", "between"):
        kinds = [real for real, _ in _usable(windows, spectator.seen)]
        if kinds.count(True) >= enough and kinds.count(False) >= enough:
            break
        await asyncio.sleep(0.05)
    await room.stop()
    for t in tasks:
        t.cancel()
    windows.append(spectator.seen)  # the spectator's messages, last


@pytest.mark.parametrize("game", ["matchuoc", "totom", "chan"])
def test_every_window_looks_the_same(tmp_path: Path, game: str) -> None:
    store = Store(f"sqlite:///{tmp_path / 'w.sqlite3'}")
    store.migrate()
    lobby = Lobby(store)
    host = store.create_player("Bà Nội")
    clock = {"bot_delay": 0, "pause": 0, "window": HOLD, "claim": 30, "turn": 30}
    bots = {"1": "random", "2": "random"}
    room = lobby.create_room(host, {"game": game, "bots": bots, "clock": clock})
    for i, s in enumerate(room.seats):
        if s["player"] is None:
            room.seats[i] = {"player": None, "bot": "random"}
    windows: list[Any] = []  # (opened at, some seat has a real choice, version shown before)
    opened = room._opened

    def spy(now: float) -> None:
        before = room._window
        opened(now)
        window = room.state.window if room.state is not None else None
        if window is not None and window is not before:
            real = any(len(o) > 1 for o in window.options.values())
            windows.append((room.window_at, real, room.shown))

    room._opened = spy  # type: ignore[method-assign]
    person, spectator = Conn(host, 0, "vi"), Recorder(store.create_player("Khách"))

    async def main() -> None:
        room.conns.update((person, spectator))
        async with room.lock:
            await room.start_sitting()
            room.broadcast()
        await _watch(room, person, spectator, windows, enough=ENOUGH[game])

    asyncio.run(main())
    store.close()
    seen = windows.pop()
    by_kind: dict[bool, set[Any]] = {True: set(), False: set()}
    durations: dict[bool, list[float]] = {True: [], False: []}
    for real, msgs in _usable(windows, seen):
        # the window shows open to the spectator, then closes one version later
        assert msgs and msgs[0][1]["view"]["claim_open"], (game, real, msgs[:1])
        start = msgs[0][1]["version"]
        closed = next((t, m) for t, m in msgs if m["version"] > start)
        assert closed[1]["version"] == start + 1, (game, real, _signature(msgs, start))
        by_kind[real].add(tuple(_signature(msgs[: msgs.index(closed) + 1], start)))
        durations[real].append(closed[0] - msgs[0][0])
    assert by_kind[True] and by_kind[False], by_kind  # both kinds were seen
    assert by_kind[True] == by_kind[False]  # the same messages, whoever could claim
    # and at the same time: never before the hold ends, whatever anyone held; after it, as
    # long for either kind (medians: a loaded machine may delay a message now and then)
    for real, spans in durations.items():
        assert min(spans) >= HOLD - 0.01, (real, sorted(spans)[:3])
        assert statistics.median(spans) <= HOLD + 0.3, (real, sorted(spans))
    medians = [statistics.median(durations[real]) for real in (True, False)]
    assert abs(medians[0] - medians[1]) <= 0.05, medians
