"""Bots take their time like a person (issue 31): a bot's answer comes ``bot_delay`` times a
factor in ``THINKING``, drawn from the game's secret nonce, the seat and when its decision
began: never 0 ms at a table where the delay is not 0, never the same pace every time, and
nothing a card could change."""

from __future__ import annotations

import statistics
import time
from pathlib import Path

import httpx
import pytest

from chieu.server.botpool import decision_rng
from chieu.server.clock import PEOPLE_BOT_DELAY, THINKING, RoomClock, people_bot_delay, thinking
from tests.server.helpers import ThreadServer, Watcher, auth, guest, make_room, until


def test_a_bot_thinks_a_varied_time_within_its_bounds() -> None:
    lo, hi = THINKING
    factors = [thinking("nonce-a", seat, 1000.0 + t / 7) for seat in range(4) for t in range(250)]
    assert all(lo <= f <= hi for f in factors) and lo > 0
    assert min(factors) < lo + 0.1 and max(factors) > hi - 0.1  # the whole range is used
    assert abs(statistics.fmean(factors) - (lo + hi) / 2) < 0.08  # uniform
    assert len({round(f, 6) for f in factors}) > 990


def test_the_same_decision_asked_again_gives_the_same_time() -> None:
    """The clock asks again and again while it waits: the due time must not move."""
    assert thinking("n", 2, 1234.5) == thinking("n", 2, 1234.5)
    assert thinking("n", 2, 1234.5) != thinking("m", 2, 1234.5)  # another game's nonce
    assert thinking("n", 2, 1234.5) != thinking("n", 3, 1234.5)


def test_each_decision_of_a_bot_draws_from_a_stream_of_its_own() -> None:
    """The workers make a bot's stream anew for every job: from the room's version, so that a
    bot that slips at random (Dễ) does not draw the same number at every decision."""
    first = [decision_rng(7, 1, step).random() for step in range(200)]
    assert len(set(first)) == 200
    assert decision_rng(7, 1, 5).random() == decision_rng(7, 1, 5).random()
    assert 0.25 < sum(x < 0.35 for x in first) / 200 < 0.45  # Dễ's slips, about one in three


class _Table(RoomClock):
    """Just what ``RoomClock.bot_delay`` reads of a room."""

    def __init__(self, bot_delay: float, players: list[int | None], floor: float) -> None:
        self.clock = {"bot_delay": bot_delay}
        self.seats = [{"player": p} for p in players]  # type: ignore[misc]
        self.people_delay = floor


def test_no_bot_answers_a_person_at_once() -> None:
    """Issue 31: no 0 ms claims at a table with people. A room asking ``bot_delay: 0`` gets
    the floor as soon as one person sits (even while a bot plays for him); a table of bots
    alone keeps its own pace, and a slower room keeps its own."""
    assert _Table(0.0, [None, None, None, None], 0.25).bot_delay() == 0.0
    assert _Table(0.0, [7, None, None, None], 0.25).bot_delay() == 0.25
    assert _Table(0.1, [None, 7, 8, None], 0.25).bot_delay() == 0.25
    assert _Table(0.6, [7, None, None, None], 0.25).bot_delay() == 0.6
    assert THINKING[0] * PEOPLE_BOT_DELAY >= 0.1  # the quickest answer beside a person


def test_the_floor_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for given, expected in (
        ("0", 0.0),
        ("0.5", 0.5),
        ("", 0.25),
        ("soon", 0.25),
        ("-1", 0.0),
        ("1e9", 10.0),
        ("nan", 0.25),
    ):
        monkeypatch.setenv("CHIEU_MIN_BOT_DELAY", given)
        assert people_bot_delay() == expected, given
    monkeypatch.delenv("CHIEU_MIN_BOT_DELAY")
    assert people_bot_delay() == PEOPLE_BOT_DELAY == 0.25


def test_bots_beside_a_person_wait_at_least_the_floor(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a real server: a room asking ``bot_delay: 0`` with its host seated (away: a bot
    plays for him at once, grace 0) takes at least the floor times the quickest factor for
    each of its first moves, all of them bots'."""
    monkeypatch.setenv("CHIEU_MIN_BOT_DELAY", "0.3")
    clock = {"bot_delay": 0, "pause": 600, "turn": None, "claim": None, "grace": 0, "window": 0}
    with ThreadServer(f"sqlite:///{tmp_path / 'chieu.sqlite3'}") as srv:
        host = guest(srv.base, "Bà Nội")
        room = make_room(srv.base, host, {"game": "phom", "clock": clock})
        rid = room["id"]

        def version() -> int:
            got = httpx.get(f"{srv.base}/api/rooms/{rid}", headers=auth(host)).json()["room"]
            return int(got["version"])

        with Watcher(srv.base, rid, code=room["code"]):
            httpx.post(f"{srv.base}/api/rooms/{rid}/start", headers=auth(host)).raise_for_status()
            began, first = time.monotonic(), version()
            until(lambda: version() >= first + 4, step=0.01)
            took = time.monotonic() - began
    assert took >= 4 * 0.3 * THINKING[0] - 0.05
