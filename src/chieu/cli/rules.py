"""``chieu rules GAME [glossary] [--preset NAME] [--rules KEY=VALUE ...] [--section ID]
[--glossary] [--lang en]``: a game's rules in the terminal, as the table in force plays them.

The rules come from the game's kit (``rulebook``, read through
``chieu.core.rulebook.rulebook_of``): section titles, paragraphs, example cards drawn with the
game's terminal face and named, and the tables of cước, faults and options with their values
under the chosen preset and options. ``glossary`` (or ``--glossary``) prints the game's
glossary instead. An unknown game, preset, option or section is a clear error (exit 2).
"""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from chieu.cli.common import Subparsers, build_rules
from chieu.cli.faces import Face, cards_text, face_for
from chieu.cli.i18n import tr
from chieu.core.errors import ChieuError
from chieu.core.glossary import Glossary
from chieu.core.kit import kit_part
from chieu.core.notation import Lang
from chieu.core.protocol import GameDefinition
from chieu.core.registry import find_game
from chieu.core.rulebook import Example, Rulebook, Section, rulebook_of
from chieu.core.table import Game

#: the second word that asks for the glossary (``chieu rules chan glossary``)
GLOSSARY_WORDS = ("glossary", "thuat-ngu", "thuật-ngữ", "thuatngu")


def add_parser(sub: Subparsers) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser(
        "rules",
        help=tr("luật chơi của một trò", "a game's rules"),
        description=tr(
            "Luật chơi của một trò như bàn đang chơi: các quân bài, nhóm, một lượt, ăn, ù, "
            "cước và điểm, lỗi và tiền phạt, tuỳ chọn của bàn. Thêm 'glossary' để xem bảng "
            "thuật ngữ.",
            "A game's rules as the table plays them: the cards, groups, a turn, claims, "
            "winning, scoring, faults and their penalties, the house options. Add 'glossary' "
            "for the glossary.",
        ),
    )
    p.add_argument("game", metavar="GAME", help=tr("trò chơi, ví dụ chan", "the game, e.g. chan"))
    p.add_argument(
        "topic",
        metavar="glossary",
        nargs="?",
        help=tr("'glossary': bảng thuật ngữ", "'glossary': the glossary"),
    )
    p.add_argument(
        "--glossary", action="store_true", help=tr("bảng thuật ngữ", "print the glossary")
    )
    p.add_argument("--preset", metavar="NAME", help=tr("bộ luật có sẵn", "a named rule preset"))
    p.add_argument(
        "--rules",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help=tr("đổi một tuỳ chọn (lặp lại được)", "change one house rule (repeatable)"),
    )
    p.add_argument("--section", metavar="ID", help=tr("chỉ một phần", "one section only"))
    p.add_argument("--lang", choices=("vi", "en"), default="vi", help=tr("ngôn ngữ", "language"))
    p.set_defaults(run=run)
    return p


def _names(game: Game, codes: tuple[str, ...], lang: Lang) -> str:
    """The cards' names in ``lang``, in order (a code the deck lacks stays as it is)."""
    kinds = game.definition.kinds
    out = []
    for code in codes:
        kind = kinds.kind(code)
        out.append(code if kind is None else game.notation.card_name(kind, lang))
    return ", ".join(out)


def _cards(game: Game, face: Face, codes: tuple[str, ...], lang: Lang) -> Text:
    """Cards drawn with the game's face, then their names."""
    line = cards_text(codes, face)
    line.append(f"  ({_names(game, codes, lang)})", style="dim")
    return line


def _example(game: Game, face: Face, example: Example, lang: Lang) -> Padding:
    line = _cards(game, face, example.cards, lang)
    if example.caption:
        line.append("\n")
        line.append(example.caption, style="italic")
    return Padding(line, (0, 0, 0, 2))


def _section(console: Console, game: Game, face: Face, section: Section, lang: Lang) -> None:
    console.print(Text(section.title, style="bold cyan"))
    for paragraph in section.paragraphs:
        console.print(paragraph)
    for example in section.examples:
        console.print(_example(game, face, example, lang))
    if section.rows:
        table = Table(show_lines=False, expand=False)
        heads = [c or d for c, d in zip(section.columns, _default_columns(lang), strict=True)]
        table.add_column(heads[0], style="bold", overflow="fold")
        table.add_column(heads[1], style="green", overflow="fold")
        table.add_column(heads[2], overflow="fold")
        for row in section.rows:
            table.add_row(row.term, row.value, row.text)
        console.print(table)
    console.print()


def _default_columns(lang: Lang) -> tuple[str, str, str]:
    if lang == "en":
        return ("Name", "Value", "What it is")
    return ("Tên", "Giá trị", "Là gì")


def _book(definition: GameDefinition, game: Game, lang: Lang) -> Rulebook:
    write = rulebook_of(definition)
    if write is None:
        raise ChieuError(
            tr(
                f"{definition.title} chưa có trang luật chơi",
                f"{definition.title} has no rules page yet",
            )
        )
    return write(game.rules, lang)


def _glossary(console: Console, definition: GameDefinition, game: Game, lang: Lang) -> None:
    glossary = kit_part(definition, "glossary")
    if not isinstance(glossary, Glossary):
        raise ChieuError(
            tr(
                f"{definition.title} chưa có bảng thuật ngữ",
                f"{definition.title} has no glossary yet",
            )
        )
    face = face_for(game)
    title = tr(f"Thuật ngữ — {definition.title}", f"Glossary — {definition.title}")
    console.print(Text(title, style="bold magenta"))
    console.print()
    for entry in glossary:
        data = entry.to_json(lang)
        console.print(Text(data["term"], style="bold cyan"))
        console.print(Padding(Text(data["text"]), (0, 0, 0, 2)))
        if entry.cards:
            console.print(Padding(_cards(game, face, entry.cards, lang), (0, 0, 0, 2)))


def run(args: argparse.Namespace) -> int:
    lang: Lang = "en" if args.lang == "en" else "vi"
    definition = find_game(args.game)
    glossary = bool(args.glossary)
    if args.topic is not None:
        if args.topic.strip().lower() not in GLOSSARY_WORDS:
            raise ChieuError(
                tr(
                    f"không hiểu {args.topic!r}: chỉ có 'glossary' (bảng thuật ngữ)",
                    f"{args.topic!r} is not understood: only 'glossary' is",
                )
            )
        glossary = True
    rules = build_rules(definition, args.preset, args.rules)
    game = Game(definition, rules)
    console = Console(highlight=False)
    if glossary:
        _glossary(console, definition, game, lang)
        return 0
    book = _book(definition, game, lang)
    sections = book.sections
    if args.section is not None:
        found = book.section(args.section)
        if found is None:
            known = ", ".join(s.id for s in book.sections)
            raise ChieuError(
                tr(
                    f"không có phần {args.section!r} trong luật {book.title}; có: {known}",
                    f"no section {args.section!r} in the rules of {book.title}; known: {known}",
                )
            )
        sections = (found,)
    face = face_for(game)
    console.print(Text(book.title, style="bold magenta"))
    console.print()
    for section in sections:
        _section(console, game, face, section, lang)
    if book.sources and args.section is None:
        console.print(Text(tr("Nguồn: ", "Sources: ") + "; ".join(book.sources), style="dim"))
    return 0
