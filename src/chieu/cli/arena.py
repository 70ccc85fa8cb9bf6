"""``chieu arena GAME --bots heuristic,search,heuristic,search --games N``: a duplicate match.

Each of the N deals is played once per distinct rotation of the seats, so every bot plays every
hand.
The table shows, per bot, the mean points per game with a 95% interval (deals as samples), the
win rate and an Elo-like rating; ``--json`` prints the same as JSON. Games run on every local
core (``--workers``) or on a Ray cluster (``--ray ADDRESS``, ``--ray local`` for a local one).
Every game's record is saved under ``--records`` (default ``records/arena-<game>-<time>``),
each deal's records once all its rotations are played (a bot can read that folder: it must not
find the cards of a deal it is playing). Without ``--seed`` the match's master seed is secret
(``secrets``) until the match ends; then it is shown, so that the match can be replayed.
``--ext-timeout`` and ``--ext-game-time`` bound an external bot's time per answer and per game.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import IO, TypedDict

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from chieu.arena.core import (
    GameResult,
    MatchConfig,
    check_config,
    match_rotations,
    run_match,
    with_seed,
)
from chieu.arena.stats import BotStats, BotStatsJson, summarize
from chieu.bots.external import DEFAULT_GAME_TIME, DEFAULT_TIMEOUT, MAX_SECONDS
from chieu.bots.levels import find_level
from chieu.cli.common import Subparsers, build_rules, records_dir, said
from chieu.cli.i18n import tr
from chieu.cli.numbers import MAX_SEED, check_bot_budget, real, whole
from chieu.core.errors import ChieuError, os_reason
from chieu.core.protocol import GameDefinition
from chieu.core.registry import find_game


def add_parser(sub: Subparsers) -> None:
    p = sub.add_parser(
        "arena",
        help="cho các máy đấu với nhau (đấu lặp: mỗi ván chia lại, đổi ghế)",
        description="Đấu lặp (duplicate) giữa các máy. "
        "Ví dụ: chieu arena chan --bots heuristic,random,heuristic,random --games 100",
    )
    p.add_argument("game", help="trò chơi, ví dụ chan (chắn)")
    p.add_argument(
        "--bots",
        required=True,
        help="một máy cho mỗi ghế, cách nhau bởi dấu phẩy (ví dụ heuristic,search:50ms,"
        "random,ext:'python bot.py')",
    )
    p.add_argument(
        "--games", type=whole(1, MAX_DEALS), default=100, help="số ván chia (deals), mặc định 100"
    )
    p.add_argument(
        "--seed",
        type=whole(0, MAX_SEED),
        default=None,
        help=tr(
            "seed của trận, để chơi lại đúng các ván ấy. Ai biết seed này đều dựng lại được mọi "
            "ván chia (bài của mọi ghế): đừng dùng khi máy đấu không được biết bài. Mặc định: "
            "một seed bí mật lấy từ hệ điều hành (secrets), chỉ công bố khi trận xong",
            "the match's seed, to replay the same deals. Anyone who knows it can rebuild every "
            "deal (every seat's cards): do not use one when the bots must not know the cards. "
            "Default: a secret seed from the operating system (secrets), shown when the match "
            "is over",
        ),
    )
    p.add_argument("--players", type=whole(1, 16), default=None, help="số ghế (mặc định: số máy)")
    p.add_argument("--preset", default=None, help="bộ luật có sẵn")
    p.add_argument(
        "--rules", nargs="+", action="extend", default=[], metavar="KEY=VALUE", help="luật riêng"
    )
    p.add_argument(
        "--workers", type=whole(1, 1024), default=None, help="số tiến trình (mặc định: số lõi)"
    )
    p.add_argument(
        "--ext-timeout",
        type=real(0, MAX_SECONDS, low_open=True),
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=tr(
            f"máy ngoài (ext:) có bấy nhiêu giây cho mỗi nước (mặc định {DEFAULT_TIMEOUT:g})",
            f"seconds an external bot (ext:) has per answer (default {DEFAULT_TIMEOUT:g})",
        ),
    )
    p.add_argument(
        "--ext-game-time",
        type=real(0, MAX_SECONDS, low_open=True),
        default=DEFAULT_GAME_TIME,
        metavar="SECONDS",
        help=tr(
            "máy ngoài có tổng bấy nhiêu giây cho mọi nước của một ván; hết giờ thì các nước "
            f"còn lại bị xử thua (mặc định {DEFAULT_GAME_TIME:g})",
            "seconds an external bot has for all its answers in one game; past them it "
            f"forfeits the rest of the game (default {DEFAULT_GAME_TIME:g})",
        ),
    )
    p.add_argument("--ray", default=None, metavar="ADDRESS", help="chạy trên cụm Ray")
    p.add_argument("--records", default=None, help="thư mục lưu biên bản mọi ván")
    p.add_argument("--no-records", action="store_true", help="không lưu biên bản")
    p.add_argument("--json", action="store_true", help="in kết quả dạng JSON")
    p.add_argument(
        "--log",
        default=None,
        metavar="FILE",
        help="ghi mỗi ván (JSON, một dòng) vào FILE ngay khi xong, để trận dài không mất gì",
    )
    p.set_defaults(run=run)


MAX_DEALS = 1_000_000


def split_bots(text: str) -> list[str]:
    """Bot names separated by commas (a comma inside quotes belongs to an ext: command)."""
    out, cur, quote = [], "", ""
    for ch in text:
        if quote:
            if ch == quote:
                quote = ""
            cur += ch
        elif ch in "'\"":
            quote = ch
            cur += ch
        elif ch == ",":
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    out.append(cur.strip())
    if any(not name for name in out):
        raise ChieuError(
            f"--bots {text!r}: an empty bot name",
            vi=f"--bots {text!r}: có một tên máy bị bỏ trống",
        )
    return out


class FailureJson(TypedDict):
    """A move an external bot forfeited (a failure) in the match's report."""

    deal: int
    rotation: int
    seat: int
    bot: str
    error: str


