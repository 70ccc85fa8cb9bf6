"""The toy Đôi through every edge, with no line of ``src/`` about it: ``chieu play`` and
``chieu arena`` in subprocesses that find it on ``PYTHONPATH`` alone, ``chieu replay``, the
bots, PettingZoo's ``api_test`` on ``chieu.rl.env``, and the lobby and a quick game against a
bot over the WebSocket API of a ``chieu serve`` subprocess."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import httpx
import pytest

from chieu.bots import bot_names, get_bot, play_game
from chieu.cli.main import main
from chieu.core.record import GameRecord
from chieu.core.registry import game_names
from chieu.core.telling import hints_of, outcome_lines_of
from tests.kit.conftest import plugin_env

CHIEU = [sys.executable, "-m", "chieu.cli.main"]


def chieu(*args: str, stdin: str = "", cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*CHIEU, *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=plugin_env(),
        cwd=cwd,
        timeout=120,
        check=False,
    )


def test_the_toy_is_registered_only_where_its_folder_is_on_the_path(doi: Any) -> None:
    assert doi.name == "doi" and "doi" in game_names()
    assert type(doi).__module__ != "chieu" and doi.__module__ == "chieu_doi.game"


def test_the_toy_is_in_no_other_list_of_games() -> None:
    assert "doi" not in game_names()


def test_chieu_play_doi_with_a_person_and_a_bot(tmp_path: Path, doi: Any) -> None:
    """A person (the first choice at every prompt, from stdin) against the toy's heuristic;
    the record replays."""
    done = chieu("play", "đôi", "--seed", "3", "--records", str(tmp_path), stdin="1\n" * 200)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Đôi" in done.stdout and "Kết quả" in done.stdout
    [path] = sorted(tmp_path.glob("doi-*.jsonl"))
    record = GameRecord.load(path)
    assert record.verify() == [] and record.replay().is_terminal()
    assert main(["replay", str(path), "--lang", "en"]) == 0


def test_chieu_play_doi_auto_in_english(tmp_path: Path) -> None:
    done = chieu(
        "play", "doi", "--auto", "--seed", "5", "--bots", "random", "--lang", "en",
        "--preset", "three", "--records", str(tmp_path),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Result" in done.stdout and "seed 5" in done.stdout


def test_chieu_arena_doi() -> None:
    done = chieu(
        "arena", "doi", "--bots", "heuristic,random", "--games", "6", "--seed", "1",
        "--workers", "1", "--no-records", "--json",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    data = json.loads(done.stdout)
    assert data["games"] == 12 and [b["bot"] for b in data["bots"]] == ["heuristic", "random"]


def test_the_bots(doi: Any) -> None:
    assert set(bot_names("doi")) >= {"random", "heuristic"}
    state = play_game("doi", None, 4, [get_bot("heuristic", "doi"), get_bot("random", "doi")])
    out = state.outcome()
    assert out is not None and sum(out.payoffs) == 0


def test_the_hints_and_the_result_are_the_kits(doi: Any) -> None:
    """Its words beyond the notation come from its kit (``hints.py``, ``results.py``)."""
    state = play_game("doi", None, 4, [get_bot("heuristic", "doi"), get_bot("random", "doi")])
    lines = outcome_lines_of(doi)(state, "en", viewer=0)
    assert len(lines) == state.num_players and lines[0].startswith("You: ")
    advice = hints_of(doi)
    assert advice is not None and isinstance(advice(doi.State(seed=1), 0, "en"), list)


@pytest.mark.parametrize("preset", ["default", "draw_only", "three"])
def test_pettingzoo_api_test(doi: Any, preset: str) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    from chieu.rl import env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env("doi", preset, seed=7), num_cycles=300)
        seed_test(lambda: env("doi", preset, seed=3), num_cycles=100)


# -- the server ---------------------------------------------------------------------------------


def test_the_lobby_lists_the_toy_and_a_quick_game_plays_to_its_end(served: Any) -> None:
    from tests.server.helpers import Player, guest, make_room
    from tests.web.helpers import FAST_CLOCK

    base = served.base
    menu = {g["name"]: g for g in httpx.get(f"{base}/api/games").json()["games"]}
    assert menu["doi"]["title"] == "Đôi" and "heuristic" in menu["doi"]["bots"]
    token = guest(base, "Đào")
    # what the lobby's quick play sends: the player in seat 0, the best bot elsewhere
    room = make_room(
        base,
        token,
        {"game": "doi", "bots": {"1": "heuristic"}, "private": True, "clock": FAST_CLOCK},
    )
    httpx.post(
        f"{base}/api/rooms/{room['id']}/start", headers={"Authorization": f"Bearer {token}"}
    ).raise_for_status()
    player = Player(base, token, room["id"])

    async def play() -> dict[str, Any]:
        await player.connect()
        try:
            return await player.play(timeout=60)
        finally:
            await player.close()

    last = asyncio.run(play())
    view = last["view"]
    assert view["game"] == "doi" and view["outcome"] is not None
    assert player.acks, "the person never had a decision"
    assert abs(sum(view["outcome"]["payoffs"])) < 1e-9


def test_the_encoder_is_the_reference_encoding(doi: Any) -> None:
    """The toy's encoder (the kit's ``encoder``) gives chieu's shared layout, in bounds, the
    same fast and from scratch."""
    np = pytest.importorskip("numpy")
    from chieu import load_game
    from chieu.core.rng import Rng
    from chieu.rl.encoders import encoder_for

    game = load_game("doi")
    enc = encoder_for(game)
    for seed in range(4):
        state, rng = game.new_state(seed), Rng(seed, "encode")
        while True:
            for seat in range(game.info.players):
                vec = enc.encode(state, seat)
                assert vec.shape == (enc.size,) and vec.min() >= 0 and vec.max() <= 1
                assert np.array_equal(vec, enc.encode_reference(state, seat))
            if state.is_terminal():
                break
            d = state.decisions()[0]
            state.apply(rng.choice(d.actions), d.seat)
