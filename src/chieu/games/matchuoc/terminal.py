"""Mạt chược in the terminal (Rich): its tile face at the table (``face``, the kit's
``terminal_face``) and the view of ``chieu check matchuoc`` (``render``, the kit's
``check_view``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.console import Console
from rich.text import Text

from chieu.cli.faces import report_table
from chieu.core.notation import Lang, pick

if TYPE_CHECKING:
    from chieu.core.table import Game
    from chieu.games.matchuoc.checker import CheckGroupJson, MatchuocCheckReport

_SUIT_STYLE = {"m": "red", "s": "green", "p": "blue", "z": "magenta", "f": "yellow"}


def face(game: Game) -> Callable[[str], Text]:
    """Mạt chược's tiles by their Vietnamese names, a colour per suit."""
    notation = game.notation

    def tile(code: str) -> Text:
        suit = code[-1:].lower()
        name = code
        kind = game.definition.kinds.kind(code)
        if kind is not None:
            name = notation.card_name(kind, "vi")
        return Text(f"{name}", style=_SUIT_STYLE.get(suit, ""))

    return tile


_KIND = {"pung": "phỗng", "kong": "coong", "chow": "phình", "pair": "mắt"}


def _group(g: CheckGroupJson) -> str:
    tiles = []
    for t, k in zip(g["tiles"], g["khung"], strict=True):
        tiles.append(f"{k}={t}" if k else t)
    shown = "[" + " ".join(tiles) + "]" if g.get("exposed") else " ".join(tiles)
    return f"{shown} ({_KIND.get(g['kind'], g['kind'])})"


def render(console: Console, report: MatchuocCheckReport, lang: Lang = "vi") -> None:
    """The report as a table, its words in ``lang`` (phu, phán, mủn, cửa keep their names)."""

    def say(vi: str, en: str) -> str:
        return pick((vi, en), lang)

    table = report_table(report)
    table.add_row(say("Cửa", "Seat (cửa)"), Text(str(report["seat"])))
    table.add_row(say("Quân", "Tiles"), Text(" ".join(report["tiles"])))
    if report["melds"]:
        melds = " | ".join(_group(g) for g in report["melds"])
        table.add_row(say("Phu đã hạ", "Exposed phu"), Text(melds))
    win_tile = report.get("win_tile")
    if win_tile:
        table.add_row(say("Quân ù", "Winning tile"), Text(win_tile))
    result = say("Kết quả", "Result")
    if report["win"]:
        table.add_row(result, Text(say("Ù", "Win"), style="bold green"))
        table.add_row("Phu", Text(" | ".join(_group(g) for g in report["groups"])))
        for p in report["patterns"]:
            table.add_row("", Text(f"{p['name']}: {p['phan']} phán"))
        total = f"{report['phan']} phán = {report['mun']} mủn"
        table.add_row(say("Tổng", "Total"), Text(total, style="bold"))
        pay = report["payments"]
        assert pay is not None, "a winning hand is paid"
        cua, paid = pay["discarder_cua"], pay["discarder"]
        if pay["self_draw"]:
            each = pay["by_cua"][str(1 if report["seat"] != 1 else 2)]
            line = say(
                f"bốc lấy: cả làng chung cái {each}",
                f"self-drawn: each other seat pays {each} (cái)",
            )
        elif pay["den"]:
            line = say(f"cửa {cua} đền {paid}", f"cửa {cua} pays for all (đền): {paid}")
        else:
            others = pay["others"]
            line = say(
                f"cửa {cua} chung {paid}, hai nhà kia {others}",
                f"cửa {cua} pays {paid}, the other two {others}",
            )
        gets = pay["winner_gets"]
        line += say(f"; người ù được {gets}", f"; the winner gets {gets}")
        table.add_row(say("Chung", "Payments"), Text(line))
    elif report.get("waits"):
        table.add_row(say("Chờ", "Waits"), Text(" ".join(report["waits"]), style="bold"))
    else:
        d = report.get("distance", 99)
        if report.get("win_tile"):
            verdict = say("Không ù", "No win")
        else:
            verdict = say(
                f"Chưa chờ (còn {d} bước)",
                f"Not waiting yet ({d} step{'' if d == 1 else 's'} away)",
            )
        table.add_row(result, Text(verdict, style="bold yellow"))
    console.print(table)
    console.print()
