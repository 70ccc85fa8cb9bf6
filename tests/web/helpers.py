"""The browser tests' tools: ``chieu serve`` in a subprocess, a small API client, and a player
that plays a game in a page by clicking its ``[data-action-id]`` controls.

Nothing here imports pytest: ``scripts/screenshots.py`` drives the same tools.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from chieu.core.registry import game_names
from chieu.core.table import load_game

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("CHIEU_CHROMIUM") or "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: the rooms the tests make: bots answer at once, humans have no deadline, a finished game
#: stays on the table (its outcome shown) until every human asks for the next one
FAST_CLOCK: dict[str, float | None] = {
    "bot_delay": 0,
    "pause": 600,
    "turn": None,
    "claim": None,
    "grace": 600,
    "window": 0.1,  # claim windows held (briefly): pass-only answers are the server's
}
#: every seat a bot (or a player with no socket: grace 0): a game plays itself out at once
ROBOT_CLOCK: dict[str, float | None] = {
    "bot_delay": 0,
    "pause": 600,
    "turn": None,
    "claim": None,
    "grace": 0,
    "window": 0,
}
#: the longest a wait for something to happen lasts (seconds): only a safety net on a loaded
#: machine; every wait ends as soon as what it waits for happens
WAIT = 120.0
WAIT_MS = WAIT * 1000  # the same for playwright
GAMES = tuple(game_names())
SEATS = {name: load_game(name).info.players for name in GAMES}

#: a control the viewer may click now (the page marks a fault with data-fault)
ACTION = "[data-action-id]:not([disabled]):not([aria-disabled=true])"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# -- the server ---------------------------------------------------------------------------------
class ServeProcess:
    """``chieu serve`` on a free port with an SQLite database in ``folder``."""

    def __init__(self, folder: Path, port: int | None = None) -> None:
        self.folder = folder
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = folder / "server.log"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = WAIT) -> ServeProcess:
        self.folder.mkdir(parents=True, exist_ok=True)
        env = {
            **os.environ,
            "CHIEU_DATA_DIR": str(self.folder),
            "CHIEU_WS_RATE": "1000",
            "CHIEU_LIMITS": "off",  # one server for many tests: more guests than one address gets
            "PYTHONUNBUFFERED": "1",
        }
        env.pop("CHIEU_DATABASE_URL", None)
        cmd = [
            sys.executable,
            "-m",
            "chieu.cli.main",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--database-url",
            f"sqlite:///{self.folder / 'chieu.db'}",
            "--log-level",
            "warning",
        ]
        log = open(self.log_path, "ab")  # noqa: SIM115 (the child holds it)
        self.proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=log, cwd=self.folder)
        log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"chieu serve exited ({self.proc.returncode}):\n{self.log()}")
            with contextlib.suppress(httpx.HTTPError):
                r = httpx.get(f"{self.base}/api/health", timeout=2)
                if r.status_code == 200 and r.json() == {"ok": True}:
                    return self
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"chieu serve not healthy after {timeout:g}s:\n{self.log()}")

    def log(self, tail: int = 4000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-tail:]
        except OSError:
            return ""

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)

    def __enter__(self) -> ServeProcess:
        """Starts the server unless ``start()`` already did (``with ServeProcess(f).start()``
        must not leave a second server running)."""
        return self if self.proc is not None and self.proc.poll() is None else self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


# -- the API ------------------------------------------------------------------------------------
class Api:
    """The HTTP API as one player (``token``), or anonymously."""

    def __init__(self, base: str, token: str | None = None) -> None:
        self.base = base
        self.token = token

    def _headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"} if self.token else {}

    def call(self, method: str, path: str, body: Any = None, ok: Sequence[int] = (200, 201)) -> Any:
        r = httpx.request(method, self.base + path, json=body, headers=self._headers(), timeout=15)
        if r.status_code not in ok:
            raise AssertionError(f"{method} {path} -> {r.status_code}: {r.text[:500]}")
        ctype = r.headers.get("content-type", "")
        return r.json() if ctype.startswith("application/json") else r.text

    @classmethod
    def guest(cls, base: str, name: str) -> Api:
        data = cls(base).call("POST", "/api/guests", {"name": name})
        return cls(base, data["token"])

    def me(self) -> dict[str, Any]:
        return dict(self.call("GET", "/api/me")["player"])

    def create_room(
        self,
        game: str,
        bots: dict[int, str] | None = None,
        clock: dict[str, float | None] | None = None,
        **extra: Any,
    ) -> dict[str, Any]:
        body: dict[str, Any] = {
            "game": game,
            "bots": {str(k): v for k, v in (bots or {}).items()},
            "clock": dict(FAST_CLOCK if clock is None else clock),
            **extra,
        }
        return dict(self.call("POST", "/api/rooms", body)["room"])

    def room(self, room_id: int) -> dict[str, Any]:
        return dict(self.call("GET", f"/api/rooms/{room_id}")["room"])

    def start(self, room_id: int) -> dict[str, Any]:
        return dict(self.call("POST", f"/api/rooms/{room_id}/start")["room"])

    def join(self, room_id: int, seat: int | None = None) -> dict[str, Any]:
        body = {} if seat is None else {"seat": seat}
        return dict(self.call("POST", f"/api/rooms/{room_id}/join", body))

    def sheet(self, room_id: int) -> dict[str, Any]:
        return dict(self.call("GET", f"/api/rooms/{room_id}/sheet"))

    def wait_room(self, room_id: int, pred: Any, timeout: float = WAIT) -> dict[str, Any]:
        """The room once ``pred(room)`` holds (polled)."""
        deadline = time.monotonic() + timeout
        room = self.room(room_id)
        while not pred(room):
            if time.monotonic() > deadline:
                raise AssertionError(f"room {room_id} never got there: {json.dumps(room)[:800]}")
            time.sleep(0.1)
            room = self.room(room_id)
        return room

    def send_next(self, room_id: int) -> None:
        """``{"type": "next"}`` on the room's socket as this player (between two games)."""
        from websockets.sync.client import connect

        url = self.base.replace("http", "ws", 1) + f"/ws/rooms/{room_id}"
        with connect(url, open_timeout=WAIT, close_timeout=2) as ws:
            ws.send(json.dumps({"type": "auth", "token": self.token}))  # never in the URL
            json.loads(ws.recv(timeout=WAIT))  # the first view
            ws.send(json.dumps({"type": "next"}))
            # wait for the next game's first view before closing
            deadline = time.monotonic() + WAIT
            while time.monotonic() < deadline:
                msg = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
                if msg.get("type") == "view" and msg["room"]["status"] != "between":
                    return
        raise AssertionError(f"room {room_id}: the next game did not start")


