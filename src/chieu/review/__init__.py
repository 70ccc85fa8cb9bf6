"""The coach (issue 29): a finished game reviewed for one seat, from that seat's view.

``review(record, seat)`` gives every decision of the seat with more than one legal action:
the action played, the judge's best, their expected points with standard errors (worlds
resampled from what the seat had seen), the expected points lost and its class (``tot``,
``chua_chuan``, ``sai``, ``sai_nang``), the seat's accuracy % (lichess's formula on a
win-percentage scale of the game's points) and the three turning points in the game's words.
``docs/review.md`` has the formulas and the calibration.
"""

from chieu.review.accuracy import (
    CLASS_WORDS,
    CLASSES,
    Klass,
    classify,
    game_accuracy,
    move_accuracy,
    thresholds,
    win_percent,
)
from chieu.review.coach import Decision, Judged, Review, ReviewError, check_reviewable, review
from chieu.review.judge import Judge, Value, Verdict
from chieu.review.report import review_json
from chieu.review.spec import ReviewSpec, default_spec, spec_of

__all__ = [
    "CLASSES",
    "CLASS_WORDS",
    "Decision",
    "Judge",
    "Judged",
    "Klass",
    "Review",
    "ReviewError",
    "ReviewSpec",
    "Value",
    "Verdict",
    "check_reviewable",
    "classify",
    "default_spec",
    "game_accuracy",
    "move_accuracy",
    "review",
    "review_json",
    "spec_of",
    "thresholds",
    "win_percent",
]
