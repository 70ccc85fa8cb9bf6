"""Phỏm's end explained (the kit's ``explain``): the ù (its kind, who đền) or the ranking
(nhất to bét, móm, with each hand's points); every hand with its phỏm and its rác as far as
the end shows them; the first seat's ledger by reason (places, móm, eats, chốt, ù, đền) adding
up to its payoff; and every payment of the hand with its reason, the eats paid during play
included (``PhomDetails.payments``). A hand without ù has a first place: no ``no_winner``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from chieu.core.explain import Explanation, HandExplain, Item, PaymentExplain, fmt, plus
from chieu.core.notation import Lang, pick, seat_name
from chieu.games.phom.cards import cards_of
from chieu.games.phom.notation import SYMBOLS, U_WORDS
from chieu.games.phom.results import PAYMENT_WORDS, PLACE_WORDS
from chieu.games.phom.scoring import PhomDetails, details_of, eat_amount
from chieu.games.phom.views import CODES, meld_group

if TYPE_CHECKING:
    from chieu.games.phom.state import PhomState

#: a payment's reason -> its glossary term
TERMS = {
    "an": "ăn",
    "an_chot": "ăn chốt",
    "nhi": "nhì",
    "ba": "ba",
    "bet": "bét",
    "mom": "móm",
    "u": "ù",
    "den": "Đền",
}


def _place(place: int, players: int) -> int:
    """The index in ``PLACE_WORDS`` of a place (the last place of any table is bét)."""
    return 3 if place == players - 1 and players > 1 else min(place, 3)


def _reasons(state: PhomState, d: PhomDetails, lang: Lang) -> list[tuple[str, str, str]]:
    """Each payment's reason id, glossary term and words."""
    n = state.num_players
    rules = state.rules
    eats = iter(
        [
            e
            for e in state.events
            if e.type == "eat" and eat_amount(rules, bool(e.data["chot"]), int(e.data["count"]))
        ]
    )
    places = d.get("places")
    out = []
    for p in d.get("payments", []):
        reason, payer = p["reason"], p["payer"]
        if reason in ("an", "an_chot"):
            e = next(eats, None)
            card = "" if e is None else " " + SYMBOLS[e.data["card"]]
            text = pick(
                (
                    f"bị ăn{' chốt' if reason == 'an_chot' else ''}{card}, trả ngay trong ván",
                    f"{'chốt ' if reason == 'an_chot' else ''}{card.strip()} eaten, paid "
                    "during play",
                ),
                lang,
            )
            out.append((reason, TERMS[reason], text))
        elif reason in ("nhi", "ba", "bet") and places is not None:
            i = _place(places[payer], n)
            rid = ("nhat", "nhi", "ba", "bet")[i]
            term = PLACE_WORDS[i][0]
            out.append((rid, term, pick((f"về {term}", f"came {PLACE_WORDS[i][1]}"), lang)))
        elif reason == "mom":
            out.append(("mom", "móm", pick(("móm: không có phỏm nào", "móm: no phỏm"), lang)))
        elif reason == "den":
            out.append(("den", "Đền", pick(("đền cho cả làng", "pays for everyone"), lang)))
        else:
            words = pick(PAYMENT_WORDS.get(reason, (reason, reason)), lang)
            out.append((reason, TERMS.get(reason, reason), words))
    return out


def _ledger(
    state: PhomState, d: PhomDetails, first: int, reasons: list[tuple[str, str, str]]
) -> list[Item]:
    """The first seat's payments by reason, received (+) and paid (−)."""
    got: dict[tuple[str, bool], list[float]] = {}
    terms: dict[str, str] = {}
    for p, (rid, term, _) in zip(d.get("payments", []), reasons, strict=True):
        if first not in (p["payer"], p["payee"]):
            continue
        sign = 1.0 if p["payee"] == first else -1.0
        got.setdefault((rid, sign > 0), []).append(sign * p["amount"])
        terms[rid] = term
    items = []
    for (rid, received), xs in got.items():
        key = rid if received else f"{rid}_tra"
        items.append(Item(key, terms[rid], sum(xs), len(xs)))
    return items


def explain(state: PhomState, lang: Lang = "vi", viewer: int | None = None) -> Explanation | None:
    """The end of the game explained (``core.explain``)."""
    out = state.outcome()
    if out is None:
        return None
    d = details_of(out)
    n = state.num_players
    shown = state.revealed() | ({viewer} if viewer is not None else set())
    points = d.get("points", [None] * n)
    unit = pick(("điểm", "points"), lang)
    notes: dict[int, str] = {}
    if out.winner is not None:
        first = out.winner
        who = seat_name(first, viewer, lang)
        kind = d.get("u") or "u"
        if kind == "u" and any(p.id == "u_gui" for p in out.patterns):
            kind = "u_gui"
        word = pick(U_WORDS.get(kind, U_WORDS["u"]), lang)
        headline = pick((f"{who} {word}", f"{who}: {word}"), lang)
        den = d.get("den")
        if den is not None:
            headline += pick(
                (
                    f"; {seat_name(den, viewer, lang)} đền cho cả làng",
                    f"; {seat_name(den, viewer, lang)} pays for everyone",
                ),
                lang,
            )
        notes[first] = word
    else:
        first = d["nhat"]
        places = d["places"]
        mom = set(d["mom"])
        for s in range(n):
            place = pick(PLACE_WORDS[_place(places[s], n)], lang)
            pts = points[s]
            tail = "" if pts is None else f" — {pts} {unit}"
            notes[s] = (pick(("móm", "móm"), lang) if s in mom else place) + tail
        pts0 = points[first]
        headline = pick(
            (
                f"Không ai ù: {seat_name(first, viewer, lang)} về nhất ({pts0} điểm, ít điểm nhất)",
                f"No ù: {seat_name(first, viewer, lang)} came first ({pts0} points, the fewest)",
            ),
            lang,
        )
    for s in range(n):
        if s not in notes and points[s] is not None:
            notes[s] = f"{points[s]} {unit}"
    hands = []
    for s in range(n):
        seat = state.seats[s]
        groups = tuple(meld_group(m, lang) for m in seat.melds)
        loose = tuple(CODES[c] for c in cards_of(seat.hand)) if s in shown else None
        hands.append(HandExplain(s, groups, loose, notes.get(s, "")))
    order = d.get("ranking") or [first, *(s for s in range(n) if s != first)]
    hands.sort(key=lambda h: order.index(h.seat))
    reasons = _reasons(state, d, lang)
    items = _ledger(state, d, first, reasons)
    total = sum(i.points for i in items)
    arithmetic = ""
    if items:
        arithmetic = plus(
            [(i.term + (f" ×{i.count}" if i.count > 1 else ""), i.points) for i in items]
        )
        who = seat_name(first, viewer, lang)
        arithmetic += pick(
            (
                f" = {fmt(total)}: {who} được {fmt(total)}",
                f" = {fmt(total)}: {who} nets {fmt(total)}",
            ),
            lang,
        )
    payments = tuple(
        PaymentExplain(p["payer"], p["payee"], float(p["amount"]), rid, term, text)
        for p, (rid, term, text) in zip(d.get("payments", []), reasons, strict=True)
    )
    return Explanation(
        headline,
        tuple(hands),
        tuple(items),
        arithmetic,
        float(total),
        pick(("điểm", "points"), lang),
        payments,
        None,
        (),
    )