class ArenaReport(TypedDict):
    """The match as JSON (``report``; ``chieu arena --json``)."""

    game: str
    lineup: list[str]
    deals: int
    games: int
    seed: int | None
    seed_given: bool
    rules: dict[str, object]
    seconds: float
    games_per_second: float | None
    bots: list[BotStatsJson]
    failures: list[FailureJson]
    records: str | None


def parse_rules(
    game: GameDefinition, preset: str | None, pairs: Sequence[str], players: int | None
) -> dict[str, object]:
    """Rules JSON from a preset, KEY=VALUE pairs and a player count (any game)."""
    return dict(game.rules_to_json(build_rules(game, preset, pairs, players)))


def build_config(args: argparse.Namespace) -> MatchConfig:
    game = find_game(args.game)
    lineup = tuple(split_bots(args.bots))
    for name in lineup:
        check_bot_budget(name)
    players = args.players if args.players is not None else len(lineup)
    set_in_rules = [p for p in args.rules if p.replace("-", "_").split("=")[0].strip() == "players"]
    if set_in_rules and args.players is None:
        raise ChieuError(
            "set the number of seats with --players (or one bot per seat in --bots)",
            vi="số ghế đặt bằng --players (hoặc mỗi ghế một máy trong --bots)",
        )
    try:
        rules = parse_rules(game, args.preset, args.rules, players)
    except ChieuError as exc:
        if args.players is not None or not str(exc).startswith("rule players="):
            raise  # not the seat count the line-up gave
        raise ChieuError(
            f"{len(lineup)} bot(s) in --bots, one per seat: {exc} ({game.title})",
            vi=f"--bots có {len(lineup)} máy, mỗi ghế một máy: {exc.text('vi')} ({game.title})",
        ) from None
    records: str | None = None
    if not args.no_records:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        records = args.records or str(Path("records") / f"arena-{game.name}-{stamp}")
    config = MatchConfig(
        game.name,
        lineup,
        args.games,
        args.seed,
        rules,
        records,
        ext_timeout=args.ext_timeout,
        ext_game_time=args.ext_game_time,
    )
    check_config(config)
    if records is not None:
        records_dir(records)  # before any game: a bad folder loses nothing
    return config


