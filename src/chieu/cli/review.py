"""``chieu review RECORD --seat N``: what the search bot thinks of every decision of a seat.

The record is replayed; at each decision of seat N with more than one legal action the search
bot (ISMCTS, from that seat's observation only) estimates the mean points of each action. The
review shows the action played, the one the search prefers, and the estimated cost of the
choice (the preferred action's mean minus the played action's mean, in points; 0 when they
agree). An action that commits a fault is never preferred.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rich.console import Console
from rich.table import Table

from chieu.bots.search import SearchBot
from chieu.bots.worlds import worlds_for
from chieu.cli.common import positive_int
from chieu.core.errors import ChieuError, RecordError
from chieu.core.record import GameRecord
from chieu.core.registry import find_game
from chieu.core.rng import Rng


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "review",
        help="máy tìm kiếm nhận xét từng nước của một ghế trong biên bản",
        description="Nhận xét từng nước đi của một ghế bằng máy tìm kiếm (ISMCTS).",
    )
    p.add_argument("record", help="tệp biên bản (.jsonl)")
    p.add_argument("--seat", type=int, required=True, help="ghế cần nhận xét")
    p.add_argument(
        "--iterations", type=positive_int, default=None, help="số vòng tìm kiếm mỗi nước"
    )
    p.add_argument("--millis", type=float, default=None, help="mili giây tìm kiếm mỗi nước")
    p.add_argument("--json", action="store_true", help="in kết quả dạng JSON")
    p.set_defaults(run=run)


def review(
    record: GameRecord,
    seat: int,
    *,
    iterations: int | None = 100,
    millis: float | None = None,
    source: str = "record",
) -> list[dict[str, Any]]:
    """One entry per decision of ``seat`` that had a choice (``source``: the file, for
    messages)."""
    game = find_game(record.game)
    if worlds_for(game.name) is None:
        raise ChieuError(f"the search bot cannot review {game.title} yet")
    state = record.start(source)
    if not 0 <= seat < state.num_players:
        raise ChieuError(
            f"--seat {seat} is not a seat of this {state.num_players}-player game "
            f"(0..{state.num_players - 1})"
        )
    bot = SearchBot(game.name, iterations=iterations, millis=millis)
    bot.new_game(game.name, game.rules_to_json(state.rules), seat)
    rng = Rng(record.seed, "review", seat)
    out: list[dict[str, Any]] = []
    for n, (actor, data) in enumerate(record.actions()):
        try:
            action = game.action_space.from_json(data)
        except (ChieuError, KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"{source}: action {n + 1} ({data}): {exc}") from None
        if actor == seat:
            obs = state.observation(seat)
            legal = state.legal_actions(seat)
            if len(legal) > 1 and obs.get("phase") != "announce":
                values = bot.analyse(obs, legal, rng)
                out.append(_entry(n, obs, action, values))
            bot.worlds.chose(obs, legal, action)
        try:
            state.apply(action, actor)
        except ChieuError as exc:
            raise RecordError(f"{source}: action {n + 1} ({data}) by seat {actor}: {exc}") from None
    return out


def _entry(n: int, obs: dict[str, Any], played: Any, values: list[Any]) -> dict[str, Any]:
    visited = [v for v in values if v.visits]
    if visited:
        top = max(v.visits for v in visited)
        # the best mean among the actions searched enough to be trusted (a quarter of the most)
        best = max((v for v in visited if 4 * v.visits >= top), key=lambda v: v.mean)
    else:  # a single action without a fault, or no time for a playout
        best = values[0]
    mine = next((v for v in values if v.action == played), None)
    cost = None if mine is None else round(max(0.0, best.mean - mine.mean), 3)
    if mine is not None and mine.action == best.action:
        cost = 0.0
    return {
        "step": n + 1,
        "phase": obs.get("phase"),
        "played": played.to_json(),
        "search": best.action.to_json(),
        "cost": cost,
        "fault": mine is None,
        "values": [
            {"action": v.action.to_json(), "mean": round(v.mean, 3), "visits": v.visits}
            for v in values
        ],
    }


def _label(data: dict[str, Any]) -> str:
    return " ".join(str(v) for v in data.values())


def run(args: argparse.Namespace) -> int:
    record = GameRecord.load(args.record)
    iterations = args.iterations
    if iterations is None and args.millis is None:
        iterations = 100
    entries = review(
        record, args.seat, iterations=iterations, millis=args.millis, source=str(args.record)
    )
    if args.json:
        sys.stdout.write(json.dumps(entries, ensure_ascii=False, indent=2) + "\n")
        return 0
    console = Console(highlight=False)
    table = Table(title=f"Nhận xét ghế {args.seat} · {args.record}", header_style="bold")
    for col in ("nước", "pha", "đã đi", "máy chọn", "mất (điểm)"):
        table.add_column(col)
    lost = 0.0
    for e in entries:
        cost = "lỗi" if e["fault"] else f"{e['cost']:.2f}"
        lost += e["cost"] or 0.0
        table.add_row(
            str(e["step"]), str(e["phase"]), _label(e["played"]), _label(e["search"]), cost
        )
    console.print(table)
    agree = sum(1 for e in entries if e["cost"] == 0.0)
    console.print(
        f"{len(entries)} quyết định · trùng với máy {agree} · ước tính mất {lost:.2f} điểm"
    )
    return 0
