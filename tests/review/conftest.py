"""Records to review: small Chắn games (two players, a random and a heuristic seat) and a
judge with a small budget, so that a review takes a fraction of a second."""

from __future__ import annotations

from dataclasses import replace

import pytest

from chieu.bots import get_bot, play_game
from chieu.core.record import GameRecord
from chieu.core.registry import find_game
from chieu.games.chan import Rules
from chieu.review import Judge, spec_of


def chan_record(seed: int = 4) -> GameRecord:
    bots = [get_bot("random", "chan"), get_bot("heuristic", "chan")]
    return GameRecord.from_state(play_game("chan", Rules(players=2), seed, bots))


def small_judge(game: str = "chan") -> Judge:
    spec = replace(spec_of(find_game(game)), worlds=4, screen=2, width=3, keep=1)
    return Judge(game, spec=spec)


@pytest.fixture
def record() -> GameRecord:
    return chan_record()
