"""``chieu replay FILE``: verify a game record and show the game move by move.

The default view is a spectator's (public information only), with every hand revealed at the
end; ``--seat S`` follows one seat's hand, ``--all`` shows every hand throughout, ``--step``
stops after each move (Enter: next, ``q``: run to the end). A record that cannot be read or
replayed is an error naming the file and the line (exit 2); a record whose events differ from
the replay is reported (exit 1).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from chieu.cli import render
from chieu.cli.play import live_card
from chieu.core.errors import ChieuError, RecordError
from chieu.core.record import ACTION, GameRecord
from chieu.core.registry import find_game


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "replay",
        help="xem lại một ván từ biên bản",
        description="Kiểm tra và xem lại một ván từ biên bản (JSON lines).",
    )
    p.add_argument("file", help="tệp biên bản (.jsonl)")
    view = p.add_mutually_exclusive_group()
    view.add_argument("--seat", type=int, default=None, help="xem theo bài của ghế S")
    view.add_argument("--all", action="store_true", help="hiện bài của mọi ghế")
    p.add_argument("--step", action="store_true", help="dừng sau mỗi nước (Enter để đi tiếp)")
    p.set_defaults(run=run)


def _event_lines(path: Path) -> list[int]:
    """File line of each event (``GameRecord.loads`` skips blank lines; line 1 is the header)."""
    text = path.read_text(encoding="utf-8")
    return [i for i, ln in enumerate(text.splitlines(), 1) if ln.strip()][1:]


def run(args: argparse.Namespace) -> int:
    console = Console(highlight=False)
    path = Path(args.file)
    record = GameRecord.load(path)
    lines = _event_lines(path)
    game = find_game(record.game)
    state = record.start(str(path))
    rules = state.rules
    n = state.num_players
    if args.seat is not None and not 0 <= args.seat < n:
        raise ChieuError(f"--seat {args.seat} is not a seat of this {n}-player game (0..{n - 1})")
    if game.name != "chan":
        return _run_moves(console, record, state, path, lines, args)
    names = render.seat_names(n)
    view = args.seat
    actions = [(i, e) for i, e in enumerate(record.events) if e.type == ACTION]
    console.print(
        Text.assemble(
            (f"Biên bản {path}", "bold"),
            f": {game.title}, seed {record.seed}, {n} người, luật "
            f"{rules.fault_mode}, {len(actions)} nước đi, phiên bản {record.version or '?'}",
        )
    )
    console.print(
        render.table(state.observation(view), names, hands=_hands(state) if args.all else None)
    )
    stepping = bool(args.step)
    for number, (index, event) in enumerate(actions, 1):
        where = f"{path}:{lines[index] if index < len(lines) else '?'}"
        seat = int(event.actor if event.actor is not None else -1)
        try:
            action = game.action_space.from_json(dict(event.data["action"]))
            live = live_card(state)
            applied = state.apply(action, seat)
        except (ChieuError, KeyError, TypeError) as exc:
            raise RecordError(
                f"{where}: move {number} by seat {seat} does not replay: {exc}"
            ) from None
        for i, line in enumerate(render.describe(seat, action, live, applied, names)):
            console.print(Text.assemble(f"{number:>3}. " if i == 0 else "     ", line))
        if stepping:
            console.print(
                render.table(
                    state.observation(view),
                    names,
                    hands=_hands(state) if args.all else None,
                    current=state.current_player(),
                )
            )
            stepping = _wait(console)
    _finish(console, state, names, view)
    problems = record.verify()
    for problem in problems:
        console.print(Text(f"Biên bản khác với khi chơi lại: {problem}", style="bold yellow"))
    if not problems:
        console.print(Text("Biên bản khớp hoàn toàn khi chơi lại.", style="green"))
    return 1 if problems else 0


def _table_view(game: str) -> Any:
    """``chieu.cli.play_<game>.table_view(observation, names)``, or None."""
    from importlib import import_module

    try:
        module = import_module(f"chieu.cli.play_{game}")
    except ModuleNotFoundError:
        return None
    return getattr(module, "table_view", None)


def _hands(state: Any) -> dict[int, list[int]]:
    return {s: list(state.observation(s)["hand"]) for s in range(state.num_players)}


def _wait(console: Console) -> bool:
    """Pause; False (stop pausing) on ``q`` or end of input."""
    try:
        answer = input("Enter: nước tiếp · q: chạy đến hết ")
    except EOFError:
        console.print()
        return False
    return answer.strip().lower() not in ("q", "quit")


def _finish(console: Console, state: Any, names: list[str], view: int | None) -> None:
    console.rule("Cuối ván")
    console.print(render.table(state.observation(view), names, hands=_hands(state)))
    if not state.is_terminal():
        console.print(
            Text(
                "Ván chưa kết thúc: biên bản dừng giữa chừng (người chơi đã thoát).", style="yellow"
            )
        )


def _run_moves(
    console: Console,
    record: GameRecord,
    state: Any,
    path: Path,
    lines: list[int],
    args: argparse.Namespace,
) -> int:
    """Any other game: verify, list the moves and the result; the table (``--seat`` S's
    view, ``--all`` every seat's, else a spectator's) through the game's
    ``chieu.cli.play_<game>.table_view``, at the start, after each move with ``--step``, and
    at the end."""
    game = find_game(record.game)
    names = render.seat_names(state.num_players)
    view = _table_view(game.name)
    actions = [(i, e) for i, e in enumerate(record.events) if e.type == ACTION]
    console.print(
        Text.assemble(
            (f"Biên bản {path}", "bold"),
            f": {game.title}, seed {record.seed}, {state.num_players} người, "
            f"{len(actions)} nước đi, phiên bản {record.version or '?'}",
        )
    )

    def show() -> None:
        if view is None:
            return
        seats = range(state.num_players) if args.all else [args.seat]
        for s in seats:
            if args.all:
                console.print(Text(f"— {names[s]} —", style="bold"))
            console.print(view(state.observation(s), names))

    show()
    stepping = bool(args.step)
    for number, (index, event) in enumerate(actions, 1):
        where = f"{path}:{lines[index] if index < len(lines) else '?'}"
        seat = int(event.actor if event.actor is not None else -1)
        try:
            action = game.action_space.from_json(dict(event.data["action"]))
            state.apply(action, seat)
        except (ChieuError, KeyError, TypeError) as exc:
            raise RecordError(
                f"{where}: move {number} by seat {seat} does not replay: {exc}"
            ) from None
        console.print(Text(f"{number:>3}. {names[seat]}: {action}"))
        if stepping:
            show()
            stepping = _wait(console)
    console.rule("Cuối ván")
    show()
    outcome = state.outcome() if state.is_terminal() else None
    if outcome is None:
        console.print(
            Text("Ván chưa kết thúc: biên bản dừng giữa chừng (người chơi đã thoát).", "yellow")
        )
    else:
        console.print(Text(f"Kết thúc: {outcome.termination.value}", style="bold"))
        for seat, points in enumerate(outcome.payoffs):
            console.print(Text(f"  {names[seat]}: {points:+g}"))
    problems = record.verify()
    for problem in problems:
        console.print(Text(f"Biên bản khác với khi chơi lại: {problem}", style="bold yellow"))
    if not problems:
        console.print(Text("Biên bản khớp hoàn toàn khi chơi lại.", style="green"))
    return 1 if problems else 0
