"""Mạt chược's end explained (the kit's ``explain``): the winning reading of the hand (phu
exposed and concealed, khung in their slots), each phán line with its phán adding up to the
win's phán, the phán as mủn and the cái / con shares with the bonuses, and what each payer
pays and why (cái, con, đền); with no winner (hết tường), each hand's distance to a wait
(``shanten.distance``). Several winners on one discard: the winner of record's lines, every
winner's hand and payments."""

from __future__ import annotations

from typing import TYPE_CHECKING

from chieu.core.explain import Distance, Explanation, HandExplain, Item, NoWinner, PaymentExplain
from chieu.core.notation import Lang, pick, seat_name
from chieu.core.view import Group
from chieu.games.matchuoc import scoring, shanten
from chieu.games.matchuoc.cards import KINDS
from chieu.games.matchuoc.notation import NAMES
from chieu.games.matchuoc.patterns import MUN
from chieu.games.matchuoc.results import (
    _EXPOSED_WORDS,
    _READING_WORDS,
    _winning_tile,
    pattern_name,
    phan_words,
)
from chieu.games.matchuoc.scoring import GroupJson, WinJson, details_of

if TYPE_CHECKING:
    from chieu.games.matchuoc.state import MatChuocState

CODES = KINDS.codes


def _group(g: GroupJson, lang: Lang) -> Group:
    cards = tuple(CODES[w if w >= 0 else t] for t, w in zip(g["tiles"], g["wilds"], strict=True))
    if g["exposed"]:
        kind = "concealed_kong" if g["kind"] == "kong" and not g["claimed"] else g["kind"]
        words = _EXPOSED_WORDS.get(kind, (kind, kind))
    else:
        kind = g["kind"]
        words = _READING_WORDS.get(kind, (kind, kind))
    return Group(cards, kind, pick(words, lang))


def _winner_hand(state: MatChuocState, win: WinJson, lang: Lang) -> HandExplain:
    s = win["winner"]
    me = state.seats[s]
    groups = win.get("groups", [])
    exposed = [g for g in groups if g["exposed"]]
    concealed = sorted(
        (g for g in groups if not g["exposed"]), key=lambda g: (g["kind"] == "pair", g["tiles"])
    )
    if not groups and me.melds:
        exposed = [scoring.group_json(g) for g in me.melds]
    loose: tuple[str, ...] = ()
    if not concealed:
        loose = tuple(CODES[k] for k in range(len(me.hand)) for _ in range(me.hand[k]))
    names = NAMES[lang]
    down = [names[k] for k in me.flowers] + [names[k] for k, _ in me.khung_down]
    note = pick(("bài ù", "winning hand"), lang)
    if down:
        note += pick(("; hoa, khung đã dựng: ", "; flowers and khung set down: "), lang)
        note += ", ".join(down)
    return HandExplain(s, tuple(_group(g, lang) for g in (*exposed, *concealed)), loose, note)


def _payments(state: MatChuocState, win: WinJson, lang: Lang) -> list[PaymentExplain]:
    s = win["winner"]
    d = win["discarder"]
    out = []
    for p, amount in enumerate(win["payments"]):
        if p == s or amount <= 0:
            continue
        if win["den"]:
            reason, term = "den", "đền"
            text = pick(
                ("đánh hoa cho người ù: đền cả làng", "discarded a flower: pays for all"), lang
            )
        elif d is None:
            reason, term = "cai", "chung cái"
            text = pick(("ù tự bốc: mỗi nhà trả phần cái", "self-drawn: each pays cái"), lang)
        elif p == d:
            reason, term = "cai", "chung cái"
            text = pick(("đánh ra quân ù: trả phần cái", "dealt the winning tile: pays cái"), lang)
        else:
            reason, term = "con", "chung con"
            text = pick(("trả phần con", "pays the con share"), lang)
        out.append(PaymentExplain(p, s, float(amount), reason, term, text))
    return out


def _bonus(state: MatChuocState, win: WinJson) -> int:
    """The flat points each payer adds: a self-drawn win from the đầu coong, a mủn."""
    rules = state.rules
    bonus = rules.mun_bonus_points if win["phan"] >= MUN else 0
    phong = any(p["id"] == "phong_hoa" for p in win["patterns"])
    _, dead = _winning_tile(state, win, phong)
    if dead and win["discarder"] is None and not phong:
        bonus += rules.coong_bonus_points
    return bonus


