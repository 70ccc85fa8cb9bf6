"""The heuristic Phỏm bot: legal moves only, and it beats random play."""

from __future__ import annotations

from chieu.bots import get_bot, play_game
from chieu.games.phom import PhomGame, Rules


def test_heuristic_bot_plays_whole_games_and_beats_random() -> None:
    total = [0.0, 0.0]
    for seed in range(30):
        bots = [get_bot("heuristic", "phom"), get_bot("random", "phom")] * 2
        state = play_game(PhomGame, Rules(), seed, bots)
        out = state.outcome()
        assert out is not None
        total[0] += out.payoffs[0] + out.payoffs[2]
        total[1] += out.payoffs[1] + out.payoffs[3]
    assert total[0] > total[1]


def test_heuristic_bot_handles_every_preset_and_player_count() -> None:
    for preset in ("default", "seed", "chat", "faces_10"):
        for players in (2, 3, 4):
            rules = PhomGame.presets[preset].with_(players=players)
            bots = [get_bot("heuristic", "phom") for _ in range(players)]
            state = play_game(PhomGame, rules, 7, bots)
            assert state.is_terminal()
