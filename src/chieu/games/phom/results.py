"""Phỏm's result in words (the kit's ``results``).

``outcome_lines`` breaks the end of a game down: the ù and its kind (on which card, who đền),
or the ranking (nhất, nhì, ba, bét, móm, with points), then every payment, the eat payments
made during play included. The viewer is named ``Bạn`` (``You``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from chieu.core.events import Event, seat_history
from chieu.core.notation import Lang, pick, seat_name
from chieu.core.outcome import Outcome
from chieu.games.phom.notation import SYMBOLS, U_WORDS
from chieu.games.phom.scoring import PhomDetails, details_of, eat_amount

if TYPE_CHECKING:
    from chieu.games.phom.state import PhomState

#: a seat's name for the viewer (``Bạn`` / ``You`` for the viewer itself)
Namer = Callable[[int], str]

#: places by index (``scoring.places``); the last place of any table is ``bét``
PLACE_WORDS = (("nhất", "first"), ("nhì", "second"), ("ba", "third"), ("bét", "last"))
#: the reason of a payment (``scoring.Payment.reason``)
PAYMENT_WORDS: dict[str, tuple[str, str]] = {
    "an": ("ăn", "eat"),
    "an_chot": ("ăn chốt", "chốt eaten"),
    "nhi": ("nhì", "second"),
    "ba": ("ba", "third"),
    "bet": ("bét", "last"),
    "mom": ("móm", "móm"),
    "u": ("ù", "ù"),
    "den": ("đền", "pays for all"),
}


def _t(lang: Lang, vi: str, en: str) -> str:
    return en if lang == "en" else vi


def _place_word(place: int, players: int, lang: Lang) -> str:
    index = 3 if place == players - 1 and players > 1 else min(place, 3)
    return pick(PLACE_WORDS[index], lang)


def outcome_lines(state: PhomState, lang: Lang = "vi", viewer: int | None = None) -> list[str]:
    """The end broken down: the ù (its kind, on which card, đền) or the ranking (nhất, nhì,
    ba, bét, móm, with points), then every payment, the eat payments made during play
    first. ``viewer`` is called "Bạn" / "You"."""
    out = state.outcome()
    if out is None:
        return []
    d = details_of(out)
    n = state.num_players

    def who(s: int) -> str:
        return seat_name(s, viewer, lang)

    history = seat_history(state.events, viewer)
    lines: list[str] = []
    if out.winner is not None:
        lines += _win_lines(out, history, who, lang)
    else:
        lines.append(_t(lang, "Không ai ù: so điểm.", "No ù: the hands are compared."))
        places = d["places"]
        mom = set(d["mom"])
        prev: int | None = None
        for s in d["ranking"]:
            pts = d["points"][s]
            head = (
                _t(lang, "Móm", "Móm") if s in mom else _place_word(places[s], n, lang).capitalize()
            )
            text = f"{head}: {who(s)} — " + _t(
                lang,
                f"{pts} điểm" + (" (không có phỏm)" if s in mom else ""),
                f"{pts} points" + (" (no phỏm)" if s in mom else ""),
            )
            if (
                prev is not None
                and s not in mom
                and prev not in mom
                and d["points"][prev] == pts
                and places[prev] != places[s]
            ):
                text += _t(
                    lang,
                    f" (bằng điểm {who(prev)}, hạ sau)",
                    f" (tied with {who(prev)}, laid later)",
                )
            lines.append(text)
            prev = s
    lines += _payment_lines(state, d, history, who, lang, viewer)
    return lines


def _win_lines(out: Outcome, history: Sequence[Event], who: Namer, lang: Lang) -> list[str]:
    d = details_of(out)
    w = out.winner
    assert w is not None
    kind = d.get("u") or "u"
    if kind == "u" and any(p.id == "u_gui" for p in out.patterns):
        kind = "u_gui"
    word = pick(U_WORDS.get(kind, U_WORDS["u"]), lang)
    how = ""
    if kind == "u_khan":
        how = _t(lang, "bài chia không có cạ, không có phỏm", "a dealt hand with no pair, no phỏm")
    else:
        last: Event | None = None
        for e in history:
            if e.type == "u":
                break
            if e.actor == w and e.type in ("drawn", "eat"):
                last = e
        if last is None:
            how = _t(lang, "ngay lượt đầu", "on the opening turn")
        elif last.type == "eat":
            chot = _t(lang, " (chốt)", " (chốt)") if last.data.get("chot") else ""
            card, fed = SYMBOLS[last.data["card"]], who(last.data["from"])
            how = (
                _t(lang, f"ăn cây thứ ba {card} của {fed}", f"third eat: {fed}'s {card}")
                if kind == "u_an_ba_cay"
                else _t(
                    lang, f"sau khi ăn {card} của {fed}{chot}", f"after eating {fed}'s {card}{chot}"
                )
            )
        elif "card" in last.data:
            card = SYMBOLS[last.data["card"]]
            how = _t(lang, f"sau khi bốc {card}", f"after drawing {card}")
        else:
            how = _t(lang, "sau khi bốc", "after a draw")
    lines = [_t(lang, f"{who(w)} {word}, {how}.", f"{who(w)}: {word}, {how}.")]
    den = d.get("den")
    if den is not None:
        why = (
            _t(lang, "bị ăn ba cây", "fed all three eats")
            if kind == "u_an_ba_cay"
            else _t(lang, "ù trên quân chốt của người này", "the ù came on this player's chốt")
        )
        lines.append(
            _t(
                lang,
                f"{who(den)} đền cho cả làng ({why}).",
                f"{who(den)} pays for everyone ({why}).",
            )
        )
    return lines


def _payment_lines(
    state: PhomState,
    d: PhomDetails,
    history: Sequence[Event],
    who: Namer,
    lang: Lang,
    viewer: int | None,
) -> list[str]:
    rules = state.rules
    eats = iter(
        [
            e
            for e in history
            if e.type == "eat" and eat_amount(rules, bool(e.data["chot"]), int(e.data["count"]))
        ]
    )
    places = d.get("places")
    n = state.num_players
    lines = []
    for p in d.get("payments", []):
        payer, payee, reason = p["payer"], p["payee"], p["reason"]
        if reason in ("an", "an_chot"):
            e = next(eats, None)
            card = "" if e is None else " " + SYMBOLS[e.data["card"]]
            what = _t(
                lang,
                f"{'ăn chốt' if reason == 'an_chot' else 'ăn'}{card}, trả ngay trong ván",
                f"{'chốt eaten' if reason == 'an_chot' else 'eat'}{card}, paid during play",
            )
        elif reason in ("nhi", "ba", "bet") and places is not None:
            what = _place_word(places[payer], n, lang)
        else:
            what = pick(PAYMENT_WORDS.get(reason, (reason, reason)), lang)
        lines.append(
            _t(
                lang,
                f"{who(payer)} trả {who(payee)}: {p['amount']:g} ({what})",
                f"{who(payer)} {'pay' if payer == viewer else 'pays'} {who(payee)}: "
                f"{p['amount']:g} ({what})",
            )
        )
    if not lines:
        lines.append(_t(lang, "Không ai phải trả gì.", "Nobody pays."))
    return lines
