"""One bounded JSON reader for every untrusted input: bot messages (both ways), records, the
server's messages.

``read_json(data)`` refuses, with a clear message naming what is wrong, a text over the size
limit, nesting deeper than the depth limit, NaN and infinities, integers with more digits than
the limit, lone surrogates (text that cannot be written back as UTF-8) and invalid UTF-8 (for
bytes). It never recurses on the input, so no input makes it raise anything but
:class:`JsonInputError`.

``bounded_lines(stream, max_bytes)`` reads lines with ``readline(size)``: a line longer than the
limit is never held whole (it is reported once and skipped to its end), so one endless line
cannot exhaust memory.

The ``expect_*`` helpers check one field of a parsed value (its type and its range) and name
the field in their message: ``expect_int(msg.get("seat"), "start: 'seat'", 0, 3)``.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import IO, TypeAlias, cast

from chieu.core.errors import ChieuError

#: any JSON value: what ``json.loads`` gives (lists and dicts) and ``json.dumps`` takes (the
#: read-only container types let a ``list[int]`` or a ``dict[str, str]`` be one)
JsonScalar: TypeAlias = bool | int | float | str | None
JsonValue: TypeAlias = JsonScalar | Sequence["JsonValue"] | Mapping[str, "JsonValue"]
#: a JSON object, as built or parsed
JsonObject: TypeAlias = dict[str, JsonValue]


def as_json(value: Mapping[str, object]) -> JsonObject:
    """``value``, a game's TypedDict of JSON values, as a :data:`JsonObject` (no copy, no
    check: the checker cannot see that a TypedDict whose fields are JSON values is one)."""
    return cast(JsonObject, value)


try:  # the fast path of ``read_json`` (the server's extra has it; the core does not need it)
    import orjson
except ImportError:  # pragma: no cover - depends on the install
    orjson = None  # type: ignore[assignment]

MAX_BYTES = 1 << 20  # 1 MiB
MAX_DEPTH = 32
MAX_INT_DIGITS = 20  # seeds are below 2**64: 20 digits


class JsonInputError(ChieuError):
    """Untrusted JSON that is malformed, over a limit, or not of the expected shape."""


@dataclass(frozen=True, slots=True)
class Limits:
    max_bytes: int = MAX_BYTES
    max_depth: int = MAX_DEPTH
    max_int_digits: int = MAX_INT_DIGITS


DEFAULT_LIMITS = Limits()

_TOKEN = re.compile(r'[\[\]{}"\\]')
# A run of digits orjson could read otherwise than ``json`` does (an integer past 64 bits
# becomes a float there): such a text takes the standard parser.
_LONG_DIGITS = re.compile(r"[0-9]{19}")


def _too_deep(text: str, limit: int) -> int:
    """0 when ``text`` nests arrays and objects (outside strings) at most ``limit`` deep, else
    the depth at which it went over. Linear in the text; stops at the first level too deep."""
    depth = 0
    in_string = False
    skip = -1  # the position of a character escaped by a backslash
    for m in _TOKEN.finditer(text):
        pos = m.start()
        if pos == skip:
            continue
        ch = m.group()
        if in_string:
            if ch == "\\":
                skip = pos + 1
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return depth
        elif ch in "]}":
            depth -= 1
    return 0


def _lone_surrogate(value: JsonValue) -> bool:
    """True when a string (key or value) inside ``value`` holds a lone surrogate (from a
    ``\\udXXX`` escape): text that no UTF-8 writer accepts."""
    stack: list[JsonValue] = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            try:
                v.encode("utf-8")
            except UnicodeEncodeError:
                return True
        elif isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return False


def _vi_number(n: int) -> str:
    """A whole number as Vietnamese writes it (1.048.576)."""
    return f"{n:,}".replace(",", ".")


def read_json(
    data: str | bytes,
    limits: Limits = DEFAULT_LIMITS,
    what: str = "message",
    what_vi: str | None = None,
) -> JsonValue:
    """The JSON value in ``data``; JsonInputError if it is malformed or over ``limits``. The
    error names ``what``, and has Vietnamese (``ChieuError.vi``) naming ``what_vi`` when it is
    given (what a person reads: a record's header)."""

    def fail(en: str, vi: str) -> JsonInputError:
        return JsonInputError(f"{what} {en}", vi=None if what_vi is None else f"{what_vi} {vi}")

    big, n = limits.max_bytes, len(data)
    if isinstance(data, bytes):
        if n > big:
            raise fail(
                f"is {n:,} bytes; the limit is {big:,}",
                f"dài {_vi_number(n)} byte; giới hạn là {_vi_number(big)}",
            )
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise fail(
                f"is not UTF-8 (bad byte at offset {exc.start})",
                f"không phải UTF-8 (byte hỏng ở vị trí {exc.start})",
            ) from None
    else:
        text = data
        if n > big:
            raise fail(
                f"is {n:,} characters; the limit is {big:,}",
                f"dài {_vi_number(n)} ký tự; giới hạn là {_vi_number(big)}",
            )
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise fail(
                f"is not valid text (character {exc.start})",
                f"không phải văn bản hợp lệ (ký tự thứ {exc.start})",
            ) from None
    brackets = text.count("[") + text.count("{")
    if brackets > limits.max_depth and _too_deep(text, limits.max_depth):
        raise fail(
            f"nests deeper than {limits.max_depth} levels (the limit)",
            f"lồng sâu quá {limits.max_depth} tầng (giới hạn)",
        )
    if orjson is not None and not _LONG_DIGITS.search(text):
        # orjson reads what the standard parser below accepts, to the same values, five to
        # ten times faster (every message a server receives); it refuses NaN, infinities and
        # lone surrogates itself. On any refusal the standard parser says what is wrong.
        try:
            parsed: JsonValue = orjson.loads(text)
            return parsed
        except orjson.JSONDecodeError:
            pass

    def parse_int(digits: str) -> int:
        size = len(digits.lstrip("-"))
        if size > limits.max_int_digits:
            raise fail(
                f"has a number with {size:,} digits; the limit is {limits.max_int_digits}",
                f"có một số dài {_vi_number(size)} chữ số; giới hạn là {limits.max_int_digits}",
            )
        return int(digits)

    def parse_float(digits: str) -> float:
        value = float(digits)
        if not math.isfinite(value):
            raise fail(
                f"has a number out of range ({digits[:20]})",
                f"có một số vượt quá giới hạn ({digits[:20]})",
            )
        return value

    def reject_constant(name: str) -> JsonValue:
        raise fail(
            f"has {name}, which is not a number chieu accepts",
            f"có {name}, không phải một số chieu nhận",
        )

    try:
        value: JsonValue = json.loads(
            text,
            parse_int=parse_int,
            parse_float=parse_float,
            parse_constant=reject_constant,
        )
    except json.JSONDecodeError as exc:
        raise fail(
            f"is not JSON ({exc.msg}: column {exc.colno})",
            f"không phải JSON ({exc.msg}: cột {exc.colno})",
        ) from None
    except RecursionError:  # pragma: no cover - the depth check comes first
        raise fail("nests too deeply", "lồng quá sâu") from None
    if "\\u" in text and _lone_surrogate(value):
        raise fail(
            "has a lone surrogate (\\udXXX) in a string",
            "có một nửa cặp surrogate đứng lẻ (\\udXXX) trong một chuỗi",
        )
    return value


def bounded_lines(
    stream: IO[str] | IO[bytes], max_bytes: int
) -> Iterator[str | bytes | JsonInputError]:
    """The lines of ``stream`` (text or binary), each at most ``max_bytes`` long (characters
    for a text stream) plus its newline. A longer line is never held whole: it yields one
    JsonInputError and is skipped up to its newline. Ends at the end of the stream."""
    while True:
        line: str | bytes = stream.readline(max_bytes + 1)
        if not line:
            return
        if len(line) <= max_bytes or line[-1:] in ("\n", b"\n"):
            yield line
            continue
        size = len(line)
        while line and line[-1:] not in ("\n", b"\n"):
            line = stream.readline(max_bytes + 1)
            size += len(line)
        unit = "bytes" if isinstance(line, bytes) else "characters"
        yield JsonInputError(
            f"a line of at least {size:,} {unit}; the limit is {max_bytes:,} (line skipped)"
        )


_LINE_BREAKS = str.maketrans({"\u2028": "\\u2028", "\u2029": "\\u2029", "\x85": "\\u0085"})


def dump_line(value: object) -> str:
    """``value`` (JSON data: ``json.dumps`` raises TypeError on anything else) as one JSON
    line (UTF-8 text, then ``\\n``). The characters that some
    readers take for a line break (U+0085, U+2028, U+2029; JSON leaves them raw in strings)
    are escaped, so the line is one line for every reader."""
    return json.dumps(value, ensure_ascii=False).translate(_LINE_BREAKS) + "\n"


# -- fields -----------------------------------------------------------------------------------
def describe(value: object) -> str:
    """A short text for a value in a message (never huge, never raising)."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, int):
        return str(value) if abs(value) < 10**30 else f"a {value.bit_length()}-bit number"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return repr(value[:40] + ("…" if len(value) > 40 else ""))
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def is_whole(value: object) -> bool:
    """An int that is not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def expect_int(value: object, what: str, lo: int, hi: int) -> int:
    """``value`` if it is a whole number from ``lo`` to ``hi``; JsonInputError otherwise."""
    if isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi:
        return value
    raise JsonInputError(f"{what} must be a whole number from {lo} to {hi}, not {describe(value)}")


def expect_number(value: object, what: str, lo: float, hi: float) -> float:
    """``value`` if it is a finite number (int or float) from ``lo`` to ``hi``."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        number = float(value) if isinstance(value, float) or abs(value) < 2**1000 else math.inf
        if math.isfinite(number) and lo <= number <= hi:
            return number
    raise JsonInputError(f"{what} must be a number from {lo:g} to {hi:g}, not {describe(value)}")


def expect_str(value: object, what: str, max_len: int = 1000) -> str:
    if not isinstance(value, str):
        raise JsonInputError(f"{what} must be text, not {describe(value)}")
    if len(value) > max_len:
        raise JsonInputError(f"{what} is {len(value):,} characters long; the limit is {max_len:,}")
    return value


def expect_object(value: object, what: str) -> JsonObject:
    if not isinstance(value, dict):
        raise JsonInputError(f"{what} must be an object, not {describe(value)}")
    return value  # a parsed JSON object: its values are JSON


def expect_list(value: object, what: str, max_len: int) -> list[JsonValue]:
    if not isinstance(value, list):
        raise JsonInputError(f"{what} must be a list, not {describe(value)}")
    if len(value) > max_len:
        raise JsonInputError(f"{what} has {len(value):,} entries; the limit is {max_len:,}")
    return value
