"""ExternalBot: a bot in another process speaking JSON lines over stdin/stdout.

The protocol (docs/bot-protocol.md) in short; every message is one JSON object on one line:

* chieu → bot ``{"type": "start", "protocol": 1, "game": "chan", "rules": {...}, "seat": 2,
  "players": 4}``; the bot answers one line (e.g. ``{"type": "ready", "name": "mine"}``).
* chieu → bot ``{"type": "act", "observation": {...}, "legal": [{"verb": "discard", "card":
  7}, ...]}``; the bot answers ``{"action": {...}}`` (one of ``legal``) or ``{"index": i}``.
* chieu → bot ``{"type": "end", "outcome": {...}}`` at the end of a game (no answer).

A bot that crashes, answers something that is not a legal action, or does not answer within
``timeout`` seconds **forfeits the move**: chieu plays the *default action* instead, the move
the game's built-in ``heuristic`` bot would play (``random`` for a game without one), and
writes the failure to ``failures``. After a crash or a timeout the process is stopped and its
remaining moves in that game are forfeited; it is started again for the next game.
"""

from __future__ import annotations

import contextlib
import json
import queue
import shlex
import subprocess
import threading
import time
from collections.abc import Mapping, Sequence
from typing import Any

from chieu.core.actions import Action
from chieu.core.errors import ChieuError
from chieu.core.rng import Rng

PROTOCOL = 1
DEFAULT_TIMEOUT = 5.0


class ExternalBot:
    """Runs ``command`` (a shell-like string or an argument list) as a bot."""

    def __init__(
        self, command: str | Sequence[str], *, timeout: float = DEFAULT_TIMEOUT, name: str = ""
    ) -> None:
        if isinstance(command, str):
            try:
                self.argv = shlex.split(command)
            except ValueError as exc:  # an unclosed quote
                raise ChieuError(f"external bot command {command!r}: {exc}") from None
        else:
            self.argv = list(command)
        if not self.argv:
            raise ChieuError("an external bot needs a command, e.g. ext:'python mybot.py'")
        self.timeout = timeout
        self.name = name or f"ext:{' '.join(self.argv)}"
        self.failures: list[str] = []
        self.forfeits = 0
        self._proc: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._dead = False
        self._game = ""
        self._start: dict[str, Any] | None = None
        self._fallback: Any = None

    # -- lifecycle --------------------------------------------------------------------------
    def new_game(self, game: str, rules: Mapping[str, Any], seat: int) -> None:
        self.close()
        self._dead = False
        self._game = game
        self._fallback = None
        self._start = {
            "type": "start",
            "protocol": PROTOCOL,
            "game": game,
            "rules": dict(rules),
            "seat": seat,
            "players": int(rules.get("players", 0)) or None,
        }

    def end_game(self, outcome: Mapping[str, Any] | None) -> None:
        if self._proc is not None and not self._dead:
            self._send({"type": "end", "outcome": dict(outcome or {})})
        self.close()

    def close(self) -> None:
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            if proc.stdin:
                proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.close()

    def _launch(self, observation: Mapping[str, Any]) -> None:
        if self._start is None:  # not started by play_game: what the observation tells
            self._game = str(observation.get("game", self._game))
            self._start = {
                "type": "start",
                "protocol": PROTOCOL,
                "game": self._game,
                "rules": {},
                "seat": observation.get("seat"),
                "players": observation.get("players"),
            }
        try:
            self._proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                encoding="utf-8",
                bufsize=1,
            )
        except OSError as exc:
            self._fail(f"cannot start {self.argv[0]!r}: {exc.strerror or exc}")
            return
        self._lines = queue.Queue()
        threading.Thread(target=self._reader, args=(self._proc, self._lines), daemon=True).start()
        if self._send(self._start) and self._receive("start") is None:
            self._dead = True

    @staticmethod
    def _reader(proc: subprocess.Popen[str], lines: queue.Queue[str | None]) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line)
        lines.put(None)

    # -- messages ---------------------------------------------------------------------------
    def _fail(self, why: str) -> None:
        self.failures.append(why)
        self._dead = True
        proc = self._proc
        if proc is not None and proc.poll() is None:
            proc.kill()

    def _send(self, message: Mapping[str, Any]) -> bool:
        proc = self._proc
        if proc is None or proc.stdin is None:
            return False
        try:
            proc.stdin.write(json.dumps(message, ensure_ascii=False) + "\n")
            proc.stdin.flush()
        except (OSError, ValueError):
            self._fail("the bot process closed its input (crashed?)")
            return False
        return True

    def _receive(self, what: str) -> dict[str, Any] | None:
        deadline = time.monotonic() + self.timeout
        while True:
            left = deadline - time.monotonic()
            try:
                line = self._lines.get(timeout=max(left, 0.0))
            except queue.Empty:
                self._fail(f"no answer to {what!r} within {self.timeout:g} s")
                return None
            if line is None:
                code = self._proc.poll() if self._proc else None
                self._fail(f"the bot process ended (exit code {code}) before answering {what!r}")
                return None
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError:
                self._fail(f"answer to {what!r} is not JSON: {line.strip()[:80]!r}")
                return None
            if not isinstance(obj, dict):
                self._fail(f"answer to {what!r} is not a JSON object: {line.strip()[:80]!r}")
                return None
            return obj

    # -- acting -----------------------------------------------------------------------------
    def act(self, observation: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        if not legal_actions:
            raise ChieuError("ExternalBot was asked to act with no legal action")
        if self._proc is None and not self._dead:
            self._launch(observation)
        answer = None
        legal_json = [a.to_json() for a in legal_actions]
        if not self._dead and self._send(
            {"type": "act", "observation": observation, "legal": legal_json}
        ):
            answer = self._receive("act")
        if answer is not None:
            action = _pick(answer, legal_actions, legal_json)
            if action is not None:
                return action
            self.failures.append(f"not a legal action: {json.dumps(answer)[:120]}")
        return self._forfeit(observation, legal_actions, rng)

    def _forfeit(self, observation: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        """The documented default action: what the game's heuristic bot would play."""
        from chieu.bots.registry import bot_names, get_bot

        self.forfeits += 1
        if self._fallback is None:
            game = self._game or str(observation.get("game", ""))
            name = "heuristic" if game and "heuristic" in bot_names(game) else "random"
            self._fallback = get_bot(name, game) if game else get_bot("random", "chan")
        action: Action = self._fallback.act(observation, legal, rng)
        return action

    def __repr__(self) -> str:
        return f"ExternalBot({self.argv!r})"


def _pick(
    answer: Mapping[str, Any], legal: list[Action], legal_json: list[dict[str, object]]
) -> Action | None:
    if "index" in answer:
        i = answer["index"]
        if isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(legal):
            return legal[i]
        return None
    wanted = answer.get("action")
    if isinstance(wanted, dict):
        for action, data in zip(legal, legal_json, strict=True):
            if data == wanted:
                return action
    return None
