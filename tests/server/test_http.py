"""The REST endpoints: players, rooms, seats, errors."""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest

from chieu.core.registry import game_names
from chieu.core.table import load_game
from chieu.server.lobby import Lobby
from tests.server.helpers import ThreadServer, auth, guest, make_room


def test_health_games_and_docs(server: ThreadServer) -> None:
    assert httpx.get(f"{server.base}/api/health").json() == {"ok": True}
    games = httpx.get(f"{server.base}/api/games").json()["games"]
    names = [g["name"] for g in games]
    assert sorted(names) == game_names()
    assert names[:4] == ["chan", "totom", "phom", "matchuoc"]  # the menu's order (game kits)
    assert names == sorted(names, key=lambda n: (load_game(n).kit.order, n))
    for g in games:
        assert g["presets"] and g["info"]["players"] >= 2 and "heuristic" in g["bots"]
        for o in g["options"]:
            assert {"name", "type", "default", "choices", "help"} <= set(o)
            assert set(o["help"]) == {"vi", "en"}
    assert httpx.get(f"{server.base}/docs").status_code == 200
    assert "/api/rooms" in httpx.get(f"{server.base}/openapi.json").json()["paths"]
    assert httpx.get(f"{server.base}/").status_code == 200


def test_accounts_and_tokens(server: ThreadServer) -> None:
    b = server.base
    r = httpx.post(f"{b}/api/accounts", json={"name": "Ông Năm", "password": "mật khẩu dài"})
    assert r.status_code == 200 and r.json()["player"] == {
        "id": 1,
        "name": "Ông Năm",
        "guest": False,
    }
    again = httpx.post(
        f"{b}/api/accounts", json={"name": "ông năm", "password": "cá vàng bơi qua sông"}
    )
    assert again.status_code == 409 and again.json()["error"]["code"] == "name_taken"
    bad = httpx.post(f"{b}/api/login", json={"name": "Ông Năm", "password": "sai rồi!"})
    assert bad.status_code == 401 and set(bad.json()["error"]["message"]) == {"vi", "en"}
    ok = httpx.post(f"{b}/api/login", json={"name": "Ông Năm", "password": "mật khẩu dài"})
    token = ok.json()["token"]
    assert httpx.get(f"{b}/api/me", headers=auth(token)).json()["player"]["name"] == "Ông Năm"
    assert httpx.get(f"{b}/api/me").status_code == 401
    assert httpx.get(f"{b}/api/me", headers=auth(token + "x")).status_code == 401
    short = httpx.post(f"{b}/api/accounts", json={"name": "A", "password": "short"})
    assert short.status_code == 400


def test_bad_bodies(server: ThreadServer) -> None:
    b = server.base
    for body in (b"{", b"[1]", b'{"name": ""}', b'{"name": 5}', b"[" * 100 + b"]" * 100):
        r = httpx.post(f"{b}/api/guests", content=body)
        assert r.status_code == 400, (body, r.text)
        assert r.json()["error"]["code"] in ("bad_json", "bad_message", "bad_name")
    big = httpx.post(f"{b}/api/guests", content=b'{"name": "' + b"x" * 40000 + b'"}')
    assert big.status_code in (400, 413)
    t = guest(b, "Chủ bàn")
    for body in (
        {"game": "cờ vua"},
        {"game": "chan", "bots": {"9": "heuristic"}},
        {"game": "chan", "bots": {"1": "ext:rm -rf /"}},
        {"game": "chan", "preset": "x"},
        {"game": "chan", "clock": {"turn": -1}},
        {"game": "chan", "seats": 99},
    ):
        r = httpx.post(f"{b}/api/rooms", json=body, headers=auth(t))
        assert r.status_code == 400, (body, r.text)
        assert "traceback" not in r.text.lower()


