"""``chieu play`` killed mid-game (SIGTERM, SIGHUP, SIGKILL, a closed output pipe) keeps its
record, and ``chieu play --resume RECORD`` plays the game on to its end, for every game. Also:
a sitting goes on with its score sheet."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from chieu.cli.main import main
from chieu.core.commitment import check
from chieu.core.record import GameRecord, key_path
from chieu.core.registry import game_names

CHIEU = [sys.executable, "-m", "chieu.cli.main"]
DELAY = "0.03"  # seconds after each move: the game lasts long enough to be stopped


def _lines(folder: Path) -> tuple[Path | None, int]:
    paths = sorted(folder.glob("*.jsonl"))
    if not paths:
        return None, 0
    return paths[-1], paths[-1].read_bytes().count(b"\n")


def _wait_for(folder: Path, at_least: int, proc: subprocess.Popen[bytes]) -> Path:
    """The record once it has ``at_least`` lines (the game is under way)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        path, n = _lines(folder)
        if path is not None and n >= at_least:
            return path
        assert proc.poll() is None, "the game ended before it could be stopped"
        time.sleep(0.01)
    raise AssertionError("no record")


PROMPT = "Bạn chọn (số".encode()
#: seeds whose games ask the person (answering "1") for many moves
SEEDS = {"chan": 23, "totom": 34, "phom": 8, "matchuoc": 7}


def _person(args: list[str], answers: int, out: Path) -> subprocess.Popen[bytes]:
    """``chieu play`` with a person at seat 0 who answers "1" ``answers`` times, once it
    waits for the next answer (its prompt shown): a deterministic place to stop it."""
    with out.open("wb") as stdout, out.with_suffix(".err").open("wb") as stderr:
        proc = subprocess.Popen(
            [*CHIEU, *args], stdin=subprocess.PIPE, stdout=stdout, stderr=stderr
        )
    assert proc.stdin is not None
    proc.stdin.write(b"1\n" * answers)
    proc.stdin.flush()
    deadline = time.monotonic() + 60
    while out.read_bytes().count(PROMPT) <= answers:
        assert proc.poll() is None, out.read_text(encoding="utf-8")[-2000:]
        assert time.monotonic() < deadline, "no prompt"
        time.sleep(0.01)
    return proc


@pytest.mark.parametrize("game", game_names())
def test_killed_three_ways_then_resumed_to_the_end(tmp_path: Path, game: str) -> None:
    """SIGTERM, then SIGHUP, then SIGKILL, each while the person is asked for a move (after
    a few moves of every seat), each followed by --resume; then the game is played to its
    end and its record verifies. The person's moves are all kept."""
    records = tmp_path / "r"
    out = tmp_path / "out.txt"
    seed = SEEDS[game]
    proc = _person(["play", game, "--seed", str(seed), "--records", str(records)], 1, out)
    [path] = records.glob("*.jsonl")
    for sig, code in (
        (signal.SIGTERM, 128 + signal.SIGTERM),
        (signal.SIGHUP, 128 + signal.SIGHUP),
        (signal.SIGKILL, -signal.SIGKILL),
    ):
        if sig != signal.SIGTERM:  # the first game is under way already
            proc = _person(["play", "--resume", str(path)], 1, out)
        proc.send_signal(sig)
        assert proc.wait(20) == code
        if sig != signal.SIGKILL:
            err = out.with_suffix(".err").read_text(encoding="utf-8")
            assert f"chieu play --resume {path}" in err, err
        assert key_path(path).exists()
        record = GameRecord.load(path, lenient=True)
        assert not record.revealed and check(record).status == "unfinished"
    moves = sum(seat == 0 for seat, _ in record.actions())
    assert moves >= 3
    done = subprocess.run(
        [*CHIEU, "play", "--resume", str(path)], input=b"1\n" * 5000, capture_output=True
    )
    assert done.returncode == 0, done.stderr
    [final] = sorted(records.glob("*.jsonl"))
    assert final.name.endswith(f"-seed{seed}.jsonl") and not key_path(path).exists()
    record = GameRecord.load(final)
    assert check(record).status == "verified" and record.replay().is_terminal()


def test_a_closed_pipe_keeps_the_record(tmp_path: Path) -> None:
    records = tmp_path / "r"
    """Seed 3: the first game's record has 31 lines; the pipe closes after its 12th."""
    argv = ["play", "chan", "--auto", "--seed", "3", "--games", "3", "--delay", DELAY]
    proc = subprocess.Popen(
        [*CHIEU, *argv, "--records", records], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    path = _wait_for(records, 12, proc)
    proc.stdout.close()  # like `| head -30`
    assert proc.wait(20) == 141
    err = proc.stderr.read().decode()
    assert "SIGPIPE" in err and f"--resume {path}" in err
    record = GameRecord.load(path, lenient=True)
    assert check(record).status == "unfinished" and len(record.actions()) >= 1
    done = subprocess.run([*CHIEU, "play", "--resume", str(path)], capture_output=True, timeout=120)
    assert done.returncode == 0 and "Bảng điểm hội" in done.stdout.decode()
    assert len(list(records.glob("*-seed*.jsonl"))) == 3
    assert all(check(GameRecord.load(p)).status == "verified" for p in records.glob("*.jsonl"))


def test_a_sitting_resumes_with_its_score_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Stopped between two games (the first over, the second never started): --resume on the
    first game's record plays the rest of the hội, the sheet carried over."""
    argv = ["play", "phom", "--auto", "--seed", "40", "--games", "2", "--records", str(tmp_path)]
    assert main(argv) == 0
    whole = capsys.readouterr().out.split("Bảng điểm hội")[-1]
    paths = sorted(tmp_path.glob("*.jsonl"), key=lambda p: p.stat().st_mtime_ns)
    first = paths[0]
    paths[1].unlink()
    assert main(["play", "--resume", str(first)]) == 0
    out = capsys.readouterr().out
    assert "Ván 1 đã xong." in out and out.split("Bảng điểm hội")[-1] == whole
    assert {int(p.name.split("seed")[1].split(".")[0]) for p in tmp_path.glob("*.jsonl")} == {
        40,
        41,
    }


def test_resume_needs_a_record_of_chieu_play(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    golden = sorted((Path(__file__).parents[1] / "golden" / "chan").glob("*.jsonl"))[0]
    assert main(["play", "--resume", str(golden)]) == 2
    assert "định dạng 2" in capsys.readouterr().err
    assert main(["play"]) == 2
    assert main(["play", "chan", "--resume", str(golden)]) == 2


def test_a_person_quits_then_resumes_at_the_same_decision(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n1\nq\n"))
    assert main(["play", "totom", "--seed", "6", "--records", str(tmp_path)]) == 0
    [path] = tmp_path.glob("*.jsonl")
    before = GameRecord.load(path).actions()
    capsys.readouterr()
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 3000))
    assert main(["play", "--resume", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"sau {len(before)} nước" in out and "Kết quả" in out
    [final] = tmp_path.glob("*.jsonl")
    assert final.name.endswith("-seed6.jsonl")
    record = GameRecord.load(final)
    assert record.actions()[: len(before)] == before and check(record).status == "verified"
