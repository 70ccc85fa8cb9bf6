"""The facts a view carries in ``extra`` (the table's "Chi tiết"), in words: a game's kit part
``detail_words`` names each key and says how its value reads, so a page shows "Nhà cái: Bà
Nội" instead of ``dealer 2``.

A value's ``kind`` tells the page how to write it: ``number``, ``bool`` (có / không),
``card`` (a card's code: its name), ``seat`` (a seat's index: its player's name), ``seats``
(a list of seats), ``per_seat`` (a list with one value per seat), ``choice`` (an id among
``values``), ``hidden`` (not shown: the table shows it elsewhere).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal, TypedDict

from chieu.core.kit import kit_part
from chieu.core.options import Words, WordsJson, words_json

DetailKind = Literal["number", "bool", "card", "seat", "seats", "per_seat", "choice", "hidden"]


class DetailJson(TypedDict):
    label: WordsJson
    kind: DetailKind
    values: dict[str, WordsJson]


@dataclass(frozen=True, slots=True)
class DetailWord:
    """One key of ``extra``: its ``label``, how its value reads and the words of its ids."""

    label: Words
    kind: DetailKind = "number"
    values: Mapping[str, Words] = field(default_factory=dict)

    def to_json(self) -> DetailJson:
        return {
            "label": words_json(self.label),
            "kind": self.kind,
            "values": {k: words_json(v) for k, v in self.values.items()},
        }


@dataclass(frozen=True, slots=True)
class DetailWords:
    """Every key a game's views put in ``extra``, in words."""

    keys: Mapping[str, DetailWord]

    def to_json(self) -> dict[str, DetailJson]:
        return {k: w.to_json() for k, w in self.keys.items()}


def detail_words_of(game: object) -> DetailWords | None:
    """The game's :class:`DetailWords` (its kit's ``detail_words``), or None."""
    found = kit_part(game, "detail_words")
    return found if isinstance(found, DetailWords) else None
