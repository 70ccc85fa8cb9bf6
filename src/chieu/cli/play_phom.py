"""``chieu play phom``: a person plays Phỏm in the terminal against bots.

Each prompt shows the table (rows, phỏm on the table, eaten cards, the discard that may be
eaten) and the legal actions, numbered, with Vietnamese labels. Answer with a number, a card
code (``Kh``: đánh that card, or gửi it when it can only be sent), a word (``bốc``, ``ăn``,
``ù``, ``bỏ qua``), ``?`` for a hint (the best arrangement), ``h`` for help or ``q`` to quit.
Several games (``--games N``) form a sitting with a running score sheet; the winner (ù or nhất)
starts the next game. Every game's record is saved, also when the person quits or stdin ends.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.text import Text

from chieu.bots import bot_rng
from chieu.cli.common import (
    ask_move,
    basic_choice,
    build_rules,
    not_understood,
    records_dir,
    save_and_show,
    seat_bots,
)
from chieu.core.actions import Action
from chieu.core.errors import NotationError
from chieu.core.events import Event
from chieu.core.registry import find_game, normalize_name
from chieu.games.phom import PhomGame
from chieu.games.phom import analysis as an
from chieu.games.phom.cards import mask_of, parse_cards, sort_key, suit_of, symbol
from chieu.games.phom.rules import Rules
from chieu.games.phom.scoring import ScoreSheet

HELP = """\
Cách trả lời:
  số (1, 2, ...)     chọn nước đi theo số thứ tự
  mã quân (Kh, 7s)   đánh quân đó (hoặc gửi, nếu quân đó chỉ có thể gửi)
  bốc, ăn, ù, bỏ qua gõ thẳng tên nước đi (có hay không dấu đều được)
  ?                  gợi ý: cách xếp phỏm tốt nhất, quân nên đánh
  h                  trợ giúp này
  q                  thoát (ván đang chơi được lưu lại)
