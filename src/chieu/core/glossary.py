"""A game's glossary: every word the table shows, explained in Vietnamese and English.

An :class:`Entry` is one term as it appears on screen (``"chắn"``, ``"Bạch định"``), the
other ways it appears (``aliases``: the word without diacritics, the English words of the
English table, ids such as ``bach_dinh``), a plain explanation in both languages and, when
cards show it best, a few example cards in the game's notation. A :class:`Glossary` finds an
entry by any of these (:meth:`Glossary.lookup`) and gives the JSON of
``GET /api/glossary/{game}``. A game's glossary is a part of its kit (``GameKit.glossary``);
:data:`COMMON` holds the entries every game shares, which a game's list extends
(:func:`game_glossary`; a game's entry of the same term replaces the common one).

Lookups compare words case-insensitively, in NFC, diacritics kept: ``"an"`` is not ``"ăn"``
unless an entry lists it as an alias. Two entries may not share a word (:meth:`problems`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Literal, NotRequired, TypedDict

from chieu.core.errors import ChieuError

Lang = Literal["vi", "en"]


class GlossaryError(ChieuError):
    """A glossary whose entries clash (two share a word) or lack words."""


class EntryJson(TypedDict):
    """One entry of ``Glossary.to_json``: ``cards`` only when it has example cards."""

    term: str
    aliases: list[str]
    text: str
    cards: NotRequired[list[str]]


class GlossaryJson(TypedDict):
    entries: list[EntryJson]


def word_key(word: str) -> str:
    """How words are compared: NFC, case folded, spaces trimmed and collapsed."""
    return " ".join(unicodedata.normalize("NFC", word).casefold().split())


@dataclass(frozen=True, slots=True)
class Entry:
    """One term: its Vietnamese words as shown, its other forms, its (vi, en) explanation
    and example cards in the game's notation."""

    term: str
    aliases: tuple[str, ...]
    text: tuple[str, str]
    cards: tuple[str, ...] = ()

    def words(self) -> tuple[str, ...]:
        """The term then its aliases."""
        return (self.term, *self.aliases)

    def to_json(self, lang: Lang = "vi") -> EntryJson:
        out: EntryJson = {
            "term": self.term,
            "aliases": list(self.aliases),
            "text": self.text[1] if lang == "en" else self.text[0],
        }
        if self.cards:
            out["cards"] = list(self.cards)
        return out


class Glossary:
    """Entries found by term or alias; raises :class:`GlossaryError` when they clash."""

    __slots__ = ("_aliases", "_entries", "_terms")

    def __init__(self, entries: Iterable[Entry]) -> None:
        self._entries = tuple(entries)
        self._terms: dict[str, Entry] = {}
        self._aliases: dict[str, Entry] = {}
        for entry in self._entries:
            self._terms.setdefault(word_key(entry.term), entry)
        for entry in self._entries:
            for alias in entry.aliases:
                self._aliases.setdefault(word_key(alias), entry)
        problems = self.problems()
        if problems:
            raise GlossaryError("; ".join(problems))

    @property
    def entries(self) -> tuple[Entry, ...]:
        return self._entries

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[Entry]:
        return iter(self._entries)

    def extend(self, entries: Iterable[Entry]) -> Glossary:
        """A new glossary with these entries after this one's."""
        return Glossary((*self._entries, *entries))

    def without(self, term: str) -> Glossary:
        """A new glossary without the entry whose term is ``term`` (for tests)."""
        key = word_key(term)
        return Glossary(e for e in self._entries if word_key(e.term) != key)

    def lookup(self, word: str) -> Entry | None:
        """The entry whose term is ``word``, else the one that lists it as an alias."""
        key = word_key(word)
        return self._terms.get(key) or self._aliases.get(key)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self.lookup(word) is not None

    def problems(self) -> list[str]:
        """What is wrong: an empty term or text, a word two entries (or one, twice) share."""
        out: list[str] = []
        owner: dict[str, str] = {}
        for entry in self._entries:
            if not entry.term.strip():
                out.append(f"an entry has no term (aliases {entry.aliases!r})")
            if len(entry.text) != 2 or not all(t.strip() for t in entry.text):
                out.append(f"{entry.term!r} lacks its Vietnamese or English text")
            for word in entry.words():
                key = word_key(word)
                if not key:
                    out.append(f"{entry.term!r} has an empty alias")
                elif key in owner:
                    out.append(f"{word!r} is a word of both {owner[key]!r} and {entry.term!r}")
                else:
                    owner[key] = entry.term
        return out

    def to_json(self, lang: Lang = "vi") -> GlossaryJson:
        """``{"entries": [{"term", "aliases", "text", "cards"?}]}``, ``text`` in ``lang``."""
        return {"entries": [e.to_json(lang) for e in self._entries]}


