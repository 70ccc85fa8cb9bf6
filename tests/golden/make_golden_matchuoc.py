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

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from chieu.bots import get_bot, play_game
from chieu.core.record import GameRecord
from chieu.core.rng import Rng
from chieu.games.matchuoc import MatChuocGame, Rules

HERE = Path(__file__).resolve().parent
OUT = HERE / "matchuoc"
MAX_SEEDS = 2000


def _term(state: Any) -> str:
    return str(state.outcome().termination.value)


def _has(pattern: str) -> Callable[[Any], bool]:
    return lambda s: any(p.id == pattern for p in s.outcome().patterns)


@dataclass(frozen=True)
class Case:
    name: str
    rules: Rules
    bots: str  # "random" or a bot name
    wanted: Callable[[Any], bool]
    what: str


CASES: tuple[Case, ...] = (
    Case("random_win", Rules(), "random", lambda s: _term(s) == "win", "random play, a win"),
    Case(
        "random_no_winner",
        Rules(),
        "random",
        lambda s: _term(s) == "no_winner",
        "random play, the wall runs out (hòa)",
    ),
    Case(
        "random_176_win",
        Rules(tile_set="176", khung_discard="always"),
        "random",
        lambda s: _term(s) == "win" and any(s.khung_down),
        "176 tiles, khung discards allowed, a win by a seat with khung set down",
    ),
    Case(
        "heuristic_claimed_win",
        Rules(),
        "heuristic",
        lambda s: _term(s) == "win" and any(e.type == "claim" for e in s.events),
        "heuristic bots, a win after claims",
    ),
    Case(
        "heuristic_phinh",
        Rules(),
        "heuristic",
        _has("phinh"),
        "heuristic bots, a Phình",
    ),
)


def play(case: Case, seed: int) -> Any:
    if case.bots != "random":
        bots = [get_bot(case.bots, MatChuocGame) for _ in range(4)]
        return play_game(MatChuocGame, case.rules, seed, bots)
    state = MatChuocGame.new_state(case.rules, seed)
    rngs = [Rng(seed, "golden", seat) for seat in range(4)]
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        state.apply(rngs[seat].choice(state.legal_actions()))
    return state


def find(case: Case) -> tuple[int, Any]:
    for seed in range(MAX_SEEDS):
        state = play(case, seed)
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
