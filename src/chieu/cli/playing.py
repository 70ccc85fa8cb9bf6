"""``chieu play GAME``: one driver for every game, over views, decisions and the game's words.

A person sits at ``--seat`` against bots (``--auto``: bots everywhere, the person watches as
a spectator). Every prompt lists the seat's legal actions with the game's labels (⚠ and the
fault's name on those that commit one); a decision with one answer is taken at once with a
one-line notice. ``--games N`` plays a hội with its score sheet; every game's record is saved.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType
from rich.text import Text

from chieu.bots import Bot, bot_rng
from chieu.bots.base import end_bots, start_bots
from chieu.cli.common import basic_choice, build_rules, records_dir, save_and_show, seat_bots
from chieu.cli.faces import Face, face_for
from chieu.cli.i18n import tr
from chieu.cli.table import choices_text, render
from chieu.core.actions import Action
from chieu.core.decisions import Decision
from chieu.core.driver import play
from chieu.core.errors import NotationError
from chieu.core.notation import Lang
from chieu.core.registry import find_game
from chieu.core.table import Game, fresh_seed, load_game

HELP = {
    "vi": """\
Cách trả lời:
  số (1, 2, ...)      chọn nước đi theo số thứ tự trong danh sách
  mã quân hoặc tên    đánh / ăn với quân đó, hoặc tên nước đi (bốc, ù, bỏ qua...), có dấu hay không
  ?                   gợi ý
  h                   trợ giúp này
  q                   thoát (ván đang chơi được lưu lại)""",
    "en": """\
