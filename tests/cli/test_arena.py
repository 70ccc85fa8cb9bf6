"""``chieu arena``: the table, --json, records, and clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chieu.cli.arena import split_bots
from chieu.cli.main import main
from chieu.core.errors import ChieuError
from chieu.core.record import GameRecord


def test_arena_json_and_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "arena",
            "chan",
            "--bots",
            "heuristic,random",
            "--games",
            "3",
            "--workers",
            "1",
            "--records",
            str(tmp_path),
            "--json",
            "--rules",
            "fault_mode=strict",
        ]
    )
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 6 and data["deals"] == 3 and data["rules"]["players"] == 2
    assert data["rules"]["fault_mode"] == "strict"
    names = [b["bot"] for b in data["bots"]]
    assert names == ["heuristic", "random"]
    for b in data["bots"]:
        assert {"mean_points", "ci95", "win_rate", "rating"} <= set(b)
    files = sorted(tmp_path.glob("*.jsonl"))
    assert len(files) == 6
    assert GameRecord.load(files[0]).verify() == []


def test_arena_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "arena",
            "chắn",
            "--bots",
            "heuristic,random,random",
            "--games",
            "2",
            "--workers",
            "1",
            "--no-records",
        ]
    )
    assert code == 0
    out = capsys.readouterr().out
    assert "heuristic" in out and "khoảng tin cậy 95%" in out and "Elo" in out


def test_arena_log_has_every_game_as_it_ends(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "games.jsonl"
    argv = ["arena", "chan", "--bots", "heuristic,random,heuristic,random", "--games", "3"]
    assert main([*argv, "--workers", "1", "--no-records", "--json", "--log", str(log)]) == 0
    data = json.loads(capsys.readouterr().out)
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert data["games"] == len(lines) == 6  # 3 deals x 2 distinct rotations
    assert sorted((g["deal"], g["rotation"]) for g in lines) == [
        (d, r) for d in range(3) for r in range(2)
    ]
    for g in lines:
        assert sum(g["payoffs"]) == 0 and len(g["seats"]) == 4


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["arena", "chess", "--bots", "a,b"], "không có trò 'chess'; các trò: "),
        (
            ["arena", "chan", "--bots", "heuristic,alphago"],
            "Chắn không có máy 'alphago'; các máy: random, greedy, heuristic",
        ),
        (
            ["arena", "chan", "--bots", "heuristic,random", "--rules", "speed=9"],
            "Chắn không có luật 'speed'",
        ),
        (
            ["arena", "chan", "--bots", "heuristic,random", "--preset", "nope"],
            "không có bộ luật 'nope'",
        ),
        (["arena", "chan", "--bots", "heuristic,,random"], "một tên máy bị bỏ trống"),
        (
            ["arena", "chan", "--bots", "random,random", "--players", "3"],
            "2 máy cho một ván Chắn 3",
        ),
        (["arena", "chan", "--bots", "random,random", "--log", "/no/such/dir/x"], "--log"),
    ],
)
def test_arena_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*argv, "--no-records"]) == 2
    assert message in capsys.readouterr().err


def test_split_bots_keeps_quoted_commands() -> None:
    assert split_bots("heuristic, ext:'python a.py --x 1,2' ,random") == [
        "heuristic",
        "ext:'python a.py --x 1,2'",
        "random",
    ]
    with pytest.raises(ChieuError):
        split_bots(",")


def test_arena_table_with_one_deal_says_why_there_is_no_interval(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """One deal's games are not independent samples: no interval, and no ``inf`` on screen."""
    argv = ["arena", "phom", "--bots", "heuristic,random", "--games", "1", "--seed", "4"]
    assert main([*argv, "--workers", "1", "--no-records"]) == 0
    out = capsys.readouterr().out
    assert "cần ≥ 2 ván chia" in out and "inf" not in out
