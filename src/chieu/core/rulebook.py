"""A game's rules in plain words: its kit's ``rulebook`` part, for ``chieu rules GAME``, the
browser's ``#/rules/{game}`` and ``GET /api/rules/{game}``.

A game's ``rulebook(rules, lang) -> Rulebook`` writes the rules *as the table in force plays
them*: the numbers (cước points, penalties, how many cards, the options chosen) come from
``rules``, so a room's options change what its rules page says. The sections follow one order
for every game (:data:`SECTION_IDS`: what the game is, the cards, the groups, a turn, claims,
winning, scoring, faults, the house options); a game leaves out a section it has nothing for.

Cards are written as codes in the game's notation (``"3V"``, ``"As"``, ``"5m"``): the edges
draw them (``chieu.render.svg``) and name them (the game's ``notation.card_name``). Every
:class:`Example` says what the engine must find in its cards (``claim``), which the game's
tests check, so an example can never drift from the rules it illustrates.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, TypedDict

from chieu.core.kit import kit_part
from chieu.core.notation import Lang
from chieu.core.rules import RulesBase

#: the sections' ids (anchors ``#/rules/{game}#{id}``), in the order every rulebook follows
SECTION_IDS = (
    "about",  # what the game is, who plays, the aim
    "cards",  # the deck: suits, ranks, special cards, with their names
    "groups",  # the groups a hand is made of (chắn, cạ, phu, phỏm, sets...)
    "turn",  # a turn: draw, take, discard
    "claims",  # out-of-turn claims and their priority
    "winning",  # when and how one wins
    "scoring",  # cước / patterns with their points; payments
    "faults",  # every fault with its penalty
    "options",  # the house options in force, with what each changes
)


@dataclass(frozen=True, slots=True)
class Example:
    """Cards that show a rule: ``cards`` (codes), ``caption`` in words, and ``claim``: what
    the game's engine must find in them (a game-defined check id, e.g. ``"chan"``,
    ``"phu"``, ``"win"``, or a cước id), checked by the game's tests."""

    cards: tuple[str, ...]
    caption: str
    claim: str = ""

    def to_json(self) -> ExampleJson:
        out: ExampleJson = {"cards": list(self.cards), "caption": self.caption}
        if self.claim:
            out["claim"] = self.claim
        return out


@dataclass(frozen=True, slots=True)
class Row:
    """One line of a section's table: a cước, pattern, fault or option. ``term`` is its name
    as the table shows it (a glossary term), ``id`` its identifier (``bach_dinh``), ``value``
    its points or penalty *under the rules in force* already in words (``"+8 điểm"``,
    ``"đền làng"``), ``text`` what it is."""

    id: str
    term: str
    value: str
    text: str

    def to_json(self) -> RowJson:
        return {"id": self.id, "term": self.term, "value": self.value, "text": self.text}


@dataclass(frozen=True, slots=True)
class Section:
    """One section: ``id`` (one of :data:`SECTION_IDS`), a title, paragraphs of plain text,
    examples, and a table (``rows``, with the column headings ``columns``: name, value, what
    it is)."""

    id: str
    title: str
    paragraphs: tuple[str, ...] = ()
    examples: tuple[Example, ...] = ()
    rows: tuple[Row, ...] = ()
    columns: tuple[str, str, str] = ("", "", "")

    def to_json(self) -> SectionJson:
        out: SectionJson = {
            "id": self.id,
            "title": self.title,
            "paragraphs": list(self.paragraphs),
            "examples": [e.to_json() for e in self.examples],
            "rows": [r.to_json() for r in self.rows],
        }
        if self.rows:
            out["columns"] = list(self.columns)
        return out


@dataclass(frozen=True, slots=True)
class Rulebook:
    """A game's rules as the table in force plays them, in one language."""

    game: str  # the game's registry name
    title: str  # its name in ``lang`` ("Chắn")
    lang: Lang
    sections: tuple[Section, ...]
    sources: tuple[str, ...] = ()  # where the rules come from (docs/rules, the seeds)

    def __post_init__(self) -> None:
        ids = [s.id for s in self.sections]
        unknown = [i for i in ids if i not in SECTION_IDS]
        if unknown:
            raise ValueError(f"rulebook of {self.game}: unknown section(s) {unknown}")
        if ids != sorted(ids, key=SECTION_IDS.index) or len(set(ids)) != len(ids):
            raise ValueError(f"rulebook of {self.game}: sections out of order or repeated")

    def section(self, section_id: str) -> Section | None:
        return next((s for s in self.sections if s.id == section_id), None)

    def examples(self) -> list[Example]:
        return [e for s in self.sections for e in s.examples]

    def to_json(self) -> RulebookJson:
        return {
            "game": self.game,
            "title": self.title,
            "lang": self.lang,
            "sections": [s.to_json() for s in self.sections],
            "sources": list(self.sources),
        }


def say(lang: Lang, vi: str, en: str) -> str:
    """The words in ``lang``: a rulebook's every sentence is written in both."""
    return en if lang == "en" else vi


def options_section(rows: tuple[Row, ...], lang: Lang, note: str = "") -> Section:
    """The ``options`` section every rulebook ends with: the house options in force, a row
    each (the option's label, its value here, what it does), with ``note`` after the usual
    first line."""
    vi = lang != "en"
    first = (
        "Mỗi bàn có thể chọn luật riêng; đây là luật bàn này đang chơi."
        if vi
        else "Each table may choose its own options; these are this table's."
    )
    columns = ("Tuỳ chọn", "Bàn này", "Ý nghĩa") if vi else ("Option", "This table", "What it does")
    return Section(
        "options",
        "Luật của bàn" if vi else "House options",
        (first, note) if note else (first,),
        rows=rows,
        columns=columns,
    )


class ExampleJson(TypedDict, total=False):
    cards: list[str]
    caption: str
    claim: str


class RowJson(TypedDict):
    id: str
    term: str
    value: str
    text: str


class SectionJson(TypedDict, total=False):
    id: str
    title: str
    paragraphs: list[str]
    examples: list[ExampleJson]
    rows: list[RowJson]
    columns: list[str]


class RulebookJson(TypedDict):
    game: str
    title: str
    lang: str
    sections: list[SectionJson]
    sources: list[str]


class WriteRulebook(Protocol):
    """A kit's ``rulebook``: the game's rules under ``rules`` (the table's, in force), in
    ``lang``."""

    def __call__(self, rules: RulesBase, lang: Lang = "vi") -> Rulebook: ...


def rulebook_of(game: object) -> WriteRulebook | None:
    """The ``rulebook`` of ``game``'s kit (a definition or bound ``Game``), or None: the game
    has no rules page (the edges say so)."""
    found: WriteRulebook | None = kit_part(game, "rulebook")
    return found
