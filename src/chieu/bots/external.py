"""ExternalBot: a bot in another process speaking JSON lines over stdin/stdout.

The protocol (docs/bot-protocol.md) in short; every message is one JSON object on one line:

* chieu → bot ``{"type": "start", "protocol": 1, "game": "chan", "rules": {...}, "seat": 2,
  "players": 4}``; the bot answers one line (e.g. ``{"type": "ready", "name": "mine"}``).
* chieu → bot ``{"type": "act", "observation": {...}, "legal": [{"verb": "discard", "card":
  7}, ...]}``; the bot answers ``{"action": {...}}`` (one of ``legal``) or ``{"index": i}``.
* chieu → bot ``{"type": "end", "outcome": {...}}`` at the end of a game (no answer).

A bot that crashes, answers something that is not a legal action, does not answer within
``timeout`` seconds, or uses up its ``game_time`` (the seconds it may think in one game, all
its answers together) **forfeits the move**: chieu plays the *default action* instead, the
move the game's built-in ``heuristic`` bot would play (``random`` for a game without one), and
writes the failure to ``failures``. After any failure but an illegal answer the process is
stopped and its remaining moves in that game are forfeited; it is started again for the next
game.

Every answer is read through :func:`chieu.core.jsonio.read_json`: a line longer than
``MAX_ANSWER_BYTES`` is never held whole (the bot forfeits as soon as the limit is passed),
invalid UTF-8, NaN, deep nesting and huge numbers are failures with a clear reason. A bot that
does not read its input cannot block chieu either: a message that cannot be written within the
timeout is a failure too.

On POSIX the bot is started in a session (and process group) of its own, and the whole group
is killed when the bot fails and at the end of each game: a wrapper script (``sh -c``,
``python -m``, ``npm start``) cannot leave the real bot running.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import queue
import shlex
import signal
import subprocess
import threading
import time
from collections.abc import Mapping, Sequence
from typing import IO

from chieu.bots.base import Bot, Observation
from chieu.core.actions import Action
from chieu.core.errors import ChieuError
from chieu.core.jsonio import JsonInputError, Limits, dump_line, read_json
from chieu.core.rng import Rng

PROTOCOL = 1
DEFAULT_TIMEOUT = 5.0  # seconds per answer
DEFAULT_GAME_TIME = 300.0  # seconds of answers per game
MAX_ANSWER_BYTES = 64 * 1024  # one answer line
ANSWER_LIMITS = Limits(max_bytes=MAX_ANSWER_BYTES, max_depth=16, max_int_digits=20)
MAX_SECONDS = 86_400.0  # the largest timeout or game time accepted (a day)
_QUEUED_LINES = 16  # answers read ahead at most (the bot waits when more are unread)
_GRACE = 0.5  # seconds a bot has to exit once its input is closed
_POSIX = os.name == "posix"

Line = bytes | str | None  # an answer line, a reader's error message, or the end of output


def _players(value: object) -> int | None:
    """The rules' number of players for the start message (None when they do not say)."""
    return value if isinstance(value, int) and value else None


#: what ``shlex.split`` says of a command it cannot split, in Vietnamese
_SHLEX_VI = {
    "No closing quotation": "thiếu dấu nháy đóng",
    "No escaped character": "dấu \\ ở cuối lệnh không có ký tự theo sau",
}


def _seconds(value: float, what: str) -> float:
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise ChieuError(f"{what} must be a number of seconds, not {value!r}")
    if not (math.isfinite(value) and 0 < value <= MAX_SECONDS):
        raise ChieuError(
            f"{what} must be a finite number of seconds above 0, at most {MAX_SECONDS:g}, "
            f"not {value!r}"
        )
    return float(value)


