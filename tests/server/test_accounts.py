"""Accounts and names (issue 26): weak passwords refused, failed logins slowed down, names
visible and compared by what they look like, forwarded headers believed only when asked."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import httpx
import pytest

from tests.server.helpers import ProcessServer, ThreadServer, auth, guest, make_room

STRONG = "cá vàng bơi qua sông"
CYRILLIC_BA = "B\u0430\u0300 T\u01b0"  # "Bà Tư" with a Cyrillic а


def _code(r: httpx.Response) -> str:
    data = r.json()["error"]
    assert set(data["message"]) == {"vi", "en"} and data["message"]["vi"], data
    return str(data["code"])


def test_weak_passwords_are_refused(server: ThreadServer) -> None:
    b = server.base
    for password in ("aaaaaaaa", " " * 8, "password", "12345678", "Ông Năm 1234", "ôngnăm99"):
        r = httpx.post(f"{b}/api/accounts", json={"name": "Ông Năm", "password": password})
        assert r.status_code == 400 and _code(r) == "weak_password", (password, r.text)
        assert "dễ đoán" in r.json()["error"]["message"]["vi"]
    for password in ("\x00" * 8, "mật khẩu\x07 dài lắm nhé", "short", "x" * 201, "\ud800" * 9):
        body = json.dumps({"name": "Ông Năm", "password": password})  # lone surrogates too
        r = httpx.post(f"{b}/api/accounts", content=body.encode())
        assert r.status_code == 400 and _code(r) in ("bad_message", "bad_json"), r.text
    r = httpx.post(f"{b}/api/accounts", json={"name": "Ông Năm", "password": STRONG})
    assert r.status_code == 200, r.text


def test_failed_logins_back_off_per_account(server: ThreadServer) -> None:
    b = server.base
    assert httpx.post(f"{b}/api/accounts", json={"name": "Bà Tư", "password": STRONG}).is_success
    assert httpx.post(f"{b}/api/accounts", json={"name": "Chú Ba", "password": STRONG}).is_success
    wrong = {"name": "bà tư", "password": "không phải đâu"}
    for _ in range(5):
        assert httpx.post(f"{b}/api/login", json=wrong).status_code == 401
    for body in (wrong, {"name": "Bà Tư", "password": STRONG}):  # even the right password
        r = httpx.post(f"{b}/api/login", json=body)
        assert r.status_code == 429 and _code(r) == "too_many_attempts", r.text
        assert 1 <= int(r.headers["Retry-After"]) <= 2 and r.json()["error"]["retry_after"] >= 1
    # another account is not held back
    assert httpx.post(f"{b}/api/login", json={"name": "Chú Ba", "password": STRONG}).is_success
    time.sleep(1.1)
    assert httpx.post(f"{b}/api/login", json=wrong).status_code == 401  # and now 2 s
    r = httpx.post(f"{b}/api/login", json={"name": "Bà Tư", "password": STRONG})
    assert r.status_code == 429 and int(r.headers["Retry-After"]) == 2
    time.sleep(2.1)
    assert httpx.post(f"{b}/api/login", json={"name": "Bà Tư", "password": STRONG}).is_success


def test_failed_logins_back_off_per_client_address(server: ThreadServer) -> None:
    b = server.base
    for n in range(20):  # a different name each time: the address is what is counted
        r = httpx.post(f"{b}/api/login", json={"name": f"Ai {n}", "password": "đoán bừa"})
        assert r.status_code == 401
    r = httpx.post(f"{b}/api/login", json={"name": "Ai nữa", "password": "đoán bừa"})
    assert r.status_code == 429 and _code(r) == "too_many_attempts"


def test_backoff_memory_is_bounded() -> None:
    from chieu.server import guard

    back = guard.Backoff(free=1, keep=100)
    for n in range(1000):
        back.fail(f"k{n}")
    assert len(back.keys) <= 100
    assert back.wait("k999") > 0  # the newest are kept


def test_a_lookalike_of_an_account_is_taken_and_said_the_same_way(server: ThreadServer) -> None:
    b = server.base
    assert httpx.post(f"{b}/api/accounts", json={"name": "Bà Tư", "password": STRONG}).is_success
    answers = []
    for name in ("Bà Tư", "BÀ TƯ", CYRILLIC_BA, "Ｂà Ｔư", " Bà   Tư "):
        r = httpx.post(f"{b}/api/accounts", json={"name": name, "password": STRONG + "!"})
        assert r.status_code == 409, (name, r.text)
        answers.append(r.json())
    assert all(a == answers[0] for a in answers) and answers[0]["error"]["code"] == "name_taken"
    # a guest may not take an account's name, nor one that looks like it
    for name in ("Bà Tư", "bà tư", CYRILLIC_BA, "Ｂà Ｔư"):
        r = httpx.post(f"{b}/api/guests", json={"name": name})
        assert r.status_code == 409 and r.json() == answers[0], (name, r.text)
    # tones are letters: Ba Tư is another name
    assert httpx.post(f"{b}/api/guests", json={"name": "Ba Tư"}).is_success
    assert httpx.post(f"{b}/api/accounts", json={"name": "Ba Tu", "password": STRONG}).is_success


def test_invisible_and_control_names_are_refused(server: ThreadServer) -> None:
    b = server.base
    for name in (
        "\u3164",  # HANGUL FILLER (Lo)
        "\u3164\u3164\u3164",
        "\u2800",  # BRAILLE PATTERN BLANK (So)
        "\u115f",
        "\u1160",
        "\uffa0",
        "\u200b",  # ZERO WIDTH SPACE (Cf)
        "Bà\u200dTư",  # a joiner inside a name
        "Bà Tư\ufe0f",  # a variation selector
        "\u034f",
        "\u0301",  # a lone mark: nothing to see
        "Bà\u2028Tư",
        "\ue000",
        "a\x00b",
        "\u202eTư",  # right-to-left override
    ):
        r = httpx.post(f"{b}/api/guests", json={"name": name})
        assert r.status_code == 400 and _code(r) == "bad_name", (ascii(name), r.text)
    # compatibility forms are folded (NFKC) and spaces collapsed
    made = httpx.post(f"{b}/api/guests", json={"name": "  Ｂà\u3000\u3000Ｔư  "}).json()
    assert made["player"]["name"] == "Bà Tư" and made["player"]["guest"] is True


def test_one_table_never_shows_two_lookalike_names(server: ThreadServer) -> None:
    b = server.base
    host = guest(b, "Mẹ")
    rid = make_room(b, host, {"game": "chan", "seats": 4})["id"]
    twin = guest(b, "M\u0435\u0323")  # a Cyrillic е with the dot below: it looks like Mẹ
    for path, body in ((f"/api/rooms/{rid}/join", {}), ("/api/rooms/join", None)):
        if body is None:
            code = httpx.get(f"{b}/api/rooms/{rid}", headers=auth(host)).json()["room"]["code"]
            body = {"code": code}
        r = httpx.post(b + path, json=body, headers=auth(twin))
        assert r.status_code == 409 and _code(r) == "name_lookalike", r.text
    other = guest(b, "Bố")
    assert httpx.post(f"{b}/api/rooms/{rid}/join", json={}, headers=auth(other)).is_success
    room = httpx.get(f"{b}/api/rooms/{rid}", headers=auth(host)).json()["room"]
    assert [s["player"]["name"] for s in room["seats"] if s["player"]] == ["Mẹ", "Bố"]


def test_names_skeletons() -> None:
    from chieu.server import names

    key = names.lookalike_key
    assert key("Bà Tư") == key(CYRILLIC_BA) == key("BÀ TƯ") == key("Bà  Tư")
    assert key("Bà Tư") != key("Ba Tư") != key("Bá Tư")
    assert key("paypal") == key("p\u0430yp\u0430l") and key("Il") == key("ll")
    assert names.clean_name("ｆｕｌｌ") == "full"
    with pytest.raises(names.BadName):
        names.clean_name("x" * 41)


def test_forwarded_headers_are_believed_only_when_configured(tmp_path: Path) -> None:
    """``chieu serve`` takes a client's address from its connection, never from a header it
    sends (uvicorn's own default believed X-Forwarded-For from 127.0.0.1); the password work
    allows one job per address at a time, which shows which address the server saw."""
    from chieu.cli.main import build_parser
    from chieu.cli.serve import forwarded

    parser = build_parser()
    args = parser.parse_args(["serve"])
    assert forwarded(args) == {"proxy_headers": False, "forwarded_allow_ips": ""}
    args = parser.parse_args(["serve", "--forwarded-allow-ips", "10.0.0.1, 10.0.0.2"])
    assert forwarded(args) == {"proxy_headers": True, "forwarded_allow_ips": "10.0.0.1,10.0.0.2"}

    async def two_at_once(base: str) -> list[int]:
        body = {"name": "Không Có Ai", "password": "đoán bừa"}
        async with httpx.AsyncClient(base_url=base, timeout=30) as client:
            calls = [
                client.post("/api/login", json=body, headers={"X-Forwarded-For": f"10.9.8.{n}"})
                for n in (1, 2)
            ]
            return sorted(r.status_code for r in await asyncio.gather(*calls))

    data = tmp_path / "plain"
    data.mkdir()
    srv = ProcessServer(data).start()
    try:  # one address: the second login waits its turn (429 busy)
        assert asyncio.run(two_at_once(srv.base)) == [401, 429]
    finally:
        srv.stop()
    data = tmp_path / "proxied"
    data.mkdir()
    srv = ProcessServer(data, args=("--forwarded-allow-ips", "127.0.0.1")).start()
    try:  # behind a proxy the operator named: two addresses, two jobs
        assert asyncio.run(two_at_once(srv.base)) == [401, 401]
    finally:
        srv.stop()


def test_the_migration_gives_old_names_their_skeletons(tmp_path: Path) -> None:
    """Players made before the skeletons get theirs; of two old accounts that look alike, the
    older keeps the look (the newer has none, and both still sign in by their exact name)."""
    import sqlalchemy as sa
    from alembic import command
    from alembic.config import Config

    from chieu.server import storage
    from chieu.server.names import lookalike_key

    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    engine = storage.make_engine(url)
    here = Path(storage.__file__).parent / "migrations"
    cfg = Config(str(here / "alembic.ini"))
    cfg.set_main_option("script_location", str(here))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0002")
        for name, account in (
            ("Bà Tư", "bà tư"),
            (CYRILLIC_BA, CYRILLIC_BA.lower()),
            ("Khách", None),
        ):
            conn.execute(
                sa.text("INSERT INTO players (name, account, created) VALUES (:n, :a, 0)"),
                {"n": name, "a": account},
            )
    storage.migrate(engine)
    with engine.connect() as conn:
        rows = conn.execute(sa.text("SELECT name, skeleton FROM players ORDER BY id")).all()
    assert rows == [
        ("Bà Tư", lookalike_key("Bà Tư")),
        (CYRILLIC_BA, None),
        ("Khách", lookalike_key("Khách")),
    ]
    engine.dispose()
