"""Rule options described for people: what a lobby lists and ``chieu play --help`` explains.

Every field of a game's ``Rules`` is an option. The game gives each one a line of help in
Vietnamese and English (``Rules.help``) and, where only some values are allowed, the choices
(``Rules.choices``); the type and default come from the dataclass itself. That help, for the
terminal, names the values' ids; :class:`OptionWords` (the kit's ``option_words``) says the
options, their values and the presets in people's words for the lobby and the rules page.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from typing import TypedDict

from chieu.core.jsonio import JsonObject, JsonScalar
from chieu.core.kit import kit_part
from chieu.core.rules import RulesBase

#: the value of one rule option (a tuple for a list option)
RuleValue = JsonScalar | tuple[JsonScalar, ...]


@dataclass(frozen=True, slots=True)
class RuleOption:
    name: str
    type: str  # "bool", "int", "float", "str", "list"
    default: RuleValue
    choices: tuple[RuleValue, ...] | None
    vi: str
    en: str

    def help(self, lang: str = "vi") -> str:
        return self.en if lang == "en" else self.vi

    def to_json(self) -> JsonObject:
        return {
            "name": self.name,
            "type": self.type,
            "default": list(self.default) if isinstance(self.default, tuple) else self.default,
            "choices": None if self.choices is None else list(self.choices),
            "help": {"vi": self.vi, "en": self.en},
        }


def _type_name(value: object) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    if isinstance(value, tuple):
        return "list"
    return "str"


def rule_options(rules_class: type[RulesBase]) -> tuple[RuleOption, ...]:
    """Every option of ``rules_class`` with its help (ValueError if one has none)."""
    defaults = rules_class()
    helps: dict[str, tuple[str, str]] = getattr(rules_class, "help", {})
    choices: dict[str, tuple[RuleValue, ...]] = getattr(rules_class, "choices", {})
    out = []
    for f in fields(rules_class):
        if f.name not in helps:
            raise ValueError(f"{rules_class.__name__}.{f.name} has no help text")
        vi, en = helps[f.name]
        default = getattr(defaults, f.name)
        out.append(RuleOption(f.name, _type_name(default), default, choices.get(f.name), vi, en))
    return tuple(out)


# -- the options in people's words (the kit's ``option_words``) ----------------------------------
#: words in both languages: (Vietnamese, English)
Words = tuple[str, str]


class WordsJson(TypedDict):
    vi: str
    en: str


def words_json(words: Words) -> WordsJson:
    return {"vi": words[0], "en": words[1]}


def value_key(value: object) -> str:
    """How a value of an option (or an item of a list option) is named in the tables:
    ``"true"``/``"false"`` for a bool (as in JSON), else its text."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@dataclass(frozen=True, slots=True)
class OptionWord:
    """One option for people: its ``label``, one line of ``help``, the words of its values
    (``values``: :func:`value_key` → words) and the ``unit`` after a number ("người")."""

    label: Words
    help: Words
    values: Mapping[str, Words] = field(default_factory=dict)
    unit: Words | None = None


@dataclass(frozen=True, slots=True)
class PresetWord:
    """A named preset for people: its ``label`` and one line of ``help``."""

    label: Words
    help: Words


class OptionJson(TypedDict):
    label: WordsJson
    help: WordsJson
    values: dict[str, WordsJson]


class PresetJson(TypedDict):
    label: WordsJson
    help: WordsJson


YES: Words = ("có", "yes")
NO: Words = ("không", "no")


@dataclass(frozen=True, slots=True)
class OptionWords:
    """A game's options and presets in words, Vietnamese and English: what the lobby's form,
    the rules page and ``chieu rules`` show instead of the ids (``fault_mode``, ``san_dinh``)."""

    options: Mapping[str, OptionWord]
    presets: Mapping[str, PresetWord]

    def label(self, name: str, lang: str = "vi") -> str:
        return _pick(self.options[name].label, lang)

    def help(self, name: str, lang: str = "vi") -> str:
        return _pick(self.options[name].help, lang)

    def words(self, name: str, value: object) -> Words:
        """The value of the option ``name`` in words: a list's items joined, a number with
        its unit, a yes or a no; its text when the table has no words for it."""
        word = self.options[name]
        if isinstance(value, tuple | list):
            if not value:
                return ("không có", "none")
            items = [self.words_of_item(word, v) for v in value]
            return (", ".join(i[0] for i in items), ", ".join(i[1] for i in items))
        return self.words_of_item(word, value)

    @staticmethod
    def words_of_item(word: OptionWord, value: object) -> Words:
        found = word.values.get(value_key(value))
        if found is not None:
            return found
        if isinstance(value, bool):
            return YES if value else NO
        if word.unit is not None:
            return (f"{value} {word.unit[0]}", f"{value} {word.unit[1]}")
        return (str(value), str(value))

    def value(self, name: str, value: object, lang: str = "vi") -> str:
        return _pick(self.words(name, value), lang)

    def option_json(self, name: str, choices: tuple[RuleValue, ...] | None) -> OptionJson:
        """The words of option ``name`` for a page: label, help and each choice's words."""
        word = self.options[name]
        values = {value_key(c): words_json(self.words_of_item(word, c)) for c in choices or ()}
        return {"label": words_json(word.label), "help": words_json(word.help), "values": values}

    def preset_json(self, name: str) -> PresetJson:
        p = self.presets[name]
        return {"label": words_json(p.label), "help": words_json(p.help)}

    def missing(self, options: tuple[RuleOption, ...], presets: Iterable[str]) -> list[str]:
        """What a game's table lacks: an option, a choice or a preset without words in both
        languages (for the games' tests)."""
        out: list[str] = []
        for o in options:
            word = self.options.get(o.name)
            if word is None or not all(word.label) or not all(word.help):
                out.append(f"option {o.name}")
                continue
            if o.type in ("str", "list"):
                out.extend(
                    f"option {o.name} value {c!r}"
                    for c in o.choices or ()
                    if not all(word.values.get(value_key(c), ("", "")))
                )
        out.extend(
            f"preset {p}"
            for p in presets
            if p not in self.presets or not all(self.presets[p].label + self.presets[p].help)
        )
        return out


def _pick(words: Words, lang: str) -> str:
    return words[1] if lang == "en" else words[0]


def option_words_of(game: object) -> OptionWords | None:
    """The game's :class:`OptionWords` (its kit's ``option_words``), or None: the edges then
    show the options' ids."""
    found = kit_part(game, "option_words")
    return found if isinstance(found, OptionWords) else None
