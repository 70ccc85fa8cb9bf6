"""``chieu replay FILE``: verify a game record and show the game move by move, in words.

Alike for every game, through its notation: the default is a spectator's view (public
information only) with every hand shown at the end; ``--seat S`` follows one seat (its own
draws and hand included), ``--all`` shows every hand throughout, ``--step`` stops after each
move (Enter: next, ``q``: run to the end). A record cut short or damaged is shown up to its
last good line, and where it stopped is said. At the end the record is checked as ``chieu
verify`` does: a record that does not check out is reported (exit 1); an unfinished one is said
to be unfinished, never to match (exit 0: it was shown); one that cannot be read at all (or
whose deal is still sealed) is an error naming the file and the line (exit 2).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console
from rich.text import Text

from chieu.cli.common import Subparsers
from chieu.cli.faces import face_for
from chieu.cli.i18n import current, tr
from chieu.cli.table import render
from chieu.core.commitment import check
from chieu.core.errors import ChieuError, RecordError
from chieu.core.events import Event
from chieu.core.notation import Lang
from chieu.core.record import ACTION, GameRecord
from chieu.core.replay import ReplayError, steps
from chieu.core.table import load_game
from chieu.core.telling import outcome_lines_of


def add_parser(sub: Subparsers) -> None:
    p = sub.add_parser(
        "replay",
        help=tr("xem lại một ván từ biên bản", "replay a game from its record"),
        description=tr(
            "Kiểm tra và xem lại một ván từ biên bản (JSON lines).",
            "Check a game record (JSON lines) and show the game move by move.",
        ),
    )
    p.add_argument("file", help=tr("tệp biên bản (.jsonl)", "the record file (.jsonl)"))
    view = p.add_mutually_exclusive_group()
    view.add_argument(
        "--seat", type=int, default=None, help=tr("xem theo ghế S", "follow seat S's hand")
    )
    view.add_argument(
        "--all", action="store_true", help=tr("hiện bài của mọi ghế", "show every hand")
    )
    p.add_argument(
        "--step",
        action="store_true",
        help=tr("dừng sau mỗi nước (Enter để đi tiếp)", "pause after each move (Enter: next)"),
    )
    p.add_argument("--lang", choices=("vi", "en"), default="vi", help=tr("ngôn ngữ", "language"))
    p.set_defaults(run=run)


class Replayer:
    def __init__(
        self, console: Console, record: GameRecord, path: Path, args: argparse.Namespace
    ) -> None:
        self.console = console
        self.record = record
        self.path = path
        self.state = record.start(str(path))
        self.game = load_game(record.game, self.state.rules)
        self.lang: Lang = "en" if current() == "en" else "vi"
        n = self.state.num_players
        if args.seat is not None and not 0 <= args.seat < n:
            raise ChieuError(
                tr(
                    f"--seat {args.seat} không phải một ghế của ván {n} người (0..{n - 1})",
                    f"--seat {args.seat} is not a seat of this {n}-player game (0..{n - 1})",
                )
            )
        if record.from_key and (args.seat is not None or args.all):
            raise ChieuError(
                tr(
                    "ván chưa kết thúc: chỉ xem được như người ngoài (không --seat, --all)",
                    "the game is not over: it can only be watched as a spectator "
                    "(no --seat, --all)",
                )
            )
        self.viewer: int | None = args.seat
        self.all = bool(args.all)
        you, other = tr("Bạn", "You"), tr("Người", "Player")
        self.names = [you if s == args.seat else f"{other} {s + 1}" for s in range(n)]
        self.face = face_for(self.game)
        self.seen = 0

    def _describe(self, event: Event) -> str:
        # --all: every event whole, every seat named by its number
        return self.game.notation.describe(self.state, event, self.viewer, self.lang)

    def new_lines(self) -> list[str]:
        if self.all:
            events = self.state.events[self.seen :]
            self.seen = len(self.state.events)
        else:
            history = self.state.history(self.viewer)
            events = history[self.seen :]
            self.seen = len(history)
        return [text for e in events if (text := self._describe(e))]

    def show_table(self, every_hand: bool) -> None:
        view = self.state.view(self.viewer, self.lang).to_json()
        self.console.print(render(view, self.names, self.face))
        if every_hand or self.all:
            for s in range(self.state.num_players):
                if s == self.viewer:
                    continue
                for z in self.state.view(s, self.lang).to_json()["zones"]:
                    if z["owner"] == s and z["role"] == "hand" and z["cards"] is not None:
                        cards = Text(" ").join(self.face(c) for c in z["cards"])
                        self.console.print(Text.assemble(f"  {self.names[s]}: ", cards))


def run(args: argparse.Namespace) -> int:
    console = Console(highlight=False)
    path = Path(args.file)
    record = GameRecord.load(path, lenient=True)
    lines = record.lines
    r = Replayer(console, record, path, args)
    moves = sum(e.type == ACTION for e in record.events)
    console.print(
        Text.assemble(
            (tr(f"Biên bản {path}", f"Record {path}"), "bold"),
            tr(
                f": {r.game.title}, seed {_seed(record)}, {r.state.num_players} người, "
                f"{moves} nước đi, phiên bản {record.version or '?'}",
                f": {r.game.title}, seed {_seed(record)}, {r.state.num_players} players, "
                f"{moves} moves, version {record.version or '?'}",
            ),
        )
    )
    for text in r.new_lines():
        console.print(Text(f"     {text}"))
    stepping = bool(args.step)
    try:
        for step in steps(record, r.state, source=str(path)):
            for i, text in enumerate(r.new_lines()):
                console.print(Text(f"{step.number:>3}. {text}" if i == 0 else f"     {text}"))
            if stepping:
                r.show_table(every_hand=False)
                stepping = _wait(console)
    except ReplayError as exc:
        index, number, seat = exc.index, exc.number, exc.seat
        raise RecordError.at(
            f"{path}:{lines[index] if index < len(lines) else '?'}",
            f"move {number} by seat {seat} does not replay: {exc.why}",
            f"nước {number} của ghế {seat} không chơi lại được: {exc.why_vi}",
        ) from None
    for text in r.new_lines():  # after the last action: the forced answers' sequel
        console.print(Text(f"     {text}"))
    console.rule(tr("Cuối ván", "End of the game"))
    r.show_table(every_hand=not record.from_key)  # hands stay hidden while the game is on
    _result(console, r)
    report = check(record)
    english = current() == "en"
    for c in report.items:
        if c.ok is False:
            console.print(
                Text(
                    tr("Biên bản không khớp: ", "The record does not check out: ")
                    + (c.en if english else c.vi),
                    style="bold yellow",
                )
            )
        elif c.ok is None and c.line is not None and c.line > 1:
            console.print(Text(c.en if english else c.vi, style="yellow"))
    if report.status == "verified":
        console.print(
            Text(
                tr("Biên bản khớp hoàn toàn khi chơi lại.", "The record matches its replay."),
                style="green",
            )
        )
    elif report.status == "unfinished":
        console.print(
            Text(
                tr(
                    "Biên bản hợp lệ đến đây, nhưng ván chưa kết thúc (chieu verify: mã 3).",
                    "The record is valid so far, but the game is unfinished (chieu verify: 3).",
                ),
                style="yellow",
            )
        )
    damage = record.damage
    if damage is not None and not damage.cut:
        raise RecordError.at(
            f"{path}:{damage.line}",
            f"{damage.message} (shown up to line {damage.line - 1})",
            f"{damage.vi or damage.message} (đã xem đến dòng {damage.line - 1})",
        )
    return 1 if report.status == "tampered" else 0


def _seed(record: GameRecord) -> str:
    if record.from_key:
        return tr("bí mật đến hết ván", "secret until the game ends")
    return str(record.seed)


def _result(console: Console, r: Replayer) -> None:
    outcome = r.state.outcome()
    if outcome is None:
        console.print(
            Text(
                tr(
                    "Ván chưa kết thúc: biên bản dừng giữa chừng.",
                    "The game is not finished: the record stops half-way.",
                ),
                "yellow",
            )
        )
        return
    for line in outcome_lines_of(r.game)(r.state, r.lang, viewer=r.viewer):
        console.print(f"  {line}")
    for seat, points in enumerate(outcome.payoffs):
        console.print(f"  {r.names[seat]}: {points:+g}")


def _wait(console: Console) -> bool:
    """Pause; False (stop pausing) on ``q`` or end of input."""
    try:
        answer = input(tr("Enter: nước tiếp · q: chạy đến hết ", "Enter: next · q: to the end "))
    except EOFError:
        console.print()
        return False
    return answer.strip().lower() not in ("q", "quit")
