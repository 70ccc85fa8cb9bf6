"""A judged decision in the game's words: the actions' labels and cards (the game's
``notation``) and a sentence on what the played action loses and the better one keeps (the
game's ``explain`` in its kit's ``review`` part, else the line of its ``hints`` about that
action)."""

from __future__ import annotations

import re

from chieu.core.actions import Action
from chieu.core.notation import Lang, decimal, pick
from chieu.core.protocol import State
from chieu.core.telling import hints_of
from chieu.review.spec import ReviewSpec

_NUMBERED = re.compile(r"^\s*\d+\.\s*")


def action_words(spec: ReviewSpec, state: State, seat: int, action: Action, lang: Lang) -> str:
    """What ``action`` does for ``seat`` (no final stop), or "" when the game says nothing."""
    if spec.explain is not None:
        said = spec.explain(state, seat, action, lang)
        if said:
            return said.rstrip(". ")
    hints = hints_of(state.game)
    if hints is None:
        return ""
    notation = state.game.notation
    label = notation.label(state, seat, action, lang).lower()
    cards = [c for c in notation.action_cards(state, seat, action) if c]
    lines = [_NUMBERED.sub("", line).rstrip(". ") for line in hints(state, seat, lang)]
    for line in lines:  # the line that names the action
        if line.lower().startswith(label):
            return line
    if not cards:
        return ""
    for line in lines:  # an option line about its cards
        if line.lower().startswith(label.split(" ")[0]) and all(
            re.search(rf"(?<![0-9A-Za-z]){re.escape(c)}(?![0-9A-Za-z])", line) for c in cards
        ):
            return line
    return ""


def sentence(
    spec: ReviewSpec,
    state: State,
    seat: int,
    played: Action,
    best: Action,
    values: tuple[float, float, float],
    lang: Lang,
    good: bool = False,
) -> str:
    """One decision in words (``values``: the loss, the played and the best action's expected
    points; ``good``: its class is ``tot``, a loss within what the judge calls level, which a
    turning point may be when the game had few worse)."""
    label = state.game.notation.label
    mine, better = label(state, seat, played, lang), label(state, seat, best, lang)
    loss, played_ev, best_ev = (decimal(v, 2, lang, sign=i > 0) for i, v in enumerate(values))
    if played == best or values[0] <= 0.0:
        return pick(
            (f"{mine}: đúng nước máy chọn.", f"{mine}: the judge's choice too."),
            lang,
        )
    figures = pick((f"({played_ev} so với {best_ev})", f"({played_ev} against {best_ev})"), lang)
    head = pick(
        (
            f"{mine}: nước tốt, chỉ kém nước máy chọn khoảng {loss} điểm kỳ vọng {figures}, "
            f"trong mức máy chấm coi là ngang; máy chọn {better}.",
            f"{mine}: a good move, only about {loss} expected points behind the judge's "
            f"{figures}, within what it calls level; it chose {better}.",
        )
        if good
        else (
            f"{mine} mất khoảng {loss} điểm kỳ vọng {figures}; nên {better}.",
            f"{mine} loses about {loss} expected points {figures}; better: {better}.",
        ),
        lang,
    )
    why_played = action_words(spec, state, seat, played, lang)
    why_best = action_words(spec, state, seat, best, lang)
    tail = []
    if why_played:
        tail.append(pick(("Đã đi: ", "Played: "), lang) + why_played + ".")
    if why_best:
        tail.append(pick(("Nước tốt hơn: ", "Better: "), lang) + why_best + ".")
    return " ".join([head, *tail])
