"""Rich rendering of a Chắn table from an observation (what one seat, or a spectator, sees).

Red cards (8V 8S 9V 9S CC, ``cards.RED``) are shown in red. The hand is grouped with
``analysis.grouping`` (chắn | cạ | ba đầu | què); every seat's mat and door are listed, the live
card is highlighted with its origin (đánh / bốc / dưới / trả cửa) and the door it lies in.
Pass ``hands`` to reveal more hands (replays, the end of a game).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from chieu.core.actions import Action
from chieu.core.events import Event
from chieu.games.chan.analysis import grouping
from chieu.games.chan.cards import CC, KINDS, RED
from chieu.games.chan.cuoc import CUOC_NAMES

ORIGIN = {"discard": "đánh", "drawn": "bốc", "passed": "dưới", "returned": "trả cửa"}
PENALTY = {
    "nghi_an_tien": "nghỉ ăn tiền",
    "bao": "báo, đền làng",
    "tam_do_hai_leo": "đền tám đỏ hai lèo",
    "xuong_sai": "xướng sai",
}
TERMINATION = {"win": "ù", "no_winner": "hòa (không ai ù)", "fault": "ván dừng vì lỗi"}
MAT_HOW = {"chan": "chắn", "ca": "cạ", "chiu": "chíu"}
RED_STYLE = "bold red"
WHITE_STYLE = "bold"
LIVE_STYLE = "reverse"


def seat_names(players: int) -> list[str]:
    return [f"Ghế {s}" for s in range(players)]


# -- cards ----------------------------------------------------------------------------------


def card(kind: int, *, live: bool = False) -> Text:
    style = RED_STYLE if kind in RED else WHITE_STYLE
    return Text(KINDS.codes[kind], style=f"{style} {LIVE_STYLE}" if live else style)


def card_named(kind: int) -> Text:
    """``9V Cửu vạn`` (the code coloured, the name plain)."""
    return Text.assemble(card(kind), " ", KINDS.names[kind])


def cards(kinds: Iterable[int], sep: str = " ") -> Text:
    return Text(sep).join(card(k) for k in kinds)


def group(kinds: Sequence[int]) -> Text:
    """One group, compact (``2V2V``, ``3S3W``), with spaces around Chi chi (``CC CC``)."""
    return cards(kinds, " " if CC in kinds else "")


def hand_groups(kinds: Sequence[int]) -> Text:
    """The hand grouped: ``chắn 2V2V 3S3S │ cạ 4V4S │ ba đầu 9V9S9W │ què 6S CC``."""
    g = grouping(KINDS.counts(kinds))
    parts: list[Text] = []
    if g.chan:
        parts.append(Text.assemble("chắn ", Text(" ").join(group([k, k]) for k in g.chan)))
    if g.ca:
        parts.append(Text.assemble("cạ ", Text(" ").join(group(p) for p in g.ca)))
    if g.ba_dau:
        bd = [group([(r - 2) * 3, (r - 2) * 3 + 1, (r - 2) * 3 + 2]) for r in g.ba_dau]
        parts.append(Text.assemble("ba đầu ", Text(" ").join(bd)))
    if g.que:
        parts.append(Text.assemble("què ", cards(g.que)))
    return Text(" │ ").join(parts) if parts else Text("(không còn quân)", style="dim")


def mat(groups: Sequence[Mapping[str, Any]]) -> Text:
    if not groups:
        return Text("—", style="dim")
    return Text(", ").join(
        Text.assemble(MAT_HOW.get(str(g["how"]), str(g["how"])), " ", group(g["cards"]))
        for g in groups
    )


def door(kinds: Sequence[int], live: Mapping[str, Any] | None, seat: int) -> Text:
    """The cards lying in ``seat``'s door; the live one (the last) highlighted, with origin."""
    if not kinds:
        return Text("—", style="dim")
    is_live = live is not None and int(live["door"]) == seat and int(kinds[-1]) == int(live["card"])
    out = Text(" ").join(card(k) for k in kinds[:-1]) if len(kinds) > 1 else Text()
    if len(kinds) > 1:
        out.append(" ")
    out.append_text(card(int(kinds[-1]), live=is_live))
    if is_live and live is not None:
        out.append(f" ({ORIGIN.get(str(live['origin']), str(live['origin']))})", style="italic")
    return out


# -- actions --------------------------------------------------------------------------------


