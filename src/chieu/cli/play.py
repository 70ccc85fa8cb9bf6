"""``chieu play chan``: a person plays whole games of Chắn in the terminal against bots.

Each prompt lists the legal actions, numbered, with Vietnamese labels. The person answers with
a number, a card code (``9W``: đánh / ăn / trả cửa with that card), a label (``bốc``, ``ù``),
``?`` for hints, ``h`` for help or ``q`` to quit. Bad input gets a message and the prompt
again. Several games (``--games N``) form a hội with a running score sheet; every game's record
is saved (also when the person quits, or stdin ends, half-way).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from chieu.bots import Bot, bot_rng
from chieu.bots.base import end_bots
from chieu.cli import render
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
from chieu.core.errors import ChieuError, NotationError
from chieu.core.registry import find_game, normalize_name
from chieu.games.chan import actions as A
from chieu.games.chan import analysis
from chieu.games.chan.cards import KINDS, parse_cards
from chieu.games.chan.rules import PRESETS, Rules
from chieu.games.chan.scoring import Sitting

HELP = """\
Cách trả lời:
  số (1, 2, ...)   chọn nước đi theo số thứ tự trong danh sách
  mã quân (9W)     đánh / ăn / trả cửa với quân đó (V = vạn, S = sách, W = văn, CC = chi chi)
  bốc, dưới, chíu, ù, bỏ qua   gõ thẳng tên nước đi (có hay không dấu đều được)
  ?                gợi ý: quân què, đang chờ gì, cách ù bao xa, nên đánh quân nào
  h                trợ giúp này
  q                thoát (ván đang chơi được lưu lại)
