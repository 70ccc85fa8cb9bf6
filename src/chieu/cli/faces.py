"""Card faces in the terminal: the only thing the table's drawing knows per game.

A face is the text and Rich style of a card code from a View. A game's kit names its own face
(``terminal_face``, e.g. Phỏm's suit symbols in ``chieu.games.phom.terminal``); a game without
one shows red cards red and underlined (colour is never the only signal).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rich.table import Table
from rich.text import Text

from chieu.core.kit import kit_part
from chieu.core.table import Game

Face = Callable[[str], Text]


def red_marked(game: Game) -> Face:
    """Red cards bold, red and underlined (Chắn, Tổ tôm; any game without a face of its own)."""
    kinds = game.definition.kinds

    def face(code: str) -> Text:
        kind = kinds.kind(code)
        if kind is not None and kinds.is_red(kind):
            return Text(code, style="bold red underline")
        return Text(code)

    return face


def face_for(game: Game) -> Face:
    """How ``game``'s cards are drawn in the terminal (its kit's ``terminal_face``)."""
    factory = kit_part(game, "terminal_face")
    face: Face = (factory or red_marked)(game)
    return face


def cards_text(codes: list[str] | tuple[str, ...], face: Face, sep: str = " ") -> Text:
    return Text(sep).join(face(c) for c in codes)


def report_table(report: Mapping[str, object]) -> Table:
    """The table of a ``chieu check`` report: its input as the title, then name/value rows
    (each game's ``terminal.render`` adds its own)."""
    title = Text(str(report.get("input", "")), style="bold")
    table = Table(title=title, show_header=False, box=None, title_justify="left")
    table.add_column(style="cyan", no_wrap=True)
    table.add_column()
    return table
