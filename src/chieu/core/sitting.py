"""One ``Sitting`` (*hội*) for every game: a run of deals with its score sheet.

The game says, through its ``sitting_policy`` (in ``games/<g>/setups.py``), what carries from
one deal to the next (cái / dealer rotation, thông, the Tổ tôm boats and target, Phỏm's first
player, Mạt chược's dealer and winds), what each finished deal writes on the sheet, and when
the hội is over. The Sitting itself knows no game, and round-trips through JSON.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol

from chieu.core.errors import ChieuError
from chieu.core.jsonio import JsonObject, as_json
from chieu.core.outcome import Outcome
from chieu.core.rules import R_contra, RulesBase

if TYPE_CHECKING:
    from typing_extensions import TypeVar

    from chieu.core.protocol import State
    from chieu.core.table import Game

    #: what a game's hội carries from deal to deal (its own TypedDict of JSON values); the
    #: core holds some game's policy, whose carry it only stores (the default)
    Carry = TypeVar("Carry", bound=Mapping[str, object], default=Any)
else:
    from typing import TypeVar

    Carry = TypeVar("Carry", bound=Mapping[str, object])

MAX_NAME = 40


class SittingPolicy(Protocol, Generic[R_contra, Carry]):
    """A game's policy, for its own ``Rules`` and carry (``SittingPolicy[Rules, ChanCarry]``;
    the core holds one as ``SittingPolicy``: a policy of some game, given that game's rules
    and the carry the policy gave)."""

    def start(self, rules: R_contra) -> Carry:
        """What the first deal carries (JSON values only)."""
        ...

    def next_setup(self, rules: R_contra, carry: Carry) -> Mapping[str, object]:
        """The ``setup`` of the next deal (what ``new_state`` takes; JSON values only)."""
        ...

    def after(
        self, rules: R_contra, carry: Carry, outcome: Outcome
    ) -> tuple[Carry, tuple[float, ...]]:
        """The carry after ``outcome``, and the points each seat gets on the sheet."""
        ...

    def over(self, rules: R_contra, carry: Carry, totals: Sequence[float]) -> bool:
        """Whether the hội has reached its end by the game's own rule (never, for most)."""
        ...

    # A policy whose hội may hold more people than the table seats (``rules.seats <
    # rules.players``) also has ``seating(rules, carry) -> Sequence[int]``: the person (an
    # index into the hội's names) at each seat of the next deal. Without it, person ``s``
    # sits at seat ``s``; its ``after`` gives points per *seat*, which the Sitting writes to
    # the people seated. It may also have ``comes_in(rules, carry) -> Mapping[str, str]``:
    # when the people sitting out the next deal come in, in words ({"vi": ..., "en": ...}).


@dataclass(frozen=True, slots=True)
class SittingRow:
    number: int
    seed: int | None
    setup: JsonObject
    winner: int | None
    termination: str
    points: tuple[float, ...]  # per person of the hội
    totals: tuple[float, ...]
    #: the person at each seat of this deal (None: person ``s`` at seat ``s``)
    seating: tuple[int, ...] | None = None

    def to_json(self) -> JsonObject:
        out: JsonObject = {
            "number": self.number,
            "seed": self.seed,
            "setup": self.setup,
            "winner": self.winner,
            "termination": self.termination,
            "points": list(self.points),
            "totals": list(self.totals),
        }
        if self.seating is not None:
            out["seating"] = list(self.seating)
        return out


