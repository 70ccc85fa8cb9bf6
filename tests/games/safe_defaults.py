"""Safe defaults (issue 28), shared by each game's ``test_defaults.py``: walk seeded random
games and say when a decision's ``default`` is unsafe.

Unsafe: the default commits a fault (``state.fault_of``) while an answer that commits none
is offered; a win (verb ``win``) free of faults is offered and the default is not a win; in
Phỏm, a phỏm may be laid and the default discards.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from chieu.core.decisions import Decision
from chieu.core.registry import find_game
from chieu.core.rules import RulesBase
from chieu.core.state import StateBase

WINS = ("win", "u_khan")


def unsafe(state: StateBase, d: Decision) -> str | None:
    """Why ``d``'s default is unsafe, or None."""
    faults = {a: state.fault_of(d.seat, a) for a in d.actions}
    default = d.default
    if default not in d.actions:
        return "not legal"
    clean = [a for a in d.actions if faults[a] is None]
    if faults[default] is not None and clean:
        return f"fault {faults[default][0]}: {default}"
    if any(a.verb in WINS for a in clean) and default.verb not in WINS:
        return f"a win thrown away: {default}"
    if default.verb == "discard" and any(a.verb == "lay" for a in d.actions):
        return f"a lay thrown away: {default}"
    return None


def walk(
    game: str, seed: int, *, rules: RulesBase | None = None, limit: int = 4000
) -> Iterator[tuple[StateBase, Decision]]:
    """Every decision of a seeded random game (random answers, mostly free of faults), each
    asked before the game goes on."""
    g = find_game(game)
    st = g.new_state(rules, seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if st.phase == "end":
            return
        decisions = st.decisions()
        if not decisions:
            return
        for d in decisions:
            yield st, d
        d = decisions[0]
        clean = [a for a in d.actions if st.fault_of(d.seat, a) is None] or list(d.actions)
        st.apply(rng.choice(clean if rng.random() < 0.9 else list(d.actions)), d.seat)


def first(
    game: str, found: Callable[[StateBase, Decision], bool], seeds: range = range(200)
) -> tuple[StateBase, Decision]:
    """The first decision of the seeded random games where ``found`` holds."""
    for seed in seeds:
        for st, d in walk(game, seed):
            if found(st, d):
                return st, d
    raise AssertionError(f"no such position in {game} games {seeds}")


def offers(verb: str) -> Callable[[StateBase, Decision], bool]:
    """A decision offering ``verb`` free of faults, beside another answer."""

    def found(st: StateBase, d: Decision) -> bool:
        return len(d.actions) > 1 and any(
            a.verb == verb and st.fault_of(d.seat, a) is None for a in d.actions
        )

    return found


def sweep(game: str, seeds: range) -> list[str]:
    """Every unsafe default met in the seeded random games ``seeds``."""
    bad = []
    for seed in seeds:
        for st, d in walk(game, seed):
            why = unsafe(st, d)
            if why is not None:
                bad.append(f"seed {seed} step {st.steps} seat {d.seat}: {why}")
    return bad