def robot_sitting(
    base: str, game: str, games: int = 1, name: str = "Khán giả"
) -> tuple[Api, dict[str, Any]]:
    """A room of ``game`` whose only player never connects (grace 0: a bot plays for him), with
    ``games`` finished games on its sheet, watched meanwhile by a spectator (a room nobody is at
    stands still); returns the host's API and the room."""
    from tests.server.helpers import Watcher

    api = Api.guest(base, name)
    room = api.create_room(game, clock=ROBOT_CLOCK)
    with Watcher(base, room["id"]):
        api.start(room["id"])
        for number in range(1, games + 1):
            room = api.wait_room(
                room["id"],
                lambda r, n=number: (
                    r["status"] == "finished"
                    or (r["status"] == "between" and r["game_number"] >= n)
                ),
            )
            if number < games and room["status"] == "between":
                api.send_next(room["id"])
    return api, room


# -- the page -----------------------------------------------------------------------------------
def tid(name: str) -> str:
    return f'[data-testid="{name}"]'


def enter_lobby(page: Any, base: str, name: str, timeout: float = WAIT_MS) -> str:
    """Open the lobby, give the first-visit name, and return the page's session token."""
    page.goto(base + "/")
    page.locator(f"{tid('guest-name')}, {tid('game-select')}").first.wait_for(
        state="visible", timeout=timeout
    )
    field = page.locator(tid("guest-name"))
    if field.count() and field.first.is_visible():
        with page.expect_response(
            lambda r: r.url.endswith("/api/guests") and r.request.method == "POST",
            timeout=timeout,
        ) as info:
            field.first.fill(name)
            field.first.press("Enter")
        token = str(info.value.json()["token"])
        page.locator(tid("game-select")).wait_for(state="visible", timeout=timeout)
        return token
    return page_token(page, base)


