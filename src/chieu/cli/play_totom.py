"""``chieu play totom``: a person plays Tổ tôm in the terminal against four bots.

Each prompt shows the table (every seat's phu on the mat, the live card, the nọc left), the
person's hand and the legal actions, numbered, with Vietnamese labels. Answer with a number, a
card code (``7W``: đánh that card), a word (``xin``, ``ù``, ``phỗng``, ``bỏ qua``...), ``?`` for
a hint (the waits and the loosest cards), ``h`` for help or ``q`` to quit. Several games
(``--games N``) form a hội with a running tally (points, boats, glasses); the winner's right
neighbour deals next. Every game's record is saved, also on quit or at the end of stdin.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from chieu.bots import Bot, bot_rng
from chieu.bots.totom import looseness
from chieu.cli.common import (
    basic_choice,
    build_rules,
    not_understood,
    read_choice,
    records_dir,
    save_and_show,
    seat_bots,
)
from chieu.core.actions import Action
from chieu.core.errors import ChieuError
from chieu.core.registry import find_game, normalize_name
from chieu.games.totom import TotomGame
from chieu.games.totom import analysis as an
from chieu.games.totom.cards import KINDS, parse_cards
from chieu.games.totom.cuoc import CUOC_NAMES
from chieu.games.totom.rules import Rules
from chieu.games.totom.scoring import Hoi

HELP = """\
Cách trả lời:
  số (1, 2, ...)      chọn nước đi theo số thứ tự
  mã quân (7W, CC)    đánh quân đó
  xin, bỏ lượt, ù, phỗng, dậy khàn, bỏ qua, xong   gõ thẳng tên nước đi
  ?                   gợi ý: bài chờ (quân ù) và quân lẻ nên đánh
  h                   trợ giúp này
  q                   thoát (ván đang chơi được lưu lại)
