"""Fair deals in the arena (issue 16): a secret master seed, records a bot cannot read before
every rotation of their deal is played, external bots' time limits."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from chieu.arena import MatchConfig, run_match, with_seed
from chieu.arena.core import deal_seed
from chieu.cli.main import main

PY = sys.executable


def test_without_a_seed_the_master_seed_comes_from_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    import secrets

    drawn: list[int] = []

    def randbits(k: int) -> int:
        drawn.append(k)
        return 123456789 + len(drawn)

    monkeypatch.setattr(secrets, "randbits", randbits)
    config = MatchConfig("chan", ("heuristic", "random"), 2, None, {"players": 2})
    results = run_match(config, workers=1)
    assert drawn == [64]
    assert [r.seed for r in results] == [deal_seed(123456790, d) for d in (0, 0, 1, 1)]


def test_two_matches_without_a_seed_deal_different_cards() -> None:
    config = MatchConfig("chan", ("random", "random"), 3, None, {"players": 2})
    a, b = with_seed(config), with_seed(config)
    assert a.seed is not None and b.seed is not None and a.seed != b.seed
    assert 0 <= a.seed < 2**64
    assert with_seed(MatchConfig("chan", ("random", "random"), 1, 7)).seed == 7


SPY = """
import json, os, sys
records, log = sys.argv[1], sys.argv[2]
seen = None
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "start":
        print("{}", flush=True)
    elif m["type"] == "act":
        if seen is None:
            seen = sorted(os.listdir(records)) if os.path.isdir(records) else []
            with open(log, "a") as f:
                f.write(json.dumps(seen) + "\\n")
        print(json.dumps({"index": 0}), flush=True)
"""


def test_a_bot_never_finds_the_records_of_the_deal_it_plays(tmp_path: Path) -> None:
    """A spying external bot lists the records folder at each game: it sees the records of
    the finished deals only, never an earlier rotation of its own deal."""
    spy = tmp_path / "spy.py"
    spy.write_text(SPY, encoding="utf-8")
    records, log = tmp_path / "records", tmp_path / "seen.jsonl"
    ext = f"ext:{PY} {spy} {records} {log}"
    config = MatchConfig("chan", (ext, "random"), 3, None, {"players": 2}, str(records))
    results = run_match(config, workers=1)
    assert len(results) == 6 and not any(r.failures for r in results)
    seen = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()]
    done = [f"deal{d:05d}-rot{r}.jsonl" for d in range(3) for r in range(2)]
    # games in order: deal 0 rotations 0 and 1, deal 1 ..., deal 2 ...
    assert seen == [[], [], done[:2], done[:2], done[:4], done[:4]]
    assert sorted(p.name for p in records.iterdir()) == done


SLOW = """
import json, sys, time
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "start":
        print("{}", flush=True)
    elif m["type"] == "act":
        time.sleep(0.4)
        print(json.dumps({"index": 0}), flush=True)
"""


def test_the_external_bot_limits_reach_every_game(tmp_path: Path) -> None:
    slow = tmp_path / "slow.py"
    slow.write_text(SLOW, encoding="utf-8")
    ext = f"ext:{PY} {slow}"
    config = MatchConfig("chan", (ext, "random"), 1, 1, {"players": 2}, ext_timeout=0.2)
    reasons = {why for r in run_match(config, workers=1) for _, why in r.failures}
    assert reasons == {"no answer to 'act' within 0.2 s"}
    config = MatchConfig(
        "chan", (ext, "random"), 1, 1, {"players": 2}, ext_timeout=1, ext_game_time=0.6
    )
    reasons = {why for r in run_match(config, workers=1) for _, why in r.failures}
    assert reasons == {"used up its 0.6 s for the game (at 'act')"}


def test_bad_limits_are_refused() -> None:
    from chieu.core.errors import ChieuError

    for bad in ({"ext_timeout": float("nan")}, {"ext_game_time": 0}, {"ext_timeout": -1}):
        with pytest.raises(ChieuError, match="seconds"):
            run_match(MatchConfig("chan", ("random", "random"), 1, 0, {"players": 2}, **bad))


def test_cli_seed_secret_unless_given(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "chan", "--bots", "random,random", "--games", "1", "--workers", "1"]
    seeds = []
    for _ in range(2):
        assert main([*argv, "--no-records", "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["seed_given"] is False and 0 <= data["seed"] < 2**64
        seeds.append(data["seed"])
    assert seeds[0] != seeds[1]
    assert main([*argv, "--no-records", "--json", "--seed", "42"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seed"] == 42 and data["seed_given"] is True


def test_the_seed_help_warns_that_it_reveals_every_deal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from chieu.cli import i18n

    try:
        for lang, words in (
            ("en", "Anyone who knows it can rebuild every"),
            ("vi", "Ai biết seed"),
        ):
            monkeypatch.setenv("CHIEU_LANG", lang)
            i18n.install(lang)
            with pytest.raises(SystemExit):
                main(["arena", "--help"])
            out = " ".join(capsys.readouterr().out.split())
            assert words in out, out
    finally:
        i18n.install("vi")
