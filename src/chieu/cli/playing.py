"""``chieu play GAME``: one driver for every game, over views, decisions and the game's words.

A person sits at ``--seat`` against bots (``--auto``: bots everywhere, the person watches as
a spectator). Every prompt lists the seat's legal actions with the game's labels (⚠ and the
fault's name on those that commit one); a decision with one answer is taken at once with a
one-line notice. ``--games N`` plays a hội with its score sheet.

Every game's record is written as the game goes (``chieu.core.journal``): its header commits
to the deal without the seed, every action is on the file as soon as it is played, and the seed
is revealed at the end. SIGTERM, SIGHUP, Ctrl-C and a closed output pipe stop the game with
the record kept (SIGKILL too, without the message); ``chieu play --resume RECORD`` goes on
from it, with the hội's score sheet (kept in each record's header).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import signal
import sys
import time
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.text import Text

from chieu.bots import Bot, bot_rng
from chieu.bots.base import end_bots, start_bots
from chieu.cli.common import Subparsers, add_level, build_rules, records_dir, said, seat_bots
from chieu.cli.faces import face_for
from chieu.cli.i18n import tr
from chieu.cli.numbers import MAX_SEED, real, whole
from chieu.cli.table import WORDS, Table
from chieu.core.actions import Action
from chieu.core.commitment import check
from chieu.core.decisions import Decision
from chieu.core.driver import play
from chieu.core.errors import ChieuError, RecordError
from chieu.core.journal import Journal, Stopped, stop_on_signals
from chieu.core.jsonio import JsonObject
from chieu.core.notation import Lang
from chieu.core.protocol import Observation, finished
from chieu.core.record import GameRecord, key_path
from chieu.core.registry import find_game
from chieu.core.rng import derive_seed
from chieu.core.sitting import Sitting
from chieu.core.table import Game, fresh_seed, load_game
from chieu.core.telling import outcome_lines_of

if TYPE_CHECKING:
    from chieu.core.protocol import State
    from chieu.core.rng import Rng


def add_parser(sub: Subparsers) -> None:
    p = sub.add_parser(
        "play",
        help=tr("chơi với máy trong terminal", "play against bots in the terminal"),
        description=tr(
            "Chơi một ván (hay một hội) với máy trong terminal. Ví dụ: chieu play chan --seed 3",
            "Play a game (or a sitting) against bots in the terminal. "
            "Example: chieu play chan --seed 3",
        ),
    )
    p.add_argument(
        "game",
        nargs="?",
        help=tr(
            "trò chơi: chan, totom, phom, matchuoc (có dấu cũng được)",
            "the game: chan, totom, phom, matchuoc (Vietnamese names work too)",
        ),
    )
    p.add_argument(
        "--seed",
        type=whole(0, MAX_SEED),
        default=None,
        help=tr(
            "seed của ván đầu (mặc định: ngẫu nhiên từ hệ điều hành, không ai đoán được). "
            "Cẩn thận: ai biết seed thì dựng lại được cả bộ bài của mọi ván",
            "the first game's seed (default: random from the operating system, which nobody "
            "can guess). Beware: anyone who knows the seed can rebuild every game's deal",
        ),
    )
    p.add_argument(
        "--resume",
        metavar="RECORD",
        default=None,
        help=tr(
            "chơi tiếp ván (và hội) dở dang từ biên bản của nó: luật, ghế, máy và bảng điểm "
            "lấy từ biên bản (--bots, --lang, --delay vẫn dùng được)",
            "go on with an unfinished game (and its sitting) from its record: the rules, the "
            "seats, the bots and the score sheet come from the record (--bots, --lang and "
            "--delay still apply)",
        ),
    )
    p.add_argument(
        "--delay",
        type=real(0, 60),
        default=0.0,
        help=tr("nghỉ bấy nhiêu giây sau mỗi nước (để xem)", "seconds to pause after each move"),
    )
    p.add_argument(
        "--seat", type=int, default=0, help=tr("ghế của bạn, 0..N-1", "your seat, 0..N-1")
    )
    p.add_argument(
        "--bots",
        default=None,
        help=tr(
            "máy ở các ghế còn lại, ví dụ heuristic,random (ext:LỆNH chạy một chương trình "
            "ngoài với quyền của bạn)",
            "bots in the other seats, e.g. heuristic,random (ext:COMMAND runs an external "
            "program with your permissions)",
        ),
    )
    add_level(p)
    p.add_argument("--players", type=int, default=None, help=tr("số người chơi", "players"))
    p.add_argument(
        "--rules",
        nargs="+",
        action="extend",
        default=[],
        metavar="KEY=VALUE",
        help=tr("luật riêng, ví dụ fault_mode=strict", "house rules, e.g. fault_mode=strict"),
    )
    p.add_argument("--preset", default=None, help=tr("bộ luật có sẵn", "a rules preset"))
    p.add_argument(
        "--records", default="records", help=tr("thư mục lưu biên bản", "where records go")
    )
    p.add_argument(
        "--games", type=int, default=1, help=tr("số ván trong hội", "games in the sitting")
    )
    p.add_argument(
        "--auto",
        action="store_true",
        help=tr("máy chơi tất cả các ghế (để xem)", "bots play every seat (to watch)"),
    )
    p.add_argument("--lang", choices=("vi", "en"), default="vi", help=tr("ngôn ngữ", "language"))
    p.set_defaults(run=run)


class _Quit(Exception):
    pass


class _Console(Console):
    def on_broken_pipe(self) -> None:
        """Nobody reads the output any more: stop the game (the record is kept), say so."""
        self.quiet = True
        raise BrokenPipeError


def _report_failures(table: Table) -> None:
    """Any move an external bot forfeited since the last report."""
    for seat, bot in sorted(table.bots.items()):
        failures = list(getattr(bot, "failures", ()))
        done = int(getattr(bot, "reported", 0))
        for why in failures[done:]:
            who = table.names[seat] if seat < len(table.names) else f"Ghế {seat}"
            table.say(
                Text(
                    tr(
                        f"{who} bị xử thua nước (đánh thay nước mặc định): {why}",
                        f"{who} forfeited a move (the default move was played): {why}",
                    ),
                    "yellow",
                )
            )
        if len(failures) > done:
            bot.reported = len(failures)  # type: ignore[attr-defined]


def play_one(table: Table, state: State, journal: Journal, delay: float = 0.0) -> bool:
    """Play one game, every event written to ``journal`` as it comes; False when the person
    quit. Anything else that stops the game (a signal, a closed pipe, Ctrl-C) closes the
    record, unfinished, and goes on up."""
    # the bots' streams come from the seed (a SHA-256 away from it: their moves tell nothing
    # of it); a resumed game gives them fresh streams, after the moves already played
    moves = sum(e.type == "action" for e in state.events)
    streams = derive_seed(state.seed, "resume", moves) if moves else state.seed
    rngs = {s: bot_rng(streams, s) for s in table.bots}
    table.shown = 0

    def choose(st: State, d: Decision) -> Action:
        journal.append(st)
        if d.seat == table.human:
            journal.sync()  # a person may think for long
            action = table.ask(st, d)
            if action is None:
                raise _Quit
            return action
        return table.bots[d.seat].act(st.observation(d.seat), list(d.actions), rngs[d.seat])

    shown: object | None = None  # the window last seen open
    paused = time.monotonic()  # the last pause

    def after(st: State, seat: int, action: Action) -> None:
        nonlocal shown, paused
        journal.append(st)
        table.show_events(st)
        window = st.window
        if window is not None and window is shown:
            return  # an answer inside a window that stays open: private, and so is its time
        shown = window
        if delay:  # public changes a steady ``delay`` apart, whoever thought meanwhile
            time.sleep(max(0.0, paused + delay - time.monotonic()))
            paused = time.monotonic()

    try:
        play(state, choose, after=after)
        journal.append(state)
    except _Quit:
        journal.close()
        table.say(WORDS[table.lang]["quit"])
        _saved(table, journal, finished=False)
        return False
    except BaseException:
        journal.close()  # the record stays, unfinished, with its key file: --resume
        raise
    path = journal.finish(state)
    table.saved.append(path)
    table.show_events(state)
    _saved(table, journal, finished=True)
    return True


def _saved(table: Table, journal: Journal, finished: bool) -> None:
    table.say(tr(f"Đã lưu biên bản: {journal.path}", f"Record saved: {journal.path}"))
    if finished:  # to compare later with chieu verify --fingerprint
        with journal.path.open("rb") as f:
            mark = hashlib.sha256(f.read()).hexdigest()[:32]
        table.say(Text(tr(f"Dấu vân tay biên bản: {mark}", f"Record fingerprint: {mark}"), "dim"))
    else:
        table.say(
            Text(
                tr(
                    f"Chơi tiếp: chieu play --resume {journal.path}",
                    f"To go on: chieu play --resume {journal.path}",
                ),
                "dim",
            )
        )
    _report_failures(table)


def show_outcome(table: Table, state: State) -> None:
    table.say(Text(WORDS[table.lang]["result"], "bold"))
    for line in outcome_lines_of(table.game)(state, table.lang, viewer=table.human):
        table.say(Text(f"  {line}"))
    for s in range(state.num_players):  # every hand, face up, once the game is over
        for z in state.view(s, table.lang).to_json()["zones"]:
            if z["owner"] == s and z["role"] == "hand" and z["cards"]:
                cards = Text(" ").join(table.face(c) for c in z["cards"])
                table.say(Text.assemble(f"  {table.names[s]}: ", cards))
    out = finished(state)
    for s, p in enumerate(out.payoffs):
        table.say(f"  {table.names[s]}: {p:+g}")
    table.say(Text(f"  seed {state.seed}", "dim"))


def show_sheet(table: Table, sitting: Sitting) -> None:
    table.say(Text(WORDS[table.lang]["sheet"], "bold"))
    for row in sitting.rows:
        cells = "  ".join(f"{p:+g} ({t:+g})" for p, t in zip(row.points, row.totals, strict=True))
        who = WORDS[table.lang]["nobody"] if row.winner is None else table.names[row.winner]
        table.say(f"  {WORDS[table.lang]['game']} {row.number}: {who} · {cells}")
    totals = "  ".join(f"{table.names[s]} {t:+g}" for s, t in enumerate(sitting.totals))
    table.say(Text(f"  = {totals}", "bold"))


@dataclass
class Plan:
    """What a sitting needs to go on (it is kept in every record's header as ``table``)."""

    seat: int | None
    bots: str | None
    games: int
    fixed_seed: bool

    def header(self, number: int, sitting: Sitting) -> JsonObject:
        return {
            "seat": self.seat,
            "bots": self.bots,
            "games": self.games,
            "number": number,
            "fixed_seed": self.fixed_seed,
            "sitting": sitting.to_json(),
        }


def run(args: argparse.Namespace) -> int:
    if (args.game is None) == (args.resume is None):
        raise ChieuError(
            tr(
                "hãy cho biết trò chơi (chieu play chan) hoặc biên bản cần chơi tiếp (--resume)",
                "name a game (chieu play chan) or a record to go on with (--resume), not both",
            )
        )
    console = _Console(highlight=False)
    try:
        with stop_on_signals():
            if args.resume is not None:
                return _resume(args, console)
            return _new(args, console)
    except Stopped as stop:
        _interrupted(stop.signum, signal.Signals(stop.signum).name)
        return 128 + stop.signum
    except BrokenPipeError:
        try:  # nobody reads the output any more: send the rest nowhere
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        _interrupted(13, "SIGPIPE")
        return 141
    except KeyboardInterrupt:
        _interrupted(2, "SIGINT")
        raise


_LAST: list[Journal] = []  # the record of the game in progress, for the message on a stop


def _interrupted(signum: int, name: str) -> None:
    """Say where the record is (on stderr: the terminal may be gone, SIGHUP)."""
    where = _LAST[-1].path if _LAST else None
    if where is None or not where.exists():
        text = tr(f"chieu: dừng ({name}).", f"chieu: stopped ({name}).")
    else:
        text = tr(
            f"chieu: dừng ({name}); biên bản được giữ: {where}\n"
            f"  chơi tiếp: chieu play --resume {where}",
            f"chieu: stopped ({name}); the record is kept: {where}\n"
            f"  to go on: chieu play --resume {where}",
        )
    with suppress(OSError, ValueError):
        print(text, file=sys.stderr, flush=True)


def _make_table(
    console: Console,
    game: Game,
    args: argparse.Namespace,
    players: int,
    names: Sequence[str] | None,
    lang: Lang,
) -> Table:
    human, bots, _ = seat_bots(args, players, game.definition)
    if names is None:
        # the names the game's words use: "Bạn" for the person, "Người N" for seat N - 1
        you, other = ("You", "Player") if lang == "en" else ("Bạn", "Người")
        names = [you if s == human else f"{other} {s + 1}" for s in range(players)]
    line = ", ".join(f"{names[s]}: {said(b.name)}" for s, b in sorted(bots.items()))
    console.print(Text(f"{game.title} · {players} · {line}", "dim"))
    return Table(game, console, human, bots, list(names), Path("."), lang, face_for(game))


def _new(args: argparse.Namespace, console: Console) -> int:
    definition = find_game(args.game)
    rules = build_rules(definition, args.preset, args.rules, args.players)
    game = load_game(definition, rules)
    lang: Lang = "en" if args.lang == "en" else "vi"
    table = _make_table(console, game, args, game.info.players, None, lang)
    preset = f"{args.preset} · " if args.preset else ""
    changed = [o for o in game.options() if getattr(rules, o.name) != o.default]
    shown = ", ".join(f"{o.name}={getattr(rules, o.name)}" for o in changed)
    console.print(Text(f"{WORDS[lang]['rules']}: {preset}{shown or WORDS[lang]['default']}", "dim"))
    table.records = records_dir(args.records)
    plan = Plan(table.human, args.bots, args.games, args.seed is not None)
    sitting = game.sitting(table.names)
    return _sitting(table, plan, sitting, 1, args.seed, None, args.delay)


def _sitting(
    table: Table,
    plan: Plan,
    sitting: Sitting,
    number: int,
    seed: int | None,
    resumed: tuple[State, Journal] | None,
    delay: float,
) -> int:
    """Play games ``number``.. of the sitting (the first one from ``resumed``, if given).
    ``seed``: the next game's seed when the seeds are fixed."""
    game, lang = table.game, table.lang
    seated = _seated(table, game.info.players)
    start_bots(game.definition, game.rules, list(seated))
    while number <= plan.games and not sitting.over:
        if resumed is not None:
            state, journal = resumed
            resumed = None
        else:
            # a given seed fixes the whole sitting (seed, seed + 1...); else each deal is secret
            state = sitting.new_state(fresh_seed() if seed is None else seed)
            journal = Journal.start(table.records, state, plan.header(number, sitting))
        _LAST.append(journal)
        if plan.games > 1:
            table.say(Text(f"— {WORDS[lang]['game']} {number}/{plan.games} —", "bold magenta"))
        at_table = _at_table(table, sitting)
        if not play_one(at_table, state, journal, delay):
            end_bots(state, list(seated))
            return 0
        show_outcome(at_table, state)
        sitting.record(finished(state), seed=state.seed)
        if plan.games > 1:
            show_sheet(table, sitting)
        seed = state.seed + 1 if plan.fixed_seed else None
        number += 1
    if plan.games > 1:
        best = ", ".join(table.names[s] for s in sitting.leaders())
        table.say(Text(f"{WORDS[lang]['end']}: {best}", "bold magenta"))
    return 0


def _resume(args: argparse.Namespace, console: Console) -> int:
    path = Path(args.resume)
    record = GameRecord.load(path, lenient=True)
    plan, number, sitting = _plan_of(record, path)
    if args.bots is not None:
        plan.bots = args.bots
    elif any(b.strip().startswith("ext:") for b in str(plan.bots or "").split(",")):
        raise ChieuError(
            tr(
                "biên bản có máy ngoài (ext:): hãy ghi lại --bots để chạy chúng",
                "the record has external bots (ext:): give --bots again to run them",
            )
        )
    if record.damage is not None and not record.damage.cut:
        raise record.damage.error(path)
    lang: Lang = "en" if args.lang == "en" else "vi"
    game = load_game(record.game, record.rules)
    seats = argparse.Namespace(
        auto=plan.seat is None, seat=plan.seat or 0, games=plan.games, bots=plan.bots
    )
    table = _make_table(console, game, seats, game.info.players, sitting.names, lang)
    table.records = path.parent
    if record.revealed:  # the game was over: the sitting goes on with the next one
        state = record.replay()
        key_path(path).unlink(missing_ok=True)
        sitting.record(finished(state), seed=state.seed)
        table.say(tr(f"Ván {number} đã xong.", f"Game {number} is over."))
        seed = state.seed + 1 if plan.fixed_seed else None
        return _sitting(table, plan, sitting, number + 1, seed, None, args.delay)
    if record.nonce is None:
        raise RecordError(
            tr(
                f"{path}: thiếu tệp khóa {key_path(path).name}: bộ bài còn niêm phong, không "
                "chơi tiếp được",
                f"{path}: its key file {key_path(path).name} is missing: the deal is sealed, "
                "the game cannot go on",
            )
        )
    report = check(record)
    failed = [c for c in report.items if c.ok is False]
    if failed or report.state is None:
        raise RecordError.at(path, *((failed[0].en, failed[0].vi) if failed else ("?", "?")))
    state = report.state
    journal = Journal.resume(path, record, state)
    moves = sum(e.type == "action" for e in state.events)
    table.say(
        Text(
            tr(
                f"Chơi tiếp ván {number} từ {path} sau {moves} nước.",
                f"Going on with game {number} from {path} after {moves} moves.",
            ),
            "bold",
        )
    )
    seed = state.seed + 1 if plan.fixed_seed else None
    return _sitting(table, plan, sitting, number, seed, (state, journal), args.delay)


_TABLE_VI = "mục 'table' (hội đang chơi) ở đầu biên bản"


def _plan_of(record: GameRecord, path: Path) -> tuple[Plan, int, Sitting]:
    """The sitting's plan, the game's number and the sheet before it, from the header."""
    t = record.table
    if record.format != 2 or not isinstance(t, dict):
        raise RecordError(
            tr(
                f"{path}: chỉ chơi tiếp được biên bản do chieu play ghi (định dạng 2)",
                f"{path}: only a record written by chieu play (format 2) can be resumed",
            )
        )
    seat, bots, games, number = t.get("seat"), t.get("bots"), t.get("games"), t.get("number")
    ok = (
        (seat is None or (type(seat) is int and 0 <= seat < 64))
        and (bots is None or (isinstance(bots, str) and len(bots) < 10_000))
        and type(games) is int
        and type(number) is int
        and 1 <= number <= games <= 100_000
        and isinstance(t.get("fixed_seed"), bool)
    )
    where, table = f"{path}:1", "header 'table'"
    if not ok:
        raise RecordError.at(where, f"{table} is not valid", f"{_TABLE_VI} không hợp lệ")
    try:
        sitting = Sitting.from_json(t.get("sitting") or {})
    except ChieuError as exc:
        raise RecordError.at(where, f"{table}: {exc}", f"{_TABLE_VI}: {exc.text('vi')}") from None
    if sitting.game.name != record.game or sitting.game.rules_json() != record.rules:
        raise RecordError.at(
            where,
            f"{table}: the sitting is of another game",
            f"{_TABLE_VI}: hội ghi ở đó là của một trò hay bộ luật khác",
        )
    assert isinstance(games, int) and isinstance(number, int)
    assert (seat is None or isinstance(seat, int)) and (bots is None or isinstance(bots, str))
    return Plan(seat, bots, games, bool(t["fixed_seed"])), number, sitting


def _at_table(table: Table, sitting: Sitting) -> Table:
    """``table`` (its people's bots and names) as seated for the sitting's next deal: the
    same table unless the hội has more people than seats; then it says who sits out."""
    seating = sitting.seating()
    if seating == tuple(range(sitting.players)):
        return table
    bench = [table.names[p] for p in sitting.bench()]
    table.say(
        Text(
            tr(
                f"Ngồi ngoài ván này: {', '.join(bench)}",
                f"Sitting out this deal: {', '.join(bench)}",
            ),
            "dim",
        )
    )
    human = seating.index(table.human) if table.human in seating else None
    bots = {seat: table.bots[p] for seat, p in enumerate(seating) if p in table.bots}
    names = [table.names[p] for p in seating]
    return replace(table, human=human, bots=bots, names=names)


def _seated(table: Table, players: int) -> Sequence[Bot]:
    return [table.bots.get(s) or _Nobody() for s in range(players)]


class _Nobody:
    """The person's seat among the bots whose hooks a game calls: it has none, and it is
    never asked to act."""

    name = "person"

    def act(self, observation: Observation, legal_actions: list[Action], rng: Rng) -> Action:
        raise AssertionError("the person's seat is never asked to act")
