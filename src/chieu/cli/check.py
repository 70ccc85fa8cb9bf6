"""``chieu check GAME HAND... [--json] [--rules KEY=VALUE ...] [--preset NAME] [--lang en]
[game flags]``.

Each HAND argument is one hand (quote it). ``-`` as the only HAND reads one hand per line from
standard input (blank lines and lines starting with ``#`` are skipped). Unquoted cards
(``chieu check chan 2V 2V 4S ...``: every argument a short token) are joined into one hand.

``--json`` prints exactly one JSON object per hand, one per line, in input order; a hand that
cannot be read gives ``{"input": ..., "error": ...}`` and the others are still checked. The exit
code is 0 when every hand could be read (whether or not any wins), 2 otherwise.

Everything it says is in Vietnamese, or in English with ``--lang en`` (or ``CHIEU_LANG=en``):
the help, the flags' help (each ``CheckOption``'s ``help`` / ``help_en``), the reports (the
kit's ``check_hand`` and ``check_view`` take the language) and the errors (a ``ChieuError``'s
``text(lang)``: its ``vi`` when it has one). JSON keys and ids never change.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from rich.console import Console
from rich.table import Table
from rich.text import Text

from chieu.cli.common import Subparsers, build_rules
from chieu.cli.i18n import current, tr
from chieu.core.checking import CheckOption
from chieu.core.errors import ChieuError, UnknownGameError
from chieu.core.kit import kit_part
from chieu.core.notation import Lang, pick
from chieu.core.registry import all_games, find_game, normalize_name
from chieu.core.rules import RulesBase


@dataclass(frozen=True, slots=True)
class _Checker:
    name: str  # the game's registered name
    label: str  # the game's name for messages
    options: Sequence[CheckOption]  # its flags (the kit's ``check_options``)
    #: the kit's ``check_hand(text, options, rules, lang)``: the hand's report
    check_hand: Callable[[str, Mapping[str, object], RulesBase, Lang], dict[str, object]]
    #: render(console, report, lang) (the kit's ``check_view``), or None: every field as it is
    render: Callable[[Console, Mapping[str, object], Lang], None] | None


def _discover() -> dict[str, _Checker]:
    """Every registered game whose kit has a hand checker (``check_hand``, ``check_options``),
    and its view (``check_view``)."""
    found: dict[str, _Checker] = {}
    for game in all_games():
        check_hand = kit_part(game, "check_hand")
        if check_hand is None:
            continue
        name = str(game.name)
        options = kit_part(game, "check_options") or ()
        view = kit_part(game, "check_view")
        found[name] = _Checker(name, str(game.title), tuple(options), check_hand, view)
    return found


CHECKERS: dict[str, _Checker] = _discover()

_FRAGMENT_MAX = 8  # an unquoted argument this short is a card (or a few), never a whole hand


def _options() -> list[CheckOption]:
    """The flags of every checker; a name shared by two games merges their choices, and its
    help says each game's (``Chắn: ...; Mạt chược: ...``) when they differ."""
    seen: dict[str, CheckOption] = {}
    games: dict[str, list[tuple[str, CheckOption]]] = {}
    for spec in CHECKERS.values():
        for opt in spec.options:
            games.setdefault(opt.name, []).append((spec.label, opt))
            first = seen.get(opt.name)
            if first is None:
                seen[opt.name] = opt
                continue
            if first.kind is not opt.kind:
                raise TypeError(f"check option --{opt.name} has two kinds in two games")
            if first.choices or opt.choices:
                merged = tuple(dict.fromkeys((*first.choices, *opt.choices)))
                seen[opt.name] = replace(first, choices=merged)
    out: list[CheckOption] = []
    for name, opt in seen.items():
        each = games[name]
        if len({(o.help, o.help_en) for _, o in each}) > 1:
            opt = replace(
                opt,
                help="; ".join(f"{label}: {o.help}" for label, o in each),
                help_en="; ".join(f"{label}: {o.help_en}" for label, o in each),
            )
        out.append(opt)
    return out


def _dest(name: str) -> str:
    return "opt_" + name.replace("-", "_")


