"""The table in the terminal, drawn from a View alone (the same JSON the browser renders).

Nothing here knows a game: zones, seats, the live card and the events come from the view,
the words from the game's notation, the card faces from ``faces``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group as RichGroup
from rich.console import RenderableType
from rich.text import Text

from chieu.cli.faces import Face, cards_text

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
