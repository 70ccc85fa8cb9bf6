"""``chieu review RECORD --seat N [--json]``: the coach's review of one seat (``chieu.review``).

Every decision of the seat with more than one legal action: the action played, the judge's
best, the expected points lost and the class (tốt, chưa chuẩn, sai, sai nặng); the seat's
accuracy; the three turning points in the game's words. A progress bar on stderr while the
judge works; ``--json``: ``{"seat", "accuracy", "judge", "decisions": [...],
"turning_points": [...]}`` (``docs/review.md``).
"""

from __future__ import annotations

import argparse
import json
import sys

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from chieu.cli.common import Subparsers
from chieu.cli.i18n import current, tr
from chieu.cli.numbers import real, whole
from chieu.core.errors import ChieuError, RecordError
from chieu.core.notation import Lang, decimal, pick
from chieu.core.record import GameRecord
from chieu.review import CLASS_WORDS, Judge, Review, ReviewError, review, review_json
from chieu.review.coach import NOT_OVER
from chieu.review.report import JUDGE_NAME, MODEL_NOTE, TRUST

MAX_SEAT = 63
MAX_WORLDS = 1_000_000
MAX_MILLIS = 600_000  # ten minutes a decision
STYLES = {"tot": "green", "chua_chuan": "yellow", "sai": "dark_orange", "sai_nang": "bold red"}


def add_parser(sub: Subparsers) -> None:
    p = sub.add_parser(
        "review",
        help=tr(
            "nhận xét từng nước của một ghế trong ván đã xong: độ chính xác, bước ngoặt",
            "review every move of one seat in a finished game: accuracy, turning points",
        ),
        description=tr(
            "Máy tìm kiếm chấm từng quyết định của một ghế (chỉ từ những gì ghế đó đã thấy): "
            "nước đã đi, nước tốt nhất, số điểm kỳ vọng mất, loại nước, độ chính xác và ba "
            "bước ngoặt.",
            "The search judge values every decision of one seat (from what that seat saw "
            "only): the move played, the best one, the expected points lost, the class, the "
            "accuracy and the three turning points.",
        ),
    )
    p.add_argument("record", help="tệp biên bản (.jsonl)")
    p.add_argument("--seat", type=whole(0, MAX_SEAT), required=True, help="ghế cần nhận xét")
    p.add_argument(
        "--worlds",
        "--iterations",
        dest="worlds",
        type=whole(1, MAX_WORLDS),
        default=None,
        help=f"số thế giới cho mỗi nước được chấm (1 đến {MAX_WORLDS:,}; mặc định: của trò)",
    )
    p.add_argument(
        "--millis",
        type=real(0, MAX_MILLIS),
        default=None,
        help=f"giới hạn mili giây mỗi quyết định (0 đến {MAX_MILLIS:,}; kết quả khi đó tùy máy)",
    )
    p.add_argument("--seed", type=whole(0, 2**62), default=0, help="hạt giống của máy chấm")
    p.add_argument("--json", action="store_true", help="in kết quả dạng JSON")
    p.add_argument("--lang", choices=("vi", "en"), default="vi", help=tr("ngôn ngữ", "language"))
    p.set_defaults(run=run)


def _partial(path: str) -> bool:
    """Whether ``path`` holds the server's partial record of a game in progress (the JSON of
    ``GET /api/games/{id}/record`` before the end: one seat's own events, no header)."""
    try:
        with open(path, "rb") as f:
            data = json.loads(f.read(1 << 20).decode("utf-8", "replace"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and "events" in data and "record" not in data


def load(path: str) -> GameRecord:
    """The record at ``path``; the server's partial record of a game in progress is refused
    as not over."""
    try:
        return GameRecord.load(path)
    except RecordError:
        if _partial(path):
            raise ReviewError(f"{path}: {NOT_OVER}") from None
        raise


def run(args: argparse.Namespace) -> int:
    record = load(args.record)
    lang: Lang = "en" if current() == "en" else "vi"
    try:
        judge = Judge(record.game, worlds=args.worlds, millis=args.millis)
    except ChieuError as exc:
        raise ReviewError(f"{args.record}: {exc}", vi=f"{args.record}: {exc.text('vi')}") from None
    with Progress(
        TextColumn(tr("Đang nhận xét", "Reviewing")),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task("review", total=None)

        def step(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        result = review(
            record, args.seat, judge, seed=args.seed, progress=step, source=str(args.record)
        )
    if args.json:
        sys.stdout.write(json.dumps(review_json(result, lang), ensure_ascii=False, indent=2))
        sys.stdout.write("\n")
        return 0
    show(result, str(args.record), lang)
    return 0


def show(result: Review, source: str, lang: Lang) -> None:
    """The review as a table, the accuracy and the turning points."""
    console = Console(highlight=False)
    table = Table(
        title=tr(f"Nhận xét ghế {result.seat} · {source}", f"Seat {result.seat} · {source}"),
        header_style="bold",
    )
    for col in tr(
        "nước|đã đi|nên đi|mất (điểm)|loại", "move|played|best|lost (points)|class"
    ).split("|"):
        table.add_column(col)
    for d in result.decisions:
        lost = f"{decimal(d.loss, 2, lang)} ± {decimal(d.loss_error, 2, lang)}" if d.judged else "-"
        klass = pick(CLASS_WORDS[d.klass], lang)
        table.add_row(
            str(d.step),
            d.played.labels[lang],
            d.best.labels[lang],
            lost,
            f"[{STYLES[d.klass]}]{klass}[/]",
        )
    console.print(table)
    counts = {k: sum(1 for d in result.decisions if d.klass == k) for k in CLASS_WORDS}
    tally = " · ".join(f"{pick(CLASS_WORDS[k], lang)} {n}" for k, n in counts.items())
    accuracy = "-" if result.accuracy is None else f"{decimal(result.accuracy, 1, lang)} %"
    console.print(
        tr(
            f"Độ chính xác: {accuracy} · {len(result.decisions)} quyết định · {tally}",
            f"Accuracy: {accuracy} · {len(result.decisions)} decisions · {tally}",
        )
    )
    if result.turning_points:
        console.print(tr("Bước ngoặt:", "Turning points:"), style="bold")
        for d in result.turning_points:
            console.print(f"  {tr('nước', 'move')} {d.step}: {d.text[lang]}")
    console.print(
        tr("Máy chấm: ", "The judge: ")
        + pick(JUDGE_NAME, lang)
        + (pick(MODEL_NOTE, lang) if result.modelled else "")
        + tr(f" (phiên bản {result.judge}). ", f" (version {result.judge}). ")
        + pick(TRUST[result.proven], lang)
        + ".",
        style="dim",
    )
