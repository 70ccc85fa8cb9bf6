"""How a Phỏm deal is set up: the deal sizes, scenario decks, and the sitting (hội).

* ``deck_for(hands, draws)``: a deck that deals the given hands and stock (for tests, puzzles
  and teaching positions).
* ``SITTING_POLICY``: what carries from one deal to the next of a hội (``core.sitting``): the
  winner of a deal (the ù-er, or else the nhất) plays first in the next one (A.3); each seat's
  payoffs go on the score sheet; the hội ends only when the players stop.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from chieu.core.errors import ChieuError
from chieu.core.outcome import Outcome
from chieu.games.phom.rules import Rules
from chieu.games.phom.scoring import details_of

FIRST_HAND = 10  # the first player's cards (A.3)
OTHER_HAND = 9  # every other player's


def deck_for(
    hands: Sequence[Sequence[int]],
    draws: Sequence[int] = (),
    *,
    first: int = 0,
    direction: int = 1,
) -> list[int]:
    """A deck whose deal gives ``hands[seat]`` to each seat (the first player's 10 cards, 9
    for each other) and whose stock is drawn in the order ``draws`` (then the rest). For
    scenario tests, puzzles and teaching positions: pass it as ``deal=`` with
    ``setup={"first": first}``."""
    n = len(hands)
    if not 2 <= n <= 4:
        raise ChieuError("deck_for needs 2-4 hands")
    order = [(first + direction * j) % n for j in range(n)]
    deck: list[int] = []
    for j, seat in enumerate(order):
        want = FIRST_HAND if j == 0 else OTHER_HAND
        if len(hands[seat]) != want:
            raise ChieuError(f"seat {seat} needs {want} cards, got {len(hands[seat])}")
        deck += list(hands[seat])
    deck += list(draws)
    if len(set(deck)) != len(deck):
        raise ChieuError("deck_for: a card appears twice among the hands and draws")
    deck += [c for c in range(52) if c not in set(deck)]
    return deck


class PhomSitting:
    """The ``core.sitting.SittingPolicy`` of Phỏm: the carry is ``{"first": seat}``."""

    def start(self, rules: Rules) -> dict[str, int]:
        return {"first": 0}

    def next_setup(self, rules: Rules, carry: Mapping[str, object]) -> dict[str, int]:
        return {"first": _seat(carry["first"])}

    def after(
        self, rules: Rules, carry: Mapping[str, object], outcome: Outcome
    ) -> tuple[dict[str, int], tuple[float, ...]]:
        first = outcome.winner
        if first is None:
            first = details_of(outcome).get("nhat")
        return {"first": _seat(carry["first"] if first is None else first)}, tuple(outcome.payoffs)

    def over(self, rules: Rules, carry: Mapping[str, object], totals: Sequence[float]) -> bool:
        return False


def _seat(value: object) -> int:
    """A seat of the carry (read back from JSON: a number)."""
    if not isinstance(value, int | float | str):
        raise ChieuError(f"the sitting's first player {value!r} is not a seat")
    return int(value)


SITTING_POLICY = PhomSitting()
