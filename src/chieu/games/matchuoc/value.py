"""A model of what a Mạt chược hand is worth: the points a seat can expect at the end of the
game, from what it may see, read off its distance to ù and the unseen tiles that would lower
it (``bots.acceptance``: the ukeire of riichi players).

The coach's judge weighs its playouts against it (``chieu.review.spec.Prior``): twenty
playouts cannot tell two discards apart by a fraction of a point, and this model can.

    value = a[d] + b[d]·ln(1 + u) + c[d]·(wall − 80)/20 + e·phu

``d``: the distance after the action (4 and more together), ``u``: the unseen tiles that would
lower it, ``wall``: the tiles left in the wall, ``phu``: the seat's exposed phu. Fitted by least
squares to the seat's final points (clipped to ±30, as the judge clips its playouts) after
every discard of heuristic and acceptance self-play (``scripts/hand_value.py``; the fit
and its check on held-out games are in ``docs/measurements/review.md``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, cast

from chieu.core.actions import Action
from chieu.games.matchuoc.bots import _counts, acceptance, unseen

if TYPE_CHECKING:
    from chieu.games.matchuoc.views import MatchuocObservation

#: per distance 0..4+: (a, b, c); then e (``scripts/hand_value.py``)
COEF: tuple[tuple[float, float, float], ...] = (
    (-1.449, 2.274, 1.591),
    (-5.597, 1.939, 2.003),
    (-6.672, 1.431, 1.856),
    (-5.891, 0.854, 1.634),
    (-6.790, 0.963, 0.735),
)
PHU = -0.591
#: the wall term's centre and scale: (wall − 80)/20
WALL = (80, 20)


def hand_value(distance: int, useful: int, wall: int, phu: int) -> float:
    """The model's points for a hand ``distance`` from ù with ``useful`` unseen tiles that
    would bring it closer, ``wall`` tiles left and ``phu`` exposed phu."""
    a, b, c = COEF[min(distance, len(COEF) - 1)]
    return a + b * math.log1p(useful) + c * (wall - WALL[0]) / WALL[1] + PHU * phu


def worth(hand: list[int], phu: int, left: list[int], wall: int) -> float:
    """The value of ``hand`` as it stands: with a tile to discard (14 tiles, counting three a
    phu), after its best discard; else as it is."""
    if sum(hand) + 3 * phu <= 13:
        return hand_value(*acceptance(hand, phu, left), wall, phu)
    best = -math.inf
    for k, n in enumerate(hand):
        if n:
            hand[k] -= 1
            best = max(best, hand_value(*acceptance(hand, phu, left), wall, phu))
            hand[k] += 1
    return best


def _replaced(hand: list[int], phu: int, left: list[int], wall: int) -> float:
    """The mean value of ``hand`` with one more tile drawn from those the seat has not seen
    (setting a flower or a khung down draws a replacement)."""
    total = sum(left)
    if not total:
        return worth(hand, phu, left, wall)
    mean = 0.0
    for t, n in enumerate(left):
        if n:
            hand[t] += 1
            mean += n * worth(hand, phu, left, wall)
            hand[t] -= 1
    return mean / total


def action_values(
    observation: Mapping[str, object], actions: Sequence[Action]
) -> dict[Action, float] | None:
    """The model's value of each of ``actions`` (the kit's ``review`` prior): a discard by the
    hand it leaves; passing a claim and ending the opening by the hand as it is; a phỗng or an
    ăn by the hand after the claim and its best discard; setting a flower or a khung down by the
    hand after it and its replacement, on average over the tiles the seat has not seen. None
    when an action is none of these (ù, coong, Tổng + Hợp together: the playouts judge those)."""
    obs = cast("MatchuocObservation", observation)
    seat = obs["seat"]
    if seat is None or "hand" not in obs:
        return None
    hand = _counts(obs["hand"])
    phu = len(obs["melds"][seat])
    left = unseen(obs)
    wall = obs["wall_left"]
    out: dict[Action, float] = {}
    for a in actions:
        h = list(hand)
        if a.verb in ("discard", "set_down"):
            h[a.tile] -= 1  # type: ignore[attr-defined]
            value = worth if a.verb == "discard" else _replaced
            out[a] = value(h, phu, left, wall)
        elif a.verb in ("pass", "end_opening"):
            out[a] = worth(h, phu, left, wall)
        elif a.verb in ("pung", "chow"):
            for t in (a.a, a.b):  # type: ignore[attr-defined]
                h[t] -= 1
            if min(h) < 0:
                return None
            out[a] = worth(h, phu + 1, left, wall)
        else:
            return None
    return out


def discard_row(observation: Mapping[str, object], action: Action) -> tuple[int, ...] | None:
    """The model's terms after a discard, ``(d, u, phu, wall)`` (``scripts/hand_value.py``);
    None for another action."""
    if action.verb != "discard":
        return None
    obs = cast("MatchuocObservation", observation)
    seat = obs["seat"]
    assert seat is not None
    hand = _counts(obs["hand"])
    hand[action.tile] -= 1  # type: ignore[attr-defined]
    phu = len(obs["melds"][seat])
    return (*acceptance(hand, phu, unseen(obs)), phu, obs["wall_left"])
