"""Tổ tôm's end explained (the kit's ``explain``): the winning partition with its lưng, the ù's
2 and each cước called with its points (B5.1: u × (2 + Σ)), why a win pays nothing (đeo kính,
trả đò), every payment with its reason (cước, chèo đò); with no winner, why (hết nọc, a false
ù) and each hand's distance to a wait (``advice.status``)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from chieu.core.explain import (
    Distance,
    Explanation,
    HandExplain,
    Item,
    NoWinner,
    PaymentExplain,
    fmt,
    plus,
    remembered,
)
from chieu.core.notation import Lang, pick, seat_name
from chieu.core.outcome import Outcome, Termination
from chieu.core.view import Group
from chieu.games.totom import advice, scoring
from chieu.games.totom.faults import CHEO_DO
from chieu.games.totom.lexicon import CODES, PENALTY_WORDS, named, you_agree
from chieu.games.totom.patterns import CUOC_NAMES, VALUES
from chieu.games.totom.phu import Phu
from chieu.games.totom.views import phu_label
from chieu.games.totom.words import status_words

if TYPE_CHECKING:
    from chieu.games.totom.state import TotomState

_HELD_WORDS: dict[str, tuple[str, str]] = {
    "ca": ("cạ", "cạ (one card short)"),
}


def _group(p: Phu, lang: Lang) -> Group:
    return Group(tuple(CODES[k] for k in p.cards), p.type, phu_label(p, lang))


def _win_card(state: TotomState) -> int | None:
    for e in reversed(state.events):
        if e.type == "claim" and e.data["action"]["verb"] == "win":
            return int(e.data["card"])
    return None


def _hand(state: TotomState, s: int, lang: Lang) -> HandExplain:
    """A hand at the end: its fixed phu (mat, face down), then the held cards sorted."""
    me = state.seats[s]
    groups = [_group(p, lang) for p in me.fixed()]
    arr = advice.arrange(me.free(), state.rules)
    groups += [_group(p, lang) for p in arr.phu]
    groups += [
        Group(tuple(CODES[k] for k in ca.cards), "ca", pick(_HELD_WORDS["ca"], lang))
        for ca in arr.ca
    ]
    return HandExplain(s, tuple(groups), tuple(CODES[k] for k in arr.loose))


def _distance(state: TotomState, s: int, offender: int | None, lang: Lang) -> Distance:
    me = state.seats[s]
    if s == offender:
        return Distance(s, -1, pick(("ù sai, bài không thành", "a false ù"), lang))
    rules = state.rules
    st = remembered(
        state,
        ("status", s),
        lambda: advice.status(me.free(), me.fixed(), rules, advice.unseen(state, s)),
    )
    short = max(0, rules.min_lung - st.lung)
    d = 0 if st.waits else st.arrangement.need() + 2 * short
    return Distance(s, d, status_words(st, rules, lang))


def _payments(state: TotomState, out: Outcome, lang: Lang) -> list[PaymentExplain]:
    n = state.num_players
    res = []
    w = out.winner
    if w is not None and out.score:
        text = pick(("trả cước bài ù", "pays the win's cước"), lang)
        res += [
            PaymentExplain(s, w, float(out.score), "cuoc", "cước", text) for s in range(n) if s != w
        ]
    u = float(2 * state.rules.unit)
    for f in out.faults:
        if f.penalty != CHEO_DO:
            continue
        text = pick((f"chèo đò ({f.name}): trả mỗi nhà", f"a boat ({f.name}): pays each"), lang)
        res += [
            PaymentExplain(f.seat, s, u, "cheo_do", "chèo đò", text)
            for s in range(n)
            if s != f.seat
        ]
    return res


def _items(state: TotomState, out: Outcome) -> list[Item]:
    """The ù's base and each cước called, times the unit: they add up to the called score."""
    unit = state.rules.unit
    called: dict[str, int] = out.details.get("called", {})
    items = [Item("u", "Ù", float(scoring.BASE * unit))]
    for c, n in called.items():
        if c != "u_suong" and n and c in VALUES:
            items.append(Item(c, CUOC_NAMES.get(c, c), float(VALUES[c] * n * unit), n))
    return items


