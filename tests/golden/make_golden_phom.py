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

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from chieu.core.record import GameRecord
from chieu.core.rng import Rng
from chieu.games.phom import PhomGame, Rules

HERE = Path(__file__).resolve().parent
OUT = HERE / "phom"
MAX_SEEDS = 5000


def _u(state: Any) -> Any:
    return state.outcome().details.get("u")


def _events(state: Any, kind: str) -> bool:
    return any(e.type == kind for e in state.events)


@dataclass(frozen=True)
class Case:
    name: str
    rules: Rules
    wanted: Callable[[Any], bool]
    what: str


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
        lambda s: any(len(r) >= 5 for r in s.rows),
        "4 players, a finished player eats (thêm vòng)",
    ),
    Case(
        "seed_preset_u_khan",
        Rules(allow_u_khan=True, chot_definition="seed_round3"),
        lambda s: _u(s) is None,
        "ù khan phase, chốt of round 3",
    ),
)


def play(rules: Rules, seed: int) -> Any:
    state = PhomGame.new_state(rules, seed)
    bots = [Rng(seed, "golden", seat) for seat in range(state.num_players)]
    limit = PhomGame.info(rules).max_game_length
    for _ in range(limit):
        if state.is_terminal():
            break
        seat = state.current_player()
        assert seat is not None
        state.apply(bots[seat].choice(state.legal_actions()))
    if not state.is_terminal():
        raise RuntimeError(f"seed {seed}: no end within {limit} steps")
    return state


def find(case: Case) -> tuple[int, Any]:
    for seed in range(MAX_SEEDS):
        state = play(case.rules, seed)
        if case.wanted(state):
            return seed, state
    raise RuntimeError(f"{case.name}: no game among {MAX_SEEDS} seeds shows {case.what}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; report changes")
    args = parser.parse_args(argv)
    changed = 0
    for case in CASES:
        seed, state = find(case)
        text = GameRecord.from_state(state).dumps()
        path = OUT / f"{case.name}.jsonl"
        old = path.read_text(encoding="utf-8") if path.exists() else None
        status = "same" if old == text else ("new" if old is None else "changed")
        changed += status != "same"
        out = state.outcome()
        steps = sum(e.type == "action" for e in state.events)
        print(
            f"{status:8} {path.relative_to(HERE)}  seed={seed} steps={steps} "
            f"end={out.termination.value} payoffs={list(out.payoffs)}  ({case.what})"
        )
        if not args.check and status != "same":
            GameRecord.from_state(state).save(path)
    stale = sorted(set(OUT.glob("*.jsonl")) - {OUT / f"{c.name}.jsonl" for c in CASES})
    for path in stale:
        print(f"stale    {path.relative_to(HERE)} (no case writes it; delete it by hand)")
    return 1 if args.check and (changed or stale) else 0


if __name__ == "__main__":
    sys.exit(main())
