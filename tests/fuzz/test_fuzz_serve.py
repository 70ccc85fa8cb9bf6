"""``chieu bot serve`` under malformed input: every line gets an answer or is skipped, nothing
escapes the loop, nothing hangs, an endless line costs no memory."""

from __future__ import annotations

import io
import json
import resource
import tracemalloc
from collections.abc import Iterator
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from chieu.cli.bot import MESSAGE_LIMITS, Server, serve
from tests.fuzz._fuzz import (
    COUNTS,
    broken_text,
    decisions,
    dumps,
    fuzz,
    mutated,
    nasty_value,
    no_hang,
)

BOTS = ("heuristic", "random", "heuristic", "search:1")


@st.composite
def session(draw: st.DrawFn) -> tuple[str, list[bytes], list[list[Any] | None]]:
    """A bot name, the lines of one session, and for each line the legal actions it offers
    (None for a line that is not an act message)."""
    pool = decisions()
    bot = draw(st.sampled_from(BOTS))
    game, seat, obs, legal = pool[draw(st.integers(0, len(pool) - 1))]
    start = {"type": "start", "game": game, "seat": seat, "players": obs.get("players")}
    act = {"type": "act", "observation": obs, "legal": legal}
    lines: list[bytes] = []
    offered: list[list[Any] | None] = []
    if draw(st.booleans()):
        lines.append(dumps(start).encode())
        offered.append(None)
    for _ in range(draw(st.integers(1, 12))):
        kind = draw(st.sampled_from(["act", "act", "act", "start", "json", "text", "bytes"]))
        if kind == "act":
            message = draw(mutated(act))
            line = dumps(message).encode("utf-8", "surrogatepass")
            if draw(st.integers(0, 9)) == 0:
                line = draw(broken_text(dumps(message)))
            good = message.get("legal") if isinstance(message, dict) else None
            offered.append(good if isinstance(good, list) else None)
        elif kind == "start":
            line = dumps(draw(mutated(start))).encode("utf-8", "surrogatepass")
            offered.append(None)
        elif kind == "json":
            line = dumps(draw(nasty_value)).encode("utf-8", "surrogatepass")
            offered.append(None)
        elif kind == "text":
            line = draw(st.text(max_size=60)).encode("utf-8", "surrogatepass")
            offered.append(None)
        else:
            line = draw(st.binary(max_size=60))
            offered.append(None)
        lines.append(line.replace(b"\n", b" ").replace(b"\r", b" "))
    return bot, lines, offered


@fuzz(500)
@given(session())
def test_serve_answers_every_malformed_line_and_goes_on(
    case: tuple[str, list[bytes], list[list[Any] | None]],
) -> None:
    bot, lines, offered = case
    out = io.StringIO()
    with no_hang(20, f"{bot} serving {len(lines)} lines"):
        assert serve(Server(bot), io.BytesIO(b"\n".join(lines) + b"\n"), out) == 0
    COUNTS["lines to chieu bot serve"] += len(lines)
    answers = [json.loads(x) for x in out.getvalue().split("\n") if x]
    assert all(len(x.splitlines()) == 1 for x in out.getvalue().split("\n") if x)  # no U+2028
    assert len(answers) <= len(lines)
    for answer in answers:
        assert isinstance(answer, dict)
        if "action" in answer:
            assert any(answer["action"] in (legal or ()) for legal in offered)
        else:
            assert answer["type"] in ("ready", "error"), answer
            if answer["type"] == "error":
                assert answer["message"] and len(answer["message"]) <= 500
                COUNTS["error answers"] += 1


@fuzz(40)
@given(st.sampled_from(BOTS), st.lists(st.binary(max_size=200), min_size=5, max_size=60))
def test_serve_survives_raw_bytes(bot: str, lines: list[bytes]) -> None:
    out = io.StringIO()
    with no_hang(20, "raw bytes"):
        assert serve(Server(bot), io.BytesIO(b"\n".join(lines)), out) == 0
    COUNTS["lines to chieu bot serve"] += len(lines)
    for line in out.getvalue().splitlines():
        assert json.loads(line)["type"] in ("ready", "error")


class _Endless(io.RawIOBase):
    """A stream of ``size`` bytes of ``[`` without a newline, then a good line."""

    def __init__(self, size: int, then: bytes) -> None:
        self.left = size
        self.then = then

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self.left > 0:
            n = min(len(buffer), self.left)
            buffer[:n] = b"[" * n
            self.left -= n
            return n
        n = min(len(buffer), len(self.then))
        buffer[:n] = self.then[:n]
        self.then = self.then[n:]
        return n


def test_an_endless_line_is_skipped_in_bounded_memory() -> None:
    """64 MiB without a newline: one error answer, then the next line is served; the memory
    used stays within a few times the 1 MiB line limit."""
    size = 64 << 20
    stream = io.BufferedReader(_Endless(size, b'\n{"type": "dance"}\n'))
    out = io.StringIO()
    tracemalloc.start()
    try:
        with no_hang(60, "an endless line"):
            serve(Server("random", "chan"), stream, out)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    COUNTS["lines to chieu bot serve (memory test, one server)"] += 2
    first, second = (json.loads(x) for x in out.getvalue().splitlines())
    assert "the limit is 1,048,576" in first["message"] and "skipped" in first["message"]
    assert "unknown message type" in second["message"]
    assert peak < 8 * MESSAGE_LIMITS.max_bytes, peak


def _many_lines(n: int) -> Iterator[bytes]:
    good = b'{"type": "start", "game": "chan", "seat": 0}\n'
    bad = [b"[" * 5000 + b"\n", b'{"seat": 1e999}\n', b"\xff\xfe\n", b'{"type": "act"}\n']
    for i in range(n):
        yield bad[i % len(bad)] if i % 5 else good


def test_memory_does_not_grow_over_thousands_of_lines() -> None:
    """20,000 lines through one server: the peak of traced memory stays small and the
    process's resident size does not grow by more than 50 MiB."""
    data = b"".join(_many_lines(20_000))
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    out = io.StringIO()
    tracemalloc.start()
    try:
        with no_hang(60, "20,000 lines"):
            serve(Server("random", "chan"), io.BytesIO(data), io.StringIO())
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    del out
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before  # KiB on Linux
    COUNTS["lines to chieu bot serve (memory test, one server)"] += 20_000
    assert peak < 8 << 20, peak
    assert grown < 50 * 1024, grown
