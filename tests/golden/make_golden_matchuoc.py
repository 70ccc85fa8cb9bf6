"""Write the golden Mạt chược records under ``tests/golden/matchuoc/``.

Run it ONLY when the record format or the rules engine changes on purpose, then review the
diff of the ``.jsonl`` files before committing them::

    PYTHONPATH=src:. python3.11 tests/golden/make_golden_matchuoc.py          # rewrite
    PYTHONPATH=src:. python3.11 tests/golden/make_golden_matchuoc.py --check  # report

Each case names the rules, the players (random legal agents on ``Rng(seed, "golden", seat)``
streams, or the heuristic bot) and what its game must show; the first seed 0, 1, 2... whose
game shows it is kept, so the same engine always writes the same files.
``tests/golden/test_golden.py`` replays every record.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _golden import Case, write  # the scripts run from this folder

from chieu.games.matchuoc import MatChuocGame, Rules

HERE = Path(__file__).resolve().parent
OUT = HERE / "matchuoc"
MAX_SEEDS = 2000


def _term(state: Any) -> str:
    return str(state.outcome().termination.value)


def _has(pattern: str) -> Callable[[Any], bool]:
    return lambda s: any(p.id == pattern for p in s.outcome().patterns)


CASES: tuple[Case, ...] = (
    Case("random_win", Rules(), lambda s: _term(s) == "win", "random play, a win"),
    Case(
        "random_no_winner",
        Rules(),
        lambda s: _term(s) == "no_winner",
        "random play, the wall runs out (hòa)",
    ),
    Case(
        "random_176_win",
        Rules(tile_set="176", khung_discard="always"),
        lambda s: _term(s) == "win" and any(s.khung_down),
        "176 tiles, khung discards allowed, a win by a seat with khung set down",
    ),
    Case(
        "heuristic_claimed_win",
        Rules(),
        lambda s: _term(s) == "win" and any(e.type == "claim" for e in s.events),
        "heuristic bots, a win after claims",
        bots="heuristic",
    ),
    Case(
        "heuristic_phinh",
        Rules(),
        _has("phinh"),
        "heuristic bots, a Phình",
        bots="heuristic",
    ),
)


def main(argv: list[str] | None = None) -> int:
    return write(MatChuocGame, CASES, OUT, argv, MAX_SEEDS)


if __name__ == "__main__":
    sys.exit(main())
