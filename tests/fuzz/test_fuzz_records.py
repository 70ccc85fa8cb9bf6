"""The record loader and ``verify`` under malformed records (older and committed): a
RecordError naming the line, or a report, never another exception, never a hang."""

from __future__ import annotations

import json
from functools import cache

from hypothesis import given
from hypothesis import strategies as st

from chieu.core.errors import RecordError
from chieu.core.record import GameRecord
from tests.fuzz._fuzz import COUNTS, broken_text, dumps, fuzz, mutated, no_hang, record_lines


@st.composite
def broken_record(draw: st.DrawFn) -> bytes:
    """A real record with some of its lines changed: JSON mutations, broken bytes, lines cut,
    repeated, swapped or dropped."""
    pool = record_lines()
    lines = [line.encode() for line in pool[draw(st.integers(0, len(pool) - 1))]]
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(lines) - 1))
        op = draw(st.sampled_from(["json", "json", "json", "bytes", "drop", "repeat", "swap"]))
        if op == "json":
            try:
                value = json.loads(lines[i])
            except ValueError:  # a line broken by an earlier change
                continue
            lines[i] = dumps(draw(mutated(value))).encode("utf-8", "surrogatepass")
        elif op == "bytes":
            lines[i] = draw(broken_text(lines[i]))
        elif op == "drop" and len(lines) > 1:
            del lines[i]
        elif op == "repeat":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
    return b"\n".join(lines)


def _load(data: bytes) -> None:
    with no_hang(10, "loading a record"):
        try:
            record = GameRecord.loads(data, "fuzz.jsonl")
        except RecordError as exc:
            assert str(exc).startswith("fuzz.jsonl"), exc
            COUNTS["records refused"] += 1
        else:
            assert isinstance(record.seed, int) and isinstance(record.rules, dict)
    COUNTS["records loaded"] += 1


@fuzz(300)
@given(broken_record())
def test_a_broken_record_is_refused_with_a_record_error(data: bytes) -> None:
    _load(data)


@fuzz(100)
@given(st.lists(st.binary(max_size=120), min_size=1, max_size=8))
def test_random_bytes_are_refused_with_a_record_error(lines: list[bytes]) -> None:
    _load(b"\n".join(lines))


# -- committed records (format 2), the lenient loader and ``verify`` ---------------------------
@cache
def committed_lines() -> tuple[tuple[str, ...], ...]:
    """Whole committed records (sealed lines, a reveal), from the same games as
    ``record_lines``, with a fixed nonce."""
    from chieu.bots import get_bot, play_game
    from chieu.core.journal import committed_text
    from chieu.core.registry import find_game

    out = []
    for name, players in (("chan", 2), ("phom", 2)):
        game = find_game(name)
        rules = game.rules_from_json({"players": players})
        state = play_game(game, rules, 3, [get_bot("random", name) for _ in range(players)])
        text = committed_text(state, "3c" * 32).decode()
        out.append(tuple(text.splitlines()))
    return tuple(out)


@st.composite
def broken_committed(draw: st.DrawFn) -> bytes:
    pool = committed_lines()
    lines = [line.encode() for line in pool[draw(st.integers(0, len(pool) - 1))]]
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(lines) - 1))
        op = draw(st.sampled_from(["json", "json", "bytes", "cut", "drop", "repeat", "swap"]))
        if op == "json":
            try:
                value = json.loads(lines[i])
            except ValueError:
                continue
            lines[i] = dumps(draw(mutated(value))).encode("utf-8", "surrogatepass")
        elif op == "bytes":
            lines[i] = draw(broken_text(lines[i]))
        elif op == "cut":
            lines = lines[: i + 1]
            lines[i] = lines[i][: draw(st.integers(0, len(lines[i])))]
        elif op == "drop" and len(lines) > 1:
            del lines[i]
        elif op == "repeat":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
    return b"\n".join(lines)


def _verify(data: bytes) -> None:
    """Strict: a record or a RecordError naming the source. Lenient then ``check``: a report
    (never an exception past the header), whose status is one of three."""
    from chieu.core.commitment import check

    with no_hang(20, "verifying a record"):
        try:
            GameRecord.loads(data, "fuzz.jsonl")
        except RecordError as exc:
            assert str(exc).startswith("fuzz.jsonl"), exc
        try:
            record = GameRecord.loads(data, "fuzz.jsonl", lenient=True)
        except RecordError as exc:
            assert str(exc).startswith("fuzz.jsonl"), exc
            COUNTS["records unreadable"] += 1
            return
        report = check(record)
        assert report.status in ("verified", "tampered", "unfinished")
        COUNTS[f"records {report.status}"] += 1


@fuzz(120)
@given(broken_committed())
def test_a_broken_committed_record_is_checked_without_a_crash(data: bytes) -> None:
    _verify(data)


@fuzz(60)
@given(broken_record())
def test_a_broken_older_record_is_checked_without_a_crash(data: bytes) -> None:
    _verify(data)


@fuzz(30)
@given(st.one_of(broken_committed(), broken_record()))
def test_chieu_verify_answers_every_broken_record_with_an_exit_code(data: bytes) -> None:
    """Through the command line: 0, 1, 2 or 3, never a traceback."""
    import contextlib
    import io
    import tempfile
    from pathlib import Path

    from chieu.cli.main import main

    with tempfile.TemporaryDirectory() as folder, no_hang(20, "chieu verify"):
        path = Path(folder) / "fuzz.jsonl"
        path.write_bytes(data)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["verify", str(path), "--lang", "en"])
        assert code in (0, 1, 2, 3), (code, err.getvalue())
        assert "Traceback" not in err.getvalue()
        COUNTS[f"chieu verify exit {code}"] += 1