def page_token(page: Any, base: str) -> str:
    """The session token the page keeps in its storage (any key: the one /api/me accepts)."""
    found: list[str] = page.evaluate(
        """() => {
            const out = [];
            const look = (v) => {
                if (typeof v === 'string') {
                    out.push(v);
                    try { look(JSON.parse(v)); } catch (e) {}
                } else if (v && typeof v === 'object') {
                    for (const x of Object.values(v)) look(x);
                }
            };
            for (const s of [localStorage, sessionStorage])
                for (let i = 0; i < s.length; i++) look(s.getItem(s.key(i)));
            return out;
        }"""
    )
    for value in found:
        if len(value) < 16 or len(value) > 400 or " " in value:
            continue
        r = httpx.get(base + "/api/me", headers={"Authorization": f"Bearer {value}"}, timeout=10)
        if r.status_code == 200:
            return value
    raise AssertionError("the page keeps no session token /api/me accepts")


def open_room(page: Any, base: str, room_id: int, timeout: float = WAIT_MS) -> None:
    page.goto(f"{base}/#/room/{room_id}")
    page.locator(tid("table")).wait_for(state="visible", timeout=timeout)


def phom_against_bots(page: Any, base: str, name: str) -> tuple[Api, int]:
    """``name`` in the lobby, a Phỏm room with three heuristic bots opened on the page and
    started: the API as that player, and the room's id."""
    api = Api(base, enter_lobby(page, base, name))
    rid = int(api.create_room("phom", bots={1: "heuristic", 2: "heuristic", 3: "heuristic"})["id"])
    open_room(page, base, rid)
    api.start(rid)
    return api, rid


def room_status(page: Any) -> str | None:
    loc = page.locator(tid("status"))
    if not loc.count():
        return None
    value = loc.first.get_attribute("data-status")
    return None if value is None else str(value)


def hand_cards(page: Any) -> list[str]:
    return [
        str(c)
        for c in page.locator(f"{tid('hand')} [data-card]").evaluate_all(
            "els => els.map(e => e.getAttribute('data-card'))"
        )
    ]


def action_controls(page: Any) -> list[dict[str, Any]]:
    """The viewer's enabled, visible action controls: ``{"id", "fault"}`` in page order."""
    found: list[dict[str, Any]] = page.evaluate(
        """(sel) => {
            const out = [], seen = new Set();
            for (const el of document.querySelectorAll(sel)) {
                const r = el.getBoundingClientRect();
                const st = getComputedStyle(el);
                if (r.width === 0 || r.height === 0 || st.visibility === 'hidden') continue;
                const id = el.getAttribute('data-action-id');
                if (seen.has(id)) continue;
                seen.add(id);
                const fault = (el.hasAttribute('data-fault')
                    && el.getAttribute('data-fault') !== 'false')
                    || el.classList.contains('fault')
                    || (el.textContent || '').includes('\u26a0');
                out.push({id: id, fault: fault,
                          confirm: el.getAttribute('data-testid') === 'confirm-action'});
            }
            return out;
        }""",
        ACTION,
    )
    return found


#: an in-page confirmation's "yes" (a fault asks before it is played)
CONFIRM = ", ".join(
    [
        tid("confirm-action"),
        tid("confirm-yes"),
        tid("confirm-ok"),
        tid("confirm"),
        "dialog[open] [data-confirm]",
        "dialog[open] button[value=ok]",
        "dialog[open] button[value=yes]",
    ]
)


