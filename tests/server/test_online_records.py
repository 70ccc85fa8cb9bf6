"""Committed online records (issue 26): the server commits each deal before play, pushes the
commitment to the table, and stores a finished game's record in the committed format, which
``chieu verify`` checks; a room rebuilt after a restart pushes the same commitment; a list
option of the wrong length is refused by the lobby; the replay endpoints show nothing of a
game still being played."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from chieu.cli.main import main
from chieu.core import commitment as fair
from chieu.core.record import GameRecord
from tests.server.helpers import FAST_CLOCK, Player, ThreadServer, auth, guest, make_room

HOLD = {"bot_delay": 0, "pause": 600, "turn": None, "claim": None, "grace": 600}


async def _first_view(p: Player) -> dict[str, Any]:
    while True:
        msg = await p.recv()
        if msg["type"] == "view" and msg["view"] is not None and msg["game_id"] is not None:
            p.backlog.append(msg)
            return msg


async def _one_game(base: str, game: str) -> tuple[str, Player, int, str]:
    token = guest(base, "Bà Tư")
    info = next(g for g in httpx.get(f"{base}/api/games").json()["games"] if g["name"] == game)
    bots = {str(s): "heuristic" for s in range(1, info["info"]["players"])}
    rid = make_room(base, token, {"game": game, "bots": bots, "clock": FAST_CLOCK})["id"]
    p = Player(base, token, rid)
    await p.connect()
    httpx.post(f"{base}/api/rooms/{rid}/start", headers=auth(token)).raise_for_status()
    first = await _first_view(p)
    gid = first["game_id"]
    last = await p.play(game_id=gid)
    assert last["view"]["outcome"] is not None
    await p.close()
    return token, p, gid, first["commitment"]


@pytest.mark.parametrize("game", ["chan", "phom"])
def test_a_server_game_is_committed_before_play_and_its_record_verifies(
    server: ThreadServer, tmp_path: Path, game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    token, p, gid, pushed = asyncio.run(_one_game(server.base, game))
    # the commitment is pushed with the deal, the same in every view of the game
    assert fair.is_hex64(pushed)
    views = [m for m in p.messages if m["type"] == "view" and m["game_id"] == gid]
    assert {m["commitment"] for m in views} == {pushed}
    rec = httpx.get(f"{server.base}/api/games/{gid}/record", headers=auth(token))
    assert rec.status_code == 200
    record = GameRecord.loads(rec.text)
    # the stored record is the committed format: the commitment pushed at the deal, revealed
    assert record.format == 2 and record.revealed and record.commit == pushed
    assert record.nonce is not None and record.seed is not None
    assert fair.commit(game, record.nonce, record.seed, record.deal() or []) == pushed
    # nothing pushed while playing held the nonce (the commitment's secret)
    pushed_text = json.dumps(p.messages)
    assert record.nonce not in pushed_text
    # ``chieu verify`` checks it: the commitment, the deal from the seed, every action
    path = tmp_path / "online.jsonl"
    path.write_text(rec.text)
    assert main(["verify", str(path), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "The header's commitment matches" in out and "VERIFIED" in out
    # a record edited after download does not verify
    lines = rec.text.splitlines(keepends=True)
    reveal = json.loads(lines[-1])
    reveal["data"]["seed"] += 1  # another seed revealed: another deal
    forged = tmp_path / "forged.jsonl"
    forged.write_text("".join(lines[:-1]) + json.dumps(reveal) + "\n")
    assert main(["verify", str(forged)]) == 1
    head = json.loads(lines[0])
    head["commit"] = ("0" if head["commit"][0] != "0" else "1") + head["commit"][1:]
    edited = tmp_path / "edited.jsonl"
    edited.write_text(json.dumps(head) + "\n" + "".join(lines[1:]))
    assert main(["verify", str(edited)]) == 1
    # the replay viewer reads the committed record
    r = httpx.get(f"{server.base}/api/games/{gid}/replay", headers=auth(token))
    assert r.status_code == 200 and r.json()["view"]["outcome"] is not None


async def _held(base: str, token: str, rid: int) -> dict[str, Any]:
    p = Player(base, token, rid)
    await p.connect()
    msg = await _first_view(p)
    await p.close()
    return msg


def test_the_commitment_tells_nothing_of_the_deal(
    server: ThreadServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two rooms dealt the very same deck (the same seed) get unrelated commitments: it is a
    hash of the deal and a secret nonce, not of the deal alone."""
    from chieu.server import room as room_module

    monkeypatch.setattr(room_module, "fresh_seed", lambda: 7)
    b = server.base
    commits = []
    for name in ("Một", "Hai"):
        token = guest(b, name)
        bots = {"1": "heuristic", "2": "heuristic", "3": "heuristic"}
        rid = make_room(b, token, {"game": "phom", "bots": bots, "clock": HOLD})["id"]
        httpx.post(f"{b}/api/rooms/{rid}/start", headers=auth(token)).raise_for_status()
        msg = asyncio.run(_held(b, token, rid))
        commits.append(msg["commitment"])
        assert "nonce" not in json.dumps(msg)
    assert fair.is_hex64(commits[0]) and commits[0] != commits[1]


