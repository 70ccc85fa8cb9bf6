"""The WebSocket's messages against their JSON Schema (``chieu/server/messages.schema.json``)
and their TypedDicts (``chieu.server.wire``), both ways: every message a real server sends in
a whole game validates, every message the browser and the test helpers send validates, and a
message that breaks the schema is refused by the server with the documented error."""

from __future__ import annotations

import asyncio
import json
import re
import typing
from functools import cache
from importlib import resources
from typing import Any

import httpx
import jsonschema
import orjson
import pytest
from referencing import Registry, Resource

from chieu import load_game
from chieu.core import jsonio
from chieu.server import wire
from chieu.server.messages import WORDS
from tests.server.helpers import (
    FAST_CLOCK,
    ROOT,
    Player,
    ThreadServer,
    auth,
    auth_message,
    guest,
    make_room,
)

BOTS = {"1": "heuristic", "2": "heuristic", "3": "heuristic"}  # a Chắn table: one person
SERVER_TYPES = {"view", "events", "error", "pong"}
CLIENT_TYPES = {"auth", "act", "hello", "next", "ping"}


def _schema(package: str, name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(resources.files(package).joinpath(name).read_text())
    return data


@cache
def _validator(part: str = "") -> Any:
    """The messages' schema (or its ``$defs`` ``part``), the View's schema in its registry."""
    schema = _schema("chieu.server", "messages.schema.json")
    view = _schema("chieu.core", "view.schema.json")
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    registry: Registry[Any] = Registry().with_resources(
        [(s["$id"], Resource.from_contents(s)) for s in (schema, view)]
    )
    if part:
        schema = {**schema, "oneOf": [{"$ref": f"#/$defs/{part}"}]}
    return cls(schema, registry=registry)


def _check(msg: Any, part: str) -> None:
    errors = sorted(_validator(part).iter_errors(msg), key=lambda e: list(e.path))
    if errors:
        best = jsonschema.exceptions.best_match(errors)
        raise AssertionError(f"{str(msg)[:200]}: {best.message} at {list(best.absolute_path)}")


def _valid(msg: Any, part: str = "") -> bool:
    return bool(_validator(part).is_valid(msg))


# -- the schema and the TypedDicts are one definition ---------------------------------------


@pytest.mark.parametrize(
    "td",
    [
        wire.ViewMessage,
        wire.EventsMessage,
        wire.ErrorMessage,
        wire.PongMessage,
        wire.AuthMessage,
        wire.ActMessage,
        wire.HelloMessage,
        wire.NextMessage,
        wire.PingMessage,
    ],
)
def test_each_message_has_the_fields_of_its_typed_dict(td: Any) -> None:
    # the core's recursive JSON alias names itself: resolve it in its own module's names
    hints = typing.get_type_hints(td, localns=vars(jsonio), include_extras=True)
    kind = typing.get_args(hints["type"])[0]
    definition = _schema("chieu.server", "messages.schema.json")["$defs"][kind]
    assert definition["properties"]["type"] == {"const": kind}
    assert set(definition["properties"]) == set(hints)
    required = {k for k, h in hints.items() if typing.get_origin(h) is not typing.NotRequired}
    assert set(definition["required"]) == required
    assert (kind in CLIENT_TYPES) == (kind in wire.CLIENT)


def test_the_room_json_has_the_fields_of_its_typed_dict() -> None:
    defs = _schema("chieu.server", "messages.schema.json")["$defs"]
    room = defs["room"]
    assert set(room["properties"]) == set(room["required"]) == set(wire.RoomJson.__annotations__)
    seat = room["properties"]["seats"]["items"]
    assert set(seat["properties"]) == set(wire.SeatJson.__annotations__)


def test_the_schema_is_package_data() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert '"server/*.json"' in pyproject
    assert "messages.schema.json" in (ROOT / "docs" / "protocol.md").read_text()


# -- the server's messages ------------------------------------------------------------------


def test_the_view_message_is_the_orjson_text_with_fragments() -> None:
    """``wire.view_message`` splices texts (for speed): the same bytes as ``orjson.dumps`` of
    the message with ``room`` and ``view`` as ``orjson.Fragment``."""
    game = load_game("chan")
    state = game.new_state(seed=5)
    room = {"id": 1, "title": "Chắn — bàn của Lạc", "seats": [{"player": {"name": "Ếch"}}]}
    for seat in (None, 0, 3):
        for deadline in (None, 1732450000.5, 1e20):
            view = orjson.dumps(state.view(seat, "vi").to_json()).decode()
            args = (42, seat, 3, 17, deadline, "ab" * 32)
            text = wire.view_message(*args, orjson.dumps(room).decode(), view)
            head = dict(
                zip(
                    ("version", "seat", "game_id", "first_version", "deadline", "commitment"),
                    args,
                    strict=True,
                )
            )
            full = {"type": "view", **head, "room": room, "view": json.loads(view)}
            fragments = {
                **full,
                "room": orjson.Fragment(orjson.dumps(room)),
                "view": orjson.Fragment(view),
            }
            assert text == orjson.dumps(fragments).decode()
            assert json.loads(text) == full
            assert list(json.loads(text)) == list(wire.ViewMessage.__annotations__)
    assert wire.view_message(1, None, None, None, None, None, "{}", "null").endswith(
        ',"room":{},"view":null}'
    )


def test_the_other_messages_keep_their_text() -> None:
    said = {"vi": WORDS["stale"][0], "en": WORDS["stale"][1]}
    old = json.dumps({"type": "error", "code": "stale", "message": said}, ensure_ascii=False)
    assert wire.error_message("stale") == old
    assert json.loads(wire.error_message("too_big", "16384 bytes"))["message"]["en"] == (
        "The message is too big: 16384 bytes"
    )
    events = [{"type": "deal", "actor": 0, "data": {"từ": 1}}]
    assert wire.events_message(4, 6, events) == json.dumps(
        {"type": "events", "since": 4, "version": 6, "events": events}, ensure_ascii=False
    )
    assert wire.PONG == '{"type":"pong"}'
    for text in (wire.error_message("bad_json", "x"), wire.PONG):
        _check(json.loads(text), "server")
    for code in WORDS:
        _check(wire.error(code), "error")


async def _whole_game(base: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """A seated player and a spectator through a whole Chắn game (three bots), with a
    reconnection, a ping, a hello and refused messages on the way: what each received."""
    host, watcher = guest(base, "Chủ"), guest(base, "Người xem")
    clock = {**FAST_CLOCK, "window": 0.2}
    rid = make_room(base, host, {"game": "chan", "bots": BOTS, "clock": clock})["id"]
    p, w = Player(base, host, rid), Player(base, watcher, rid, lang="en")
    await p.connect()
    await w.connect()
    httpx.post(f"{base}/api/rooms/{rid}/start", headers=auth(host)).raise_for_status()
    p.stop_after = 2
    last = await p.play()
    await p.send({"type": "ping"})
    await p.send({"type": "hello", "version": last["first_version"]})
    await p.send({"type": "act", "version": -1, "action": 0})
    await p.send({"type": "dance"})
    await w.send({"type": "act", "version": last["version"], "action": 0})
    await w.send({"type": "next"})
    while (msg := await p.recv())["type"] != "error" or msg["code"] != "unknown_type":
        pass
    while (msg := await w.recv())["type"] != "error":
        pass
    assert msg["code"] == "not_your_seat"
    await p.close()
    p.ws = None
    await p.connect(since=last["version"])  # events, then a view
    p.stop_after = None
    end = await p.play(game_id=last["game_id"])
    assert end["view"]["outcome"] is not None
    while True:  # the spectator sees the end too
        msg = await w.recv(30)
        if msg["type"] == "view" and msg["view"] and msg["view"]["outcome"] is not None:
            break
    await w.send({"type": "ping"})
    while (await w.recv(10))["type"] != "pong":
        pass
    await w.close()
    await p.close()
    return p.messages, w.messages


def test_every_message_of_a_whole_game_validates(server: ThreadServer) -> None:
    seated, spectator = asyncio.run(_whole_game(server.base))
    for messages in (seated, spectator):
        for msg in messages:
            _check(msg, "server")
            assert not _valid(msg, "client")
    assert {m["type"] for m in seated} == SERVER_TYPES
    assert {m["type"] for m in spectator} >= {"view", "error", "pong"}
    assert {m["seat"] for m in seated if m["type"] == "view"} == {0}
    assert {m["seat"] for m in spectator if m["type"] == "view"} == {None}
    assert any(m["type"] == "view" and m["view"] is None for m in seated)  # before the start
    assert any(m["type"] == "events" and m["events"] for m in seated)


# -- the client's messages ------------------------------------------------------------------


def _table_js_messages() -> list[tuple[str, set[str]]]:
    """(type, fields) of each message literal the browser's table sends."""
    text = (ROOT / "src" / "chieu" / "web" / "static" / "table.js").read_text()
    found = []
    for body in re.findall(r"\{\s*type:\s*(\"[a-z]+\"[^{}]*)\}", text):
        kind = json.loads(body.split(",")[0])
        fields = set(re.findall(r",\s*([a-z_]+):", body))
        found.append((kind, fields))
    if re.search(r"auth\.code\s*=", text):
        found.append(("auth", {"token", "code"}))
    return found


def test_every_client_message_of_the_browser_and_the_helpers_validates() -> None:
    sent = _table_js_messages()
    assert {kind for kind, _ in sent} == CLIENT_TYPES
    values = {"token": "t", "code": "K3PX9Q", "version": 42, "action": 7}
    for kind, fields in sent:
        msg = {"type": kind, **{f: values[f] for f in fields}}
        _check(msg, "client")
        assert not isinstance(wire.read_client(msg, frozenset(wire.CLIENT)), wire.Refusal)
    for text in (auth_message("t"), auth_message("t", "K3PX9Q")):
        _check(json.loads(text), "client")
    # what tests.server.helpers.Player sends
    for msg in (
        {"type": "act", "version": 3, "action": 12},
        {"type": "hello", "version": 3},
        {"type": "next"},
        {"type": "ping"},
    ):
        _check(msg, "client")


BAD = [
    [1, 2],
    "ping",
    None,
    {},
    {"version": 3},
    {"type": 5},
    {"type": None},
    {"type": "dance"},
    {"type": "pong"},
    {"type": "view"},
    {"type": "act", "version": 3},
    {"type": "act", "action": 3},
    {"type": "act", "version": "3", "action": 1},
    {"type": "act", "version": 3, "action": "x"},
    {"type": "act", "version": True, "action": 1},
    {"type": "act", "version": None, "action": 1},
    {"type": "hello", "version": "3"},
    {"type": "hello", "version": 2.5},
    {"type": "hello", "version": False},
    {"type": "auth"},
    {"type": "auth", "token": 5},
    {"type": "auth", "token": "t", "code": 7},
]
GOOD = [
    {"type": "ping"},
    {"type": "ping", "extra": [1]},
    {"type": "next"},
    {"type": "hello"},
    {"type": "hello", "version": None},
    {"type": "hello", "version": 0},
    {"type": "act", "version": 0, "action": 0},
    {"type": "act", "version": -1, "action": 10**9},
    {"type": "auth", "token": ""},
    {"type": "auth", "token": "t", "code": None},
    {"type": "auth", "token": "t", "code": "K3PX9Q"},
]


@pytest.mark.parametrize("msg", GOOD + BAD)
def test_the_server_reads_a_client_message_as_the_schema_says(msg: Any) -> None:
    read = wire.read_client(msg, frozenset(wire.CLIENT))
    good = any(msg is g for g in GOOD)
    assert _valid(msg, "client") == (not isinstance(read, wire.Refusal)) == good
    if not isinstance(read, wire.Refusal):
        assert read is msg


def test_a_refusal_has_the_documented_code() -> None:
    def code(msg: Any, kinds: frozenset[str] = wire.IN_ROOM) -> str | None:
        read = wire.read_client(msg, kinds)
        return read.code if isinstance(read, wire.Refusal) else None

    assert code([1, 2]) == code({}) == code({"type": 5}) == "bad_message"
    assert code({"type": "dance"}) == code({"type": "auth", "token": "t"}) == "unknown_type"
    assert code({"type": "hello", "version": "3"}) == "bad_message"
    assert code({"type": "act", "version": "3", "action": 1}) == "stale"
    assert code({"type": "act", "version": True, "action": 1}) == "stale"
    assert code({"type": "act", "version": 3, "action": "x"}) == "illegal"
    assert code({"type": "act", "version": 3}) == "illegal"
    assert code({"type": "auth", "token": 5}, frozenset({"auth"})) == "bad_message"
    assert code({"type": "ping"}, frozenset({"auth"})) == "unknown_type"


async def _refusals(base: str) -> list[dict[str, Any]]:
    host = guest(base, "Chủ")
    rid = make_room(base, host, {"game": "chan", "bots": BOTS, "clock": FAST_CLOCK})["id"]
    p = Player(base, host, rid)
    await p.connect()
    httpx.post(f"{base}/api/rooms/{rid}/start", headers=auth(host)).raise_for_status()
    while True:  # the host's first decision (a game may end before it: then the next one)
        msg = await p.recv()
        if msg["type"] != "view":
            continue
        if msg["view"] and msg["view"]["decisions"]:
            break
        if msg["room"]["status"] == "between":
            await p.send({"type": "next"})
    version = msg["version"]
    answers = []
    for bad in (
        {"version": version},  # no type
        {"type": 5},  # a type that is no text
        {"type": "dance"},  # an unknown type
        {"type": "auth", "token": host},  # auth comes first only
        {"type": "hello", "version": "x"},  # a field of the wrong type
        {"type": "act", "version": True, "action": msg["view"]["decisions"][0]["default"]},
        {"type": "act", "version": version, "action": True},
    ):
        await p.send(bad)
        while (answer := await p.recv())["type"] != "error":
            pass
        answers.append(answer)
    await p.send({"type": "hello", "version": version})  # still answered with a view
    while (await p.recv())["type"] != "view":
        pass
    await p.close()
    return answers


def test_messages_that_break_the_schema_are_refused(server: ThreadServer) -> None:
    answers = asyncio.run(_refusals(server.base))
    for answer in answers:
        _check(answer, "error")
    assert [a["code"] for a in answers] == [
        "bad_message",
        "bad_message",
        "unknown_type",
        "unknown_type",
        "bad_message",
        "stale",
        "illegal",
    ]
    assert answers[0]["message"]["en"] == "The message is malformed: an object with a 'type'"
    assert answers[2]["message"]["en"] == "Unknown message type: 'dance'"
    assert answers[4]["message"]["en"] == (
        "The message is malformed: 'version' must be an integer or null"
    )
