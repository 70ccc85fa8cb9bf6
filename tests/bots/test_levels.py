"""The levels a person chooses (issue 31): Dễ, Vừa, Khó, Cao thủ, by name in every edge, each a
bot per game; ``gentle`` (Dễ) slips but commits no fault."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chieu.bots import get_bot, play_game
from chieu.bots.gentle import GentleBot
from chieu.bots.levels import LEVELS, LevelBot, find_level, rating, said
from chieu.bots.registry import is_bot, level_bots
from chieu.core.errors import ChieuError
from chieu.core.registry import find_game
from chieu.rl import gym_env

GAMES = ("chan", "totom", "phom", "matchuoc")
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("words", "name"),
    [
        ("easy", "easy"),
        ("Dễ", "easy"),
        ("de", "easy"),
        ("Vừa", "medium"),
        ("MEDIUM", "medium"),
        ("khó", "hard"),
        ("Cao thủ", "master"),
        ("cao_thu", "master"),
        ("master", "master"),
    ],
)
def test_a_level_by_its_name_or_its_words(words: str, name: str) -> None:
    level = find_level(words)
    assert level is not None and level.name == name


def test_unknown_levels_and_words() -> None:
    assert find_level("siêu") is None and find_level("") is None
    assert [said(lv.name) for lv in LEVELS] == ["Dễ", "Vừa", "Khó", "Cao thủ"]
    assert said("hard", "en") == "Hard" and said("heuristic") == "heuristic"
    with pytest.raises(ChieuError, match=r"known bots: .*easy, medium, hard, master"):
        get_bot("siêu", "chan")


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_four_levels_under_their_names(game: str) -> None:
    shown = level_bots(game)
    assert [lv["name"] for lv in shown] == ["easy", "medium", "hard", "master"]
    assert shown[0]["bot"] == "gentle" and shown[1]["bot"] == "heuristic"
    assert str(shown[3]["bot"]).startswith("search")
    for lv in shown:
        bot = get_bot(str(lv["name"]), game)
        assert isinstance(bot, LevelBot) and bot.name == lv["name"] and bot.spec == lv["bot"]
        assert is_bot(str(lv["name"]), game)
    assert isinstance(get_bot("Dễ", game).bot, GentleBot)
    assert get_bot("cao thủ", game).name == "master"


def _players(game: str) -> int:
    cls = find_game(game)
    return int(cls.info(cls.rules_from_json({})).num_players)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", ["easy", "medium"])
def test_de_and_vua_commit_no_fault(game: str, level: str) -> None:
    """Every level above Dễ commits no fault, and Dễ's slips do not either (Khó and Cao thủ:
    the search, which drops every root action its worlds say is a fault: tests/bots)."""
    for seed in range(8):
        state = play_game(game, None, seed, [get_bot(level, game) for _ in range(_players(game))])
        assert state.is_terminal()
        assert [e for e in state.events if e.type == "fault"] == []
        assert state.outcome() is not None


def test_gentle_slips_but_never_lets_a_win_go() -> None:
    """Dễ plays another move than Vừa at some decisions, and wins less (Chắn, 40 deals)."""
    wins = {"easy": 0, "medium": 0}
    differ = 0
    for seed in range(40):
        for level in wins:
            state = play_game("chan", None, seed, [get_bot(level, "chan") for _ in range(4)])
            outcome = state.outcome()
            assert outcome is not None
            wins[level] += outcome.winner is not None
        easy = play_game("chan", None, seed, [get_bot("easy", "chan") for _ in range(4)])
        medium = play_game("chan", None, seed, [get_bot("medium", "chan") for _ in range(4)])
        differ += [e.data for e in easy.events] != [e.data for e in medium.events]
    assert differ >= 30
    assert wins["easy"] < wins["medium"]


def test_the_levels_play_in_the_rl_environment() -> None:
    env = gym_env("phom", seat=0, opponents="Khó", seed=3)
    env.reset(seed=3)
    assert {b.name for b in env.unwrapped.bots.values()} == {"hard"}  # type: ignore[attr-defined]


def test_ratings_ship_with_the_package_as_measured() -> None:
    shipped = json.loads((ROOT / "src/chieu/bots/levels.json").read_text(encoding="utf-8"))
    measured = json.loads((ROOT / "docs/measurements/levels.json").read_text(encoding="utf-8"))
    assert shipped == measured
    for game in GAMES:
        ratings = [rating(game, lv.name) for lv in LEVELS]
        assert all(isinstance(r, int) for r in ratings), ratings
        # measured over the whole run: no level commits a fault
        assert [measured["games"][game][lv.name]["faults"] for lv in LEVELS] == [0, 0, 0, 0]
        assert measured["games"][game]["medium"]["bot"] == level_bots(game)[1]["bot"]
