"""Tổ tôm in words: card names, move labels in context, typed answers, events described.

Cards are coded ``9W`` (``cards.py``: rank digit and V = vạn, S = sách, W = văn; ``CC``, ``TT``,
``OL`` are the yêu); their full names are Vietnamese (``cửu văn``, ``chi chi``, ``ông lão``) or
English (``Nine of Văn``). Seats are ``Người 1``… (``Player 1``…), the viewer ``Bạn``
(``You``). A move's label names its context: ``ăn 7S với 5S 6S (phu dọc)``, ``phỗng 7S``,
``trả 9W vào cửa Người 1`` (the discard after a take). ``parse`` reads what a person types: a
move's name with or without diacritics (``xin``, ``bỏ lượt``, ``ù``, ``phỗng``, ``dậy khàn``,
``bỏ qua``, ``xong``, ``hạ``), a label, one card (đánh it, or keep its khàn as bất thực), or the
cards of an ăn (the held cards, or the whole phu). The advice to a seat (``hints``) and the end
in words (``outcome_lines``, docs/rules/totom.md section 13) live in ``hints.py`` and
``results.py`` (their shared words in ``words.py``); ``NOTATION`` hands them on.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from chieu.core.actions import Action
from chieu.core.errors import NotationError
from chieu.core.events import Event
from chieu.core.notation import LANGS, Lang, cached_describe, pick, seat_name
from chieu.core.registry import normalize_name
from chieu.games.totom import actions as A
from chieu.games.totom import analysis as an
from chieu.games.totom.cards import CC, KINDS, parse_cards, rank_of
from chieu.games.totom.patterns import CUOC_NAMES
from chieu.games.totom.setups import count_value
from chieu.games.totom.views import phu_label

if TYPE_CHECKING:
    from chieu.games.totom.state import TotomState

CODES = KINDS.codes
#: the seat of an event no seat made
TABLE = ("bàn", "the table")
RANK_EN = ("One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine")
SUIT_EN = ("Vạn", "Sách", "Văn")

PHASE_WORDS: dict[str, tuple[str, str]] = {
    "arrange": ("xếp bài (khàn bất thực)", "arrange the hand (khàn bất thực)"),
    "claim": ("ù, dậy khàn, phỗng hay bỏ qua", "ù, dậy khàn, phỗng or let it go"),
    "decide": ("ăn hay xin quân nọc", "eat or ask for a nọc card"),
    "discard": ("đánh bài", "discard"),
    "call": ("hô cước", "call the cước"),
    "end": ("hết ván", "game over"),
}
EVENT_KINDS: dict[str, tuple[str, str]] = {
    "deal": ("chia bài (bộ bài đã tráo)", "the deal (the shuffled deck)"),
    "hand": ("bài chia cho một người", "the hand dealt to a seat"),
    "setup": ("rút bài chọn người chia và người được cái", "the draws for dealer and cái"),
    "action": ("một nước đi", "a move"),
    "bat_thuc": ("khàn bất thực: đặt chén", "a khàn kept in hand (a cup)"),
    "thien_khai": ("thiên khai: lật 4 quân", "thiên khai: four of a kind turned up"),
    "draw": ("xin quân nọc", "a nọc card turned up"),
    "discard": ("đánh bài", "a discard"),
    "eat": ("ăn thành phu", "an eat into a phu"),
    "lay_copies": ("hạ quân trùng lên phu", "copies of the eaten card laid down"),
    "pass": ("bỏ lượt (mất lượt)", "a nọc card left to the next seat"),
    "claim": ("ù, dậy khàn hoặc phỗng quân đang ra", "an ù, dậy khàn or phỗng of the live card"),
    "show": ("hạ bài để ù", "a hand laid down to claim ù"),
    "fault": ("phạm lỗi", "a fault"),
    "end": ("hết ván: kết quả", "the end: the result"),
}
TERMINATION: dict[str, tuple[str, str]] = {
    "win": ("ù", "a win"),
    "no_winner": ("hòa (hết nọc)", "a draw (the nọc ran out)"),
    "fault": ("ván dừng vì lỗi", "stopped on a fault"),
}
PENALTY_WORDS: dict[str, tuple[str, str]] = {
    "cheo_do": ("chèo đò", "chèo đò (a boat)"),
    "deo_kinh": ("đeo kính", "đeo kính (glasses)"),
}
#: a typed move name (normalised: no diacritics, no spaces) -> the verbs it names
WORDS: dict[str, tuple[str, ...]] = {
    "xin": ("draw",),
    "xin1quan": ("draw",),
    "xinnoc": ("draw",),
    "boc": ("draw",),
    "draw": ("draw",),
    "boluot": ("pass",),
    "matluot": ("pass",),
    "pass": ("pass",),
    "u": ("win",),
    "win": ("win",),
    "phong": ("phong",),
    "daykhan": ("day_khan",),
    "boqua": ("decline",),
    "bo": ("decline",),
    "decline": ("decline",),
    "ha": ("lay_copies",),
    "haquantrung": ("lay_copies",),
    "xong": ("arrange_done", "call_done"),
    "xepbaixong": ("arrange_done",),
    "hoxong": ("call_done",),
    "done": ("arrange_done", "call_done"),
}
#: a verb typed before cards (normalised) -> nothing more to do: the cards say which move
CARD_VERBS = frozenset({"danh", "tra", "an", "them", "voi", "batthuc", "giu", "khan"})
_LABELS: dict[tuple[Action, int, int, int, Lang], str] = {}


def card(kind: int) -> str:
    return CODES[kind]


def card_name(kind: int, lang: Lang = "vi") -> str:
    """``cửu văn``, ``chi chi``, ``ông lão`` (``Nine of Văn``, ``Chi chi``, ``Ông lão``)."""
    if kind >= CC:
        return KINDS.names[kind] if lang == "en" else KINDS.names[kind].lower()
    if lang == "en":
        return f"{RANK_EN[kind // 3]} of {SUIT_EN[kind % 3]}"
    return KINDS.names[kind].lower()


def phase_label(phase: str, lang: Lang = "vi") -> str:
    return pick(PHASE_WORDS.get(phase, (phase, phase)), lang)


def codes_text(kinds: Sequence[int]) -> str:
    return " ".join(CODES[k] for k in kinds)


def _rest(phu: an.Phu, card: int) -> list[int]:
    rest = list(phu.cards)
    if card in rest:
        rest.remove(card)
    return rest


def _words(action: Action, live: int, door: int, eaten: int, lang: Lang) -> str:
    lc = CODES[live] if live >= 0 else ""
    match action:
        case A.Discard(card=k) if door >= 0:
            to = seat_name(door, None, lang)
            return pick((f"trả {CODES[k]} vào cửa {to}", f"return {CODES[k]} to {to}'s door"), lang)
        case A.Discard(card=k):
            return pick((f"đánh {CODES[k]}", f"discard {CODES[k]}"), lang)
        case A.Eat(phu=i):
            phu = an.ALL_PHU[i]
            rest, kind = codes_text(_rest(phu, live)), phu_label(phu, lang)
            return pick((f"ăn {lc} với {rest} ({kind})", f"eat {lc} with {rest} ({kind})"), lang)
        case A.Extend(phu=i):
            rest = codes_text(_rest(an.ALL_PHU[i], live))
            return pick((f"ăn thêm {lc} vào phu {rest}", f"add {lc} to your phu {rest}"), lang)
        case A.LayCopies():
            c = CODES[eaten] if eaten >= 0 else ""
            return pick((f"hạ quân trùng {c}", f"lay down your copies of {c}"), lang)
        case A.BatThuc(card=k):
            return pick((f"khàn bất thực {CODES[k]}", f"keep the khàn {CODES[k]} (bất thực)"), lang)
        case A.Call(cuoc=cid):
            name = CUOC_NAMES.get(cid, cid)
            return pick((f"hô {name}", f"call {name}"), lang)
        case A.Phong():
            return pick((f"phỗng {lc}", f"phỗng {lc} (take it with your pair)"), lang)
        case A.DayKhan():
            return pick((f"dậy khàn {lc}", f"dậy khàn {lc} (raise your khàn)"), lang)
        case A.DeclareWin():
            return pick((f"ù {lc}", f"win (ù) on {lc}"), lang)
    return pick(
        {
            "draw": ("xin 1 quân", "ask for a nọc card"),
            "pass": ("bỏ lượt", "leave it to the next seat"),
            "decline": ("bỏ qua", "let it go"),
            "arrange_done": ("xếp bài xong", "done arranging"),
            "call_done": ("hô xong", "end the calls"),
        }[action.verb],
        lang,
    )


def label(state: TotomState, seat: int, action: Action, lang: Lang = "vi") -> str:
    """The action's words in its context (the live card, a trả cửa due, the card eaten)."""
    rd = state.return_door
    key = (action, state.live_card, rd if rd not in (-1, seat) else -1, state.eaten, lang)
    text = _LABELS.get(key)
    if text is None:
        text = _LABELS[key] = _words(action, *key[1:])
    return text


