"""Tổ tôm events in words (``describe``), as a viewer knows them: the deal and the draws
for dealer and cái, moves, eats, claims, faults and the end, in Vietnamese or English.

A move whose effect the next event describes has no words of its own (""). The words are
cached per event and viewer (``core.notation.cached_describe``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from chieu.core.events import Event
from chieu.core.notation import Lang, cached_describe, pick, seat_name
from chieu.games.totom.cards import rank_of
from chieu.games.totom.lexicon import (
    EVENT_KINDS,
    PENALTY_WORDS,
    TABLE,
    TERMINATION,
    card_name,
    codes_text,
    you_agree,
)
from chieu.games.totom.patterns import CUOC_NAMES
from chieu.games.totom.phu import Phu
from chieu.games.totom.setups import count_value
from chieu.games.totom.shapes import phu_of
from chieu.games.totom.views import phu_label

if TYPE_CHECKING:
    from chieu.games.totom.state import TotomState


def describe(state: TotomState, event: Event, viewer: int | None, lang: Lang = "vi") -> str:
    """The event in words, as ``viewer`` knows it ("" for a move whose effect the next event
    describes)."""
    return cached_describe(state, event, viewer, lang, lambda e, v, lg: _words_of(state, e, v, lg))


def _words_of(state: TotomState, e: Event, viewer: int | None, lang: Lang) -> str:
    text = _describe(state, e, viewer, lang)
    return you_agree(text) if lang == "en" else text


def _setup_event(state: TotomState) -> dict[str, object] | None:
    return next((dict(e.data) for e in state.events if e.type == "setup"), None)


def _count_words(a: int, b: int, lang: Lang) -> str:
    """``tứ sách và lục vạn (4 + 6 → 10)``: two cards counted (B2.2, yêu = 1, 0 = 10)."""
    ra, rb = rank_of(a), rank_of(b)
    both = pick(
        (
            f"{card_name(a, lang)} và {card_name(b, lang)}",
            f"{card_name(a, lang)} and {card_name(b, lang)}",
        ),
        lang,
    )
    return f"{both} ({ra} + {rb} → {count_value(a, b)})"


def _deal_words(state: TotomState, viewer: int | None, lang: Lang) -> str:
    """``Bạn rút tứ sách và lục vạn (4 + 6 → 10): Người 5 chia bài, 6 phần mỗi phần 20
    quân`` (only the dealer when the hội named him)."""
    d = _setup_event(state)
    n = state.num_players
    parts = pick(("chia bài, 6 phần mỗi phần 20 quân", "deals six parts of 20 cards"), lang)
    if n == 4:
        parts += pick((" (bí tứ: bỏ một phần)", " (bí tứ: one part is set aside)"), lang)
    if d is None:
        return pick(("chia bài", "the cards are dealt"), lang)
    dealer = int(d["dealer"])  # type: ignore[call-overload]
    who = seat_name(dealer, viewer, lang)
    eldest = int(d["eldest"])  # type: ignore[call-overload]
    a, b = (int(k) for k in d["dealer_cards"])  # type: ignore[attr-defined]
    if (eldest + count_value(a, b) - 1) % n != dealer:  # the hội named the dealer
        return f"{who} {parts}"
    e = seat_name(eldest, viewer, lang)
    drew = pick(
        (f"{e} rút {_count_words(a, b, lang)}: ", f"{e} draws {_count_words(a, b, lang)}: "), lang
    )
    return drew + f"{who} {parts}"


def _setup_words(d: dict[str, object], viewer: int | None, lang: Lang, n: int) -> str:
    """``Người 5 rút ở phần nọc chi chi và nhị sách (1 + 2 → 3): Người 2 được cái, lấy phần
    bài đầu và xin quân nọc trước``."""
    dealer, cai = int(d["dealer"]), int(d["cai"])  # type: ignore[call-overload]
    got = seat_name(cai, viewer, lang) + pick(
        (
            " được cái, lấy phần bài đầu và xin quân nọc trước",
            " gets the cái: the first part, and the first nọc card",
        ),
        lang,
    )
    a, b = (int(k) for k in d["cai_cards"])  # type: ignore[attr-defined]
    if (dealer + count_value(a, b) - 1) % n != cai:
        return got
    who = seat_name(dealer, viewer, lang)
    drew = pick(
        (
            f"{who} rút ở phần nọc {_count_words(a, b, lang)}: ",
            f"{who} draws {_count_words(a, b, lang)} from the nọc part: ",
        ),
        lang,
    )
    return drew + got


def _describe(state: TotomState, e: Event, viewer: int | None, lang: Lang) -> str:
    who = seat_name(e.actor, viewer, lang) if e.actor is not None else pick(TABLE, lang)
    d = e.data
    n = state.num_players

    def name(kind: object) -> str:
        return card_name(int(kind), lang)  # type: ignore[call-overload]

    match e.type:
        case "deal":
            return _deal_words(state, viewer, lang)
        case "hand" if "cards" in d:
            cards = codes_text(d["cards"])
            return pick((f"{who} được chia: {cards}", f"{who}: dealt {cards}"), lang)
        case "hand":
            size = d.get("size", "?")
            return pick((f"{who} được chia {size} quân", f"{who}: {size} cards dealt"), lang)
        case "setup":
            return _setup_words(dict(d), viewer, lang, n)
        case "action":
            return _move(d, who, e.actor == viewer, lang)
        case "bat_thuc":
            cups = d["cups"]
            if e.actor == viewer and viewer is not None:
                return pick((f"Bạn đặt chén ({cups} chén)", f"You set a cup ({cups})"), lang)
            return pick(
                (
                    f"{who} có khàn bất thực, đặt chén ({cups} chén)",
                    f"{who} keeps a khàn in hand, a cup is set ({cups})",
                ),
                lang,
            )
        case "thien_khai":
            c = name(d["card"])
            return pick((f"{who} thiên khai 4 quân {c}", f"{who} turns up four {c}"), lang)
        case "draw":
            c, left = name(d["card"]), d["left"]
            return pick(
                (f"{who} xin quân nọc: {c} (nọc còn {left})", f"{who} turns up {c} ({left} left)"),
                lang,
            )
        case "discard":
            c = name(d["card"])
            door = int(d["door"])
            if door != e.actor:
                return _returned(who, c, door, e.actor, viewer, n, lang)
            return pick((f"{who} đánh {c}", f"{who} discards {c}"), lang)
        case "eat":
            kinds = [int(k) for k in d["phu"]]
            phu = phu_of(kinds) or Phu(tuple(sorted(kinds)), str(d["type"]))
            laid, kind = codes_text(kinds), phu_label(phu, lang)
            c = name(d["card"])
            if _extends(state, e):
                return pick(
                    (
                        f"{who} ăn {c} nối vào phu đã hạ: {laid} ({kind})",
                        f"{who} eats {c} onto a laid phu: {laid} ({kind})",
                    ),
                    lang,
                )
            return pick(
                (f"{who} ăn {c}: {laid} ({kind})", f"{who} eats {c}: {laid} ({kind})"),
                lang,
            )
        case "lay_copies":
            c, count = name(d["card"]), d["count"]
            return pick(
                (
                    f"{who} hạ {count} quân {c} trùng lên phu vừa ăn",
                    f"{who} lays {count} more {c} on the phu just eaten",
                ),
                lang,
            )
        case "pass":
            c = name(d["card"])
            nxt = seat_name((int(e.actor or 0) + 1) % n, viewer, lang)
            if state.rules.passed_nocc_live:
                return pick(
                    (f"{who} bỏ lượt, để {c} cho {nxt}", f"{who} leaves {c} to {nxt}"), lang
                )
            return pick(
                (
                    f"{who} bỏ lượt: {c} nằm chết ở cửa, {nxt} xin tiếp",
                    f"{who} leaves {c} dead; {nxt} draws next",
                ),
                lang,
            )
        case "claim":
            verb, c = d["action"]["verb"], name(d["card"])
            words = {
                "win": (f"{who} ù {c}", f"{who} wins (ù) on {c}"),
                "phong": (f"{who} phỗng {c}", f"{who} phỗngs {c}"),
                "day_khan": (f"{who} dậy khàn {c}", f"{who} raises a khàn with {c}"),
            }
            return pick(words[verb], lang)
        case "show":
            cards = codes_text(d["hand"])
            return pick((f"{who} hạ bài: {cards}", f"{who} lays the hand down: {cards}"), lang)
        case "fault":
            what = pick(PENALTY_WORDS.get(d["penalty"], ("", "")), lang)
            return pick(
                (f"{who} phạm lỗi {d['name']}: {what}", f"{who} commits {d['name']}: {what}"),
                lang,
            )
        case "end":
            return _end(d, viewer, lang)
    return pick(EVENT_KINDS.get(e.type, (e.type, e.type)), lang)


def _extends(state: TotomState, e: Event) -> bool:
    """Whether the (public) eat event ``e`` followed an ``extend`` move."""
    events = state.events
    for i in range(len(events) - 1, 0, -1):
        if events[i] is e:
            act = events[i - 1].data.get("action")
            return isinstance(act, dict) and act.get("verb") == "extend"
    return False


def _returned(
    who: str, c: str, door: int, actor: int | None, viewer: int | None, n: int, lang: Lang
) -> str:
    """A trả cửa: the card lies in ``door`` as if its owner had discarded it, so the seat to
    his right decides on it (the taker himself when he sits there)."""
    owner = seat_name(door, viewer, lang)
    nxt = (door + 1) % n
    if nxt == actor:
        turn = pick(
            (
                f"coi như {owner} đánh ra, nên lại tới lượt {who}",
                f"as if {owner} had discarded it, so it is {who}'s turn again",
            ),
            lang,
        )
    else:
        turn = pick(
            (
                f"coi như {owner} đánh ra, tới lượt {seat_name(nxt, viewer, lang)}",
                f"as if {owner} had discarded it; {seat_name(nxt, viewer, lang)} is next",
            ),
            lang,
        )
    return pick(
        (
            f"{who} trả {c} vào cửa {owner} ({turn})",
            f"{who} returns {c} to {owner}'s door ({turn})",
        ),
        lang,
    )


def _move(d: dict[str, object], who: str, own: bool, lang: Lang) -> str:
    act = d.get("action")
    if not isinstance(act, dict):  # another seat's arrangement: private
        return pick((f"{who} xếp bài", f"{who} arranges the hand"), lang)
    verb = act.get("verb")
    k = act.get("card")
    c = card_name(k, lang) if isinstance(k, int) else ""
    match verb:
        case "arrange_done":
            return pick((f"{who} xếp bài xong", f"{who} is done arranging"), lang)
        case "bat_thuc":
            return pick((f"{who} giữ khàn {c} bất thực", f"{who} keep the khàn {c} in hand"), lang)
        case "call":
            cid = str(act.get("cuoc", ""))
            name = CUOC_NAMES.get(cid, cid)
            return pick((f"{who} hô {name}", f"{who} calls {name}"), lang)
        case "call_done":
            return pick((f"{who} hô xong", f"{who} ends the calls"), lang)
        case "decline":
            return pick((f"{who} bỏ qua", f"{who} let it go"), lang)
        case "win" | "phong" | "day_khan" if not own:
            words = {"win": "ù", "phong": "phỗng", "day_khan": "dậy khàn"}[verb]
            return pick((f"{who} chọn {words}", f"{who} chose {words}"), lang)
    # xin, đánh, ăn, bỏ lượt, hạ, and one's own claim: the event that follows says it
    return ""


def _end(d: dict[str, object], viewer: int | None, lang: Lang) -> str:
    winner = d.get("winner")
    details = d.get("details")
    penalty = details.get("penalty") if isinstance(details, dict) else None
    if isinstance(winner, int):
        w = seat_name(winner, viewer, lang)
        score = d.get("score")
        if penalty:
            what = pick(PENALTY_WORDS.get(str(penalty), ("", "")), lang)
            return pick(
                (
                    f"hết ván: {w} ù nhưng không được điểm ({what})",
                    f"game over: {w} wins, 0 ({what})",
                ),
                lang,
            )
        return pick((f"hết ván: {w} ù, {score} điểm", f"game over: {w} wins, {score} points"), lang)
    term = pick(TERMINATION.get(str(d.get("termination")), ("?", "?")), lang)
    return pick((f"hết ván: {term}", f"game over: {term}"), lang)


__all__ = ["describe"]
