"""``chieu play chan`` and ``chieu replay`` on the generic terminal (``cli/playing.py``,
``cli/replay.py``): automatic games, a scripted person, hints, the result broken down, the
score sheet of a hội, records, bad input and bad options."""

from __future__ import annotations

import builtins
import io
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest
from rich.console import Console

from chieu.cli.common import basic_choice
from chieu.cli.main import main
from chieu.core.errors import NotationError
from chieu.core.record import GameRecord
from chieu.games.chan import ChanGame, Rules
from chieu.games.chan import actions as A
from chieu.games.chan.cards import KINDS
from chieu.games.chan.notation import NOTATION
from chieu.games.chan.results import outcome_lines


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


def joined(text: str) -> str:
    """The console wraps long lines: one space for every run of white space."""
    return " ".join(text.split())


def test_auto_game_saves_a_record_that_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "chan", "--seed", "3", "--auto", "--records", str(tmp_path)]) == 0
    out = joined(capsys.readouterr().out)
    [path] = records(tmp_path)
    assert path.name.startswith("chan-") and "seed3" in path.name
    assert str(path) in out
    record = GameRecord.load(path)
    assert record.verify() == []
    state = record.replay()
    assert state.is_terminal()
    # the result broken down: who won on which card from whom, the cước, who paid whom
    lines = outcome_lines(state)
    assert "Kết quả" in out and lines and all(joined(line) in out for line in lines)
    assert any(line.startswith("Cước: ") for line in lines)
    assert any(" trả " in line for line in lines)
    assert main(["replay", str(path)]) == 0
    out = joined(capsys.readouterr().out)
    assert "Biên bản khớp" in out and all(joined(line) in out for line in lines)
    assert main(["replay", str(path), "--all"]) == 0
    assert main(["replay", str(path), "--seat", "1"]) == 0


def test_replay_follows_a_seat_and_shows_every_hand_at_the_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["play", "chan", "--seed", "5", "--auto", "--records", str(tmp_path)]) == 0
    [path] = records(tmp_path)
    capsys.readouterr()
    hand = "trên tay"
    assert main(["replay", str(path), "--seat", "0"]) == 0
    seat = capsys.readouterr().out
    assert "bốc" in seat and "khớp hoàn toàn" in seat
    assert main(["replay", str(path)]) == 0
    spectator = capsys.readouterr().out
    assert hand not in spectator.split("Cuối ván")[0]
    assert "Người 1: " in spectator.split("Cuối ván")[1]  # every hand at the end
    prompts = script(monkeypatch, ["", "", "q"])
    assert main(["replay", str(path), "--step", "--seat", "1"]) == 0
    assert len(prompts) == 3
    assert capsys.readouterr().out.count(hand) >= 4  # three steps and the end
    assert main(["replay", str(path), "--all"]) == 0
    every = capsys.readouterr().out.split("Cuối ván")[1]
    assert all(f"Người {s}: " in every for s in (1, 2, 3, 4))


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
    assert out.count("Bảng điểm") == 3 and "Ván 3:" in out
    headers = [GameRecord.load(p) for p in records(tmp_path)]
    assert 8 in {r.seed for r in headers}  # the first game's seed
    assert all(r.rules["fault_mode"] == "strict" and r.rules["players"] == 3 for r in headers)
    assert "⚠" not in out  # strict mode: no fault is ever offered


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
    assert "Hãy gõ số thứ tự" in out
    # the hints: chắn and quân què, the distance, eat or draw ranked with their reasons
    assert "Chắn: 4 trên tay + 0 dưới chiếu = 4 (cần 6). Quân què: 4V, 6S, 8W." in out
    assert "Chưa chờ ù: cách chờ ù 1 lần thay quân." in out
    assert "1. ăn chắn 6S: thêm một chắn; rồi đánh 4V: quân què" in joined(out)
    assert "2. bốc: giữ bài như cũ" in out
    assert "Cách trả lời" in out  # the help
    assert "Traceback" not in out
    [path] = records(tmp_path)
    record = GameRecord.load(path)
    assert record.verify() == []
    assert any(seat == 0 for seat, _ in record.actions())  # the person's moves were kept
    assert main(["replay", str(path)]) == 0
    assert "Ván chưa kết thúc" in capsys.readouterr().out


