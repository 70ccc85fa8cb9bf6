"""Every term a table can show has a glossary entry (issue 28), in every game, both languages.

The test plays seeded random games of every registered game and reads, at sampled positions
and at the end, the View of every seat and of a spectator in Vietnamese and English. A *term*
is, in those Views:

* the phase's words (``phase_label``), whole;
* each offered action's ``verb`` id, and its *head*: the words its labels of that verb start
  with, in one language: each label is cut at its first card (a word holding a digit, a suit
  symbol or a card code, or a capitalised card name) or parenthesis, and the head is the words
  every cut label of the verb shares (``"ăn chắn 3W"``, ``"ăn cạ 3W với 3V"`` → ``"ăn"``);
* each action's ``fault`` id and ``fault_name``;
* each group's ``kind`` id and ``label``; each zone's ``role`` id and its ``label`` if any;
* each seat's ``roles`` and ``marks`` words;
* the outcome's ``termination`` id, each pattern's (cước's) ``id`` and ``name``, each fault's
  ``id``, ``name`` and ``penalty`` id;

and, whether or not random play reaches them, every pattern and fault the game declares (its
``id``, ``name`` and penalty) and the (vi, en) words of its phase, group, role, mark, penalty
and outcome tables (:data:`DECLARED`).

A term is found when the glossary finds it whole, or without its numbers (``"1 chén bất
thực"``), or by the part outside or inside its parentheses (``"chắn (pair)"``, ``"reported
(báo)"``). Event texts are sentences, not terms: their words are the verbs, faults and cước
above. A glossary with one found entry removed fails (``test_a_missing_entry_is_reported``).
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from importlib import import_module
from typing import Any

import pytest

from chieu.core.glossary import Glossary
from chieu.core.kit import kit_part
from chieu.core.registry import game_names
from chieu.core.table import Game, load_game

#: seeds of the random games, per game (a few hundred games in all)
SEEDS = range(60)
#: the chance that a position's Views are read (the last one always is)
SAMPLE = 0.08
#: the words each game declares beside its Views: "module:attribute" of sequences of
#: patterns/faults (read for id, name, penalty) or of (vi, en) word tables; "#keys": a table
#: whose keys are ids shown too
DECLARED: dict[str, tuple[str, ...]] = {
    "chan": (
        "chieu.games.chan.patterns:ALL_CUOC",
        "chieu.games.chan.fault_rules:ALL_FAULTS",
        "chieu.games.chan.notation:PHASE_WORDS",
        "chieu.games.chan.notation:GROUP_WORDS",
        "chieu.games.chan.notation:ROLE_WORDS",
        "chieu.games.chan.notation:MARK_WORDS",
        "chieu.games.chan.notation:PENALTY_WORDS",
        "chieu.games.chan.notation:TERMINATION",
    ),
    "totom": (
        "chieu.games.totom.patterns:ALL_CUOC",
        "chieu.games.totom.faults:ALL_FAULTS",
        "chieu.games.totom.lexicon:PHASE_WORDS",
        "chieu.games.totom.lexicon:TERMINATION",
        "chieu.games.totom.lexicon:PENALTY_WORDS",
        "chieu.games.totom.views:_GROUP_WORDS",
        "chieu.games.totom.views:_ROLES",
        "chieu.games.totom.views:_MARKS",
        "chieu.games.totom.phu:NAMED_NAMES",
        "chieu.games.totom.phu:PHU_TYPE_NAMES",
    ),
    "phom": (
        "chieu.games.phom.patterns:PATTERNS",
        "chieu.games.phom.notation:PHASE_WORDS",
        "chieu.games.phom.notation:U_WORDS",
        "chieu.games.phom.views:ROLE_WORDS",
        "chieu.games.phom.views:MARK_WORDS",
        "chieu.games.phom.results:PAYMENT_WORDS",
        "chieu.games.phom.results:PLACE_WORDS",
    ),
    "matchuoc": (
        "chieu.games.matchuoc.patterns.bonus:BONUSES",
        "chieu.games.matchuoc.patterns.named:NAMED",
        "chieu.games.matchuoc.notation:PHASE_WORDS",
        "chieu.games.matchuoc.views:GROUP_WORDS",
        "chieu.games.matchuoc.views:ZONE_WORDS",
        "chieu.games.matchuoc.results:PATTERNS_EN#keys",
    ),
}
SUITS = set("♠♣♦♥")
#: term -> where it was first seen
Found = dict[str, str]


def glossary_of(game: Game) -> Glossary:
    glossary = kit_part(game, "glossary")
    assert isinstance(glossary, Glossary), f"{game.name}: no glossary in its kit"
    return glossary


def forms(word: str) -> Iterator[str]:
    """The ways a shown word may be found: whole, without numbers, outside and inside (…)."""
    yield word
    bare = " ".join(t for t in word.split() if not any(c.isdigit() for c in t))
    if bare and bare != word:
        yield bare
    match = re.fullmatch(r"(.*?)\s*\((.*)\)\s*", word)
    if match:
        yield match.group(1)
        yield match.group(2)


def known(glossary: Glossary, word: str) -> bool:
    return any(f.strip() and f in glossary for f in forms(word))


class Collector:
    """The terms of the Views of one game, and the labels of each verb."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.codes = {game.notation.card(k) for k in range(game.info.kinds)}
        self.terms: Found = {}
        self.labels: dict[tuple[str, str], list[str]] = defaultdict(list)

    def add(self, word: object, where: str) -> None:
        if isinstance(word, str) and word:
            self.terms.setdefault(word, where)

    def view(self, view: Mapping[str, Any]) -> None:
        lang = view["lang"]
        self.add(view["phase_label"], f"phase ({lang})")
        for decision in view["decisions"]:
            for choice in decision["actions"]:
                self.add(choice["verb"], "action verb")
                self.labels[choice["verb"], lang].append(choice["label"])
                self.add(choice.get("fault"), "action fault")
                self.add(choice.get("fault_name"), "action fault")
        for zone in view["zones"]:
            self.add(zone["role"], "zone role")
            self.add(zone["label"], f"zone label ({lang})")
            for group in zone["groups"] or ():
                self.add(group["kind"], "group kind")
                self.add(group["label"], f"group label ({lang})")
        for seat in view["seats"]:
            for word in (*seat["roles"], *seat["marks"]):
                self.add(word, f"seat role/mark ({lang})")
        outcome = view["outcome"]
        if outcome:
            self.add(outcome.get("termination"), "termination")
            for hit in outcome.get("patterns") or ():
                self.add(hit["id"], "pattern id")
                self.add(hit["name"], "pattern name")
            for fault in outcome.get("faults") or ():
                self.add(fault["id"], "fault id")
                self.add(fault["name"], "fault name")
                self.add(fault.get("penalty"), "fault penalty")

    def cut(self, label: str) -> list[str]:
        words = []
        for token in label.split():
            if (
                token in self.codes
                or token.startswith("(")
                or token[0].isupper()
                or any(c.isdigit() or c in SUITS for c in token)
            ):
                break
            words.append(token)
        return words

    def heads(self) -> Found:
        """The head of each verb's labels, per language."""
        out: Found = {}
        for (verb, lang), labels in sorted(self.labels.items()):
            cuts = [self.cut(label) for label in labels]
            head = cuts[0]
            for words in cuts[1:]:
                n = 0
                while n < min(len(head), len(words)) and head[n] == words[n]:
                    n += 1
                head = head[:n]
            if head:
                out.setdefault(" ".join(head), f"label of {verb!r} ({lang}), e.g. {labels[0]!r}")
        return out


