"""Chắn's settings for the coach (the kit's ``review``; ``chieu.review``, ``docs/review.md``)."""

from __future__ import annotations

from chieu.core.actions import Action
from chieu.core.notation import Lang, pick
from chieu.core.protocol import State
from chieu.games.chan import actions as A
from chieu.games.chan import analysis as an
from chieu.games.chan.faults import fault_messages
from chieu.games.chan.hints import _option_words, unseen
from chieu.games.chan.state import ChanState
from chieu.review.spec import ReviewSpec


def explain(state: State, seat: int, action: Action, lang: Lang) -> str | None:
    """A đánh or trả cửa: what the card is in the hand (què, ba đầu, cạ, chắn) and the hand
    after it (its waits, or how far from a wait), as the hints say it; a fault first. Other
    actions: the hints' own line (None here)."""
    assert isinstance(state, ChanState)
    faults = [why for _, why in fault_messages(state, seat, action)]
    if not isinstance(action, A.Discard | A.ReturnToDoor):
        return "⚠ " + "; ".join(faults) if faults else None
    me = state.seats[seat]
    left = unseen(state, seat)
    opts = an.discard_options(me.hand, me.mat_chan, allowed=[action.card], unseen=left)
    if not opts:
        return None
    verb = pick(("trả cửa", "return") if action.verb == "return" else ("đánh", "discard"), lang)
    said = _option_words(opts[0], verb, lang)
    return "⚠ " + "; ".join(faults) + "; " + said if faults else said


REVIEW = ReviewSpec(
    scale=5.37,
    worlds=64,
    screen=8,
    width=5,
    keep=2,
    proven=True,
    explain=explain,
    calibration="mean |points| of a seat, heuristic self-play (scripts/review_measure.py)",
)
