"""A game's kit: what the edges (terminal, SVG, server, bots, RL) need of one game.

A game definition declares ``kit = GameKit(...)``; the edges read it instead of branching on
the game's name. Its parts are *lazy references*, ``"module:attribute"`` strings resolved on
first use (:func:`resolve`), so a game package imports neither numpy, rich nor the edges. A
part that is ``None`` is one the game lacks: the edge then says so, or uses its generic
fallback. A game registered without a kit gets :data:`EMPTY_KIT` (:func:`kit_of`).

A game's modules for the edges live in its own package, one name per role:
``games/<game>/features.py`` (the RL ``encoder``), ``bots.py`` (``bots``), ``faces.py`` (the
``svg_deck``), ``terminal.py`` (the ``terminal_face`` and the checker's ``check_view``),
``learned.py`` (the ``learned_features``), ``hints.py`` (``hints``), ``results.py``
(``results``) and ``review.py`` (``review``), beside ``worlds.py`` and ``checker.py``. They may
import the edges' base modules (and rich, numpy) since only the kit's lazy references reach
them; the game's definition never imports them.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cache
from importlib import import_module
from typing import Any

from chieu.core.errors import ChieuError


class GameKitError(ChieuError):
    """A kit's reference that does not resolve: names the game, the part and the reference."""


@dataclass(frozen=True, slots=True)
class GameKit:
    """What the edges need of one game, as lazy ``"module:attribute"`` references.

    * ``order``: the game's place in the lobby's menu (lower first; ties by name).
    * ``svg_deck``: the ``chieu.render.base.Deck`` that draws its cards as SVG, or None when
      chieu cannot draw them (``chieu.render.svg`` then says so).
    * ``svg_deck_four``: the four-colour deck (``four=True``), or None: the usual deck.
    * ``terminal_face``: a factory taking the bound ``Game`` and giving ``Face`` (a card code
      → Rich ``Text``) for the terminal, or None: red cards marked (``chieu.cli.faces``).
    * ``encoder``: the RL observation encoder class, taking the bound ``Game``, or None: the
      game has no RL encoder.
    * ``bots``: a mapping of bot name → factory of the game's own bots (at least
      ``"heuristic"``), or None: the generic bots only.
    * ``worlds``: a factory of ``chieu.bots.worlds.Worlds`` for the search bot, or None: the
      worlds come from the game's ``state_from_observation`` when it has one.
    * ``search``: the search bot's options in this game (a mapping of ``SearchBot`` keyword
      arguments: width, confidence, ...), or None: its defaults.
    * ``levels``: the bot behind each level (``easy``, ``medium``, ``hard``, ``master``), a
      mapping of level → bot name (``search:200ms``...), or None: the generic ladder
      (``chieu.bots.levels``).
    * ``learned_features``: ``features(observation, memory) -> vector`` of the learned bot,
      or None: no learned bot.
    * ``learned_keeper``: a factory of the bot that keeps the seat's memory of its own play
      for ``learned_features`` (``recall``/``remember``), or None: no memory.
    * ``check_hand``: ``check_hand(text, options, rules, lang) -> report`` of ``chieu check``
      (its sentences in ``lang``), or None: the game has no hand checker.
    * ``check_options``: the checker's flags (a sequence of ``CheckOption``), or None: none.
    * ``check_view``: ``render(console, report, lang)`` drawing a report in the terminal, or
      None: the checker's default view (every field as it is).
    * ``running_payments``: the game's payments happen during the deal (``state.payoffs``),
      which the RL environment may reward as they happen (``payments=True``).
    * ``glossary``: the game's ``chieu.core.glossary.Glossary`` (every word its table shows).
    * ``hints``: ``hints(state, seat, lang="vi") -> list[str]``, advice for a seat from what
      it may see, or None: the edge says there is no hint (``chieu.core.telling.hints_of``).
    * ``results``: ``outcome_lines(state, lang="vi", viewer=None) -> list[str]``, the end of
      the game in words, or None: the generic lines of its ``Outcome`` (the winner, how it
      ended, each seat's payoff; ``chieu.core.telling.outcome_lines_of``).
    * ``rulebook``: ``rulebook(rules, lang="vi") -> chieu.core.rulebook.Rulebook``, the rules
      as the table in force plays them, or None: the edges say the game has no rules page
      (``chieu.core.rulebook.rulebook_of``).
    * ``explain``: ``explain(state, lang, viewer) -> chieu.core.explain.Explanation | None``,
      the end of the game explained (hands grouped, cước with points, payments with reasons),
      or None: the View's outcome carries no ``explain`` (``chieu.core.explain.explain_of``).
    * ``lessons``: the game's lessons in teaching order, a sequence of
      ``chieu.core.lessons.Lesson``, or None: the game has none (``lessons_of``).
    * ``review``: the coach's settings, a ``chieu.review.spec.ReviewSpec`` (the scale of the
      game's points, the judge's budget, the actions in the game's words), or None: the
      coach's defaults (``chieu.review.spec.spec_of``).
    * ``option_words``: the game's ``chieu.core.options.OptionWords``, its options, their
      values and its presets in words (the lobby's form, the rules page), or None: the ids.
    * ``detail_words``: the game's ``chieu.core.details.DetailWords``, each key of its views'
      ``extra`` in words (the table's "Chi tiết"), or None: the keys as they are.
    """

    order: int = 99
    svg_deck: str | None = None
    svg_deck_four: str | None = None
    terminal_face: str | None = None
    encoder: str | None = None
    bots: str | None = None
    worlds: str | None = None
    search: str | None = None
    levels: str | None = None
    learned_features: str | None = None
    learned_keeper: str | None = None
    check_hand: str | None = None
    check_options: str | None = None
    check_view: str | None = None
    running_payments: bool = False
    glossary: str | None = None
    hints: str | None = None
    results: str | None = None
    rulebook: str | None = None
    explain: str | None = None
    lessons: str | None = None
    review: str | None = None
    option_words: str | None = None
    detail_words: str | None = None

    def references(self) -> dict[str, str]:
        """Every part given as a reference: part name → ``"module:attribute"``."""
        out = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, str):
                out[f.name] = value
        return out


#: the kit of a game that declares none: no part, the edges' generic fallbacks
EMPTY_KIT = GameKit()


def kit_of(game: Any) -> GameKit:
    """The kit of a game definition or bound ``Game`` (:data:`EMPTY_KIT` when it has none)."""
    kit = getattr(game, "kit", None)
    return kit if isinstance(kit, GameKit) else EMPTY_KIT


@cache
def resolve(ref: str, game: str = "?", part: str = "?") -> Any:
    """The object ``ref`` (``"module:attribute"``) names; GameKitError naming ``game`` and
    ``part`` when it cannot be imported or found."""
    module_name, sep, attribute = ref.partition(":")
    where = f"the kit of the game {game!r}: {part} = {ref!r}"
    if not sep or not module_name or not attribute:
        raise GameKitError(f"{where} is not a 'module:attribute' reference")
    try:
        module = import_module(module_name)
    except ImportError as exc:
        raise GameKitError(f"{where}: cannot import {module_name!r} ({exc})") from exc
    value = module
    for name in attribute.split("."):
        try:
            value = getattr(value, name)
        except AttributeError:
            raise GameKitError(f"{where}: {module_name!r} has no {attribute!r}") from None
    return value


def kit_part(game: Any, part: str) -> Any:
    """The resolved ``part`` of the kit of ``game`` (a definition or bound ``Game``), or None
    when the game lacks it."""
    ref = getattr(kit_of(game), part)
    if ref is None:
        return None
    return resolve(ref, str(getattr(game, "name", "?")), part)
