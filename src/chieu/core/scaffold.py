"""What the games' states share beyond ``StateBase``: the copy a ``clone`` starts from.

``copied(state)`` is a new state of the same class holding the same attributes (a shallow
copy), without the caches of one position kept in its ``__dict__`` (views, histories), with its
own claim window and event list. A game's ``clone`` then copies the other lists and dicts it
changes in place (its seats, its stock...).
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from chieu.core.decisions import ClaimWindow
from chieu.core.events import Event

#: the caches of one position a state keeps in its ``__dict__`` (a copy starts without them)
POSITION_CACHES = ("_views", "_history")


class Copyable(Protocol):
    """A state ``copied`` can copy (every ``StateBase``)."""

    window: ClaimWindow | None
    events: list[Event]


S = TypeVar("S", bound=Copyable)


def copied(state: S) -> S:
    """A shallow copy of ``state`` without its position caches, with its own claim window
    and event list."""
    st = object.__new__(type(state))
    data = st.__dict__
    data.update(state.__dict__)
    for name in POSITION_CACHES:
        data.pop(name, None)
    window = state.window
    st.window = None if window is None else window.copy()
    st.events = list(state.events)
    return st
