"""``chieu bot serve``: a built-in bot over the JSON-lines protocol."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from chieu.cli.bot import Server, serve
from chieu.cli.main import main
from chieu.core.errors import ChieuError
from chieu.core.record import GameRecord
from chieu.games.chan import ChanGame, Rules
from chieu.games.phom import PhomGame

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "first_legal_bot.py"


def talk(messages: list[object]) -> list[dict[str, object]]:
    out = io.StringIO()
    lines = [m if isinstance(m, str) else json.dumps(m) for m in messages]
    serve(Server("heuristic", "chan"), io.StringIO("\n".join(lines) + "\n"), out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_serve_answers_start_and_act() -> None:
    state = ChanGame.new_state(Rules(), 2)
    seat = state.current_player()
    legal = [a.to_json() for a in state.legal_actions(seat)]
    answers = talk(
        [
            {"type": "start", "game": "chan", "rules": {}, "seat": seat, "players": 4},
            {"type": "act", "observation": state.observation(seat), "legal": legal},
            {"type": "end", "outcome": {}},
            {"type": "quit"},
            {"type": "act"},  # after quit: never read
        ]
    )
    assert answers[0] == {"type": "ready", "name": "heuristic"}
    assert answers[1]["action"] in legal
    assert len(answers) == 2


def test_serve_reports_bad_messages_and_goes_on() -> None:
    answers = talk(
        [
            "not json",
            {"type": "dance"},
            {"type": "act", "legal": []},
            "[1]",
            {"type": "start", "game": "phỏm-xyz"},
        ]
    )
    assert [a["type"] for a in answers] == ["error"] * 5
    assert "unknown message type" in str(answers[1]["message"])


def test_serve_cli_unknown_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bot", "serve", "alphago", "--game", "chan"]) == 2
    assert "Chắn không có máy 'alphago'; các máy: random" in capsys.readouterr().err
    assert main(["bot", "serve", "alphago"]) == 2
    assert "không có máy 'alphago'; các máy: random" in capsys.readouterr().err


def test_serve_without_a_game_plays_the_game_of_each_start() -> None:
    server = Server("heuristic")
    with pytest.raises(ChieuError, match="no game yet"):
        server.handle({"type": "act", "observation": {}, "legal": [{"verb": "pass"}]})
    for game, cls in (("phom", PhomGame), ("chan", ChanGame)):
        state = cls.new_state(cls.rules_from_json({}), 4)
        seat = state.current_player()
        legal = [a.to_json() for a in state.legal_actions(seat)]
        assert server.handle({"type": "start", "game": game, "seat": seat}) == {
            "type": "ready",
            "name": "heuristic",
        }
        answer = server.handle(
            {"type": "act", "observation": state.observation(seat), "legal": legal}
        )
        assert answer is not None and answer["action"] in legal
    assert server.game.name == "chan"


def test_an_external_bot_takes_a_seat_in_the_terminal_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bot = f"ext:{sys.executable} {EXAMPLE}"
    argv = ["play", "chan", "--auto", "--seed", "3", "--players", "2", "--records", str(tmp_path)]
    assert main([*argv, "--bots", f"{bot},heuristic"]) == 0
    assert "first_legal_bot" in capsys.readouterr().out
    (record,) = tmp_path.glob("*.jsonl")
    assert GameRecord.load(record).verify() == []


# -- robust edges (issue 16) ------------------------------------------------------------------
def _act_line(game: str, edit: object = None, seed: int = 3, steps: int = 40) -> tuple[str, str]:
    """A start line and an act line at a decision of a random game of ``game``, with the
    observation changed by ``edit(obs)``."""
    import random

    from chieu.core.registry import find_game

    cls = find_game(game)
    state = cls.new_state(cls.rules_from_json({}), seed)
    rng = random.Random(seed)
    seen = []  # the decisions met, the last one is used
    for _ in range(steps):
        if state.is_terminal():
            break
        seat = state.current_player()
        legal_actions = state.legal_actions(seat)
        seen.append((seat, state.observation(seat), [a.to_json() for a in legal_actions]))
        state.apply(rng.choice(legal_actions), seat)
    seat, obs, legal = seen[-1]
    if edit is not None:
        edit(obs)  # type: ignore[operator]
    start = json.dumps({"type": "start", "game": game, "seat": seat})
    return start, json.dumps({"type": "act", "observation": obs, "legal": legal})


def _serve(name: str, lines: list[str | bytes]) -> list[dict[str, object]]:
    out = io.StringIO()
    data = b"\n".join(x if isinstance(x, bytes) else x.encode() for x in lines) + b"\n"
    assert serve(Server(name), io.BytesIO(data), out) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_the_issue_lines_get_an_error_and_the_server_goes_on() -> None:
    """Issue 16: ``'['*1000+']'*1000`` (RecursionError), ``"seat": 1e999`` (OverflowError), a
    Phỏm card ``10**30`` (OverflowError in mask_of), a Mạt chược hand padded with -1 (search:2
    spun in khung_distance): each gets an error answer at once, and the next line is served."""
    start, good = _act_line("phom")
    _, huge = _act_line("phom", lambda o: o["hand"].__setitem__(0, 10**30))
    _, row = _act_line("phom", lambda o: o["rows"][0].append(10**15))
    m_start, padded = _act_line("matchuoc", lambda o: o["hand"].extend([-1] * 16))
    _, m_good = _act_line("matchuoc")
    answers = _serve(
        "search:2",
        [
            "[" * 1000 + "]" * 1000,
            '{"type": "start", "game": "phom", "seat": 1e999}',
            start,
            huge,
            row,
            good,
            m_start,
            padded,
            m_good,
        ],
    )
    messages = [str(a.get("message", "")) for a in answers]
    assert "nests deeper than 32 levels" in messages[0]
    assert "number out of range (1e999)" in messages[1]
    assert answers[2]["type"] == "ready"
    assert "a number with 31 digits" in messages[3]
    assert "a card in observation 'rows' must be a whole number from -1 to 51" in messages[4]
    assert "action" in answers[5]
    assert answers[6]["type"] == "ready"
    assert "observation 'hand' has" in messages[7] and "entries; the limit is" in messages[7]
    assert "action" in answers[8]


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda o: o["hand"].__setitem__(0, -1), "'hand' must be a whole number from 0 to 24"),
        (lambda o: o.__setitem__("hand", [o["hand"][0]] * 5), "5 times; the deck has 4"),
        (lambda o: o.__setitem__("seat", 7), "observation 'seat' must be a whole number from 0"),
        (lambda o: o.__setitem__("seat", "0"), "observation 'seat' must be a whole number"),
        (lambda o: o.__setitem__("players", 99), "'players' must be a whole number from 1 to 16"),
        (lambda o: o["hand_sizes"].__setitem__(0, 500), "a hand size in observation"),
        (lambda o: o.__setitem__("stock_left", 10**5), "'stock_left' must be a whole number"),
        (lambda o: o.__setitem__("mystery", 2**40), "'mystery' must be a whole number"),
        (lambda o: o.__setitem__("mystery", 1e300), "'mystery' must be a number from"),
        (lambda o: o.__setitem__("mystery", [0] * 1001), "'mystery' has 1,001 entries"),
        (lambda o: o.__setitem__("mystery", "x" * 10_001), "10,001 characters"),
        (lambda o: o["doors"][0].append(25), "a card in observation 'doors'"),
    ],
)
def test_observations_are_checked_before_the_bot_sees_them(edit: object, message: str) -> None:
    start, act = _act_line("chan", edit)
    answers = _serve("heuristic", [start, act])
    assert answers[1]["type"] == "error" and message in str(answers[1]["message"]), answers


@pytest.mark.parametrize(
    ("message", "why"),
    [
        ({"type": "start", "game": "chan", "seat": 4, "rules": {"players": 4}}, "not a seat of 4"),
        ({"type": "start", "game": "chan", "seat": -1}, "'seat' must be a whole number from 0"),
        ({"type": "start", "game": "chan", "players": 3, "rules": {"players": 2}}, "but the rules"),
        ({"type": "start", "game": "chan", "rules": {"players": 9}}, "start: 'rules'"),
        ({"type": "start", "game": "chan", "rules": [1]}, "'rules' must be an object"),
        ({"type": "start", "game": 5}, "'game' must be text"),
        ({"type": "act", "observation": {}, "legal": [{"verb": "fly"}]}, "legal[0]: not an action"),
        ({"type": "act", "observation": {}, "legal": [3]}, "legal[0] must be an object"),
        ({"type": "act", "observation": [], "legal": [{"verb": "pass"}]}, "'observation' must be"),
        ({"type": "act", "observation": {}, "legal": [{"verb": "pass"}] * 9999}, "the limit is"),
        ({"type": 7}, "unknown message type 7"),
    ],
)
def test_start_and_act_fields_are_checked(message: dict[str, object], why: str) -> None:
    lines = [json.dumps({"type": "start", "game": "chan", "seat": 0}), json.dumps(message)]
    answers = _serve("heuristic", lines)
    assert answers[-1]["type"] == "error" and why in str(answers[-1]["message"]), answers


def test_a_bot_that_fails_is_an_error_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever a bot raises on an input the checks let through, the server answers an error
    naming it and serves the next line."""
    server = Server("heuristic", "chan")
    start, act = _act_line("chan")

    def boom(*args: object) -> None:
        raise RecursionError("deep inside the bot")

    monkeypatch.setattr(server.bot, "act", boom)
    out = io.StringIO()
    serve(server, io.BytesIO(f"{start}\n{act}\n{{}}\n".encode()), out)
    answers = [json.loads(x) for x in out.getvalue().splitlines()]
    assert answers[1]["message"] == "the bot could not answer (RecursionError: deep inside the bot)"
    assert "needs a 'type'" in answers[2]["message"]


