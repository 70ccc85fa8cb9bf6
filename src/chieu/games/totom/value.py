"""A model of what a Tổ tôm hand is worth: the points a seat can expect at the end of the
game, from what it may see, read off the heuristic's standing of the hand
(``strategy.Seat.standing``): the unseen copies of its winning cards when it waits, else how far
it is (quân lẻ, cạ alive or dead, lưng short).

The coach's judge weighs its playouts against it (``chieu.review.spec.Prior``): a seat decides
only a few times a game, and forty playouts cannot tell two of its choices apart by a fraction
of a point; this model can.

    value = a[d] + b[d]·ln(1 + u) + c[d]·(nọc − 10)/10 + e·phu

``d``: 0 for a hand that waits on unseen cards (``u`` of them), else the distance's band
(``BANDS``); ``nọc``: the cards left in the nọc; ``phu``: the phu on the seat's mat. Fitted by
least squares to the seat's final points after every discard of heuristic self-play
(``scripts/hand_value.py``; the fit and its check on held-out games are in
``docs/measurements/review.md``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, cast

from chieu.core.actions import Action
from chieu.games.totom.phu import ALL_PHU
from chieu.games.totom.strategy import Seat, Standing

if TYPE_CHECKING:
    from chieu.games.totom.views import TotomObservation

#: the upper bound of each distance band after the waiting hands (band 0): 1–4, 5–6, …, 13+
BANDS = (4, 6, 8, 10, 12)
#: per band 0..len(BANDS)+1: (a, b, c); then e (``scripts/hand_value.py``)
COEF: tuple[tuple[float, float, float], ...] = (
    (1.423, 2.559, 2.281),
    (1.191, 0.0, 1.965),
    (0.135, 0.0, 1.237),
    (-0.454, 0.0, 0.516),
    (-0.663, 0.0, -0.003),
    (-0.817, 0.0, -0.224),
    (-0.821, 0.0, -0.643),
)
PHU = -0.371
#: the nọc term's centre and scale: (nọc − 10)/10
WALL = (10, 10)


def band(standing: Standing) -> tuple[int, int]:
    """The model's band of a standing, and the unseen winning copies (0 unless it waits)."""
    minus_chances, need = standing
    if minus_chances < 0:
        return 0, -minus_chances
    for i, top in enumerate(BANDS):
        if need <= top:
            return i + 1, 0
    return len(BANDS) + 1, 0


def hand_value(standing: Standing, nocc: int, phu: int) -> float:
    """The model's points for a hand of this ``standing`` with ``nocc`` cards left in the nọc
    and ``phu`` phu on the seat's mat."""
    d, u = band(standing)
    a, b, c = COEF[d]
    return a + b * math.log1p(u) + c * (nocc - WALL[0]) / WALL[1] + PHU * phu


def action_values(
    observation: Mapping[str, object], actions: Sequence[Action]
) -> dict[Action, float] | None:
    """The model's value of each of ``actions`` (the kit's ``review`` prior): a discard by the
    hand it leaves; an ăn, ăn thêm or phỗng by the hand after it and its best give-back;
    letting the card go (bốc, bỏ qua, không ăn) by the hand as it is. None when an action is
    none of these (ù and the rest: the playouts judge those)."""
    obs = cast("TotomObservation", observation)
    if obs["seat"] is None or "hand" not in obs:
        return None
    seat = Seat.of(obs)
    nocc = obs["nocc_left"]
    laid = len(obs["mats"][obs["seat"]])
    out: dict[Action, float] = {}
    for a in actions:
        verb = a.verb
        got: tuple[Standing, int] | None = None
        if verb == "discard":
            got = _left_by(seat, a.card), laid  # type: ignore[attr-defined]
        elif verb in ("draw", "pass", "decline"):
            got = seat.standing(seat.free, seat.fixed), laid
        elif verb in ("eat", "extend", "phong") and seat.live is not None:
            if verb == "phong":
                free, fixed = seat.after_phong()
            else:
                free, fixed = seat.after_eat(ALL_PHU[a.phu], verb == "extend")  # type: ignore[attr-defined]
            standing = seat.take_value(free, fixed)
            if standing is not None:
                got = standing, laid + (verb != "extend")
        if got is None:
            return None
        out[a] = hand_value(got[0], nocc, got[1])
    return out


def discard_row(observation: Mapping[str, object], action: Action) -> tuple[int, ...] | None:
    """The model's terms after a discard, ``(d, u, phu, nọc)`` (``scripts/hand_value.py``);
    None for another action."""
    if action.verb != "discard":
        return None
    obs = cast("TotomObservation", observation)
    assert obs["seat"] is not None
    standing = _left_by(Seat.of(obs), action.card)  # type: ignore[attr-defined]
    return (*band(standing), len(obs["mats"][obs["seat"]]), obs["nocc_left"])


def _left_by(seat: Seat, card: int) -> Standing:
    """The standing of the hand ``seat`` keeps after discarding ``card``."""
    free = list(seat.free)
    free[card] -= 1
    return seat.standing(free, seat.fixed)
