"""Decisions: every seat that must answer now, and claim windows that ask by position.

``state.decisions()`` returns one :class:`Decision` per seat that must answer before the game
can go on. Outside a claim window that is one seat; in a claim window it is every seat the
window asked (by position only, never by the cards it holds) that has not answered yet. A seat
with no real claim gets a pass-only decision, so who is asked says nothing about hidden cards.

A :class:`ClaimWindow` collects the answers in any order, keeps them private, and once every
asked seat has answered the game resolves it by its own priority table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from chieu.core.actions import Action
from chieu.core.errors import IllegalActionError

DecisionKind = Literal["turn", "claim", "arrange", "declare"]
DECISION_KINDS: tuple[DecisionKind, ...] = ("turn", "claim", "arrange", "declare")


class Decision(NamedTuple):
    """One seat's pending choice (an immutable named tuple: built on every step, it costs
    half a frozen dataclass).

    ``kind`` is ``"turn"`` (the seat whose turn it is: draw, eat, discard, lay down...),
    ``"claim"`` (an answer to an exposed card: ù, chíu, phỗng, eat out of turn, or pass),
    ``"arrange"`` (a choice before play, such as setting cards aside) or ``"declare"`` (an
    announcement after a win). ``default`` is the legal action a timeout plays: a pass in a
    claim window, and for the other kinds the action the game documents (docs/view.md).
    Built on every step, so it checks nothing itself: the conformance suite checks that
    ``actions`` is never empty and ``default`` is one of them.
    """

    seat: int
    kind: DecisionKind
    actions: tuple[Action, ...]
    default: Action

    @property
    def forced(self) -> bool:
        """Only one answer is possible (a pass-only claim decision, a lone draw...)."""
        return len(self.actions) == 1


#: asked -> (the pass, the options and passes of a window where all may only pass), for the
#: pass last asked with those seats (the pass is compared by identity: a game's own instance)
_PASSING: dict[
    tuple[int, ...], tuple[Action, dict[int, tuple[Action, ...]], dict[int, Action]]
] = {}


@dataclass(slots=True)
class ClaimWindow:
    """The seats asked about one exposed card and their answers so far.

    ``asked`` lists the seats in the window's fixed order (the order a table asks them in:
    by distance from the card's door), ``options`` every asked seat's legal answers (a pass
    first-class among them), ``answers`` what each has answered. The window knows no game:
    the state opens it, feeds it answers, and resolves it once ``complete``.
    """

    asked: tuple[int, ...]
    options: dict[int, tuple[Action, ...]]
    passes: dict[int, Action]
    answers: dict[int, Action] = field(default_factory=dict)
    #: built by ``passing``: every seat may only pass (whoever changes ``options`` clears it)
    only_passes: bool = False

    @classmethod
    def open(
        cls,
        asked: Sequence[int],
        options: Mapping[int, Sequence[Action]],
        pass_action: Action | Mapping[int, Action],
    ) -> ClaimWindow:
        """A window asking ``asked``; a seat missing from ``options`` may only pass."""
        # one pass for every seat, or a pass per seat (testing for an Action, not for the
        # abstract Mapping, is the cheaper check on this hot path)
        if isinstance(pass_action, Action):
            if not options:
                return cls.passing(tuple(asked), pass_action)
            passes = dict.fromkeys(asked, pass_action)
        else:
            passes = {s: pass_action[s] for s in asked}
        opts: dict[int, tuple[Action, ...]] = {}
        for s in asked:
            given = tuple(options.get(s, ()))
            p = passes[s]
            opts[s] = given if p in given else (*given, p)
        return cls(tuple(asked), opts, passes)

    @classmethod
    def passing(cls, asked: tuple[int, ...], pass_action: Action) -> ClaimWindow:
        """A window where every seat asked may only pass (the common case: a card nobody can
        claim, asked by position all the same)."""
        template = _PASSING.get(asked)
        if template is None or template[0] is not pass_action:
            only = (pass_action,)
            template = _PASSING[asked] = (
                pass_action,
                dict.fromkeys(asked, only),
                dict.fromkeys(asked, pass_action),
            )
        # ``passes`` is never changed (``copy`` shares it too); ``options`` may be
        return cls(asked, template[1].copy(), template[2], {}, True)

    def pending(self) -> tuple[int, ...]:
        return tuple(s for s in self.asked if s not in self.answers)

    @property
    def complete(self) -> bool:
        return len(self.answers) == len(self.asked)

    def answer(self, seat: int, action: Action) -> None:
        if seat not in self.options:
            raise IllegalActionError(f"seat {seat} is not asked in this claim window")
        if seat in self.answers:
            raise IllegalActionError(f"seat {seat} has already answered this claim window")
        if action not in self.options[seat]:
            shown = ", ".join(str(a) for a in self.options[seat])
            raise IllegalActionError(
                f"{action} is not a claim seat {seat} may make; legal: {shown}"
            )
        self.answers[seat] = action

    def claims(self) -> dict[int, Action]:
        """The answers that are not passes."""
        return {s: a for s, a in self.answers.items() if a != self.passes[s]}

    def decisions(self) -> tuple[Decision, ...]:
        return tuple(
            Decision(s, "claim", self.options[s], self.passes[s])
            for s in self.asked
            if s not in self.answers
        )

    def copy(self) -> ClaimWindow:
        return ClaimWindow(self.asked, dict(self.options), self.passes, dict(self.answers))