def test_over_long_lines_and_bad_bytes_are_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    """Through ``main`` with a real stdin: a 2 MiB line, invalid UTF-8, a lone surrogate."""
    from chieu.cli import bot

    start, act = _act_line("chan")
    data = b"\n".join(
        [
            b"x" * (2 << 20),
            b'{"type": "\xff"}',
            b'{"type": "\\ud800"}',
            start.encode(),
            act.encode(),
        ]
    )
    stdin = io.TextIOWrapper(io.BytesIO(data + b"\n"), encoding="utf-8")
    out = io.StringIO()
    monkeypatch.setattr(bot.sys, "stdin", stdin)
    monkeypatch.setattr(bot.sys, "stdout", out)
    assert main(["bot", "serve", "heuristic"]) == 0
    answers = [json.loads(x) for x in out.getvalue().splitlines()]
    assert "the limit is 1,048,576 (line skipped)" in answers[0]["message"]
    assert "is not UTF-8" in answers[1]["message"]
    assert "lone surrogate" in answers[2]["message"]
    assert answers[3]["type"] == "ready" and "action" in answers[4]


def test_every_real_observation_passes_the_checks() -> None:
    """The checks refuse nothing a game really sends: every observation of random games of
    every game and player count."""
    import random

    from chieu.cli.bot import check_observation
    from chieu.core.registry import find_game, game_names

    for name in game_names():
        cls = find_game(name)
        for players in getattr(cls, "player_counts", None) or (None,):
            rules = cls.rules_from_json({} if players is None else {"players": players})
            for seed in range(3):
                state = cls.new_state(rules, seed)
                rng = random.Random(seed)
                while not state.is_terminal():
                    for seat in range(state.num_players):
                        check_observation(cls, state.observation(seat))
                    seat = state.current_player()
                    state.apply(rng.choice(state.legal_actions(seat)), seat)
