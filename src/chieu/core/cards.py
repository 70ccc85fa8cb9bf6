"""Card kinds as small ints with names, and count-vector (multiset) helpers.

Two representations, as in the ``mahjong`` library: a *kind* is a card's face (a small int),
a *card* is a physical copy (``kind * copies + copy``). Analysis works on count vectors
(``counts[kind]`` = how many of that kind), identity on physical ids.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

Counts = list[int]


@dataclass(frozen=True, slots=True)
class KindTable:
    """The faces of a deck: ``codes[kind]`` (notation), ``names[kind]`` (Vietnamese)."""

    codes: tuple[str, ...]
    names: tuple[str, ...]
    copies: tuple[int, ...]
    red: frozenset[int] = frozenset()
    _index: dict[str, int] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not (len(self.codes) == len(self.names) == len(self.copies)):
            raise ValueError("codes, names and copies must have the same length")
        self._index.update({code.upper(): i for i, code in enumerate(self.codes)})

    @property
    def size(self) -> int:
        return len(self.codes)

    @property
    def deck_size(self) -> int:
        return sum(self.copies)

    def kind(self, code: str) -> int | None:
        """The kind for a canonical code (case-insensitive), or None."""
        return self._index.get(code.upper())

    def code(self, kind: int) -> str:
        return self.codes[kind]

    def name(self, kind: int) -> str:
        return self.names[kind]

    def is_red(self, kind: int) -> bool:
        return kind in self.red

    def full_counts(self) -> Counts:
        return list(self.copies)

    def deck(self) -> list[int]:
        """Every physical card of the deck, as kinds (one entry per copy), in kind order."""
        return [k for k in range(self.size) for _ in range(self.copies[k])]

    def counts(self, kinds: Iterable[int]) -> Counts:
        out = [0] * self.size
        for k in kinds:
            out[k] += 1
        return out

    def kinds_of(self, counts: Sequence[int]) -> list[int]:
        """The sorted kinds of a count vector, one entry per card."""
        return [k for k, n in enumerate(counts) for _ in range(n)]

    def format(self, kinds: Iterable[int]) -> str:
        return " ".join(self.codes[k] for k in kinds)

    def format_counts(self, counts: Sequence[int]) -> str:
        return self.format(self.kinds_of(counts))


def add_counts(a: Sequence[int], b: Sequence[int]) -> Counts:
    return [x + y for x, y in zip(a, b, strict=True)]


def sub_counts(a: Sequence[int], b: Sequence[int]) -> Counts:
    return [x - y for x, y in zip(a, b, strict=True)]


def contains(a: Sequence[int], b: Sequence[int]) -> bool:
    """True when multiset ``b`` is contained in ``a``."""
    return all(x >= y for x, y in zip(a, b, strict=True))
