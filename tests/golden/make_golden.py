"""Write the golden Chắn records under ``tests/golden/chan/`` (like chess perft files).

Run it ONLY when the record format or the rules engine changes on purpose, then review the
diff of the ``.jsonl`` files before committing them::

    PYTHONPATH=src python3.11 tests/golden/make_golden.py          # rewrite every record
    PYTHONPATH=src python3.11 tests/golden/make_golden.py --check  # say what would change

Each case names the rules and what its game must show (a win, a hòa, a fault...). The script
tries game seeds 0, 1, 2... with a uniformly random legal policy whose choices come from
``Rng(seed, "golden", seat)`` streams, and keeps the first game that shows it, so the same
engine always writes the same files. ``tests/golden/test_golden.py`` replays every record.

A claim window asks every seat at once; the policy answers it as a seat-by-seat table would:
only the seats with a claim draw a choice, in ``claims.asking_order``, until a claim settles
the window, and everyone else lets the card go. These are the games the records held before
windows asked every seat (``tests/golden/test_golden_chan.py`` keeps their old outcomes).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from _golden import Case, write  # the scripts run from this folder

from chieu.core.rng import Rng
from chieu.games.chan import ChanGame, Rules
from chieu.games.chan import actions as A
from chieu.games.chan.claims import asking_order

HERE = Path(__file__).resolve().parent
OUT = HERE / "chan"
MAX_SEEDS = 5000


def _termination(state: Any) -> str:
    return str(state.outcome().termination.value)


def _has_fault(state: Any) -> bool:
    return bool(state.outcome().faults)


def _declared(state: Any) -> bool:
    return any(e.type == "xuong" for e in state.events)


CASES: tuple[Case, ...] = (
    Case(
        "strict_4p_win",
        Rules(fault_mode="strict"),
        lambda s: _termination(s) == "win",
        "strict mode, 4 players, a win (ù)",
    ),
    Case(
        "strict_2p_hoa",
        Rules(fault_mode="strict", players=2),
        lambda s: _termination(s) == "no_winner" and not _has_fault(s),
        "strict mode, 2 players, hòa (nọc ran out)",
    ),
    Case(
        "strict_3p_win",
        Rules(fault_mode="strict", players=3),
        lambda s: _termination(s) == "win",
        "strict mode, 3 players, a win",
    ),
    Case(
        "referee_3p_fault",
        Rules(players=3),
        lambda s: _has_fault(s) and _termination(s) == "fault",
        "referee mode, 3 players, the game stopped on a fault",
    ),
    Case(
        "referee_4p_fault_hoa",
        Rules(),
        lambda s: _has_fault(s) and s.outcome().winner is None and bool(s.bao_order),
        "referee mode, 4 players, seats reported (báo) and no winner",
    ),
    Case(
        "referee_2p_win",
        Rules(players=2),
        lambda s: _termination(s) == "win",
        "referee mode, 2 players, a win",
    ),
    Case(
        "declared_4p_xuong",
        Rules(xuong="declared"),
        _declared,
        "referee mode, declared xướng: the winner announces his cước",
    ),
    Case(
        "declared_strict_3p_xuong",
        Rules(xuong="declared", fault_mode="strict", players=3),
        _declared,
        "strict mode, 3 players, declared xướng",
    ),
)


def play(game: Any, case: Case, seed: int) -> Any:
    """One complete game of ``case`` with ``seed`` (see the module doc)."""
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
        order = asking_order(window)
        for i, seat in enumerate(order):
            action = players[seat].choice(window.options[seat])
            state.apply(action, seat)
            later_u = any(A.WIN in window.options[p] for p in order[i + 1 :])
            if action == A.WIN or (action == A.CHIU and not later_u):
                break
        for seat in window.pending():
            state.apply(A.DECLINE, seat)
    raise RuntimeError(f"seed {seed}: no end within {limit} steps")


def main(argv: list[str] | None = None) -> int:
    return write(ChanGame, CASES, OUT, argv, MAX_SEEDS, player=play)


if __name__ == "__main__":
    sys.exit(main())
