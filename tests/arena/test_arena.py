"""The arena: duplicate seating, statistics, parallel runs, records, errors, Ray."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path

import pytest

from chieu.arena import (
    GameResult,
    MatchConfig,
    mean_ci,
    play_deal,
    ratings,
    rotations,
    run_match,
    seating,
    summarize,
)
from chieu.bots import bot_names
from chieu.core.errors import ChieuError
from chieu.core.record import GameRecord
from chieu.core.registry import find_game, game_names


def test_seating_rotates_every_bot_through_every_seat() -> None:
    lineup = ("a", "b", "c", "d")
    rotations = [seating(lineup, r) for r in range(4)]
    for seat in range(4):
        assert sorted(rot[seat] for rot in rotations) == list(lineup)


def test_only_distinct_rotations_are_played() -> None:
    assert rotations(("a", "b", "c", "d")) == [0, 1, 2, 3]
    assert rotations(("h", "s", "h", "s")) == [0, 1]
    assert rotations(("h", "r", "h", "r", "r")) == [0, 1, 2, 3, 4]
    assert rotations(("r", "r")) == [0]
    # every bot still holds every seat's hand
    for lineup in (("h", "s", "h", "s"), ("h", "r", "r", "h")):
        played = [seating(lineup, r) for r in rotations(lineup)]
        for seat in range(4):
            assert {rot[seat] for rot in played} == set(lineup)


def test_five_bots_at_four_seats_each_sit_out_once_a_deal() -> None:
    lineup = ("a", "b", "c", "d", "e")
    played = [seating(lineup, r, 4) for r in rotations(lineup, 4)]
    assert len(played) == 5 and all(len(p) == 4 for p in played)
    assert sorted(b for b in lineup for p in played if b not in p) == list(lineup)
    for seat in range(4):
        assert sorted(p[seat] for p in played) == list(lineup)


def test_a_mat_chuoc_match_of_five_seats_four_bots_a_game() -> None:
    lineup = ("heuristic", "random", "heuristic", "random", "heuristic")
    config = MatchConfig("matchuoc", lineup, 1, 3, {"players": 5})
    results = run_match(config, workers=1)
    assert len(results) == 5
    for result in results:
        assert len(result.seats) == 4 and len(result.payoffs) == 4


def test_a_deal_is_replayed_with_the_same_cards(tmp_path: Path) -> None:
    config = MatchConfig(
        "chan", ("heuristic", "random", "heuristic", "random"), 1, 5, {}, str(tmp_path)
    )
    games = play_deal(config, 0)
    assert len(games) == 2 and len({g.seed for g in games}) == 1
    decks = {tuple(GameRecord.load(g.record).deal() or ()) for g in games if g.record}
    assert len(decks) == 1
    for g in games:
        assert g.record is not None and GameRecord.load(g.record).verify() == []
        assert sum(g.payoffs) == 0


def test_parallel_and_serial_runs_agree() -> None:
    config = MatchConfig("chan", ("heuristic", "random"), 6, 2, {"players": 2})
    serial = run_match(config, workers=1)
    parallel = run_match(config, workers=2)
    assert serial == parallel and len(serial) == 12


def test_mean_ci_and_ratings() -> None:
    mean, lo, hi = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5 and lo < 2.5 < hi
    assert math.isclose(hi - mean, 1.96 * math.sqrt((5 / 3) / 4))
    assert mean_ci([1.0])[1] == -math.inf
    games = [GameResult(0, 0, 0, ("a", "b"), (1.0, -1.0), 0) for _ in range(30)]
    r = ratings(games, ["a", "b"])
    assert r["a"] > 1500 > r["b"] and math.isclose(r["a"] + r["b"], 3000)


def test_heuristic_beats_random_in_a_small_duplicate_match() -> None:
    config = MatchConfig("chan", ("heuristic", "random", "heuristic", "random"), 15, 3)
    stats = {s.name: s for s in summarize(run_match(config, workers=1), config.lineup)}
    h, r = stats["heuristic"], stats["random"]
    assert h.ci_low > 0 > r.ci_high
    assert h.win_rate > r.win_rate and h.rating > r.rating
    assert h.seat_games == 15 * 2 * 2  # two distinct rotations, two seats each


def test_control_match_between_equals_is_near_zero() -> None:
    config = MatchConfig("chan", ("random", "random"), 10, 4, {"players": 2})
    (stats,) = summarize(run_match(config, workers=1), config.lineup)
    assert stats.mean == 0  # one name in every seat: a zero-sum game sums to zero


def test_failing_external_bot_is_reported_and_the_match_goes_on(tmp_path: Path) -> None:
    crash = tmp_path / "crash.py"
    crash.write_text("import sys\nsys.exit(1)\n", encoding="utf-8")
    ext = f"ext:{sys.executable} {crash}"
    config = MatchConfig("chan", (ext, "heuristic"), 2, 0, {"players": 2})
    results = run_match(config, workers=1)
    assert len(results) == 4
    stats = {s.name: s for s in summarize(results, config.lineup)}
    assert stats[ext].failures > 0


def test_bad_configurations() -> None:
    with pytest.raises(ChieuError, match=r"known games: .*chan"):
        run_match(MatchConfig("chess", ("a", "b"), 1))
    with pytest.raises(ChieuError, match="known bots: random, greedy, heuristic"):
        run_match(MatchConfig("chan", ("heuristic", "minimax", "random", "random"), 1))
    with pytest.raises(ChieuError, match="3 bots for a 4-player game"):
        run_match(MatchConfig("chan", ("heuristic", "random", "random"), 1))
    with pytest.raises(ChieuError, match="at least 1"):
        run_match(MatchConfig("chan", ("random", "random"), 0, 0, {"players": 2}))


@pytest.mark.skipif(
    importlib.util.find_spec("ray") is None, reason="Ray is not installed (pip install chieu[ray])"
)
def test_ray_local_cluster_gives_the_same_results() -> None:  # pragma: no cover - optional
    """A local Ray instance (started by the test, stopped after it) plays the same deals."""
    import ray  # type: ignore[import-not-found, unused-ignore]

    config = MatchConfig("chan", ("heuristic", "random"), 3, 1, {"players": 2})
    try:
        assert run_match(config, ray_address="local") == run_match(config, workers=1)
    finally:
        ray.shutdown()


@pytest.mark.parametrize("game", game_names())
def test_every_registered_game_runs_in_the_arena(game: str) -> None:
    """Game-agnostic: each game's own bots (or random) play a small duplicate match."""
    cls = find_game(game)
    players = cls.info(cls.rules_from_json({})).num_players
    best = "heuristic" if "heuristic" in bot_names(game) else "random"
    lineup = tuple(best if s % 2 == 0 else "random" for s in range(players))
    config = MatchConfig(game, lineup, 2, 0)
    results = run_match(config, workers=1)
    assert len(results) == 2 * len(rotations(lineup))
    for r in results:
        assert math.isclose(sum(r.payoffs), 0, abs_tol=1e-9)
    assert {s.name for s in summarize(results, lineup)} == set(lineup)
