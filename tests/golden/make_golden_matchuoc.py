"""Write the golden Mạt chược records under ``tests/golden/matchuoc/``.

Run it ONLY when the record format or the rules engine changes on purpose, then review the
diff of the ``.jsonl`` files before committing them::

    PYTHONPATH=src:. python3.11 tests/golden/make_golden_matchuoc.py          # rewrite
    PYTHONPATH=src:. python3.11 tests/golden/make_golden_matchuoc.py --check  # report

Each case names the rules, the players (random legal agents on ``Rng(seed, "golden", seat)``
streams, or the heuristic bot) and what its game must show; the first seed 0, 1, 2... whose
game shows it is kept, so the same engine always writes the same files.
``tests/golden/test_golden.py`` replays every record.

A claim window asks the three other seats at once; the random agents answer it as the
seat-by-seat queue did before windows: the next seat and the seats with a claim draw a
choice, in turn order from the discarder, and the others pass without drawing. These are the
games the records held before (``tests/games/matchuoc/test_golden_outcomes.py`` keeps their
old outcomes).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import _golden
from _golden import Case, write  # the scripts run from this folder

from chieu.core.rng import Rng
from chieu.games.matchuoc import MatChuocGame, Rules
from chieu.games.matchuoc import actions as A

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
        lambda s: _term(s) == "win" and any(me.khung_down for me in s.seats),
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


def play(game: Any, case: Case, seed: int) -> Any:
    """One complete game of ``case`` with ``seed`` (see the module doc)."""
    if case.bots != "random":
        return _golden.play(game, case, seed)
    state = game.new_state(case.rules, seed)
    players = [Rng(seed, "golden", seat) for seat in range(state.num_players)]
    limit = game.info(case.rules).max_game_length
    for _ in range(limit):
        if state.is_terminal():
            return state
        window = state.window
        if window is None:
            seat = state.current_player()
            state.apply(players[seat].choice(state.legal_actions()), seat)
            continue
        for i, seat in enumerate(window.asked):
            options = window.options[seat]
            asked = i == 0 or len(options) > 1
            state.apply(players[seat].choice(options) if asked else A.PASS, seat)
    raise RuntimeError(f"seed {seed}: no end within {limit} steps")


def main(argv: list[str] | None = None) -> int:
    return write(MatChuocGame, CASES, OUT, argv, MAX_SEEDS, player=play)


if __name__ == "__main__":
    sys.exit(main())
