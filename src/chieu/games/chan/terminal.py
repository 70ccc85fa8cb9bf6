"""Chắn in the terminal (Rich): the view of ``chieu check chan`` (``render``, the kit's
``check_view``). Its cards take the terminal's default face (red cards marked)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from rich.console import Console
from rich.text import Text

from chieu.cli.faces import report_table
from chieu.core.notation import Lang, pick

if TYPE_CHECKING:
    from chieu.games.chan.checker import ChanCheckReport

_WAIT_NAMES = {"bach_thu": "bạch thủ", "bach_thu_chi": "bạch thủ chi", "rong": "ù rộng"}


def _cuoc_text(cuoc: Sequence[Mapping[str, object]]) -> str:
    return ", ".join(
        str(c["name"]) if c["count"] == 1 else f"{c['name']} ×{c['count']}" for c in cuoc
    )


def render(console: Console, report: ChanCheckReport, lang: Lang = "vi") -> None:
    """The report as a table, its words in ``lang`` (the cước and the kinds of wait keep
    their Vietnamese names)."""

    def say(vi: str, en: str) -> str:
        return pick((vi, en), lang)

    points = say("điểm", "points")
    table = report_table(report)
    table.add_row(say("Quân", "Cards"), Text(" ".join(report["cards"])))
    groups = " | ".join("".join(g) for g in report["groups"])
    table.add_row(say("Nhóm", "Groups"), Text(groups))
    shape = f"{report['chan']} chắn, {report['ca']} cạ"
    if report["que"]:
        shape += ", què: " + " ".join(report["que"])
    table.add_row(say("Cặp", "Pairs"), Text(shape))
    winning = report["winning_card"]
    if winning:
        table.add_row(say("Quân ù", "Winning card"), Text(winning))
    result = say("Kết quả", "Result")
    if report["win"]:
        table.add_row(result, Text(say("Ù", "Win"), style="bold green"))
        table.add_row("Cước", Text(_cuoc_text(report["cuoc"])))
        table.add_row(say("Điểm", "Points"), Text(str(report["score"]), style="bold"))
    elif report["waits"] and not winning:
        kind = _WAIT_NAMES.get(report["wait_kind"] or "", "")
        waits = " ".join(report["waits"])
        line = say(f"Chờ {waits} ({kind})", f"Waiting on {waits} ({kind})")
        table.add_row(result, Text(line, style="bold"))
        for w in report["wins_on"]:
            if w["win"]:
                line = f"{_cuoc_text(w['cuoc'])} = {w['score']} {points}"
            else:
                line = say("không ù được: ", "no win: ") + str(w["illegal"])
            table.add_row(say(f"  ù {w['card']}", f"  win on {w['card']}"), Text(line))
    else:
        done = winning or report["complete"]
        verdict = say("Không ù", "No win") if done else say("Chưa ù", "Not a win")
        if len(report["cards"]) == 19:
            if report["chi_rong"]:
                verdict = say("Chờ chi rộng: không được ù", "Chờ chi rộng: no win allowed")
            else:
                steps = report["distance"]
                verdict = say("Chưa chờ", "Not waiting yet")
                if 0 < steps < 99:
                    verdict += say(
                        f" (còn {steps} bước)", f" ({steps} step{'' if steps == 1 else 's'} away)"
                    )
        table.add_row(result, Text(verdict, style="bold yellow"))
    illegal = report["illegal"]
    if illegal:
        table.add_row(say("Phạm luật", "Fault"), Text(illegal, style="red"))
    console.print(table)
    console.print()