def _arithmetic(state: TotomState, out: Outcome, items: list[Item], lang: Lang) -> str:
    total = sum(i.points for i in items)
    text = plus([(i.term + (f" ×{i.count}" if i.count > 1 else ""), i.points) for i in items])
    text += pick((f" = {fmt(total)} điểm", f" = {fmt(total)} points"), lang)
    if state.rules.unit != 1:
        text += pick((f" (mỗi điểm × {state.rules.unit})", f" (each × {state.rules.unit})"), lang)
    penalty = out.details.get("penalty")
    if penalty:
        what = pick(PENALTY_WORDS.get(penalty, (penalty, penalty)), lang)
        return text + pick(
            (f" → ù không được điểm: {what}", f" → the win pays nothing: {what}"), lang
        )
    if not out.score:
        return text + pick(
            (" → trả đò: ù không được điểm", " → trả đò: the win pays back a boat, nothing paid"),
            lang,
        )
    return text + pick(
        (f" → mỗi nhà trả {fmt(out.score)}", f" → each other seat pays {fmt(out.score)}"), lang
    )


def _why(state: TotomState, out: Outcome, viewer: int | None, lang: Lang) -> tuple[str, str]:
    if out.termination == Termination.NO_WINNER:
        return pick(("Hết nọc mà không ai ù", "The nọc ran out and nobody won"), lang), "hòa"
    offender = out.details.get("offender")
    if isinstance(offender, int):
        who = seat_name(offender, viewer, lang)
        f = next((f for f in reversed(out.faults) if f.seat == offender), None)
        if f is not None:
            return pick(
                (f"{who} ù sai ({f.name}): phải chèo đò", f"{who} claimed a false ù ({f.name})"),
                lang,
            ), f.name
    return pick(("Ván dừng vì lỗi", "The game stopped on a fault"), lang), "lỗi"


def explain(state: TotomState, lang: Lang = "vi", viewer: int | None = None) -> Explanation | None:
    """The end of the game explained (``core.explain``)."""
    out = state.outcome()
    if out is None:
        return None
    n = state.num_players
    w = out.winner
    notes: list[str] = []
    times: dict[tuple[int, str], int] = {}
    for f in out.faults:
        times[f.seat, f.id] = times.get((f.seat, f.id), 0) + 1
    for f in out.faults:
        k = times.pop((f.seat, f.id), 0)
        if k:
            what = pick(PENALTY_WORDS.get(f.penalty, (f.penalty, f.penalty)), lang)
            again = f" ×{k}" if k > 1 else ""
            notes.append(f"{seat_name(f.seat, viewer, lang)}: {f.name}{again} → {what}")
    marks = out.details.get("marks", {})
    for key, words in (("boats", ("Chèo đò", "Boats")), ("glasses", ("Đeo kính", "Glasses"))):
        if marks.get(key):
            seats = ", ".join(seat_name(s, viewer, lang) for s in marks[key])
            carry = pick((" (sang ván sau)", " (to the next game)"), lang)
            notes.append(f"{pick(words, lang)}{carry}: {seats}")
    items: list[Item] = []
    arithmetic = ""
    no_winner = None
    if w is not None and state.win_info is not None:
        who = seat_name(w, viewer, lang)
        card = _win_card(state)
        on = "" if card is None else " " + named(card, lang)
        headline = pick((f"{who} ù{on}", f"{who} won{' on' + on if on else ''}"), lang)
        part = state.win_info[0]
        note = pick((f"bài ù: {part.lung} lưng", f"winning hand: {part.lung} lưng"), lang)
        hands: tuple[HandExplain, ...] = (
            HandExplain(w, tuple(_group(p, lang) for p in part.groups), (), note),
        )
        items = _items(state, out)
        arithmetic = _arithmetic(state, out, items, lang)
    else:
        why, term = _why(state, out, viewer, lang)
        headline = why
        offender = out.details.get("offender")
        off = offender if isinstance(offender, int) else None
        no_winner = NoWinner(why, term, tuple(_distance(state, s, off, lang) for s in range(n)))
        hands = tuple(_hand(state, s, lang) for s in range(n))
    ex = Explanation(
        headline,
        hands,
        tuple(items),
        arithmetic,
        float(sum(i.points for i in items)),
        pick(("điểm", "points"), lang),
        tuple(_payments(state, out, lang)),
        no_winner,
        tuple(notes),
    )
    if lang == "en":
        return _agree(ex)
    return ex


def _agree(ex: Explanation) -> Explanation:
    """English words written for "Player N" agree with "You"."""
    return replace(
        ex,
        headline=you_agree(ex.headline),
        notes=tuple(you_agree(x) for x in ex.notes),
        no_winner=None
        if ex.no_winner is None
        else replace(ex.no_winner, why=you_agree(ex.no_winner.why)),
    )
