"""The table protocol's entry point: ``load_game(name, rules)`` gives a Game bound to its rules.

A game *definition* (``chieu.games.<g>.game``, a ``GameBase`` subclass) is registered by
name. ``load_game`` binds it to one set of rules, and the bound :class:`Game` is what every
edge drives: ``game.info``, ``game.options()``, ``game.new_state(seed=...)``,
``game.sitting()``. States then answer ``decisions()``, ``apply(action, seat=...)``,
``view(seat)``, ``history(seat)``, ``outcome()``.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from chieu.core.actions import ActionSpace
from chieu.core.errors import ChieuError
from chieu.core.jsonio import JsonObject
from chieu.core.kit import GameKit, kit_of
from chieu.core.notation import Notation
from chieu.core.options import RuleOption, rule_options
from chieu.core.registry import find_game
from chieu.core.rules import RulesBase

if TYPE_CHECKING:
    from chieu.core.protocol import GameDefinition, State
    from chieu.core.sitting import Sitting

#: seeds are drawn below this bound (JSON-safe, and a whole number every language reads)
SEED_BOUND = 2**63


def fresh_seed() -> int:
    """A seed from the operating system's CSPRNG: nothing a seat sees predicts it."""
    return secrets.randbelow(SEED_BOUND)


@dataclass(frozen=True, slots=True)
class TableInfo:
    """What follows from a game's rules, for lobbies, the arena and RL adapters."""

    name: str
    title: str
    players: int  # everyone in the hội
    min_players: int
    max_players: int
    cards: int  # physical cards in play
    kinds: int  # distinct faces
    has_claims: bool  # out-of-turn claims on an exposed card
    num_actions: int
    max_game_length: int  # a bound on the actions of one game
    seats: int  # the seats at the table (``players`` unless the hội seats them in turn)

    def to_json(self) -> JsonObject:
        return {
            "name": self.name,
            "title": self.title,
            "players": self.players,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "cards": self.cards,
            "kinds": self.kinds,
            "has_claims": self.has_claims,
            "num_actions": self.num_actions,
            "max_game_length": self.max_game_length,
            "seats": self.seats,
        }


class Game:
    """A game definition bound to one set of rules."""

    __slots__ = ("definition", "rules")

    def __init__(self, definition: GameDefinition, rules: RulesBase) -> None:
        self.definition = definition
        self.rules = rules

    @property
    def name(self) -> str:
        return str(self.definition.name)

    @property
    def title(self) -> str:
        return str(self.definition.title)

    @property
    def action_space(self) -> ActionSpace:
        return self.definition.action_space

    @property
    def notation(self) -> Notation:
        return self.definition.notation

    @property
    def kit(self) -> GameKit:
        """What the edges need of the game (``core/kit.py``); an empty kit when it has none."""
        return kit_of(self.definition)

    @property
    def info(self) -> TableInfo:
        d = self.definition
        counts: Sequence[int] = d.player_counts
        return TableInfo(
            name=d.name,
            title=d.title,
            players=self.rules.players,
            seats=self.rules.seats,
            min_players=min(counts),
            max_players=max(counts),
            cards=d.kinds.deck_size,
            kinds=d.kinds.size,
            has_claims=bool(d.has_claims),
            num_actions=len(d.action_space),
            max_game_length=int(d.max_game_length),
        )

    def options(self) -> tuple[RuleOption, ...]:
        """Every rule option with its type, default, choices and one line of help."""
        return rule_options(self.definition.rules_class)

    def presets(self) -> tuple[str, ...]:
        return tuple(self.definition.presets)

    def rules_json(self) -> JsonObject:
        return dict(self.definition.rules_to_json(self.rules))

    def new_state(
        self,
        seed: int | None = None,
        *,
        deal: Sequence[int] | None = None,
        setup: Mapping[str, object] | None = None,
    ) -> State:
        """A new game: the one way every edge starts one (the definition's ``new_state`` is the
        games' own plumbing behind it).

        Without ``seed`` the deal comes from the OS's CSPRNG (``fresh_seed``); with one,
        anyone who knows it can rebuild the deal. ``deal`` fixes the shuffled deck (card ids
        in dealing order; every game takes one, and a game's State raises ChieuError for a
        deck that is not its own); ``setup`` what carries from the last deal of a hội
        (dealer, first player...: ``Sitting.next_setup``)."""
        return self.definition.new_state(
            self.rules, fresh_seed() if seed is None else seed, setup=setup, deal=deal
        )

    def sitting(self, names: Sequence[str] | None = None) -> Sitting:
        """A new hội: a run of games with its score sheet."""
        from chieu.core.sitting import Sitting

        return Sitting(self, names)

    def __repr__(self) -> str:
        return f"<Game {self.name} {self.rules_json()}>"


#: rules as the edges give them: a preset's name, JSON, or a game's ``Rules`` (None: default)
RulesLike = str | Mapping[str, object] | RulesBase | None


def resolve_rules(
    definition: GameDefinition, rules: RulesLike = None, players: int | None = None
) -> RulesBase:
    """A definition's rules from a preset name, a JSON-like mapping or a Rules value."""
    if rules is None:
        value = definition.default_rules()
    elif isinstance(rules, str):
        presets = definition.presets
        if rules not in presets:
            known = ", ".join(presets)
            raise ChieuError(f"unknown preset {rules!r} for {definition.title}; known: {known}")
        value = presets[rules]
    elif isinstance(rules, Mapping):
        value = definition.rules_from_json(rules)
    elif isinstance(rules, definition.rules_class):
        value = rules
    else:
        raise ChieuError(f"rules must be a preset name, a mapping or {definition.title} Rules")
    if players is not None and players != value.players:
        value = definition.rules_from_json({**definition.rules_to_json(value), "players": players})
    return value


def load_game(
    name: str | GameDefinition, rules: RulesLike = None, players: int | None = None
) -> Game:
    """The game called ``name`` (any alias: "chắn", "tổ tôm"...) bound to ``rules``: a preset
    name, a JSON-like dict, or the game's ``Rules``; ``players`` overrides the count."""
    definition = find_game(name) if isinstance(name, str) else name
    return Game(definition, resolve_rules(definition, rules, players))
