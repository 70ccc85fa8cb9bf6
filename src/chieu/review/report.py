"""A review as JSON (``chieu review --json``, the server later): TypedDicts of its shape.

``{"seat", "accuracy", "judge", "decisions": [{"step", "played", "best", "loss", "class",
"text", ...}], "turning_points": [...]}``: ``played`` and ``best`` in words (the language
asked), the loss in expected points; more fields beside them (the values, the cards, the
standard errors, the judge's trust)."""

from __future__ import annotations

from typing import TypedDict

from chieu.core.notation import Lang, pick
from chieu.review.accuracy import CLASS_WORDS
from chieu.review.coach import Decision, Judged, Review

TRUST: dict[bool, tuple[str, str]] = {
    True: (
        "máy tìm kiếm (search) đã được chứng minh mạnh hơn máy heuristic trong trò này, và điểm "
        "chính xác của nó xếp các máy đúng thứ tự",
        "the search judge was shown to beat the heuristic bot in this game, and its accuracy "
        "ranks the bots in order",
    ),
    False: (
        "máy chấm (search) chưa được kiểm chứng đủ trong trò này: điểm chính xác của nó chưa "
        "phân biệt rõ máy heuristic với máy tìm kiếm; nhận xét chỉ để tham khảo",
        "the search judge is not yet proven in this game: its accuracy does not yet tell the "
        "heuristic bot from the search; take the review as a hint",
    ),
}


class ValueJson(TypedDict):
    """One judged action: in words, its cards, expected points, standard error, worlds."""

    action: str
    cards: list[str]
    mean: float
    error: float
    worlds: int


#: one decision (the issue's keys first; ``class`` is a Python keyword, hence this form)
DecisionJson = TypedDict(
    "DecisionJson",
    {
        "step": int,
        "played": str,
        "best": str,
        "loss": float,
        "class": str,
        "text": str,
        "phase": str,
        "loss_error": float,
        "accuracy": float,
        "judged": bool,
        "values": list[ValueJson],
    },
)


class JudgeJson(TypedDict):
    """Which judge, its version (a cache key) and how sure it is."""

    name: str
    version: str
    proven: bool
    note: str
    scale: float
    thresholds: list[float]


class ReviewJson(TypedDict):
    """A seat's review."""

    seat: int
    game: str
    accuracy: float | None
    judge: str
    judge_info: JudgeJson
    points: float
    decisions: list[DecisionJson]
    turning_points: list[DecisionJson]


def _value(v: Judged, lang: Lang) -> ValueJson:
    return {
        "action": v.labels[lang],
        "cards": list(v.cards),
        "mean": round(v.mean, 3),
        "error": round(v.error, 3),
        "worlds": v.worlds,
    }


def decision_json(d: Decision, lang: Lang = "vi") -> DecisionJson:
    """One decision as JSON."""
    return {
        "step": d.step,
        "played": d.played.labels[lang],
        "best": d.best.labels[lang],
        "loss": round(d.loss, 3),
        "class": d.klass,
        "text": d.text[lang],
        "phase": d.phase,
        "loss_error": round(d.loss_error, 3),
        "accuracy": round(d.accuracy, 1),
        "judged": d.judged,
        "values": [_value(v, lang) for v in d.values],
    }


def review_json(r: Review, lang: Lang = "vi") -> ReviewJson:
    """The review as JSON (``lang``: the words of the actions and sentences)."""
    return {
        "seat": r.seat,
        "game": r.game,
        "accuracy": None if r.accuracy is None else round(r.accuracy, 1),
        "judge": r.judge,
        "judge_info": {
            "name": "search",
            "version": r.judge,
            "proven": r.proven,
            "note": pick(TRUST[r.proven], lang),
            "scale": r.scale,
            "thresholds": [round(x, 3) for x in r.limits],
        },
        "points": r.points,
        "decisions": [decision_json(d, lang) for d in r.decisions],
        "turning_points": [decision_json(d, lang) for d in r.turning_points],
    }


def class_words(d: Decision, lang: Lang = "vi") -> str:
    """The decision's class in words."""
    return pick(CLASS_WORDS[d.klass], lang)
