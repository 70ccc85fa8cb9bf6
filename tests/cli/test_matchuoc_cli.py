"""``chieu check matchuoc`` and ``chieu play matchuoc``: JSON contract, errors, records."""

from __future__ import annotations

import builtins
import json
from collections.abc import Iterable
from pathlib import Path

import pytest

from chieu.cli.main import main
from chieu.cli.play_matchuoc import parse_choice
from chieu.core.record import GameRecord
from chieu.games.matchuoc import actions as A


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[dict[str, object]]]:
    code = main(["check", "matchuoc", *args, "--json"])
    lines = capsys.readouterr().out.strip().splitlines()
    return code, [json.loads(line) for line in lines]


def test_check_json_keys(capsys: pytest.CaptureFixture[str]) -> None:
    code, [r] = _json(
        capsys, "123p 45p HP 777p 999p 8p + 8p", "--seat", "1", "--flowers", "1f", "--from", "3"
    )
    assert code == 0
    for key in ("game", "tiles", "win", "groups", "patterns", "phan", "mun", "payments", "waits"):
        assert key in r
    assert r["game"] == "matchuoc" and r["win"] is True and r["phan"] == 7 and r["mun"] == 1
    assert {"id": "toan_hang", "name": "Toàn hàng", "phan": 6} in r["patterns"]  # type: ignore[operator]
    assert r["payments"]["discarder"] == 66  # type: ignore[index]


def test_check_waits_of_13_tiles(capsys: pytest.CaptureFixture[str]) -> None:
    code, [r] = _json(capsys, "123m 555p 789s 9p", "--seat", "2", "--melds", "111z")
    assert code == 0 and r["waits"] == ["9p"] and r["win"] is False


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["1111m 1m 234p 567p 789p 5z + 5z"], "only 4"),
        (["123m 456p 789s 11z + 2z", "--melds", "5m5m TH"], "range"),
        (["123m 456p 789s 1z + 1z", "--seat", "7"], "impossible"),
    ],
)
def test_check_bad_input_is_an_error_line(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, [r] = _json(capsys, *args)
    assert code == 2 and message in str(r["error"])


def test_check_person_view(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "matchuoc", "TG 6p 8p 8p 9p 123m 456s 77z"]) == 0
    out = capsys.readouterr().out
    assert "Chờ" in out and "7p" in out


def test_auto_game_saves_a_record_that_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "matchuoc", "--seed", "3", "--auto", "--records", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    [path] = sorted(tmp_path.glob("*.jsonl"))
    assert path.name.startswith("matchuoc-") and "Kết quả" in out
    record = GameRecord.load(path)
    assert record.verify() == []
    assert record.replay().is_terminal()


def _script(monkeypatch: pytest.MonkeyPatch, answers: Iterable[str]) -> list[str]:
    it = iter(answers)
    prompts: list[str] = []

    def fake_input(prompt: str = "") -> str:
        prompts.append(prompt)
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr(builtins, "input", fake_input)
    return prompts


def test_a_person_plays_then_stdin_ends(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    prompts = _script(monkeypatch, ["h", "?", "zz", "1", "1", "1"])
    code = main(["play", "matchuoc", "--seed", "5", "--seat", "0", "--records", str(tmp_path)])
    assert code == 0 and len(prompts) >= 4
    out = capsys.readouterr().out
    assert "Cách trả lời" in out
    [path] = sorted(tmp_path.glob("*.jsonl"))
    assert GameRecord.load(path).verify() == []


def test_parse_choice() -> None:
    legal = [A.Discard(0), A.Discard(9), A.WIN]
    assert parse_choice("2", legal) == ("action", A.Discard(9))
    assert parse_choice("1p", legal) == ("action", A.Discard(9))
    assert parse_choice("ù", legal) == ("action", A.WIN)
    assert parse_choice("q", legal)[0] == "quit"
    assert parse_choice("9", legal)[0] == "error"
    assert parse_choice("xx", legal)[0] == "error"
