"""Chắn in the terminal (Rich): the view of ``chieu check chan`` (``render``, the kit's
``check_view``). Its cards take the terminal's default face (red cards marked)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from rich.console import Console
from rich.text import Text

from chieu.cli.faces import report_table

if TYPE_CHECKING:
    from chieu.games.chan.checker import ChanCheckReport

_WAIT_NAMES = {"bach_thu": "bạch thủ", "bach_thu_chi": "bạch thủ chi", "rong": "ù rộng"}


def _cuoc_text(cuoc: Sequence[Mapping[str, object]]) -> str:
    return ", ".join(
        str(c["name"]) if c["count"] == 1 else f"{c['name']} ×{c['count']}" for c in cuoc
    )


def render(console: Console, report: ChanCheckReport) -> None:
    table = report_table(report)
    table.add_row("Quân", Text(" ".join(report["cards"])))
    groups = " | ".join("".join(g) for g in report["groups"])
    table.add_row("Nhóm", Text(groups))
    shape = f"{report['chan']} chắn, {report['ca']} cạ"
    if report["que"]:
        shape += ", què: " + " ".join(report["que"])
    table.add_row("Cặp", Text(shape))
    winning = report["winning_card"]
    if winning:
        table.add_row("Quân ù", Text(winning))
    if report["win"]:
        table.add_row("Kết quả", Text("Ù", style="bold green"))
        table.add_row("Cước", Text(_cuoc_text(report["cuoc"])))
        table.add_row("Điểm", Text(str(report["score"]), style="bold"))
    elif report["waits"] and not winning:
        kind = _WAIT_NAMES.get(report["wait_kind"] or "", "")
        table.add_row("Kết quả", Text(f"Chờ {' '.join(report['waits'])} ({kind})", style="bold"))
        for w in report["wins_on"]:
            if w["win"]:
                line = f"{_cuoc_text(w['cuoc'])} = {w['score']} điểm"
            else:
                line = f"không ù được: {w['illegal']}"
            table.add_row(f"  ù {w['card']}", Text(line))
    else:
        verdict = "Không ù" if winning or report["complete"] else "Chưa ù"
        if len(report["cards"]) == 19:
            if report["chi_rong"]:
                verdict = "Chờ chi rộng: không được ù"
            else:
                steps = report["distance"]
                verdict = "Chưa chờ" + (f" (còn {steps} bước)" if 0 < steps < 99 else "")
        table.add_row("Kết quả", Text(verdict, style="bold yellow"))
    illegal = report["illegal"]
    if illegal:
        table.add_row("Phạm luật", Text(illegal, style="red"))
    console.print(table)
    console.print()
