"""Phỏm in the terminal (Rich): its card face at the table (``face``, the kit's
``terminal_face``) and the view of ``chieu check phom`` (``render``, the kit's ``check_view``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.console import Console
from rich.text import Text

from chieu.cli.faces import report_table
from chieu.core.notation import Lang, pick
from chieu.games.phom.cards import parse_cards, symbol

if TYPE_CHECKING:
    from chieu.core.table import Game
    from chieu.games.phom.checker import PhomCheckReport

_SUITS = {"s": ("♠", ""), "c": ("♣", ""), "d": ("♦", "red"), "h": ("♥", "red")}


def face(game: Game) -> Callable[[str], Text]:
    """Phỏm's suit symbols, ♦ and ♥ red."""
    return _face


def _face(code: str) -> Text:
    rank, suit = code[:-1], code[-1:].lower()
    rank = "10" if rank.upper() == "T" else rank
    mark, style = _SUITS.get(suit, (suit, ""))
    return Text(f"{rank}{mark}", style=style)


def _sym(codes: list[str]) -> str:
    return " ".join(symbol(parse_cards(c)[0]) for c in codes)


def render(console: Console, report: PhomCheckReport, lang: Lang = "vi") -> None:
    """The report as a table, its words in ``lang`` (phỏm, cạ, móm, ù keep their names)."""

    def say(vi: str, en: str) -> str:
        return pick((vi, en), lang)

    table = report_table(report)
    table.add_row(say("Bài", "Hand"), Text(_sym(report["cards"])))
    if report["eaten"]:
        table.add_row(say("Quân đã ăn", "Eaten"), Text(_sym(report["eaten"])))
    for m in report["table"]:
        table.add_row(say("Phỏm trên bàn", "Phỏm on the table"), Text(_sym(m)))
    melds = " | ".join(_sym(m) for m in report["melds"]) or say("(không có phỏm)", "(no phỏm)")
    table.add_row("Phỏm", Text(melds))
    for s in report["sent"]:
        table.add_row(say("Gửi", "Send"), Text(f"{_sym([s['card']])} → {_sym(s['onto'])}"))
    if report["discard"]:
        table.add_row(say("Đánh", "Discard"), Text(_sym([report["discard"]])))
    table.add_row(say("Rác", "Deadwood"), Text(_sym(report["deadwood"]) or "—"))
    points = say(f"{report['points']} điểm", f"{report['points']} points")
    if report["u"]:
        verdict = Text(say("Ù (0 điểm)", "Ù (0 points)"), style="bold green")
    elif report["mom"]:
        verdict = Text(f"Móm: {points}", style="bold red")
    else:
        verdict = Text(points, style="bold")
    table.add_row(say("Kết quả", "Result"), verdict)
    if report.get("u_khan"):
        khan = say(
            "bài không có cạ, không có phỏm (nếu luật cho ù khan)",
            "no cạ and no phỏm in the hand (if the rules allow ù khan)",
        )
        table.add_row("Ù khan", Text(khan))
    if report["alternatives"]:
        n = len(report["alternatives"])
        others = say(f"{n} cách cùng điểm", f"{n} with the same points")
        table.add_row(say("Cách xếp khác", "Other arrangements"), Text(others))
        for alt in report["alternatives"][:5]:
            table.add_row("", Text(" | ".join(_sym(m) for m in alt["melds"])))
    outs = [o for o in report["outs"] if o["completes"] and o["unseen"]]
    if outs:
        line = " ".join(_sym([o["card"]]) for o in outs)
        unseen = say(f"{len(outs)} quân chưa lộ", f"{len(outs)} cards unseen")
        table.add_row(say("Chờ ăn", "Outs"), Text(f"{line} ({unseen})"))
    console.print(table)
    console.print()
