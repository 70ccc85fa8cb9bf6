"""``chieu check matchuoc`` (JSON contract, errors) and Mạt chược at the generic terminal:
``chieu play matchuoc`` (hints, the result broken down, records, ``--auto``, a hội, bad input
answered in Vietnamese, English on request) and ``chieu replay`` of its records."""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from chieu.cli.main import main
from chieu.core.record import GameRecord

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "matchuoc"
#: English words that must not reach the Vietnamese table
ENGLISH = re.compile(
    r"\b(discard|draw|pass|win|wins|waiting|tiles|unseen|pays|result|player|joker)\b",
    re.IGNORECASE,
)


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
    """In English (``--lang en``); tests/cli/test_check_i18n.py has the Vietnamese."""
    code, [r] = _json(capsys, *args, "--lang", "en")
    assert code == 2 and message in str(r["error"])


def test_check_person_view(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "matchuoc", "TG 6p 8p 8p 9p 123m 456s 77z"]) == 0
    out = capsys.readouterr().out
    assert "Chờ" in out and "7p" in out


# -- chieu play matchuoc ----------------------------------------------------------------------


def _play(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    answers: Sequence[str],
    *extra: str,
) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{a}\n" for a in answers)))
    code = main(["play", "matchuoc", "--records", str(tmp_path), *extra])
    out = capsys.readouterr().out
    assert code == 0, out[-2000:]
    return out


def test_auto_game_saves_a_record_that_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "matchuoc", "--seed", "3", "--auto", "--records", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    [path] = sorted(tmp_path.glob("*.jsonl"))
    assert path.name.startswith("matchuoc-") and "Kết quả" in out
    # the result broken down: who won on which tile from whom
    assert re.search(r"Người \d ù [A-ZĐ][^\n]* do Người \d đánh ra\.", out), out[-1500:]
    assert "Trả (cái " in out and "Cộng: " in out and "Ván sau " in out
    record = GameRecord.load(path)
    assert record.verify() == []
    assert record.replay().is_terminal()


def test_a_person_plays_then_stdin_ends(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Help, a hint, bad input answered in Vietnamese, three moves, then the input ends: the
    game in progress is saved."""
    out = _play(
        monkeypatch, capsys, tmp_path, ["h", "?", "zz", "99", "", "1", "1", "1"], "--seed", "5"
    )
    assert "Cách trả lời" in out
    assert "Không hiểu 'zz'" in out and "mã quân như 5p" in out
    assert "Không có lựa chọn số 99" in out and "Hãy gõ số thứ tự" in out
    assert "Đã lưu biên bản" in out
    [path] = sorted(tmp_path.glob("*.jsonl"))
    assert GameRecord.load(path).verify() == []


def test_quit_saves_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = _play(monkeypatch, capsys, tmp_path, ["q"], "--seed", "5")
    assert "Đã dừng ván." in out
    [path] = sorted(tmp_path.glob("*.jsonl"))
    assert not GameRecord.load(path).replay().is_terminal()


def test_a_game_to_its_end_with_hints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``?`` before every move: the hints name the tiles (waits, the best discards with the
    distance after them), the table shows tile names, the result is broken down; no English,
    no action ids."""
    out = _play(monkeypatch, capsys, tmp_path, ["?", "1"] * 400, "--seed", "5")
    assert "Kết quả" in out
    assert re.search(r"đánh [A-ZĐ][^:]*: (cách ù \d+ quân|chờ ù )", out), out[:3000]
    assert "quân chưa lộ" in out or "quân có ích chưa lộ" in out
    assert "trên tay (1" in out and "Vạn" in out
    assert "Ván sau " in out and ("Cộng: " in out or "Hòa: hết tường" in out)
    english = ENGLISH.search(out)
    assert english is None, out[max(0, english.start() - 200) : english.end() + 200]
    assert not re.search(r"\b(discard|chow|pung) \d+\b", out)
    [path] = sorted(tmp_path.glob("*.jsonl"))
    assert GameRecord.load(path).verify() == []


def test_hints_and_result_in_english(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = _play(monkeypatch, capsys, tmp_path, ["?", "1"] * 400, "--seed", "5", "--lang", "en")
    assert "Result" in out and "Kết quả" not in out
    assert "tiles from a win" in out or "waiting on" in out
    assert "Next deal: " in out


def test_a_hoi_keeps_a_score_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = _play(monkeypatch, capsys, tmp_path, [], "--seed", "3", "--auto", "--games", "2")
    assert "— Ván 1/2 —" in out and "— Ván 2/2 —" in out
    assert out.count("Bảng điểm hội") == 2 and "Ván 2: " in out
    assert len(list(tmp_path.glob("matchuoc-*.jsonl"))) == 2


# -- chieu replay -----------------------------------------------------------------------------


def test_replay_breaks_the_result_down(capsys: pytest.CaptureFixture[str]) -> None:
    """The golden phóng hoa game: the three flowers, the phán, who paid what."""
    assert main(["replay", str(GOLDEN / "random_win.jsonl")]) == 0
    out = capsys.readouterr().out
    assert "Người 4 phóng hoa: ba lần đánh hoa (" in out
    assert "Phóng hoa: 6 phán" in out and "Cộng: 6 phán = 1 mủn" in out
    assert "Trả (cái 64, con 32): Người 1 trả 64 (cái)" in out
    assert "khớp hoàn toàn" in out


def test_replay_of_a_seat_shows_its_draws_and_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(GOLDEN / "heuristic_phinh.jsonl"), "--seat", "3"]) == 0
    out = capsys.readouterr().out
    assert "Bạn bốc " in out
    assert "Phình: 1 phán" in out and "Bạn ù " in out


def test_replay_views(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """``--seat`` shows that seat's tiles by name, a spectator sees no hand before the end
    (then every hand), ``--all`` every seat's deal, ``--step`` pauses with the table."""
    path = str(GOLDEN / "random_win.jsonl")
    assert main(["replay", path, "--seat", "0"]) == 0
    out = capsys.readouterr().out
    assert "Bạn được chia: Tam Vạn Tứ Vạn" in out and "trên tay (" in out
    assert "khớp hoàn toàn" in out
    assert main(["replay", path]) == 0
    before, end = capsys.readouterr().out.split("Cuối ván")
    assert "được chia:" not in before and "trên tay (" not in before
    assert all(f"  Người {s}: " in end for s in range(1, 5))
    assert main(["replay", path, "--all"]) == 0
    assert capsys.readouterr().out.count("được chia: ") == 4
    answers = iter(["", "q"])
    monkeypatch.setattr("builtins.input", lambda _prompt="": next(answers))
    assert main(["replay", path, "--seat", "1", "--step"]) == 0
    assert capsys.readouterr().out.count("trên tay (") >= 3  # two steps and the end
