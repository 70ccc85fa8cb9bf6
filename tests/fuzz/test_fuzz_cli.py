"""The command line of ``chieu bot serve``, ``chieu arena`` and ``chieu review`` under fuzzed
arguments, through ``main()`` (no subprocess): status 0 or 2 (or argparse's exit 2), a message
rather than a traceback, never a hang."""

from __future__ import annotations

import contextlib
import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chieu.cli.main import main
from tests.fuzz._fuzz import COUNTS, fuzz, no_hang, record_lines

NUMBERS = [
    "0", "1", "2", "-1", "nan", "NaN", "inf", "-inf", "1e999", "1e9", "0.5", "1_0", "+3", "",
    " ", "x", "9" * 30, "9" * 5000, str(2**63), str(2**64), "0x10", "١", "3.0",
]  # fmt: skip
#: about half valid (a small number), half not
number = st.one_of(
    st.sampled_from(["1", "2", "1", "2", "0.5", *NUMBERS]),
    st.sampled_from(["1", "2"]),
    st.text(max_size=8),
)
GAMES = ["chan", "chắn", "phom", "tá lả", "chess", "", "CHAN", "matchuoc", "totom"]
BOTS = [
    "random", "heuristic", "greedy", "search:1", "search:0", "search:-5", "search:nanms",
    "search:infms", "search:1e400ms", "search:" + "9" * 25, "search:99999999", "search:",
    "ext:", "ext:/nonexistent/bot", "ext:'unclosed", "alphago", ":", "", "random:3",
]  # fmt: skip


def _run(argv: list[str], stdin: bytes = b"") -> int:
    """``main(argv)`` with ``stdin`` as standard input and the output thrown away; its status
    (argparse's exits included)."""
    out, err = io.StringIO(), io.StringIO()
    fake_in = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    old = sys.stdin
    sys.stdin = fake_in
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 2
    finally:
        sys.stdin = old
    assert "Traceback" not in err.getvalue()
    COUNTS[f"CLI runs through main() with status {code} ({argv[0]})"] += 1
    return code


@fuzz(80)
@given(
    name=st.one_of(st.sampled_from(BOTS[:4]), st.sampled_from(BOTS), st.text(max_size=12)),
    game=st.one_of(
        st.none(), st.sampled_from(GAMES[:4]), st.sampled_from(GAMES), st.text(max_size=8)
    ),
    lines=st.lists(st.sampled_from([
        b'{"type": "start", "game": "chan", "seat": 1}', b'{"type": "start", "seat": 1e999}',
        b"[" * 100, b"\xff", b'{"type": "end"}', b'{"type": "quit"}', b"",
    ]), max_size=4),
)  # fmt: skip
def test_bot_serve_arguments(name: str, game: str | None, lines: list[bytes]) -> None:
    argv = ["bot", "serve", name, *(["--game", game] if game is not None else [])]
    with no_hang(10, f"chieu {' '.join(argv)}"):
        assert _run(argv, b"\n".join(lines)) in (0, 2)


@st.composite
def arena_argv(draw: st.DrawFn, tmp: Path) -> list[str]:
    tame = draw(st.integers(0, 9)) < 5  # a command that should run, with one change at most
    argv = ["arena", "chan" if tame else draw(st.sampled_from(GAMES))]
    if tame:
        argv += [
            "--bots",
            ",".join(draw(st.lists(st.sampled_from(BOTS[:2]), min_size=2, max_size=2))),
        ]
    elif draw(st.integers(0, 9)):
        bots = draw(st.lists(st.sampled_from(BOTS[:2] * 10 + BOTS), min_size=1, max_size=5))
        argv += ["--bots", ",".join(bots)]
    options = {
        "--games": number,
        "--seed": number,
        "--players": number,
        "--workers": number,
        "--ext-timeout": number,
        "--ext-game-time": number,
        "--preset": st.sampled_from(["nope", "", "x"]),
        "--rules": st.sampled_from(
            ["players=2", "players=nan", "speed=9", "=", "fault_mode=strict"]
        ),
        "--log": st.sampled_from([str(tmp / "log.jsonl"), "/no/such/dir/log", str(tmp)]),
        "--records": st.sampled_from([str(tmp / "rec"), str(tmp / "log.jsonl")]),
    }
    valid = {"--games": "1", "--seed": "7", "--players": "2", "--ext-timeout": "1"}
    for flag in draw(st.lists(st.sampled_from(sorted(options)), max_size=3, unique=True)):
        good = flag in valid and (tame or draw(st.integers(0, 9)) < 6)
        argv.append(f"{flag}={valid[flag] if good else draw(options[flag])}")
    if draw(st.booleans()):
        argv.append("--json")
    # small and local: valid counts stay small, one process, records only under tmp
    games = [a for a in argv if a.startswith("--games=")]
    if not games or games[0].split("=", 1)[1].strip() not in ("1", "2", "+3", "1_0", "3.0"):
        argv.append("--games=1")
    if not any(a.startswith("--records=") for a in argv):
        argv.append("--no-records")
    return [*argv, "--workers=1"] if "--workers=1" not in argv else argv


@fuzz(80)
@given(data=st.data())
def test_arena_arguments(tmp_path_factory: pytest.TempPathFactory, data: st.DataObject) -> None:
    tmp = tmp_path_factory.mktemp("arena")
    argv = data.draw(arena_argv(tmp))
    with no_hang(20, f"chieu {' '.join(argv)}"):
        assert _run(argv) in (0, 2)


@pytest.fixture(scope="module")
def short_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The first four actions of a two-player Chắn game (a record stops wherever its lines
    stop): a review that takes milliseconds."""
    lines = record_lines()[0]
    kept, actions = [], 0
    for line in lines:
        if json.loads(line).get("type") == "action":
            actions += 1
            if actions > 4:
                break
        kept.append(line)
    path = tmp_path_factory.mktemp("review") / "short.jsonl"
    path.write_text("\n".join(kept) + "\n", encoding="utf-8")
    return path


@fuzz(80)
@given(
    tame=st.integers(0, 9),
    which=st.sampled_from(["good", "good", "good", "missing", "dir", "garbage"]),
    seat=st.one_of(st.sampled_from(["0", "1"]), number),
    options=st.lists(st.tuples(st.sampled_from(["--iterations", "--millis"]), number), max_size=2),
    as_json=st.booleans(),
)
def test_review_arguments(
    short_record: Path,
    tame: int,
    which: str,
    seat: str,
    options: list[tuple[str, str]],
    as_json: bool,
) -> None:
    paths: dict[str, Any] = {
        "good": short_record,
        "missing": short_record.parent / "missing.jsonl",
        "dir": short_record.parent,
        "garbage": short_record.parent / "garbage.jsonl",
    }
    paths["garbage"].write_bytes(b'{"record": "chieu"}\n\xff[[[\n')
    if tame < 5:  # a command that should run, with one bad value at most
        which, seat = "good", seat if tame == 0 else "1"
        options = [(flag, value if tame == 1 else "1") for flag, value in options]
    argv = ["review", str(paths[which]), f"--seat={seat}"]
    for flag, value in options:
        argv.append(f"{flag}={value}")
    if not any(a.startswith(("--iterations=", "--millis=")) for a in argv):
        argv.append("--iterations=1")
    argv += ["--json"] if as_json else []
    with no_hang(20, f"chieu {' '.join(argv)}"):
        assert _run(argv) in (0, 2)
