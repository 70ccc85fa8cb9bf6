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

FORMAT = "chieu"
ACTION = "action"
DEAL = "deal"


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
    def loads(cls, text: str, source: str = "<record>") -> GameRecord:
        lines = [(i, ln) for i, ln in enumerate(text.splitlines(), 1) if ln.strip()]
        if not lines:
            raise RecordError(f"{source}: empty record")
        try:
            head = json.loads(lines[0][1])
        except json.JSONDecodeError as exc:
            raise RecordError(f"{source}:{lines[0][0]}: header is not JSON ({exc.msg})") from None
        if not isinstance(head, dict) or head.get("record") != FORMAT:
            raise RecordError(f"{source}:{lines[0][0]}: not a chieu record header")
        for key in ("game", "rules", "seed"):
            if key not in head:
                raise RecordError(f"{source}:{lines[0][0]}: header lacks {key!r}")
        _check_header(head, f"{source}:{lines[0][0]}")
        events = []
        for lineno, line in lines[1:]:
            try:
                obj = json.loads(line)
                if not isinstance(obj, dict) or "type" not in obj:
                    raise ValueError("an event is an object with a 'type'")
                event = Event.from_json(obj)
                _check_event(event)
                events.append(event)
            except (ValueError, TypeError) as exc:
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
        p = Path(path)
        try:
            text = p.read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read record {str(p)!r}: {exc.strerror}") from None
        except UnicodeDecodeError:
            raise RecordError(f"{p}: not UTF-8 text") from None
        return cls.loads(text, str(p))

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
        """The state after the first ``upto`` actions (all by default)."""
        from chieu.core.registry import find_game

        game = find_game(self.game)
        state = self.start()
        for n, (seat, data) in enumerate(self.actions()):
            if upto is not None and n >= upto:
                break
            try:
                action = game.action_space.from_json(data)
                state.apply(action, seat)
            except (ChieuError, KeyError, TypeError, ValueError) as exc:
                why = f"no field {exc}" if isinstance(exc, KeyError) else str(exc)
                raise RecordError(f"action {n + 1} ({data}) by seat {seat}: {why}") from None
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
    if not isinstance(head["game"], str):
        raise RecordError(f"{where}: header 'game' must be text, not {head['game']!r}")
    if not isinstance(head["rules"], dict):
        raise RecordError(f"{where}: header 'rules' must be an object, not {head['rules']!r}")
    if not _whole(head["seed"]):
        raise RecordError(f"{where}: header 'seed' must be a whole number, not {head['seed']!r}")
    setup = head.get("setup")
    if setup is not None and not isinstance(setup, dict):
        raise RecordError(f"{where}: header 'setup' must be an object, not {setup!r}")


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


def records_from_lines(lines: Iterable[str]) -> GameRecord:
    return GameRecord.loads("\n".join(lines))


def _version() -> str:
    from chieu import __version__

    return __version__
