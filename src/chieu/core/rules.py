"""What every game's ``Rules`` shares: the JSON round trip and ``with_``.

A game's rules are a frozen, slotted dataclass deriving from ``RulesBase`` and naming its game
in ``label`` (for messages). Tuple fields travel as JSON lists; ``_prepare`` lets a game accept
friendlier input for one field (e.g. a comma-separated string) before the dataclass checks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import Field, asdict, fields, replace
from typing import TYPE_CHECKING, Any, ClassVar, Self

from chieu.core.errors import ChieuError
from chieu.core.jsonio import JsonObject

#: the longest list any option takes (a game checks each list's exact length; this refuses a
#: huge one before any work is done on it)
MAX_LIST = 16


class RulesBase:
    __slots__ = ()
    label: ClassVar[str] = "game"
    #: what every game's rules say (a dataclass field of each game's ``Rules``)
    players: int
    #: a game's ``Rules`` is a dataclass (what ``dataclasses.fields`` reads)
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @property
    def seats(self) -> int:
        """The seats at the table. ``players`` is everyone in the hội; a game whose hội may
        hold more people than its table seats (Mạt chược of five or six) says fewer, and its
        sitting policy seats them in turn (``chieu.core.sitting``)."""
        return self.players

    def to_json(self) -> JsonObject:
        data = asdict(self)
        return {k: list(v) if isinstance(v, tuple) else v for k, v in data.items()}

    @classmethod
    def from_json(cls, data: Mapping[str, object] | None) -> Self:
        """Rules from JSON; ChieuError naming any unknown option or bad value."""
        if not data:
            return cls()
        known = {f.name for f in fields(cls)}
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
    def _prepare(cls, values: dict[str, object]) -> dict[str, object]:
        """A game's hook to normalise raw JSON values (default: unchanged)."""
        return values

    def with_(self, **changes: object) -> Self:
        return replace(self, **changes)


# Type parameters over a game's rules. ``State[R]`` (``chieu.core.protocol``) plays by the rules
# ``R``, ``State`` alone by some game's (``RulesBase``). What takes a game's own rules (its
# sitting policy) the core holds as taking *some* game's: ``R_contra`` defaults to Any, since a
# game definition is a class whose ClassVars cannot be generic. Python 3.11's ``TypeVar`` has
# no ``default``: the checker reads ``typing_extensions``' (PEP 696); the runtime needs none.
if TYPE_CHECKING:
    from typing_extensions import TypeVar

    R = TypeVar("R", bound=RulesBase, default=RulesBase)  # for a game's generic code
    #: a game's State names its rules (``StateBase[Rules]``); one that does not yet leaves
    #: them untyped, as before (the default), so the games move over one by one
    R_state = TypeVar("R_state", bound=RulesBase, default=Any)
    R_co = TypeVar("R_co", bound=RulesBase, covariant=True, default=RulesBase)
    R_contra = TypeVar("R_contra", bound=RulesBase, contravariant=True, default=Any)
else:
    from typing import TypeVar

    R = TypeVar("R", bound=RulesBase)
    R_state = TypeVar("R_state", bound=RulesBase)
    R_co = TypeVar("R_co", bound=RulesBase, covariant=True)
    R_contra = TypeVar("R_contra", bound=RulesBase, contravariant=True)


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