def add_parser(sub: Subparsers) -> argparse.ArgumentParser:
    games = ", ".join(c.label for c in CHECKERS.values())
    p: argparse.ArgumentParser = sub.add_parser(
        "check",
        help=tr(
            "kiểm tra bài: chờ gì, ù chưa, cước và điểm",
            "check hands: waits, win, cước and score",
        ),
        description=tr(
            "Kiểm tra bài của một trò: các nhóm, chờ quân nào, ù được chưa, cước và điểm. "
            f"Các trò kiểm tra được: {games}.",
            "Check hands of a game: groups, waits, whether it wins, its cước and score. "
            f"Games with a checker: {games}.",
        ),
    )
    p.add_argument(
        "game",
        metavar="GAME",
        help=tr("tên trò, ví dụ chan (hay chắn)", "the game, e.g. chan (or chắn)"),
    )
    p.add_argument(
        "hands",
        metavar="HAND",
        nargs="+",
        help=tr(
            "một tay bài, đặt trong dấu nháy (ví dụ \"2V2V 4S4S ... 6S + 6S\"); '-' thì đọc "
            "từ đầu vào chuẩn, mỗi dòng một tay bài",
            "a hand, quoted (e.g. \"2V2V 4S4S ... 6S + 6S\"); '-' reads one hand per line "
            "from standard input",
        ),
    )
    p.add_argument(
        "--json",
        action="store_true",
        help=tr(
            "in mỗi tay bài thành một đối tượng JSON, mỗi dòng một",
            "one JSON object per hand, one per line",
        ),
    )
    p.add_argument(
        "--rules",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help=tr(
            "đổi một luật riêng (dùng nhiều lần được), ví dụ --rules chi_rong=allow_if_unchanged",
            "change one house rule (repeatable), e.g. --rules chi_rong=allow_if_unchanged",
        ),
    )
    p.add_argument(
        "--preset",
        metavar="NAME",
        help=tr("bắt đầu từ một bộ luật có sẵn", "start from a named rule preset"),
    )
    p.add_argument("--lang", choices=("vi", "en"), default="vi", help=tr("ngôn ngữ", "language"))
    for opt in _options():
        flag = f"--{opt.name}"
        words = tr(opt.help, opt.help_en)
        if opt.kind is bool:
            p.add_argument(
                flag, dest=_dest(opt.name), action="store_true", default=None, help=words
            )
        else:
            p.add_argument(
                flag,
                dest=_dest(opt.name),
                type=opt.kind,
                default=None,
                choices=list(opt.choices) or None,
                metavar=None if opt.choices else opt.name.upper().replace("-", "_"),
                help=words,
            )
    p.set_defaults(run=run, check_parser=p)
    return p


# -- resolving the game and the rules -------------------------------------------------------


def _resolve(name: str) -> _Checker:
    try:
        key = normalize_name(str(find_game(name).name))
    except (ChieuError, ImportError, AttributeError) as exc:
        key = normalize_name(name)
        if key not in CHECKERS:
            if isinstance(exc, UnknownGameError):
                raise exc from None
            raise ChieuError(f"unknown game {name!r}", vi=f"không có trò {name!r}") from None
    if key not in CHECKERS:
        have = ", ".join(c.label for c in CHECKERS.values())
        raise ChieuError(
            f"the game {name!r} has no hand checker yet (checkers: {have})",
            vi=f"trò {name!r} chưa kiểm tra bài được (các trò kiểm tra được: {have})",
        )
    return CHECKERS[key]


def _build_rules(spec: _Checker, preset: str | None, pairs: Sequence[str]) -> RulesBase:
    return build_rules(find_game(spec.name), preset, pairs)


# -- reading hands --------------------------------------------------------------------------


def _hands(args: argparse.Namespace) -> list[str]:
    raw: list[str] = list(args.hands)
    if raw == ["-"]:
        return [
            line.strip() for line in sys.stdin if line.strip() and not line.lstrip().startswith("#")
        ]
    if len(raw) > 1 and all(
        len(a) <= _FRAGMENT_MAX and not any(c.isspace() for c in a) for a in raw
    ):
        return [" ".join(raw)]
    return raw


# -- output ---------------------------------------------------------------------------------


def _render(console: Console, report: Mapping[str, object], lang: Lang) -> None:
    """A report without a view of its game's own: an error, or every field as it is."""
    title = Text(str(report.get("input", "")), style="bold")
    if "error" in report:
        console.print(title)
        label = pick(("Lỗi", "Error"), lang)
        console.print(Text(f"  {label}: {report['error']}", style="red"))
        console.print()
        return
    table = Table(title=title, show_header=False, box=None, title_justify="left")
    table.add_column(style="cyan", no_wrap=True)
    table.add_column()
    for key, value in report.items():
        if key != "input":
            table.add_row(str(key), Text(json.dumps(value, ensure_ascii=False)))
    console.print(table)
    console.print()


# -- run ------------------------------------------------------------------------------------


def run(args: argparse.Namespace) -> int:
    parser: argparse.ArgumentParser = args.check_parser
    fail: Callable[[str], object] = parser.error
    lang: Lang = "en" if args.lang == "en" or current() == "en" else "vi"
    try:
        spec = _resolve(args.game)
        rules = _build_rules(spec, args.preset, args.rules)
    except ChieuError as exc:
        fail(exc.text(lang))
        return 2
    known = {opt.name for opt in spec.options}
    options: dict[str, object] = {}
    for opt in _options():
        value = getattr(args, _dest(opt.name), None)
        if value is None:
            continue
        if opt.name not in known:
            fail(
                pick(
                    (
                        f"--{opt.name} không dùng cho {spec.label}",
                        f"--{opt.name} does not apply to {spec.label}",
                    ),
                    lang,
                )
            )
        options[opt.name] = value
    hands = _hands(args)
    if not hands:
        fail(
            pick(
                (
                    "chưa có tay bài nào (đầu vào chuẩn trống)",
                    "no hand given (standard input was empty)",
                ),
                lang,
            )
        )
    console = Console(highlight=False, soft_wrap=True)
    bad = False
    for text in hands:
        try:
            report: dict[str, object] = spec.check_hand(text, options, rules, lang)
        except ChieuError as exc:
            bad = True
            report = {"input": text, "error": exc.text(lang)}
        if args.json:
            sys.stdout.write(json.dumps(report, ensure_ascii=False) + "\n")
        elif "error" in report or spec.render is None:
            _render(console, report, lang)
        else:
            spec.render(console, report, lang)
    sys.stdout.flush()
    return 2 if bad else 0
