"""The machinery of the ``make_golden*.py`` scripts (one per game; like chess perft files).

A script lists its ``Case`` values and calls ``write(Game, CASES, OUT)``. For each case the
script tries game seeds 0, 1, 2... and keeps the first game that shows what the case wants,
so the same engine always writes the same files. Players are uniformly random legal choices
from ``Rng(seed, "golden", seat)`` streams, or a named bot (``Case.bots``); a script may give
its own ``player`` (``write(..., player=...)``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "src") not in sys.path:  # run as a script from a checkout
    sys.path.insert(0, str(ROOT / "src"))

from chieu.bots import get_bot, play_game  # noqa: E402
from chieu.core.record import GameRecord  # noqa: E402
from chieu.core.rng import Rng  # noqa: E402

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Case:
    name: str
    rules: Any
    wanted: Callable[[Any], bool]
    what: str
    bots: str = "random"  # "random" (the golden Rng streams) or a registered bot's name


def play(game: Any, case: Case, seed: int) -> Any:
    """One complete game of ``case`` with ``seed``."""
    if case.bots != "random":
        n = game.info(case.rules).num_players
        return play_game(game, case.rules, seed, [get_bot(case.bots, game) for _ in range(n)])
    state = game.new_state(case.rules, seed)
    players = [Rng(seed, "golden", seat) for seat in range(state.num_players)]
    limit = game.info(case.rules).max_game_length
    for _ in range(limit):
        if state.is_terminal():
            break
        seat = state.current_player()
        assert seat is not None
        state.apply(players[seat].choice(state.legal_actions()))
    if not state.is_terminal():
        raise RuntimeError(f"seed {seed}: no end within {limit} steps")
    return state


Player = Callable[[Any, Case, int], Any]


def find(game: Any, case: Case, max_seeds: int, player: Player = play) -> tuple[int, Any]:
    for seed in range(max_seeds):
        state = player(game, case, seed)
        if case.wanted(state):
            return seed, state
    raise RuntimeError(f"{case.name}: no game among {max_seeds} seeds shows {case.what}")


def write(
    game: Any,
    cases: Sequence[Case],
    out: Path,
    argv: list[str] | None = None,
    max_seeds: int = 5000,
    player: Player = play,
) -> int:
    """Write (or with ``--check`` only compare) every case's record under ``out``."""
    parser = argparse.ArgumentParser(description=f"Write the golden {game.title} records.")
    parser.add_argument("--check", action="store_true", help="write nothing; report changes")
    args = parser.parse_args(argv)
    changed = 0
    for case in cases:
        seed, state = find(game, case, max_seeds, player)
        text = GameRecord.from_state(state).dumps()
        path = out / f"{case.name}.jsonl"
        old = path.read_text(encoding="utf-8") if path.exists() else None
        status = "same" if old == text else ("new" if old is None else "changed")
        changed += status != "same"
        result = state.outcome()
        steps = sum(e.type == "action" for e in state.events)
        print(
            f"{status:8} {path.relative_to(HERE)}  seed={seed} steps={steps} "
            f"end={result.termination.value} payoffs={list(result.payoffs)}  ({case.what})"
        )
        if not args.check and status != "same":
            out.mkdir(parents=True, exist_ok=True)
            GameRecord.from_state(state).save(path)
    stale = sorted(set(out.glob("*.jsonl")) - {out / f"{c.name}.jsonl" for c in cases})
    for path in stale:
        print(f"stale    {path.relative_to(HERE)} (no case writes it; delete it by hand)")
    return 1 if args.check and (changed or stale) else 0
