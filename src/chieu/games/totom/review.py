"""Tổ tôm's settings for the coach (the kit's ``review``; ``chieu.review``, ``docs/review.md``)."""

from __future__ import annotations

from chieu.core.actions import Action
from chieu.core.notation import Lang
from chieu.core.protocol import State
from chieu.games.totom import actions as A
from chieu.games.totom import advice
from chieu.games.totom.state import TotomState
from chieu.games.totom.value import action_values
from chieu.games.totom.words import give_text
from chieu.review.spec import Prior, ReviewSpec


def explain(state: State, seat: int, action: Action, lang: Lang) -> str | None:
    """A discard (or trả cửa): what the card is in the hand and what the hand waits on after
    it, as the hints say it; None otherwise (the hints' own line)."""
    assert isinstance(state, TotomState)
    if not isinstance(action, A.Discard):
        return None
    me = state.seats[seat]
    left = advice.unseen(state, seat)
    opts = advice.discard_options(me.free(), me.fixed(), state.rules, left, [action.card])
    if not opts:
        return None
    door = state.return_door if state.return_door >= 0 else seat
    return give_text(opts[0], state, seat, door, lang)


REVIEW = ReviewSpec(
    scale=1.80,
    worlds=40,
    screen=6,
    width=5,
    keep=2,
    # the playouts-only judge was proven by the twins; this one, weighed against the model of
    # the hand, does not (yet) rank the search above the heuristic, in mixed games or as twins
    # (docs/measurements/review.md, "Tổ tôm: a judge with a model of the hand")
    proven=False,
    explain=explain,
    # fitted to the judge's playouts (scripts/review_prior.py; docs/measurements/review.md)
    prior=Prior(
        action_values,
        slope=0.81,
        spread=0.04,
        growth=0.51,
        tail=2.39,
        share=0.053,
        noise=3.29,
        elsewhere=4.78,
        name="value1",
    ),
    calibration="mean |points| of a seat, heuristic self-play (scripts/review_measure.py)",
)
