"""``chieu check phom``, and Phỏm at the generic terminal (``chieu play phom``, ``chieu replay``):
JSON keys, A.9 examples, errors; the table, hints and result in words, records, a hội."""

from __future__ import annotations

import builtins
import json
import re
from collections.abc import Iterable
from pathlib import Path

import pytest

from chieu import load_game
from chieu.cli.main import main
from chieu.core.record import GameRecord
from chieu.games.phom.cards import KINDS, cards_of


def check_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(["check", "phom", *args, "--json"]) == 0
    return dict(json.loads(capsys.readouterr().out.strip().splitlines()[-1]))


def test_check_p4_with_table_and_discard(capsys: pytest.CaptureFixture[str]) -> None:
    r = check_json(capsys, "Qh 4c 7d 7s 7h 7c 6h Ad 4d Ks", "--table", "8h 9h Th Jh")
    for key in ("game", "cards", "melds", "sent", "deadwood", "points", "u", "mom", "discard"):
        assert key in r
    assert r["game"] == "phom" and r["points"] == 9 and r["discard"] == "Ks"
    assert r["melds"] == [["7s", "7c", "7d"]]
    assert sorted(s["card"] for s in r["sent"]) == ["6h", "7h", "Qh"]  # type: ignore[union-attr]
    assert r["u"] is False and r["mom"] is False


def test_check_p3_eaten_cards(capsys: pytest.CaptureFixture[str]) -> None:
    r = check_json(capsys, "6h 7h 8h 7c 7d 7s 8c 8d Td", "--eaten", "7h 7c")
    assert r["points"] == 26 and r["discard"] is None
    assert sorted(r["deadwood"]) == ["8c", "8d", "Td"]  # type: ignore[type-var]


def test_check_p5_u_gui(capsys: pytest.CaptureFixture[str]) -> None:
    r = check_json(capsys, "Qc Qd Qs 2h 3h 4h 7s 6s Jh Kd", "--table", "8s 9s Ts; Jc Jd Js")
    assert r["u"] is True and r["points"] == 0 and r["discard"] == "Kd"


def test_check_symbols_and_ten(capsys: pytest.CaptureFixture[str]) -> None:
    r = check_json(capsys, "3♠ 4♠ 5♠ 9♣ 9♦ 9♥ J♦ Q♦ K♦ 10c")
    assert r["u"] is True and r["discard"] == "Tc"


def test_check_mom(capsys: pytest.CaptureFixture[str]) -> None:
    r = check_json(capsys, "As 9s 3h 6h Jh 5d Kd 2c 7c")
    assert r["mom"] is True and r["points"] == 57 and r["u_khan"] is True


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["Kh 7s"], "9 to 11 cards"),
        (["Kh 7s 2c 3c 4c 5c 6c 7c Zz"], "unknown card 'Zz'"),
        (["Kh Kh 2c 3c 4c 5c 6c 7c 8c"], "twice"),
        (["Kh 7s 2c 3c 4c 5c 6c 7c 8c", "--eaten", "Qs"], "not in the hand"),
        (["Kh 7s 2c 3c 4c 5c 6c 7c 8c", "--table", "Js Qh Kd"], "not a phỏm"),
        (["Kh 7s 2c 3c 4c 5c 6c 7c 8c", "--table", "Kh Ks Kd"], "already in the hand"),
        (["Kh 7s 2d 3c 4c 5c 6h 7c 8h", "--eaten", "Kh 7s"], "invariant"),
        (["Kh 7s 2c 3c 4c 5c 6c 7c 8c", "--seen", "7s"], "seen card 7s"),
        (["Kh 7s 2c 3c 4c 5c 6c 7c 8c", "--table", "Js Qs Ks", "--seen", "Qs"], "seen card Qs"),
    ],
)
def test_check_bad_input_is_a_clear_error(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """In English (``--lang en``); tests/cli/test_check_i18n.py has the Vietnamese."""
    code = main(["check", "phom", *args, "--json", "--lang", "en"])
    out = capsys.readouterr().out
    assert code != 0
    assert message in out
    assert "Traceback" not in out


def test_check_renders_for_people(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "phom", "Qh 4c 7d 7s 7h 7c 6h Ad 4d Ks", "--table", "8h 9h Th Jh"]) == 0
    out = capsys.readouterr().out
    assert "Gửi" in out and "9 điểm" in out


