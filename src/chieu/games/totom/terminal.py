"""The person-facing view of ``chieu check totom`` (Rich)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import Console
from rich.text import Text

from chieu.cli.faces import report_table
from chieu.core.notation import Lang, pick
from chieu.games.totom.cards import KINDS
from chieu.games.totom.phu import NAMED_NAMES, PHU_TYPE_NAMES

if TYPE_CHECKING:
    from chieu.games.totom.checker import TotomCheckReport
    from chieu.games.totom.phu import PhuJson
    from chieu.games.totom.scoring import CuocJson

_READINGS = {
    "ra": ("R-A (bí và yêu lẻ là lưng, ≥ 3)", "R-A (phu bí and lone yêu count, ≥ 3)"),
    "r0": ("R0 (chỉ lưng có tên, ≥ 3)", "R0 (the named lưng only, ≥ 3)"),
    "rc": ("R-C (lưng có tên và yêu lẻ, ≥ 2)", "R-C (named lưng and lone yêu, ≥ 2)"),
}


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


def render(console: Console, report: TotomCheckReport, lang: Lang = "vi") -> None:
    """The report as a table, its words in ``lang`` (the phu, the lưng and the cước keep their
    Vietnamese names)."""

    def say(vi: str, en: str) -> str:
        return pick((vi, en), lang)

    table = report_table(report)
    table.add_row(say("Bài", "Hand"), _cards(report["cards"]))
    reading = _READINGS.get(report["lung_reading"])
    table.add_row(
        say("Cách đọc lưng", "Lưng reading"), Text(pick(reading, lang) if reading else "")
    )
    winning = report["winning_card"]
    if winning is None:
        if report.get("thanh"):
            table.add_row(say("Bài thành", "In phu"), _groups(report["groups"]))
        waits = report["waits"]
        wait = say("Chờ", "Waits")
        if not waits:
            none = say(
                "không chờ quân nào (bất thành phu hoặc thiếu lưng)",
                "no card wins (bất thành phu or thiếu lưng)",
            )
            table.add_row(wait, Text(none))
        for w in waits:
            points = say(f"{w['score']} điểm", f"{w['score']} points")
            line = Text.assemble(
                _card(w["card"]), f": {points}, {w['lung']} lưng — {_cuoc(w['cuoc'])}"
            )
            table.add_row(wait, line)
            table.add_row("", _groups(w["groups"]))
        if len(waits) == 1:
            table.add_row("", Text(f"bạch thủ {waits[0]['card']}"))
    else:
        table.add_row(say("Quân ù", "Winning card"), _card(winning))
        if report["groups"]:
            table.add_row("Phu", _groups(report["groups"]))
            table.add_row("Lưng", Text(str(report["lung"])))
        if report["win"]:
            table.add_row("Cước", Text(_cuoc(report["cuoc"])))
            score = report["score"]
            verdict = Text(say(f"Ù: {score} điểm", f"Win: {score} points"), style="bold green")
        else:
            no = say("Không ù", "No win")
            verdict = Text(f"{no}: {report['illegal']}", style="bold red")
        table.add_row(say("Kết quả", "Result"), verdict)
    console.print(table)
    console.print()