def test_rooms_seats_and_conflicts(server: ThreadServer) -> None:
    b = server.base
    host, other, third = guest(b, "Chủ"), guest(b, "Khách 1"), guest(b, "Khách 2")
    room = make_room(b, host, {"game": "phỏm", "seats": 3, "bots": {"2": "random"}})
    rid = room["id"]
    assert room["players"] == 3 and room["status"] == "waiting"
    assert [s["bot"] for s in room["seats"]] == [None, None, "random"]
    assert httpx.post(f"{b}/api/rooms/{rid}/join", json={}, headers=auth(host)).status_code == 409
    r = httpx.post(f"{b}/api/rooms/{rid}/join", json={"seat": 2}, headers=auth(other))
    assert r.status_code == 409 and r.json()["error"]["code"] == "seat_taken"
    r = httpx.post(f"{b}/api/rooms/{rid}/join", json={}, headers=auth(other))
    assert r.json()["seat"] == 1
    r = httpx.post(f"{b}/api/rooms/{rid}/join", json={}, headers=auth(third))
    assert r.status_code == 409 and r.json()["error"]["code"] == "room_full"
    assert httpx.post(f"{b}/api/rooms/{rid}/leave", headers=auth(other)).status_code == 200
    assert httpx.post(f"{b}/api/rooms/{rid}/join", json={}, headers=auth(third)).json()["seat"] == 1
    assert httpx.post(f"{b}/api/rooms/{rid}/start", headers=auth(third)).status_code == 403
    assert httpx.post(f"{b}/api/rooms/{rid}/start", headers=auth(host)).status_code == 200
    assert httpx.post(f"{b}/api/rooms/{rid}/start", headers=auth(host)).status_code == 409
    listed = httpx.get(f"{b}/api/rooms", headers=auth(other)).json()["rooms"]
    assert [r["id"] for r in listed] == [rid] and listed[0]["status"] == "playing"
    assert httpx.get(f"{b}/api/rooms/999", headers=auth(other)).status_code == 404
    r = httpx.get(f"{b}/api/rooms/abc", headers=auth(other))
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_message"
    # private rooms are not listed; joined by code
    secret = make_room(b, other, {"game": "chan", "private": True})
    listed = httpx.get(f"{b}/api/rooms", headers=auth(other)).json()["rooms"]
    assert secret["id"] not in [r["id"] for r in listed]
    r = httpx.post(f"{b}/api/rooms/join", json={"code": secret["code"].lower()}, headers=auth(host))
    assert r.status_code == 200 and r.json()["room"]["id"] == secret["id"]
    assert (
        httpx.post(f"{b}/api/rooms/join", json={"code": "NOPE"}, headers=auth(host)).status_code
        == 404
    )


def test_the_bots_level_of_a_room(server: ThreadServer) -> None:
    """Issue 31: a room's ``level`` (by its name or its words) fills the empty seats at the
    start; a seat's bot may be a level; the menu lists the levels in words with their bots."""
    b = server.base
    games = httpx.get(f"{b}/api/games").json()["games"]
    for g in games:
        assert [lv["name"] for lv in g["levels"]] == ["easy", "medium", "hard", "master"]
        assert g["levels"][3]["words"] == {"vi": "Cao thủ", "en": "Master"}
    host = guest(b, "Bà Ba")
    room = make_room(b, host, {"game": "chan", "level": "Khó", "bots": {"1": "dễ"}})
    assert room["level"] == "hard" and [s["bot"] for s in room["seats"]][:2] == [None, "easy"]
    default = make_room(b, guest(b, "Ông Tư"), {"game": "phom"})
    assert default["level"] == "medium"
    for body in (
        {"game": "chan", "level": "siêu"},
        {"game": "chan", "level": 3},
        {"game": "chan", "level": "x" * 5000},
    ):
        r = httpx.post(f"{b}/api/rooms", json=body, headers=auth(host))
        assert r.status_code == 400 and "levels: easy (Dễ)" in r.text, r.text
    started = httpx.post(f"{b}/api/rooms/{room['id']}/start", headers=auth(host))
    assert started.status_code == 200
    seats = httpx.get(f"{b}/api/rooms/{room['id']}", headers=auth(host)).json()["room"]["seats"]
    assert [s["bot"] for s in seats] == [None, "easy", "hard", "hard"]