def test_the_game_is_found_by_its_aliases(capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("phỏm", "tá lả", "ta-la", "tala"):
        assert main(["check", name, "3s 4s 5s 9c 9d 9h Jd Qd Kd 2c", "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["u"] is True


# -- play (the generic terminal) ---------------------------------------------------------------

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "phom"
#: English that must never reach the Vietnamese table
ENGLISH = re.compile(r"\b(Player|discard|draw|pass|eat|lay|send|points|no_winner|winner|Result)\b")


def script(monkeypatch: pytest.MonkeyPatch, answers: Iterable[str]) -> list[str]:
    """Answer the prompts with ``answers``, then end the input; the prompts asked."""
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


def _no_english(out: str) -> None:
    found = ENGLISH.search(out)
    assert found is None, out[max(0, found.start() - 200) : found.end() + 200]


def test_auto_games_save_records_that_replay_and_keep_a_score_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        ["play", "phom", "--seed", "3", "--auto", "--games", "2", "--records", str(tmp_path)]
    )
    assert code == 0
    out = capsys.readouterr().out
    paths = sorted(tmp_path.glob("phom-*.jsonl"))
    assert len(paths) == 2
    assert out.count("Kết quả") == 2 and "Bảng điểm hội" in out
    assert "Ván 1:" in out and "Ván 2:" in out and "— Ván 2/2 —" in out
    # the game's words: seats as the table names them, cards as K♥, the bots named once
    assert "Người 2: Vừa" in out and " đánh " in out and "♠" in out
    _no_english(out)
    # the result broken down: ù or the ranking, then who paid whom
    assert re.search(r"(ù|Nhất: Người \d)", out) and " trả Người " in out
    for path in paths:
        rec = GameRecord.load(path)
        assert rec.verify() == [] and rec.replay().is_terminal()


def test_a_person_gets_help_hints_and_vietnamese_errors_until_stdin_ends(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    prompts = script(monkeypatch, ["h", "?", "zz", "99", "bốc", "1", "1", "1"])
    assert main(["play", "phom", "--seed", "4", "--seat", "0", "--records", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert len(prompts) >= 7
    assert "Cách trả lời" in out  # h
    # ? : the phỏm and loose cards, the waits by name, ranked discards, the lay-down turn
    assert "rác:" in out and re.search(r"chờ: (cạ|chưa)", out)
    assert "Nên đánh " in out and "Hoặc đánh " in out
    assert "Lượt hạ bài: lượt thứ 3 sau lượt này" in out
    assert "không rõ quân 'zz'" in out  # a bad card, in Vietnamese
    assert "từ 1 đến 10" in out  # a number out of the list
    assert "Bây giờ không được bốc." in out  # a move that is not legal now
    _no_english(out.split("Đã lưu biên bản")[0])
    [path] = sorted(tmp_path.glob("phom-*.jsonl"))
    rec = GameRecord.load(path)
    assert rec.verify() == [] and len(rec.actions()) >= 1


def test_a_card_code_or_symbol_at_the_prompt_discards_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    hand = cards_of(load_game("phom").new_state(seed=4).seats[0].hand)
    first, second = KINDS.codes[hand[0]], KINDS.codes[hand[1]]
    symbol = f"{first[:-1].replace('T', '10')}{'♠♣♦♥'['scdh'.index(first[-1])]}"
    script(monkeypatch, [f"đánh {symbol}", second.lower(), "q"])
    assert main(["play", "phom", "--seed", "4", "--records", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert f"Bạn đánh {symbol}" in out and "Đã dừng ván." in out
    [path] = sorted(tmp_path.glob("phom-*.jsonl"))
    assert GameRecord.load(path).verify() == []


def test_the_game_is_played_to_its_end_with_hints_at_every_prompt(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    script(monkeypatch, ["?", "1"] * 200)
    assert main(["play", "tá lả", "--seed", "11", "--records", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Kết quả" in out and "Hết ván" in out
    assert "Lượt này hạ bài" in out or "Ù được ngay" in out
    _no_english(out.split("Đã lưu biên bản")[0])


def test_english_table_hints_and_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    script(monkeypatch, ["?", "1"] * 200)
    argv = ["play", "phom", "--seed", "12", "--lang", "en", "--records", str(tmp_path)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "Discard " in out and "Your lay-down turn" in out and "Result" in out
    assert re.search(r"(ù|First: Player \d)", out) and " pay" in out
    for vietnamese in ("Người", "Bạn", "Nên đánh", "Kết quả", "điểm"):
        assert vietnamese not in out


def test_replay_tells_the_result_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    for path in sorted(GOLDEN.glob("*.jsonl")):
        assert main(["replay", str(path), "--seat", "0"]) == 0
        out = capsys.readouterr().out.split("Cuối ván")[1]
        assert "khớp hoàn toàn" in out
        assert re.search(r" ù|Nhất: ", out), path
        assert " trả " in out or "Không ai phải trả gì." in out


def test_replay_shows_the_seats_own_draws_every_hand_at_the_end_and_steps(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--seat`` shows that seat's hand and its own draws, a spectator neither, ``--all``
    every draw; the end shows every hand; ``--step`` pauses (moved here from
    tests/cli/test_replay_games.py, on the generic table's words)."""
    path = GOLDEN / "4p_normal.jsonl"
    assert main(["replay", str(path), "--seat", "0"]) == 0
    seat_out = capsys.readouterr().out
    before, end = seat_out.split("Cuối ván")
    assert "Bạn được chia: " in before and "Bạn bốc được " in before
    assert "trên tay (" in end and "khớp hoàn toàn" in end
    for s in (2, 3, 4):  # every hand at the end
        assert f"\n  Người {s}: " in end
    assert main(["replay", str(path)]) == 0
    spectator = capsys.readouterr().out.split("Cuối ván")[0]
    assert "bốc được" not in spectator and "bốc một quân" in spectator
    assert "trên tay" not in spectator
    assert main(["replay", str(path), "--all"]) == 0
    every = capsys.readouterr().out.split("Cuối ván")[0]
    assert every.count("bốc được") > before.count("bốc được")
    answers = iter(["", "q"])
    monkeypatch.setattr("builtins.input", lambda _prompt="": next(answers))
    assert main(["replay", str(path), "--seat", "1", "--step"]) == 0
    assert capsys.readouterr().out.count("trên tay (") >= 3  # two steps shown and the end


def test_bad_play_options_are_clear_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["play", "phom", "--auto", "--rules", "pay_u=lots", "--records", str(tmp_path)])
    out = capsys.readouterr()
    assert code != 0
    assert "pay_u" in out.out + out.err


def test_check_outs_count_unseen_cards(capsys: pytest.CaptureFixture[str]) -> None:
    r = check_json(capsys, "5s 6s Kd Qc 2h 9d 9c 3h Jd", "--seen", "4s 9h")
    outs = {o["card"]: o for o in r["outs"]}  # type: ignore[union-attr]
    assert outs["7s"]["completes"] and outs["7s"]["unseen"] == 1
    assert outs["4s"]["unseen"] == 0 and outs["9h"]["unseen"] == 0
    assert r["outs_unseen"] == sum(o["unseen"] for o in outs.values())
