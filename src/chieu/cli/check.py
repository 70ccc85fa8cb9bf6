"""``chieu check GAME HAND... [--json] [--rules KEY=VALUE ...] [--preset NAME] [game flags]``.

Each HAND argument is one hand (quote it). ``-`` as the only HAND reads one hand per line from
standard input (blank lines and lines starting with ``#`` are skipped). Unquoted cards
(``chieu check chan 2V 2V 4S ...``: every argument a short token) are joined into one hand.

``--json`` prints exactly one JSON object per hand, one per line, in input order; a hand that
cannot be read gives ``{"input": ..., "error": ...}`` and the others are still checked. The exit
code is 0 when every hand could be read (whether or not any wins), 2 otherwise.
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
from chieu.core.checking import CheckOption
from chieu.core.errors import ChieuError, UnknownGameError
from chieu.core.kit import kit_part
from chieu.core.registry import all_games, find_game, normalize_name
from chieu.core.rules import RulesBase


@dataclass(frozen=True, slots=True)
class _Checker:
    name: str  # the game's registered name
    label: str  # the game's name for messages
    options: Sequence[CheckOption]  # its flags (the kit's ``check_options``)
    #: the kit's ``check_hand(text, options, rules)``: the hand's report
    check_hand: Callable[[str, Mapping[str, object], RulesBase], dict[str, object]]
    #: render(console, report) (the kit's ``check_view``), or None: every field as it is
    render: Callable[[Console, Mapping[str, object]], None] | None


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
    """The flags of every checker; a name shared by two games merges their choices."""
    seen: dict[str, CheckOption] = {}
    for spec in CHECKERS.values():
        for opt in spec.options:
            first = seen.get(opt.name)
            if first is None:
                seen[opt.name] = opt
                continue
            if first.kind is not opt.kind:
                raise TypeError(f"check option --{opt.name} has two kinds in two games")
            if first.choices or opt.choices:
                merged = tuple(dict.fromkeys((*first.choices, *opt.choices)))
                seen[opt.name] = replace(first, choices=merged)
    return list(seen.values())


def _dest(name: str) -> str:
    return "opt_" + name.replace("-", "_")


def add_parser(sub: Subparsers) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser(
        "check",
        help="check hands: waits, win, cước and score",
        description=(
            "Check hands of a game: groups, waits, whether it wins, its cước and score. "
            "Games with a checker: " + ", ".join(c.label for c in CHECKERS.values()) + "."
        ),
    )
    p.add_argument("game", metavar="GAME", help="the game, e.g. chan (or chắn)")
    p.add_argument(
        "hands",
        metavar="HAND",
        nargs="+",
        help="a hand, quoted (e.g. \"2V2V 4S4S ... 6S + 6S\"); '-' reads one hand per line "
        "from standard input",
    )
    p.add_argument("--json", action="store_true", help="one JSON object per hand, one per line")
    p.add_argument(
        "--rules",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="change one house rule (repeatable), e.g. --rules chi_rong=allow_if_unchanged",
    )
    p.add_argument("--preset", metavar="NAME", help="start from a named rule preset")
    for opt in _options():
        flag = f"--{opt.name}"
        if opt.kind is bool:
            p.add_argument(
                flag, dest=_dest(opt.name), action="store_true", default=None, help=opt.help
            )
        else:
            p.add_argument(
                flag,
                dest=_dest(opt.name),
                type=opt.kind,
                default=None,
                choices=list(opt.choices) or None,
                metavar=None if opt.choices else opt.name.upper().replace("-", "_"),
                help=opt.help,
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
            raise ChieuError(f"unknown game {name!r}") from None
    if key not in CHECKERS:
        have = ", ".join(c.label for c in CHECKERS.values())
        raise ChieuError(f"the game {name!r} has no hand checker yet (checkers: {have})")
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


def _render(console: Console, report: Mapping[str, object]) -> None:
    """A report without a view of its game's own: an error, or every field as it is."""
    title = Text(str(report.get("input", "")), style="bold")
    if "error" in report:
        console.print(title)
        console.print(Text(f"  Lỗi: {report['error']}", style="red"))
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
    try:
        spec = _resolve(args.game)
        rules = _build_rules(spec, args.preset, args.rules)
    except ChieuError as exc:
        fail(str(exc))
        return 2
    known = {opt.name for opt in spec.options}
    options: dict[str, object] = {}
    for opt in _options():
        value = getattr(args, _dest(opt.name), None)
        if value is None:
            continue
        if opt.name not in known:
            fail(f"--{opt.name} does not apply to {spec.label}")
        options[opt.name] = value
    hands = _hands(args)
    if not hands:
        fail("no hand given (standard input was empty)")
    console = Console(highlight=False, soft_wrap=True)
    bad = False
    for text in hands:
        try:
            report: dict[str, object] = spec.check_hand(text, options, rules)
        except ChieuError as exc:
            bad = True
            report = {"input": text, "error": str(exc)}
        if args.json:
            sys.stdout.write(json.dumps(report, ensure_ascii=False) + "\n")
        elif "error" in report or spec.render is None:
            _render(console, report)
        else:
            spec.render(console, report)
    sys.stdout.flush()
    return 2 if bad else 0
