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

#: the judge in words (the browser's ``judgeName``, ``coach.js``)
JUDGE_NAME: tuple[str, str] = (
    "máy tính kỹ: với mỗi nước, chơi thử nhiều ván có thể (chỉ từ những gì ghế này đã thấy) "
    "và so điểm trung bình",
    "the careful bot: for each move it plays out many possible deals (from what this seat saw "
    "only) and compares the average points",
)

#: what a judge with a model of the hand adds (``ReviewSpec.prior``; the browser's
#: ``judgeModel``, ``coach.js``)
MODEL_NOTE: tuple[str, str] = (
    "; rồi cân kết quả chơi thử với một ước lượng thế bài (còn cách ù bao xa, bao nhiêu quân "
    "chờ chưa lộ), vì vài chục ván chơi thử chưa đủ phân biệt hai nước gần ngang nhau",
    "; it then weighs the playouts against an estimate of the hand (how far from a win, how "
    "many of the cards it waits for are unseen), since a few dozen playouts cannot tell two "
    "near-equal moves apart",
)

#: how sure the judge is (``ReviewSpec.proven``), as the browser says it (``coach.js``)
TRUST: dict[bool, tuple[str, str]] = {
    True: (
        "Trong trò này máy chấm đã được kiểm chứng: nó mạnh hơn máy chơi vừa và chấm nước đi "
        "của các máy đúng thứ tự; nhận xét đáng tin, mỗi số có sai số (±) bên cạnh",
        "In this game the judge was shown to beat the steady bot and to rank the bots' play in "
        "order: the review can be trusted, each figure with its error (±)",
    ),
    False: (
        "Trong trò này máy chấm chưa được kiểm chứng đủ: điểm chính xác của nó chưa phân biệt "
        "rõ máy chơi vừa với máy tính kỹ; hãy coi nhận xét là gợi ý, chưa phải phán quyết",
        "In this game the judge is not yet proven: its accuracy does not yet tell the steady "
        "bot from the careful one; take the review as a hint, not a verdict",
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
    model: bool  # weighs its playouts against a model of the hand (``MODEL_NOTE``)
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
            "model": r.modelled,
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
