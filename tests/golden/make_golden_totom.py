"""Write the golden Tổ tôm records under ``tests/golden/totom/`` (like chess perft files).

Run it ONLY when the record format or the rules engine changes on purpose, then review the
diff of the ``.jsonl`` files before committing them::

    PYTHONPATH=src python3.11 tests/golden/make_golden_totom.py          # rewrite every record
    PYTHONPATH=src python3.11 tests/golden/make_golden_totom.py --check  # say what would change

Each case names the rules and what its game must show (a win, a hòa, a fault...). The script
tries game seeds 0, 1, 2... with a uniformly random legal policy whose choices come from
``Rng(seed, "golden", seat)`` streams, and keeps the first game that shows it, so the same
engine always writes the same files. ``tests/golden/test_golden.py`` replays every record.
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
from chieu.games.totom import Rules, TotomGame

HERE = Path(__file__).resolve().parent
OUT = HERE / "totom"
MAX_SEEDS = 5000


def _termination(state: Any) -> str:
    return str(state.outcome().termination.value)


def _has_fault(state: Any) -> bool:
    return bool(state.outcome().faults)


def _declared(state: Any) -> bool:
    return any(e.type == "action" and e.data["action"]["verb"] == "call" for e in state.events)


@dataclass(frozen=True)
class Case:
    name: str
    rules: Rules
    wanted: Callable[[Any], bool]
    what: str


CASES: tuple[Case, ...] = (
    Case(
        "strict_5p_win",
        Rules(fault_mode="strict"),
        lambda s: _termination(s) == "win",
        "strict mode, 5 players, a win (ù)",
    ),
    Case(
        "referee_5p_hoa",
        Rules(),
        lambda s: _termination(s) == "no_winner" and not _has_fault(s),
        "referee mode, 5 players, a drawn game (the nọc ran out)",
    ),
    Case(
        "referee_5p_fault",
        Rules(),
        lambda s: _termination(s) == "fault",
        "referee mode, 5 players, a chèo đò (thiếu lưng) ends the game",
    ),
    Case(
        "referee_5p_khe_khan",
        Rules(),
        lambda s: any(f.id == "khe_khan" for f in s.outcome().faults),
        "referee mode, a khàn not raised (khê khàn)",
    ),
    Case(
        "bi_tu_4p_win",
        Rules(players=4),
        lambda s: _termination(s) == "win" and bool(s.outcome().score),
        "bí tứ (4 players), a win that scores",
    ),
    Case(
        "declared_5p_calls",
        Rules(ho="declared"),
        _declared,
        "declared hô: the winner calls his cước",
    ),
    Case(
        "bat_thuc_5p",
        Rules(fault_mode="strict"),
        lambda s: any(e.type == "bat_thuc" for e in s.events),
        "strict mode, a khàn kept in hand (bất thực) with its cup",
    ),
)


def play(rules: Rules, seed: int) -> Any:
    state = TotomGame.new_state(rules, seed)
    bots = [Rng(seed, "golden", seat) for seat in range(state.num_players)]
    limit = TotomGame.info(rules).max_game_length
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
