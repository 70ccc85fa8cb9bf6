"""The View: what one seat (or a spectator) sees of a table, in one schema for every game.

``state.view(seat)`` returns a :class:`View`; ``View.to_json()`` is what the server pushes,
the browser renders and the RL encoders read. The schema is versioned (``VIEW_SCHEMA``) and
documented field by field in ``docs/view.md``. Cards are written in the game's notation
(``"9W"``, ``"As"``, ``"5m"``); a card the viewer may not see is never written: a hidden zone
gives its ``count`` and ``cards: null``.

The classes are slotted dataclasses built on every push, so they stay flat and cheap. A
View's tuples may be :class:`Parts`: tuples that carry their parts' JSON, built once and
shared by every view of a position (``core.viewing``), which ``View.to_json`` copies.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypeVar

from chieu.core.jsonio import JsonObject

VIEW_SCHEMA = "chieu.view"
VIEW_VERSION = 1

ZoneRole = Literal[
    "hand",  # a seat's cards in hand
    "mat",  # cards a seat has laid face up (groups, phu, phỏm, exposed sets)
    "door",  # a seat's cửa: the cards drawn and discarded there (Chắn, Tổ tôm)
    "discard",  # a seat's discards (Phỏm rows, Mạt chược rivers)
    "stock",  # the nọc / chồng bài / tường
    "dead",  # cards out of play (dead wall, set-aside piles)
    "flowers",  # flowers and khung set down (Mạt chược)
    "aside",  # cards a seat set aside face down (khàn, bất thực)
]
Visibility = Literal["public", "owner", "nobody"]


class HasJson(Protocol):
    def to_json(self) -> JsonObject: ...


class Parts(tuple[Any, ...]):
    """A tuple of a View's parts (zones, seats, events) with ``json``: their ``to_json()``,
    built once. ``View.to_json`` gives a new list of the same dicts, which a reader must not
    change (the views of one position share them). Its items are those of the View's field
    it fills (``tuple[Zone, ...]``...): hence a tuple of any items."""

    json: list[JsonObject]


def parts(items: Iterable[HasJson | None], json: list[JsonObject]) -> Parts:
    """``items`` as :class:`Parts` whose JSON is ``json`` (one dict per item, in order)."""
    out = Parts(items)
    out.json = json
    return out


def _json_list(items: tuple[HasJson, ...]) -> list[JsonObject]:
    if type(items) is Parts:
        return items.json[:]
    return [x.to_json() for x in items]


def _decisions_json(items: tuple[DecisionView, ...]) -> list[JsonObject]:
    """Decisions are new dicts on every call (a server sets their ``deadline``)."""
    if type(items) is Parts:
        return [{**d, "actions": _copy(d["actions"])} for d in items.json]
    return [x.to_json() for x in items]


def _copy(actions: object) -> list[JsonObject]:
    """A decision's ``actions`` list (of JSON objects) copied."""
    assert isinstance(actions, list)
    return actions[:]


@dataclass(frozen=True, slots=True)
class Group:
    """A group of cards inside a zone: a pair, a phu, a phỏm, a pung..."""

    cards: tuple[str, ...]
    kind: str  # the game's id of the group kind ("chan", "ca", "doc", "pung"...)
    label: str = ""  # its words ("chắn", "cạ", "phu dọc"...)

    def to_json(self) -> JsonObject:
        return {"cards": list(self.cards), "kind": self.kind, "label": self.label}


@dataclass(frozen=True, slots=True)
class Zone:
    """A place cards lie. ``cards`` is None when the viewer may not see them (then only
    ``count`` is known); ``groups`` splits a visible zone into its groups when it has any."""

    id: str
    owner: int | None
    role: ZoneRole
    count: int
    cards: tuple[str, ...] | None = None
    groups: tuple[Group, ...] | None = None
    label: str = ""  # its words when the role alone does not say it ("quân đã ăn", "phỏm")

    def to_json(self) -> JsonObject:
        return {
            "id": self.id,
            "owner": self.owner,
            "role": self.role,
            "label": self.label,
            "count": self.count,
            "cards": None if self.cards is None else list(self.cards),
            "groups": None if self.groups is None else [g.to_json() for g in self.groups],
        }


_K = TypeVar("_K", "KeptZone", "KeptSeatView")


def _kept_json(obj: _K, make: Callable[[_K], JsonObject]) -> JsonObject:
    """``obj``'s JSON, made by ``make(obj)`` the first time and kept in its ``_json`` slot."""
    try:
        data = obj._json
    except AttributeError:
        data = make(obj)
        object.__setattr__(obj, "_json", data)
    return data


