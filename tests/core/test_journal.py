"""The durable journal (``chieu.core.journal``): a committed record written as the game goes,
fair to every seat while it is on, resumable after a stop at any line."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest

from chieu.bots import bot_rng, get_bot
from chieu.core import commitment
from chieu.core.driver import play
from chieu.core.journal import Journal, committed_text, deck_of
from chieu.core.record import GameRecord, key_path
from chieu.core.registry import game_names
from chieu.core.table import fresh_seed, load_game

NONCE = "ab" * 32


def _bots(state: Any, name: str) -> Any:
    bots = {s: get_bot("random", name) for s in range(state.num_players)}
    rngs = {s: bot_rng(state.seed, s) for s in bots}
    return lambda st, d: bots[d.seat].act(st.observation(d.seat), list(d.actions), rngs[d.seat])


def _journaled(tmp_path: Path, name: str, seed: int, steps: int | None = None) -> Any:
    state = load_game(name).new_state(seed)
    journal = Journal.start(tmp_path, state, {"note": 1}, nonce=NONCE)
    play(state, _bots(state, name), max_steps=steps, after=lambda st, s, a: journal.append(st))
    return state, journal


@pytest.mark.parametrize("name", game_names())
def test_the_journal_writes_what_committed_text_writes(tmp_path: Path, name: str) -> None:
    state, journal = _journaled(tmp_path, name, 5)
    path = journal.finish(state)
    assert path.name.endswith("-seed5.jsonl") and not key_path(path).exists()
    assert path.read_bytes() == committed_text(state, NONCE, {"note": 1})
    record = GameRecord.load(path)
    assert record.format == 2 and record.revealed and record.seed == 5 and record.verify() == []
    assert [e.to_json() for e in record.events] == [e.to_json() for e in state.events]
    assert commitment.check(record).status == "verified"


@pytest.mark.parametrize("name", game_names())
def test_nothing_on_the_file_or_at_the_table_tells_the_deal(tmp_path: Path, name: str) -> None:
    """With a secret seed, a game in progress: the file name, the header and every line
    written hold neither the seed nor the deck (private events are sealed); no seat's view
    holds the seed; the key file is the owner's only (0600)."""
    seed = fresh_seed()
    state, journal = _journaled(tmp_path, name, seed, steps=6)
    journal.close()
    text = journal.path.read_text(encoding="utf-8")
    assert str(seed) not in text and str(seed) not in journal.path.name
    head = json.loads(text.splitlines()[0])
    assert "seed" not in head and commitment.is_hex64(head["commit"])
    deck = deck_of(state)
    assert json.dumps(deck) not in text and ",".join(map(str, deck)) not in text
    for line in text.splitlines()[1:]:
        event = json.loads(line)
        assert event["type"] == "sealed" or "visible_to" not in event
    for seat in range(state.num_players):
        assert str(seed) not in json.dumps(state.view(seat).to_json(), default=str)
    assert stat.S_IMODE(os.stat(key_path(journal.path)).st_mode) == 0o600
    # without the key, the record is unfinished and its deal sealed
    record = GameRecord.load(journal.path, use_key=False)
    assert record.seed is None and record.sealed > 0 and record.deal() is None
    assert commitment.check(record).status == "unfinished"


def test_a_small_seed_cannot_be_found_from_the_commitment(tmp_path: Path) -> None:
    """Someone who knows the seeding code and that the seed is below 1,000 rebuilds every
    candidate deck, but without the secret nonce no candidate matches the commitment; the same
    deck (seed 7 twice) gets two unrelated commitments."""
    game = load_game("chan")
    a, b = game.new_state(7), game.new_state(7)
    ja = Journal.start(tmp_path, a)
    jb = Journal.start(tmp_path, b)
    ca = json.loads(ja.path.read_text().splitlines()[0])["commit"]
    cb = json.loads(jb.path.read_text().splitlines()[0])["commit"]
    assert deck_of(a) == deck_of(b) and ca != cb
    for guess in range(1000):
        deck = deck_of(game.new_state(guess))
        for nonce in ("", "0" * 64, NONCE):
            assert commitment.commit("chan", nonce, guess, deck) != ca
    ja.close()
    jb.close()


def test_the_commitment_bytes_are_as_documented() -> None:
    nonce = "0f" * 32
    data = commitment.commitment_bytes("chan", nonce, 7, [3, 0, 12])
    assert data == b"chieu-commit-v1\nchan\n" + nonce.encode() + b"\n7\n3,0,12\n"
    import hashlib

    assert commitment.commit("chan", nonce, 7, [3, 0, 12]) == hashlib.sha256(data).hexdigest()


def test_sealing_round_trips_and_pads() -> None:
    box = commitment.seal(NONCE, 4, '{"type": "x"}')
    assert len(box) == len(commitment.seal(NONCE, 4, '{"type": "x", "data": {"a": 1}}'))
    assert commitment.unseal(NONCE, 4, box) == '{"type": "x"}'
    with pytest.raises(ValueError):  # another line, another keystream: garbage
        assert commitment.unseal(NONCE, 5, box) != '{"type": "x"}'
    with pytest.raises(ValueError):
        commitment.unseal(NONCE, 4, "not base64!")


@pytest.mark.parametrize("name", game_names())
def test_a_stopped_game_resumes_from_any_cut(tmp_path: Path, name: str) -> None:
    """Stopped after some moves, the record cut in the middle of its last line (a write in
    flight): it loads up to its last good line, resumes, and ends verified, the same as a
    game never stopped."""
    _, journal = _journaled(tmp_path, name, 11, steps=8)
    journal.close()
    path = journal.path
    data = path.read_bytes()
    path.write_bytes(data[: len(data) - 7])  # the last line cut short
    record = GameRecord.load(path, lenient=True)
    assert record.damage is not None and record.damage.cut
    report = commitment.check(record)
    assert report.status == "unfinished" and report.state is not None
    again = report.state
    journal = Journal.resume(path, record, again)
    play(again, _bots(again, name), after=lambda st, s, a: journal.append(st))
    final = journal.finish(again)
    done = GameRecord.load(final)
    assert commitment.check(done).status == "verified" and done.replay().is_terminal()


def test_resume_refuses_a_finished_or_keyless_record(tmp_path: Path) -> None:
    state, journal = _journaled(tmp_path, "chan", 2, steps=3)
    journal.close()
    keyless = GameRecord.load(journal.path, lenient=True, use_key=False)
    with pytest.raises(Exception, match="key file"):
        Journal.resume(journal.path, keyless, state)
    record = GameRecord.load(journal.path, lenient=True)
    journal = Journal.resume(journal.path, record, record.replay())
    play(state, _bots(state, "chan"), after=lambda st, s, a: journal.append(st))
    path = journal.finish(state)
    with pytest.raises(Exception, match="game is over"):
        Journal.resume(path, GameRecord.load(path), state)


def test_what_is_written_reaches_the_disk_within_the_interval(tmp_path: Path) -> None:
    import time

    state = load_game("phom").new_state(3)
    journal = Journal.start(tmp_path, state)
    journal.sync_every = 0.05
    play(state, _bots(state, "phom"), max_steps=3, after=lambda st, s, a: journal.append(st))
    deadline = time.monotonic() + 5
    while journal._dirty and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not journal._dirty  # the background flush ran
    journal.close()
    assert journal.closed
