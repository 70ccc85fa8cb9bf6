"""Records with wrong types say what is wrong and where, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chieu.bots import get_bot, play_game
from chieu.core.errors import ChieuError, RecordError
from chieu.core.record import GameRecord
from chieu.games.chan import ChanGame, Rules


@pytest.fixture(scope="module")
def lines() -> list[dict[str, object]]:
    state = play_game("chan", Rules(players=2), 3, [get_bot("heuristic", "chan")] * 2)
    return [json.loads(x) for x in GameRecord.from_state(state).dumps().splitlines()]


def _edited(lines: list[dict[str, object]], edit: object) -> str:
    copy = json.loads(json.dumps(lines))
    edit(copy)  # type: ignore[operator]
    return "\n".join(json.dumps(x) for x in copy)


def _first(copy: list[dict[str, object]], kind: str) -> dict[str, object]:
    return next(x for x in copy[1:] if x["type"] == kind)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda c: c[0].update(seed="abc"), "src:1: header 'seed' must be a whole number"),
        (lambda c: c[0].update(seed=None), "header 'seed' must be a whole number"),
        (lambda c: c[0].update(rules=5), "header 'rules' must be an object"),
        (lambda c: c[0].update(setup=5), "header 'setup' must be an object"),
        (lambda c: c[0].update(game=3), "header 'game' must be text"),
        (lambda c: _first(c, "deal")["data"].update(deck="abc"), "'deck' must be a list"),
        (lambda c: _first(c, "action").update(actor="x"), "'actor' must be a whole number from 0"),
        (lambda c: _first(c, "action").pop("actor"), "the seat as 'actor'"),
        (lambda c: _first(c, "action")["data"].update(action="discard"), "data.action"),
        (lambda c: _first(c, "action")["data"].pop("action"), "data.action"),
    ],
)
def test_wrong_types_are_named_with_the_line(
    lines: list[dict[str, object]], edit: object, message: str
) -> None:
    with pytest.raises(RecordError, match=message.replace("(", r"\(")):
        GameRecord.loads(_edited(lines, edit), "src")


def test_a_bad_action_field_is_reported_by_replay(lines: list[dict[str, object]]) -> None:
    text = _edited(lines, lambda c: _first(c, "action")["data"]["action"].update(card="6S"))
    with pytest.raises(RecordError, match="action 1"):
        GameRecord.loads(text).replay()


def test_rules_values_are_type_checked() -> None:
    with pytest.raises(ChieuError, match="strict_xuong='false': expected true or false"):
        ChanGame.rules_from_json({"strict_xuong": "false"})
    with pytest.raises(ChieuError, match="players='4': expected a whole number"):
        ChanGame.rules_from_json({"players": "4"})
    with pytest.raises(ChieuError, match="extra_cuoc=5: expected a list"):
        ChanGame.rules_from_json({"extra_cuoc": 5})


def test_a_record_saved_and_loaded_still_verifies(tmp_path: Path) -> None:
    state = play_game("chan", Rules(players=2), 4, [get_bot("random", "chan")] * 2)
    path = GameRecord.from_state(state).save(tmp_path / "g.jsonl")
    assert GameRecord.load(path).verify() == []


def _with_line(lines: list[dict[str, object]], lineno: int, line: str) -> bytes:
    text = [json.dumps(x) for x in lines]
    if lineno == 1:
        text[0] = line
    else:
        text.insert(lineno - 1, line)
    return "\n".join(text).encode("utf-8", "surrogateescape")


@pytest.mark.parametrize(
    ("lineno", "line", "message"),
    [
        (3, "[" * 1000 + "]" * 1000, "nests deeper than 32 levels"),
        (3, '{"type": "x", "visible_to": [1e999]}', "has a number out of range (1e999)"),
        (4, '{"type": "x", "visible_to": [NaN]}', "has NaN"),
        (1, None, "has a number with 5,001 digits; the limit is 20"),
        (2, '{"type": "x", "data": {"a": "\udcff"}}', "is not UTF-8"),
        (2, '{"type": "x", "data": {"a": "\\ud800"}}', "lone surrogate"),
        (
            2,
            '{"type": "x", "visible_to": [64]}',
            "'visible_to' must be a whole number from 0 to 63",
        ),
        (2, '{"type": "x", "visible_to": 3}', "'visible_to' must be a list"),
        (2, '{"type": "x", "actor": -1}', "'actor' must be a whole number from 0 to 63, not -1"),
        (2, '{"type": "x", "hidden": [3]}', "a key in 'hidden' must be text"),
        (2, '{"type": "x", "data": [["a", 1]]}', "'data' must be an object"),
        (2, '{"type": 5}', "'type' must be text"),
        (2, '{"type": "deal", "data": {"deck": [1, 100000]}}', "card numbers from 0 to 999"),
    ],
)
def test_malformed_lines_are_a_record_error_naming_file_and_line(
    lines: list[dict[str, object]], tmp_path: Path, lineno: int, line: str | None, message: str
) -> None:
    """The cases of issue 16 (nesting 1,000 deep, ``"visible_to": [1e999]``, a 5,001-digit
    header integer) and their kin: a RecordError naming the file and the line, nothing else."""
    if line is None:
        line = json.dumps(dict(lines[0], seed=0)).replace('"seed": 0', '"seed": ' + "7" * 5001)
    path = tmp_path / "bad.jsonl"
    path.write_bytes(_with_line(lines, lineno, line))
    with pytest.raises(RecordError) as info:
        GameRecord.load(path)
    assert str(info.value).startswith(f"{path}:{lineno}: ")
    assert message in str(info.value)


def test_a_record_over_the_size_limit_is_refused_unread(tmp_path: Path) -> None:
    from chieu.core import record

    path = tmp_path / "big.jsonl"
    with path.open("wb") as f:
        f.truncate(record.MAX_RECORD_BYTES + 10)  # a sparse file: nothing is written
    with pytest.raises(RecordError, match="larger than 64 MiB"):
        GameRecord.load(path)


def test_lines_are_split_on_newlines_only(lines: list[dict[str, object]]) -> None:
    """A text with U+2028 or U+0085 inside a string stays one line (``str.splitlines`` would
    cut it)."""
    copy = json.loads(json.dumps(lines))
    copy[0]["setup"] = {"note": "a\u2028b\x85c"}
    text = "\n".join(json.dumps(x, ensure_ascii=False) for x in copy)
    assert GameRecord.loads(text).setup == {"note": "a\u2028b\x85c"}


def test_a_record_cut_mid_line_is_read_up_to_its_last_good_line(
    lines: list[dict[str, object]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A write cut short (the audit's truncated file): the strict loader names the line; the
    lenient one (replay, verify) keeps the intact lines and says where it stopped."""
    from chieu.cli.main import main
    from chieu.core.commitment import check

    text = "\n".join(json.dumps(x) for x in lines[:12]) + "\n" + json.dumps(lines[12])[:15]
    path = tmp_path / "cut.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError, match=f"{path}:13: "):
        GameRecord.load(path)
    record = GameRecord.load(path, lenient=True)
    assert len(record.events) == 11 and record.damage is not None and record.damage.cut
    assert check(record).status == "unfinished"
    assert main(["replay", str(path), "--lang", "en"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Line 13 is cut short" in out and "the game is unfinished" in out
    assert "matches its replay" not in out
