"""``chieu play matchuoc``: a person plays Mạt chược in the terminal against three bots.

Each prompt shows the table (discards, exposed phu, flowers and khung set down), the person's
hand and the legal actions, numbered, with Vietnamese labels. Answer with a number, a tile
code (``5m``, ``TG``: discard it), a word (``ù``, ``bỏ qua``, ``phỗng``, ``ăn``, ``coong``,
``xong``), ``?`` for a hint (the discards that keep the distance lowest, the waits), ``h`` for
help or ``q`` to quit. Every game's record is saved, also when the person quits or stdin ends.
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
from chieu.core.errors import ChieuError, NotationError
from chieu.core.events import Event
from chieu.core.registry import find_game, normalize_name
from chieu.games.matchuoc import MatChuocGame
from chieu.games.matchuoc import analysis as an
from chieu.games.matchuoc.cards import NUM_KINDS, code, fmt, parse_tiles
from chieu.games.matchuoc.rules import Rules

HELP = """\
Cách trả lời:
  số (1, 2, ...)        chọn nước đi theo số thứ tự
  mã quân (5m, 7z, TG)  đánh quân đó
  ù, bỏ qua, phỗng, ăn, coong, xong   gõ thẳng tên nước đi (có hay không dấu đều được)
  ?                     gợi ý: quân nên đánh, các quân chờ
  h                     trợ giúp này
  q                     thoát (ván đang chơi được lưu lại)
