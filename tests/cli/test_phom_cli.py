"""``chieu check phom`` and ``chieu play phom``: JSON keys, A.9 examples, errors, records."""

from __future__ import annotations

import builtins
import json
from collections.abc import Iterable
from pathlib import Path

import pytest

from chieu.cli.main import main
from chieu.cli.play_phom import parse_choice
from chieu.core.record import GameRecord
from chieu.games.phom import actions as A
from chieu.games.phom.cards import parse_cards


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
    code = main(["check", "phom", *args, "--json"])
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


# -- play -------------------------------------------------------------------------------------


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


def test_auto_games_save_records_that_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        ["play", "phom", "--seed", "3", "--auto", "--games", "2", "--records", str(tmp_path)]
    )
    assert code == 0
    out = capsys.readouterr().out
    paths = sorted(tmp_path.glob("phom-*.jsonl"))
    assert len(paths) == 2 and "Kết quả" in out and "Bảng điểm" in out
    for path in paths:
        rec = GameRecord.load(path)
        assert rec.verify() == [] and rec.replay().is_terminal()


def test_a_person_plays_until_stdin_ends(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    prompts = script(monkeypatch, ["h", "?", "zz", "99", "1", "1", "1"])
    assert main(["play", "phom", "--seed", "4", "--seat", "0", "--records", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert len(prompts) >= 5
    assert "Cách trả lời" in out and "Gợi ý" in out
    [path] = sorted(tmp_path.glob("phom-*.jsonl"))
    rec = GameRecord.load(path)
    assert rec.verify() == [] and len(rec.actions()) >= 1


def test_parse_choice_words_codes_and_numbers() -> None:
    legal = [A.DRAW, A.EAT]
    assert parse_choice("bốc", legal) == ("action", A.DRAW)
    assert parse_choice("ăn", legal) == ("action", A.EAT)
    assert parse_choice("2", legal) == ("action", A.EAT)
    assert parse_choice("q", legal)[0] == "quit"
    kh = parse_cards("Kh")[0]
    assert parse_choice("K♥", [A.DISCARD[kh]]) == ("action", A.DISCARD[kh])
    assert parse_choice("7s", [A.DISCARD[kh]])[0] == "error"


def test_bad_play_options_are_clear_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["play", "phom", "--auto", "--rule", "pay_u=lots", "--records", str(tmp_path)])
    out = capsys.readouterr()
    assert code != 0
    assert "pay_u" in out.out + out.err


def test_check_outs_count_unseen_cards(capsys: pytest.CaptureFixture[str]) -> None:
    r = check_json(capsys, "5s 6s Kd Qc 2h 9d 9c 3h Jd", "--seen", "4s 9h")
    outs = {o["card"]: o for o in r["outs"]}  # type: ignore[union-attr]
    assert outs["7s"]["completes"] and outs["7s"]["unseen"] == 1
    assert outs["4s"]["unseen"] == 0 and outs["9h"]["unseen"] == 0
    assert r["outs_unseen"] == sum(o["unseen"] for o in outs.values())
