"""``chieu play GAME`` plays every game to its end through the one driver, with scripted
answers, and speaks one language: no English in the Vietnamese table, no action ids."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from chieu.cli.main import main
from chieu.core.record import GameRecord
from chieu.core.registry import game_names

#: English words that must never reach the Vietnamese table (labels, phases, outcomes...)
ENGLISH = re.compile(
    r"\b(discard|draw|pass|decline|claim|win|no_winner|winner|card_count|unknown card|"
    r"turn|phase|seat \d|player|action)\b",
    re.IGNORECASE,
)
ACTION_ID = re.compile(r"\b(discard|eat|chow|pung|chiu) \d+\b")


def _play(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    game: str,
    *extra: str,
) -> str:
    # always the first listed move: every game ends (the bound is the game's length)
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 5000))
    code = main(["play", game, "--seed", "5", "--records", str(tmp_path), *extra])
    out = capsys.readouterr().out
    assert code == 0, out[-2000:]
    return out


@pytest.mark.parametrize("game", game_names())
def test_play_every_game_to_its_end_in_vietnamese(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str
) -> None:
    out = _play(monkeypatch, capsys, tmp_path, game)
    assert "Kết quả" in out
    assert not ACTION_ID.search(out), ACTION_ID.search(out)
    english = ENGLISH.search(out)
    assert english is None, out[max(0, english.start() - 200) : english.end() + 200]
    records = list(tmp_path.glob("*.jsonl"))
    assert len(records) == 1
    record = GameRecord.load(records[0])
    assert record.verify() == []
    assert record.replay().is_terminal()


@pytest.mark.parametrize("game", game_names())
def test_play_in_english(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str
) -> None:
    out = _play(monkeypatch, capsys, tmp_path, game, "--lang", "en")
    assert "Result" in out and "Kết quả" not in out


def test_help_speaks_the_chosen_language(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    vi = capsys.readouterr().out
    assert "cách dùng" in vi and "usage" not in vi
    with pytest.raises(SystemExit):
        main(["play", "--help", "--lang", "en"])
    en = capsys.readouterr().out
    assert "usage" in en and "cách dùng" not in en
    assert main(["play", "no-such-game"]) == 2


def test_the_seed_help_warns_and_the_record_hides_the_seed_during_play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--seed``'s help says who can rebuild the deal; a game in progress (the person quit
    after one move) has no seed in its record's name or text, only the commitment."""
    with pytest.raises(SystemExit):
        main(["play", "--help", "--lang", "en"])
    assert "anyone who knows the seed can rebuild" in " ".join(capsys.readouterr().out.split())
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\nq\n"))
    assert main(["play", "chan", "--seed", "123457", "--records", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "chieu play --resume" in out
    [path] = tmp_path.glob("*.jsonl")
    assert "123457" not in path.name and "123457" not in path.read_text(encoding="utf-8")
    assert '"commit": "' in path.read_text(encoding="utf-8").splitlines()[0]
    record = GameRecord.load(path)  # with its key file: the person's own game
    assert record.seed == 123457 and record.from_key and not record.revealed
    # replay and verify of the game in progress tell neither the seed nor a hand
    capsys.readouterr()
    assert main(["replay", str(path), "--all"]) == 2
    assert main(["replay", str(path), "--seat", "1"]) == 2
    assert main(["replay", str(path)]) == 0
    assert main(["verify", str(path)]) == 3
    out = capsys.readouterr().out
    assert "123457" not in out and "bí mật đến hết ván" in out


class _Clock:
    """A fake clock for ``chieu.cli.playing``: time passes only when it sleeps or a bot
    thinks; ``pauses`` holds the moment each pause ended (a public change shown)."""

    def __init__(self) -> None:
        self.now = 0.0
        self.pauses: list[float] = []
        self.thought = 0  # claim answers a bot thought about

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += max(0.0, seconds)
        self.pauses.append(self.now)


def test_the_terminal_keeps_its_pace_whoever_can_claim(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A bot that thinks about a claim (time passes) and answers it (privately) changes
    nothing the person at the terminal can time: every public change comes ``--delay``
    after the one before. Before, the table paused after every answer, a private one too,
    so a window with a real claim took a pause longer than one where everyone could only
    pass."""
    from chieu.bots.random_bot import RandomBot
    from chieu.cli import playing

    clock = _Clock()
    monkeypatch.setattr(playing.time, "monotonic", clock.monotonic)
    monkeypatch.setattr(playing.time, "sleep", clock.sleep)
    choose = RandomBot.act

    def thinking(self: RandomBot, observation: Any, legal: list[Any], rng: Any) -> Any:
        if len(legal) > 1 and any(a.verb in ("pass", "decline") for a in legal):
            clock.now += 0.5  # a real claim: the bot thinks it over
            clock.thought += 1
        return choose(self, observation, legal, rng)

    monkeypatch.setattr(RandomBot, "act", thinking)
    _play(monkeypatch, capsys, tmp_path, "matchuoc", "--bots", "random", "--delay", "1")
    assert clock.thought > 0  # the bots had real claims to think about
    gaps = {round(b - a, 6) for a, b in zip(clock.pauses, clock.pauses[1:], strict=False)}
    assert gaps == {1.0}, sorted(gaps)
