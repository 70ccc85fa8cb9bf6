"""Write the golden Tổ tôm records under ``tests/golden/totom/`` (like chess perft files).

Run it ONLY when the record format or the rules engine changes on purpose, then review the
diff of the ``.jsonl`` files before committing them::

    PYTHONPATH=src python3.11 tests/golden/make_golden_totom.py          # rewrite every record
    PYTHONPATH=src python3.11 tests/golden/make_golden_totom.py --check  # say what would change

Each case names the rules and what its game must show (a win, a hòa, a fault...). The script
tries game seeds 0, 1, 2... with a uniformly random legal policy whose choices come from
``Rng(seed, "golden", seat)`` streams, and keeps the first game that shows it, so the same
engine always writes the same files. ``tests/golden/test_golden.py`` replays every record.

A claim window asks every seat at once; the policy answers it as the seat-by-seat table did:
only the seats with a claim draw a choice, in ``claims.asking_order``, until a claim settles
the window (an ù, or a take with no farther ù to hear), and everyone else plays its default
(bỏ qua). These are the games the records held before windows asked every seat
(``tests/golden/test_golden_totom.py`` keeps their old outcomes).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from _golden import Case, write  # the scripts run from this folder

from chieu.core.rng import Rng
from chieu.games.totom import Rules, TotomGame
from chieu.games.totom import actions as A
from chieu.games.totom.claims import asking_order

HERE = Path(__file__).resolve().parent
OUT = HERE / "totom"
MAX_SEEDS = 5000


def _termination(state: Any) -> str:
    return str(state.outcome().termination.value)


def _has_fault(state: Any) -> bool:
    return bool(state.outcome().faults)


def _declared(state: Any) -> bool:
    return any(e.type == "action" and e.data["action"]["verb"] == "call" for e in state.events)


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
        lambda s: sum(f.id == "khe_khan" for f in s.outcome().faults) >= 2,
        "referee mode, khàn not raised (khê khàn) by two seats",
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
            if action is A.WIN or (action in (A.PHONG, A.DAY_KHAN) and not later_u):
                break
        for d in state.decisions() if state.window is window else ():
            state.apply(d.default, d.seat)
    raise RuntimeError(f"seed {seed}: no end within {limit} steps")


def main(argv: list[str] | None = None) -> int:
    return write(TotomGame, CASES, OUT, argv, MAX_SEEDS, player=play)


if __name__ == "__main__":
    sys.exit(main())
