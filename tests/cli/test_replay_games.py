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
