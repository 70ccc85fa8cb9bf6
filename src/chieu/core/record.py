"""Game records: JSON lines, like PGN for card games.

Two formats load (``docs/records.md`` has the details):

* **format 1** (older, and ``GameRecord.dumps()``): line 1 is the header ``{"record": "chieu",
  "game", "version", "rules", "seed", "setup"}``; every further line is one event, whole.
* **format 2** (committed, written by ``chieu.core.journal`` as the game goes): the header has
  ``"format": 2`` and ``"commit"`` (a SHA-256 of the deal, ``chieu.core.commitment``) but no
  seed; public events are written whole, every other one *sealed*; the last line,
  ``{"type": "reveal", "data": {"seed", "nonce", "digest"}}``, is written once the game is
  over. An unfinished record has no reveal: its deal stays sealed (the local key file
  ``<record>.key`` of the game in progress opens it, for ``chieu play --resume``).

Events of type ``"action"`` carry the seat and the action; the rest are what the actions
caused. ``replay()`` rebuilds the state from the header (the shuffle comes from the recorded
``deal`` event, not from the RNG) and the actions (``chieu.core.replay``, the one replayer);
``verify()`` lists what does not check out (``chieu.core.commitment.check`` gives the full
report, line by line, for ``chieu verify``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, TypeGuard, cast

from chieu.core import commitment
from chieu.core.errors import ChieuError, RecordError, os_reason
from chieu.core.events import Event
from chieu.core.jsonio import (
    JsonInputError,
    JsonObject,
    Limits,
    as_json,
    describe,
    expect_int,
    expect_list,
    expect_object,
    expect_str,
    read_json,
)

if TYPE_CHECKING:
    from chieu.core.protocol import State

FORMAT = "chieu"
ACTION = "action"
DEAL = "deal"
SEALED = "sealed"
REVEAL = "reveal"
KEY_SUFFIX = ".key"

#: the keys a header may have (format 1 has "seed"; format 2 has "format", "commit", "table")
HEADER_KEYS = frozenset(
    {"record", "format", "game", "version", "rules", "seed", "setup", "commit", "table"}
)

#: the loader's limits: a line (1 MiB, 32 levels of nesting, integers of up to 20 digits: a
#: seed is below 2**64), a whole file, a seat number, a deck
RECORD_LIMITS = Limits(max_bytes=1 << 20, max_depth=32, max_int_digits=20)
MAX_RECORD_BYTES = 64 << 20
MAX_SEATS = 64
MAX_DECK = 1000
SEED_LIMIT = 2**64


@dataclass(frozen=True)
class Damage:
    """Where a leniently loaded record stopped: the file line, why (``message``; ``vi`` in
    Vietnamese), and whether that line was the last one and unterminated (a write cut short,
    as when the program was killed)."""

    line: int
    message: str
    cut: bool
    vi: str = ""

    def error(self, path: object) -> RecordError:
        """The damage as the error of the record ``path`` (``path:line: why``)."""
        return RecordError.at(f"{path}:{self.line}", self.message, self.vi or self.message)


@dataclass
class GameRecord:
    game: str
    version: str
    rules: JsonObject
    seed: int | None
    setup: JsonObject = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)
    # -- format 2 (all left at their defaults for format 1) ---------------------------------
    format: int = 1
    commit: str | None = None
    table: JsonObject | None = None
    nonce: str | None = None  # revealed, or read from the local key file
    revealed: bool = False  # the record ends with its reveal line
    digest_ok: bool | None = None  # the reveal's digest against the bytes before it
    from_key: bool = False  # the seed and nonce came from the local key file
    # -- how the text was read ------------------------------------------------------------
    unknown_keys: tuple[str, ...] = ()
    damage: Damage | None = None  # only when loaded with lenient=True
    lines: list[int] = field(default_factory=list)  # the file line of each event
    good_bytes: int = 0  # the bytes of the intact part (the header and the good events)

    # -- building -------------------------------------------------------------------------
    @classmethod
    def from_state(cls, state: State) -> GameRecord:
        game = state.game
        return cls(
            game=game.name,
            version=_version(),
            rules=game.rules_to_json(state.rules),
            seed=state.seed,
            setup=dict(as_json(state.setup)),
            events=list(state.events),
        )

    # -- text -----------------------------------------------------------------------------
    def header(self) -> JsonObject:
        """The format 1 header (with the seed)."""
        return {
            "record": FORMAT,
            "game": self.game,
            "version": self.version,
            "rules": self.rules,
            "seed": self.seed,
            "setup": self.setup,
        }

    def committed_header(self, commit: str, table: JsonObject | None) -> JsonObject:
        """The format 2 header: the commitment instead of the seed."""
        head: JsonObject = {
            "record": FORMAT,
            "format": 2,
            "game": self.game,
            "version": self.version,
            "rules": self.rules,
            "setup": self.setup,
            "commit": commit,
        }
        if table is not None:
            head["table"] = table
        return head

    def dumps(self) -> str:
        """The record in format 1 (every event whole, the seed in the header)."""
        lines = [json.dumps(self.header(), ensure_ascii=False, sort_keys=True)]
        lines += [json.dumps(e.to_json(), ensure_ascii=False, sort_keys=True) for e in self.events]
        return "\n".join(lines) + "\n"

    @classmethod
    def loads(
        cls,
        text: str | bytes,
        source: str = "<record>",
        *,
        key: tuple[int, str] | None = None,
        lenient: bool = False,
    ) -> GameRecord:
        """The record in ``text`` (a str, or UTF-8 bytes); RecordError naming ``source`` and
        the line for anything malformed or over a limit (``RECORD_LIMITS`` per line).

        ``key`` (seed, nonce) opens the sealed events of an unfinished format 2 record.
        ``lenient``: stop at the first bad event line instead (``damage`` says where and why;
        the header must still be good)."""
        data = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
        return _Parser(data, source, key, lenient).parse()

    def save(self, path: str | Path) -> Path:
        """Write the record (format 1) to ``path`` atomically: a temporary file, flushed to
        disk, then renamed over ``path``."""
        from chieu.core.journal import write_atomic

        return write_atomic(Path(path), self.dumps().encode("utf-8"))

    @classmethod
    def load(cls, path: str | Path, *, lenient: bool = False, use_key: bool = True) -> GameRecord:
        """The record in the file ``path``: at most ``MAX_RECORD_BYTES`` are read. The sealed
        events of an unfinished format 2 record are opened with its key file
        (``<path>.key``) when it is there and ``use_key``."""
        p = Path(path)
        try:
            with p.open("rb") as f:
                data = f.read(MAX_RECORD_BYTES + 1)
        except OSError as exc:
            raise RecordError(
                f"cannot read record {str(p)!r}: {os_reason(exc)}",
                vi=f"không đọc được biên bản {str(p)!r}: {os_reason(exc, 'vi')}",
            ) from None
        if len(data) > MAX_RECORD_BYTES:
            mib = MAX_RECORD_BYTES // (1 << 20)
            raise RecordError.at(
                p,
                f"the record is larger than {mib} MiB (the limit)",
                f"biên bản lớn hơn {mib} MiB (giới hạn)",
            )
        key = read_key(key_path(p)) if use_key else None
        return cls.loads(data, str(p), key=key, lenient=lenient)

    # -- what it holds --------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        """The record says the game is over: a reveal (format 2), or a replay that ends
        (format 1; ``commitment.check`` makes sure)."""
        return self.revealed if self.format == 2 else True

    @property
    def sealed(self) -> int:
        """How many events are still sealed (no nonce to open them)."""
        return sum(e.type == SEALED for e in self.events)

    def actions(self) -> list[tuple[int, dict[str, object]]]:
        return [
            (int(e.actor if e.actor is not None else -1), dict(e.data["action"]))
            for e in self.events
            if e.type == ACTION
        ]

    def deal(self) -> list[int] | None:
        for e in self.events:
            if e.type == DEAL and "deck" in e.data:
                return [int(k) for k in e.data["deck"]]
        return None

    def start(self, source: str = "record") -> State:
        """The state before the first action: the header's game, rules and setup, and the
        recorded shuffle."""
        from chieu.core.registry import find_game
        from chieu.core.table import Game

        if self.seed is None or self.sealed:
            raise RecordError.at(
                source,
                "the deal is sealed: the game is not over (no reveal line) and its key file is "
                "not here",
                "bộ bài còn niêm phong: ván chưa kết thúc (chưa có dòng công bố) và không có "
                "tệp khóa của ván ở đây",
            )
        game = find_game(self.game)
        try:
            bound = Game(game, game.rules_from_json(self.rules))
            return bound.new_state(self.seed, deal=self.deal(), setup=self.setup)
        except ChieuError as exc:
            raise RecordError.at(
                f"{source}:1",
                f"the header does not start a game: {exc}",
                f"đầu biên bản không bắt đầu được ván: {exc.text('vi')}",
            ) from None

    def replay(self, upto: int | None = None) -> State:
        """The state after the first ``upto`` actions (all by default). A claim answer that
        had no alternative is not recorded: it is given again here, as the game goes
        (``chieu.core.replay``: the one replayer; ReplayError for an action that does not
        replay)."""
        from chieu.core.replay import replay

        return replay(self, upto)

    def verify(self) -> list[str]:
        """What does not check out (empty when everything does): the header, the commitment,
        the seed against the deal, every event against a replay; and a record whose events
        stop before the replay's (cut after its last action). A game stopped between two
        actions is no problem here (``commitment.check`` says it is unfinished). A format 1
        record may hold a deck set by hand (a test's scenario): here its seed need not deal
        it (``chieu verify`` and ``chieu replay`` do require it)."""
        report = commitment.check(self)
        problems = [
            c.en
            for c in report.items
            if c.ok is False and not (c.what == "seed" and self.format == 1)
        ]
        return problems + ([report.short] if report.short and not problems else [])


def key_path(path: str | Path) -> Path:
    """The key file of the record ``path``: its seed and nonce while the game is on."""
    p = Path(path)
    return p.with_name(p.name + KEY_SUFFIX)


def read_key(path: Path) -> tuple[int, str] | None:
    """(seed, nonce) from a key file, or None when there is none or it is not valid."""
    try:
        with path.open("rb") as f:
            data = f.read(4096)
        value = read_json(data, RECORD_LIMITS, "the key file")
    except (OSError, JsonInputError):
        return None
    if not isinstance(value, dict) or "seed" not in value or "nonce" not in value:
        return None
    seed, nonce = value["seed"], value["nonce"]
    if _whole(seed) and 0 <= seed < SEED_LIMIT and commitment.is_hex64(nonce):
        return seed, nonce
    return None


class _Parser:
    def __init__(
        self, data: bytes, source: str, key: tuple[int, str] | None, lenient: bool
    ) -> None:
        self.data = data
        self.source = source
        self.key = key
        self.lenient = lenient
        self.damage: Damage | None = None

    def lines(self) -> list[tuple[int, int, int, bytes]]:
        """(line number, start, end, text) of every non-blank line; ``end`` includes the
        newline."""
        out = []
        start = 0
        number = 0
        data = self.data
        while start < len(data):
            number += 1
            nl = data.find(b"\n", start)
            end = len(data) if nl < 0 else nl + 1
            line = data[start : end if nl < 0 else nl]
            if line.strip():
                out.append((number, start, end, line))
            start = end
        return out

    def fail(self, lineno: int, message: str, vi: str, last: bool) -> None:
        damage = Damage(lineno, message, last and not self.data.endswith(b"\n"), vi)
        if not self.lenient:
            raise damage.error(self.source)
        self.damage = damage

    def parse(self) -> GameRecord:
        lines = self.lines()
        if not lines:
            raise RecordError.at(self.source, "empty record", "biên bản trống")
        n0, _, end0, first = lines[0]
        where = f"{self.source}:{n0}"
        try:
            head = read_json(first, RECORD_LIMITS, "the header", "đầu biên bản")
        except JsonInputError as exc:
            raise RecordError.at(where, str(exc), exc.text("vi")) from None
        if not isinstance(head, dict) or head.get("record") != FORMAT:
            raise RecordError.at(
                where,
                "not a chieu record header",
                'không phải biên bản của chieu (dòng đầu không có "record": "chieu")',
            )
        header = _check_header(head, where)
        fmt = header.format
        events: list[Event] = []
        numbers: list[int] = []
        good = end0
        reveal: Reveal | None = None
        reveal_at = 0
        for i, (lineno, start, end, line) in enumerate(lines[1:], 1):
            last = i == len(lines) - 1
            try:
                obj = read_json(line, RECORD_LIMITS, "the event", "dòng này")
                if fmt == 2 and isinstance(obj, dict) and obj.get("type") == REVEAL:
                    if not last:
                        raise ValueError("the reveal line must be the record's last line")
                    reveal, reveal_at = _check_reveal(obj), start
                    good = end
                    break
                _check_raw_event(obj, sealed_ok=fmt == 2)
                event = Event.from_json(cast(JsonObject, obj))  # checked just above
                _check_event(event)
            except (ValueError, TypeError) as exc:  # JsonInputError too
                self.fail(lineno, f"bad event ({exc})", f"sự kiện hỏng ({_vi(exc)})", last)
                break
            events.append(event)
            numbers.append(lineno)
            good = end
        if self.damage is not None and fmt == 2 and len(lines) > 1:
            reveal, reveal_at = self.late_reveal(lines[-1])
        record = GameRecord(
            game=header.game,
            version=header.version,
            rules=header.rules,
            seed=header.seed,
            setup=header.setup,
            events=events,
            format=fmt,
            commit=header.commit,
            table=header.table,
            unknown_keys=tuple(sorted(set(head) - HEADER_KEYS)),
            lines=numbers,
            good_bytes=good,
        )
        if reveal is not None:
            record.seed, record.nonce, record.revealed = reveal.seed, reveal.nonce, True
            record.digest_ok = reveal.digest == commitment.digest(self.data[:reveal_at])
        elif fmt == 2 and self.key is not None:
            record.seed, record.nonce = self.key
            record.from_key = True
        if record.nonce is not None:
            self.open_sealed(record)
        record.damage = self.damage
        return record

    def late_reveal(self, line: tuple[int, int, int, bytes]) -> tuple[Reveal | None, int]:
        """The reveal on the last line of a record damaged before it (None if it is not)."""
        lineno, start, _, text = line
        if self.damage is None or self.damage.line >= lineno:
            return None, 0
        try:
            obj = read_json(text, RECORD_LIMITS, "the reveal")
            if isinstance(obj, dict) and obj.get("type") == REVEAL:
                return _check_reveal(obj), start
        except (ValueError, TypeError):
            pass
        return None, 0

    def open_sealed(self, record: GameRecord) -> None:
        assert record.nonce is not None
        for i, event in enumerate(record.events):
            if event.type != SEALED:
                continue
            try:
                text = commitment.unseal(record.nonce, i, str(event.data["box"]))
                obj = read_json(text, RECORD_LIMITS, "the sealed event", "nội dung đã mở")
                _check_raw_event(obj, sealed_ok=False)
                opened = Event.from_json(cast(JsonObject, obj))  # checked just above
                _check_event(opened)
            except (ValueError, TypeError) as exc:
                lineno = record.lines[i]
                why, vi = f"the sealed event does not open ({exc})", _vi(exc)
                self.fail(lineno, why, f"sự kiện niêm phong không mở được ({vi})", False)
                del record.events[i:]
                del record.lines[i:]
                record.revealed = False
                return
            record.events[i] = opened


def _vi(exc: Exception) -> str:
    """An error's words in Vietnamese where it has them (``ChieuError.vi``), else as said."""
    return exc.text("vi") if isinstance(exc, ChieuError) else str(exc)


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


class Header(NamedTuple):
    """A header's fields, checked (``_check_header``)."""

    format: int
    game: str
    version: str
    rules: JsonObject
    seed: int | None
    setup: JsonObject
    commit: str | None
    table: JsonObject | None


class Reveal(NamedTuple):
    """A reveal line's data, checked (``_check_reveal``)."""

    seed: int
    nonce: str
    digest: str


def _check_header(head: JsonObject, where: str) -> Header:
    """The header's fields (format 1 or 2); RecordError for a field of the wrong type or
    range (in Vietnamese too: for a field the ``expect_*`` helpers check, with their words)."""
    try:
        fmt = head.get("format", 1)
        if fmt not in (1, 2) or not _whole(fmt):
            raise JsonInputError(
                f"header 'format' must be 1 or 2, not {describe(fmt)}",
                vi=f"đầu biên bản ghi 'format' là {describe(fmt)}: chieu chỉ đọc được định "
                "dạng 1 hoặc 2",
            )
        for key in ("game", "rules", "seed") if fmt == 1 else ("game", "rules", "commit"):
            if key not in head:
                raise JsonInputError(f"header lacks {key!r}", vi=f"đầu biên bản thiếu {key!r}")
        game = expect_str(head["game"], "header 'game'", 100)
        rules = expect_object(head["rules"], "header 'rules'")
        seed = head.get("seed")
        if fmt == 1 and not _whole(seed):  # bounded by RECORD_LIMITS (20 digits)
            raise JsonInputError(
                f"header 'seed' must be a whole number, not {describe(seed)}",
                vi=f"'seed' ở đầu biên bản phải là số nguyên, không phải {describe(seed)}",
            )
        commit: str | None = None
        table: JsonObject | None = None
        if fmt == 2:
            if "seed" in head:
                raise JsonInputError(
                    "a format 2 header must not hold the seed",
                    vi="đầu biên bản định dạng 2 không được ghi seed",
                )
            given = head["commit"]
            if not commitment.is_hex64(given):
                raise JsonInputError(
                    "header 'commit' must be 64 lowercase hex digits",
                    vi="'commit' ở đầu biên bản phải là 64 chữ số hex viết thường",
                )
            commit = given
            if head.get("table") is not None:
                table = expect_object(head["table"], "header 'table'")
        version = head.get("version", "")
        if version is not None:
            version = expect_str(version, "header 'version'", 100)
        setup = head.get("setup")
        if setup is not None:
            setup = expect_object(setup, "header 'setup'")
    except JsonInputError as exc:
        vi = exc.vi or f"đầu biên bản có trường sai: {exc}"
        raise RecordError.at(where, str(exc), vi) from None
    return Header(
        format=fmt,
        game=game,
        version=str(version),
        rules=dict(rules),
        seed=seed if _whole(seed) else None,
        setup=dict(setup or {}),
        commit=commit,
        table=table,
    )


def _check_reveal(obj: JsonObject) -> Reveal:
    data = expect_object(obj.get("data"), "the reveal's 'data'")
    seed = data.get("seed")
    if not (_whole(seed) and 0 <= seed < SEED_LIMIT):
        raise JsonInputError(f"the reveal's 'seed' must be a whole number, not {describe(seed)}")
    nonce, digest = data.get("nonce"), data.get("digest")
    if not commitment.is_hex64(nonce):
        raise JsonInputError("the reveal's 'nonce' must be 64 lowercase hex digits")
    if not commitment.is_hex64(digest):
        raise JsonInputError("the reveal's 'digest' must be 64 lowercase hex digits")
    return Reveal(seed, nonce, digest)


def _check_raw_event(obj: object, sealed_ok: bool) -> None:
    """JsonInputError for an event line whose fields have the wrong type or range (before
    ``Event.from_json`` reads it)."""
    event = expect_object(obj, "an event")
    if "type" not in event:
        raise JsonInputError("an event is an object with a 'type'")
    kind = expect_str(event["type"], "the event's 'type'", 100)
    if kind in (SEALED, REVEAL) and not sealed_ok:
        raise JsonInputError(f"an event of type {kind!r} here")
    if kind == SEALED:
        box = expect_object(event.get("data"), "the sealed event's 'data'").get("box")
        expect_str(box, "the sealed event's 'box'", commitment.MAX_SEALED * 2)
    if event.get("actor") is not None:
        expect_int(event["actor"], "the event's 'actor'", 0, MAX_SEATS - 1)
    if "data" in event:
        expect_object(event["data"], "the event's 'data'")
    if event.get("visible_to") is not None:
        for seat in expect_list(event["visible_to"], "the event's 'visible_to'", MAX_SEATS):
            expect_int(seat, "a seat in 'visible_to'", 0, MAX_SEATS - 1)
    if event.get("hidden") is not None:
        for key in expect_list(event["hidden"], "the event's 'hidden'", 1000):
            expect_str(key, "a key in 'hidden'", 100)


def _check_event(event: Event) -> None:
    """ValueError for an action or deal event a replay could not read."""
    if event.type == ACTION:
        if not _whole(event.actor):
            raise ValueError(f"an action needs the seat as 'actor', not {event.actor!r}")
        action = event.data.get("action") if isinstance(event.data, dict) else None
        if not isinstance(action, dict) or not isinstance(action.get("verb"), str):
            raise ValueError("an action event needs data.action, an object with a 'verb'")
    elif event.type == DEAL and isinstance(event.data, dict) and "deck" in event.data:
        deck = event.data["deck"]
        if not isinstance(deck, list) or not all(_whole(k) for k in deck):
            raise ValueError("the deal's 'deck' must be a list of card numbers")
        if len(deck) > MAX_DECK or not all(0 <= k < MAX_DECK for k in deck):
            raise ValueError(f"the deal's 'deck' must hold card numbers from 0 to {MAX_DECK - 1}")


def event_line(event: Event, index: int, nonce: str) -> str:
    """Event ``index`` as one line of a format 2 record: whole when it is public, else
    sealed with ``nonce`` (``chieu.core.commitment.seal``)."""
    text = json.dumps(event.to_json(), ensure_ascii=False, sort_keys=True)
    if event.visible_to is not None:
        box = commitment.seal(nonce, index, text)
        text = json.dumps({"type": SEALED, "data": {"box": box}}, sort_keys=True)
    return text + "\n"


def records_from_lines(lines: Iterable[str]) -> GameRecord:
    return GameRecord.loads("\n".join(lines))


def _version() -> str:
    from chieu import __version__

    return __version__