def entry(
    term: str, aliases: str | Iterable[str], vi: str, en: str, cards: str | Iterable[str] = ()
) -> Entry:
    """An :class:`Entry` written compactly: ``aliases`` and ``cards`` may be one string whose
    items are separated by ``|`` (aliases) or spaces (cards)."""
    names = (
        tuple(a.strip() for a in aliases.split("|")) if isinstance(aliases, str) else tuple(aliases)
    )
    codes = tuple(cards.split()) if isinstance(cards, str) else tuple(cards)
    return Entry(term, tuple(a for a in names if a), (vi, en), codes)


#: the entries every game shares; a game's glossary extends them
COMMON: tuple[Entry, ...] = (
    entry(
        "ván",
        "van|game|deal|a game",
        "Một ván là một lần chia bài, chơi cho đến khi có người ù hoặc hết bài.",
        "One game (ván) is one deal, played until someone wins (ù) or the cards run out.",
    ),
    entry(
        "hội",
        "hoi|sitting|session",
        "Một hội là nhiều ván liền nhau của cùng những người chơi, điểm được cộng dồn.",
        "A sitting (hội) is several games in a row by the same players, with a running score.",
    ),
    entry(
        "điểm hội",
        "diem hoi|scores|sitting score",
        "Điểm của mỗi người cộng dồn qua các ván của hội: sau mỗi ván, ai được bao nhiêu, ai trả "
        "bao nhiêu thì cộng trừ vào đấy.",
        "Each player's running score over the games of the sitting: after each game, what he "
        "won or paid is added to it.",
    ),
    entry(
        "lượt",
        "luot|turn",
        "Đến lượt ai thì người đó bốc, ăn hoặc đánh; lượt đi lần lượt quanh bàn.",
        "Whose turn it is draws, eats or discards; turns go round the table in order.",
    ),
    entry(
        "điểm",
        "diem|points|score",
        "Điểm của một ván thắng; bao nhiêu điểm cho mỗi thứ thì xem bảng luật của bàn.",
        "The points a win is worth; how much each thing counts is in the table's rule table.",
    ),
    entry(
        "người chơi",
        "nguoi choi|seat|player|người|bạn|you",
        'Mỗi chỗ ngồi quanh bàn là một người chơi; "Bạn" là chính bạn.',
        'Each place at the table is one player (seat); "You" is yourself.',
    ),
    entry(
        "bài trên tay",
        "bai tren tay|trên tay|tay|hand|in hand",
        "Những quân bạn cầm, chỉ mình bạn thấy.",
        "The cards you hold, which only you can see.",
    ),
    entry(
        "hết ván",
        "het van|game over|end",
        "Ván đã kết thúc: xem ai ù, ai phạm lỗi và ai trả ai bao nhiêu.",
        "The game is over: see who won, who made a fault and who pays whom.",
    ),
)


def game_glossary(entries: Iterable[Entry]) -> Glossary:
    """A game's glossary: :data:`COMMON`, then the game's ``entries``; a game's entry whose term
    is a common one replaces it (a game whose hội counts its own way says how)."""
    mine = tuple(entries)
    own = {word_key(e.term) for e in mine}
    return Glossary((*(e for e in COMMON if word_key(e.term) not in own), *mine))
