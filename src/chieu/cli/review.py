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
from collections.abc import Callable, Mapping
from typing import TypedDict

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from chieu.bots.search import ActionValue, SearchBot
from chieu.bots.worlds import worlds_for
from chieu.cli.common import Subparsers
from chieu.cli.i18n import current, tr
from chieu.cli.numbers import real, whole
from chieu.core.actions import Action
from chieu.core.errors import ChieuError, RecordError
from chieu.core.notation import Lang
from chieu.core.record import GameRecord
from chieu.core.registry import find_game
from chieu.core.replay import ReplayError, Step, steps
from chieu.core.rng import Rng

MAX_SEAT = 63
MAX_ITERATIONS = 1_000_000
MAX_MILLIS = 600_000  # ten minutes a decision


class ValueJson(TypedDict):
    """What the search thinks of one action."""

    action: dict[str, object]
    mean: float
    visits: int


class Judged(TypedDict):
    """One decision: the action played, the one the search prefers, the cost."""

    step: int
    phase: object  # the observation's ``phase``
    played: dict[str, object]
    search: dict[str, object]
    cost: float | None
    fault: bool
    values: list[ValueJson]


class ReviewEntry(Judged):
    """One decision with its words (``review``'s entries, ``--json``'s output)."""

    phase_label: str
    played_label: str
    search_label: str


def add_parser(sub: Subparsers) -> None:
    p = sub.add_parser(
        "review",
        help=tr(
            "máy tìm kiếm nhận xét từng nước của một ghế trong biên bản",
            "the search bot reviews every move of one seat in a record",
        ),
        description=tr(
            "Nhận xét từng nước đi của một ghế bằng máy tìm kiếm (ISMCTS).",
            "Review every move of one seat with the search bot (ISMCTS).",
        ),
    )
    p.add_argument("record", help="tệp biên bản (.jsonl)")
    p.add_argument("--seat", type=whole(0, MAX_SEAT), required=True, help="ghế cần nhận xét")
    p.add_argument(
        "--iterations",
        type=whole(1, MAX_ITERATIONS),
        default=None,
        help=f"số vòng tìm kiếm mỗi nước (1 đến {MAX_ITERATIONS:,})",
    )
    p.add_argument(
        "--millis",
        type=real(0, MAX_MILLIS),
        default=None,
        help=f"mili giây tìm kiếm mỗi nước (0 đến {MAX_MILLIS:,})",
    )
    p.add_argument("--json", action="store_true", help="in kết quả dạng JSON")
    p.set_defaults(run=run)


def review(
    record: GameRecord,
    seat: int,
    *,
    iterations: int | None = 100,
    millis: float | None = None,
    source: str = "record",
    lang: Lang = "vi",
    progress: Callable[[], None] | None = None,
) -> list[ReviewEntry]:
    """One entry per decision of ``seat`` that had a choice (``source``: the file, for
    messages), with the actions and the phase in the game's words (``lang``); ``progress()``
    is called after each of the seat's actions."""
    game = find_game(record.game)
    refuse_unfinished(record, source)
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
    rng = Rng(record.seed or 0, "review", seat)  # start() refused a sealed deal already
    out: list[ReviewEntry] = []

    def look(step: Step) -> None:  # before the action: the forced answers before it given
        if step.seat != seat:
            return
        st, action = step.state, step.action
        obs = st.observation(seat)
        legal = st.legal_actions(seat)
        if len(legal) > 1 and obs.get("phase") != "announce":
            values = bot.analyse(obs, legal, rng)
            judged = _entry(step.number - 1, obs, action, values)
            words = game.notation
            phase_label = words.phase_label(st.phase, lang)
            played_label = words.label(st, seat, action, lang)
            best = values_best(values)
            entry: ReviewEntry = {
                **judged,
                "phase_label": phase_label,
                "played_label": played_label,
                "search_label": words.label(st, seat, best, lang),
            }
            out.append(entry)
        bot.worlds.chose(obs, legal, action)
        if progress is not None:
            progress()

    try:
        for _ in steps(record, state, before=look, source=source):
            pass
    except ReplayError as exc:
        raise RecordError(f"{source}: {exc}") from None
    return out


