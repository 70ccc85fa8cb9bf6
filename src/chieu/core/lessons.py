"""Lessons: a game taught at a real table, one position at a time (the kit's ``lessons`` part).

A game's ``lessons`` is a tuple of :class:`Lesson`, from "the cards" to "a whole game". Each
lesson is a real position: a deck dealt with ``new_state(deal=..., setup=...)``, then the
moves of its ``prelude`` played by the engine. The learner then acts at that table, for one
seat, and the engine judges:

* a lesson of ``steps`` asks for one or more decisions. The right ones are named in the game's
  notation (:class:`Step` ``expect``); a right move is played and its ``why`` said; a wrong
  one is *not* played and the learner is told why in the game's own words: the fault it
  would commit with its reason and penalty (from the glossary), the step's ``wrong``, and
  the game's analysis of the position (its ``hints``);
* a lesson that ends on a ``"win"`` is done when the learner wins the deal;
* a lesson that ends on the ``"game"`` is done when the deal ends (the last lesson of every
  game: a whole deal against gentle bots, with the hints shown at each decision).

:class:`Tutor` runs a lesson. It knows no bot and no server: the seats the learner does not
play follow the lesson's script (``Move``), then ``others(state, decision)``, a chooser the
edge gives (the server's gentle bot). Everything it says comes in both languages.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, TypedDict

from chieu.core.actions import Action
from chieu.core.decisions import Decision
from chieu.core.errors import ChieuError
from chieu.core.glossary import Glossary
from chieu.core.jsonio import JsonObject, as_json
from chieu.core.kit import kit_part
from chieu.core.notation import Lang, pick
from chieu.core.protocol import GameDefinition
from chieu.core.state import StateBase
from chieu.core.table import Game, resolve_rules
from chieu.core.telling import hints_of, outcome_lines_of

#: (Vietnamese, English)
Say = tuple[str, str]
Finish = Literal["steps", "win", "game"]
#: ``others(state, decision)``: the action of a seat the learner does not play
Chooser = Callable[[StateBase, Decision], Action]
MAX_MOVES = 2000  # actions a lesson's table may take between two of the learner's


class LessonError(ChieuError):
    """A lesson that does not build (its deal, prelude or steps do not fit its game)."""


@dataclass(frozen=True, slots=True)
class Move:
    """A scripted move: ``seat`` (0-based) plays the action ``text`` names (the game's
    notation, Vietnamese)."""

    seat: int
    text: str


@dataclass(frozen=True, slots=True)
class Step:
    """One decision the learner must get right: any action ``expect`` names (the game's
    notation) is right. ``why`` is said after it, ``hint`` on request, ``wrong`` after a
    wrong move (besides the engine's own words). ``replies``: the other seats' moves that
    follow, in order, before the bots take over."""

    expect: tuple[str, ...]
    why: Say
    hint: Say
    wrong: Say = ("", "")
    replies: tuple[Move, ...] = ()


@dataclass(frozen=True, slots=True)
class Lesson:
    """One lesson: ``id`` (a slug, unique in its game), ``title``, ``goal`` (what to do, one
    sentence) and ``intro`` (what it teaches, a few sentences), in (vi, en).

    The position: ``deal`` (a deck, or a function giving one) and ``setup`` for
    ``new_state``, ``players`` (None: the game's first count), the rules ``preset`` and
    ``options`` over it, the ``prelude`` the engine plays first; the learner plays ``seat``.
    ``finish``: ``"steps"`` (done after the last of ``steps``), ``"win"`` (done when the
    learner wins) or ``"game"`` (done when the deal ends; hints at every decision).
    ``cards`` (codes) and ``terms`` (glossary terms) are what the lesson shows and teaches.
    """

    id: str
    title: Say
    goal: Say
    intro: Say
    steps: tuple[Step, ...] = ()
    finish: Finish = "steps"
    seat: int = 0
    players: int | None = None
    deal: Sequence[int] | Callable[[], Sequence[int]] | None = None
    setup: Mapping[str, object] | None = None
    preset: str | None = None
    options: Mapping[str, object] = field(default_factory=dict)
    prelude: tuple[Move, ...] = ()
    seed: int = 0
    cards: tuple[str, ...] = ()
    terms: tuple[str, ...] = ()
    hint: Say = ("", "")  # the hint of a lesson without steps (besides the engine's)

    def deck(self) -> Sequence[int] | None:
        return self.deal() if callable(self.deal) else self.deal

    def to_json(self, lang: Lang = "vi") -> LessonJson:
        return {
            "id": self.id,
            "title": pick(self.title, lang),
            "goal": pick(self.goal, lang),
            "intro": pick(self.intro, lang),
            "finish": self.finish,
            "steps": len(self.steps),
            "cards": list(self.cards),
            "terms": list(self.terms),
        }


class LessonJson(TypedDict):
    id: str
    title: str
    goal: str
    intro: str
    finish: str
    steps: int
    cards: list[str]
    terms: list[str]


#: the last lesson of every game: a whole game against gentle bots, with the hints shown at
#: each decision
WHOLE_GAME = Lesson(
    id="ca_van",
    title=("Cả một ván", "A whole game"),
    goal=(
        "Chơi hết một ván với máy hiền; gợi ý hiện ở mỗi lượt.",
        "Play a whole game against gentle bots; hints show at every turn.",
    ),
    intro=(
        "Bạn đã biết đủ để chơi một ván. Máy chơi hiền, và gợi ý nói bạn nên làm gì ở mỗi lượt.",
        "You know enough to play a game. The bots play gently, and the hints say what to do at "
        "each turn.",
    ),
    finish="game",
)


def lesson_game(game: GameDefinition | Game, lesson: Lesson) -> Game:
    """``game`` bound to the lesson's rules: its ``preset`` (None: the default), then its
    ``options`` over it, for its ``players``."""
    definition = game.definition if isinstance(game, Game) else game
    rules = resolve_rules(definition, lesson.preset, lesson.players)
    if lesson.options:
        rules = definition.rules_from_json({**definition.rules_to_json(rules), **lesson.options})
    return Game(definition, rules)


def lessons_of(game: object) -> tuple[Lesson, ...]:
    """The lessons of ``game``'s kit (a definition or bound ``Game``), in order; () if none."""
    found: Sequence[Lesson] | None = kit_part(game, "lessons")
    return () if found is None else tuple(found)


def find_lesson(game: object, lesson_id: str) -> Lesson | None:
    return next((x for x in lessons_of(game) if x.id == lesson_id), None)


@dataclass(frozen=True, slots=True)
class Verdict:
    """The engine's judgement of the learner's move: ``ok``, and why, line by line."""

    ok: bool
    lines: tuple[str, ...]

    def to_json(self) -> JsonObject:
        return {"ok": self.ok, "lines": list(self.lines)}


def _default_others(state: StateBase, decision: Decision) -> Action:
    return decision.default


class Tutor:
    """One learner working through one lesson of ``game`` (a bound ``Game`` or definition:
    anything with ``new_state`` and the kit).

    ``act(action)`` judges and plays the learner's move; ``hint(lang)`` gives the lesson's
    hint and the game's analysis; ``snapshot(lang)`` is what a client draws; ``restart()``
    sets the position up again. ``done`` / ``failed`` say how it ended.
    """

    def __init__(
        self,
        game: GameDefinition | Game,
        lesson: Lesson,
        others: Chooser | None = None,
        seed: int | None = None,
    ) -> None:
        self.game = game
        self.lesson = lesson
        self.others = others or _default_others
        self.verdict: Verdict | None = None
        self.restart(seed)

    # -- the table ---------------------------------------------------------------------

    def restart(self, seed: int | None = None) -> None:
        """The lesson's position, from its deal and prelude (LessonError if they do not fit);
        ``seed`` (None: the lesson's) deals a lesson without a ``deal`` afresh."""
        lesson = self.lesson
        try:
            state = lesson_game(self.game, lesson).new_state(
                seed=lesson.seed if seed is None else seed, deal=lesson.deck(), setup=lesson.setup
            )
        except ChieuError as e:
            raise LessonError(f"lesson {lesson.id!r}: {e}") from e
        if not isinstance(state, StateBase):
            raise LessonError(f"lesson {lesson.id!r}: the game's states are not StateBase")
        self.state: StateBase = state
        self.step = 0
        self.done = False
        self.failed = False
        self.verdict = None
        self.script: list[Move] = list(lesson.prelude)
        self._advance()
        if lesson.finish == "steps" and not self.done and self.pending() is None:
            raise LessonError(f"lesson {lesson.id!r}: the learner has nothing to decide")

    def pending(self) -> Decision | None:
        """The learner's decision now, or None."""
        seat = self.lesson.seat
        return next((d for d in self.state.decisions() if d.seat == seat), None)

    def _parse(self, seat: int, text: str) -> Action:
        try:
            action = self.state.game.notation.parse(self.state, seat, text)
        except ChieuError as e:
            raise LessonError(
                f"lesson {self.lesson.id!r}: seat {seat} cannot play {text!r}: {e}"
            ) from e
        return action

    def _advance(self) -> None:
        """Play the table on until the learner must decide (or the deal ends): the script
        first, then pass-only answers, then ``others``."""
        state, seat = self.state, self.lesson.seat
        for _ in range(MAX_MOVES):
            state.pass_forced()
            if state.is_terminal():
                self._ended()
                return
            if self.done and not self.script and state.window is None:
                return  # the lesson's last move and what it opened are played: stop there
            pending = state.decisions()
            if self.script:
                move = self.script[0]
                mine = next((d for d in pending if d.seat == move.seat), None)
                if mine is not None:
                    self.script.pop(0)
                    state.apply(self._parse(move.seat, move.text), move.seat)
                    continue
            learner = next((d for d in pending if d.seat == seat and not d.forced), None)
            others = [d for d in pending if d.seat != seat]
            if learner is not None and not (self.script and others):
                return
            if not others:
                if learner is None:  # only forced answers of the learner's
                    for d in pending:
                        state.apply(d.actions[0], d.seat)
                    continue
                return
            d = others[0]
            window = state.window
            if self.script and window is not None and d.seat in window.passes:
                state.apply(window.passes[d.seat], d.seat)  # the script waits for its seat
            else:
                state.apply(d.actions[0] if d.forced else self.others(state, d), d.seat)
        raise LessonError(f"lesson {self.lesson.id!r}: the table did not reach the learner")

    def _ended(self) -> None:
        outcome = self.state.outcome()
        finish = self.lesson.finish
        won = outcome is not None and outcome.winner == self.lesson.seat
        if finish == "game" or (finish == "win" and won):
            self.done = True
        elif not self.done:
            self.failed = True

    # -- the learner -------------------------------------------------------------------

    def expected(self) -> tuple[Action, ...]:
        """The right actions of the current step (() when the lesson has no step now)."""
        if self.lesson.finish != "steps" or self.step >= len(self.lesson.steps):
            return ()
        return tuple(self._parse(self.lesson.seat, t) for t in self.lesson.steps[self.step].expect)

    def act(self, action: Action, lang: Lang = "vi") -> Verdict:
        """Judge the learner's ``action`` (one of its legal actions; ChieuError otherwise)."""
        decision = self.pending()
        if self.done or self.failed or decision is None:
            raise ChieuError(
                pick(("Bài học đã xong: bắt đầu lại.", "The lesson is over: restart it."), lang)
            )
        if action not in decision.actions:
            raise ChieuError(
                pick(("Nước đó không đi được bây giờ.", "That move is not legal now."), lang)
            )
        seat = self.lesson.seat
        if self.lesson.finish == "steps":
            step = self.lesson.steps[self.step]
            if action not in self.expected():
                self.verdict = Verdict(False, tuple(self._wrong(step, action, lang)))
                return self.verdict
            self.state.apply(action, seat)
            self.step += 1
            self.script.extend(step.replies)
            lines = [pick(("Đúng rồi!", "Right!"), lang), pick(step.why, lang)]
            if self.step >= len(self.lesson.steps):
                self.done = True
            self._advance()
            if self.state.is_terminal():
                lines += outcome_lines_of(self.state.game)(self.state, lang, seat)
            self.verdict = Verdict(True, tuple(x for x in lines if x))
            return self.verdict
        fault = self.state.fault_of(seat, action)
        lines = self._fault_lines(fault, lang) if fault else []
        self.state.apply(action, seat)
        self._advance()
        if self.state.is_terminal():
            head = (
                pick(("Bạn đã xong bài học!", "You finished the lesson!"), lang)
                if self.done
                else pick(("Chưa được: thử lại nhé.", "Not this time: try again."), lang)
            )
            lines = [head, *lines, *outcome_lines_of(self.state.game)(self.state, lang, seat)]
        self.verdict = Verdict(not self.failed, tuple(lines))
        return self.verdict

    def _glossary(self) -> Glossary | None:
        found: Glossary | None = kit_part(self.state.game, "glossary")
        return found

    def _fault_lines(self, fault: tuple[str, str], lang: Lang) -> list[str]:
        """The fault ``(id, name)``: its name and reason, and its penalty with what it means."""
        from chieu.core.viewing import penalty_of

        fault_id, name = fault
        glossary = self._glossary()
        found = glossary.lookup(name) if glossary else None
        reason = pick(found.text, lang) if found else ""
        lines = [pick((f"Nước này phạm lỗi {name}.", f"This move commits the fault {name}."), lang)]
        if reason:
            lines.append(reason)
        penalty = penalty_of(self.state, fault_id)
        paid = glossary.lookup(penalty) if glossary and penalty else None
        if paid is not None:
            lines.append(
                pick((f"Phạt: {paid.term}: ", f"Penalty: {paid.term}: "), lang)
                + pick(paid.text, lang)
            )
        return lines

    def _wrong(self, step: Step, action: Action, lang: Lang) -> list[str]:
        seat = self.lesson.seat
        notation = self.state.game.notation
        played = notation.label(self.state, seat, action, lang)
        lines = [
            pick((f"Chưa đúng: bạn chọn «{played}».", f"Not quite: you chose “{played}”."), lang)
        ]
        fault = self.state.fault_of(seat, action)
        if fault:
            lines += self._fault_lines(fault, lang)
        if pick(step.wrong, lang):
            lines.append(pick(step.wrong, lang))
        lines.append(pick(("Hãy thử lại, hoặc xem gợi ý.", "Try again, or ask for a hint."), lang))
        return lines

    def hint(self, lang: Lang = "vi") -> list[str]:
        """The lesson's hint for now, then the game's own analysis of the position."""
        lines: list[str] = []
        if self.lesson.finish == "steps" and self.step < len(self.lesson.steps):
            lines.append(pick(self.lesson.steps[self.step].hint, lang))
        elif pick(self.lesson.hint, lang):
            lines.append(pick(self.lesson.hint, lang))
        advise = hints_of(self.state.game)
        if advise is not None and self.pending() is not None:
            lines += advise(self.state, self.lesson.seat, lang)
        return [x for x in lines if x]

    def answer(self, lang: Lang = "vi") -> list[str]:
        """The right moves of the step, in words (asked for after trying)."""
        notation = self.state.game.notation
        seat = self.lesson.seat
        return [notation.label(self.state, seat, a, lang) for a in self.expected()]

    def snapshot(self, lang: Lang = "vi") -> JsonObject:
        """What a client draws: the lesson, where it stands, the learner's View, the last
        verdict, and (a whole-game lesson) the hints for the decision now."""
        seat = self.lesson.seat
        out: JsonObject = {
            "lesson": as_json(self.lesson.to_json(lang)),
            "step": self.step,
            "done": self.done,
            "failed": self.failed,
            "seat": seat,
            "view": self.state.view(seat, lang).to_json(),
            "verdict": None if self.verdict is None else self.verdict.to_json(),
        }
        if self.lesson.finish == "game" and self.pending() is not None:
            out["hints"] = list(self.hint(lang))
        return out
