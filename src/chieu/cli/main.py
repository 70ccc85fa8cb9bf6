"""``chieu`` — entry point. Each subcommand has its own module (``add_parser`` / ``run``)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib import import_module

from chieu import __version__
from chieu.cli.i18n import argparse_text, current, install, lang_from, tr
from chieu.core.errors import ChieuError

#: subcommand -> its module in chieu.cli
SUBCOMMANDS = {
    "check": "check",
    "play": "playing",
    "replay": "replay",
    "arena": "arena",
    "bot": "bot",
    "review": "review",
    "verify": "verify",
    "serve": "serve",
    "rules": "rules",
    "learn": "learn",
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="chieu",
        description=tr(
            "chieu — bài lá Việt Nam: Chắn, Tổ tôm, Phỏm, Mạt chược (chỉ tính điểm).",
            "chieu — Vietnamese card games: Chắn, Tổ tôm, Phỏm, Mạt chược (points only).",
        ),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"chieu {__version__}",
        help=argparse_text("show program's version number and exit"),
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for module_name in SUBCOMMANDS.values():
        module = import_module(f"chieu.cli.{module_name}")
        module.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    install(lang_from(sys.argv[1:] if argv is None else argv))
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
    except ChieuError as exc:
        print(f"chieu: {exc.text(current())}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(tr("\nchieu: đã dừng", "\nchieu: interrupted"), file=sys.stderr)
        return 130
    return code


if __name__ == "__main__":
    sys.exit(main())
