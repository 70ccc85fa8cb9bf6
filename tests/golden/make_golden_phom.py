"""Write the golden Phỏm records under ``tests/golden/phom/``.

Run it ONLY when the record format or the rules engine changes on purpose, then review the
diff of the ``.jsonl`` files::

    PYTHONPATH=src python3.11 tests/golden/make_golden_phom.py          # rewrite every record
    PYTHONPATH=src python3.11 tests/golden/make_golden_phom.py --check  # say what would change

Each case names the rules and what its game must show. The script tries seeds 0, 1, 2...
with a uniformly random legal policy on ``Rng(seed, "golden", seat)`` streams and keeps the
first game that shows it. ``tests/golden/test_golden.py`` replays every record.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from _golden import Case, write  # the scripts run from this folder

from chieu.games.phom import PhomGame, Rules

HERE = Path(__file__).resolve().parent
OUT = HERE / "phom"
MAX_SEEDS = 5000


def _u(state: Any) -> Any:
    return state.outcome().details.get("u")


def _events(state: Any, kind: str) -> bool:
    return any(e.type == kind for e in state.events)


CASES: tuple[Case, ...] = (
    Case(
        "4p_normal",
        Rules(),
        lambda s: _u(s) is None and _events(s, "layoff"),
        "4 players, no ù, a gửi",
    ),
    Case("4p_u", Rules(), lambda s: _u(s) == "u", "4 players, an ù"),
    Case(
        "4p_three_eats",
        Rules(),
        lambda s: _u(s) == "u_an_ba_cay",
        "4 players, ù by three eats (đền)",
    ),
    Case(
        "3p_mom",
        Rules(players=3),
        lambda s: _u(s) is None and bool(s.outcome().details["mom"]),
        "3 players, a móm",
    ),
    Case("2p_normal", Rules(players=2), lambda s: _u(s) is None, "2 players"),
    Case(
        "4p_them_vong",
        Rules(),
        lambda s: any(len(seat.row) >= 5 for seat in s.seats),
        "4 players, a finished player eats (thêm vòng)",
    ),
    Case(
        "seed_preset_u_khan",
        Rules(allow_u_khan=True, chot_definition="seed_round3"),
        lambda s: _u(s) is None,
        "ù khan phase, chốt of round 3",
    ),
)


def main(argv: list[str] | None = None) -> int:
    return write(PhomGame, CASES, OUT, argv, MAX_SEEDS)


if __name__ == "__main__":
    sys.exit(main())