def test_a_room_rebuilt_after_a_restart_pushes_the_same_commitment(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'chieu.sqlite3'}"
    with ThreadServer(url) as one:
        token = guest(one.base, "Bà Tư")
        bots = {"1": "heuristic", "2": "heuristic", "3": "heuristic"}
        rid = make_room(one.base, token, {"game": "chan", "bots": bots, "clock": HOLD})["id"]
        httpx.post(f"{one.base}/api/rooms/{rid}/start", headers=auth(token)).raise_for_status()
        before = asyncio.run(_held(one.base, token, rid))
    with ThreadServer(url) as two:
        after = asyncio.run(_held(two.base, token, rid))
    assert before["game_id"] == after["game_id"]
    assert fair.is_hex64(before["commitment"]) and after["commitment"] == before["commitment"]


def test_the_lobby_refuses_a_list_option_of_the_wrong_length(server: ThreadServer) -> None:
    token = guest(server.base, "Chủ bàn")
    for pay_rank in (list(range(2000)), [0, 1, 2]):
        r = httpx.post(
            f"{server.base}/api/rooms",
            json={"game": "phom", "rules": {"pay_rank": pay_rank}},
            headers=auth(token),
        )
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_message", r.text
        assert "pay_rank" in r.json()["error"]["message"]["en"]
    ok = httpx.post(
        f"{server.base}/api/rooms",
        json={"game": "phom", "rules": {"pay_rank": [0, 2, 3, 5]}},
        headers=auth(token),
    )
    assert ok.status_code == 201


def test_the_replay_of_a_game_in_progress_shows_nothing(server: ThreadServer) -> None:
    """The replay endpoint answers only once the game is over: before, no view (no hand, no
    legal action) for any seat asked; the record endpoint gives a seat its own events only."""
    b = server.base
    token, other = guest(b, "Bà Tư"), guest(b, "Khách")
    bots = {"1": "heuristic", "2": "heuristic", "3": "heuristic"}
    rid = make_room(b, token, {"game": "chan", "bots": bots, "clock": HOLD})["id"]
    httpx.post(f"{b}/api/rooms/{rid}/start", headers=auth(token)).raise_for_status()
    gid = asyncio.run(_held(b, token, rid))["game_id"]
    for who in (token, other):
        for params in ({}, {"seat": 1}, {"seat": 0, "step": 0}, {"seat": "spectator"}):
            r = httpx.get(f"{b}/api/games/{gid}/replay", params=params, headers=auth(who))
            assert r.status_code == 403 and r.json()["error"]["code"] == "not_over"
            assert "view" not in r.json()
    mine = httpx.get(f"{b}/api/games/{gid}/record", headers=auth(token)).json()
    assert mine["seat"] == 0 and "seed" not in json.dumps(mine) and "nonce" not in mine
    assert httpx.get(f"{b}/api/games/{gid}/record", headers=auth(other)).status_code == 403
