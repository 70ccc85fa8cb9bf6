"""The one driver loop: bots, search rollouts, the arena, the terminal and the tests use it.

``play(state, choose)`` asks ``choose(state, decision)`` for every pending decision until
the game ends. A decision with one legal action (a pass-only claim answer, a lone draw) is
answered without asking (``fast=True``; a claim window's pass-only answers all at once through
``state.pass_forced()``, and ``after`` is not called for those), which is what makes claim
windows that ask every seat cheap.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from chieu.core.actions import Action
from chieu.core.decisions import Decision
from chieu.core.errors import ChieuError, IllegalActionError
from chieu.core.protocol import State
from chieu.core.state import StateBase

S = TypeVar("S", bound=State)
#: ``choose(state, decision)``: the action of the decision's seat
Chooser = Callable[[S, Decision], Action]
#: ``after(state, seat, action)``: called after each action
Observer = Callable[[S, int, Action], None]


def play(
    state: S,
    choose: Chooser[S],
    *,
    max_steps: int | None = None,
    fast: bool = True,
    after: Observer[S] | None = None,
) -> S:
    """Play ``state`` to its end (or ``max_steps`` actions); returns the state.

    ``after(state, seat, action)`` is called after each action. An action outside its
    decision is a programming error (IllegalActionError), and a game that does not end
    within the bound is ChieuError.
    """
    limit = max_steps if max_steps is not None else 4 * state.game.max_game_length
    steps = 0
    pass_forced = getattr(state, "pass_forced", None) if fast else None
    # a StateBase checks every action against the same legal actions in ``apply`` (and
    # raises IllegalActionError, changing nothing): no need to look twice
    checked = isinstance(state, StateBase)
    apply = state.apply
    decisions = state.decisions
    while True:
        if pass_forced is not None and (not checked or state.window is not None):
            steps += pass_forced()
        pending = decisions()
        if not pending:
            return state
        for d in pending:
            actions = d.actions
            if fast and len(actions) == 1:
                action = actions[0]
            else:
                action = choose(state, d)
                if not checked and action not in actions:
                    raise IllegalActionError(
                        f"seat {d.seat} chose {action!r}, which is not one of its legal actions"
                    )
            apply(action, d.seat)
            if after is not None:
                after(state, d.seat, action)
            steps += 1
        if steps >= limit:
            if max_steps is not None:
                return state
            raise ChieuError(f"the game did not end within {limit} actions ({state!r})")
