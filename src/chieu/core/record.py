"""Game records: JSON lines, like PGN for card games.

Line 1 is the header ``{"record": "chieu", "game", "version", "rules", "seed", "setup"}``; every
further line is one event. Events of type ``"action"`` carry the seat and the action; the rest
are what the actions caused. ``replay()`` rebuilds the state from the header (the shuffle comes
from the recorded ``deal`` event, not from the RNG) and the actions; ``verify()`` checks that
the replay produces exactly the recorded events.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from chieu.core.errors import ChieuError, RecordError
from chieu.core.events import Event
from chieu.core.jsonio import (
    JsonInputError,
    Limits,
    describe,
    expect_int,
    expect_list,
    expect_object,
    expect_str,
    read_json,
)

FORMAT = "chieu"
ACTION = "action"
DEAL = "deal"

#: the loader's limits: a line (1 MiB, 32 levels of nesting, integers of up to 20 digits: a
#: seed is below 2**64), a whole file, a seat number, a deck
RECORD_LIMITS = Limits(max_bytes=1 << 20, max_depth=32, max_int_digits=20)
MAX_RECORD_BYTES = 64 << 20
MAX_SEATS = 64
MAX_DECK = 1000


@dataclass
class GameRecord:
    game: str
    version: str
    rules: dict[str, Any]
    seed: int
    setup: dict[str, Any] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)

    # -- building -------------------------------------------------------------------------
    @classmethod
    def from_state(cls, state: Any) -> GameRecord:
        game = state.game
        return cls(
            game=game.name,
            version=_version(),
            rules=game.rules_to_json(state.rules),
            seed=state.seed,
            setup=dict(state.setup),
            events=list(state.events),
        )

    # -- text -----------------------------------------------------------------------------
    def header(self) -> dict[str, Any]:
        return {
            "record": FORMAT,
            "game": self.game,
            "version": self.version,
            "rules": self.rules,
            "seed": self.seed,
            "setup": self.setup,
        }

    def dumps(self) -> str:
        lines = [json.dumps(self.header(), ensure_ascii=False, sort_keys=True)]
        lines += [json.dumps(e.to_json(), ensure_ascii=False, sort_keys=True) for e in self.events]
        return "\n".join(lines) + "\n"

    @classmethod
    def loads(cls, text: str | bytes, source: str = "<record>") -> GameRecord:
        """The record in ``text`` (a str, or UTF-8 bytes); RecordError naming ``source`` and
        the line for anything malformed or over a limit (``RECORD_LIMITS`` per line)."""
        raw: list[str | bytes] = list(
            text.split(b"\n") if isinstance(text, bytes) else text.split("\n")
        )
        lines = [(i, ln) for i, ln in enumerate(raw, 1) if ln.strip()]
        if not lines:
            raise RecordError(f"{source}: empty record")
        n0, first = lines[0]
        try:
            head = read_json(first, RECORD_LIMITS, "the header")
        except JsonInputError as exc:
            raise RecordError(f"{source}:{n0}: {exc}") from None
        if not isinstance(head, dict) or head.get("record") != FORMAT:
            raise RecordError(f"{source}:{n0}: not a chieu record header")
        for key in ("game", "rules", "seed"):
            if key not in head:
                raise RecordError(f"{source}:{n0}: header lacks {key!r}")
        _check_header(head, f"{source}:{n0}")
        events = []
        for lineno, line in lines[1:]:
            try:
                obj = read_json(line, RECORD_LIMITS, "the event")
                _check_raw_event(obj)
                event = Event.from_json(obj)
                _check_event(event)
                events.append(event)
            except (ValueError, TypeError) as exc:  # JsonInputError too
                raise RecordError(f"{source}:{lineno}: bad event ({exc})") from None
        return cls(
            game=head["game"],
            version=str(head.get("version", "")),
            rules=dict(head["rules"]),
            seed=head["seed"],
            setup=dict(head.get("setup") or {}),
            events=events,
        )

    def save(self, path: str | Path) -> Path:
        p = Path(path)
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(self.dumps(), encoding="utf-8")
        return p

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """The record in the file ``path``: at most ``MAX_RECORD_BYTES`` are read."""
        p = Path(path)
        try:
            with p.open("rb") as f:
                data = f.read(MAX_RECORD_BYTES + 1)
        except OSError as exc:
            raise RecordError(f"cannot read record {str(p)!r}: {exc.strerror or exc}") from None
        if len(data) > MAX_RECORD_BYTES:
            raise RecordError(
                f"{p}: the record is larger than {MAX_RECORD_BYTES // (1 << 20)} MiB (the limit)"
            )
        return cls.loads(data, str(p))

    # -- replay ---------------------------------------------------------------------------
    def actions(self) -> list[tuple[int, dict[str, Any]]]:
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

    def start(self, source: str = "record") -> Any:
        """The state before the first action: the header's game, rules and setup, and the
        recorded shuffle."""
        from chieu.core.registry import find_game

        game = find_game(self.game)
        try:
            rules = game.rules_from_json(self.rules)
            return game.new_state(rules, self.seed, setup=self.setup, deal=self.deal())
        except ChieuError as exc:
            raise RecordError(f"{source}:1: the header does not start a game: {exc}") from None

    def replay(self, upto: int | None = None) -> Any:
        """The state after the first ``upto`` actions (all by default). A claim answer that
        had no alternative is not recorded: it is given again here, as the game goes."""
        from chieu.core.registry import find_game

        game = find_game(self.game)
        state = self.start()
        pass_forced = getattr(state, "pass_forced", None)
        for n, (seat, data) in enumerate(self.actions()):
            if upto is not None and n >= upto:
                break
            try:
                action = game.action_space.from_json(data)
                if pass_forced is not None:
                    state.before_recorded(seat)  # forced answers are never recorded
                state.apply(action, seat)
            except (ChieuError, KeyError, TypeError, ValueError) as exc:
                why = f"no field {exc}" if isinstance(exc, KeyError) else str(exc)
                raise RecordError(f"action {n + 1} ({data}) by seat {seat}: {why}") from None
        if upto is None and pass_forced is not None and len(state.events) < len(self.events):
            pass_forced()  # the game went on past the last recorded action
        return state

    def verify(self) -> list[str]:
        """Differences between the recorded events and a replay (empty when identical)."""
        state = self.replay()
        got = [json.dumps(e.to_json(), sort_keys=True) for e in state.events]
        want = [json.dumps(e.to_json(), sort_keys=True) for e in self.events]
        problems = []
        for i, (g, w) in enumerate(zip(got, want, strict=False)):
            if g != w:
                problems.append(f"event {i + 1}: recorded {w} but replay gives {g}")
                break
        if len(got) != len(want):
            problems.append(f"recorded {len(want)} events but replay gives {len(got)}")
        return problems


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_header(head: dict[str, Any], where: str) -> None:
    """RecordError for a header field of the wrong type or out of range."""
    try:
        expect_str(head["game"], "header 'game'", 100)
        expect_object(head["rules"], "header 'rules'")
        if not _whole(head["seed"]):  # its size is bounded by RECORD_LIMITS (20 digits)
            raise JsonInputError(
                f"header 'seed' must be a whole number, not {describe(head['seed'])}"
            )
        if head.get("version") is not None:
            expect_str(head["version"], "header 'version'", 100)
        if head.get("setup") is not None:
            expect_object(head["setup"], "header 'setup'")
    except JsonInputError as exc:
        raise RecordError(f"{where}: {exc}") from None


def _check_raw_event(obj: object) -> None:
    """JsonInputError for an event line whose fields have the wrong type or range (before
    ``Event.from_json`` reads it)."""
    event = expect_object(obj, "an event")
    if "type" not in event:
        raise JsonInputError("an event is an object with a 'type'")
    expect_str(event["type"], "the event's 'type'", 100)
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


def records_from_lines(lines: Iterable[str]) -> GameRecord:
    return GameRecord.loads("\n".join(lines))


def _version() -> str:
    from chieu import __version__

    return __version__