Quân: 1..9 + V (vạn) S (sách) W (văn); CC chi chi, TT thang thang, OL ông lão."""
_WORDS = {
    "xin": "draw",
    "xin1quan": "draw",
    "boc": "draw",
    "boluot": "pass",
    "matluot": "pass",
    "u": "win",
    "phong": "phong",
    "daykhan": "day_khan",
    "boqua": "decline",
    "xong": "done",
}


def card_text(kind: int) -> Text:
    return Text(KINDS.codes[kind], style="bold red" if KINDS.is_red(kind) else "bold")


def cards_text(kinds: Sequence[int]) -> Text:
    return Text(" ").join(card_text(k) for k in kinds) if kinds else Text("—")


def parse_rules(preset: str | None, pairs: Sequence[str], players: int | None) -> Rules:
    """Rules from a preset, ``KEY=VALUE`` overrides and ``--players`` (ChieuError if bad)."""
    rules: Rules = build_rules(find_game("totom"), preset, pairs, players)
    return rules


def action_label(action: Action) -> Text:
    verb = action.verb
    if verb == "discard":
        return Text.assemble("đánh ", card_text(action.card))  # type: ignore[attr-defined]
    if verb in ("eat", "extend"):
        phu = an.ALL_PHU[action.phu]  # type: ignore[attr-defined]
        word = "ăn " if verb == "eat" else "ăn thêm "
        return Text.assemble(word, cards_text(list(phu.cards)))
    if verb == "bat_thuc":
        return Text.assemble("khàn bất thực ", card_text(action.card))  # type: ignore[attr-defined]
    if verb == "call":
        return Text("hô " + CUOC_NAMES.get(action.cuoc, action.cuoc))  # type: ignore[attr-defined]
    return Text(str(action))


def parse_choice(raw: str, legal: Sequence[Action]) -> tuple[str, Action | str]:
    """("action", a) | ("quit"|"help"|"hint", "") | ("error", message)."""
    basic = basic_choice(raw, legal)
    if basic is not None:
        return basic
    text = raw.strip()
    key = normalize_name(text)
    verb = _WORDS.get(key)
    if verb is not None:
        for a in legal:
            if a.verb == verb or (verb == "done" and a.verb in ("arrange_done", "call_done")):
                return "action", a
        return "error", f"Bây giờ không thể {text!r}."
    try:
        kinds = parse_cards(text)
    except ChieuError as exc:
        return not_understood(text, exc, "9W")
    if len(kinds) == 1:
        for a in legal:
            if a.verb == "discard" and a.card == kinds[0]:  # type: ignore[attr-defined]
                return "action", a
    return "error", f"Không thể đánh {text!r} bây giờ."


@dataclass
class Session:
    console: Console
    rules: Rules
    human: int | None
    bots: dict[int, Bot]
    names: list[str]
    records: Path
    saved: list[Path] = field(default_factory=list)


def _make_session(args: argparse.Namespace, console: Console) -> Session:
    rules = parse_rules(args.preset, args.rules, args.players)
    n = rules.players
    human, bots, names = seat_bots(args, n, TotomGame, "heuristic")
    return Session(console, rules, human, bots, names, records_dir(args.records))


def run(args: argparse.Namespace) -> int:
    console = Console(highlight=False)
    session = _make_session(args, console)
    seed = args.seed if args.seed is not None else int(time.time()) % 1_000_000
    hoi = Hoi(session.rules.players, session.rules)
    console.print(
        Text.assemble(
            ("Tổ tôm", "bold"),
            f" · {session.rules.players} người · luật {session.rules.fault_mode} · "
            f"lưng {session.rules.lung_reading} · {args.games} ván · seed {seed}",
        )
    )
    setup: dict[str, Any] = {}
    for number in range(args.games):
        game_seed = seed + number
        console.rule(f"Ván {number + 1}/{args.games} · seed {game_seed}")
        state = TotomGame.new_state(session.rules, game_seed, setup=setup)
        try:
            finished = _play_one(session, state)
        except KeyboardInterrupt:
            _save(session, state)
            console.print("Đã dừng. Biên bản đã được lưu.")
            return 130
        except Exception:
            _save(session, state)
            raise
        _save(session, state)
        if not finished:
            console.print("Tạm biệt! Hẹn gặp lại chiếu sau.")
            return 0
        setup = _show_end(session, state, hoi)
        if hoi.over:
            leader = hoi.leader()
            who = session.names[leader] if leader is not None else "hòa"
            console.print(f"Hội kết thúc ({sum(hoi.points)} điểm). Người thắng hội: {who}.")
            break
    return 0


def _play_one(session: Session, state: Any) -> bool:
    rngs = {s: bot_rng(state.seed, s) for s in session.bots}
    while not state.is_terminal():
        seat = state.current_player()
        if seat == session.human:
            action = _ask(session, state, seat)
            if action is None:
                return False
        else:
            legal = state.legal_actions(seat)
            action = session.bots[seat].act(state.observation(seat), legal, rngs[seat])
        live = state.live_card
        events = state.apply(action, seat)
        if action.verb in ("decline", "arrange_done", "bat_thuc") and seat != session.human:
            continue  # private: it would reveal the bot's hand
        line = Text.assemble(f"{session.names[seat]}: ", action_label(action))
        if action.verb in ("win", "phong", "day_khan") and live >= 0:
            line.append_text(Text.assemble(" ", card_text(live)))
        for e in events:
            if e.type == "draw":
                line.append_text(Text.assemble(" → ", card_text(e.data["card"])))
            elif e.type == "thien_khai":
                line.append(
                    f" (thiên khai {KINDS.codes[e.data['card']]} của {session.names[e.actor]})"
                )
        session.console.print(line)
    return True


def _table(session: Session, obs: dict[str, Any]) -> Text:
    return table_view(obs, session.names)


def table_view(obs: dict[str, Any], names: Sequence[str]) -> Text:
    """The table as a seat sees it (mats, hand sizes, cups, the nọc and the live card), and
    the seat's own hand when the observation has one."""
    out = Text()
    live = obs.get("live")
    for s in range(obs["players"]):
        mats = " | ".join(" ".join(g["cards"]) for g in obs["mats"][s]) or "—"
        cup = " (chén)" if obs["cups"][s] else ""
        out.append(f"{names[s]}{cup}: {obs['hand_sizes'][s]} quân, chiếu: {mats}\n")
    out.append(f"Nọc còn {obs['nocc_left']} quân. ")
    if live is not None:
        origin = "nọc" if live["drawn"] else "đánh"
        out.append_text(Text.assemble("Quân đang ra: ", card_text(live["card"]), f" ({origin})"))
    if "hand" in obs:
        out.append_text(Text.assemble("\nBài của bạn: ", cards_text(obs["hand"])))
    return out