def _arithmetic(
    state: MatChuocState, win: WinJson, total: int, viewer: int | None, lang: Lang
) -> str:
    cai, con = scoring.shares(win["phan"], state.rules)
    text = pick(("Cộng: ", "Total: "), lang) + phan_words(total, lang)
    bonus = _bonus(state, win)
    each = pick((f" → cái {cai}, con {con}", f" → cái {cai}, con {con}"), lang)
    if bonus:
        each += pick((f", mỗi nhà thêm {bonus}", f", {bonus} more each"), lang)
    who = seat_name(win["winner"], viewer, lang)
    got = -win["payments"][win["winner"]]
    return text + each + pick((f"; {who} được {got}", f"; {who} gets {got}"), lang)


def _distance(state: MatChuocState, s: int, viewer: int | None, lang: Lang) -> Distance:
    """The viewer's own hand's distance; a hand it may not see stays unsaid (a hòa shows no
    hand)."""
    if s != viewer:
        return Distance(s, None, pick(("bài úp, không lật", "not shown"), lang))
    me = state.seats[s]
    try:
        d = shanten.distance(list(me.hand), len(me.melds), state.rules.seven_pairs)
    except (IndexError, ValueError, KeyError):  # pragma: no cover - an unusual hand
        d = 8
    if d <= 0:
        return Distance(s, 0, pick(("đang chờ ù", "waiting to win"), lang))
    return Distance(
        s, d, pick((f"còn thiếu {d} quân nữa mới chờ ù", f"{d} tiles from waiting"), lang)
    )


def explain(
    state: MatChuocState, lang: Lang = "vi", viewer: int | None = None
) -> Explanation | None:
    """The end of the deal explained (``core.explain``)."""
    out = state.outcome()
    if out is None:
        return None
    details = details_of(out)
    wins = details.get("wins", [])
    n = state.num_players
    unit = "phán"
    if not wins:
        why = pick(("Hết tường mà không ai ù", "The wall ran out and nobody won"), lang)
        distances = tuple(_distance(state, s, viewer, lang) for s in range(n))
        hands = tuple(
            HandExplain(
                s,
                tuple(_group(scoring.group_json(g), lang) for g in state.seats[s].melds),
                tuple(
                    CODES[k]
                    for k in range(len(state.seats[s].hand))
                    for _ in range(state.seats[s].hand[k])
                )
                if s == viewer
                else None,
            )
            for s in range(n)
        )
        return Explanation(why, hands, (), "", 0.0, unit, (), NoWinner(why, "hòa", distances))
    main = wins[0]
    items = tuple(Item(p["id"], p["name"], float(p["phan"])) for p in main["patterns"])
    total = sum(p["phan"] for p in main["patterns"])
    who = seat_name(main["winner"], viewer, lang)
    d = main["discarder"]
    if d is None:
        headline = pick((f"{who} ù tự bốc", f"{who} won self-drawn"), lang)
    else:
        by = seat_name(d, viewer, lang)
        headline = pick((f"{who} ù quân {by} đánh ra", f"{who} won on {by}'s discard"), lang)
    if len(wins) > 1:
        others = ", ".join(seat_name(w["winner"], viewer, lang) for w in wins[1:])
        headline += pick((f"; {others} cũng ù", f"; {others} won too"), lang)
    notes = []
    for w in wins[1:]:
        lines = " + ".join(
            f"{pattern_name(p['id'], p['name'], lang)} {p['phan']}" for p in w["patterns"]
        )
        notes.append(
            f"{seat_name(w['winner'], viewer, lang)}: {lines} = {phan_words(w['phan'], lang)}"
        )
    payments = tuple(p for w in wins for p in _payments(state, w, lang))
    return Explanation(
        headline,
        tuple(_winner_hand(state, w, lang) for w in wins),
        items,
        _arithmetic(state, main, total, viewer, lang),
        float(total),
        unit,
        payments,
        None,
        tuple(notes),
    )
