"""The person-facing view of ``chieu check totom`` (Rich)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import Console
from rich.text import Text

from chieu.cli.faces import report_table
from chieu.games.totom.cards import KINDS
from chieu.games.totom.phu import NAMED_NAMES, PHU_TYPE_NAMES

if TYPE_CHECKING:
    from chieu.games.totom.checker import TotomCheckReport
    from chieu.games.totom.phu import PhuJson
    from chieu.games.totom.scoring import CuocJson

_READINGS = {"ra": "R-A (bí và yêu lẻ là lưng, ≥ 3)", "r0": "R0 (chỉ lưng có tên, ≥ 3)"}
_READINGS["rc"] = "R-C (lưng có tên và yêu lẻ, ≥ 2)"


def _card(code: str) -> Text:
    kind = KINDS.kind(code)
    red = kind is not None and KINDS.is_red(kind)
    return Text(code, style="bold red" if red else "bold")


def _cards(codes: Sequence[str]) -> Text:
    return Text(" ").join(_card(c) for c in codes) if codes else Text("—")


def _groups(groups: Sequence[PhuJson]) -> Text:
    out = Text()
    for i, g in enumerate(groups):
        if i:
            out.append(" · ")
        out.append("[")
        out.append_text(_cards(g["cards"]))
        out.append("]")
        label = NAMED_NAMES.get(str(g.get("name", "")), "") or PHU_TYPE_NAMES.get(g["type"], "")
        out.append(f" {label}", style="dim")
    return out


def _cuoc(cuoc: Sequence[CuocJson]) -> str:
    return ", ".join(f"{c['name']}" + (f" ×{c['count']}" if c["count"] > 1 else "") for c in cuoc)


def render(console: Console, report: TotomCheckReport) -> None:
    table = report_table(report)
    table.add_row("Bài", _cards(report["cards"]))
    table.add_row("Cách đọc lưng", Text(_READINGS.get(report["lung_reading"], "")))
    winning = report["winning_card"]
    if winning is None:
        if report.get("thanh"):
            table.add_row("Bài thành", _groups(report["groups"]))
        waits = report["waits"]
        if not waits:
            table.add_row("Chờ", Text("không chờ quân nào (bất thành phu hoặc thiếu lưng)"))
        for w in waits:
            line = Text.assemble(
                _card(w["card"]),
                f": {w['score']} điểm, {w['lung']} lưng — {_cuoc(w['cuoc'])}",
            )
            table.add_row("Chờ", line)
            table.add_row("", _groups(w["groups"]))
        if len(waits) == 1:
            table.add_row("", Text(f"bạch thủ {waits[0]['card']}"))
    else:
        table.add_row("Quân ù", _card(winning))
        if report["groups"]:
            table.add_row("Phu", _groups(report["groups"]))
            table.add_row("Lưng", Text(str(report["lung"])))
        if report["win"]:
            table.add_row("Cước", Text(_cuoc(report["cuoc"])))
            verdict = Text(f"Ù: {report['score']} điểm", style="bold green")
        else:
            verdict = Text(f"Không ù: {report['illegal']}", style="bold red")
        table.add_row("Kết quả", verdict)
    console.print(table)
    console.print()