How to answer:
  a number (1, 2, ...)   the move with that number in the list
  a card or a move       discard / take that card, or a move's name (draw, win, pass...)
  ?                      hints
  h                      this help
  q                      quit (the game in progress is saved)""",
}
PROMPT = {
    "vi": "Bạn chọn (số, mã quân, ? gợi ý, h trợ giúp, q thoát): ",
    "en": "Your move (number, card, ? hints, h help, q quit): ",
}
WORDS = {
    "vi": {
        "you": "Bạn",
        "bot": "Máy",
        "auto": "tự động",
        "game": "Ván",
        "sheet": "Bảng điểm hội",
        "quit": "Đã dừng ván.",
        "no_hint": "Chưa có gợi ý.",
        "not_legal": "Nước đó không được đi lúc này.",
        "result": "Kết quả",
        "thinking": "Đang tính gợi ý…",
        "nobody": "không ai ù",
        "end": "Hội kết thúc. Cao điểm nhất",
        "rules": "Luật",
        "default": "mặc định",
        "again": "Gõ số thứ tự, ? để xem gợi ý, h để trợ giúp.",
    },
    "en": {
        "you": "You",
        "bot": "Bot",
        "auto": "automatic",
        "game": "Game",
        "sheet": "Score sheet",
        "quit": "Game stopped.",
        "no_hint": "No hint yet.",
        "not_legal": "That move is not legal now.",
        "result": "Result",
        "thinking": "Working out hints…",
        "nobody": "no winner",
        "end": "The sitting is over. Most points",
        "rules": "Rules",
        "default": "default",
        "again": "Type a number, ? for hints, h for help.",
    },
}


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "play",
        help=tr("chơi với máy trong terminal", "play against bots in the terminal"),
        description=tr(
            "Chơi một ván (hay một hội) với máy trong terminal. Ví dụ: chieu play chan --seed 3",
            "Play a game (or a sitting) against bots in the terminal. "
            "Example: chieu play chan --seed 3",
        ),
    )
    p.add_argument(
        "game",
        help=tr(
            "trò chơi: chan, totom, phom, matchuoc (có dấu cũng được)",
            "the game: chan, totom, phom, matchuoc (Vietnamese names work too)",
        ),
    )
    p.add_argument(
        "--seed",
        type=int,
        default=None,
        help=tr(
            "seed của ván đầu (mặc định: ngẫu nhiên từ hệ điều hành; ai biết seed thì dựng lại "
            "được cả bộ bài)",
            "the first game's seed (default: random from the operating system; anyone who "
            "knows a seed can rebuild the whole deal)",
        ),
    )
    p.add_argument(
        "--seat", type=int, default=0, help=tr("ghế của bạn, 0..N-1", "your seat, 0..N-1")
    )
    p.add_argument(
        "--bots",
        default=None,
        help=tr(
            "máy ở các ghế còn lại, ví dụ heuristic,random (ext:LỆNH chạy một chương trình "
            "ngoài với quyền của bạn)",
            "bots in the other seats, e.g. heuristic,random (ext:COMMAND runs an external "
            "program with your permissions)",
        ),
    )
    p.add_argument("--players", type=int, default=None, help=tr("số người chơi", "players"))
    p.add_argument(
        "--rules",
        nargs="+",
        action="extend",
        default=[],
        metavar="KEY=VALUE",
        help=tr("luật riêng, ví dụ fault_mode=strict", "house rules, e.g. fault_mode=strict"),
    )
    p.add_argument("--preset", default=None, help=tr("bộ luật có sẵn", "a rules preset"))
    p.add_argument(
        "--records", default="records", help=tr("thư mục lưu biên bản", "where records go")
    )
    p.add_argument(
        "--games", type=int, default=1, help=tr("số ván trong hội", "games in the sitting")
    )
    p.add_argument(
        "--auto",
        action="store_true",
        help=tr("máy chơi tất cả các ghế (để xem)", "bots play every seat (to watch)"),
    )
    p.add_argument("--lang", choices=("vi", "en"), default="vi", help=tr("ngôn ngữ", "language"))
    p.set_defaults(run=run)


@dataclass
class Table:
    game: Game
    console: Console
    human: int | None
    bots: dict[int, Bot]
    names: list[str]
    records: Path
    lang: Lang
    face: Face
    shown: int = 0
    saved: list[Path] = field(default_factory=list)

    @property
    def viewer(self) -> int | None:
        return self.human

    def say(self, text: RenderableType) -> None:
        self.console.print(text, soft_wrap=True)

    def show_events(self, state: Any) -> None:
        history = state.history(self.viewer)
        for event in history[self.shown :]:
            text = self.game.notation.describe(state, event, self.viewer, self.lang)
            if text:
                self.say(Text(f"  {text}", style="dim" if event.actor != self.human else ""))
        self.shown = len(history)

    def hints(self, state: Any, seat: int) -> None:
        with self.console.status(WORDS[self.lang]["thinking"]):
            lines = self.game.notation.hints(state, seat, self.lang)
        for line in lines or [WORDS[self.lang]["no_hint"]]:
            self.say(Text(line, "green"))

    def ask(self, state: Any, d: Decision) -> Action | None:
        view = state.view(d.seat, self.lang).to_json()
        self.show_events(state)
        mine = next(x for x in view["decisions"] if x["kind"] == d.kind)
        if len(d.actions) == 1:
            label = mine["actions"][0]["label"]
            self.say(Text(f"({WORDS[self.lang]['auto']}) {label}", "dim"))
            return d.actions[0]
        self.say(render(view, self.names, self.face))
        self.say(choices_text(mine, self.lang))
        while True:
            try:
                raw = input(PROMPT[self.lang])
            except EOFError:
                self.say("")
                return None
            basic = basic_choice(raw, d.actions)
            if basic is not None:
                kind, value = basic
                if kind == "action" and isinstance(value, Action):
                    return value
                if kind == "quit":
                    return None
                if kind == "help":
                    self.say(HELP[self.lang])
                elif kind == "hint":
                    self.hints(state, d.seat)
                else:
                    self.say(Text(str(value), "red"))
                continue
            try:
                action = self.game.notation.parse(state, d.seat, raw, self.lang)
            except NotationError as exc:
                self.say(Text(f"{exc} {WORDS[self.lang]['again']}", "red"))
                continue
            if action in d.actions:
                return action
            self.say(Text(WORDS[self.lang]["not_legal"], "red"))


class _Quit(Exception):
    pass


def play_one(table: Table, state: Any) -> bool:
    """Play one game; False when the person quit."""
    rngs = {s: bot_rng(state.seed, s) for s in table.bots}
    table.shown = 0

    def choose(st: Any, d: Decision) -> Action:
        if d.seat == table.human:
            action = table.ask(st, d)
            if action is None:
                raise _Quit
            return action
        return table.bots[d.seat].act(st.observation(d.seat), list(d.actions), rngs[d.seat])

    def after(st: Any, seat: int, action: Action) -> None:
        table.show_events(st)

    try:
        play(state, choose, after=after)
    except _Quit:
        table.say(WORDS[table.lang]["quit"])
        return False
    finally:
        table.saved.append(
            save_and_show(table.records, state, table.console, table.bots, table.names)
        )
    table.show_events(state)
    return True


def show_outcome(table: Table, state: Any) -> None:
    table.say(Text(WORDS[table.lang]["result"], "bold"))
    for line in table.game.notation.outcome_lines(state, table.lang, viewer=table.human):
        table.say(Text(f"  {line}"))
    for s in range(state.num_players):  # every hand, face up, once the game is over
        for z in state.view(s, table.lang).to_json()["zones"]:
            if z["owner"] == s and z["role"] == "hand" and z["cards"]:
                cards = Text(" ").join(table.face(c) for c in z["cards"])
                table.say(Text.assemble(f"  {table.names[s]}: ", cards))
    out = state.outcome()
    for s, p in enumerate(out.payoffs):
        table.say(f"  {table.names[s]}: {p:+g}")
    table.say(Text(f"  seed {state.seed}", "dim"))


def show_sheet(table: Table, sitting: Any) -> None:
    table.say(Text(WORDS[table.lang]["sheet"], "bold"))
    for row in sitting.rows:
        cells = "  ".join(f"{p:+g} ({t:+g})" for p, t in zip(row.points, row.totals, strict=True))
        who = WORDS[table.lang]["nobody"] if row.winner is None else table.names[row.winner]
        table.say(f"  {WORDS[table.lang]['game']} {row.number}: {who} · {cells}")
    totals = "  ".join(f"{table.names[s]} {t:+g}" for s, t in enumerate(sitting.totals))
    table.say(Text(f"  = {totals}", "bold"))


def run(args: argparse.Namespace) -> int:
    console = Console(highlight=False)
    definition = find_game(args.game)
    rules = build_rules(definition, args.preset, args.rules, args.players)
    game = load_game(definition, rules)
    players = game.info.players
    human, bots, _ = seat_bots(args, players, definition)
    lang: Lang = "en" if args.lang == "en" else "vi"
    # the names the game's words use: "Bạn" for the person, "Người N" for seat N - 1
    you, other = ("You", "Player") if lang == "en" else ("Bạn", "Người")
    names = [you if s == human else f"{other} {s + 1}" for s in range(players)]
    line = ", ".join(f"{names[s]}: {b.name}" for s, b in sorted(bots.items()))
    preset = f"{args.preset} · " if args.preset else ""
    changed = [o for o in game.options() if getattr(rules, o.name) != o.default]
    shown = ", ".join(f"{o.name}={getattr(rules, o.name)}" for o in changed)
    shown = shown or WORDS[lang]["default"]
    console.print(Text(f"{game.title} · {players} · {line}", "dim"))
    console.print(Text(f"{WORDS[lang]['rules']}: {preset}{shown}", "dim"))
    table = Table(
        game, console, human, bots, names, records_dir(args.records), lang, face_for(game)
    )
    sitting = game.sitting(names)
    start_bots(definition, rules, list(_seated(table, players)))
    for n in range(args.games):
        # a given seed fixes the whole sitting (seed, seed + 1...); else each deal is secret
        seed = fresh_seed() if args.seed is None else args.seed + n
        state = sitting.new_state(seed)
        if args.games > 1:
            table.say(Text(f"— {WORDS[lang]['game']} {n + 1}/{args.games} —", "bold magenta"))
        finished = play_one(table, state)
        if not finished:
            end_bots(state, list(_seated(table, players)))
            return 0
        show_outcome(table, state)
        sitting.record(state.outcome(), seed=state.seed)
        if args.games > 1:
            show_sheet(table, sitting)
        if sitting.over:
            break
    if args.games > 1:
        best = ", ".join(table.names[s] for s in sitting.leaders())
        table.say(Text(f"{WORDS[lang]['end']}: {best}", "bold magenta"))
    return 0


def _seated(table: Table, players: int) -> Sequence[Any]:
    return [table.bots.get(s) or _Nobody() for s in range(players)]


class _Nobody:
    name = "person"
