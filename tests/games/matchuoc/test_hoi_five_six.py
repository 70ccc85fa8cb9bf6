"""Mạt chược for five or six (seed 002, B.3.1): four sit at the table, the others wait with the
Trung and Phát winds; East keeps the deal from five on; at the end of each wind round the
Trung (five) or the Trung and the Phát (six) come in at East (and West) and those players go
out. A whole hội of five and of six, played by the engine, and who played each deal."""

from __future__ import annotations

import pytest

from chieu import load_game
from chieu.core.driver import play
from chieu.core.errors import ChieuError
from chieu.core.sitting import Sitting


def _whole_hoi(players: int, wind_deals: int = 4) -> Sitting:
    game = load_game("matchuoc", {"players": players, "wind_deals": wind_deals})
    sitting = game.sitting([f"P{p}" for p in range(players)])
    seed = 0
    while not sitting.over:
        state = sitting.new_state(seed)
        assert state.num_players == 4
        play(state, lambda s, d: d.default)
        outcome = state.outcome()
        assert outcome is not None
        sitting.record(outcome, seed)
        seed += 1
        assert seed < 100
    return sitting


def _dealers(sitting: Sitting) -> set[object]:
    return {row.setup.get("dealer") for row in sitting.rows[1:]}


def test_five_the_trung_replaces_east_at_each_wind_round() -> None:
    sitting = _whole_hoi(5)
    assert len(sitting.rows) == 16  # four wind rounds of four deals
    (east,) = _dealers(sitting)  # East keeps the deal: one dealer seat all the hội
    assert isinstance(east, int)
    seated = [row.seating for row in sitting.rows]
    expect = [0, 1, 2, 3]
    waiting = 4
    for wind in range(4):
        for deal in range(4):
            assert seated[4 * wind + deal] == tuple(expect), (wind, deal)
        expect[east], waiting = waiting, expect[east]
    # the seat points reach the people seated; who sat out scores nothing that deal
    for row in sitting.rows:
        assert row.seating is not None
        out = set(range(5)) - set(row.seating)
        assert len(out) == 1 and all(row.points[p] == 0 for p in out)
    assert sitting.totals == tuple(sum(row.points[p] for row in sitting.rows) for p in range(5))


def test_six_the_trung_and_phat_come_in_at_east_and_west() -> None:
    sitting = _whole_hoi(6, wind_deals=2)
    assert len(sitting.rows) == 8
    (east,) = _dealers(sitting)
    assert isinstance(east, int)
    west = (east + 2) % 4
    expect, bench = [0, 1, 2, 3], [4, 5]
    for wind in range(4):
        for deal in range(2):
            assert sitting.rows[2 * wind + deal].seating == tuple(expect)
        out = [expect[east], expect[west]]
        expect[east], expect[west] = bench
        bench = out
    # the two at South and North never sit out; everyone else sits out two rounds
    played = [sum(p in row.seating for row in sitting.rows) for p in range(6)]
    assert sorted(played) == [4, 4, 4, 4, 8, 8]


def test_a_hoi_of_five_round_trips_through_json_and_winners_are_people() -> None:
    sitting = _whole_hoi(5, wind_deals=1)
    again = Sitting.from_json(sitting.to_json())
    assert again.rows == sitting.rows and again.seating() == sitting.seating()
    for row in sitting.rows:
        assert row.winner is None or row.winner in row.seating


def test_four_is_unchanged_and_seven_is_refused() -> None:
    sitting = _whole_hoi(4)
    assert all(row.seating is None for row in sitting.rows)
    assert "seating" not in sitting.to_json()["rows"][0]
    with pytest.raises(ChieuError):
        load_game("matchuoc", players=7)
    with pytest.raises(ChieuError):
        load_game("matchuoc", {"players": 5, "wind_deals": 0})
