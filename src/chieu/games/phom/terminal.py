"""Phỏm in the terminal (Rich): its card face at the table (``face``, the kit's
``terminal_face``) and the view of ``chieu check phom`` (``render``, the kit's ``check_view``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.console import Console
from rich.text import Text

from chieu.cli.faces import report_table
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


def render(console: Console, report: PhomCheckReport) -> None:
    table = report_table(report)
    table.add_row("Bài", Text(_sym(report["cards"])))
    if report["eaten"]:
        table.add_row("Quân đã ăn", Text(_sym(report["eaten"])))
    for m in report["table"]:
        table.add_row("Phỏm trên bàn", Text(_sym(m)))
    melds = " | ".join(_sym(m) for m in report["melds"]) or "(không có phỏm)"
    table.add_row("Phỏm", Text(melds))
    for s in report["sent"]:
        table.add_row("Gửi", Text(f"{_sym([s['card']])} → {_sym(s['onto'])}"))
    if report["discard"]:
        table.add_row("Đánh", Text(_sym([report["discard"]])))
    table.add_row("Rác", Text(_sym(report["deadwood"]) or "—"))
    if report["u"]:
        verdict = Text("Ù (0 điểm)", style="bold green")
    elif report["mom"]:
        verdict = Text(f"Móm: {report['points']} điểm", style="bold red")
    else:
        verdict = Text(f"{report['points']} điểm", style="bold")
    table.add_row("Kết quả", verdict)
    if report.get("u_khan"):
        table.add_row("Ù khan", Text("bài không có cạ, không có phỏm (nếu luật cho ù khan)"))
    if report["alternatives"]:
        table.add_row("Cách xếp khác", Text(f"{len(report['alternatives'])} cách cùng điểm"))
        for alt in report["alternatives"][:5]:
            table.add_row("", Text(" | ".join(_sym(m) for m in alt["melds"])))
    outs = [o for o in report["outs"] if o["completes"] and o["unseen"]]
    if outs:
        line = " ".join(_sym([o["card"]]) for o in outs)
        table.add_row("Chờ ăn", Text(f"{line} ({len(outs)} quân chưa lộ)"))
    console.print(table)
    console.print()
