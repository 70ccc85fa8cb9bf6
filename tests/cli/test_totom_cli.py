"""``chieu check totom``, and Tổ tôm through the generic ``chieu play`` / ``chieu replay``:
scripted play with hints, typed answers, the outcome broken down, a hội, records."""

from __future__ import annotations

import builtins
import json
import re
from collections.abc import Iterable
from pathlib import Path

import pytest

from chieu.cli.main import main
from chieu.core.record import GameRecord

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
    [twice] = run_json(capsys, TT1 + " CC", "--call", "có lèo, có lèo", "--lang", "en")
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
    """In English (``--lang en``); tests/cli/test_check_i18n.py has the Vietnamese."""
    reports = run_json(capsys, TT1 + " 1V 2V", "CC CC CC CC CC " + TT1[:44], "9X", "--lang", "en")
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
    assert "Bạn" not in out  # a spectator: every seat is "Người N"
    record = GameRecord.load(path)
    assert record.verify() == []


def test_a_whole_game_reads_well(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hint before every move, then the first move: who dealt and who got the cái, the
    doors, a trả cửa that says whose turn follows, and the win broken down."""
    script(monkeypatch, ["?", "1"] * 400)
    assert main(["play", "totom", "--seed", "1", "--records", str(tmp_path)]) == 0
    out = " ".join(capsys.readouterr().out.split())  # the console wraps long lines
    # the deal: the eldest's two cards name the dealer, the dealer's two the người được cái
    assert "Bạn rút" in out and "chia bài, 6 phần mỗi phần 20 quân" in out
    assert "được cái, lấy phần bài đầu và xin quân nọc trước" in out
    # trả cửa: the card lies in a door as if its owner had discarded it
    assert "coi như Bạn đánh ra, tới lượt Người 2" in out
    # the hints: the hand sorted, the lưng, the waits or the distance, the best moves
    assert "Phu trên tay: " in out and "Lưng: " in out and "Quân lẻ: " in out
    assert "Chưa chờ ù" in out or "Đang chờ ù" in out
    assert "Chưa chờ quân nào" not in out
    assert "Nên chọn: 1. ăn " in out and "Nên đánh: 1. đánh " in out
    assert "Khàn 5W: nên để úp" in out or "Nên giữ khàn 5W bất thực" in out
    assert "quân lẻ, không vào phu hay cạ nào" in out
    # the end: the winner, the card and whence, the cước with their points, who paid whom
    assert "Người 4 ù 3S (tam sách), quân Người 3 đánh ra" in out
    assert "Cước: Có tôm +1, Bạch thủ +1 → 2 + 2 = 4 điểm" in out
    assert "Bài ù (6 lưng): 3V 3S 7W (tôm)" in out and "Kiểm bài: ✓ đủ 21 quân" in out
    assert "Bạn, Người 2, Người 3, Người 5 mỗi người trả Người 4 4 điểm" in out
    english = re.search(r"\b(discard|draw|pass|eat|loose|waiting|then|player|you)\b", out)
    assert english is None, out[max(0, english.start() - 100) : english.end() + 100]
    [path] = sorted(tmp_path.glob("*.jsonl"))
    assert GameRecord.load(path).verify() == []


def test_a_person_plays_and_quits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    prompts = script(monkeypatch, ["h", "?", "zz", "1", "1", "1", "q"])
    assert main(["play", "totom", "--seed", "5", "--records", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert prompts and "Cách trả lời" in out and "Đã dừng ván." in out
    assert "không rõ quân 'zz'" in out  # bad input is answered in Vietnamese
    [path] = sorted(tmp_path.glob("*.jsonl"))
    assert GameRecord.load(path).verify() == []


def test_typed_words_and_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Move names with or without diacritics, a card that is no card, a number out of range,
    a move not possible now: each answered in Vietnamese, then played."""
    answers = ["@@", "9X", "99", "phỗng", "xep bai xong", "xin", "q"]
    script(monkeypatch, answers)
    assert main(["play", "totom", "--seed", "3", "--records", str(tmp_path)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "không rõ quân '@@'" in out and "không rõ quân '9X'" in out
    assert "Không có lựa chọn số 99" in out
    assert "lúc này không thể 'phỗng'" in out
    assert "Bạn xếp bài xong" in out and "Bạn xin quân nọc: " in out


def test_eof_saves_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    script(monkeypatch, [])
    assert main(["play", "totom", "--seed", "9", "--records", str(tmp_path)]) == 0
    assert len(list(tmp_path.glob("*.jsonl"))) == 1


def test_a_hoi_of_several_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["play", "totom", "--seed", "1", "--auto", "--games", "3", "--records", str(tmp_path)]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "Ván 3/3" in out and "xin quân nọc" in out and "Xin" not in out
    assert out.count("Bảng điểm hội") == 3 and "Ván 3: " in out
    assert len(list(tmp_path.glob("*.jsonl"))) == 3


def test_english_on_request(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    script(monkeypatch, ["?", "1"] * 400)
    assert main(["play", "totom", "--seed", "1", "--lang", "en", "--records", str(tmp_path)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Phu in hand: " in out and "Best choices: 1. eat " in out
    assert "Player 4 won on 3S (Three of Sách), discarded by Player 3" in out
    assert "You, Player 2, Player 3, Player 5 each pay Player 4 4" in out
    assert "You draw " in out and "You draws" not in out


def test_a_win_on_a_card_returned_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seed 22: Người 2 wins on the 3S the person's trả cửa put in play."""
    script(monkeypatch, ["1"] * 400)
    assert main(["play", "totom", "--seed", "22", "--lang", "en", "--records", str(tmp_path)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Player 2 won on 3S (Three of Sách), returned by You (trả cửa)" in out


def test_bad_play_arguments(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "totom", "--rules", "nope=1", "--auto"]) == 2
    captured = capsys.readouterr()
    assert "nope" in captured.out + captured.err
    assert main(["play", "totom", "--seat", "7", "--records", str(tmp_path)]) == 2
    assert main(["play", "totom", "--preset", "zz", "--auto"]) == 2


def test_replay_shows_a_seat_its_own_cards_and_every_hand_at_the_end(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = Path(__file__).resolve().parents[1] / "golden" / "totom" / "strict_5p_win.jsonl"
    assert main(["replay", str(path), "--seat", "0"]) == 0
    seat_out = capsys.readouterr().out
    assert "Bạn được chia: " in seat_out and "khớp hoàn toàn" in seat_out
    assert "Người 2 được chia 20 quân" in seat_out  # another seat's cards stay hidden
    assert "trên tay (" in seat_out  # the end: the seat's hand, sorted
    assert main(["replay", str(path)]) == 0
    spectator = " ".join(capsys.readouterr().out.split())  # the console wraps long lines
    assert "được chia:" not in spectator.split("Cuối ván")[0]
    assert "chia bài, 6 phần mỗi phần 20 quân" in spectator and "được cái" in spectator
    assert main(["replay", str(path), "--all"]) == 0
    everyone = " ".join(capsys.readouterr().out.split())
    assert everyone.count("được chia: ") == 5 and "Bài ù (" in everyone
    assert " ù " in everyone and "mỗi người trả" in everyone
    answers = iter(["", "q"])
    monkeypatch.setattr(builtins, "input", lambda _prompt="": next(answers))
    assert main(["replay", str(path), "--seat", "1", "--step"]) == 0
    assert capsys.readouterr().out.count("trên tay (") >= 3  # start, one step, the end