class ExternalBot:
    """Runs ``command`` (a shell-like string or an argument list) as a bot.

    ``timeout``: seconds to answer one message; ``game_time``: seconds to answer every message
    of one game together (the per-game budget).
    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        timeout: float = DEFAULT_TIMEOUT,
        game_time: float = DEFAULT_GAME_TIME,
        name: str = "",
    ) -> None:
        if isinstance(command, str):
            try:
                self.argv = shlex.split(command)
            except ValueError as exc:  # an unclosed quote
                why = _SHLEX_VI.get(str(exc), str(exc))
                raise ChieuError(
                    f"external bot command {command!r}: {exc}",
                    vi=f"lệnh của máy ngoài {command!r}: {why}",
                ) from None
        else:
            self.argv = list(command)
        if not self.argv:
            raise ChieuError(
                "an external bot needs a command, e.g. ext:'python mybot.py'",
                vi="máy ngoài cần một lệnh, ví dụ ext:'python mybot.py'",
            )
        self.timeout = _seconds(timeout, "the external bot timeout")
        self.game_time = _seconds(game_time, "the external bot's time per game")
        self.name = name or f"ext:{' '.join(self.argv)}"
        self.failures: list[str] = []
        self.forfeits = 0
        self._proc: subprocess.Popen[bytes] | None = None
        self._lines: queue.Queue[Line] = queue.Queue(_QUEUED_LINES)
        self._stop = threading.Event()
        self._dead = False
        self._used = 0.0  # seconds spent waiting for this game's answers
        self._game = ""
        self._start: dict[str, object] | None = None
        self._fallback: Bot | None = None

    # -- lifecycle --------------------------------------------------------------------------
    def new_game(self, game: str, rules: Mapping[str, object], seat: int) -> None:
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
            "players": _players(rules.get("players")),
        }

    def end_game(self, outcome: Mapping[str, object] | None) -> None:
        if self._proc is not None and not self._dead:  # no answer: not on the game's clock
            self._send({"type": "end", "outcome": dict(outcome or {})}, budgeted=False)
        self.close()

    def close(self) -> None:
        """Close the bot's input, give it ``_GRACE`` seconds to exit, then kill whatever is
        left of its process group."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        self._stop.set()
        with contextlib.suppress(OSError, ValueError):
            if proc.stdin:
                proc.stdin.close()
        _wait_exit(proc, _GRACE)
        _kill(proc)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=5)

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.close()

    def _launch(self, observation: Mapping[str, object]) -> None:
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
        self._used = 0.0
        try:
            self._proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                start_new_session=_POSIX,
            )
        except OSError as exc:
            self._fail(f"cannot start {self.argv[0]!r}: {exc.strerror or exc}")
            return
        assert self._proc.stdin is not None and self._proc.stdout is not None
        if _POSIX:
            os.set_blocking(self._proc.stdin.fileno(), False)
        self._lines = queue.Queue(_QUEUED_LINES)
        self._stop = threading.Event()
        threading.Thread(
            target=_reader, args=(self._proc.stdout, self._lines, self._stop), daemon=True
        ).start()
        if self._send(self._start) and self._receive("start") is None:
            self._dead = True

    # -- messages ---------------------------------------------------------------------------
    def _fail(self, why: str) -> None:
        self.failures.append(why)
        self._dead = True
        self._stop.set()
        proc = self._proc
        if proc is not None:
            _kill(proc)

    def _left(self) -> tuple[float, bool]:
        """The seconds to wait for the next answer, and whether the game budget (rather than
        the per-message timeout) sets them."""
        budget = self.game_time - self._used
        return (budget, True) if budget < self.timeout else (self.timeout, False)

    def _out_of_time(self, what: str, by_budget: bool) -> None:
        if by_budget:
            self._fail(f"used up its {self.game_time:g} s for the game (at {what!r})")
        else:
            self._fail(f"no answer to {what!r} within {self.timeout:g} s")

    def _closed(self) -> None:
        """The bot's input is closed: say that it ended, with its exit code, when it has (a
        crash reads the same whether it came before or after this message was written)."""
        proc = self._proc
        code = None
        if proc is not None:
            _wait_exit(proc, 0.5)
            code = _exit_code(proc)
        if code is None:
            self._fail("the bot process closed its input (crashed?)")
        else:
            self._fail(f"the bot process ended (exit code {code})")

    def _send(self, message: Mapping[str, object], *, budgeted: bool = True) -> bool:
        proc = self._proc
        if proc is None or proc.stdin is None:
            return False
        data = dump_line(message).encode("utf-8")
        if not _POSIX:  # pragma: no cover - Windows pipes cannot be polled
            try:
                proc.stdin.write(data)
                proc.stdin.flush()
            except (OSError, ValueError):
                self._closed()
                return False
            return True
        wait, by_budget = self._left() if budgeted else (self.timeout, False)
        start = time.monotonic()
        try:
            sent = _write_all(proc.stdin.fileno(), data, start + wait)
        except (OSError, ValueError):
            self._closed()
            return False
        finally:
            self._used += time.monotonic() - start
        if not sent:
            what = str(message.get("type"))
            if by_budget:
                self._out_of_time(what, True)
            else:
                self._fail(f"the bot did not read the {what!r} message within {self.timeout:g} s")
        return sent

    def _receive(self, what: str) -> dict[str, object] | None:
        wait, by_budget = self._left()
        start = time.monotonic()
        try:
            return self._next_answer(what, start + wait, by_budget)
        finally:
            self._used += time.monotonic() - start

    def _next_answer(self, what: str, deadline: float, by_budget: bool) -> dict[str, object] | None:
        while True:
            try:
                line = self._lines.get(timeout=max(deadline - time.monotonic(), 0.0))
            except queue.Empty:
                self._out_of_time(what, by_budget)
                return None
            if line is None:
                code = _exit_code(self._proc) if self._proc else None
                self._fail(f"the bot process ended (exit code {code}) before answering {what!r}")
                return None
            if isinstance(line, str):  # the reader's error: a line over the limit
                self._fail(f"answer to {what!r}: {line}")
                return None
            if not line.strip():
                continue
            try:
                obj = read_json(line, ANSWER_LIMITS, f"the answer to {what!r}")
            except JsonInputError as exc:
                shown = line.strip()[:80].decode("utf-8", "replace")
                self._fail(f"{exc}: {shown!r}")
                return None
            if not isinstance(obj, dict):
                shown = line.strip()[:80].decode("utf-8", "replace")
                self._fail(f"the answer to {what!r} is not a JSON object: {shown!r}")
                return None
            return obj

    # -- acting -----------------------------------------------------------------------------
    def act(self, observation: Observation, legal_actions: list[Action], rng: Rng) -> Action:
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

    def _forfeit(self, observation: Observation, legal: list[Action], rng: Rng) -> Action:
        """The documented default action: what the game's heuristic bot would play."""
        from chieu.bots.random_bot import RandomBot
        from chieu.bots.registry import bot_names, get_bot

        self.forfeits += 1
        if self._fallback is None:
            game = self._game or str(observation.get("game", ""))
            name = "heuristic" if game and "heuristic" in bot_names(game) else "random"
            self._fallback = get_bot(name, game) if game else RandomBot()
        action: Action = self._fallback.act(observation, legal, rng)
        return action

    def __repr__(self) -> str:
        return f"ExternalBot({self.argv!r})"


