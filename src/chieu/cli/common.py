"""What every command shares: rules from ``--preset`` / ``--rules KEY=VALUE``, the seats of
``chieu play`` (a person and bots), saving records, and the prompt."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import TypeAlias

from chieu.bots import Bot, get_bot, levels
from chieu.bots.levels import DEFAULT_LEVEL, LEVELS, find_level
from chieu.cli.i18n import tr
from chieu.core.actions import Action
from chieu.core.errors import ChieuError, os_reason
from chieu.core.protocol import GameDefinition
from chieu.core.registry import normalize_name
from chieu.core.rules import RulesBase

#: what each command's ``add_parser`` adds its parser to (``chieu.cli.main``)
Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"

_TRUE = {"true", "yes", "on", "1", "có", "co"}
_FALSE = {"false", "no", "off", "0", "không", "khong"}


def convert(key: str, raw: str, current: object) -> object:
    """``raw`` (text) as the type of the rule's current value; ChieuError when it is not."""
    if isinstance(current, bool):
        low = raw.strip().lower()
        if low in _TRUE:
            return True
        if low in _FALSE:
            return False
        raise ChieuError(
            f"rule {key}={raw}: expected true or false",
            vi=f"luật {key}={raw}: cần true hoặc false (có hoặc không)",
        )
    if isinstance(current, int):
        try:
            return int(raw)
        except ValueError:
            raise ChieuError(
                f"rule {key}={raw}: expected a whole number",
                vi=f"luật {key}={raw}: cần một số nguyên",
            ) from None
    if isinstance(current, (tuple, list)):
        return [part.strip() for part in raw.split(",") if part.strip()]
    return raw.strip()


def build_rules(
    game: GameDefinition,
    preset: str | None,
    pairs: Sequence[str] | None,
    players: int | None = None,
) -> RulesBase:
    """A game's Rules (``game`` is a registered game class) from a preset, ``KEY=VALUE``
    changes and a player count; ChieuError naming what is wrong."""
    presets = getattr(game, "presets", None) or {}
    if preset is None:
        base = game.rules_from_json({})
    elif preset in presets:
        base = presets[preset]
    else:
        known = ", ".join(sorted(presets))
        raise ChieuError(
            f"unknown preset {preset!r} for {game.title}; known: {known or 'none'}",
            vi=f"{game.title} không có bộ luật {preset!r}; các bộ luật: {known or 'không có'}",
        )
    data: dict[str, object] = dict(game.rules_to_json(base))
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise ChieuError(
                f"--rules expects KEY=VALUE, not {pair!r}",
                vi=f"--rules cần dạng KEY=VALUE (tên luật=giá trị), không phải {pair!r}",
            )
        if key not in data:
            known = ", ".join(sorted(data))
            raise ChieuError(
                f"unknown {game.title} rule {key!r}; known: {known}",
                vi=f"{game.title} không có luật {key!r}; các luật: {known}",
            )
        data[key] = convert(key, value, data[key])
    if players is not None:
        data["players"] = players
    rules: RulesBase = game.rules_from_json(data)  # every game's Rules is a RulesBase
    return rules


def seat_bots(
    args: argparse.Namespace, players: int, game: GameDefinition
) -> tuple[int | None, dict[int, Bot], list[str]]:
    """The person's seat (``--seat``, None with ``--auto``), a bot for every other seat
    (``--bots``: one name for all, or one per seat in order; else the level ``--level``,
    ``Vừa`` by default) and each seat's display name (a level in words);
    ChieuError for a seat out of range, a bad count or ``--games`` below 1."""
    human = None if args.auto else args.seat
    if human is not None and not 0 <= human < players:
        raise ChieuError(
            tr(
                f"--seat {human} không phải một ghế của ván {players} người (0..{players - 1})",
                f"--seat {human} is not a seat of a {players}-player game (0..{players - 1})",
            )
        )
    if args.games < 1:
        raise ChieuError(tr("--games phải ít nhất là 1", "--games must be at least 1"))
    bot_seats = [s for s in range(players) if s != human]
    level = getattr(args, "level", None)
    if level is not None and find_level(str(level)) is None:
        words = ", ".join(f"{lv.vi} ({lv.name})" for lv in LEVELS)
        raise ChieuError(
            tr(f"không có mức {level!r}; các mức: {words}", f"no level {level!r}; levels: {words}")
        )
    default = str(level or DEFAULT_LEVEL)
    kinds = [b.strip() for b in str(args.bots or "").split(",") if b.strip()] or [default]
    if len(kinds) == 1:
        kinds *= len(bot_seats)
    if len(kinds) != len(bot_seats):
        raise ChieuError(
            tr(
                f"--bots có {len(kinds)} máy nhưng {len(bot_seats)} ghế cần máy",
                f"--bots lists {len(kinds)} bots but {len(bot_seats)} seats need one",
            )
        )
    bots = {s: get_bot(k, game) for s, k in zip(bot_seats, kinds, strict=True)}
    names = [
        tr("Bạn", "You") if s == human else f"{tr('Máy', 'Bot')} {s} ({said(bots[s].name)})"
        for s in range(players)
    ]
    return human, bots, names


def said(bot: str) -> str:
    """A bot's name as the terminal says it: a level in words (``Vừa``), else its name."""
    return levels.said(bot, tr("vi", "en"))


def add_level(p: argparse.ArgumentParser) -> None:
    """``--level``: the level of the bots in the seats ``--bots`` does not name."""
    words = ", ".join(f"{lv.vi} ({lv.name})" for lv in LEVELS)
    p.add_argument(
        "--level",
        default=None,
        metavar=tr("MỨC", "LEVEL"),
        help=tr(
            f"mức của máy: {words}; mặc định Vừa",
            f"the bots' level: {words}; default Vừa (medium)",
        ),
    )


def records_dir(path: str | Path) -> Path:
    """The records folder, created now: a path that cannot hold records is an error before
    any game is played, not after."""
    p = Path(path)
    if p.exists() and not p.is_dir():
        raise ChieuError(
            f"--records {str(p)!r} is a file, not a folder",
            vi=f"--records {str(p)!r} là một tệp, không phải thư mục",
        )
    try:
        p.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ChieuError(
            f"--records {str(p)!r}: cannot create the folder ({os_reason(exc)})",
            vi=f"--records {str(p)!r}: không tạo được thư mục ({os_reason(exc, 'vi')})",
        ) from None
    return p


_QUIT = {"q", "quit", "exit", "thoat"}
_HELP = {"h", "help", "giup", "trogiup"}


def basic_choice(raw: str, legal: Sequence[Action]) -> tuple[str, Action | str] | None:
    """The answers every game reads alike: nothing, ``?``, help, quit, a number from the
    list. None for anything else (a card, a move's name: the game reads those)."""
    text = raw.strip()
    if not text:
        return "error", tr(
            "Hãy gõ số thứ tự, mã quân hoặc tên nước đi (h để xem trợ giúp).",
            "Type a number, a card or a move's name (h for help).",
        )
    if text == "?":
        return "hint", ""
    key = normalize_name(text)
    if key in _QUIT:
        return "quit", ""
    if key in _HELP:
        return "help", ""
    if text.isascii() and text.isdigit():
        i = int(text) if len(text) <= 6 else 0
        if 1 <= i <= len(legal):
            return "action", legal[i - 1]
        return "error", tr(
            f"Không có lựa chọn số {i}: hãy chọn từ 1 đến {len(legal)}.",
            f"There is no choice {i}: choose 1 to {len(legal)}.",
        )
    return None