def action_cards(state: TotomState, seat: int, action: Action) -> tuple[str, ...]:
    """The cards the action moves: the card thrown, the phu formed, the cards taken."""
    live = state.live_card
    match action:
        case A.Discard(card=k):
            return (CODES[k],)
        case A.Eat(phu=i) | A.Extend(phu=i):
            return tuple(CODES[k] for k in an.ALL_PHU[i].cards)
        case A.BatThuc(card=k):
            return (CODES[k],) * 3
        case A.LayCopies() if state.eaten >= 0:
            return (CODES[state.eaten],) * state.seats[seat].free()[state.eaten]
        case A.Phong() if live >= 0:
            return (CODES[live],) * 3
        case A.DayKhan() if live >= 0:
            return (CODES[live],) * 4
        case A.DeclareWin() if live >= 0:
            return (CODES[live],)
    return ()


# -- typed answers ----------------------------------------------------------------------------


def parse(state: TotomState, seat: int, text: str, lang: Lang = "vi") -> Action:
    """The legal action ``text`` names: a label, or what ``parse_legal`` reads."""
    legal = state.legal_actions(seat)
    key = normalize_name(text)
    for action in legal:
        for words_lang in LANGS:
            if normalize_name(label(state, seat, action, words_lang)) == key:
                return action
    return parse_legal(text, legal, lang)


