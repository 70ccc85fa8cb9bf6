"""Events with per-seat visibility.

An event is what ``State.apply`` returns and what a record stores. ``visible_to`` is None for a
public event, or the set of seats that may see it whole; everyone else receives
``redact(event, seat)``, which keeps the type and actor and drops the hidden fields.

What a seat receives of another seat's private decision is nothing (``PRIVATE``: a claim
answer) or the same whatever was decided. A fault the referee calls is an event whole for its
offender, whose hidden fields (the explanation naming cards of the offender's hand) the rest
of the table does not receive: they get which fault, by whom, in general words (Chắn's
``faults.fault_event``). tests/conformance/test_counterfactual.py checks both.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from chieu.core.jsonio import JsonObject

#: ``Event.hidden`` of an event that nobody outside ``visible_to`` may know happened at all
#: (a claim answer, a private decision): it is left out of their history.
PRIVATE: tuple[str, ...] = ("*",)


class Event(NamedTuple):
    """An immutable event (a NamedTuple: cheap to build on the hot path)."""

    type: str
    actor: int | None = None
    #: the game's own JSON (each game reads the fields it wrote)
    data: dict[str, Any] = {}  # noqa: RUF012  (never mutated; each event gets its own dict)
    visible_to: frozenset[int] | None = None
    hidden: tuple[str, ...] = ()

    def is_visible(self, seat: int | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def to_json(self) -> JsonObject:
        out: JsonObject = {"type": self.type}
        if self.actor is not None:
            out["actor"] = self.actor
        if self.data:
            out["data"] = self.data
        if self.visible_to is not None:
            out["visible_to"] = sorted(self.visible_to)
            if self.hidden:
                out["hidden"] = list(self.hidden)
        return out

    @staticmethod
    def from_json(obj: dict[str, Any]) -> Event:
        vis = obj.get("visible_to")
        return Event(
            type=str(obj["type"]),
            actor=obj.get("actor"),
            data=dict(obj.get("data", {})),
            visible_to=None if vis is None else frozenset(int(s) for s in vis),
            hidden=tuple(obj.get("hidden", ())),
        )


def redact(event: Event, seat: int | None) -> Event:
    """The event as ``seat`` may see it (``None`` = a spectator: public information only)."""
    if event.is_visible(seat):
        return event
    data = {k: v for k, v in event.data.items() if k not in event.hidden} if event.hidden else {}
    return Event(event.type, event.actor, data, event.visible_to, event.hidden)


def seat_history(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events as ``seat`` knows them: every public event, its own private ones whole, the
    public part of the others (``redact``); a wholly private event of another seat is left
    out, so nothing tells that a decision was taken."""
    out = []
    for e in events:
        if e.visible_to is None or (seat is not None and seat in e.visible_to):
            out.append(e)
        elif e.hidden != PRIVATE:
            out.append(redact(e, seat))
    return out
