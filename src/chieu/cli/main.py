"""``chieu`` — entry point. Each subcommand has its own module (``add_parser`` / ``run``)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib import import_module

from chieu import __version__
from chieu.core.errors import ChieuError

SUBCOMMANDS = ("check", "play", "replay", "arena", "bot", "review")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="chieu",
        description="chieu — Vietnamese card games: Chắn, Tổ tôm, Phỏm, Mạt chược (points only).",
    )
    parser.add_argument("--version", action="version", version=f"chieu {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name in SUBCOMMANDS:
        module = import_module(f"chieu.cli.{name}")
        module.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
    except ChieuError as exc:
        print(f"chieu: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nchieu: interrupted", file=sys.stderr)
        return 130
    return code


if __name__ == "__main__":
    sys.exit(main())
