"""The built-in games. Importing this package registers them.

Each game is one subpackage with the same module names (cards, rules, actions, state,
analysis, scoring, faults, checker, game) and registers itself on import.
"""

from chieu.games import chan  # noqa: F401
from chieu.games import totom  # noqa: F401
from chieu.games import phom  # noqa: F401
from chieu.games import matchuoc  # noqa: F401
