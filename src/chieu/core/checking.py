"""What every game's hand checker shares (``chieu.games.<game>.checker``).

A checker module exposes ``CHECK_OPTIONS`` (a list of ``CheckOption``, the CLI flags) and
``check_hand(text, options, rules) -> dict`` (a JSON-ready report with at least ``game`` and
``input``; bad text raises a ``ChieuError``). It may expose ``render(console, report)`` to show
a report to a person; ``chieu check`` has a plain fallback otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class CheckOption:
    """One option of a game's hand checker; the CLI turns it into ``--name``.

    ``kind`` is ``bool`` (a switch), ``int`` or ``str``; ``choices`` restricts a ``str`` option.
    Two games may share a flag name only with the same ``kind`` (the CLI merges their choices).
    """

    name: str
    kind: type
    help: str
    default: object = None
    choices: tuple[str, ...] = ()
