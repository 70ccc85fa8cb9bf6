"""``chieu play`` and ``chieu replay``: automatic games, a scripted person, records, errors."""

from __future__ import annotations

import builtins
from collections.abc import Iterable
from pathlib import Path

import pytest

from chieu.cli.main import main
from chieu.cli.play import parse_choice
from chieu.core.record import GameRecord
from chieu.games.chan import ChanGame, Rules
from chieu.games.chan import actions as A
from chieu.games.chan.cards import KINDS


def script(monkeypatch: pytest.MonkeyPatch, answers: Iterable[str]) -> list[str]:
    """Feed ``answers`` to ``input()``; then EOF. Returns the prompts seen."""
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


def records(directory: Path) -> list[Path]:
    return sorted(directory.glob("*.jsonl"))


def test_auto_game_saves_a_record_that_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "chan", "--seed", "3", "--auto", "--records", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    [path] = records(tmp_path)
    assert path.name.startswith("chan-") and "seed3" in path.name
    assert str(path) in out
    assert "Kết quả" in out
    record = GameRecord.load(path)
    assert record.verify() == []
    assert record.replay().is_terminal()
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Biên bản khớp" in out and "Kết quả" in out
    assert main(["replay", str(path), "--all"]) == 0
    assert main(["replay", str(path), "--seat", "1"]) == 0


def test_a_sitting_of_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "play",
            "chan",
            "--seed",
            "8",
            "--auto",
            "--games",
            "3",
            "--players",
            "3",
            "--bots",
            "greedy,random,greedy",
            "--rules",
            "fault_mode=strict",
            "--records",
            str(tmp_path),
        ]
    )
    assert code == 0
    out = capsys.readouterr().out
    assert len(records(tmp_path)) == 3
    assert "Bảng điểm" in out
    headers = [GameRecord.load(p) for p in records(tmp_path)]
    assert sorted(r.seed for r in headers) == [8, 9, 10]
    assert all(r.rules["fault_mode"] == "strict" and r.rules["players"] == 3 for r in headers)


def test_a_person_with_bad_input_then_eof(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    prompts = script(monkeypatch, ["zz", "99", "", "?", "h", "1", "1"])
    code = main(["play", "chan", "--seed", "3", "--seat", "0", "--records", str(tmp_path)])
    assert code == 0  # EOF = quit cleanly
    out = capsys.readouterr().out
    assert len(prompts) == 8  # seven answers, then the prompt that met EOF
    assert "Không hiểu 'zz'" in out
    assert "Không có lựa chọn số 99" in out
    assert "Quân què" in out  # the hints
    assert "Cách trả lời" in out  # the help
    assert "Traceback" not in out
    [path] = records(tmp_path)
    record = GameRecord.load(path)
    assert record.verify() == []
    assert any(seat == 0 for seat, _ in record.actions())  # the person's moves were kept
    assert main(["replay", str(path)]) == 0
    assert "Ván chưa kết thúc" in capsys.readouterr().out


def test_a_person_plays_a_whole_sitting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    prompts = script(monkeypatch, ["1"] * 2000)
    code = main(
        [
            "play",
            "chan",
            "--seed",
            "21",
            "--seat",
            "2",
            "--games",
            "2",
            "--bots",
            "random,greedy,greedy",
            "--records",
            str(tmp_path),
        ]
    )
    assert code == 0
    assert 0 < len(prompts) < 2000
    files = records(tmp_path)
    assert len(files) == 2
    for path in files:
        record = GameRecord.load(path)
        assert record.verify() == []
        assert record.replay().is_terminal()
    assert "Bảng điểm" in capsys.readouterr().out


def test_quit_keeps_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script(monkeypatch, ["1", "q"])
    assert main(["play", "chan", "--seed", "4", "--records", str(tmp_path)]) == 0
    [path] = records(tmp_path)
    assert len(GameRecord.load(path).actions()) >= 1
    assert "Đã lưu biên bản" in capsys.readouterr().out


def test_replay_step_by_step(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert main(["play", "chan", "--seed", "5", "--auto", "--records", str(tmp_path)]) == 0
    [path] = records(tmp_path)
    prompts = script(monkeypatch, ["", "", "q"])
    assert main(["replay", str(path), "--step", "--all"]) == 0
    assert len(prompts) == 3


def test_corrupted_record_names_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "chan", "--seed", "3", "--auto", "--records", str(tmp_path)]) == 0
    [path] = records(tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[4] = '{"type": "action", "actor": 0, "data": '  # line 5: cut short
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:5" in err

    # a well-formed line with a move that cannot be played
    lines = path.read_text(encoding="utf-8").splitlines()
    n = next(i for i, ln in enumerate(lines) if '"verb": "discard"' in ln)
    lines[n] = lines[n].replace('"verb": "discard"', '"verb": "chiu"')
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["replay", str(bad)]) == 2
    assert f"{bad}:{n + 1}" in capsys.readouterr().err

    assert main(["replay", str(tmp_path / "missing.jsonl")]) == 2
    assert "missing.jsonl" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "minimax", "--auto"], "known bots: random, greedy"),
        (["--rules", "nope=1", "--auto"], "unknown Chắn rule 'nope'"),
        (["--rules", "fault_mode", "--auto"], "KEY=VALUE"),
        (["--seat", "5"], "--seat 5"),
        (["--preset", "nope", "--auto"], "unknown preset"),
        (["--players", "3", "--bots", "greedy,random,greedy", "--seat", "0"], "--bots lists 3"),
    ],
)
def test_bad_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(["play", "chan", "--records", str(tmp_path), *argv]) == 2
    assert message in capsys.readouterr().err
    assert records(tmp_path) == []


