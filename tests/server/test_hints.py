"""A seat's hints and unseen counts; a room every person left ends its sitting."""

from __future__ import annotations

import json
import time
from collections import Counter

import httpx
from websockets.sync.client import connect

from tests.server.helpers import ThreadServer, auth, guest, make_room


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
    ws_url = server.base.replace("http", "ws") + f"/ws/rooms/{room['id']}?token={token}"
    with connect(ws_url) as ws:
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
