"""The bounded JSON reader itself: only JsonInputError, whatever the input; the limits; one
line out for every value in."""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chieu.core.jsonio import JsonInputError, Limits, bounded_lines, dump_line, read_json
from tests.fuzz._fuzz import COUNTS, fuzz, nasty_value

json_text = st.recursive(
    st.sampled_from(["0", "-1", "1e999", "NaN", "Infinity", '"\\ud800"', '"x"', "null", "9" * 25]),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4).map(lambda xs: "[" + ",".join(xs) + "]"),
        st.lists(inner, max_size=3).map(lambda xs: "{" + ",".join(f'"k":{x}' for x in xs) + "}"),
    ),
    max_leaves=40,
)


@fuzz(400)
@given(st.one_of(st.text(max_size=200), st.binary(max_size=200), json_text))
def test_read_json_raises_only_json_input_error(data: str | bytes) -> None:
    COUNTS["texts to read_json"] += 1
    try:
        value = read_json(data, Limits(max_bytes=150, max_depth=5, max_int_digits=20))
    except JsonInputError as exc:
        assert str(exc).startswith("message ")
    else:
        dump_line(value).encode("utf-8")  # whatever it accepts can be written back


def _typed(value: object) -> object:
    """``value`` with every number tagged by its type (1 and 1.0 compare equal)."""
    if isinstance(value, dict):
        return {k: _typed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_typed(v) for v in value]
    return (type(value).__name__, value)


json_numbers = st.one_of(
    st.integers(-(10**25), 10**25).map(str),
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
    st.sampled_from(["1E5", "-0", "-0.0", "1e-400", "1e308", "18446744073709551616", "0.5e1"]),
)


@fuzz(400)
@given(
    st.one_of(
        nasty_value.map(lambda v: json.dumps(v, ensure_ascii=False)),
        nasty_value.map(json.dumps),
        st.lists(json_numbers, max_size=6).map(lambda xs: "[" + ",".join(xs) + "]"),
    )
)
def test_read_json_reads_what_the_standard_parser_reads(text: str) -> None:
    """The fast path (orjson) gives the standard parser's values, types included, and refuses
    nothing the standard path accepts."""
    COUNTS["texts read both ways"] += 1
    try:
        expected = json.loads(text, parse_constant=lambda name: 1 / 0)
    except (ValueError, ZeroDivisionError):
        return
    if any(isinstance(v, float) and v in (float("inf"), float("-inf")) for v in _leaves(expected)):
        return
    if any(isinstance(v, int) and len(str(abs(v))) > 20 for v in _leaves(expected)):
        return
    try:
        value = read_json(text)
    except JsonInputError as exc:
        assert any(w in str(exc) for w in ("surrogate", "nests", "not valid text"))
        return
    assert _typed(value) == _typed(expected)


def _leaves(value: object) -> list[object]:
    if isinstance(value, dict):
        return [x for v in value.values() for x in _leaves(v)]
    if isinstance(value, list):
        return [x for v in value for x in _leaves(v)]
    return [value]


@fuzz(200)
@given(nasty_value)
def test_dump_line_is_one_line_that_reads_back(value: object) -> None:
    COUNTS["values through dump_line"] += 1
    try:
        line = dump_line(value)
    except UnicodeEncodeError:  # pragma: no cover - json.dumps keeps surrogates raw
        return
    assert line.endswith("\n") and len(line.splitlines()) == 1
    if "NaN" not in line and "Infinity" not in line:
        assert json.loads(line) == json.loads(json.dumps(value))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("[" * 33 + "]" * 33, "nests deeper than 32 levels"),
        ('["' + "[" * 100 + '"]', None),  # brackets inside a string do not count
        ('["\\\\"' + ",[" * 40 + "]" * 40 + "]", "nests deeper"),  # an escaped backslash
        ("1" * 21, "a number with 21 digits; the limit is 20"),
        ("-" + "1" * 20, None),
        ("[1e999]", "out of range (1e999)"),
        ("[-Infinity]", "has -Infinity"),
        ('"\\udc00"', "lone surrogate"),
        ('"\\ud83d\\ude00"', None),
        (b'"\xed\xa0\x80"', "is not UTF-8"),
        ("x" * (1 << 20 + 1), "the limit is 1,048,576"),
        ("", "is not JSON"),
    ],
)
def test_read_json_limits(data: str | bytes, message: str | None) -> None:
    if message is None:
        read_json(data)
    else:
        with pytest.raises(JsonInputError, match=message.replace("(", r"\(").replace(")", r"\)")):
            read_json(data)


def test_bounded_lines_skips_a_long_line_without_holding_it() -> None:
    stream = io.BytesIO(b"ok\n" + b"x" * 1000 + b"\nnext")
    got = list(bounded_lines(stream, 10))
    assert got[0] == b"ok\n" and got[2] == b"next"
    assert isinstance(got[1], JsonInputError) and "at least 1,001 bytes" in str(got[1])
    text = list(bounded_lines(io.StringIO("é" * 20 + "\nb\n"), 10))
    assert "characters" in str(text[0]) and text[1] == "b\n"


def test_dump_line_escapes_what_readers_take_for_line_breaks() -> None:
    line = dump_line({"a\u2028": "b\x85c\u2029"})
    assert line == '{"a\\u2028": "b\\u0085c\\u2029"}\n'
    assert json.loads(line) == {"a\u2028": "b\x85c\u2029"}