def _ask(session: Session, state: Any, seat: int) -> Action | None:
    console = session.console
    legal = state.legal_actions(seat)
    obs = state.observation(seat)
    console.print(_table(session, obs))
    if obs.get("down"):
        console.print(f"Khàn úp: {', '.join(obs['down'])}")
    opts = Text()
    for i, a in enumerate(legal, 1):
        opts.append(f"  {i}. ")
        opts.append_text(action_label(a))
        opts.append("\n")
    console.print(opts)
    return read_choice(
        console,
        legal,
        lambda raw: parse_choice(raw, legal),
        on_help=lambda: console.print(HELP),
        on_hint=lambda: console.print(hint(state, seat)),
    )


def hint(state: Any, seat: int) -> Text:
    """The seat's waits (with their best score) and its loosest cards."""
    free = state.free(seat)
    fixed = state.fixed(seat)
    out = Text()
    waits = [
        (x, v.best) for x in range(30) if (v := an.win_on(free, x, state.rules, fixed=fixed)).best
    ]
    if waits:
        out.append("Bài chờ: ")
        out.append_text(Text(", ").join(card_text(x) for x, _ in waits))
    else:
        out.append("Chưa chờ quân nào.")
    loose = [
        k
        for k in range(27)
        if free[k] and looseness([n - (i == k) for i, n in enumerate(free)]) < looseness(free) - 1
    ]
    if loose:
        out.append("\nQuân lẻ nên đánh: ")
        out.append_text(cards_text(loose))
    return out


def _show_end(session: Session, state: Any, hoi: Hoi) -> dict[str, Any]:
    out = state.outcome()
    console = session.console
    console.rule("Kết quả")
    if out.winner is not None:
        cuoc = ", ".join(f"{CUOC_NAMES.get(p.id, p.name)} ×{p.count}" for p in out.patterns)
        console.print(f"{session.names[out.winner]} ù: {cuoc} → {out.score} điểm")
        for g in out.details.get("partition", []):
            kind = an.NAMED_NAMES.get(g.get("name", ""), "") or an.PHU_TYPE_NAMES[g["type"]]
            console.print(f"  [{' '.join(g['cards'])}] {kind}")
    elif out.termination.value == "no_winner":
        console.print("Hòa: hết nọc.")
    for f in out.faults:
        console.print(f"Lỗi: {session.names[f.seat]}: {f.name} ({f.penalty}) — {f.explanation}")
    for c in out.details.get("check", []):
        mark = "✓" if c["ok"] else "✗"
        console.print(f"  {mark} {c['check']}: {c['detail']}")
    penalty = out.details.get("penalty")
    offender = out.details.get("offender", out.winner)
    hoi.record(offender, out.score or 0, penalty)
    tally = ", ".join(
        f"{session.names[s]} {hoi.points[s]}"
        + (" ⛵" if hoi.boats[s] else "")
        + (" 👓" if hoi.glasses[s] else "")
        for s in range(len(hoi.points))
    )
    console.print(f"Hội: {tally}")
    n = state.num_players
    setup: dict[str, Any] = {"boats": [s for s in range(n) if hoi.boats[s]]}
    setup["glasses"] = [s for s in range(n) if hoi.glasses[s]]
    if out.winner is not None:
        setup["prev_winner"] = out.winner
        setup["dealer"] = (out.winner + 1) % n  # B2.2: the winner's right neighbour deals
    else:
        setup["dealer"] = (state.dealer + 1) % n
    return setup


def _save(session: Session, state: Any) -> Path:
    path = save_and_show(session.records, state, session.console, session.bots, session.names)
    session.saved.append(path)
    return path
