"""The built-in games. Importing this package registers them.

Each game is one subpackage with the same module names (cards, rules, actions, state,
analysis, scoring, faults, checker, game) and registers itself on import.
"""

from chieu.games import (
    chan,  # noqa: F401
    matchuoc,  # noqa: F401
    phom,  # noqa: F401
    totom,  # noqa: F401
)