Bài đỏ (8V 8S 9V 9S CC) hiện màu đỏ. Quân đang sống được tô nổi ở cửa nó nằm."""
_WORDS = {
    "boc": A.DRAW,
    "duoi": A.PASS,
    "chiu": A.CHIU,
    "u": A.WIN,
    "boqua": A.DECLINE,
    "bo": A.DECLINE,
    "xuongxong": A.ANNOUNCE_DONE,
}


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "play",
        help="chơi với máy trong terminal (chắn, ...)",
        description="Chơi với máy trong terminal. Ví dụ: chieu play chan --seed 3",
    )
    p.add_argument("game", help="trò chơi, ví dụ chan (chắn)")
    p.add_argument("--seed", type=int, default=None, help="seed của ván đầu (mặc định: ngẫu nhiên)")
    p.add_argument("--seat", type=int, default=0, help="ghế của bạn, 0..N-1 (mặc định 0)")
    p.add_argument(
        "--bots",
        default=None,
        help="máy ở các ghế còn lại, cách nhau bởi dấu phẩy, ví dụ greedy,random "
        "(mặc định: máy mạnh nhất của trò chơi)",
    )
    p.add_argument("--players", type=int, default=None, help="số người chơi (chắn: 2..4)")
    p.add_argument(
        "--rules",
        nargs="+",
        action="extend",
        default=[],
        metavar="KEY=VALUE",
        help="luật riêng, ví dụ fault_mode=strict min_u_score=3",
    )
    p.add_argument("--preset", default=None, help=f"bộ luật có sẵn (chắn: {', '.join(PRESETS)})")
    p.add_argument("--records", default="records", help="thư mục lưu biên bản (./records)")
    p.add_argument("--games", type=int, default=1, help="số ván trong hội (mặc định 1)")
    p.add_argument("--auto", action="store_true", help="máy chơi tất cả các ghế (để xem)")
    p.set_defaults(run=run)


# -- set-up ---------------------------------------------------------------------------------


def parse_rules(preset: str | None, pairs: Sequence[str], players: int | None) -> Rules:
    """Rules from a preset, ``KEY=VALUE`` overrides and ``--players`` (ChieuError if bad)."""
    rules: Rules = build_rules(find_game("chan"), preset, pairs, players)
    return rules


@dataclass
class Session:
    """One sitting: who sits where, the bots, the names and the output."""

    console: Console
    rules: Rules
    human: int | None
    bots: dict[int, Bot]
    names: list[str]
    records: Path
    saved: list[Path] = field(default_factory=list)


def _make_session(args: argparse.Namespace, console: Console) -> Session:
    game = find_game(args.game)
    rules = parse_rules(args.preset, args.rules, args.players)
    n = rules.players
    human, bots, names = seat_bots(args, n, game, "greedy")
    return Session(console, rules, human, bots, names, records_dir(args.records))


# -- the games ------------------------------------------------------------------------------


def run(args: argparse.Namespace) -> int:
    """Chắn here; every other game has its own module ``chieu.cli.play_<game>`` with ``run``."""
    game = find_game(args.game)
    if game.name != "chan":
        try:
            module = import_module(f"chieu.cli.play_{game.name}")
        except ModuleNotFoundError:
            raise ChieuError(f"chieu play cannot play {game.title} yet") from None
        code: int = module.run(args)
        return code
    console = Console(highlight=False)
    session = _make_session(args, console)
    seed = args.seed if args.seed is not None else int(time.time()) % 1_000_000
    sitting = Sitting(session.rules.players, session.names, rules=session.rules)
    console.print(
        Text.assemble(
            ("Chắn", "bold"),
            f" · {session.rules.players} người · luật "
            f"{session.rules.fault_mode} · {args.games} ván · seed {seed}",
        )
    )
    for number in range(args.games):
        game_seed = seed + number
        console.rule(f"Ván {number + 1}/{args.games} · seed {game_seed}")
        state = find_game("chan").new_state(session.rules, game_seed, setup=sitting.next_setup())
        try:
            finished = _play_one(session, state)
        except KeyboardInterrupt:
            _save(session, state)
            console.print("Đã dừng. Biên bản đã được lưu.")
            return 130
        except Exception:
            _save(session, state)  # never lose the game, even on a programming error
            raise
        _save(session, state)
        if not finished:
            console.print("Tạm biệt! Hẹn gặp lại chiếu sau.")
            return 0
        _show_end(session, state)
        sitting.record(state.outcome())
        if args.games > 1:
            console.print(render.score_sheet(sitting.rows, session.names))
    return 0


def _play_one(session: Session, state: Any) -> bool:
    """Play until the end (True) or until the person quits (False)."""
    rngs = {s: bot_rng(state.seed, s) for s in session.bots}
    rules_json = find_game("chan").rules_to_json(session.rules)
    for seat, bot in session.bots.items():  # the optional hook: bots that track the game
        hook = getattr(bot, "new_game", None)
        if callable(hook):
            hook("chan", dict(rules_json), seat)
    while not state.is_terminal():
        seat = state.current_player()
        live = live_card(state)
        if seat == session.human:
            action = _ask(session, state, seat)
            if action is None:
                return False
        else:
            legal = state.legal_actions(seat)
            action = session.bots[seat].act(state.observation(seat), legal, rngs[seat])
        events = state.apply(action, seat)
        if action.verb == "decline" and seat != session.human:
            continue  # a bot letting a claim go is not shown: it would reveal its hand
        for line in render.describe(seat, action, live, events, session.names):
            session.console.print(line)
    end_bots(state, list(session.bots.values()))
    return True


def live_card(state: Any) -> int | None:
    """The kind of the live card (public), or None."""
    live = state.observation(None).get("live")
    return None if live is None else int(live["card"])


def _show_end(session: Session, state: Any) -> None:
    obs = state.observation(session.human)
    hands = {s: state.observation(s)["hand"] for s in range(state.num_players)}
    session.console.print(render.table(obs, session.names, hands=hands))


def _save(session: Session, state: Any) -> Path:
    path = save_and_show(session.records, state, session.console, session.bots, session.names)
    session.saved.append(path)
    return path


# -- the person's turn ----------------------------------------------------------------------


def _ask(session: Session, state: Any, seat: int) -> Action | None:
    """Show the table and the choices; read until a legal action (None: quit or EOF)."""
    console = session.console
    obs = state.observation(seat)
    legal = state.legal_actions(seat)
    console.print(render.table(obs, session.names, current=seat))
    console.print(options(legal, obs, seat))

    def show_help() -> None:
        console.print(HELP)
        console.print(options(legal, obs, seat))

    return read_choice(
        console,
        legal,
        lambda raw: parse_choice(raw, legal, obs, seat),
        on_help=show_help,
        on_hint=lambda: console.print(hints(obs, legal, fault_warnings(state, seat, legal))),
    )


def _label(action: Action, obs: dict[str, Any], seat: int) -> Text:
    live = obs.get("live")
    return render.action_text(
        action,
        None if live is None else int(live["card"]),
        return_door=obs.get("return_door"),
        seat=seat,
    )


def options(legal: Sequence[Action], obs: dict[str, Any], seat: int) -> Text:
    return Text("  ").join(
        Text.assemble((f"[{i}]", "bold"), " ", _label(a, obs, seat)) for i, a in enumerate(legal, 1)
    )


def parse_choice(
    raw: str, legal: Sequence[Action], obs: dict[str, Any], seat: int
) -> tuple[str, Action | str]:
    """``("action", a)``, ``("hint"|"help"|"quit", "")`` or ``("error", message)``."""
    basic = basic_choice(raw, legal)
    if basic is not None:
        return basic
    text = raw.strip()
    key = normalize_name(text)
    for action in legal:
        if normalize_name(_label(action, obs, seat).plain) == key:
            return "action", action
    if key in _WORDS:
        if _WORDS[key] in legal:
            return "action", _WORDS[key]
        return "error", f"Lúc này không thể {text!r}. Các nước đi được: xem danh sách ở trên."
    return _card_choice(text, legal)


def _card_choice(text: str, legal: Sequence[Action]) -> tuple[str, Action | str]:
    try:
        kinds = parse_cards(text)
    except NotationError as exc:
        return not_understood(text, exc, "9W")
    if len(kinds) != 1:
        return "error", "Hãy gõ đúng một quân (ví dụ 9W)."
    k = kinds[0]
    with_card = [a for a in legal if getattr(a, "card", None) == k]
    for verb in ("return", "discard", "eat"):
        for action in with_card:
            if action.verb == verb:
                return "action", action
    verbs = {a.verb for a in legal}
    code = KINDS.codes[k]
    if verbs & {"discard", "return"}:
        return "error", f"Không đánh được {code}: trên tay bạn không có quân đó."
    if "eat" in verbs:
        return "error", f"Không ăn được với {code}: hãy chọn một quân trong danh sách."
    return "error", f"Lúc này không dùng quân {code} được; hãy chọn số trong danh sách."


# -- hints ----------------------------------------------------------------------------------

_WAIT_KIND = {
    analysis.BACH_THU: "bạch thủ",
    analysis.BACH_THU_CHI: "bạch thủ chi",
    analysis.RONG: "ù rộng",
}


def fault_warnings(state: Any, seat: int, legal: Sequence[Action]) -> dict[Action, list[str]]:
    """For each legal action, the faults (A6) the referee would call: found by trying the
    action on a clone of the state, so the hints always agree with the engine."""
    out: dict[Action, list[str]] = {}
    for action in legal:
        found = []
        for event in state.clone().apply(action, seat):
            if event.type == "fault":
                f = event.data
                penalty = render.PENALTY.get(str(f["penalty"]), str(f["penalty"]))
                found.append(f"{f['name']} ({penalty}): {f['explanation']}")
        if found:
            out[action] = found
    return out


def hints(
    obs: dict[str, Any],
    legal: Sequence[Action],
    warnings: Mapping[Action, list[str]] | None = None,
) -> Text:
    """Gợi ý: què, chờ, khoảng cách tới chờ ù, nước đánh / ăn giữ khoảng cách thấp nhất, và
    những nước sẽ phạm lỗi (``warnings``, from ``fault_warnings``)."""
    seat = int(obs["seat"])
    hand = KINDS.counts(obs["hand"])
    mats = obs["mats"][seat]
    mc = sum({"chan": 1, "chiu": 2}.get(str(g["how"]), 0) for g in mats)
    warnings = warnings or {}
    out = Text.assemble(
        "Bài của bạn: ", render.hand_groups(obs["hand"]), f"  (chắn dưới chiếu: {mc})\n"
    )
    que = analysis.que_cards(hand)
    out.append_text(Text.assemble("Quân què: ", render.cards(que) if que else Text("không"), "\n"))
    live = obs.get("live")
    if A.WIN in legal and A.WIN not in warnings:
        out.append("Bạn ù được ngay! Chọn ù.\n", style="bold green")
    if sum(hand) % 2:
        _hint_position(out, hand, mc)
    throws = [a for a in legal if a.verb in ("discard", "return") and a not in warnings]
    if throws:
        _hint_discards(out, hand, mc, {int(getattr(a, "card", -1)) for a in throws})
    eats = [a for a in legal if a.verb == "eat"]
    if eats and live is not None:
        _hint_eats(out, hand, mc, int(live["card"]), eats)
    for action, found in warnings.items():
        label = render.action_text(action, None if live is None else int(live["card"]))
        for text in found:
            out.append_text(Text.assemble(("⚠ ", "yellow"), label, " sẽ phạm lỗi ", text, "\n"))
    return out


def _hint_position(out: Text, hand: list[int], mc: int) -> None:
    w = analysis.waits(hand, mc)
    if w:
        out.append_text(
            Text.assemble(
                "Đang chờ: ",
                render.cards(w.kinds),
                f" ({_WAIT_KIND.get(w.kind or '', w.kind or '')})\n",
            )
        )
    elif w.chi_rong:
        out.append(
            "Chờ chi rộng: không được ù chi chi khi đã đủ 6 chắn — nên đổi chờ.\n", style="yellow"
        )
    else:
        d = analysis.distance(hand, mc)
        out.append(
            f"Chưa chờ: cần thêm khoảng {d} lần thay quân nữa mới chờ ù.\n"
            if d < 99
            else "Không thể đủ 6 chắn với bài này.\n"
        )


def _hint_discards(out: Text, hand: list[int], mc: int, allowed: set[int]) -> None:
    ranked = [(k, d) for k, d in analysis.best_discards(hand, mc) if k in allowed]
    if not ranked:
        return
    best = ranked[0][1]
    top = [k for k, d in ranked if d == best]
    what = "đang chờ ù" if best == 0 else f"cách chờ ù {best} lần thay quân"
    out.append_text(Text.assemble("Nên đánh: ", render.cards(top), f" (sau đó {what})\n"))


def _hint_eats(out: Text, hand: list[int], mc: int, live: int, eats: Sequence[Action]) -> None:
    now = analysis.distance(hand, mc) if sum(hand) % 2 else None
    for action in eats:
        k = int(getattr(action, "card", -1))
        h2 = list(hand)
        h2[k] -= 1
        ranked = analysis.best_discards(h2, mc + (1 if k == live else 0))
        after = ranked[0][1] if ranked else 99
        tail = f" (bây giờ: {now})" if now is not None else ""
        out.append_text(
            Text.assemble(
                render.action_text(action, live), f" → sau khi đánh: cách chờ ù {after}{tail}\n"
            )
        )
        split = _split_note(hand, k, live)
        if split:
            out.append(f"   {split}\n", style="yellow")


def _split_note(hand: list[int], k: int, live: int) -> str:
    """Warn that eating a cạ with ``k`` splits a chắn or a cạ of the hand (faults 5, 9)."""
    if k == live:
        return ""
    code = KINDS.codes[k]
    if hand[k] >= 2:
        return f"tách chắn {code}: quân {code} còn lại sẽ không được đánh, ăn hay ù nữa"
    base = k - k % 3
    mates = [j for j in (base, base + 1, base + 2) if j != k and hand[j] % 2]
    if hand[k] % 2 and len(mates) == 1:
        other = KINDS.codes[mates[0]]
        return f"tách cạ {code}{other}: quân {other} còn lại sẽ không được đánh, ăn hay ù nữa"
    return ""
