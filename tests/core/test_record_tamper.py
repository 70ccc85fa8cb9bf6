"""Tamper evidence (issue 16): every edit the audit found passing as "matches" is caught, and
the first line that disagrees is named; an unfinished record is unfinished, never "verified"."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from chieu.bots import get_bot, play_game
from chieu.core import commitment
from chieu.core.commitment import check
from chieu.core.journal import committed_text, reveal_line
from chieu.core.record import GameRecord
from chieu.games.chan import Rules

NONCE = "5a" * 32
GOLDEN = Path(__file__).resolve().parents[1] / "golden"


@pytest.fixture(scope="module")
def state() -> Any:
    return play_game("chan", Rules(players=2), 3, [get_bot("heuristic", "chan")] * 2)


@pytest.fixture(scope="module")
def lines(state: Any) -> list[str]:
    return committed_text(state, NONCE).decode().splitlines()


def _status(text: str) -> tuple[str, list[commitment.Check]]:
    report = check(GameRecord.loads(text, lenient=True))
    return report.status, [c for c in report.items if c.ok is False]


def _forge(lines: list[str], edit: Callable[[list[dict[str, Any]]], None]) -> str:
    """A careful forger: opens every sealed line with the revealed nonce, edits the events,
    seals them again and writes a new commitment and digest that fit the edited lines."""
    head = json.loads(lines[0])
    record = GameRecord.loads("\n".join(lines))
    events = [e.to_json() for e in record.events]
    seed = record.seed
    edit(events)
    from chieu.core.events import Event
    from chieu.core.record import event_line

    parsed = [Event.from_json(e) for e in events]
    deck = next(e.data["deck"] for e in parsed if e.type == "deal")
    head["commit"] = commitment.commit("chan", NONCE, head.pop("seed", seed), deck)
    text = json.dumps(head, ensure_ascii=False, sort_keys=True) + "\n"
    text += "".join(event_line(e, i, NONCE) for i, e in enumerate(parsed))
    assert seed is not None
    return text + reveal_line(seed, NONCE, commitment.digest(text.encode()))


def test_a_committed_record_verifies(lines: list[str]) -> None:
    assert _status("\n".join(lines)) == ("verified", [])


def test_a_forged_deal_under_its_seed_is_caught(lines: list[str]) -> None:
    """A chosen deck, with a commitment and digest made to fit: the seed deals another."""

    def swap(events: list[dict[str, Any]]) -> None:
        deck = events[0]["data"]["deck"]
        deck[0], deck[-1] = deck[-1], deck[0]

    status, failed = _status(_forge(lines, swap))
    assert status == "tampered"
    assert failed[0].line == 2 and "forged deal" in failed[0].en


def test_a_forged_deal_in_an_older_record_is_caught(state: Any) -> None:
    rows = [json.loads(x) for x in GameRecord.from_state(state).dumps().splitlines()]
    rows[0]["seed"] = 7  # "a chosen deal written under seed 7"
    status, failed = _status("\n".join(json.dumps(r) for r in rows))
    assert status == "tampered" and "seed 7 deals another deck" in failed[0].en


def test_a_substituted_legal_move_is_caught(state: Any, lines: list[str]) -> None:
    """Another legal first move: the digest catches a naive edit; a forger who rewrites the
    digest changes the file's fingerprint (the one shown at the end of the game)."""
    n = next(i for i, x in enumerate(lines) if '"verb": "discard"' in x)
    first = json.loads(lines[n])
    legal = [
        a for a in GameRecord.loads("\n".join(lines)).replay(upto=0).legal_actions() if a
    ]  # the first seat's choices
    other = next(a for a in legal if a.to_json() != first["data"]["action"])
    edited = list(lines)
    edited[n] = json.dumps(
        {**first, "data": {**first["data"], "action": other.to_json()}}, sort_keys=True
    )
    status, failed = _status("\n".join(edited))
    assert status == "tampered" and any("digest" in c.en for c in failed)


@pytest.mark.parametrize(
    ("edit", "wanted"),
    [
        (lambda h: h.update(version="9.9.9"), "digest"),
        (lambda h: h.update(version="v<script>"), "version"),
        (lambda h: h.update(extra=1), "unknown keys: extra"),
        (lambda h: h.update(commit="0" * 64), "commitment does NOT match"),
    ],
)
def test_header_edits_are_caught(lines: list[str], edit: Any, wanted: str) -> None:
    head = json.loads(lines[0])
    edit(head)
    status, failed = _status("\n".join([json.dumps(head), *lines[1:]]))
    assert status == "tampered" and any(wanted in c.en for c in failed), failed


def test_older_headers_with_extra_keys_are_caught(state: Any) -> None:
    rows = [json.loads(x) for x in GameRecord.from_state(state).dumps().splitlines()]
    rows[0]["note"] = "x"
    status, failed = _status("\n".join(json.dumps(r) for r in rows))
    assert status == "tampered" and "unknown keys: note" in failed[0].en


def test_a_record_cut_at_an_event_boundary_is_unfinished(state: Any, lines: list[str]) -> None:
    old = GameRecord.from_state(state).dumps().splitlines()
    assert _status("\n".join(old[:-3]))[0] == "unfinished"
    assert _status("\n".join(lines[:-4]))[0] == "unfinished"  # no reveal: still sealed
    # cut, then a reveal written to fit: the game is not over
    text = "\n".join(lines[:-4]) + "\n"
    text += reveal_line(3, NONCE, commitment.digest(text.encode()))
    status, failed = _status(text)
    assert status == "tampered" and "not over" in failed[0].en


def test_a_damaged_line_is_named_and_the_rest_read(lines: list[str]) -> None:
    edited = list(lines)
    edited[5] = edited[5][:-9]
    record = GameRecord.loads("\n".join(edited), "r.jsonl", lenient=True)
    assert record.damage is not None and record.damage.line == 6 and not record.damage.cut
    assert len(record.events) == 4 and record.revealed  # the reveal on the last line is read
    status, failed = _status("\n".join(edited))
    assert status == "tampered" and failed[0].line == 6
    with pytest.raises(Exception, match=r"r\.jsonl:6"):
        GameRecord.loads("\n".join(edited), "r.jsonl")


def test_a_sealed_line_that_does_not_open_is_named(lines: list[str]) -> None:
    edited = list(lines)
    n = next(i for i, x in enumerate(lines) if '"sealed"' in x)
    edited[n] = json.dumps({"type": "sealed", "data": {"box": "AAAA" * 40}})
    status, failed = _status("\n".join(edited))
    assert status == "tampered" and failed[0].line == n + 1


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*/*.jsonl"))[:6], ids=lambda p: p.name)
def test_golden_records_are_older_records_that_verify(path: Path) -> None:
    report = check(GameRecord.load(path))
    assert report.status == "verified"
    assert report.items[0].en == "No commitment (older format)."