Quân: 1m..9m Vạn, 1p..9p Văn, 1s..9s Sách, 1z..7z Đông Nam Tây Bắc Bạch Phát Trung,
hoa 1f..4q, khung TG TH SO MA HO HY NG HP."""
_WORDS = {
    "u": "win",
    "boqua": "pass",
    "bo": "pass",
    "phong": "pung",
    "an": "chow",
    "coong": "kong",
    "xong": "end_opening",
}
CUA = ("Đông", "Nam", "Tây", "Bắc")


def parse_rules(preset: str | None, pairs: Sequence[str]) -> Rules:
    """Rules from a preset and ``KEY=VALUE`` overrides (ChieuError if bad)."""
    rules: Rules = build_rules(find_game("matchuoc"), preset, pairs)
    return rules


def tiles_text(tiles: Sequence[int]) -> Text:
    return Text(fmt(tiles) or "—")


def action_label(action: Action) -> Text:
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
        tiles = parse_tiles(text)
    except NotationError as exc:
        return not_understood(text, exc, "5p")
    if len(tiles) == 1:
        for a in legal:
            if a.verb == "discard" and a.tile == tiles[0]:  # type: ignore[attr-defined]
                return "action", a
    return "error", f"Không có nước đi nào với {text} lúc này."


def _meld_text(g: dict[str, Any]) -> str:
    parts = [code(w) if w >= 0 else code(t) for t, w in zip(g["tiles"], g["wilds"], strict=True)]
    return "[" + " ".join(parts) + "]"


def table_view(obs: dict[str, Any], names: Sequence[str]) -> Text:
    out = Text()
    for s in range(4):
        cua = obs["cua"][s]
        line = Text.assemble((f"{names[s]:<18}", "cyan"), f" cửa {cua} {CUA[cua - 1]:<4}")
        line.append(f" {obs['hand_sizes'][s]:>2} quân")
        if obs["melds"][s]:
            line.append("  phu: " + " ".join(_meld_text(g) for g in obs["melds"][s]))
        down = obs["flowers"][s] + obs["khung_down"][s]
        if down:
            line.append("  dựng: " + fmt(down))
        line.append("  đánh: " + (" ".join(code(t) for t in obs["rivers"][s]) or "—"))
        out.append_text(line)
        out.append("\n")
    out.append(f"Tường còn {obs['wall_left']} quân.")
    if obs.get("discard"):
        d = obs["discard"]
        out.append(f"  Quân vừa đánh: {code(d['tile'])} của {names[d['from']]}")
    if "hand" in obs:
        out.append("\nBài của bạn: ")
        out.append_text(tiles_text(obs["hand"]))
    return out


def hint(obs: dict[str, Any]) -> Text:
    c = [0] * NUM_KINDS
    for t in obs["hand"]:
        c[t] += 1
    melds = len(obs["melds"][obs["seat"]])
    if sum(c) % 3 == 2:
        d, kinds = an.best_discards(c, melds)
        return Text(f"Gợi ý: đánh {' '.join(code(k) for k in kinds)} (còn {d} bước tới chờ).")
    w = an.waits(c)
    if w:
        return Text(f"Bài đang chờ: {' '.join(code(k) for k in w)}")
    return Text(f"Còn {an.distance(c, melds)} bước tới chờ.")


def describe(event: Event, names: Sequence[str], viewer: int | None) -> Text | None:
    who = names[event.actor] if event.actor is not None else ""
    d = event.data
    t = event.type
    if t == "action" and event.is_visible(viewer) and "action" in d:
        verb = d["action"]["verb"]
        if verb == "discard":
            return Text(f"{who} đánh {code(d['action']['tile'])}")
        if verb == "set_down":
            return Text(f"{who} dựng {code(d['action']['tile'])}")
        if verb == "set_down_tong_hop":
            return Text(f"{who} dựng Tổng + Hợp")
    if t == "draw" and event.actor == viewer:
        return Text(f"{who} bốc {code(d['tile'])}" + (" (đầu coong)" if d["end"] == "dead" else ""))
    if t == "claim":
        verb = {"pung": "phỗng", "chow": "ăn", "kong": "coong"}[d["verb"]]
        return Text(f"{who} {verb} {code(d['tile'])} của {names[d['from']]}", style="bold")
    return None


def result(state: Any, names: Sequence[str]) -> Text:
    out = state.outcome()
    text = Text("Kết quả: ", style="bold")
    if out.winner is None:
        text.append("hòa (hết tường).\n")
    for w in out.details.get("wins", []):
        text.append(f"{names[w['winner']]} ù: {w['phan']} phán ({w['mun']} mủn)\n")
        for p in w["patterns"]:
            text.append(f"   {p['name']}: {p['phan']}\n")
        hand = state.hands[w["winner"]]
        text.append("   Bài: " + fmt([k for k in range(NUM_KINDS) for _ in range(hand[k])]) + "\n")
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
    rules = parse_rules(getattr(args, "preset", None), getattr(args, "rules", None) or [])
    players = getattr(args, "players", None)
    if players not in (None, 4):
        raise ChieuError("Mạt chược is played by 4 players")
    human, bots, names = seat_bots(args, 4, "matchuoc", "heuristic")
    records = records_dir(args.records)
    seed = args.seed if args.seed is not None else int(time.time()) % 1_000_000
    console.print(
        Text.assemble(("Mạt chược", "bold"), f" · 4 người · {args.games} ván · seed {seed}")
    )
    totals = [0.0] * 4
    dealer: int | None = None
    for number in range(args.games):
        game_seed = seed + number
        console.rule(f"Ván {number + 1}/{args.games} · seed {game_seed}")
        setup = {} if dealer is None else {"dealer": dealer}
        state = MatChuocGame.new_state(rules, game_seed, setup=setup)
        rngs = {s: bot_rng(game_seed, s) for s in bots}
        try:
            while not state.is_terminal():
                seat = state.current_player()
                assert seat is not None
                if seat == human:
                    action = _ask(console, state, seat, names)
                    if action is None:
                        save_and_show(records, state, console, bots, names)
                        console.print("Tạm biệt! Hẹn gặp lại.")
                        return 0
                else:
                    action = bots[seat].act(
                        state.observation(seat), state.legal_actions(seat), rngs[seat]
                    )
                for e in state.apply(action, seat):
                    line = describe(e, names, human)
                    if line is not None:
                        console.print(line)
        except KeyboardInterrupt:
            save_and_show(records, state, console, bots, names)
            console.print("Đã dừng. Biên bản đã được lưu.")
            return 130
        console.print(result(state, names))
        save_and_show(records, state, console, bots, names)
        out = state.outcome()
        assert out is not None
        for s in range(4):
            totals[s] += out.payoffs[s]
        dealer = out.details.get("next_dealer")
    if args.games > 1:
        console.print("Tổng: " + ", ".join(f"{names[s]} {v:+g}" for s, v in enumerate(totals)))
    return 0