def test_rooms_per_player(server: ThreadServer) -> None:
    t = guest(server.base, "Nhiều bàn")
    codes = []
    for _ in range(10):
        codes.append(make_room(server.base, t, {"game": "chan"})["code"])
    assert len(set(codes)) == 10
    r = httpx.post(f"{server.base}/api/rooms", json={"game": "chan"}, headers=auth(t))
    assert r.status_code == 429 and r.json()["error"]["code"] == "too_many_rooms"


def test_passwords_are_hashed_off_the_loop_and_a_flood_is_refused(server: ThreadServer) -> None:
    """argon2 takes ~0.1 s a password: the server answers other requests meanwhile, and a
    client with a password job already running gets 429 ``busy`` at once."""
    b = server.base
    name = {"name": "Bà Tư", "password": "mật khẩu dài"}
    assert httpx.post(f"{b}/api/accounts", json=name).status_code == 200
    wrong = {"name": "Bà Tư", "password": "sai rồi nhé"}
    unknown = {"name": "Không Có Ai", "password": "sai rồi nhé"}

    async def scene() -> tuple[list[int], list[float]]:
        async with httpx.AsyncClient(base_url=b, timeout=30) as client:
            logins = [
                asyncio.create_task(client.post("/api/login", json=body))
                for body in (wrong, unknown, wrong, wrong)
            ]
            health = []
            while not all(t.done() for t in logins):
                began = time.perf_counter()
                assert (await client.get("/api/health")).status_code == 200
                health.append(time.perf_counter() - began)
            return [t.result().status_code for t in logins], health

    codes, health = asyncio.run(scene())
    assert sorted(codes) == [401, 429, 429, 429]  # one job per client; unknown names too
    assert health and max(health) < 0.08, health  # the loop never waited for argon2 (0.1 s)
    busy = httpx.post(f"{b}/api/login", json=wrong)
    assert busy.status_code == 401  # the job is done: the client may try again
    ok = httpx.post(f"{b}/api/login", json=name)
    assert ok.status_code == 200 and ok.json()["player"]["name"] == "Bà Tư"
    flood = [httpx.post(f"{b}/api/login", json=unknown) for _ in range(2)]
    assert [r.status_code for r in flood] == [401, 401]
    assert set(httpx.post(f"{b}/api/login", json=unknown).json()["error"]["message"]) == {
        "vi",
        "en",
    }


def test_ids_past_64_bits_are_not_found(server: ThreadServer) -> None:
    """A path's number may be any size: past what a database takes, it names nothing (404),
    never a driver's overflow answered as a server error."""
    b = server.base
    h = auth(guest(b, "Số to"))
    big = "9" * 30
    for path in (
        f"/api/rooms/{big}",
        f"/api/rooms/{big}/sheet",
        f"/api/rooms/{big}/sheet.csv",
        f"/api/rooms/{big}/hints",
        f"/api/games/{big}/record",
        f"/api/games/{big}/replay",
    ):
        r = httpx.get(b + path, headers=h)
        assert r.status_code == 404 and r.json()["error"]["code"] == "not_found", (path, r.text)
    for path in (f"/api/rooms/{big}/join", f"/api/rooms/{big}/start", f"/api/rooms/{big}/leave"):
        r = httpx.post(b + path, headers=h, json={})
        assert r.status_code == 404, (path, r.text)
    assert httpx.get(f"{b}/api/rooms/{big}/games", headers=h).json()["games"] == []
    code = httpx.post(f"{b}/api/rooms/join", headers=h, json={"code": "X" * 10_000})
    assert code.status_code == 404 and len(code.text) < 400  # the code is not echoed whole


def test_a_failure_of_the_server_is_500_internal_never_a_traceback(
    server: ThreadServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = auth(guest(server.base, "Xui"))

    def broken(self: object) -> list[object]:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(Lobby, "public_rooms", broken)
    r = httpx.get(f"{server.base}/api/rooms", headers=h)
    assert r.status_code == 500 and r.json() == {
        "error": {"code": "internal", "message": {"vi": "Lỗi máy chủ", "en": "Server error"}}
    }