def test_parse_choice_understands_codes_words_and_numbers() -> None:
    state = ChanGame.new_state(Rules(), 3)
    seat = state.current_player()
    assert seat is not None
    obs = state.observation(seat)
    legal = state.legal_actions(seat)
    held = obs["hand"][0]
    code = KINDS.codes[held]
    assert parse_choice(code, legal, obs, seat) == ("action", A.DISCARD[held])
    assert parse_choice(code.lower(), legal, obs, seat) == ("action", A.DISCARD[held])
    assert parse_choice(f"đánh {code}", legal, obs, seat) == ("action", A.DISCARD[held])
    assert parse_choice("1", legal, obs, seat) == ("action", legal[0])
    missing = next(k for k in range(25) if k not in obs["hand"])
    kind, msg = parse_choice(KINDS.codes[missing], legal, obs, seat)
    assert kind == "error" and "không có quân đó" in str(msg)
    assert parse_choice("bốc", legal, obs, seat)[0] == "error"
    assert parse_choice("?", legal, obs, seat) == ("hint", "")
    assert parse_choice("Q", legal, obs, seat) == ("quit", "")
    assert parse_choice("h", legal, obs, seat) == ("help", "")
    assert parse_choice("0", legal, obs, seat)[0] == "error"

    state.apply(A.DISCARD[held], seat)
    while state.phase != "decide":
        state.apply(A.DECLINE)
    seat = state.current_player()
    assert seat is not None
    obs = state.observation(seat)
    legal = state.legal_actions(seat)
    assert parse_choice("boc", legal, obs, seat) == ("action", A.DRAW)
    assert parse_choice("Bốc", legal, obs, seat) == ("action", A.DRAW)


def test_render_colours_red_cards_and_groups_the_hand() -> None:
    from rich.console import Console

    from chieu.cli import render
    from chieu.games.chan.cards import RED, parse_cards

    for kind in range(25):
        assert ("red" in str(render.card(kind).style)) == (kind in RED)
    text = render.hand_groups(parse_cards("2V 2V 3S 3W 9V 9S 9W 6S CC")).plain
    assert text == "chắn 2V2V │ cạ 3S3W │ ba đầu 9V9S9W │ què 6S CC"
    state = ChanGame.new_state(Rules(), 2)
    console = Console(width=120, record=True)
    console.print(render.table(state.observation(None), render.seat_names(4)))
    shown = console.export_text()
    assert "quân cái" in shown and "nọc: 23 quân" in shown and "cái" in shown


def test_fault_warnings_try_actions_on_a_copy() -> None:
    from chieu.bots import RandomBot, bot_rng
    from chieu.cli.play import fault_warnings, hints

    warned = 0
    hinted = False
    for seed in range(2):
        state = ChanGame.new_state(Rules(), seed)
        rngs = [bot_rng(seed, s) for s in range(4)]
        while not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            legal = state.legal_actions(seat)
            before = state.snapshot()
            warnings = fault_warnings(state, seat, legal)
            assert state.snapshot() == before
            assert set(warnings) <= set(legal)
            warned += len(warnings)
            if warnings and not hinted:
                hinted = True
                text = hints(state.observation(seat), legal, warnings).plain
                assert "sẽ phạm lỗi" in text
            state.apply(RandomBot().act(state.observation(seat), legal, rngs[seat]), seat)
    assert warned > 0


def test_a_failing_bot_does_not_lose_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from chieu.bots.greedy import GreedyChanBot
    from chieu.core.errors import ChieuError

    calls = {"n": 0}
    act = GreedyChanBot.act

    def flaky(self: GreedyChanBot, *args: object) -> object:
        calls["n"] += 1
        if calls["n"] > 5:
            raise ChieuError("the bot broke")
        return act(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(GreedyChanBot, "act", flaky)
    assert main(["play", "chan", "--seed", "2", "--auto", "--records", str(tmp_path)]) == 2
    assert "the bot broke" in capsys.readouterr().err
    [path] = records(tmp_path)
    assert len(GameRecord.load(path).actions()) == 5
