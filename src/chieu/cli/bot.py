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
import json
import sys
from collections.abc import Mapping
from typing import IO, Any

from chieu.bots.base import Bot
from chieu.bots.registry import get_bot
from chieu.cli.common import positive_int
from chieu.core.errors import ChieuError
from chieu.core.registry import find_game
from chieu.core.rng import Rng


def add_parser(sub: Any) -> None:
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
    tune.add_argument("--games", type=positive_int, default=20, help="số ván (mặc định 20)")
    tune.add_argument("--seed", type=int, default=0, help="seed (mặc định 0)")
    tune.add_argument("--worlds", type=positive_int, default=120, help="thế bài mỗi nước khi chấm")
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


class Server:
    """Answers protocol messages with a built-in bot (one game at a time). Without a game, the
    game of each ``start`` message decides (the bot is made for it)."""

    def __init__(self, name: str, game: str | None = None) -> None:
        self.name = name
        self.game: Any = None
        self.bot: Bot | None = None
        self.games = 0
        self.rng = Rng(0, "serve", name)
        self.fixed = game is not None
        if game is not None:
            self._seat_for(game)
        else:
            _check_name(name)

    def _seat_for(self, game: str) -> None:
        found = find_game(game)
        if self.game is None or found.name != self.game.name:
            self.bot = get_bot(self.name, found)
            self.game = found

    def handle(self, message: Mapping[str, Any]) -> dict[str, Any] | None:
        kind = message.get("type")
        if kind == "start":
            game = message.get("game")
            if game is not None and self.fixed and find_game(str(game)).name != self.game.name:
                raise ChieuError(f"this server plays {self.game.name}, not {game}")
            if game is not None:
                self._seat_for(str(game))
            bot = self._bot()
            self.games += 1
            seat = int(message.get("seat") or 0)
            self.rng = Rng(self.games, "serve", self.name, seat)
            hook = getattr(bot, "new_game", None)
            if callable(hook):
                hook(self.game.name, dict(message.get("rules") or {}), seat)
            return {"type": "ready", "name": bot.name}
        if kind == "act":
            legal_json = message.get("legal")
            obs = message.get("observation")
            if not isinstance(legal_json, list) or not legal_json or not isinstance(obs, dict):
                raise ChieuError("an act message needs 'observation' and a non-empty 'legal'")
            bot = self._bot()
            legal = [self.game.action_space.from_json(dict(a)) for a in legal_json]
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
                hook(message.get("outcome"))
            return None
        if kind is None:
            raise ChieuError("a message needs a 'type': start, act, end or quit")
        raise ChieuError(f"unknown message type {kind!r} (start, act, end, quit)")

    def _bot(self) -> Bot:
        if self.bot is None:
            raise ChieuError("no game yet: send a start message with 'game' (or serve with --game)")
        return self.bot


def _check_name(name: str) -> None:
    """ChieuError unless ``name`` is a bot of at least one game (listing them otherwise)."""
    from chieu.bots.registry import bot_names
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
    raise ChieuError(f"unknown bot {name!r}; known bots: {', '.join(known)}")


def serve(server: Server, stdin: IO[str], stdout: IO[str]) -> int:
    for line in stdin:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
            if not isinstance(message, dict):
                raise ChieuError("a message is a JSON object")
            if message.get("type") == "quit":
                break
            answer = server.handle(message)
        except json.JSONDecodeError as exc:
            answer = {"type": "error", "message": f"not JSON ({exc.msg}, column {exc.colno})"}
        except (ChieuError, TypeError, ValueError) as exc:
            answer = {"type": "error", "message": str(exc)}
        if answer is not None:
            stdout.write(json.dumps(answer, ensure_ascii=False) + "\n")
            stdout.flush()
    return 0


def run(args: argparse.Namespace) -> int:
    return serve(Server(args.name, args.game), sys.stdin, sys.stdout)


def _numbers(text: str, what: str) -> list[float]:
    """Finite numbers ≥ 0 separated by commas (at least one)."""
    try:
        out = [float(x) for x in text.split(",") if x.strip()]
    except ValueError:
        out = []
    if not out or not all(0 <= x < float("inf") for x in out):
        raise ChieuError(f"{what} {text!r}: numbers ≥ 0 separated by commas, e.g. 0,0.5,1")
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
