"""Test helpers: a server in a thread or a subprocess, and scripted WebSocket players."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import httpx
import uvicorn
import websockets

from chieu import load_game
from chieu.core.record import GameRecord

ROOT = Path(__file__).resolve().parents[2]
T = TypeVar("T")
#: no claim-window hold (``window: 0``): pass-only answers at once, one stored row a recorded
#: action (what ``replay_states`` replays); ``stored_states`` replays a room with a hold
FAST_CLOCK = {"bot_delay": 0, "pause": 600, "turn": 60, "claim": 60, "grace": 600, "window": 0}
#: the longest a test waits for something to happen: only a safety net (a loaded machine with
#: two cores is slow); every wait ends as soon as what it waits for happens
WAIT = 120.0


def until(what: Callable[[], T], timeout: float = WAIT, step: float = 0.05) -> T:
    """``what()`` once it is true (asked every ``step`` seconds); a failure after ``timeout``."""
    deadline = time.monotonic() + timeout
    while not (got := what()):
        assert time.monotonic() < deadline, f"still not so after {timeout:g} s"
        time.sleep(step)
    return got


async def eventually(what: Callable[[], T], timeout: float = WAIT, step: float = 0.02) -> T:
    """The same in a coroutine: the loop runs meanwhile."""
    deadline = time.monotonic() + timeout
    while not (got := what()):
        assert time.monotonic() < deadline, f"still not so after {timeout:g} s"
        await asyncio.sleep(step)
    return got


async def let_in(
    connect: Callable[[], Awaitable[Any]], refused: str, timeout: float = WAIT
) -> tuple[Any, dict[str, Any]]:
    """A socket ``connect()`` opens and its first message, a view: while the server refuses
    it with the error ``refused`` (a place it has not freed yet), it is tried again."""
    deadline = time.monotonic() + timeout
    while True:
        sock = await connect()
        first: dict[str, Any] = json.loads(await asyncio.wait_for(sock.recv(), timeout))
        if first["type"] == "view":
            return sock, first
        await sock.close()
        assert first.get("code") == refused, first
        assert time.monotonic() < deadline, f"still refused after {timeout:g} s"
        await asyncio.sleep(0.02)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ThreadServer:
    """``create_app`` under uvicorn in a thread, on a free port."""

    def __init__(self, url: str, ws_rate: float | None = 1000.0, limits: Any = None) -> None:
        """``limits``: the server's ``CreationLimits`` (default: off; tests/server/
        test_limits.py turns them on)."""
        from chieu.server.app import create_app
        from chieu.server.limits import CreationLimits

        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.url = url
        config = uvicorn.Config(
            create_app(url, ws_rate, limits or CreationLimits.off()),
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            ws_max_size=64 * 1024,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> ThreadServer:
        self.thread.start()
        wait_healthy(self.base)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)


class ProcessServer:
    """``chieu serve`` as a subprocess (for the crash tests)."""

    def __init__(
        self,
        data_dir: Path,
        url: str | None = None,
        port: int | None = None,
        env: dict[str, str] | None = None,
        log_level: str = "warning",
        args: tuple[str, ...] = (),
    ) -> None:
        self.env = env or {}
        self.log_level = log_level  # "info": uvicorn's access log is written too
        self.args = args
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.data_dir = data_dir
        self.url = url
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> ProcessServer:
        env = {**os.environ, "CHIEU_DATA_DIR": str(self.data_dir), "CHIEU_WS_RATE": "1000"}
        env["CHIEU_LIMITS"] = "off"  # the creation limits have tests of their own
        env.update(self.env)
        cmd = [
            sys.executable,
            "-m",
            "chieu.cli.main",
            "serve",
            "--port",
            str(self.port),
            "--log-level",
            self.log_level,
            *self.args,
        ]
        if self.url:
            cmd += ["--database-url", self.url]
        self.log_path = self.data_dir / f"server-{self.port}.log"
        log = open(self.log_path, "ab")  # noqa: SIM115
        self.proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=log, cwd=self.data_dir)
        wait_healthy(self.base, self.proc)
        return self

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.kill()
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def wait_healthy(base: str, proc: subprocess.Popen[bytes] | None = None) -> None:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"the server exited with {proc.returncode}")
        try:
            if httpx.get(f"{base}/api/health", timeout=2).json() == {"ok": True}:
                return
        except (httpx.HTTPError, ValueError):
            pass
        time.sleep(0.1)
    raise RuntimeError("the server did not become healthy")


def ws_url(base: str, room: int | str, query: str = "") -> str:
    """The WebSocket address of a room (no credential in it)."""
    url = base.replace("http", "ws", 1) + f"/ws/rooms/{room}"
    return url + (f"?{query}" if query else "")


def auth_message(token: str, code: str | None = None) -> str:
    msg: dict[str, Any] = {"type": "auth", "token": token}
    if code is not None:
        msg["code"] = code
    return json.dumps(msg)


async def ws_connect(url: str, token: str, code: str | None = None, **kw: Any) -> Any:
    """``websockets.connect(url)``, then the auth message (docs/protocol.md)."""
    ws = await websockets.connect(url, **kw)
    await ws.send(auth_message(token, code))
    return ws


@contextlib.contextmanager
def sync_connect(url: str, token: str, code: str | None = None, **kw: Any) -> Iterator[Any]:
    """The same with the synchronous client, as a context manager."""
    from websockets.sync.client import connect

    with connect(url, **kw) as ws:
        ws.send(auth_message(token, code))
        yield ws


def guest(base: str, name: str) -> str:
    r = httpx.post(f"{base}/api/guests", json={"name": name})
    r.raise_for_status()
    return str(r.json()["token"])


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def make_room(base: str, token: str, body: dict[str, Any]) -> dict[str, Any]:
    r = httpx.post(f"{base}/api/rooms", json=body, headers=auth(token))
    assert r.status_code == 201, r.text
    room: dict[str, Any] = r.json()["room"]
    return room


class Watcher:
    """A spectator's socket on a room, read in a thread until closed: a room nobody is at
    stands still (no bot moves, no timeouts), so a room left to its bots needs one."""

    def __init__(
        self, base: str, room: int, token: str | None = None, code: str | None = None
    ) -> None:
        from websockets.sync.client import connect

        token = token or guest(base, "Người xem")
        self.ws = connect(ws_url(base, room), max_size=2**22).__enter__()
        self.ws.send(auth_message(token, code))  # signed in by the first message
        self.views = 0
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            while True:
                if json.loads(self.ws.recv()).get("type") == "view":
                    self.views += 1
        except Exception:  # closed
            pass

    def close(self) -> None:
        self.ws.close()
        self.thread.join(5)

    def __enter__(self) -> Watcher:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def spectate(room: Any) -> Any:
    """A spectator's connection on a ``Room`` of this process (its outbox never fills): a
    room nobody is at stands still, so a unit test stepping a room of bots needs one."""
    from chieu.server.pushing import Conn

    conn = Conn(player=0, seat=None, lang="vi", outbox=asyncio.Queue())
    room.attach(conn)
    return conn


def played_alone(base: str, token: str, body: dict[str, Any]) -> dict[str, Any]:
    """A room made with ``body`` and started by ``token``'s player, who never connects: its
    first game played out by the bots and the clock while a spectator watches (then leaves);
    the room's JSON once it is over."""
    made = make_room(base, token, body)
    rid = made["id"]
    with Watcher(base, rid, code=made["code"]):  # a private room's spectator needs its code
        httpx.post(f"{base}/api/rooms/{rid}/start", headers=auth(token)).raise_for_status()

        def over() -> dict[str, Any] | None:
            room: dict[str, Any] = httpx.get(f"{base}/api/rooms/{rid}", headers=auth(token)).json()[
                "room"
            ]
            return room if room["status"] != "playing" else None

        return until(over)


