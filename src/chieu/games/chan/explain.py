"""Chắn's end explained (the kit's ``explain``): the winner's hand in chắn and cạ, each cước
with its points (``scoring.breakdown``) and the sum, the paid score times the stake, and every
payment with its reason (cước, báo and đền làng, đền tám đỏ hai lèo, xướng sai); with no
winner, why and each hand's distance to a wait (``analysis.distance``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from chieu.core.explain import (
    Distance,
    Explanation,
    HandExplain,
    Item,
    NoWinner,
    PaymentExplain,
    plus,
    remembered,
)
from chieu.core.notation import Lang, pick, seat_name
from chieu.core.outcome import Outcome, Termination
from chieu.core.view import Group
from chieu.games.chan import analysis as an
from chieu.games.chan import scoring
from chieu.games.chan.notation import PENALTY_WORDS, named_card
from chieu.games.chan.patterns import CUOC_NAMES
from chieu.games.chan.views import CODES, GROUPS, hand_groups

if TYPE_CHECKING:
    from chieu.games.chan.state import ChanState

#: the faults of a claimed ù that stop the game
FALSE_U = frozenset({"u_lao", "u_chi_rong", "bo_u"})

#: a payment's reason -> its glossary term and words (vi, en)
REASONS: dict[str, tuple[str, tuple[str, str]]] = {
    "cuoc": ("cước", ("trả cước bài ù", "pays the win's cước")),
    "bao": ("báo", ("bị báo: trả phần mình", "reported (báo): pays its own share")),
    "den_lang": (
        "báo",
        (
            "bị báo trước: đền làng, trả thay các nhà khác",
            "reported first: pays the other seats' shares",
        ),
    ),
    "tam_do_hai_leo": (
        "đền tám đỏ hai lèo",
        ("đền tám đỏ hai lèo cho mỗi nhà", "pays 12 to every other seat"),
    ),
    "xuong_sai": (
        "Xướng sai",
        ("xướng sai: đền điểm đã xướng", "wrong announcement: pays what was announced"),
    ),
    "bao_xuong": ("báo", ("bị báo: đền theo bài ù", "reported: pays by the real win")),
    "den_void": (
        "báo",
        (
            "ù bị hủy vì lỗi báo: đền làng điểm bài ù",
            "void win (a báo fault): pays the hand's score",
        ),
    ),
}


def _payment(src: int, dst: int, amount: int, reason: str, lang: Lang) -> PaymentExplain:
    term, words = REASONS[reason]
    return PaymentExplain(src, dst, float(amount), reason, term, pick(words, lang))


def _payments(state: ChanState, out: Outcome, lang: Lang) -> list[PaymentExplain]:
    """``state.payments`` in the order ``scoring.transfers`` makes them, each with its
    reason: the đền tám đỏ hai lèo first, then the win's (or the void win's đền)."""
    n = state.num_players
    paid = list(state.payments)
    k = len(state.pay12) * (n - 1)
    res = [_payment(a, b, x, "tam_do_hai_leo", lang) for a, b, x in paid[:k]]
    rest = paid[k:]
    w = out.winner
    if w is None:
        return res + [_payment(a, b, x, "den_void", lang) for a, b, x in rest]
    if any(e.type == "xuong" and not e.data["correct"] for e in state.events):
        return res + [
            _payment(a, b, x, "xuong_sai" if a == w else "bao_xuong", lang) for a, b, x in rest
        ]
    bao = [s for s in state.bao_order]
    for i, (a, b, x) in enumerate(rest):
        if i < len(bao):
            reason = "bao"
        elif bao and i == len(bao):
            reason = "den_lang"
        else:
            reason = "cuoc"
        res.append(_payment(a, b, x, reason, lang))
    return res


def _hand(state: ChanState, s: int, lang: Lang, shown: bool, note: str = "") -> HandExplain:
    me = state.seats[s]
    mat = tuple(
        Group(tuple(CODES[k] for k in group), how, GROUPS[lang].get(how, how))
        for group, how in me.mat
    )
    if not shown:
        return HandExplain(s, mat, None, note)
    held = hand_groups(me.hand, lang)
    return HandExplain(
        s,
        mat + tuple(g for g in held if g.kind != "que"),
        tuple(c for g in held if g.kind == "que" for c in g.cards),
        note,
    )


def _units_from_waiting(hand: list[int], mat_chan: int) -> int:
    try:
        return an.distance(hand, mat_chan)
    except (ValueError, IndexError):  # a hand of an unusual size (a false ù)
        return an.loose_units(hand)


def _distance(state: ChanState, s: int, lang: Lang) -> Distance:
    me = state.seats[s]
    if me.bao:
        return Distance(s, -1, pick(("bị báo, không được ù", "reported (báo): may not win"), lang))
    held = sum(me.hand)
    if held + 2 * me.mat_chan >= 21 and an.is_win(me.hand, me.mat_chan):
        return Distance(s, 0, pick(("bài đủ ù", "a winning hand"), lang))
    d = remembered(state, ("distance", s), lambda: _units_from_waiting(me.hand, me.mat_chan))
    if d <= 0:
        return Distance(s, 0, pick(("đang chờ ù", "waiting to win"), lang))
    return Distance(
        s,
        d,
        pick((f"còn {d} lần đổi quân nữa mới chờ ù", f"{d} exchanges from waiting"), lang),
    )


def _why(state: ChanState, out: Outcome, viewer: int | None, lang: Lang) -> tuple[str, str]:
    """Why nobody collects, and its glossary term."""
    last = {e.type: (i, e) for i, e in enumerate(state.events) if e.actor is not None}
    for kind in ("u_void", "u_thieu_diem", "show"):
        if kind not in last:
            continue
        _, e = last[kind]
        assert e.actor is not None
        who = seat_name(e.actor, viewer, lang)
        if kind == "u_void":
            return pick(
                (
                    f"Ù của {who} bị hủy vì {who} đã phạm lỗi báo",
                    f"{who}'s win is void: {who} had a báo fault",
                ),
                lang,
            ), "báo"
        if kind == "u_thieu_diem":
            return pick(
                (
                    f"{who} ù {e.data['score']} điểm, dưới mức tối thiểu {e.data['min']} của "
                    "bàn: đền tám đỏ hai lèo",
                    f"{who} won {e.data['score']} points, below the table's minimum "
                    f"{e.data['min']}: pays 12 to each",
                ),
                lang,
            ), "đền tám đỏ hai lèo"
        name = next((f.name for f in out.faults if f.seat == e.actor and f.id in FALSE_U), "")
        if name:
            return pick(
                (f"{who} ù sai ({name}): ván dừng", f"{who} claimed a false ù ({name})"), lang
            ), name
    if out.termination == Termination.NO_WINNER:
        return pick(("Hết nọc mà không ai ù", "The nọc ran out and nobody won"), lang), "hòa"
    return pick(
        ("Chỉ còn một người chưa bị báo: ván dừng", "Only one seat is left unreported"), lang
    ), "báo"


def _arithmetic(
    state: ChanState, out: Outcome, items: list[Item], total: int, viewer: int | None, lang: Lang
) -> str:
    text = plus([(i.term + (f" ×{i.count}" if i.count > 1 else ""), i.points) for i in items])
    text += pick((f" = {total} điểm", f" = {total} points"), lang)
    w = out.winner
    if w is None:
        return text
    score = out.score or 0
    if score != total:
        text += pick((f"; xướng: tính {score} điểm", f"; as announced: {score} points"), lang)
    stake = state.rules.stake
    unit = score * stake
    each = f"{score} × {stake} = {unit}" if stake > 1 else f"{unit}"
    if state.seats[w].nat:
        return text + pick(
            ("; nghỉ ăn tiền: không ai trả", "; collects nothing (nghỉ ăn tiền)"), lang
        )
    if any(e.type == "xuong" and not e.data["correct"] for e in state.events):
        return text + pick(
            ("; xướng sai: người ù đền mỗi nhà", "; wrong announcement: the winner pays each"),
            lang,
        )
    text += pick((f" → mỗi nhà trả {each}", f" → each other seat pays {each}"), lang)
    if state.bao_order:
        text += pick(
            ("; người bị báo trước đền làng", "; the first reported seat pays for the table"),
            lang,
        )
    return text


def explain(state: ChanState, lang: Lang = "vi", viewer: int | None = None) -> Explanation | None:
    """The end of the game explained (``core.explain``)."""
    out = state.outcome()
    if out is None:
        return None
    shown = state.revealed() | ({viewer} if viewer is not None else set())
    parts = scoring.breakdown(state.hits, state.rules) if state.hits else []
    items = [Item(h.id, CUOC_NAMES.get(h.id, h.name), float(p), h.count) for h, p in parts]
    total = sum(p for _, p in parts)
    w = out.winner
    notes = []
    for f in out.faults:
        fine = pick(PENALTY_WORDS.get(f.penalty, (f.penalty, f.penalty)), lang)
        notes.append(f"{seat_name(f.seat, viewer, lang)}: {f.name} ({fine})")
    no_winner = None
    if w is not None:
        who = seat_name(w, viewer, lang)
        card = next((e.data.get("card") for e in reversed(state.events) if e.type == "win"), None)
        if isinstance(card, int):
            headline = pick(
                (f"{who} ù {named_card(card, lang)}", f"{who} won on {named_card(card, lang)}"),
                lang,
            )
        else:
            headline = pick((f"{who} thiên ù", f"{who} won at once (thiên ù)"), lang)
        hands: tuple[HandExplain, ...] = (
            _hand(state, w, lang, True, pick(("bài ù", "winning hand"), lang)),
        )
    else:
        why, term = _why(state, out, viewer, lang)
        headline = why
        no_winner = NoWinner(
            why, term, tuple(_distance(state, s, lang) for s in range(state.num_players))
        )
        hands = tuple(_hand(state, s, lang, s in shown) for s in range(state.num_players))
    return Explanation(
        headline,
        hands,
        tuple(items),
        _arithmetic(state, out, items, total, viewer, lang) if items else "",
        float(total),
        pick(("điểm", "points"), lang),
        tuple(_payments(state, out, lang)),
        no_winner,
        tuple(notes),
    )
