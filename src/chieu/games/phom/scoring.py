"""Phỏm settlement (shared/rules A.7): ranking, place payments, móm, ù, đền. Amounts are in
units; the state multiplies them by ``rules.stake``. A sitting's score sheet is
``core.sitting.Sitting`` with ``setups.SITTING_POLICY``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypedDict, cast

from chieu.core.outcome import Outcome
from chieu.games.phom.rules import Rules


class PaymentJson(TypedDict):
    payer: int
    payee: int
    amount: float
    reason: str


class PhomDetails(TypedDict, total=False):
    """``Outcome.details`` of a Phỏm hand. Always: ``u`` (the ù's kind, None without ù),
    ``points`` (each hand's points; None: a hand that stays hidden), ``lay_order``,
    ``payments`` (every payment of the hand, the eat payments included). With ù: ``den``
    (the seat that pays for everyone, or None). Without: ``nhat`` (the first place),
    ``mom`` (the seats without a phỏm), ``ranking`` (seats from nhất to bét), ``places``
    (each seat's place, 0 = nhất)."""

    u: str | None
    den: int | None
    nhat: int
    points: Sequence[int | None]
    mom: list[int]
    ranking: list[int]
    places: list[int]
    lay_order: list[int]
    payments: list[PaymentJson]


def details_of(outcome: Outcome) -> PhomDetails:
    """The details of a Phỏm outcome (``core.outcome`` keeps them as plain JSON)."""
    return cast(PhomDetails, outcome.details)


@dataclass(frozen=True, slots=True)
class Payment:
    payer: int
    payee: int
    amount: float
    reason: str  # "an", "an_chot", "nhi", "ba", "bet", "mom", "u", "den"

    def to_json(self) -> PaymentJson:
        return {
            "payer": self.payer,
            "payee": self.payee,
            "amount": self.amount,
            "reason": self.reason,
        }


PLACE_REASONS = ("nhat", "nhi", "ba", "bet")


def eat_amount(rules: Rules, chot: bool, nth: int) -> int:
    """What the fed player pays for the eater's ``nth`` eat (1-based) [A.7.2]."""
    if chot:
        return rules.pay_eat_chot
    if rules.pay_eat_mode == "escalating":
        return rules.pay_eat * nth
    return rules.pay_eat


def ranking(points: Sequence[int], mom: Sequence[bool], lay_order: Sequence[int]) -> list[int]:
    """Seats from nhất to bét (A.7.1): non-móm before móm, fewer points first, then the
    earlier lay-down."""
    n = len(points)
    order = {s: i for i, s in enumerate(lay_order)}
    return sorted(range(n), key=lambda s: (mom[s], points[s], order.get(s, n + s)))


def places(
    rank: Sequence[int], points: Sequence[int], mom: Sequence[bool], tie_break: str
) -> list[int]:
    """The place (0 = nhất) of each seat. With ``split`` tied seats share the better place
    (standard competition ranking); otherwise the ranking order decides."""
    place = [0] * len(rank)
    for i, s in enumerate(rank):
        place[s] = i
        if tie_break == "split" and i > 0:
            prev = rank[i - 1]
            if (mom[prev], points[prev]) == (mom[s], points[s]):
                place[s] = place[prev]
    return place


def settle_normal(
    rules: Rules, points: Sequence[int], mom: Sequence[bool], lay_order: Sequence[int]
) -> tuple[list[int], list[int], list[Payment]]:
    """Ranking, places and the place / móm payments of a hand that ended without ù."""
    n = len(points)
    rank = ranking(points, mom, lay_order)
    place = places(rank, points, mom, rules.tie_break)
    winners = [s for s in range(n) if place[s] == 0]
    pays: list[Payment] = []
    for s in range(n):
        if place[s] == 0:
            continue
        amount = rules.pay_mom if mom[s] else rules.pay_rank[place[s]]
        reason = "mom" if mom[s] else PLACE_REASONS[place[s]]
        for w in winners:
            if amount:
                pays.append(Payment(s, w, amount / len(winners), reason))
    return rank, place, pays


def settle_u(rules: Rules, n: int, winner: int, den: int | None, khan: bool) -> list[Payment]:
    """Every other seat pays ``pay_u`` to the ù-er; with đền one seat pays them all."""
    if den is not None and not khan:
        return [Payment(den, winner, rules.pay_u * (n - 1), "den")]
    return [Payment(s, winner, rules.pay_u, "u") for s in range(n) if s != winner]
