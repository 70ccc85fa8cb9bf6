"""A game's advice and result in words: its kit's ``hints`` and ``results`` parts, or the
generic fallbacks, for the edges (terminal, server) to call without looking up the kit.

``hints_of(game)`` is the game's ``hints(state, seat, lang)`` or None (the edge then says
there is no hint); ``outcome_lines_of(game)`` is its ``outcome_lines(state, lang, viewer)``
or :func:`generic_outcome_lines`, which reads the ``Outcome``: the winner or how the game
ended, then each seat's payoff.
"""

from __future__ import annotations

from typing import Protocol

from chieu.core.kit import kit_part
from chieu.core.notation import Lang, pick, seat_name
from chieu.core.outcome import Termination
from chieu.core.protocol import State


class Hints(Protocol):
    """A kit's ``hints``: advice for ``seat`` from what it may see, a line each (its waits by
    name, the best two or three discards or takes with their reason, the faults to avoid)."""

    def __call__(self, state: State, seat: int, lang: Lang = "vi") -> list[str]: ...


class OutcomeLines(Protocol):
    """A kit's ``results``: the end of the game broken down (who won on what, the cước or phán
    with their points, faults, who paid whom), ``viewer`` named "Bạn" / "You"."""

    def __call__(self, state: State, lang: Lang = "vi", viewer: int | None = None) -> list[str]: ...


def hints_of(game: object) -> Hints | None:
    """The ``hints`` of ``game``'s kit (a definition or bound ``Game``), or None: no hints."""
    found: Hints | None = kit_part(game, "hints")
    return found


def outcome_lines_of(game: object) -> OutcomeLines:
    """The ``results`` of ``game``'s kit, or :func:`generic_outcome_lines`."""
    found: OutcomeLines | None = kit_part(game, "results")
    return generic_outcome_lines if found is None else found


_ENDS: dict[Termination, tuple[str, str]] = {
    Termination.WIN: ("Ván đã kết thúc", "The game is over"),
    Termination.NO_WINNER: ("Hòa: không ai thắng", "A draw: nobody won"),
    Termination.FAULT: ("Ván dừng vì phạm lỗi", "The game stopped on a fault"),
}


def generic_outcome_lines(state: State, lang: Lang = "vi", viewer: int | None = None) -> list[str]:
    """The end of any game from its ``Outcome``: who won (or how it ended), then each seat's
    payoff (``Người 1: +3``); no line while the game goes on."""
    outcome = state.outcome()
    if outcome is None:
        return []
    if outcome.winner is not None:
        who = seat_name(outcome.winner, viewer, lang)
        head = pick((f"{who} thắng", f"{who} won"), lang)
        if outcome.termination is Termination.FAULT:
            head += pick((" (ván dừng vì phạm lỗi)", " (the game stopped on a fault)"), lang)
    else:
        head = pick(_ENDS[outcome.termination], lang)
    lines = [head]
    for seat, points in enumerate(outcome.payoffs):
        lines.append(f"{seat_name(seat, viewer, lang)}: {points:+g}")
    return lines