def action_text(
    action: Action,
    live_card: int | None = None,
    *,
    return_door: int | None = None,
    seat: int | None = None,
) -> Text:
    """A Vietnamese label: ``ăn chắn 6S``, ``ăn cạ 6S với 6V``, ``bốc``, ``trả cửa 5V``..."""
    verb = action.verb
    k: int = getattr(action, "card", -1)
    if verb == "discard":
        text = Text.assemble("đánh ", card(k))
        if return_door is not None and seat is not None and return_door != seat:
            text.append(" vào cửa mình (sai: phải trả cửa — treo tranh)", style="yellow")
        return text
    if verb == "return":
        return Text.assemble("trả cửa ", card(k))
    if verb == "eat":
        if live_card is None or live_card < 0:
            return Text.assemble("ăn với ", card(k))
        if k == live_card:
            return Text.assemble("ăn chắn ", card(live_card))
        return Text.assemble("ăn cạ ", card(live_card), " với ", card(k))
    if verb == "chiu":
        return (
            Text.assemble("chíu ", card(live_card))
            if live_card is not None and live_card >= 0
            else Text("chíu")
        )
    if verb == "announce":
        cid = str(getattr(action, "cuoc", ""))
        return Text(f"xướng {CUOC_NAMES.get(cid, cid)}")
    return Text(
        {
            "draw": "bốc",
            "pass": "dưới",
            "win": "ù",
            "decline": "bỏ qua",
            "announce_done": "xướng xong",
        }.get(verb, str(action))
    )


def action_label(action: Action, live_card: int | None = None, **kw: Any) -> str:
    return action_text(action, live_card, **kw).plain


def describe(
    seat: int, action: Action, live_card: int | None, events: Sequence[Event], names: Sequence[str]
) -> list[Text]:
    """Lines telling what ``seat`` did and what it caused (``events`` from ``State.apply``)."""
    who = Text(names[seat], style="cyan")
    head = Text.assemble(who, ": ", action_text(action, live_card))
    lines = [head]
    for e in events:
        if e.type == "action" and "card" in e.data:
            head.append_text(Text.assemble(" → ", card_named(int(e.data["card"]))))
        elif e.type == "fault":
            lines.append(fault_line(e.data, names))
        elif e.type == "bao":
            who_bao = names[e.actor if e.actor is not None else seat]
            lines.append(Text(f"  {who_bao} bị BÁO: ngồi yên đến hết ván", style="bold red"))
        elif e.type == "win":
            on = e.data.get("card")
            lines.append(
                Text.assemble("  ", who, " ù trên quân ", card_named(int(on)))
                if on is not None
                else Text.assemble("  ", who, " thiên ù!")
            )
        elif e.type == "u_thieu_diem":
            lines.append(
                Text(
                    f"  ù thiếu điểm: {e.data['score']} < {e.data['min']} (phạt như "
                    "tám đỏ hai lèo)",
                    style="yellow",
                )
            )
    return lines


def fault_line(f: Mapping[str, Any], names: Sequence[str]) -> Text:
    penalty = PENALTY.get(str(f.get("penalty")), str(f.get("penalty")))
    return Text.assemble(
        ("  ⚠ ", "yellow"),
        (names[int(f["seat"])], "cyan"),
        " phạm lỗi ",
        (str(f["name"]), "bold yellow"),
        f" ({penalty}): ",
        str(f["explanation"]),
    )


# -- the table ------------------------------------------------------------------------------


