"""Rule options described for people: what a lobby lists and ``chieu play --help`` explains.

Every field of a game's ``Rules`` is an option. The game gives each one a line of help in
Vietnamese and English (``Rules.help``) and, where only some values are allowed, the choices
(``Rules.choices``); the type and default come from the dataclass itself.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from chieu.core.jsonio import JsonObject, JsonScalar
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