Quân: A 2..9 T(10) J Q K + s(♠ bích) c(♣ tép) d(♦ rô) h(♥ cơ)."""
_WORDS = {"boc": "draw", "an": "eat", "u": "win", "boqua": "pass", "bo": "pass", "ukhan": "u_khan"}
_REASONS = {
    "an": "ăn",
    "an_chot": "ăn chốt",
    "nhi": "nhì",
    "ba": "ba",
    "bet": "bét",
    "mom": "móm",
    "u": "ù",
    "den": "đền",
}
_U_KIND = {"u": "ù", "u_tron": "ù tròn", "u_an_ba_cay": "ù ăn ba cây", "u_khan": "ù khan"}


def _style(card: int) -> str:
    return "bold red" if suit_of(card) in (2, 3) else "bold"


def cards_text(cards: Sequence[int], sort: bool = True) -> Text:
    shown = sorted(cards, key=sort_key) if sort else list(cards)
    return Text(" ").join(Text(symbol(c), style=_style(c)) for c in shown) if shown else Text("—")


def parse_rules(preset: str | None, pairs: Sequence[str], players: int | None) -> Rules:
    """Rules from a preset, ``KEY=VALUE`` overrides and ``--players`` (ChieuError if bad)."""
    rules: Rules = build_rules(find_game("phom"), preset, pairs, players)
    return rules


def action_label(action: Action) -> Text:
    verb = action.verb
    if verb == "discard":
        return Text.assemble("đánh ", cards_text([action.card]))  # type: ignore[attr-defined]
    if verb == "lay":
        return Text.assemble("hạ ", cards_text(action.cards, sort=False))  # type: ignore[attr-defined]
    if verb == "layoff":
        where = {"set": "bộ ngang", "high": "đầu trên", "low": "đầu dưới"}[action.onto]  # type: ignore[attr-defined]
        return Text.assemble("gửi ", cards_text([action.card]), f" ({where})")  # type: ignore[attr-defined]
    return Text(str(action))


def parse_choice(raw: str, legal: Sequence[Action]) -> tuple[str, Action | str]:
    """("action", a) | ("quit"|"help"|"hint", "") | ("error", message)."""
    basic = basic_choice(raw, legal)
    if basic is not None:
        return basic
    text = raw.strip()
    key = normalize_name(text)
    if key in _WORDS:
        for a in legal:
            if a.verb == _WORDS[key]:
                return "action", a
        return "error", f"Bây giờ không được {text}."
    try:
        cards = parse_cards(text)
    except NotationError as exc:
        return not_understood(text, exc, "Td")
    want = mask_of(cards)
    for verb in ("discard", "lay", "layoff"):
        for a in legal:
            if a.verb != verb:
                continue
            mask = a.mask if verb == "lay" else 1 << a.card  # type: ignore[attr-defined]
            if mask == want:
                return "action", a
    return "error", f"Không có nước đi nào với {text} lúc này."


def table_view(obs: dict[str, Any], names: Sequence[str]) -> Text:
    out = Text()
    n = obs["players"]
    for s in range(n):
        line = Text.assemble((f"{names[s]:<18}", "cyan"))
        line.append(f" {obs['hand_sizes'][s]:>2} lá  hàng: ")
        line.append_text(cards_text(obs["rows"][s], sort=False))
        if obs["melds"][s]:
            line.append("  phỏm: ")
            line.append_text(Text(" | ").join(cards_text(m) for m in obs["melds"][s]))
        if obs["eaten_in_hand"][s]:
            line.append("  đã ăn: ")
            line.append_text(cards_text(obs["eaten_in_hand"][s]))
        if obs["laid"][s]:
            line.append("  (đã hạ)")
        out.append_text(line)
        out.append("\n")
    out.append(f"Nọc còn {obs['stock_left']} lá.")
    live = obs.get("live")
    if live:
        out.append("  Quân vừa đánh: ")
        out.append_text(cards_text([live["card"]]))
        out.append(f" của {names[live['from']]}" + (" (chốt)" if live["chot"] else ""))
    if "hand" in obs:
        out.append("\nBài của bạn: ")
        out.append_text(cards_text(obs["hand"]))
    return out


def hint(obs: dict[str, Any]) -> Text:
    seat = obs["seat"]
    hand = mask_of(obs["hand"])
    eaten = mask_of(obs["eaten_in_hand"][seat])
    table = [mask_of(m) for s, ms in enumerate(obs["melds"]) if s != seat for m in ms]
    best = an.best_arrangement(hand, eaten, table, discard=len(obs["hand"]) >= 10)
    if best is None:
        return Text("Không xếp được (quân đã ăn không có phỏm).")
    out = Text("Gợi ý: phỏm ")
    out.append_text(Text(" | ").join(cards_text(list(_cards(m))) for m in best.melds) or Text("—"))
    if best.discard is not None:
        out.append(", đánh ")
        out.append_text(cards_text([best.discard]))
    out.append(f", còn {best.points} điểm.")
    return out


def _cards(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


def describe(event: Event, names: Sequence[str], viewer: int | None) -> Text | None:
    who = names[event.actor] if event.actor is not None else ""
    d = event.data
    t = event.type
    if t == "discard":
        return Text.assemble(f"{who} đánh ", cards_text([d["card"]]))
    if t == "drawn" and event.actor == viewer:
        return Text.assemble(f"{who} bốc được ", cards_text([d["card"]]))
    if t == "action" and d["action"]["verb"] == "draw" and event.actor != viewer:
        return Text(f"{who} bốc.")
    if t == "eat":
        extra = " (chốt)" if d["chot"] else ""
        return Text.assemble(
            f"{who} ăn ", cards_text([d["card"]]), f" của {names[d['from']]}{extra}"
        )
    if t == "lay":
        return Text.assemble(f"{who} hạ ", cards_text(d["cards"], sort=False))
    if t == "layoff":
        return Text.assemble(
            f"{who} gửi ", cards_text([d["card"]]), f" vào phỏm của {names[d['to']]}"
        )
    if t == "ha":
        return Text(f"{who} hạ bài" + (" — móm!" if d["mom"] else "."))
    if t == "u":
        den = f"; {names[d['den']]} đền" if d.get("den") is not None else ""
        return Text(f"{who} {_U_KIND.get(d['kind'], 'ù')}!{den}", style="bold green")
    if t == "skip":
        return Text(f"{who} đã xong, bỏ lượt.")
    return None


def _result(state: Any, names: Sequence[str]) -> Text:
    out = state.outcome()
    d = out.details
    text = Text("Kết quả: ", style="bold")
    if d.get("u"):
        text.append(f"{names[out.winner]} {_U_KIND.get(d['u'], 'ù')}.\n")
    else:
        for place, s in enumerate(d["ranking"]):
            mom = " (móm)" if s in d["mom"] else ""
            text.append(f"  {place + 1}. {names[s]}: {d['points'][s]} điểm{mom}\n")
    for p in d["payments"]:
        reason = _REASONS.get(p["reason"], p["reason"])
        text.append(f"  {names[p['payer']]} → {names[p['payee']]}: {p['amount']:g} ({reason})\n")
    text.append("  Điểm ván: " + ", ".join(f"{names[s]} {v:+g}" for s, v in enumerate(out.payoffs)))
    return text


def _ask(console: Console, state: Any, seat: int, names: Sequence[str]) -> Action | None:
    return ask_move(
        console,
        state,
        seat,
        names,
        view=table_view,
        label=action_label,
        parse=parse_choice,
        help_text=HELP,
        hint=hint,
    )


def run(args: argparse.Namespace) -> int:
    console = Console(highlight=False)
    rules = parse_rules(
        getattr(args, "preset", None),
        getattr(args, "rules", None) or [],
        getattr(args, "players", None),
    )
    n = rules.players
    human, bots, names = seat_bots(args, n, "phom", "heuristic")
    records = records_dir(args.records)
    seed = args.seed if args.seed is not None else int(time.time()) % 1_000_000
    sheet = ScoreSheet(n)
    console.print(Text.assemble(("Phỏm", "bold"), f" · {n} người · {args.games} ván · seed {seed}"))
    for number in range(args.games):
        game_seed = seed + number
        console.rule(f"Ván {number + 1}/{args.games} · seed {game_seed}")
        state = PhomGame.new_state(rules, game_seed, setup={"first": sheet.next_first})
        rngs = {s: bot_rng(game_seed, s) for s in bots}
        try:
            while not state.is_terminal():
                seat = state.current_player()
                assert seat is not None
                if seat == human:
                    action = _ask(console, state, seat, names)
                    if action is None:
                        save_and_show(records, state, console, bots, names)
                        console.print("Tạm biệt! Hẹn gặp lại chiếu sau.")
                        return 0
                else:
                    action = bots[seat].act(
                        state.observation(seat), state.legal_actions(seat), rngs[seat]
                    )
                for e in state.apply(action, seat):
                    if e.is_visible(human) or e.type == "action":
                        line = describe(e, names, human)
                        if line is not None:
                            console.print(line)
        except KeyboardInterrupt:
            save_and_show(records, state, console, bots, names)
            console.print("Đã dừng. Biên bản đã được lưu.")
            return 130
        except Exception:
            save_and_show(records, state, console, bots, names)
            raise
        save_and_show(records, state, console, bots, names)
        console.print(_result(state, names))
        sheet.add(state.outcome())
        if args.games > 1:
            console.print(
                "Bảng điểm: " + ", ".join(f"{names[s]} {v:+g}" for s, v in enumerate(sheet.totals))
            )
    return 0
