"""A seat's hints and unseen counts; a room every person left ends its sitting."""

from __future__ import annotations

import json
import time
from collections import Counter

import httpx
import pytest

from tests.server.helpers import (
    ThreadServer,
    auth,
    guest,
    make_room,
    played_alone,
    sync_connect,
    ws_url,
)


def _playing(server: ThreadServer, game: str) -> tuple[str, dict[str, object]]:
    token = guest(server.base, "Bà Tư")
    clock = {"bot_delay": 10, "turn": None, "claim": None}  # the bots wait: the deal stays
    room = make_room(server.base, token, {"game": game, "clock": clock})
    r = httpx.post(f"{server.base}/api/rooms/{room['id']}/start", headers=auth(token))
    assert r.status_code == 200, r.text
    return token, room


def test_hints_name_the_waits_and_count_the_unseen_cards(server: ThreadServer) -> None:
    token, room = _playing(server, "chan")
    url = f"{server.base}/api/rooms/{room['id']}/hints"
    r = httpx.get(url, headers=auth(token))
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["seat"] == 0 and data["hints"] and all(isinstance(h, str) for h in data["hints"])
    assert any("Chắn" in h or "chờ" in h for h in data["hints"])  # Vietnamese words
    # 100 cards: the seat sees its own (20 if it is the cái) and the cái card turned up for
    # everyone (in the cái's hand now); the other 80 are unseen
    with sync_connect(ws_url(server.base, str(room["id"])), token) as ws:
        view = json.loads(ws.recv())["view"]
    hand = Counter(next(z["cards"] for z in view["zones"] if z["id"] == "hand:0"))
    assert sum(hand.values()) in (19, 20) and sum(data["unseen"].values()) == 80
    assert all(data["unseen"].get(c, 0) <= 4 - n for c, n in hand.items())
    assert httpx.get(url, headers=auth(token)).status_code == 429  # one request a second
    time.sleep(1.05)
    en = httpx.get(url + "?lang=en", headers=auth(token)).json()
    assert en["unseen"] == data["unseen"] and en["hints"] != data["hints"]
    stranger = guest(server.base, "Người lạ")
    assert httpx.get(url, headers=auth(stranger)).status_code == 403
    assert httpx.get(url).status_code == 401


def test_a_room_every_person_left_ends_its_sitting(server: ThreadServer) -> None:
    token, room = _playing(server, "phom")
    base = f"{server.base}/api/rooms/{room['id']}"
    assert httpx.post(f"{base}/leave", headers=auth(token)).status_code == 200
    after = httpx.get(base, headers=auth(token)).json()["room"]
    assert after["status"] == "finished"
    listed = httpx.get(f"{server.base}/api/rooms", headers=auth(token)).json()["rooms"]
    assert room["id"] not in [r["id"] for r in listed]
    # the host may open rooms again: the finished one does not count against his limit
    for _ in range(10):
        make_room(server.base, token, {"game": "phom"})


def test_replays_are_rate_limited_per_player(server: ThreadServer) -> None:
    """A replay request is a replay's work: 20 a second per player, bursts of 40; another
    player is not held back by the first one's requests."""
    token = guest(server.base, "Xem lại")
    clock = {"bot_delay": 0, "pause": 600, "turn": None, "claim": None, "grace": 0}
    room = played_alone(server.base, token, {"game": "phom", "clock": clock})
    url = f"{server.base}/api/games/{room['game_id']}/replay"
    with httpx.Client(headers=auth(token)) as client:
        codes = [client.get(url, params={"step": n % 5}).status_code for n in range(80)]
    assert codes[:40] == [200] * 40 and 429 in codes
    other = httpx.get(url, headers=auth(guest(server.base, "Người khác")))
    assert other.status_code == 200
    time.sleep(0.3)
    assert httpx.get(url, headers=auth(token)).status_code == 200  # tokens come back


def test_player_buckets_forget_only_idle_players(monkeypatch: pytest.MonkeyPatch) -> None:
    from chieu.server import limits

    now = [100.0]
    monkeypatch.setattr(limits.time, "monotonic", lambda: now[0])
    buckets = limits.PlayerBuckets(rate=1.0, burst=2.0, keep=2)
    assert [buckets.take(1) for _ in range(3)] == [True, True, False]
    assert buckets.take(2)
    now[0] += 1.0  # player 1 has one token back; nobody is idle for the whole burst yet
    assert buckets.take(3) and set(buckets.buckets) == {1, 2, 3}
    now[0] += 2.0  # every bucket is full again: forgetting them changes nothing
    assert buckets.take(4) and set(buckets.buckets) == {4}
    assert [buckets.take(1) for _ in range(3)] == [True, True, False]