class Sitting:
    def __init__(self, game: Game, names: Sequence[str] | None = None) -> None:
        players = game.rules.players
        if names is None:
            names = [f"Người {i + 1}" for i in range(players)]
        if len(names) != players:
            raise ChieuError(f"{len(names)} names for {players} players")
        for name in names:
            if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME:
                raise ChieuError(f"a player's name is 1 to {MAX_NAME} characters: {name!r}")
        self.game = game
        self.names = tuple(names)
        self.rows: list[SittingRow] = []
        self.carry: JsonObject = self._policy.start(game.rules)

    @property
    def _policy(self) -> SittingPolicy:
        policy: SittingPolicy = self.game.definition.sitting_policy
        return policy

    @property
    def players(self) -> int:
        """Everyone in the hội (its names)."""
        return len(self.names)

    @property
    def seats(self) -> int:
        """The seats at the table: ``players`` unless the game seats its hội in turn."""
        return self.game.rules.seats

    def seating(self) -> tuple[int, ...]:
        """The person (an index into ``names``) at each seat of the next deal."""
        hook: Callable[[RulesBase, JsonObject], Sequence[int]] | None = getattr(
            self._policy, "seating", None
        )
        if hook is None:
            return tuple(range(self.seats))
        seated = tuple(int(p) for p in hook(self.game.rules, self.carry))
        if (
            len(seated) != self.seats
            or sorted(set(seated)) != sorted(seated)
            or not all(0 <= p < self.players for p in seated)
        ):
            raise ChieuError(f"the sitting seats {seated!r}: not {self.seats} of its people")
        return seated

    def bench(self) -> tuple[int, ...]:
        """The people who sit out the next deal, in the hội's order."""
        seated = set(self.seating())
        return tuple(p for p in range(self.players) if p not in seated)

    def comes_in(self) -> dict[str, str] | None:
        """When the people on the bench (``bench()``) come in, in words (``{"vi", "en"}``);
        None when nobody sits out or the game does not say."""
        hook: Callable[[RulesBase, JsonObject], Mapping[str, str]] | None = getattr(
            self._policy, "comes_in", None
        )
        if hook is None or not self.bench():
            return None
        said = hook(self.game.rules, self.carry)
        return {"vi": str(said["vi"]), "en": str(said["en"])}

    @property
    def totals(self) -> tuple[float, ...]:
        return self.rows[-1].totals if self.rows else (0.0,) * self.players

    @property
    def over(self) -> bool:
        return self._policy.over(self.game.rules, self.carry, self.totals)

    def next_setup(self) -> JsonObject:
        return as_json(self._policy.next_setup(self.game.rules, self.carry))

    def new_state(self, seed: int | None = None) -> State:
        """The next deal of the hội."""
        return self.game.new_state(seed, setup=self.next_setup())

    def record(self, outcome: Outcome, seed: int | None = None) -> SittingRow:
        """Write a finished deal on the sheet (``seed`` is kept for the record's sake): each
        seat's points to the person seated there; the winner as a person."""
        setup = self.next_setup()
        seating = self.seating()
        self.carry, by_seat = self._policy.after(self.game.rules, self.carry, outcome)
        if len(by_seat) != self.seats:
            raise ChieuError(f"{len(by_seat)} points for {self.seats} seats")
        points = [0.0] * self.players
        for seat, person in enumerate(seating):
            points[person] += by_seat[seat]
        totals = tuple(t + p for t, p in zip(self.totals, points, strict=True))
        turns = None if seating == tuple(range(self.players)) else seating
        row = SittingRow(
            len(self.rows) + 1,
            seed,
            setup,
            None if outcome.winner is None else seating[outcome.winner],
            outcome.termination.value,
            tuple(points) if turns else tuple(by_seat),
            totals,
            turns,
        )
        self.rows.append(row)
        return row

    def leaders(self) -> list[int]:
        best = max(self.totals)
        return [s for s, t in enumerate(self.totals) if t == best]

    # -- JSON ------------------------------------------------------------------------------
    def to_json(self) -> JsonObject:
        return {
            "sitting": "chieu",
            "game": self.game.name,
            "rules": self.game.rules_json(),
            "names": list(self.names),
            "rows": [r.to_json() for r in self.rows],
            "carry": self.carry,
        }

    @classmethod
    def from_json(cls, data: object) -> Sitting:
        """A Sitting from ``to_json`` (parsed JSON); ChieuError naming what is wrong."""
        from chieu.core.table import load_game

        if not isinstance(data, Mapping) or data.get("sitting") != "chieu":
            raise ChieuError("not a chieu sitting")
        game_name, rules, names = data.get("game"), data.get("rules"), data.get("names")
        if not isinstance(game_name, str) or not isinstance(rules, Mapping):
            raise ChieuError("a sitting needs 'game' (text) and 'rules' (an object)")
        if not isinstance(names, list):
            raise ChieuError("a sitting needs 'names' (a list)")
        sitting = cls(load_game(game_name, dict(rules)), names)  # the names are checked there
        rows, carry = data.get("rows"), data.get("carry")
        if not isinstance(rows, list) or not isinstance(carry, dict):
            raise ChieuError("a sitting needs 'rows' (a list) and 'carry' (an object)")
        for i, row in enumerate(rows, 1):
            sitting.rows.append(_row(row, i, sitting.players))
        sitting.carry = dict(carry)
        return sitting


def _row(row: object, number: int, players: int) -> SittingRow:
    try:
        if not isinstance(row, dict):
            raise TypeError("not an object")
        points = _floats(row["points"])
        totals = _floats(row["totals"])
        winner = row["winner"]
        seed = row.get("seed")
        if len(points) != players or len(totals) != players:
            raise ValueError("one value per player")
        if winner is not None and not (isinstance(winner, int) and 0 <= winner < players):
            raise ValueError(f"winner {winner!r}")
        if seed is not None and not isinstance(seed, int):
            raise ValueError(f"seed {seed!r}")
        setup = row["setup"]
        if not isinstance(setup, dict):
            raise TypeError("'setup' is not an object")
        seating = row.get("seating")
        seated = None if seating is None else tuple(_people(seating, players))
        return SittingRow(
            number, seed, dict(setup), winner, str(row["termination"]), points, totals, seated
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise ChieuError(f"sitting row {number} is not valid ({exc})") from None


def _floats(value: object) -> tuple[float, ...]:
    """A JSON list of numbers as floats (TypeError or ValueError for anything else)."""
    if not isinstance(value, (list, tuple)):
        raise TypeError(f"expected a list, not {type(value).__name__}")
    return tuple(float(v) if isinstance(v, (int, float, str)) else _not_number(v) for v in value)


def _not_number(value: object) -> float:
    raise TypeError(f"expected a number, not {type(value).__name__}")


def _people(value: object, players: int) -> list[int]:
    """A row's ``seating``: distinct people of the hội, one per seat."""
    if not isinstance(value, list) or len(value) > players:
        raise ValueError("'seating' is not a list of people")
    out = [p for p in value if isinstance(p, int) and not isinstance(p, bool) and 0 <= p < players]
    if len(out) != len(value) or len(set(out)) != len(out):
        raise ValueError(f"seating {value!r}")
    return out
