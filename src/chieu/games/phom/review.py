"""Phỏm's settings for the coach (the kit's ``review``; ``chieu.review``, ``docs/review.md``)."""

from __future__ import annotations

from chieu.core.actions import Action
from chieu.core.notation import Lang
from chieu.core.protocol import State
from chieu.games.phom import actions as A
from chieu.games.phom.hints import _Advice
from chieu.games.phom.state import PhomState
from chieu.review.spec import ReviewSpec


def explain(state: State, seat: int, action: Action, lang: Lang) -> str | None:
    """A discard: what the card breaks (phỏm, cạ), its points, whether the next player may eat
    it, the points and waits left after it, as the hints say it; None otherwise (the hints'
    own line)."""
    assert isinstance(state, PhomState)
    if not isinstance(action, A.Discard):
        return None
    ranked = _Advice(state, seat, lang).rank_discards([action.card])
    label = state.game.notation.label(state, seat, action, lang)
    return f"{label}: {ranked[0][2]}" if ranked else None


REVIEW = ReviewSpec(
    scale=4.01,
    worlds=128,
    screen=8,
    width=5,
    keep=2,
    proven=True,
    explain=explain,
    calibration="mean |points| of a seat, heuristic self-play (scripts/review_measure.py)",
)
