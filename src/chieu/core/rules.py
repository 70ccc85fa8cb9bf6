"""What every game's ``Rules`` shares: the JSON round trip and ``with_``.

A game's rules are a frozen, slotted dataclass deriving from ``RulesBase`` and naming its game
in ``label`` (for messages). Tuple fields travel as JSON lists; ``_prepare`` lets a game accept
friendlier input for one field (e.g. a comma-separated string) before the dataclass checks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, fields, replace
from typing import Any, ClassVar, Self, cast

from chieu.core.errors import ChieuError

#: the longest list any option takes (a game checks each list's exact length; this refuses a
#: huge one before any work is done on it)
MAX_LIST = 16


class RulesBase:
    __slots__ = ()
    label: ClassVar[str] = "game"

    def to_json(self) -> dict[str, Any]:
        data = asdict(cast(Any, self))
        return {k: list(v) if isinstance(v, tuple) else v for k, v in data.items()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> Self:
        """Rules from JSON; ChieuError naming any unknown option or bad value."""
        if not data:
            return cls()
        known = {f.name for f in fields(cast(Any, cls))}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ChieuError(
                f"unknown {cls.label} rule option(s): {', '.join(unknown)}; "
                f"known: {', '.join(sorted(known))}"
            )
        defaults = cls()
        for name, value in data.items():
            if isinstance(value, (list, tuple)) and len(value) > MAX_LIST:
                raise ChieuError(
                    f"{cls.label} rule {name} has {len(value)} entries: "
                    f"at most {MAX_LIST} (có {len(value)} mục: nhiều nhất {MAX_LIST})"
                )
        values = cls._prepare(dict(data))
        for name, value in values.items():
            if isinstance(getattr(defaults, name), tuple) and isinstance(value, list):
                values[name] = tuple(value)
            _check_type(cls.label, name, getattr(defaults, name), values[name])
        try:
            return cls(**values)
        except TypeError as exc:
            raise ChieuError(f"bad {cls.label} rules: {exc}") from None

    @classmethod
    def _prepare(cls, values: dict[str, Any]) -> dict[str, Any]:
        """A game's hook to normalise raw JSON values (default: unchanged)."""
        return values

    def with_(self, **changes: Any) -> Self:
        return cast(Self, replace(cast(Any, self), **changes))


def _check_type(label: str, name: str, default: object, value: object) -> None:
    """ChieuError when ``value`` is not of the kind of the option's default (a JSON string
    "false" for a true/false option would otherwise read as true)."""
    if default is None:
        return
    if isinstance(default, bool):
        ok, want = isinstance(value, bool), "true or false"
    elif isinstance(default, int):
        ok, want = isinstance(value, int) and not isinstance(value, bool), "a whole number"
    elif isinstance(default, float):
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        want = "a number"
    elif isinstance(default, str):
        ok, want = isinstance(value, str), "text"
    elif isinstance(default, tuple):
        ok, want = isinstance(value, tuple), "a list"
    else:
        return
    if not ok:
        raise ChieuError(f"{label} rule {name}={value!r}: expected {want}")