def parse_legal(text: str, legal: Sequence[Action], lang: Lang = "vi") -> Action:
    """The action of ``legal`` that ``text`` names (see the module docstring), a leading verb
    (``đánh``, ``trả``, ``ăn``, ``ăn thêm``) allowed; NotationError in ``lang`` otherwise,
    with the unreadable token when the text is no card."""
    raw = text.strip()
    key = normalize_name(raw)
    if key in WORDS:
        for action in legal:
            if action.verb in WORDS[key]:
                return action
        raise NotationError(
            pick((f"lúc này không thể {raw!r}", f"{raw!r} is not possible now"), lang)
        )
    words = raw.split()
    while len(words) > 1 and normalize_name(words[0]) in CARD_VERBS:
        words = words[1:]
    raw = " ".join(words)
    try:
        kinds = sorted(parse_cards(raw))
    except NotationError as exc:
        raise NotationError(_card_error(raw, exc, lang), token=exc.token) from None
    if not kinds:
        raise NotationError(pick(("hãy gõ một quân (ví dụ 9W)", "type a card (e.g. 9W)"), lang))
    for action in legal:
        match action:
            case A.Discard(card=k) | A.BatThuc(card=k) if kinds == [k]:
                return action
            case A.Eat(phu=i) | A.Extend(phu=i) if _names_phu(kinds, an.ALL_PHU[i].cards):
                return action
    codes = codes_text(kinds)
    verbs = {a.verb for a in legal}
    if "discard" in verbs and len(kinds) == 1:
        why = (
            f"không đánh được {codes}: trên tay không có quân đó",
            f"cannot discard {codes}: not in your hand",
        )
    elif verbs & {"eat", "extend"}:
        why = (f"không ăn được với {codes}", f"cannot eat with {codes}")
    else:
        why = (f"lúc này không dùng {codes} được", f"{codes} cannot be used now")
    raise NotationError(pick(why, lang))


