"""chieu benchmarks: ``python -m bench [--quick] [--seconds S] [--only NAME ...]``.

Run from the repository root (``make bench`` does it in the bench environment, which also has
the peer libraries the issues compare against: RLCard, OpenSpiel, ``mahjong``). Every module
``bench/<name>.py`` with a ``GROUPS`` list is a set of figures; each group runs in a fresh
process on one core: a warm-up, then three timed runs of at least ``--seconds`` each (2 s by
default, 0.25 s with ``--quick``); the best run is reported with its unit, its target when it
has one, and the ratio to the target. The last line is a JSON summary. Nothing is asserted:
this is a measuring tool, not a test.
"""

from __future__ import annotations

import argparse
import json
import pkgutil
import platform
import sys
from importlib import import_module
from pathlib import Path

try:
    import chieu  # noqa: F401
except ImportError:  # run from a checkout without an install
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from bench.common import Figure, isolated, show

_NOT_FIGURES = {"common", "__main__"}


def modules() -> list[str]:
    """The benchmark modules, Chắn first, then in name order."""
    here = Path(__file__).resolve().parent
    names = sorted(m.name for m in pkgutil.iter_modules([str(here)]) if m.name not in _NOT_FIGURES)
    return sorted(names, key=lambda n: n != "chan")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="short runs (0.25 s each)")
    parser.add_argument("--seconds", type=float, default=None, help="length of one timed run")
    parser.add_argument(
        "--only",
        nargs="+",
        choices=modules(),
        default=None,
        metavar="NAME",
        help=f"run only these modules ({', '.join(modules())})",
    )
    args = parser.parse_args(argv)
    seconds = args.seconds if args.seconds is not None else (0.25 if args.quick else 2.0)
    figures: list[Figure] = []
    for name in args.only or modules():
        for group in import_module(f"bench.{name}").GROUPS:
            figures += isolated(group, seconds)
    show(figures, seconds)
    summary = {
        "bench": "chieu",
        "python": platform.python_version(),
        "seconds": seconds,
        "quick": args.quick,
        "figures": [f.to_json() for f in figures],
    }
    print(json.dumps(summary, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
