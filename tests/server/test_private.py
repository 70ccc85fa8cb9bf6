"""Issue 26: private rooms are private (their code for their members, the code needed to join
or watch, their data refused to others), room and game ids are unguessable, the host role
passes when the host leaves."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa

from chieu.server.lobby import Lobby, may_read_row
from chieu.server.rows import ID_HIGH, ID_LOW
from chieu.server.storage import Store
from tests.server.helpers import ThreadServer, auth, guest, make_room, played_alone

ALONE = {"bot_delay": 0, "pause": 600, "turn": None, "claim": None, "grace": 0, "window": 0}


def _error(r: httpx.Response) -> str:
    return str(r.json()["error"]["code"])


def test_a_private_rooms_code_is_its_members_only(server: ThreadServer) -> None:
    b = server.base
    host, stranger = guest(b, "Chủ"), guest(b, "Người lạ")
    room = make_room(b, host, {"game": "chan", "private": True})
    rid, code = room["id"], room["code"]
    assert code  # the host sees it
    assert httpx.get(f"{b}/api/rooms/{rid}", headers=auth(host)).json()["room"]["code"] == code
    seen = httpx.get(f"{b}/api/rooms/{rid}", headers=auth(stranger))
    assert seen.status_code == 200 and seen.json()["room"]["code"] is None
    assert code not in seen.text
    # the lobby never lists it
    listed = httpx.get(f"{b}/api/rooms", headers=auth(stranger)).json()["rooms"]
    assert rid not in [r["id"] for r in listed]
    # whoever has the code may see it with the room
    r = httpx.get(f"{b}/api/rooms/{rid}", params={"code": code.lower()}, headers=auth(stranger))
    assert r.json()["room"]["code"] == code
    # a public room's code is anyone's (anyone may join it)
    public = make_room(b, host, {"game": "chan"})
    r = httpx.get(f"{b}/api/rooms/{public['id']}", headers=auth(stranger))
    assert r.json()["room"]["code"] == public["code"]


def test_joining_or_watching_a_private_room_by_id_needs_its_code(server: ThreadServer) -> None:
    b = server.base
    host, stranger, friend = guest(b, "Chủ"), guest(b, "Người lạ"), guest(b, "Bạn")
    room = make_room(b, host, {"game": "chan", "private": True})
    rid, code = room["id"], room["code"]
    r = httpx.post(f"{b}/api/rooms/{rid}/join", json={}, headers=auth(stranger))
    assert r.status_code == 403 and _error(r) == "need_code"
    assert r.json()["error"]["message"]["vi"].startswith("Bàn riêng")
    r = httpx.post(f"{b}/api/rooms/{rid}/join", json={"code": "AAAAAA"}, headers=auth(stranger))
    assert r.status_code == 403 and _error(r) == "wrong_code"
    r = httpx.post(f"{b}/api/rooms/{rid}/join", json={"code": "é" * 3}, headers=auth(stranger))
    assert r.status_code == 403 and _error(r) == "wrong_code"  # not ASCII: no traceback
    r = httpx.post(f"{b}/api/rooms/{rid}/spectate", json={}, headers=auth(stranger))
    assert r.status_code == 403 and _error(r) == "need_code"
    seated = httpx.get(f"{b}/api/rooms/{rid}", headers=auth(host)).json()["room"]["seats"]
    assert [s["player"] is not None for s in seated] == [True, False, False, False]
    # with the code: watching, then a seat
    r = httpx.post(f"{b}/api/rooms/{rid}/spectate", json={"code": code}, headers=auth(friend))
    assert r.status_code == 200 and r.json()["room"]["code"] == code
    r = httpx.post(
        f"{b}/api/rooms/{rid}/join", json={"code": f" {code.lower()} "}, headers=auth(friend)
    )
    assert r.status_code == 200 and r.json()["seat"] == 1 and r.json()["room"]["code"] == code
    # a member now: he sees the code without giving it
    assert httpx.get(f"{b}/api/rooms/{rid}", headers=auth(friend)).json()["room"]["code"] == code
    # and once he left he no longer is one
    r = httpx.post(f"{b}/api/rooms/{rid}/leave", headers=auth(friend))
    assert r.status_code == 200 and r.json()["room"]["code"] is None
    # by code (POST /api/rooms/join) as before
    r = httpx.post(f"{b}/api/rooms/join", json={"code": code}, headers=auth(stranger))
    assert r.status_code == 200 and r.json()["room"]["code"] == code


def test_a_private_rooms_sheet_games_and_replays_are_refused_to_others(
    server: ThreadServer,
) -> None:
    b = server.base
    host, stranger = guest(b, "Chủ"), guest(b, "Người lạ")
    bots = {str(s): "random" for s in (1, 2, 3)}
    room = played_alone(b, host, {"game": "chan", "private": True, "bots": bots, "clock": ALONE})
    rid, gid = room["id"], room["game_id"]
    code = httpx.get(f"{b}/api/rooms/{rid}", headers=auth(host)).json()["room"]["code"]
    paths = (
        f"/api/rooms/{rid}/sheet",
        f"/api/rooms/{rid}/sheet.csv",
        f"/api/rooms/{rid}/games",
        f"/api/games/{gid}/replay",
        f"/api/games/{gid}/record",
    )
    for path in paths:
        assert httpx.get(b + path, headers=auth(host)).status_code == 200, path
        r = httpx.get(b + path, headers=auth(stranger))
        assert r.status_code == 403 and _error(r) == "private_room", (path, r.text)
    # the hints are the seated players' only (as before)
    assert httpx.get(f"{b}/api/rooms/{rid}/hints", headers=auth(stranger)).status_code == 403
    # a watcher with the code may read the score sheet and the list of games
    for path in paths[:3]:
        r = httpx.get(b + path, params={"code": code}, headers=auth(stranger))
        assert r.status_code == 200, (path, r.text)
    # the history lists it for its member, with its code
    mine = httpx.get(f"{b}/api/me/history", headers=auth(host)).json()["rooms"]
    assert [(r["id"], r["code"]) for r in mine] == [(rid, code)]
    assert httpx.get(f"{b}/api/me/history", headers=auth(stranger)).json()["rooms"] == []


def test_the_records_of_a_finished_private_room_are_its_members_only(tmp_path: Path) -> None:
    row = {"private": True, "host": 1, "seats": [{"player": 1}, {"player": 2}], "code": "ABC234"}
    live, over = {**row, "status": "playing"}, {**row, "status": "finished"}
    assert may_read_row(over, 2, None, records=True)
    assert may_read_row(live, 3, "abc234", records=True)  # watching it with the code
    assert not may_read_row(over, 3, "ABC234", records=True)
    assert may_read_row(over, 3, "ABC234")  # its score sheet: with the code
    assert not may_read_row(live, 3, "ABC235") and not may_read_row(live, 3, None)
    assert may_read_row({**over, "private": False}, 3, None, records=True)


def test_may_watch(tmp_path: Path) -> None:
    """The check the WebSocket uses: members always, anyone a public room, others a private
    room only with its code (normalised as ``by_code`` does)."""
    store = Store(f"sqlite:///{tmp_path / 'w.sqlite3'}")
    store.migrate()
    host, friend, stranger = (store.create_player(n) for n in ("Chủ", "Bạn", "Lạ"))
    lobby = Lobby(store)
    room = lobby.create_room(host, {"game": "chan", "private": True})
    asyncio.run(lobby.join(room, friend, None))
    assert lobby.may_watch(room, host, None) and lobby.may_watch(room, friend, None)
    assert not lobby.may_watch(room, stranger, None)
    assert not lobby.may_watch(room, stranger, "")
    assert not lobby.may_watch(room, stranger, "XXXXXX")
    assert not lobby.may_watch(room, stranger, 123)
    assert not lobby.may_watch(room, None, None)
    assert lobby.may_watch(room, stranger, f"  {room.code.lower()}\n")
    public = lobby.create_room(host, {"game": "chan"})
    assert lobby.may_watch(public, stranger, None)
    store.close()


def _ids_are_random(ids: list[int]) -> None:
    assert all(ID_LOW <= i < ID_HIGH for i in ids), ids
    assert len(set(ids)) == len(ids)
    assert max(ids) - min(ids) > 1_000_000  # not one after the other


def test_room_and_game_ids_are_random_and_exact_in_javascript(server: ThreadServer) -> None:
    b = server.base
    host = guest(b, "Chủ")
    ids = [make_room(b, host, {"game": "chan"})["id"] for _ in range(4)]
    _ids_are_random(ids)
    assert all(i < 2**53 for i in ids)  # a JavaScript number holds them exactly
    bots = {str(s): "random" for s in (1, 2, 3)}
    rooms = [played_alone(b, host, {"game": "chan", "bots": bots, "clock": ALONE})]
    rooms.append(played_alone(b, host, {"game": "chan", "bots": bots, "clock": ALONE}))
    _ids_are_random([r["game_id"] for r in rooms])
    # a neighbour's id finds nothing
    assert httpx.get(f"{b}/api/rooms/{ids[0] + 1}", headers=auth(host)).status_code == 404


def test_random_ids_on_postgresql(pg_url: str) -> None:
    """The columns hold ids past 2^31 on PostgreSQL (BIGINT), a whole game plays and the
    group commit stores its actions."""
    with ThreadServer(pg_url) as srv:
        host = guest(srv.base, "Chủ")
        bots = {str(s): "random" for s in (1, 2, 3)}
        room = played_alone(srv.base, host, {"game": "chan", "bots": bots, "clock": ALONE})
        assert room["id"] >= ID_LOW and room["game_id"] >= ID_LOW
        r = httpx.get(f"{srv.base}/api/games/{room['game_id']}/replay", headers=auth(host))
        assert r.status_code == 200 and r.json()["steps"] > 0
    engine = sa.create_engine(pg_url)
    q = sa.text(
        "SELECT table_name, column_name, data_type FROM information_schema.columns "
        "WHERE (table_name, column_name) IN (('rooms','id'), ('games','id'), "
        "('games','room_id'), ('actions','room_id'), ('actions','game_id'), "
        "('leases','room_id'), ('rooms','game_id'))"
    )
    with engine.connect() as conn:
        types = {(t, c): d for t, c, d in conn.execute(q)}
    engine.dispose()
    assert len(types) == 7 and set(types.values()) == {"bigint"}, types


def test_the_host_role_passes_when_the_host_leaves(server: ThreadServer) -> None:
    b = server.base
    host, first, second = guest(b, "Chủ"), guest(b, "Một"), guest(b, "Hai")
    room = make_room(b, host, {"game": "chan"})
    rid = room["id"]
    for token, seat in ((first, 3), (second, 2)):
        r = httpx.post(f"{b}/api/rooms/{rid}/join", json={"seat": seat}, headers=auth(token))
        assert r.status_code == 200, r.text
    r = httpx.post(f"{b}/api/rooms/{rid}/leave", headers=auth(host))
    assert r.status_code == 200
    me = httpx.get(f"{b}/api/me", headers=auth(second)).json()["player"]["id"]
    assert r.json()["room"]["host"] == me  # the first seated person in seat order
    # the host who left can no longer start the room; the new host can
    r = httpx.post(f"{b}/api/rooms/{rid}/start", headers=auth(host))
    assert r.status_code == 403 and _error(r) == "not_host"
    assert httpx.post(f"{b}/api/rooms/{rid}/start", headers=auth(second)).status_code == 200


def test_a_room_everyone_left_is_not_listed(server: ThreadServer) -> None:
    b = server.base
    host, other = guest(b, "Chủ"), guest(b, "Khách")
    rid = make_room(b, host, {"game": "chan"})["id"]
    httpx.post(f"{b}/api/rooms/{rid}/join", json={}, headers=auth(other)).raise_for_status()
    httpx.post(f"{b}/api/rooms/{rid}/leave", headers=auth(host)).raise_for_status()
    listed = httpx.get(f"{b}/api/rooms", headers=auth(other)).json()["rooms"]
    assert [r["id"] for r in listed] == [rid]  # one left, one still there: listed
    httpx.post(f"{b}/api/rooms/{rid}/leave", headers=auth(other)).raise_for_status()
    assert httpx.get(f"{b}/api/rooms", headers=auth(other)).json()["rooms"] == []
    room = httpx.get(f"{b}/api/rooms/{rid}", headers=auth(other)).json()["room"]
    assert room["status"] == "finished"


@pytest.mark.parametrize("private", [False, True])
def test_the_seats_stored_are_what_close_waiting_compares(tmp_path: Path, private: bool) -> None:
    """``Store.close_waiting`` compares the seats' stored text: the lobby's seats match it."""
    store = Store(f"sqlite:///{tmp_path / 's.sqlite3'}")
    store.migrate()
    pid = store.create_player("Chủ")
    lobby = Lobby(store)
    room = lobby.create_room(pid, {"game": "chan", "private": private, "bots": {"2": "random"}})
    with store.engine.connect() as conn:
        text = conn.execute(sa.text(f"SELECT seats FROM rooms WHERE id = {room.id}")).scalar_one()
    assert json.loads(text) == room.seats
    assert store.close_waiting(room.id, [{"player": None, "bot": None}] * 4) is False
    assert store.close_waiting(room.id, room.seats) is True
    assert store.close_waiting(room.id, room.seats) is False  # no longer waiting
    store.close()


def test_the_migration_keeps_the_rooms_of_an_older_postgresql_database(pg_url: str) -> None:
    """A database at revision 0002 (sequential ids, INTEGER columns) with a room and a game:
    upgraded, its ids are BIGINT, the old rows keep theirs, and a new room gets a random one."""
    from alembic import command
    from alembic.config import Config

    import chieu.server.storage as storage

    here = Path(storage.__file__).parent / "migrations"
    cfg = Config(str(here / "alembic.ini"))
    cfg.set_main_option("script_location", str(here))
    store = Store(pg_url)
    with store.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0002")
    with store.engine.begin() as conn:  # the players table as revision 0002 made it
        pid = conn.execute(
            sa.text("INSERT INTO players (name, created) VALUES ('Chủ', 0) RETURNING id")
        ).scalar_one()
        conn.execute(
            sa.text(
                "INSERT INTO rooms (code, game, rules, host, private, status, clock, seats, "
                "sitting, version, created) VALUES ('OLD234', 'chan', '{}', :pid, true, "
                "'waiting', '{}', '[]', 'null', 0, 0)"
            ),
            {"pid": pid},
        )
        old = conn.execute(sa.text("SELECT id FROM rooms")).scalar_one()
    store.migrate()
    assert [r["id"] for r in store.rooms(old)] == [old] and old < ID_LOW
    new = store.create_room(
        code="NEW234",
        game="chan",
        rules={},
        host=pid,
        private=False,
        status="waiting",
        clock={},
        seats=[],
        sitting=None,
        version=0,
        game_id=None,
    )
    assert new >= ID_LOW and {r["id"] for r in store.rooms()} == {old, new}
    store.close()