def play(game: Game, seeds: Iterable[int]) -> Found:
    """The terms of the Views of random games of ``game``."""
    seen = Collector(game)
    viewers = [None, *range(game.info.players)]

    def look(state: Any) -> None:
        for lang in ("vi", "en"):
            for viewer in viewers:
                seen.view(state.view(viewer, lang).to_json())

    for seed in seeds:
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        look(state)
        while not state.is_terminal():
            decision = state.decisions()[0]
            state.apply(rng.choice(list(decision.actions)), seat=decision.seat)
            if rng.random() < SAMPLE:
                look(state)
        look(state)
    return {**seen.terms, **seen.heads()}


def declared(name: str) -> Found:
    """The words the game declares (``DECLARED``)."""
    out: Found = {}
    for ref in DECLARED[name]:
        module, _, attribute = ref.removesuffix("#keys").partition(":")
        table = getattr(import_module(module), attribute)
        items = table.values() if isinstance(table, Mapping) else table
        if ref.endswith("#keys"):
            items = [*table, *items]
        for item in items:
            if isinstance(item, str):
                words: tuple[object, ...] = (item,)
            elif isinstance(item, tuple):
                words = item
            else:
                words = tuple(getattr(item, a, None) for a in ("id", "name", "penalty"))
            for word in words:
                if isinstance(word, str) and word:
                    out.setdefault(word, ref)
    return out


def missing(glossary: Glossary, terms: Found) -> list[str]:
    return sorted(
        f"{term!r} ({where})" for term, where in terms.items() if not known(glossary, term)
    )


_TERMS: dict[str, Found] = {}


def terms_of(name: str) -> Found:
    if name not in _TERMS:
        game = load_game(name)
        _TERMS[name] = {**declared(name), **play(game, SEEDS)}
    return _TERMS[name]


def test_every_registered_game_is_covered() -> None:
    assert set(DECLARED) == set(game_names())


@pytest.mark.parametrize("name", game_names())
def test_every_term_shown_has_an_entry(name: str) -> None:
    glossary = glossary_of(load_game(name))
    gaps = missing(glossary, terms_of(name))
    assert not gaps, f"{name}: {len(gaps)} terms without a glossary entry:\n" + "\n".join(gaps)


@pytest.mark.parametrize("name", game_names())
def test_a_missing_entry_is_reported(name: str) -> None:
    glossary = glossary_of(load_game(name))
    terms = terms_of(name)
    for term in sorted(terms):
        entry = glossary.lookup(term)
        if entry is not None:
            break
    else:
        pytest.fail(f"{name}: no term found at all")
    gaps = missing(glossary.without(entry.term), terms)
    assert any(repr(term) in gap for gap in gaps)