def _names_phu(kinds: list[int], cards: tuple[int, ...]) -> bool:
    """The typed cards are the phu, or the phu less one card (the live card)."""
    if kinds == list(cards):
        return True
    return len(kinds) == len(cards) - 1 and any(
        kinds == sorted(cards[:i] + cards[i + 1 :]) for i in range(len(cards))
    )


def _card_error(text: str, exc: NotationError, lang: Lang) -> str:
    token = exc.token or text
    if normalize_name(token) == "van":
        return pick(
            (
                "'van' không rõ: viết 'vạn' (V) hoặc 'văn' (W), hay mã như 2V / 2W",
                "'van' is ambiguous: write 'vạn' (V) or 'văn' (W), or a code like 2V / 2W",
            ),
            lang,
        )
    return pick(
        (
            f"không rõ quân {token!r}: gõ mã quân như 9W, CC hoặc tên như 'cửu văn', 'ông lão'",
            f"cannot read {token!r}: type a code like 9W, CC or a name like 'cửu văn'",
        ),
        lang,
    )


# -- events -----------------------------------------------------------------------------------


def describe(state: TotomState, event: Event, viewer: int | None, lang: Lang = "vi") -> str:
    """The event in words, as ``viewer`` knows it ("" for a move whose effect the next event
    describes)."""
    return cached_describe(state, event, viewer, lang, lambda e, v, lg: _words_of(state, e, v, lg))


def _words_of(state: TotomState, e: Event, viewer: int | None, lang: Lang) -> str:
    text = _describe(state, e, viewer, lang)
    return you_agree(text) if lang == "en" else text


#: English verbs written for a third person, after "You"
_YOU_VERBS = {"is": "are", "has": "have", "does": "do", "pays": "pay", "phỗngs": "phỗng"}
_YOU = re.compile(r"\bYou (\w+)")


def you_agree(text: str) -> str:
    """English words written for "Player N" agree with "You" (``You draws`` → ``You draw``)."""

    def verb(m: re.Match[str]) -> str:
        word = m.group(1)
        base = _YOU_VERBS.get(word)
        if base is None:
            base = word[:-1] if word.endswith("s") and not word.endswith("ss") else word
        return f"You {base}"

    return _YOU.sub(verb, text)


def named(kind: int, lang: Lang) -> str:
    """``9W (cửu văn)``."""
    return f"{CODES[kind]} ({card_name(kind, lang)})"


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
            phu = an.phu_of(kinds) or an.Phu(tuple(sorted(kinds)), str(d["type"]))
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


class TotomNotation:
    """The ``core.notation.Notation`` of Tổ tôm (the module's functions)."""

    event_kinds = EVENT_KINDS
    card = staticmethod(card)
    card_name = staticmethod(card_name)
    phase_label = staticmethod(phase_label)
    label = staticmethod(label)
    action_cards = staticmethod(action_cards)
    parse = staticmethod(parse)
    describe = staticmethod(describe)

    # -- advice and the result (hints.py, results.py import this module: imported on use)
    def hints(self, state: TotomState, seat: int, lang: Lang = "vi") -> list[str]:
        """Advice for ``seat`` from what it may see (``hints.hints``)."""
        from chieu.games.totom.hints import hints

        return hints(state, seat, lang)

    def outcome_lines(
        self, state: TotomState, lang: Lang = "vi", viewer: int | None = None
    ) -> list[str]:
        """The end broken down, ``viewer`` called "Bạn" / "You" (``results.outcome_lines``)."""
        from chieu.games.totom.results import outcome_lines

        return outcome_lines(state, lang, viewer)


NOTATION = TotomNotation()
