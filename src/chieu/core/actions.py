"""Typed actions and an enumerated ActionSpace with stable integer ids.

Every game lists all its actions once, in a fixed order, so that an action has the same id in
every state, in every run, and in every record (what an RL policy head or a replay needs).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, fields
from typing import ClassVar, Self

from chieu.core.errors import IllegalActionError


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action: a frozen value. ``verb`` is the stable name used in records."""

    verb: ClassVar[str] = "action"

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {"verb": self.verb}
        for name in self.__dataclass_fields__:
            data[name] = getattr(self, name)
        return data


_INTERNED: dict[tuple[object, ...], Action] = {}


class InternedAction(Action):
    """An action with one instance per value (``Discard(3) is DISCARD[3]``, also after a copy
    or a pickle round trip), so equality is identity and hashing runs at C speed: the hot
    path compares actions on every step. A game's action base class derives from it; its
    subclasses are ``@dataclass(frozen=True, slots=True, eq=False)``."""

    __slots__ = ()

    def __new__(cls, *args: object, **kwargs: object) -> Self:
        names = [f.name for f in fields(cls)]
        key = (cls, *args, *(kwargs[n] for n in names[len(args) :]))
        found = _INTERNED.get(key)
        if found is None:
            found = _INTERNED[key] = object.__new__(cls)
        return found  # type: ignore[return-value]

    __eq__ = object.__eq__
    __hash__ = object.__hash__

    def __reduce__(self) -> tuple[type[Self], tuple[object, ...]]:
        return (type(self), tuple(getattr(self, f.name) for f in fields(self)))


class ActionSpace:
    """A fixed, ordered table ``Action <-> int``."""

    def __init__(self, actions: Iterable[Action]) -> None:
        self._actions: tuple[Action, ...] = tuple(actions)
        self._ids: dict[Action, int] = {}
        for i, action in enumerate(self._actions):
            if action in self._ids:
                raise ValueError(f"duplicate action in space: {action!r}")
            self._ids[action] = i
        self._json: dict[Action, dict[str, object]] = {a: a.to_json() for a in self._actions}
        # the table's own instances, by identity: no dataclass hash on the hot path
        self._json_by_id: dict[int, dict[str, object]] = {
            id(a): self._json[a] for a in self._actions
        }
        self._id_by_id: dict[int, int] = {id(a): i for i, a in enumerate(self._actions)}
        self._by_json: dict[tuple[tuple[str, object], ...], Action] = {
            tuple(sorted(a.to_json().items())): a for a in self._actions
        }

    def __len__(self) -> int:
        return len(self._actions)

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def __contains__(self, action: object) -> bool:
        return action in self._ids

    def id_of(self, action: Action) -> int:
        found = self._id_by_id.get(id(action))
        if found is not None:
            return found
        try:
            return self._ids[action]
        except KeyError:
            raise IllegalActionError(f"not an action of this game: {action!r}") from None

    def action(self, action_id: int) -> Action:
        if not 0 <= action_id < len(self._actions):
            raise IllegalActionError(
                f"action id {action_id} out of range 0..{len(self._actions) - 1}"
            )
        return self._actions[action_id]

    def json_of(self, action: Action) -> dict[str, object]:
        """The action's JSON form (a shared dict: do not mutate)."""
        found = self._json_by_id.get(id(action))
        if found is not None:
            return found
        try:
            return self._json[action]
        except KeyError:
            raise IllegalActionError(f"not an action of this game: {action!r}") from None

    def from_json(self, data: Mapping[str, object]) -> Action:
        key = tuple(sorted(data.items()))
        try:
            return self._by_json[key]
        except (KeyError, TypeError):
            raise IllegalActionError(
                f"not an action of this game: {data!r}",
                vi=f"không phải một nước của trò này: {data!r}",
            ) from None