def _reader(stream: IO[bytes], lines: queue.Queue[Line], stop: threading.Event) -> None:
    """Put each line of the bot's output on ``lines`` (waiting while the queue is full, so a
    chatty bot cannot fill memory). A line over ``MAX_ANSWER_BYTES`` puts an error message and
    ends the reading; the end of the output puts None. Never raises."""

    def put(item: Line) -> bool:
        while not stop.is_set():
            try:
                lines.put(item, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    try:
        while not stop.is_set():
            line = stream.readline(MAX_ANSWER_BYTES + 1)
            if not line:
                break
            if len(line) > MAX_ANSWER_BYTES and not line.endswith(b"\n"):
                put(f"a line longer than {MAX_ANSWER_BYTES:,} bytes (the limit)")
                return
            if not put(line):
                return
    except (OSError, ValueError):
        pass
    finally:
        put(None)
        with contextlib.suppress(OSError, ValueError):
            stream.close()


def _write_all(fd: int, data: bytes, deadline: float) -> bool:
    """Write ``data`` to the non-blocking ``fd`` before ``deadline``; False when the reader
    did not take it in time. OSError (a broken pipe) is left to the caller."""
    import select

    poller = select.poll()  # not select.select: it fails on descriptors above 1023
    poller.register(fd, select.POLLOUT)
    view = memoryview(data)
    while view:
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        if not poller.poll(max(1, math.ceil(left * 1000))):
            continue
        try:
            view = view[os.write(fd, view) :]
        except BlockingIOError:
            continue
    return True


def _wait_exit(proc: subprocess.Popen[bytes], seconds: float) -> None:
    """Wait up to ``seconds`` for the bot to exit, without reaping it (so that its process
    group id cannot be reused before ``_kill``)."""
    deadline = time.monotonic() + seconds
    waitid = getattr(os, "waitid", None)
    if waitid is None or proc.returncode is not None:  # pragma: no cover - not Linux
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=seconds)
        return
    flags = os.WEXITED | os.WNOHANG | os.WNOWAIT
    while time.monotonic() < deadline:
        try:
            if waitid(os.P_PID, proc.pid, flags) is not None:
                return
        except ChildProcessError:
            return
        time.sleep(0.005)


def _exit_code(proc: subprocess.Popen[bytes]) -> int | None:
    """The bot's exit code if it has ended, without reaping it (see ``_wait_exit``)."""
    waitid = getattr(os, "waitid", None)
    if waitid is None or proc.returncode is not None:  # pragma: no cover - not Linux
        return proc.poll()
    try:
        info = waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:
        return proc.poll()
    if info is None:
        return None
    status: int = info.si_status
    return -status if info.si_code in (os.CLD_KILLED, os.CLD_DUMPED) else status


def _kill(proc: subprocess.Popen[bytes]) -> None:
    """Kill the bot and every process of its group (POSIX), or the bot alone. The group is
    killed even when the bot itself has ended: a wrapper's children may still run."""
    if _POSIX:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
    elif proc.poll() is None:  # pragma: no cover - Windows
        with contextlib.suppress(OSError):
            proc.kill()


def _pick(
    answer: Mapping[str, object], legal: list[Action], legal_json: list[dict[str, object]]
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
