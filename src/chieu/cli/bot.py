"""``chieu bot serve NAME [--game GAME]``: a built-in bot behind the JSON-lines bot protocol
(the game of each ``start`` message, or the one given);
``chieu bot tune GAME``: score the search bot's decision thresholds (``chieu.bots.tuning``).

It reads one JSON message per line on stdin and answers on stdout (docs/bot-protocol.md):
``start`` → ``{"type": "ready", "name": ...}``, ``act`` → ``{"action": {...}}``, ``end`` → no
answer. A message it cannot understand gets ``{"type": "error", "message": ...}``. It stops at
the end of its input or on ``{"type": "quit"}``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Mapping
from functools import cache
from typing import IO

from chieu.bots.base import Bot
from chieu.bots.registry import get_bot
from chieu.cli.common import Subparsers
from chieu.cli.numbers import MAX_SEED, check_bot_budget, real, whole
from chieu.core.actions import Action
from chieu.core.errors import ChieuError
from chieu.core.jsonio import (
    JsonInputError,
    JsonObject,
    JsonValue,
    Limits,
    bounded_lines,
    describe,
    dump_line,
    expect_int,
    expect_list,
    expect_number,
    expect_object,
    expect_str,
    read_json,
)
from chieu.core.protocol import GameDefinition
from chieu.core.registry import find_game
from chieu.core.rng import Rng
from chieu.core.table import Game


def add_parser(sub: Subparsers) -> None:
    p = sub.add_parser(
        "bot",
        help="máy qua giao thức JSON lines (stdin/stdout)",
        description="Chạy một máy có sẵn theo giao thức bot (docs/bot-protocol.md).",
    )
    verbs = p.add_subparsers(dest="verb", metavar="VERB")
    verbs.required = True
    serve = verbs.add_parser("serve", help="phục vụ máy NAME qua stdin/stdout")
    serve.add_argument("name", help="tên máy, ví dụ heuristic, random, search:50ms")
    serve.add_argument(
        "--game",
        default=None,
        help="trò chơi, ví dụ chan (mặc định: trò chơi của thông điệp start)",
    )
    serve.set_defaults(run=run)
    tune = verbs.add_parser(
        "tune",
        help="chấm các ngưỡng quyết định của máy search (chieu.bots.tuning)",
        description="Ở mỗi nước của máy search, chấm lựa chọn của từng ngưỡng bằng một đánh giá "
        "độc lập (WORLDS thế bài mỗi nước đi); in mức lợi trung bình mỗi nước so với heuristic.",
    )
    tune.add_argument("game", help="trò chơi, ví dụ chan")
    tune.add_argument("--games", type=whole(1, MAX_GAMES), default=20, help="số ván (mặc định 20)")
    tune.add_argument("--seed", type=whole(0, MAX_SEED), default=0, help="seed (mặc định 0)")
    tune.add_argument(
        "--worlds", type=whole(1, MAX_WORLDS), default=120, help="thế bài mỗi nước khi chấm"
    )
    tune.add_argument(
        "--thresholds",
        default="0,0.5,1,1.5,2",
        help="các ngưỡng, cách nhau bởi dấu phẩy (mặc định 0,0.5,1,1.5,2)",
    )
    tune.add_argument(
        "--budget",
        default=None,
        help="ngân sách của máy: 150ms (mili giây) hoặc 200 (lượt chơi thử); mặc định như search",
    )
    tune.add_argument("--json", action="store_true", help="in kết quả dạng JSON")
    tune.set_defaults(run=run_tune)


#: the limits of one incoming message: 1 MiB, 32 levels, integers of up to 20 digits
MESSAGE_LIMITS = Limits(max_bytes=1 << 20, max_depth=32, max_int_digits=20)
MAX_SEATS = 16


class Server:
    """Answers protocol messages with a built-in bot (one game at a time). Without a game, the
    game of each ``start`` message decides (the bot is made for it).

    Every message is checked before the bot sees it (``check_start``, ``check_act``): the
    types and ranges of the fields, the legal actions against the game's action space, and the
    observation's cards, seats and sizes (``check_observation``). A message that fails gets an
    error answer; the server goes on."""

    def __init__(self, name: str, game: str | None = None) -> None:
        self.name = name
        self.game: GameDefinition | None = None
        self.bot: Bot | None = None
        self.games = 0
        self.players: int | None = None
        self.rng = Rng(0, "serve", name)
        self.fixed = game is not None
        check_bot_budget(name)
        if game is not None:
            self._seat_for(game)
        else:
            _check_name(name)

    def _seat_for(self, game: str) -> None:
        found = find_game(game)
        if self.game is None or found.name != self.game.name:
            self.bot = get_bot(self.name, found)
            self.game = found

    def handle(self, message: Mapping[str, object]) -> dict[str, object] | None:
        kind = message.get("type")
        if kind == "start":
            asked = message.get("game")
            game = None if asked is None else expect_str(asked, "start: 'game'", 100)
            if game is not None and self.fixed and find_game(game).name != self._game().name:
                raise ChieuError(f"this server plays {self._game().name}, not {game}")
            if game is not None:
                self._seat_for(game)
            bot = self._bot()
            seat, players, rules = check_start(self._game(), message)
            self.players = players
            self.games += 1
            self.rng = Rng(self.games, "serve", self.name, seat)
            hook = getattr(bot, "new_game", None)
            if callable(hook):
                hook(self._game().name, rules, seat)
            return {"type": "ready", "name": bot.name}
        if kind == "act":
            bot = self._bot()
            obs, legal, legal_json = check_act(self._game(), message, self.players)
            try:
                action = bot.act(obs, legal, self.rng)
            except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
                what = (
                    f"lacks the field {exc}"
                    if isinstance(exc, KeyError)
                    else f"is malformed ({exc})"
                )
                raise ChieuError(f"the observation {what}: send state.observation(seat)") from None
            return {"action": legal_json[legal.index(action)]}
        if kind == "end":
            hook = getattr(self.bot, "end_game", None) if self.bot is not None else None
            if callable(hook):
                outcome = message.get("outcome")
                hook(outcome if isinstance(outcome, dict) else None)
            return None
        if kind is None:
            raise ChieuError("a message needs a 'type': start, act, end or quit")
        raise ChieuError(f"unknown message type {describe(kind)} (start, act, end, quit)")

    def _bot(self) -> Bot:
        if self.bot is None:
            raise ChieuError("no game yet: send a start message with 'game' (or serve with --game)")
        return self.bot

    def _game(self) -> GameDefinition:
        if self.game is None:
            raise ChieuError("no game yet: send a start message with 'game' (or serve with --game)")
        return self.game


def check_start(
    game: GameDefinition, message: Mapping[str, object]
) -> tuple[int, int | None, dict[str, object]]:
    """The seat, the number of players (None when unknown) and the rules of a ``start``
    message; JsonInputError (or the rules' ChieuError) naming the bad field."""
    raw_seat = message.get("seat")
    seat = 0 if raw_seat is None else expect_int(raw_seat, "start: 'seat'", 0, MAX_SEATS - 1)
    raw_players = message.get("players")
    players = None
    if raw_players is not None:
        players = expect_int(raw_players, "start: 'players'", 1, MAX_SEATS)
    raw = message.get("rules")
    rules: dict[str, object] = {} if raw is None else dict(expect_object(raw, "start: 'rules'"))
    if rules:
        try:
            value = game.rules_from_json(rules)
        except ChieuError as exc:
            raise ChieuError(f"start: 'rules': {exc}") from None
        ruled = game.info(value).num_players
        if players is not None and players != ruled:
            raise JsonInputError(f"start: 'players' is {players} but the rules seat {ruled}")
        players = ruled
    if players is not None and seat >= players:
        raise JsonInputError(f"start: 'seat' {seat} is not a seat of {players} players")
    return seat, players, rules


def check_act(
    game: GameDefinition, message: Mapping[str, object], players: int | None = None
) -> tuple[JsonObject, list[Action], list[JsonValue]]:
    """The observation, the legal actions and their JSON of an ``act`` message;
    JsonInputError (or IllegalActionError) naming the bad field."""
    obs = expect_object(message.get("observation"), "act: 'observation'")
    legal_json = expect_list(message.get("legal"), "act: 'legal'", len(game.action_space))
    if not legal_json:
        raise JsonInputError("an act message needs 'observation' and a non-empty 'legal'")
    legal = []
    for i, data in enumerate(legal_json):
        entry = expect_object(data, f"act: legal[{i}]")
        try:
            legal.append(game.action_space.from_json(entry))
        except ChieuError as exc:
            raise ChieuError(f"act: legal[{i}]: {exc}") from None
    check_observation(game, obs, players)
    return obs, legal, legal_json


#: observation fields that hold cards (kinds, or card ids: numbers from 0 below the game's
#: ``kinds.size``; -1 means none), alone or in lists of any depth
CARD_KEYS = frozenset(
    "hand card cards tile tiles doors rivers rows melds flowers dead eaten eaten_in_hand "  # noqa: SIM905
    "khung_down cai_card prevailing wilds drawn must_lay bat_thuc discards gone".split()
)
#: observation fields that hold seats (-1 means none)
SEAT_KEYS = frozenset(
    "seat actor dealer cai_seat cai first from door exposer chot_from return_door asked "  # noqa: SIM905
    "lay_order winner".split()
)
#: fields that hold a number of cards in a hand, or left in a stock
SIZE_KEYS = frozenset({"hand_sizes"})
STOCK_KEYS = frozenset({"stock_left", "wall_left", "nocc_left", "draws_left"})
MAX_NUMBER = 10**6  # any other number in an observation
MAX_TEXT = 10_000  # characters of any text in an observation


def max_hand(game: GameDefinition) -> int:
    """The most cards a hand may hold in ``game``: the largest dealt hand (over every number of
    players) and a margin of 4, or the whole deck when no deal can be made."""
    return _max_hand(game.name)


@cache
def _max_hand(name: str) -> int:
    game = find_game(name)
    counts = getattr(game, "player_counts", None) or (None,)
    most = 0
    for players in counts:
        try:
            rules = game.rules_from_json({} if players is None else {"players": players})
            state = Game(game, rules).new_state(0)
            hands = []
            for s in range(state.num_players):
                hand = state.observation(s).get("hand") or []
                if not isinstance(hand, (list, dict, str)):
                    raise TypeError("not a hand")  # as len() would
                hands.append(len(hand))
        except Exception:  # a game that cannot deal here: the deck bounds the hand
            return int(game.kinds.deck_size)
        most = max(most, *hands)
    return min(most + 4, int(game.kinds.deck_size)) if most else int(game.kinds.deck_size)


def check_observation(
    game: GameDefinition, obs: Mapping[str, object], players: int | None = None
) -> None:
    """JsonInputError unless ``obs`` could be an observation of ``game``: the seat (and the
    number of players) in range, the hand a part of the deck no larger than ``max_hand``, every
    card (``CARD_KEYS``) a card of the game, every seat (``SEAT_KEYS``) a seat, hand sizes and
    stocks within the deck, every list no longer than the deck allows, every other number
    within ±``MAX_NUMBER``, every text shorter than ``MAX_TEXT``. Generic: the game gives only
    its deck (``game.kinds``) and its dealt hands."""
    kinds = game.kinds
    given = obs.get("players", players)
    n_players = None
    if given is not None:
        n_players = expect_int(given, "observation 'players'", 1, MAX_SEATS)
    seats = n_players or MAX_SEATS
    expect_int(obs.get("seat"), "observation 'seat'", 0, seats - 1)
    biggest = max_hand(game)
    if "hand" in obs:
        hand = expect_list(obs["hand"], "observation 'hand'", biggest)
        held = [0] * kinds.size
        for card in hand:
            card = expect_int(card, "a card of the observation's 'hand'", 0, kinds.size - 1)
            held[card] += 1
            if held[card] > kinds.copies[card]:
                raise JsonInputError(
                    f"the observation's 'hand' holds card {card} {held[card]} times; "
                    f"the deck has {kinds.copies[card]}"
                )
    longest = max(4 * kinds.deck_size, 1000)
    stack: list[tuple[str, object]] = [("", obs)]
    while stack:
        key, value = stack.pop()
        where = f"observation {key!r}" if key else "the observation"
        if isinstance(value, dict):
            for k, v in value.items():
                expect_str(k, f"a key in {where}", 100)
                stack.append((k, v))
        elif isinstance(value, list):
            expect_list(value, where, longest)
            stack.extend((key, v) for v in value)
        elif isinstance(value, str):
            expect_str(value, where, MAX_TEXT)
        elif isinstance(value, bool) or value is None:
            continue
        elif isinstance(value, float):
            expect_number(value, where, -MAX_NUMBER, MAX_NUMBER)
        elif key in CARD_KEYS:
            expect_int(value, f"a card in {where}", -1, kinds.size - 1)
        elif key in SEAT_KEYS:
            expect_int(value, f"a seat in {where}", -1, seats - 1)
        elif key in SIZE_KEYS:
            expect_int(value, f"a hand size in {where}", 0, biggest)
        elif key in STOCK_KEYS:
            expect_int(value, f"{where}", 0, kinds.deck_size)
        else:
            expect_int(value, where, -MAX_NUMBER, MAX_NUMBER)


def _check_name(name: str) -> None:
    """ChieuError unless ``name`` is a bot of at least one game (listing them otherwise)."""
    from chieu.bots.registry import bot_names, unknown_bot
    from chieu.core.registry import game_names

    known: list[str] = []
    for game in game_names():
        try:
            bot = get_bot(name, game)
        except ChieuError as exc:
            if not str(exc).startswith("unknown bot"):
                raise  # a known kind of bot, badly written (a search budget, an ext command)
            known += [n for n in bot_names(game) if n not in known]
            continue
        close = getattr(bot, "close", None)
        if callable(close):
            close()
        return
    raise unknown_bot(name, known)


def serve(server: Server, stdin: IO[str] | IO[bytes], stdout: IO[str]) -> int:
    """Answer every message of ``stdin`` on ``stdout`` until ``quit`` or the end of the input.
    No message stops it: each line is read with a size limit (``MESSAGE_LIMITS``), parsed with
    ``read_json`` and checked; whatever is wrong, and any failure of the bot itself, is answered
    with ``{"type": "error", "message": ...}``."""
    for line in bounded_lines(stdin, MESSAGE_LIMITS.max_bytes):
        answer: dict[str, object] | None
        if isinstance(line, JsonInputError):
            answer = {"type": "error", "message": str(line)}
        elif not line.strip():
            continue
        else:
            answer = _answer(server, line)
            if answer is _QUIT:
                break
        if answer is not None:
            try:
                stdout.write(dump_line(answer))
                stdout.flush()
            except (OSError, ValueError):  # the reader went away: stop, quietly
                if stdout is sys.stdout:
                    with contextlib.suppress(OSError, ValueError):
                        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
                return 0
    return 0


_QUIT: dict[str, object] = {"type": "quit"}


def _answer(server: Server, line: str | bytes) -> dict[str, object] | None:
    try:
        message = read_json(line, MESSAGE_LIMITS, "the message")
        if not isinstance(message, dict):
            raise JsonInputError(f"a message is a JSON object, not {describe(message)}")
        if message.get("type") == "quit":
            return _QUIT
        return server.handle(message)
    except ChieuError as exc:  # JsonInputError and the rules' errors included
        return {"type": "error", "message": _short(str(exc))}
    except Exception as exc:  # the bot failed on this input: say so and go on
        return {
            "type": "error",
            "message": _short(f"the bot could not answer ({type(exc).__name__}: {exc})"),
        }


def _short(text: str, limit: int = 500) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def run(args: argparse.Namespace) -> int:
    stdin = getattr(sys.stdin, "buffer", sys.stdin)  # bytes: bad UTF-8 is a message's error
    return serve(Server(args.name, args.game), stdin, sys.stdout)


MAX_GAMES = 100_000
MAX_WORLDS = 100_000
MAX_THRESHOLD = 100.0


def _numbers(text: str, what: str) -> list[float]:
    """Finite numbers from 0 to ``MAX_THRESHOLD`` separated by commas (1 to 100 of them)."""
    parse = real(0, MAX_THRESHOLD)
    try:
        out = [parse(x) for x in text.split(",")[:101] if x.strip()]
    except argparse.ArgumentTypeError:
        out = []
    if not 0 < len(out) <= 100:
        raise ChieuError(
            f"{what} {text[:40]!r}: numbers ≥ 0 (at most {MAX_THRESHOLD:g}, at most 100 of "
            "them) separated by commas, e.g. 0,0.5,1",
            vi=f"{what} {text[:40]!r}: cần các số ≥ 0 (lớn nhất {MAX_THRESHOLD:g}, nhiều nhất "
            "100 số) cách nhau bởi dấu phẩy, ví dụ 0,0.5,1",
        )
    return out


def run_tune(args: argparse.Namespace) -> int:
    from chieu.bots.registry import search_budget
    from chieu.bots.tuning import tune

    thresholds = _numbers(args.thresholds, "--thresholds")
    millis, iterations = (None, None) if args.budget is None else search_budget(args.budget)
    result = tune(
        args.game,
        games=args.games,
        seed=args.seed,
        worlds=args.worlds,
        thresholds=thresholds,
        millis=millis,
        iterations=iterations,
    )
    if args.json:
        sys.stdout.write(json.dumps(result.to_json(), ensure_ascii=False, indent=2) + "\n")
        return 0
    sys.stdout.write(
        f"{find_game(result.game).title}: {result.games} ván, {result.worlds} thế bài mỗi nước\n"
        "ngưỡng  số nước  lợi/nước  sai số  đổi nước\n"
    )
    for g in result.gains:
        sys.stdout.write(
            f"{g.threshold:6.2f}  {g.decisions:7d}  {g.mean_gain:+8.4f}  {g.error:6.4f}  "
            f"{g.changed:8d}\n"
        )
    return 0
