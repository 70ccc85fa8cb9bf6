"""Load on the online table: ``python -m bench.server [--rooms N] [--seconds S] [--think T]``.

Starts ``chieu serve`` as a subprocess on a fresh SQLite database (or ``--database-url``),
opens N rooms of four guests each, and plays them over real WebSockets: every client answers
its seat's decisions with the default after ``--think`` seconds (about one action a second a
room with the default; 0 saturates). Reports actions/s, the p50/p99 delay from sending an
action to receiving the view that shows it, and the errors (a stale answer in a claim window
is normal and counted apart).

``--kill K``: SIGKILL the server K times at random moments and start it again; the clients
reconnect. At the end every finished game's record must replay and hold every version a client
saw: 0 acknowledged actions lost, 0 applied twice (the log's key forbids it).

``main(argv)`` returns 0, or 1 when the fault run found a problem. Nothing here is a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

GROUPS: list[Any] = []  # not a figure module of ``python -m bench``: run it by itself

try:
    import chieu  # noqa: F401
except ImportError:  # run from a checkout without an install
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))


class Stats:
    def __init__(self) -> None:
        self.latency: list[float] = []
        self.sent = 0
        self.errors: dict[str, int] = {}
        self.stale = 0
        self.seen: dict[int, int] = {}  # game id -> the highest version a client saw
        self.first: dict[int, int] = {}  # game id -> the lowest (its start, when seen)


def _server(data: Path, port: int, url: str | None) -> subprocess.Popen[bytes]:
    env = {**os.environ, "CHIEU_DATA_DIR": str(data), "CHIEU_WS_RATE": "1000"}
    cmd = [sys.executable, "-m", "chieu.cli.main", "serve", "--port", str(port)]
    cmd += ["--log-level", "warning"] + (["--database-url", url] if url else [])
    log = open(data / "server.log", "ab")  # noqa: SIM115
    return subprocess.Popen(cmd, env=env, stdout=log, stderr=log)


async def _healthy(client: Any, base: str, timeout: float = 60) -> None:
    end = time.time() + timeout
    while time.time() < end:
        try:
            if (await client.get(f"{base}/api/health")).json() == {"ok": True}:
                return
        except Exception:
            pass
        await asyncio.sleep(0.1)
    raise RuntimeError("the server did not start")


async def _seat(base: str, token: str, room: int, think: float, stats: Stats, stop: Any) -> None:
    import websockets

    url = base.replace("http", "ws") + f"/ws/rooms/{room}?token={token}"
    since: int | None = None
    while not stop.is_set():
        try:
            async with websockets.connect(
                url + (f"&since={since}" if since is not None else ""), max_size=2**22
            ) as ws:
                await _play(ws, think, stats, stop)
        except Exception:
            await asyncio.sleep(0.2 + random.random())  # the server is down: try again


async def _play(ws: Any, think: float, stats: Stats, stop: Any) -> None:
    latest: dict[str, Any] = {}
    pending: dict[int, float] = {}
    acted: set[int] = set()
    wake = asyncio.Event()

    async def actor() -> None:
        while not stop.is_set():
            await wake.wait()
            wake.clear()
            if think:
                await asyncio.sleep(random.uniform(0.5 * think, 1.5 * think))
            msg = latest.get("m")
            if msg is None or msg["view"] is None:
                continue
            view, version = msg["view"], msg["version"]
            if view["outcome"] is not None:
                await ws.send('{"type":"next"}')
            elif view["decisions"] and version not in acted:
                acted.add(version)
                pending[version] = time.perf_counter()
                stats.sent += 1
                action = view["decisions"][0]["default"]
                await ws.send(json.dumps({"type": "act", "version": version, "action": action}))

    task = asyncio.get_running_loop().create_task(actor())
    try:
        while not stop.is_set():
            try:
                text = await asyncio.wait_for(ws.recv(), 1.0)
            except TimeoutError:
                continue
            msg = json.loads(text)
            now = time.perf_counter()
            if msg["type"] == "view":
                for v in [v for v in pending if v < msg["version"]]:
                    stats.latency.append(now - pending.pop(v))
                gid = msg["game_id"]
                if gid is not None:
                    stats.seen[gid] = max(stats.seen.get(gid, 0), msg["version"])
                    stats.first[gid] = min(stats.first.get(gid, msg["version"]), msg["version"])
                latest["m"] = msg
                wake.set()
            elif msg["type"] == "error":
                if msg["code"] == "stale":
                    stats.stale += 1
                else:
                    stats.errors[msg["code"]] = stats.errors.get(msg["code"], 0) + 1
                pending.clear()
    finally:
        task.cancel()


async def run(args: argparse.Namespace) -> int:
    import httpx

    data = Path(tempfile.mkdtemp(prefix="chieu-bench-"))
    port = args.port
    base = f"http://127.0.0.1:{port}"
    proc = _server(data, port, args.database_url)
    stats = Stats()
    stop = asyncio.Event()
    clock = {"bot_delay": 0, "pause": 1, "turn": 30, "claim": 30, "grace": 60}
    hosts: list[tuple[int, str]] = []
    async with httpx.AsyncClient(timeout=30) as client:
        await _healthy(client, base)

        async def guest(name: str) -> str:
            r = await client.post(f"{base}/api/guests", json={"name": name})
            return str(r.json()["token"])

        tasks = []
        for n in range(args.rooms):
            tokens = [await guest(f"Khách {n}-{s}") for s in range(4)]
            head = {"Authorization": f"Bearer {tokens[0]}"}
            r = await client.post(
                f"{base}/api/rooms", json={"game": args.game, "clock": clock}, headers=head
            )
            rid = r.json()["room"]["id"]
            for t in tokens[1:]:
                await client.post(
                    f"{base}/api/rooms/{rid}/join",
                    json={},
                    headers={"Authorization": f"Bearer {t}"},
                )
            hosts.append((rid, tokens[0]))
            tasks += [
                asyncio.create_task(_seat(base, t, rid, args.think, stats, stop)) for t in tokens
            ]
        await asyncio.sleep(1)
        for rid, token in hosts:
            await client.post(
                f"{base}/api/rooms/{rid}/start", headers={"Authorization": f"Bearer {token}"}
            )
        start, sent0 = time.perf_counter(), stats.sent
        kills = sorted(random.uniform(0.1, 0.9) * args.seconds for _ in range(args.kill))
        for at in kills:
            await asyncio.sleep(max(0.0, start + at - time.perf_counter()))
            proc.kill()
            proc.wait()
            proc = _server(data, port, args.database_url)
            await _healthy(client, base)
        await asyncio.sleep(max(0.0, start + args.seconds - time.perf_counter()))
        elapsed = time.perf_counter() - start
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        problems = await _check(client, base, hosts, stats) if args.kill else []
    proc.terminate()
    proc.wait(30)
    lat = sorted(stats.latency) or [0.0]
    p99 = lat[min(len(lat) - 1, int(0.99 * len(lat)))]
    result = {
        "rooms": args.rooms,
        "seconds": round(elapsed, 1),
        "actions_per_s": round((stats.sent - sent0) / elapsed, 1),
        "answered": len(stats.latency),
        "p50_ms": round(statistics.median(lat) * 1000, 1),
        "p99_ms": round(p99 * 1000, 1),
        "errors": stats.errors,
        "stale": stats.stale,
        "kills": args.kill,
        "problems": problems,
        "data": str(data),
    }
    print(json.dumps(result, ensure_ascii=False))
    return 1 if problems else 0


async def _check(client: Any, base: str, hosts: list[tuple[int, str]], stats: Stats) -> list[str]:
    """Every finished game's record replays and holds every version a client saw."""
    from chieu.core.record import GameRecord

    token = hosts[0][1]
    problems = []
    for gid, seen in sorted(stats.seen.items()):
        r = await client.get(
            f"{base}/api/games/{gid}/record", headers={"Authorization": f"Bearer {token}"}
        )
        if r.status_code != 200 or "ndjson" not in r.headers.get("content-type", ""):
            continue  # not over yet (or not ours to read before the end)
        record = GameRecord.loads(r.text)
        bad = record.verify()
        if bad:
            problems.append(f"game {gid}: {bad[:2]}")
        if seen - stats.first[gid] > len(record.actions()):
            problems.append(f"game {gid}: a client saw version {seen}: an action was lost")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.server", description=__doc__)
    parser.add_argument("--rooms", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think", type=float, default=1.0, help="seconds before answering")
    parser.add_argument("--game", default="chan")
    parser.add_argument("--kill", type=int, default=0, help="SIGKILLs during the run")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--database-url", default=None)
    return asyncio.run(run(parser.parse_args(argv)))


if __name__ == "__main__":
    sys.exit(main())
