"""A finished game explained: the kit's ``explain`` part, in one structure for every game.

An :class:`Explanation` says how a game ended so that a newcomer can check it: the
``headline``; the hands the outcome reveals, grouped as the engine grouped them
(:class:`HandExplain`); each scoring item (a cước, a phán line, a place...) with its points
(:class:`Item`), which add up to ``total``; the ``arithmetic`` from the items to the
payments in words; every payment with its reason (:class:`PaymentExplain`), whose net per seat
is the outcome's payoffs; and, when nobody won, why and how far each hand was from a win
(:class:`NoWinner`). ``notes`` carry what else the end says (faults, a xướng, marks).

A game gives ``explain(state, lang, viewer) -> Explanation | None`` (None while the game goes
on); :func:`explain_of` reads it from the game's kit. Cards are in the game's notation; a
hand the viewer may not see has ``loose = None``. Terms (``term``, ``reason_term``) are words
of the game's glossary, which the browser makes tappable.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar, cast

from chieu.core.jsonio import JsonObject
from chieu.core.kit import kit_part
from chieu.core.view import Group

T = TypeVar("T")

if TYPE_CHECKING:
    from chieu.core.notation import Lang
    from chieu.core.state import StateBase


@dataclass(frozen=True, slots=True)
class HandExplain:
    """A seat's hand as the end shows it: its groups (laid or read by the engine), the cards
    in no group (None: hidden from the viewer) and a short note (a place, points...)."""

    seat: int
    groups: tuple[Group, ...]
    loose: tuple[str, ...] | None = ()
    note: str = ""

    def to_json(self) -> JsonObject:
        return {
            "seat": self.seat,
            "groups": [
                {"cards": list(g.cards), "kind": g.kind, "label": g.label} for g in self.groups
            ],
            "loose": None if self.loose is None else list(self.loose),
            "note": self.note,
        }


@dataclass(frozen=True, slots=True)
class Item:
    """One scoring item: its id (the cước's, the pattern's), its glossary term and its
    points (with ``count`` already counted in)."""

    id: str
    term: str
    points: float
    count: int = 1

    def to_json(self) -> JsonObject:
        return {"id": self.id, "term": self.term, "count": self.count, "points": self.points}


@dataclass(frozen=True, slots=True)
class PaymentExplain:
    """``payer`` pays ``payee`` ``amount`` because of ``reason`` (an id; ``reason_term`` its
    glossary term, ``reason_text`` the reason in words)."""

    payer: int
    payee: int
    amount: float
    reason: str
    reason_term: str
    reason_text: str = ""

    def to_json(self) -> JsonObject:
        return {
            "payer": self.payer,
            "payee": self.payee,
            "amount": self.amount,
            "reason": self.reason,
            "reason_term": self.reason_term,
            "reason_text": self.reason_text,
        }


@dataclass(frozen=True, slots=True)
class Distance:
    """How far a seat's hand was from a win: ``distance`` (0: waiting, -1: out of the race,
    None: a hand the viewer may not see) and in words."""

    seat: int
    distance: int | None
    text: str

    def to_json(self) -> JsonObject:
        return {"seat": self.seat, "distance": self.distance, "text": self.text}


@dataclass(frozen=True, slots=True)
class NoWinner:
    """Why nobody won (``term``: its glossary term) and each seat's distance to a win."""

    why: str
    term: str
    distances: tuple[Distance, ...]

    def to_json(self) -> JsonObject:
        return {
            "why": self.why,
            "term": self.term,
            "distances": [d.to_json() for d in self.distances],
        }


@dataclass(frozen=True, slots=True)
class Explanation:
    """A finished game explained (see the module): ``sum(items.points) == total``, and the
    net of ``payments`` per seat is the outcome's payoffs. ``unit`` is the word of the
    items' points ("điểm", "phán")."""

    headline: str
    hands: tuple[HandExplain, ...] = ()
    items: tuple[Item, ...] = ()
    arithmetic: str = ""
    total: float = 0
    unit: str = ""
    payments: tuple[PaymentExplain, ...] = ()
    no_winner: NoWinner | None = None
    notes: tuple[str, ...] = ()

    def to_json(self) -> JsonObject:
        return {
            "headline": self.headline,
            "hands": [x.to_json() for x in self.hands],
            "items": [x.to_json() for x in self.items],
            "arithmetic": self.arithmetic,
            "total": self.total,
            "unit": self.unit,
            "payments": [p.to_json() for p in self.payments],
            "no_winner": None if self.no_winner is None else self.no_winner.to_json(),
            "notes": list(self.notes),
        }

    def net(self, players: int) -> list[float]:
        """Each seat's net of the payments (the outcome's payoffs)."""
        out = [0.0] * players
        for p in self.payments:
            out[p.payer] -= p.amount
            out[p.payee] += p.amount
        return out


#: a game's kit part: ``explain(state, lang, viewer)``
Explainer = Callable[["StateBase", "Lang", "int | None"], "Explanation | None"]


def explain_of(
    state: StateBase, lang: Lang = "vi", viewer: int | None = None
) -> Explanation | None:
    """The explanation of ``state``'s end by its game's kit (None: the game goes on, or its
    kit has no ``explain``)."""
    if state.outcome() is None:
        return None
    explain: Explainer | None = kit_part(state.game, "explain")
    if explain is None:
        return None
    return explain(state, lang, viewer)


def remembered(state: StateBase, key: Hashable, make: Callable[[], T]) -> T:
    """``make()``, computed once per finished ``state`` and ``key``: what every viewer's and
    language's explanation share (a hand's distance to a win), kept on the state."""
    memo: dict[Hashable, object] = state.__dict__.setdefault("_explain_memo", {})
    if key not in memo:
        memo[key] = make()
    return cast(T, memo[key])


def explain_json(state: StateBase, lang: Lang, viewer: int | None) -> JsonObject | None:
    """:func:`explain_of` as JSON (for the View's outcome)."""
    found = explain_of(state, lang, viewer)
    return None if found is None else found.to_json()


def fmt(x: float) -> str:
    """A number as the table writes it: ``6``, ``-2``, ``1.5``."""
    return f"{x:g}"


def plus(terms: Sequence[tuple[str, float]]) -> str:
    """``Thông 1 + Chì 1`` (negative points as ``− 2``)."""
    out = ""
    for i, (name, pts) in enumerate(terms):
        if i == 0:
            out = f"{name} {fmt(pts)}"
        elif pts < 0:
            out += f" − {name} {fmt(-pts)}"
        else:
            out += f" + {name} {fmt(pts)}"
    return out