NOT_OVER = (
    "ván chưa kết thúc: chỉ nhận xét được ván đã xong, để không ai xem được bài của người "
    "khác giữa ván / the game is not over: only a finished game can be reviewed, so that "
    "nobody sees the other hands while it is played"
)


def refuse_unfinished(record: GameRecord, source: str = "record") -> None:
    """ChieuError when the record's game is not over: a format 2 record without its reveal
    (even with the key file of the game in progress next to it), or a format 1 record whose
    replay has not ended. Reviewing a seat lists its legal actions at every decision: on a
    game still being played that would show a hand the asking seat has not seen."""
    over = record.revealed if record.format == 2 else record.replay().outcome() is not None
    if not over:
        raise ChieuError(f"{source}: {NOT_OVER}")


def _partial(path: str) -> bool:
    """Whether ``path`` holds the server's partial record of a game in progress (the JSON of
    ``GET /api/games/{id}/record`` before the end: one seat's own events, no header)."""
    try:
        with open(path, "rb") as f:
            data = json.loads(f.read(1 << 20).decode("utf-8", "replace"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and "events" in data and "record" not in data


def _best(values: list[ActionValue]) -> ActionValue:
    visited = [v for v in values if v.visits]
    if visited:
        top = max(v.visits for v in visited)
        # the best mean among the actions searched enough to be trusted (a quarter of the most)
        return max((v for v in visited if 4 * v.visits >= top), key=lambda v: v.mean)
    return values[0]  # a single action without a fault, or no time for a playout


def values_best(values: list[ActionValue]) -> Action:
    """The action the search prefers."""
    return _best(values).action


def _entry(n: int, obs: Mapping[str, object], played: Action, values: list[ActionValue]) -> Judged:
    best = _best(values)
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


def run(args: argparse.Namespace) -> int:
    try:
        record = GameRecord.load(args.record)
    except RecordError:
        if _partial(args.record):  # a seat's events of a game still being played
            raise ChieuError(f"{args.record}: {NOT_OVER}") from None
        raise
    iterations = args.iterations
    if iterations is None and args.millis is None:
        iterations = 100
    lang: Lang = "en" if current() == "en" else "vi"
    mine = sum(1 for actor, _ in record.actions() if actor == args.seat)
    with Progress(
        TextColumn(tr("Đang nhận xét", "Reviewing")),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task("review", total=mine)
        entries = review(
            record,
            args.seat,
            iterations=iterations,
            millis=args.millis,
            source=str(args.record),
            lang=lang,
            progress=lambda: bar.advance(task),
        )
    if args.json:
        sys.stdout.write(json.dumps(entries, ensure_ascii=False, indent=2) + "\n")
        return 0
    console = Console(highlight=False)
    table = Table(
        title=tr(f"Nhận xét ghế {args.seat} · {args.record}", f"Seat {args.seat} · {args.record}"),
        header_style="bold",
    )
    for col in tr("nước|lúc|đã đi|máy chọn|mất (điểm)", "move|phase|played|search|cost").split("|"):
        table.add_column(col)
    lost = 0.0
    for e in entries:
        cost = tr("lỗi", "fault") if e["fault"] else f"{e['cost']:.2f}"
        lost += e["cost"] or 0.0
        table.add_row(str(e["step"]), e["phase_label"], e["played_label"], e["search_label"], cost)
    console.print(table)
    agree = sum(1 for e in entries if e["cost"] == 0.0)
    console.print(
        tr(
            f"{len(entries)} quyết định · trùng với máy {agree} · ước tính mất {lost:.2f} điểm",
            f"{len(entries)} decisions · {agree} as the search · about {lost:.2f} points lost",
        )
    )
    return 0