@dataclass
class Player:
    """A scripted client: plays each decision's default (or ``choose``), keeps every message."""

    base: str
    token: str
    room: int
    lang: str = "vi"
    messages: list[dict[str, Any]] = field(default_factory=list)
    acted: set[int] = field(default_factory=set)
    acks: list[int] = field(default_factory=list)  # versions it acted at
    ws: Any = None
    stop_after: int | None = None  # stop after this many own actions
    backlog: list[dict[str, Any]] = field(default_factory=list)  # read again by ``play``

    def url(self, since: int | None = None) -> str:
        url = self.base.replace("http", "ws") + f"/ws/rooms/{self.room}?lang={self.lang}"
        return url + (f"&since={since}" if since is not None else "")

    async def connect(self, since: int | None = None) -> None:
        """Open the socket and sign in with the first message (the token is never in the
        URL)."""
        self.ws = await ws_connect(self.url(since), self.token, max_size=2**22)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()

    async def recv(self, timeout: float = WAIT) -> dict[str, Any]:
        msg: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.messages.append(msg)
        return msg

    async def send(self, msg: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(msg))

    async def play(
        self, game_id: int | None = None, timeout: float = WAIT, after: int = 0
    ) -> dict[str, Any]:
        """Answer every own decision until the game ``game_id`` (the first seen that is not
        the game ``after``: ids are random, not in order) is over; returns the last view
        message."""
        end = time.time() + timeout
        begun = False  # a view of ``game_id`` seen: another game's next means it is over
        while True:
            if self.backlog:
                msg = self.backlog.pop(0)
            else:
                msg = await self.recv(max(0.1, end - time.time()))
            if msg["type"] == "error":
                assert msg["code"] == "stale", msg
                continue
            if msg["type"] != "view" or msg["view"] is None:
                continue
            if msg["game_id"] is None or msg["game_id"] == after:
                continue
            if game_id is None:
                game_id = msg["game_id"]
            if msg["game_id"] != game_id and not begun:  # the last game, before this one
                continue
            begun = True
            if msg["game_id"] != game_id or msg["view"]["outcome"] is not None:
                return msg
            decisions = msg["view"]["decisions"]
            if decisions and msg["version"] not in self.acted:
                if self.stop_after is not None and len(self.acks) >= self.stop_after:
                    return msg
                self.acted.add(msg["version"])
                self.acks.append(msg["version"])
                await self.send(
                    {"type": "act", "version": msg["version"], "action": decisions[0]["default"]}
                )


