"""Words, per game: the labels of actions, typed answers, events described.

Like SAN beside a chess board, each game's ``notation`` module turns its actions and events
into words (Vietnamese by default, English on request) and typed text back into a legal
action. The edges only add colour. This module is the contract they implement. A game's
advice to a seat and its result in words are parts of its kit (``hints``, ``results``:
``chieu.core.telling``), not of its notation.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Literal, Protocol

from chieu.core.actions import Action
from chieu.core.events import Event

if TYPE_CHECKING:
    from typing_extensions import TypeVar

    #: the states a notation reads: its own game's (``Notation[ChanState]``); the core holds
    #: a game's notation as ``Notation``, given that game's states (a ClassVar of a class)
    S_contra = TypeVar("S_contra", contravariant=True, default=Any)
else:
    from typing import TypeVar

    S_contra = TypeVar("S_contra", contravariant=True)

Lang = Literal["vi", "en"]
LANGS: tuple[Lang, ...] = ("vi", "en")


def pick(words: tuple[str, str], lang: Lang) -> str:
    """``(vi, en)`` words in ``lang``."""
    return words[1] if lang == "en" else words[0]


def decimal(x: float, digits: int, lang: Lang, sign: bool = False) -> str:
    """``x`` with ``digits`` decimals as a reader of ``lang`` writes it: a decimal comma in
    Vietnamese (``2,53``), a point in English; ``sign``: always a sign (``+1,48``)."""
    text = f"{x:+.{digits}f}" if sign else f"{x:.{digits}f}"
    return text if lang == "en" else text.replace(".", ",")


class Notation(Protocol[S_contra]):
    @property
    def event_kinds(self) -> Mapping[str, tuple[str, str]]:
        """Every event type the game emits -> what it means (vi, en)."""
        ...

    def card(self, card: int) -> str:
        """The code of a card or kind as the game stores it in zones and events."""
        ...

    def card_name(self, card: int, lang: Lang = "vi") -> str:
        """Its full name ("nhị vạn", "Two of Vạn")."""
        ...

    def phase_label(self, phase: str, lang: Lang = "vi") -> str: ...

    def label(self, state: S_contra, seat: int, action: Action, lang: Lang = "vi") -> str:
        """The action's words in its context (``"ăn 3S vào cạ 3V"``)."""
        ...

    def action_cards(self, state: S_contra, seat: int, action: Action) -> tuple[str, ...]:
        """The cards the action moves, as codes (for a client to highlight them)."""
        ...

    def parse(self, state: S_contra, seat: int, text: str, lang: Lang = "vi") -> Action:
        """The legal action ``text`` names (a number is not handled here); NotationError with
        a message in ``lang`` if none or several."""
        ...

    def describe(self, state: S_contra, event: Event, viewer: int | None, lang: Lang = "vi") -> str:
        """The event in words, as ``viewer`` may know it (``event`` is already redacted);
        seats are "Bạn" / "You" for the viewer and "Người N" / "Player N" (N = seat + 1)
        otherwise. An empty text when the event adds nothing to the one before."""
        ...


def seat_name(seat: int | None, viewer: int | None = None, lang: Lang = "vi") -> str:
    """How every game's words name a seat: "Bạn" / "You" for the viewer, else "Người N" /
    "Player N" (N = seat + 1); "" for no seat."""
    if seat is None:
        return ""
    if seat == viewer:
        return pick(("Bạn", "You"), lang)
    return pick((f"Người {seat + 1}", f"Player {seat + 1}"), lang)


def cached_describe(
    state: object,
    event: Event,
    viewer: int | None,
    lang: Lang,
    words: Callable[[Event, int | None, Lang], str],
) -> str:
    """``words(event, viewer, lang)``, remembered on ``state`` per event, viewer and language:
    a server describes the same event to every seat after every action."""
    cache: dict[tuple[int, int | None, str], tuple[Event, str]] = state.__dict__.setdefault(
        "_words", {}
    )
    key = (id(event), viewer, lang)
    hit = cache.get(key)
    if hit is not None and hit[0] is event:
        return hit[1]
    text = words(event, viewer, lang)
    cache[key] = (event, text)
    return text