@dataclass
class Player:
    """Plays one page's seat: each call to :meth:`step` clicks one enabled action (a random
    one with a fixed seed, a fault only when nothing else is offered)."""

    page: Any
    seed: int = 0
    clicks: int = 0
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def outcome_shown(self) -> bool:
        loc = self.page.locator(tid("outcome"))
        return bool(loc.count()) and loc.first.is_visible()

    def step(self, settle_ms: float = 4000) -> bool:
        """Click one action if one is offered; True if it did."""
        controls = action_controls(self.page)
        if not controls:
            return False
        pending = [c for c in controls if c.get("confirm")]
        fair = [c for c in controls if not c["fault"] and not c.get("confirm")]
        choice = pending[0] if pending else self.rng.choice(fair) if fair else controls[0]
        aid = choice["id"]
        before = [c["id"] for c in controls]
        target = self.page.locator(f'{ACTION}[data-action-id="{aid}"]').locator("visible=true")
        try:
            handle = target.first.element_handle(timeout=1000)
            handle.scroll_into_view_if_needed(timeout=2000)
            handle.click(timeout=3000)
        except Exception:  # re-rendered under us: look again
            return False
        self.clicks += 1
        if choice["fault"] and not choice.get("confirm"):
            confirm = self.page.locator(CONFIRM)
            with contextlib.suppress(Exception):
                confirm.first.wait_for(state="visible", timeout=700)
                confirm.first.click(timeout=2000)
        # wait until the page has taken the answer: the control is gone or the offer changed
        with contextlib.suppress(Exception):
            self.page.wait_for_function(
                """([el, sel, before]) => {
                    if (!el.isConnected) return true;
                    const now = [...new Set([...document.querySelectorAll(sel)]
                        .map(e => e.getAttribute('data-action-id')))];
                    return now.join(',') !== before.join(',');
                }""",
                arg=[handle, ACTION, before],
                timeout=settle_ms,
                polling=50,
            )
        return True


def play_until_outcome(
    players: Sequence[Player], timeout: float = 120.0, describe: Any = None
) -> None:
    """Click actions on every page in turn until every page shows the outcome."""
    deadline = time.monotonic() + timeout
    done = [False] * len(players)
    while not all(done):
        if time.monotonic() > deadline:
            extra = describe() if describe else ""
            states = [
                f"page {i}: outcome={done[i]} status={room_status(p.page)} clicks={p.clicks} "
                f"actions={action_controls(p.page)}"
                for i, p in enumerate(players)
            ]
            raise AssertionError(
                f"no outcome on every page after {timeout:g}s\n" + "\n".join(states) + f"\n{extra}"
            )
        acted = False
        for i, p in enumerate(players):
            if done[i]:
                continue
            if p.outcome_shown():
                done[i] = True
                continue
            acted = p.step() or acted
        if not acted and not all(done):
            players[0].page.wait_for_timeout(60)


def wait_turn_or_outcome(page: Any, timeout: float = WAIT_MS) -> str:
    """Wait until the viewer has an action to click (``"turn"``) or the game is over
    (``"outcome"``)."""
    result = page.wait_for_function(
        """(sel) => {
            const seen = (el) => { const r = el.getBoundingClientRect();
                                   return r.width > 0 && r.height > 0; };
            const out = document.querySelector('[data-testid="outcome"]');
            if (out && seen(out)) return 'outcome';
            for (const el of document.querySelectorAll(sel)) if (seen(el)) return 'turn';
            return false;
        }""",
        arg=ACTION,
        timeout=timeout,
        polling=50,
    )
    return str(result.json_value())


def reach_turn(page: Any, timeout: float = WAIT_MS) -> None:
    """Wait for the viewer's next decision; a game that ends first (a bot wins) is followed by
    the next one (``ready``)."""
    for _ in range(5):
        if wait_turn_or_outcome(page, timeout) == "turn":
            return
        page.locator(tid("ready")).click()
        page.locator(tid("outcome")).wait_for(state="hidden", timeout=timeout)
    raise AssertionError("five games in a row ended before the player had a decision")


def no_horizontal_overflow(page: Any) -> tuple[int, int]:
    """(scrollWidth, innerWidth) of the document."""
    sw, iw = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    return int(sw), int(iw)


@contextlib.contextmanager
def timer(label: str) -> Iterator[None]:
    t = time.monotonic()
    yield
    print(f"{label}: {time.monotonic() - t:.1f}s")