def report(
    config: MatchConfig,
    results: Sequence[GameResult],
    stats: Sequence[BotStats],
    seconds: float,
    seed_given: bool = True,
) -> ArenaReport:
    """The match as JSON. ``seed`` is the master seed (revealed now that the match is over);
    ``seed_given`` says whether the user chose it."""
    failures: list[FailureJson] = [
        {"deal": r.deal, "rotation": r.rotation, "seat": seat, "bot": r.seats[seat], "error": why}
        for r in results
        for seat, why in r.failures
    ]
    return {
        "game": config.game,
        "lineup": list(config.lineup),
        "deals": config.deals,
        "games": len(results),
        "seed": config.seed,
        "seed_given": seed_given,
        "rules": dict(config.rules),
        "seconds": round(seconds, 3),
        "games_per_second": round(len(results) / seconds, 2) if seconds > 0 else None,
        "bots": [s.to_json() for s in stats],
        "failures": failures,
        "records": config.records,
    }


def run(args: argparse.Namespace) -> int:
    config = with_seed(build_config(args))  # secret until the match is over
    console = Console(highlight=False)
    err = Console(stderr=True, highlight=False)
    total = config.deals * len(match_rotations(config))
    progress = Progress(
        TextColumn("[bold]arena"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
        disable=args.json or not err.is_terminal,
    )
    log = _open_log(args.log)
    start = time.perf_counter()

    def on_deal(games: list[GameResult]) -> None:
        progress.advance(task, len(games))
        if log is not None:
            for g in games:
                log.write(json.dumps(g.to_json(), ensure_ascii=False) + "\n")
            log.flush()

    try:
        with progress:
            task = progress.add_task("games", total=total)
            results = run_match(config, workers=args.workers, ray_address=args.ray, on_deal=on_deal)
    finally:
        if log is not None:
            log.close()
    seconds = time.perf_counter() - start
    stats = summarize(results, config.lineup)
    data = report(config, results, stats, seconds, seed_given=args.seed is not None)
    if args.json:
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
        return 0
    _render(console, config, data, stats)
    return 0


def _open_log(path: str | None) -> IO[str] | None:
    if path is None:
        return None
    try:
        return open(path, "a", encoding="utf-8")  # closed by run()
    except OSError as e:
        raise ChieuError(
            f"--log {path}: cannot write there ({os_reason(e)})",
            vi=f"--log {path}: không ghi vào đó được ({os_reason(e, 'vi')})",
        ) from None


def _label(bot: str) -> str:
    """A bot's line in the table: a level in words with its id (``Vừa (medium)``)."""
    level = find_level(bot)
    return f"{said(bot)} ({level.name})" if level is not None and bot == level.name else said(bot)


def _interval(s: BotStats) -> str:
    """The 95 % interval in the table; a single deal has none (its games are not independent)."""
    if math.isinf(s.ci_low) or math.isinf(s.ci_high):
        return "cần ≥ 2 ván chia"
    return f"[{s.ci_low:+.3f}, {s.ci_high:+.3f}]"


def _render(
    console: Console, config: MatchConfig, data: ArenaReport, stats: Sequence[BotStats]
) -> None:
    game = find_game(config.game)
    secret = "" if data["seed_given"] else " (bí mật tới lúc xong; --seed để chơi lại)"
    console.print(
        f"{game.title} · {config.deals} ván chia × {len(match_rotations(config))} vòng đổi ghế = "
        f"{data['games']} ván · seed {config.seed}{secret} · {data['seconds']:.1f} s "
        f"({data['games_per_second']} ván/s)"
    )
    table = Table(show_header=True, header_style="bold")
    for col in ("máy", "ván", "điểm/ván", "khoảng tin cậy 95%", "tỉ lệ ù", "Elo", "lỗi"):
        table.add_column(col, justify="left" if col == "máy" else "right")
    for s in sorted(stats, key=lambda s: -s.mean):
        table.add_row(
            _label(s.name),
            str(s.seat_games),
            f"{s.mean:+.3f}",
            _interval(s),
            f"{100 * s.win_rate:.1f}%",
            f"{s.rating:.0f}",
            str(s.faults),
        )
    console.print(table)
    failures = data["failures"]
    if failures:
        console.print(f"[bold red]{len(failures)} lần máy ngoài bị xử thua nước:[/]")
        for f in failures[:10]:
            console.print(
                f"  ván {f['deal']} vòng {f['rotation']} ghế {f['seat']} ({f['bot']}): {f['error']}"
            )
    if config.records:
        console.print(f"Biên bản: {config.records}", soft_wrap=True)
