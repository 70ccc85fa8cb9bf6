"""A test-only step lesson for any registered game (the games' own lessons are written
elsewhere): the first seed whose deal gives seat 0 a decision of two or more moves, one of
them no fault, before any other seat has had to choose; the right move is that one."""

from __future__ import annotations

from chieu import load_game
from chieu.core.actions import Action
from chieu.core.decisions import Decision
from chieu.core.lessons import Lesson, Step, Tutor
from chieu.core.state import StateBase

PROBE_ID = "thu_nghiem"


class _Chose(Exception):
    pass


def _refuse(state: StateBase, decision: Decision) -> Action:
    raise _Chose


def step_lesson(game: str) -> Lesson:
    bound = load_game(game)
    for seed in range(200):
        probe = Lesson(
            id=PROBE_ID,
            title=("x", "y"),
            goal=("x", "y"),
            intro=("x", "y"),
            finish="game",
            seed=seed,
        )
        try:
            tutor = Tutor(bound, probe, _refuse)
        except _Chose:
            continue
        decision = tutor.pending()
        if decision is None or len(decision.actions) < 2:
            continue
        right = [a for a in decision.actions if tutor.state.fault_of(0, a) is None]
        if not right:
            continue
        label = bound.notation.label(tutor.state, 0, right[0], "vi")
        return Lesson(
            id=PROBE_ID,
            title=("Bài thử", "A test lesson"),
            goal=("Chọn nước đúng.", "Choose the right move."),
            intro=("Một bài thử cho máy chủ.", "A test lesson for the server."),
            steps=(
                Step(
                    expect=(label,),
                    why=("Vì đó là nước bài thử chọn.", "Because the test lesson chose it."),
                    hint=(f"Hãy chọn «{label}».", f"Choose “{label}”."),
                    wrong=("Bài thử muốn nước khác.", "The test lesson wants another move."),
                ),
            ),
            seed=seed,
        )
    raise AssertionError(f"{game}: no seed gives seat 0 an early decision")