class KeptZone(Zone):
    """A Zone whose JSON is built once: for zones kept in a cache and shared by many views
    (the dict is shared too: never change it)."""

    __slots__ = ("_json",)
    _json: JsonObject

    def to_json(self) -> JsonObject:
        return _kept_json(self, Zone.to_json)


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal action offered to the viewer: its stable id, its words, the cards it uses,
    and the fault it commits (referee mode) so a client can warn before it is played."""

    id: int
    label: str
    verb: str
    cards: tuple[str, ...] = ()
    fault: str | None = None  # the fault's id
    fault_name: str | None = None  # its Vietnamese name
    fault_penalty: str | None = None  # its penalty's id (a glossary alias), when the game says

    def to_json(self) -> JsonObject:
        out: JsonObject = {"id": self.id, "label": self.label, "verb": self.verb}
        if self.cards:
            out["cards"] = list(self.cards)
        if self.fault is not None:
            fault: JsonObject = {"id": self.fault, "name": self.fault_name}
            if self.fault_penalty is not None:
                fault["penalty"] = self.fault_penalty
            out["fault"] = fault
        return out


@dataclass(frozen=True, slots=True)
class DecisionView:
    kind: str
    actions: tuple[Choice, ...]
    default: int
    deadline: float | None = None  # set by a server that keeps time (seconds since epoch)

    def to_json(self) -> JsonObject:
        return {
            "kind": self.kind,
            "actions": [c.to_json() for c in self.actions],
            "default": self.default,
            "deadline": self.deadline,
        }


@dataclass(frozen=True, slots=True)
class SeatView:
    """Public facts about one seat."""

    seat: int
    hand_count: int
    roles: tuple[str, ...] = ()  # words: "cái", "nhà cái", "Đông"...
    marks: tuple[str, ...] = ()  # words: "báo", "đã hạ"...
    to_act: bool = False  # the seat's turn (never set for claim answers: those are private)

    def to_json(self) -> JsonObject:
        return {
            "seat": self.seat,
            "hand_count": self.hand_count,
            "roles": list(self.roles),
            "marks": list(self.marks),
            "to_act": self.to_act,
        }


class KeptSeatView(SeatView):
    """A SeatView whose JSON is built once (see :class:`KeptZone`)."""

    __slots__ = ("_json",)
    _json: JsonObject

    def to_json(self) -> JsonObject:
        return _kept_json(self, SeatView.to_json)


@dataclass(frozen=True, slots=True)
class Live:
    """The exposed card everyone may claim or the next seat decides on."""

    card: str
    seat: int | None  # whose door / river it lies in
    source: str  # "drawn" (from the stock) or "discard"

    def to_json(self) -> JsonObject:
        return {"card": self.card, "seat": self.seat, "source": self.source}


@dataclass(frozen=True, slots=True)
class EventView:
    """An event as this viewer may know it, described in words."""

    index: int  # its position in the viewer's own history
    type: str
    actor: int | None
    text: str

    def to_json(self) -> JsonObject:
        return {"index": self.index, "type": self.type, "actor": self.actor, "text": self.text}


@dataclass(frozen=True, slots=True)
class View:
    game: str
    title: str
    viewer: int | None
    players: int
    phase: str  # the game's phase id
    phase_label: str  # its words
    seats: tuple[SeatView, ...]
    zones: tuple[Zone, ...]
    decisions: tuple[DecisionView, ...]
    claim_open: bool  # a claim window is open (who has answered is never shown)
    live: Live | None
    events: tuple[EventView, ...]
    outcome: JsonObject | None
    extra: JsonObject = field(default_factory=dict)
    lang: str = "vi"

    def zone(self, zone_id: str) -> Zone:
        for z in self.zones:
            if z.id == zone_id:
                return z
        raise KeyError(zone_id)

    def to_json(self) -> dict[str, Any]:
        """The schema of ``docs/view.md`` (its readers index it freely: a JSON document)."""
        return {
            "schema": VIEW_SCHEMA,
            "version": VIEW_VERSION,
            "game": self.game,
            "title": self.title,
            "viewer": self.viewer,
            "players": self.players,
            "lang": self.lang,
            "phase": self.phase,
            "phase_label": self.phase_label,
            "seats": _json_list(self.seats),
            "zones": _json_list(self.zones),
            "decisions": _decisions_json(self.decisions),
            "claim_open": self.claim_open,
            "live": None if self.live is None else self.live.to_json(),
            "events": _json_list(self.events),
            "outcome": self.outcome,
            "extra": self.extra,
        }