def views_by_version(messages: list[dict[str, Any]], game_id: int) -> dict[int, dict[str, Any]]:
    return {
        m["version"]: m["view"]
        for m in messages
        if m["type"] == "view" and m["game_id"] == game_id and m["view"] is not None
    }


def replay_states(record_text: str, first_version: int) -> dict[int, Any]:
    """version -> a copy of the state at that version, replaying the record as the server
    drives a game (pass-only answers at once)."""
    record = GameRecord.loads(record_text)
    game = load_game(record.game, record.rules)
    state = game.new_state(record.seed, setup=record.setup)
    state.pass_forced()
    out = {first_version: state.clone()}
    version = first_version
    for seat, data in record.actions():
        state.apply(game.action_space.from_json(data), seat)
        state.pass_forced()
        version += 1
        out[version] = state.clone()
    return out


def stored_states(url: str, game_id: int) -> dict[int, Any]:
    """version -> a copy of the state a room with a claim-window hold showed at that version:
    the game's stored rows replayed as the room replays them (``chieu.server.windows``)."""
    from chieu.server.storage import Store
    from chieu.server.windows import replay_row

    store = Store(url)
    try:
        stored = store.game(game_id)
        assert stored is not None
        row = store.rooms(stored.room_id)[0]
        rows = store.game_actions(game_id)
    finally:
        store.close()
    game = load_game(row["game"], row["rules"])
    state = game.new_state(stored.seed, setup=stored.setup)
    out = {stored.first_version: state.clone()}
    for version, seat, data in rows:
        replay_row(state, game.action_space, seat, data)
        out[version] = state.clone()
    return out


def strip_deadlines(view: dict[str, Any]) -> dict[str, Any]:
    view = json.loads(json.dumps(view))
    for d in view.get("decisions", ()):
        d["deadline"] = None
    return view


def check_hidden(view: dict[str, Any], seat: int | None) -> None:
    """No other seat's hand and no stock card in a view for ``seat``."""
    assert view["viewer"] == seat
    for zone in view["zones"]:
        if zone["role"] == "hand" and zone["owner"] != seat and zone["cards"] is not None:
            # a hand shown to everyone at the end (a winner's) is the only exception
            assert view["outcome"] is not None, zone
        if zone["role"] == "stock":
            assert zone["cards"] is None, zone