def table(
    obs: Mapping[str, Any],
    names: Sequence[str] | None = None,
    *,
    hands: Mapping[int, Sequence[int]] | None = None,
    current: int | None = None,
) -> RenderableType:
    """The whole table as ``obs`` shows it; ``hands`` reveals more hands (seat -> kinds)."""
    n = int(obs["players"])
    names = list(names) if names is not None else seat_names(n)
    me = obs.get("seat")
    live = obs.get("live") if obs.get("phase") != "end" else None  # stale after the end
    shown: dict[int, Sequence[int]] = dict(hands or {})
    if me is not None and "hand" in obs:
        shown[int(me)] = obs["hand"]
    nat = {int(f["seat"]) for f in obs.get("faults", ()) if f.get("penalty") == "nghi_an_tien"}
    cur = current if current is not None else obs.get("actor")

    head = Text.assemble(
        ("Chắn", "bold"),
        " · cái: ",
        (names[int(obs["cai_seat"])], "cyan"),
        " (quân cái ",
        card_named(int(obs["cai_card"])),
        ") · bắt cái: ",
        names[int(obs["bat_cai"])],
        f" · nọc: {obs['stock_left']} quân, còn bốc được {obs['draws_left']}",
    )
    grid = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, expand=False)
    for col in ("Ghế", "Người chơi", "Tay", "Chiếu", "Cửa", "Ghi chú"):
        grid.add_column(col, overflow="fold")
    for s in range(n):
        notes: list[Text] = []
        if s == int(obs["cai_seat"]):
            notes.append(Text("cái", style="magenta"))
        if obs["bao"][s]:
            notes.append(Text("BÁO", style="bold red"))
        if s in nat:
            notes.append(Text("nghỉ ăn tiền", style="yellow"))
        if obs.get("return_door") == s:
            notes.append(Text("chờ quân trả cửa", style="yellow"))
        marker = "▶ " if cur == s and obs.get("phase") != "end" else ""
        in_hand = (
            hand_groups(shown[s])
            if s in shown
            else Text(f"{obs['hand_sizes'][s]} quân", style="dim")
        )
        grid.add_row(
            str(s),
            Text(marker + names[s], style="bold cyan" if s == me else "cyan"),
            in_hand,
            mat(obs["mats"][s]),
            door(obs["doors"][s], live, s),
            Text(", ").join(notes),
        )
    parts: list[RenderableType] = [head, grid]
    if live is not None:
        parts.append(
            Text.assemble(
                "Quân đang sống: ",
                card_named(int(live["card"])),
                " (",
                ORIGIN.get(str(live["origin"]), str(live["origin"])),
                "), nằm ở cửa ",
                (names[int(live["door"])], "cyan"),
            )
        )
    for f in obs.get("faults", ()):
        parts.append(fault_line(f, names))
    if "outcome" in obs:
        parts.append(result(obs["outcome"], names, winner_hand=obs.get("winner_hand")))
    return Group(*parts)


def result(
    outcome: Mapping[str, Any], names: Sequence[str], *, winner_hand: Sequence[int] | None = None
) -> RenderableType:
    """The end of a game: winner, cước, score, and what each seat gains or pays."""
    winner = outcome.get("winner")
    term = str(outcome.get("termination"))
    lines: list[RenderableType] = []
    if winner is not None:
        lines.append(
            Text.assemble(
                ("Kết quả: ", "bold"),
                (names[int(winner)], "bold cyan"),
                (f" ù — {outcome.get('score')} điểm", "bold green"),
            )
        )
        cuoc = [
            f"{p['name']}" + (f" ×{p['count']}" if int(p.get("count", 1)) > 1 else "")
            for p in outcome.get("patterns", ())
        ]
        if cuoc:
            lines.append(Text("Cước: " + ", ".join(cuoc)))
        if winner_hand:
            lines.append(Text.assemble("Bài ù trên tay: ", hand_groups(winner_hand)))
    else:
        lines.append(
            Text.assemble(("Kết quả: ", "bold"), (TERMINATION.get(term, term), "bold yellow"))
        )
    details = outcome.get("details") or {}
    if details.get("bao"):
        lines.append(
            Text("Bị báo: " + ", ".join(names[int(s)] for s in details["bao"]), style="red")
        )
    if details.get("penalty_12"):
        lines.append(
            Text(
                "Đền tám đỏ hai lèo: " + ", ".join(names[int(s)] for s in details["penalty_12"]),
                style="red",
            )
        )
    if details.get("nat"):
        lines.append(
            Text(
                "Nghỉ ăn tiền: " + ", ".join(names[int(s)] for s in details["nat"]), style="yellow"
            )
        )
    pay = Table(box=box.SIMPLE, show_edge=False, title=None)
    for s, _ in enumerate(outcome.get("payoffs", ())):
        pay.add_column(names[s], justify="right")
    pay.add_row(*(_signed(p) for p in outcome.get("payoffs", ())))
    lines.append(pay)
    return Group(*lines)


def score_sheet(rows: Sequence[Any], names: Sequence[str]) -> RenderableType:
    """The hội's running score sheet (``scoring.Sitting.rows``)."""
    sheet = Table(title="Bảng điểm", box=box.SIMPLE_HEAD)
    sheet.add_column("Ván", justify="right")
    sheet.add_column("Kết quả")
    for name in names:
        sheet.add_column(name, justify="right")
    for row in rows:
        what = "hòa" if row.winner is None else f"{names[row.winner]} ù"
        sheet.add_row(
            str(row.number),
            what,
            *(
                Text.assemble(_signed(p), f" ({t})")
                for p, t in zip(row.payoffs, row.totals, strict=True)
            ),
        )
    return sheet


def _signed(value: float) -> Text:
    v = int(value)
    return Text(f"{v:+d}" if v else "0", style="green" if v > 0 else "red" if v < 0 else "")
