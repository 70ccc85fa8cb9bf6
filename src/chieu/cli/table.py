"""The table in the terminal, drawn from a View alone (the same JSON the browser renders).

Nothing here knows a game: zones, seats, the live card and the events come from the view,
the words from the game's notation, the card faces from ``faces``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console, RenderableType
from rich.console import Group as RichGroup
from rich.text import Text

from chieu.bots import Bot
from chieu.cli.common import basic_choice
from chieu.cli.faces import Face, cards_text
from chieu.core.actions import Action
from chieu.core.decisions import Decision
from chieu.core.errors import NotationError
from chieu.core.notation import Lang
from chieu.core.table import Game
from chieu.core.telling import hints_of

if TYPE_CHECKING:
    from chieu.core.protocol import State

_ROLE_WORDS = {
    "vi": {
        "mat": "chiếu",
        "door": "cửa",
        "discard": "bài đánh",
        "flowers": "hoa",
        "aside": "úp",
        "stock": "nọc",
        "dead": "ngoài",
        "hand": "trên tay",
    },
    "en": {
        "mat": "mat",
        "door": "door",
        "discard": "discards",
        "flowers": "flowers",
        "aside": "face down",
        "stock": "stock",
        "dead": "out",
        "hand": "hand",
    },
}
_WORDS = {
    "vi": {"cards": "quân", "you": "bạn", "live": "Quân đang sống", "at": "ở cửa", "hidden": "úp"},
    "en": {"cards": "cards", "you": "you", "live": "Live card", "at": "at", "hidden": "hidden"},
}


def _zone_cards(zone: dict[str, Any], face: Face, lang: str) -> Text:
    if zone["cards"] is None:
        return Text(f"{zone['count']} {_WORDS[lang]['cards']} ({_WORDS[lang]['hidden']})", "dim")
    if zone["groups"]:
        return Text("  ").join(
            Text.assemble("[", cards_text(g["cards"], face), "]") for g in zone["groups"]
        )
    return cards_text(zone["cards"], face)


def _common_zone(zone: dict[str, Any], face: Face, roles: dict[str, str]) -> Text:
    """A zone nobody owns: the stock and the cards out of play as a count, the rest whole."""
    label = zone["label"] or roles.get(zone["role"], zone["role"])
    if zone["cards"] is None or zone["role"] in ("stock", "dead"):
        return Text(f"{label}: {zone['count']}")
    return Text.assemble(f"{label}: ", cards_text(zone["cards"], face))


def seat_line(view: dict[str, Any], seat: dict[str, Any], names: Sequence[str]) -> Text:
    lang = view["lang"]
    s = seat["seat"]
    name = names[s] if s < len(names) else str(s)
    parts: list[Text | str] = [Text(name, style="bold cyan" if seat["to_act"] else "bold")]
    for role in seat["roles"]:
        parts += [" · ", Text(role, "yellow")]
    for mark in seat["marks"]:
        parts += [" · ", Text(mark, "red")]
    parts.append(f" · {seat['hand_count']} {_WORDS[lang]['cards']}")
    if seat["to_act"]:
        parts.append(Text(" ◀", "cyan"))
    return Text.assemble(*parts)


def render(view: dict[str, Any], names: Sequence[str], face: Face) -> RenderableType:
    """The table as ``view``'s viewer sees it."""
    lang = view["lang"]
    roles = _ROLE_WORDS[lang]
    lines: list[RenderableType] = [
        Text.assemble((view["title"], "bold magenta"), " · ", view["phase_label"])
    ]
    common = [z for z in view["zones"] if z["owner"] is None]
    if common:
        lines.append(Text("   ").join(_common_zone(z, face, roles) for z in common))
    for seat in view["seats"]:
        lines.append(seat_line(view, seat, names))
        for z in view["zones"]:
            if z["owner"] != seat["seat"] or z["count"] == 0:
                continue
            if z["role"] == "hand" and z["cards"] is None:
                continue  # the hand count is on the seat line
            if z["role"] == "hand" and seat["seat"] == view["viewer"]:
                continue  # the viewer's own hand comes last, larger
            label = z["label"] or roles.get(z["role"], z["role"])
            lines.append(Text.assemble("   ", (f"{label}: ", "dim"), _zone_cards(z, face, lang)))
    live = view["live"]
    if live is not None:
        at = "" if live["seat"] is None else f" ({_WORDS[lang]['at']} {names[live['seat']]})"
        lines.append(Text.assemble(f"{_WORDS[lang]['live']}: ", _reversed(face(live["card"])), at))
    viewer = view["viewer"]
    if viewer is not None:
        for z in view["zones"]:
            if z["owner"] == viewer and z["role"] == "hand" and z["cards"] is not None:
                lines.append(
                    Text.assemble(
                        (f"{roles['hand']} ({z['count']}): ", "bold"), _zone_cards(z, face, lang)
                    )
                )
    return RichGroup(*lines)


def _reversed(text: Text) -> Text:
    text.stylize("reverse")
    return text


def choices_text(decision: dict[str, Any], lang: str) -> Text:
    """The numbered actions of a decision, ⚠ and the fault's name on those that commit one."""
    items = []
    for i, a in enumerate(decision["actions"], 1):
        item = Text.assemble((f"[{i}]", "bold"), " ", a["label"])
        if "fault" in a:
            item.append(f" ⚠ {a['fault']['name']}", style="bold red")
        items.append(item)
    return Text("  ").join(items)


# -- the person at the table ---------------------------------------------------------------

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

    def show_events(self, state: State) -> None:
        history = state.history(self.viewer)
        for event in history[self.shown :]:
            text = self.game.notation.describe(state, event, self.viewer, self.lang)
            if text:
                self.say(Text(f"  {text}", style="dim" if event.actor != self.human else ""))
        self.shown = len(history)

    def hints(self, state: State, seat: int) -> None:
        with self.console.status(WORDS[self.lang]["thinking"]):
            advice = hints_of(self.game)
            lines = [] if advice is None else advice(state, seat, self.lang)
        for line in lines or [WORDS[self.lang]["no_hint"]]:
            self.say(Text(line, "green"))

    def ask(self, state: State, d: Decision) -> Action | None:
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
