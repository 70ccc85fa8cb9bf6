"""The record loader under malformed records: a RecordError naming the line, never another
exception, never a hang."""

from __future__ import annotations

import json

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
