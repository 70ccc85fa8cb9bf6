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


def render(console: Console, report: MatchuocCheckReport) -> None:
    table = report_table(report)
    table.add_row("Cửa", Text(str(report["seat"])))
    table.add_row("Quân", Text(" ".join(report["tiles"])))
    if report["melds"]:
        table.add_row("Phu đã hạ", Text(" | ".join(_group(g) for g in report["melds"])))
    win_tile = report.get("win_tile")
    if win_tile:
        table.add_row("Quân ù", Text(win_tile))
    if report["win"]:
        table.add_row("Kết quả", Text("Ù", style="bold green"))
        table.add_row("Phu", Text(" | ".join(_group(g) for g in report["groups"])))
        for p in report["patterns"]:
            table.add_row("", Text(f"{p['name']}: {p['phan']} phán"))
        table.add_row("Tổng", Text(f"{report['phan']} phán = {report['mun']} mủn", style="bold"))
        pay = report["payments"]
        assert pay is not None, "a winning hand is paid"
        if pay["self_draw"]:
            line = "bốc lấy: cả làng chung cái " + str(
                pay["by_cua"][str(1 if report["seat"] != 1 else 2)]
            )
        elif pay["den"]:
            line = f"cửa {pay['discarder_cua']} đền {pay['discarder']}"
        else:
            line = (
                f"cửa {pay['discarder_cua']} chung {pay['discarder']}, hai nhà kia {pay['others']}"
            )
        table.add_row("Chung", Text(f"{line}; người ù được {pay['winner_gets']}"))
    elif report.get("waits"):
        table.add_row("Chờ", Text(" ".join(report["waits"]), style="bold"))
    else:
        d = report.get("distance", 99)
        verdict = "Không ù" if report.get("win_tile") else f"Chưa chờ (còn {d} bước)"
        table.add_row("Kết quả", Text(verdict, style="bold yellow"))
    console.print(table)
    console.print()
