"""``chieu replay`` on the records of every game (the golden records), not only Chắn's."""

from __future__ import annotations

from pathlib import Path

import pytest

from chieu.cli.main import main

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
ONE_PER_GAME = sorted(
    {p.parent.name: p for p in sorted(GOLDEN.glob("*/*.jsonl"))}.values(), key=lambda p: str(p)
)


@pytest.mark.parametrize("path", ONE_PER_GAME, ids=lambda p: p.parent.name)
def test_replay_verifies_every_game(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "khớp hoàn toàn" in out
    assert "Cuối ván" in out


@pytest.mark.parametrize("path", ONE_PER_GAME, ids=lambda p: p.parent.name)
def test_replay_names_the_line_of_a_bad_move(path: Path, tmp_path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    moves = [i for i, ln in enumerate(lines) if '"type": "action"' in ln or '"type":"action"' in ln]
    assert moves, "the record has no move"
    i = moves[len(moves) // 2]
    lines[i] = (
        lines[i]
        .replace('"action": {', '"action": {"bogus": 1, ', 1)
        .replace('"action":{', '"action":{"bogus":1,', 1)
    )
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["replay", str(bad)]) == 2


@pytest.mark.parametrize(
    "path",
    [p for p in ONE_PER_GAME if p.parent.name not in ("chan", "phom", "matchuoc", "totom")],
    ids=lambda p: p.parent.name,
)
def test_replay_views_of_the_other_games(
    path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--seat`` shows that seat's hand, ``--all`` every seat's, ``--step`` pauses (Chắn's
    own views are tested in tests/cli/test_play.py, Phỏm's in tests/cli/test_phom_cli.py, Mạt
    chược's in tests/cli/test_matchuoc_cli.py, Tổ tôm's in tests/cli/test_totom_cli.py)."""
    from chieu.core.record import GameRecord

    record = GameRecord.load(path)
    state = record.start()
    hand_label = "Bài"
    assert main(["replay", str(path), "--seat", "0"]) == 0
    seat_out = capsys.readouterr().out
    assert hand_label in seat_out and "khớp hoàn toàn" in seat_out
    assert main(["replay", str(path)]) == 0
    assert hand_label not in capsys.readouterr().out.split("Cuối ván")[0]  # spectator
    assert main(["replay", str(path), "--all"]) == 0
    all_out = capsys.readouterr().out
    assert all_out.count(hand_label) >= 2 * state.num_players  # start and end, every seat
    answers = iter(["", "q"])
    monkeypatch.setattr("builtins.input", lambda _prompt="": next(answers))
    assert main(["replay", str(path), "--seat", "1", "--step"]) == 0
    assert capsys.readouterr().out.count(hand_label) >= 3  # start, one step, end


@pytest.mark.parametrize("path", ONE_PER_GAME, ids=lambda p: p.parent.name)
def test_replay_never_says_match_for_an_edited_or_cut_record(
    path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The audit's edits: a deal chosen and written under "seed 7", an extra header key, an
    invalid version, a record cut at an event boundary or in the middle of a line."""
    import json

    lines = path.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    bad = tmp_path / "bad.jsonl"
    for edit in ({"seed": head["seed"] + 7}, {"extra": 1}, {"version": "?"}):
        bad.write_text("\n".join([json.dumps({**head, **edit}), *lines[1:]]), encoding="utf-8")
        code = main(["replay", str(bad)])  # 2: another seed may make a move illegal
        out = capsys.readouterr().out
        assert code in (1, 2) and "khớp hoàn toàn" not in out
        assert code == 2 or "Biên bản không khớp" in out
    for text in ("\n".join(lines[:-2]) + "\n", "\n".join(lines[:-1]) + "\n" + lines[-1][:9]):
        bad.write_text(text, encoding="utf-8")
        assert main(["replay", str(bad)]) == 0
        out = capsys.readouterr().out
        assert "khớp hoàn toàn" not in out and "ván chưa kết thúc" in out
