"""What every game's hand checker shares (``chieu.games.<game>.checker``).

A checker module exposes ``CHECK_OPTIONS`` (a list of ``CheckOption``, the CLI flags) and
``check_hand(text, options, rules, lang="vi") -> dict`` (a JSON-ready report with at least
``game`` and ``input``, its sentences in ``lang``; bad text raises a ``ChieuError`` whose
message is English, with the Vietnamese as its ``vi``). It may expose
``render(console, report, lang="vi")`` to show a report to a person; ``chieu check`` has a
plain fallback otherwise.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from chieu.core.errors import NotationError


@dataclass(frozen=True, slots=True)
class CheckOption:
    """One option of a game's hand checker; the CLI turns it into ``--name``.

    ``kind`` is ``bool`` (a switch), ``int`` or ``str``; ``choices`` restricts a ``str`` option.
    Two games may share a flag name only with the same ``kind`` (the CLI merges their choices).
    ``help`` says what it is in Vietnamese, ``help_en`` in English.
    """

    name: str
    kind: type
    help: str
    help_en: str
    default: object = None
    choices: tuple[str, ...] = ()


def read_cards(
    parse: Callable[[str], list[int]], text: str, vi: Callable[[str, NotationError], str]
) -> list[int]:
    """``parse(text)``; a card it cannot read raises its NotationError with the Vietnamese
    ``vi(text, exc)`` (the words ``chieu play`` says) and the position, for ``chieu check``."""
    try:
        return parse(text)
    except NotationError as exc:
        said = vi(text, exc)
        if exc.position is not None and "vị trí" not in said:
            said += f" (vị trí {exc.position})"
        raise NotationError(str(exc), token=exc.token, position=exc.position, vi=said) from None
