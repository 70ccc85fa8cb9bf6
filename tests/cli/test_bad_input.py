"""Bad command-line input: a clear message and exit code 2, never a traceback, nothing lost."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from chieu.cli.bot import Server, serve
from chieu.cli.common import basic_choice
from chieu.cli.main import main
from chieu.games.chan import ChanGame, Rules


def _fails(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) if argv[-1] == "__argparse__" else _nothing():
        code = main(argv[:-1] if argv[-1] == "__argparse__" else argv)
        assert code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *args: object) -> bool:
        return False


def test_records_path_that_is_a_file_is_refused_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    afile = tmp_path / "afile"
    afile.write_text("x", encoding="utf-8")
    for argv in (
        ["play", "chan", "--auto", "--seed", "1", "--records", str(afile)],
        ["play", "phom", "--auto", "--seed", "1", "--records", str(afile)],
        ["arena", "chan", "--bots", "heuristic,random", "--games", "1", "--records", str(afile)],
    ):
        _fails(argv, "là một tệp, không phải thư mục", capsys)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "chan", "--bots", "ext:'unterminated", "--records", "/tmp"], "thiếu dấu nháy"),
        (["arena", "chan", "--bots", "heuristic,random", "--no-records", "--ray", ""], "--ray"),
        (["arena", "chan", "--bots", "search:-5,random", "--no-records"], "ngân sách '-5'"),
        (["arena", "chan", "--bots", "search:,random", "--no-records"], "sau dấu ':' chưa"),
        (["bot", "serve", "search:abc"], "máy search không hợp lệ"),
        (["bot", "tune", "chan", "--thresholds", "nan"], "cần các số ≥ 0"),
        (["bot", "tune", "chan", "--thresholds", ""], "cần các số ≥ 0"),
        (["arena", "chan", "--bots", "heuristic", "--no-records"], "--bots có 1 máy"),
        (["arena", "chan", "--bots", "random,random", "--rules", "players=3"], "--players"),
    ],
)
def test_bad_values_get_a_clear_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _fails(argv, message, capsys)


@pytest.mark.parametrize(
    "argv",
    [
        ["arena", "chan", "--bots", "random,random", "--workers", "-3"],
        ["arena", "chan", "--bots", "random,random", "--games", "0"],
        ["review", "x.jsonl", "--seat", "0", "--iterations", "0"],
    ],
)
def test_counts_below_one_are_refused_by_the_parser(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2 and "ít nhất 1" in capsys.readouterr().err


def test_a_huge_number_at_the_prompt_is_just_not_a_choice() -> None:
    kind, message = basic_choice("9" * 5000, ["a", "b"]) or ("", "")  # type: ignore[list-item]
    assert kind == "error" and "từ 1 đến 2" in str(message)


def test_bot_serve_answers_a_malformed_observation_with_an_error() -> None:
    state = ChanGame.new_state(Rules(), 2)
    seat = state.current_player()
    legal = [a.to_json() for a in state.legal_actions(seat)]
    obs = state.observation(seat)
    del obs["hand"]
    lines = [
        {"type": "start", "game": "chan", "seat": seat},
        {"type": "act", "observation": obs, "legal": legal},
        {},
        "{not json",
        {"type": "act", "observation": state.observation(seat), "legal": legal},
    ]
    out = io.StringIO()
    text = "\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n"
    serve(Server("heuristic"), io.StringIO(text), out)
    answers = [json.loads(x) for x in out.getvalue().splitlines()]
    assert answers[1] == {"type": "error", "message": answers[1]["message"]}
    assert "observation" in answers[1]["message"]
    assert "needs a 'type'" in answers[2]["message"]
    assert "is not JSON" in answers[3]["message"]
    assert answers[4]["action"] in legal  # the server went on


def test_play_reports_an_external_bot_that_cannot_start(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bots = "ext:/nonexistent/bot,heuristic,heuristic,heuristic"
    argv = ["play", "phom", "--auto", "--seed", "1", "--records", str(tmp_path), "--bots", bots]
    assert main(argv) == 0
    out = " ".join(capsys.readouterr().out.split())  # the console wraps long lines
    assert "bị xử thua nước" in out and "cannot start" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["review", "x.jsonl", "--seat", "0", "--millis", "nan"], "'nan' is not a finite number"),
        (["review", "x.jsonl", "--seat", "0", "--millis", "inf"], "'inf' is not a finite number"),
        (["review", "x.jsonl", "--seat", "0", "--millis", "-1"], "-1 is too small: from 0"),
        (["review", "x.jsonl", "--seat", "0", "--millis", "1e9"], "too large: at most 600000"),
        (["review", "x.jsonl", "--seat", "0", "--iterations", "9999999"], "at most 1,000,000"),
        (["review", "x.jsonl", "--seat", "-1"], "-1 is too small: at least 0"),
        (["review", "x.jsonl", "--seat", "1e3"], "'1e3' is not a whole number"),
        (["arena", "chan", "--bots", "random,random", "--games", "nan"], "not a whole number"),
        (["arena", "chan", "--bots", "random,random", "--games", "9" * 40], "not a whole number"),
        (["arena", "chan", "--bots", "random,random", "--games", "10000001"], "too large"),
        (["arena", "chan", "--bots", "random,random", "--seed", "-1"], "too small: at least 0"),
        (["arena", "chan", "--bots", "random,random", "--seed", str(2**64)], "too large"),
        (["arena", "chan", "--bots", "random,random", "--players", "100"], "at most 16"),
        (["arena", "chan", "--bots", "random,random", "--workers", "5000"], "at most 1,024"),
        (["arena", "chan", "--bots", "random,random", "--ext-timeout", "nan"], "not a finite"),
        (["arena", "chan", "--bots", "random,random", "--ext-timeout", "0"], "more than 0"),
        (["arena", "chan", "--bots", "random,random", "--ext-timeout", "1e9"], "at most 86400"),
        (["arena", "chan", "--bots", "random,random", "--ext-game-time=-inf"], "not a finite"),
        (["bot", "tune", "chan", "--games", "0"], "at least 1"),
        (["bot", "tune", "chan", "--worlds", "inf"], "not a whole number"),
        (["bot", "tune", "chan", "--seed", str(2**64)], "too large"),
    ],
)
def test_numbers_out_of_range_are_refused_by_the_parser(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """No NaN, no infinity, no number out of its range: argparse exits with status 2 and says
    what is accepted (``--millis nan`` used to make ``chieu review`` run forever)."""
    with pytest.raises(SystemExit) as info:
        main([*argv, "--lang", "en"])
    err = capsys.readouterr().err
    assert info.value.code == 2 and message in err and "Traceback" not in err, err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["serve", "--port", "99999"], "99.999 lớn quá: nhiều nhất 65.535"),
        (["serve", "--port", "http"], "'http' không phải số nguyên từ 1 đến 65.535"),
        (["review", "x.jsonl", "--seat", "0", "--millis", "nan"], "không phải số hữu hạn"),
        (["arena", "chan", "--bots", "random,random", "--ext-timeout", "0"], "lớn hơn 0"),
    ],
)
def test_number_errors_speak_vietnamese(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    err = capsys.readouterr().err
    assert info.value.code == 2 and message in err and "Traceback" not in err, err
    assert "too large" not in err and "not a" not in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["bot", "tune", "chan", "--thresholds", "0,1e999"], "cần các số ≥ 0"),
        (["bot", "tune", "chan", "--thresholds", "0,101"], "lớn nhất 100"),
        (["bot", "tune", "chan", "--budget", "5000000"], "nhiều nhất 1.000.000 lượt chơi thử"),
    ],
)
def test_tune_lists_and_budgets_are_checked(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _fails(argv, message, capsys)