def test_hints_warn_of_the_faults_in_the_menu(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Seed 3: when Người 4 lets its draw 2S go (dưới), seat 0 is offered two cạ eats that
    are faults: the menu marks them and ``?`` explains them, and names the wait the best eat
    leads to."""
    script(monkeypatch, ["1", "1", "?", "1"])
    assert main(["play", "chan", "--seed", "3", "--records", str(tmp_path)]) == 0
    out = joined(capsys.readouterr().out)
    assert "[1] ăn cạ 2S với 2V ⚠ Ăn treo tranh" in out
    assert "⚠ ăn cạ 2S với 2V, ăn cạ 2S với 2W: lỗi Ăn treo tranh (nghỉ ăn tiền)" in out
    assert "1. ăn chắn 2S: thêm một chắn; rồi đánh 4V: quân què, không phá chắn/cạ nào; " in out
    assert "sau đó chờ ù 8W (bát văn)" in out


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
    out = capsys.readouterr().out
    assert "Bảng điểm" in out and "Kết quả" in out


def test_play_in_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script(monkeypatch, ["?"] + ["1"] * 2000)
    assert main(["play", "chan", "--seed", "3", "--lang", "en", "--records", str(tmp_path)]) == 0
    out = joined(capsys.readouterr().out)
    assert "Chắn: 4 in hand + 0 on the mat = 4 (6 needed). Què: 4V, 6S, 8W." in out
    assert "Best choices: 1. eat 6S (chắn): one more chắn; then discard 4V: a què" in out
    assert "Result" in out and "Kết quả" not in out and "Bạn" not in out


def test_quit_keeps_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script(monkeypatch, ["1", "q"])
    assert main(["play", "chan", "--seed", "4", "--records", str(tmp_path)]) == 0
    [path] = records(tmp_path)
    assert len(GameRecord.load(path).actions()) >= 1
    assert "Đã lưu biên bản" in capsys.readouterr().out


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
        (["--bots", "minimax", "--auto"], "Chắn không có máy 'minimax'; các máy: random, greedy"),
        (["--rules", "nope=1", "--auto"], "Chắn không có luật 'nope'"),
        (["--rules", "fault_mode", "--auto"], "KEY=VALUE"),
        (["--seat", "5"], "--seat 5"),
        (["--preset", "nope", "--auto"], "không có bộ luật 'nope'"),
        (["--players", "3", "--bots", "greedy,random,greedy", "--seat", "0"], "--bots có 3 máy"),
    ],
)
def test_bad_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(["play", "chan", "--records", str(tmp_path), *argv]) == 2
    assert message in capsys.readouterr().err
    assert records(tmp_path) == []


def test_typed_answers_codes_words_and_numbers() -> None:
    """What the prompt reads: a number (``basic_choice``), a card code or name, a move's
    name with or without diacritics (the notation); errors in Vietnamese."""
    state = ChanGame.new_state(Rules(), 3)
    seat = state.current_player()
    assert seat is not None
    obs = state.observation(seat)
    legal = state.legal_actions(seat)
    held = obs["hand"][0]
    code = KINDS.codes[held]
    assert NOTATION.parse(state, seat, code) == A.DISCARD[held]
    assert NOTATION.parse(state, seat, code.lower()) == A.DISCARD[held]
    assert NOTATION.parse(state, seat, f"đánh {code}") == A.DISCARD[held]
    assert basic_choice("1", legal) == ("action", legal[0])
    missing = next(k for k in range(25) if k not in obs["hand"])
    with pytest.raises(NotationError, match="không có quân đó"):
        NOTATION.parse(state, seat, KINDS.codes[missing])
    with pytest.raises(NotationError, match="Lúc này không thể"):
        NOTATION.parse(state, seat, "bốc")
    with pytest.raises(NotationError, match=r"Không hiểu 'van'.*'vạn'"):
        NOTATION.parse(state, seat, "van")
    assert basic_choice("?", legal) == ("hint", "")
    assert basic_choice("Q", legal) == ("quit", "")
    assert basic_choice("h", legal) == ("help", "")
    assert basic_choice("0", legal)[0] == "error"

    state.apply(A.DISCARD[held], seat)
    state.pass_forced()
    while state.phase != "decide":
        for d in state.decisions():
            state.apply(A.DECLINE, d.seat)
    seat = state.current_player()
    assert seat is not None
    assert NOTATION.parse(state, seat, "boc") == A.DRAW
    assert NOTATION.parse(state, seat, "Bốc") == A.DRAW


def test_the_table_colours_red_cards_and_groups_the_hand() -> None:
    from chieu.cli.faces import face_for
    from chieu.cli.table import render
    from chieu.core.table import load_game
    from chieu.games.chan.cards import RED

    game = load_game("chan")
    face = face_for(game)
    for kind in range(25):
        assert ("red" in str(face(KINDS.codes[kind]).style)) == (kind in RED)
    state = game.new_state(seed=2)
    view = state.view(0).to_json()
    hand = next(z for z in view["zones"] if z["id"] == "hand:0")
    kinds = [g["kind"] for g in hand["groups"]]
    order = ["chan", "ca", "ba_dau", "que"]
    assert kinds == sorted(kinds, key=order.index)  # chắn, cạ, ba đầu, then què
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(render(view, ["Bạn", "Người 2", "Người 3", "Người 4"], face))
    shown = console.export_text()
    assert "nọc: 23" in shown and "cái" in shown and "trên tay (" in shown


def test_a_failing_bot_does_not_lose_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from chieu.core.errors import ChieuError
    from chieu.games.chan.bots import GreedyChanBot

    calls = {"n": 0}
    act = GreedyChanBot.act

    def flaky(self: GreedyChanBot, *args: object) -> object:
        calls["n"] += 1
        if calls["n"] > 5:
            raise ChieuError("the bot broke")
        return act(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(GreedyChanBot, "act", flaky)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    argv = ["play", "chan", "--seed", "2", "--auto", "--bots", "greedy"]
    assert main([*argv, "--records", str(tmp_path)]) == 2
    assert "the bot broke" in capsys.readouterr().err
    [path] = records(tmp_path)
    # the five moves the bots chose (a claim answer with no alternative is not recorded)
    chosen = [
        e for e in GameRecord.load(path).events if e.type == "action" and e.visible_to is None
    ]
    assert len(chosen) == 5
