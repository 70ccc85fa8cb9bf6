"""``chieu check totom`` and ``chieu play totom``: the contract, errors, scripted play."""

from __future__ import annotations

import builtins
import json
from collections.abc import Iterable
from pathlib import Path

import pytest

from chieu.cli.main import main
from chieu.cli.play_totom import parse_choice
from chieu.core.record import GameRecord
from chieu.games.totom import actions as A

TT1 = "3V 4V 5V 6V 6V 7V 7V 8V 9V 8S 7S 6S 4S 3S 3W 4W 4W 6W 7W OL"


def script(monkeypatch: pytest.MonkeyPatch, answers: Iterable[str]) -> list[str]:
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


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict[str, object]]:
    code = main(["check", "totom", "--json", *args])
    out = capsys.readouterr().out
    assert code in (0, 2)
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def test_check_waits_of_the_king_hand(capsys: pytest.CaptureFixture[str]) -> None:
    [report] = run_json(capsys, TT1)
    assert [w["card"] for w in report["waits"]] == ["5W", "8W", "CC"]  # type: ignore[index]


def test_check_reading_flag(capsys: pytest.CaptureFixture[str]) -> None:
    [report] = run_json(capsys, TT1, "--lung", "rc")
    assert [w["card"] for w in report["waits"]] == ["5W", "CC"]  # type: ignore[index]


def test_check_calls(capsys: pytest.CaptureFixture[str]) -> None:
    [bad] = run_json(capsys, TT1 + " + CC", "--call", "chi nẩy")
    assert bad["win"] is False and "ù nhỏ hô to" in str(bad["illegal"])
    [good] = run_json(capsys, TT1 + " CC", "--call", "có lèo")
    assert good["win"] is True and good["score"] == 4
    [twice] = run_json(capsys, TT1 + " CC", "--call", "có lèo, có lèo")
    assert "Có lèo ×2 (the hand has 1)" in str(twice["illegal"])
    # a blank call is no call: the engine calls the true cước
    [blank] = run_json(capsys, TT1 + " CC", "--call", " , ")
    assert blank["win"] is True and blank["score"] == good["score"]


def test_check_source_and_thong(capsys: pytest.CaptureFixture[str]) -> None:
    tt4 = "7W 3V 3S 5S 5S 5S 4V 5V 6V 2W 3W 4W 6V 6S 6W 7V 8V 9V 9V 8S + CC"
    [drawn] = run_json(capsys, tt4)
    [thrown] = run_json(capsys, tt4, "--source", "discard", "--thong")
    assert drawn["score"] == 7 and thrown["score"] == 7  # no chi nẩy, but thông


def test_check_bad_hands_are_reported(capsys: pytest.CaptureFixture[str]) -> None:
    reports = run_json(capsys, TT1 + " 1V 2V", "CC CC CC CC CC " + TT1[:44], "9X")
    assert all("error" in r for r in reports)
    assert "22 cards" in str(reports[0]["error"])
    assert "5 copies of CC" in str(reports[1]["error"])


def test_check_plain_view(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "totom", TT1]) == 0
    out = capsys.readouterr().out
    assert "lèo" in out and "CC" in out


def test_auto_game_saves_a_record_that_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "totom", "--seed", "3", "--auto", "--records", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    [path] = sorted(tmp_path.glob("*.jsonl"))
    assert path.name.startswith("totom-") and "Kết quả" in out
    record = GameRecord.load(path)
    assert record.verify() == []


def test_a_person_plays_and_quits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    prompts = script(monkeypatch, ["h", "?", "zz", "1", "1", "1", "q"])
    assert main(["play", "totom", "--seed", "5", "--records", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert prompts and "Cách trả lời" in out
    [path] = sorted(tmp_path.glob("*.jsonl"))
    assert GameRecord.load(path).verify() == []


def test_eof_saves_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    script(monkeypatch, [])
    assert main(["play", "totom", "--seed", "9", "--records", str(tmp_path)]) == 0
    assert len(list(tmp_path.glob("*.jsonl"))) == 1


def test_a_hoi_of_several_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["play", "totom", "--seed", "1", "--auto", "--games", "3", "--records", str(tmp_path)]
    assert main(args) == 0
    assert "Hội:" in capsys.readouterr().out
    assert len(list(tmp_path.glob("*.jsonl"))) == 3


def test_bad_play_arguments(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "totom", "--rules", "nope=1", "--auto"]) == 2
    captured = capsys.readouterr()
    assert "nope" in captured.out + captured.err
    assert main(["play", "totom", "--seat", "7", "--records", str(tmp_path)]) == 2
    assert main(["play", "totom", "--preset", "zz", "--auto"]) == 2


def test_parse_choice() -> None:
    legal = [A.DISCARD[0], A.DRAW, A.WIN]
    assert parse_choice("1V", legal) == ("action", A.DISCARD[0])
    assert parse_choice("xin", legal) == ("action", A.DRAW)
    assert parse_choice("ù", legal) == ("action", A.WIN)
    assert parse_choice("3", legal) == ("action", A.WIN)
    assert parse_choice("9", legal)[0] == "error"
    assert parse_choice("q", legal)[0] == "quit"
