"""Mạt chược's settings for the coach (the kit's ``review``; ``chieu.review``,
``docs/review.md``)."""

from __future__ import annotations

from chieu.core.actions import Action
from chieu.core.notation import Lang
from chieu.core.protocol import State
from chieu.games.matchuoc import actions as A
from chieu.games.matchuoc.hints import _discard_hints, _seen
from chieu.games.matchuoc.state import MatChuocState
from chieu.games.matchuoc.value import action_values
from chieu.review.spec import Prior, ReviewSpec


def explain(state: State, seat: int, action: Action, lang: Lang) -> str | None:
    """A discard: how far from a win the hand is after it (or the waits it keeps, with the
    unseen tiles of each) and why the tile is cheap, as the hints say it; None otherwise (the
    hints' own line)."""
    assert isinstance(state, MatChuocState)
    if not isinstance(action, A.Discard):
        return None
    me = state.seats[seat]
    seven = bool(state.rules.seven_pairs) and not me.melds
    unseen = [max(0, 4 - n) for n in _seen(state, seat)]
    lines = _discard_hints(list(me.hand), [action.tile], len(me.melds), seven, unseen, lang)
    return lines[0] if lines else None


REVIEW = ReviewSpec(
    scale=7.59,
    worlds=20,
    screen=4,
    width=6,
    keep=2,
    clip=30.0,
    proven=True,
    explain=explain,
    # fitted to the judge's playouts (scripts/review_prior.py; docs/measurements/review.md)
    prior=Prior(
        action_values,
        slope=1.47,
        spread=0.34,
        growth=0.82,
        noise=8.12,
        elsewhere=7.62,
        name="value1",
    ),
    calibration="mean |points| of a seat, heuristic self-play (scripts/review_measure.py)",
)
