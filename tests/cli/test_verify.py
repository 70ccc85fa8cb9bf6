"""``chieu verify RECORD``: what it checked, line by line, and its exit codes (0 verified and
finished, 1 does not check out, 2 unreadable, 3 valid but unfinished)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chieu.cli.main import main

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


@pytest.fixture
def played(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    assert main(["play", "chan", "--auto", "--records", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    [path] = sorted(tmp_path.glob("*.jsonl"))
    assert path.name.split("-seed")[1][:-6] in out  # the seed, revealed at the end
    return path


def test_a_played_game_verifies_in_vietnamese(
    played: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["verify", str(played)]) == 0
    out = capsys.readouterr().out
    assert "✓ dòng 1: Cam kết ở đầu biên bản khớp" in out
    assert "✓ dòng 2: Bộ bài đúng là bộ bài của seed" in out
    assert "Kết luận: HỢP LỆ" in out and "(0)" in out


def test_english_json_and_the_fingerprint(played: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(played), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "The deck is the one seed" in out and "Verdict: VERIFIED" in out
    mark = out.split("of the whole file): ")[1].split()[0]
    assert main(["verify", str(played), "--fingerprint", mark[:16]]) == 0
    capsys.readouterr()
    assert main(["verify", str(played), "--fingerprint", "0" * 16, "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "tampered" and data["fingerprint"] == mark
    assert data["checks"][-1] == {"ok": False, "line": None, "text": data["checks"][-1]["text"]}


def test_an_edited_record_names_the_first_line_that_disagrees(
    played: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = played.read_text(encoding="utf-8").splitlines()
    n = next(i for i, x in enumerate(lines) if '"type": "action"' in x and "discard" in x)
    lines.insert(n + 1, lines[n])  # a move played twice
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["verify", str(bad), "--lang", "en"]) == 1
    out = capsys.readouterr().out
    assert f"✗ line {n + 2}:" in out and "DOES NOT CHECK OUT" in out
    assert main(["replay", str(bad)]) in (1, 2)
    assert "Biên bản khớp hoàn toàn" not in capsys.readouterr().out


def test_an_unfinished_record_is_reported_unfinished(
    played: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = played.read_text(encoding="utf-8").splitlines()
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(lines[:-3]) + "\n" + lines[-3][:10], encoding="utf-8")
    assert main(["verify", str(cut)]) == 3
    out = capsys.readouterr().out
    assert "CHƯA KẾT THÚC" in out and "còn niêm phong" in out
    assert f"dòng {len(lines) - 2}: Dòng {len(lines) - 2} bị cắt dở" in out


def test_an_older_record_has_no_commitment(capsys: pytest.CaptureFixture[str]) -> None:
    path = sorted(GOLDEN.glob("chan/*.jsonl"))[0]
    assert main(["verify", str(path), "--lang", "en"]) == 0
    assert "No commitment (older format)." in capsys.readouterr().out


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "không đọc được biên bản"),
        (b"", "biên bản trống"),
        (b'{"record": 1}\n', "không phải biên bản của chieu"),
    ],
)
def test_unreadable_records_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes | None, message: str
) -> None:
    path = tmp_path / "x.jsonl"
    if content is not None:
        path.write_bytes(content)
    assert main(["verify", str(path)]) == 2
    assert message in capsys.readouterr().err


def test_a_bad_fingerprint_option_is_usage(played: Path) -> None:
    assert main(["verify", str(played), "--fingerprint", "xyz"]) == 2
