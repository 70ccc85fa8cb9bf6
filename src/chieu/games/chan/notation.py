"""Chắn in words: card names, move labels in context, typed answers, events described.

Cards are coded ``9W`` (``cards.py``: rank digit and V = vạn, S = sách, W = văn; ``CC`` is
Chi chi); their full names are Vietnamese (``cửu văn``, ``chi chi``) or English (``Nine of
Văn``). Seats are ``Người 1``… (``Player 1``…), the viewer ``Bạn`` (``You``). A move's label
names its context: ``ăn chắn 5V``, ``ăn cạ 5V với 5S``, ``chíu 7S``, ``đánh 9W vào cửa
mình`` (a đánh where a trả cửa is due). ``parse`` reads what a person types: a card code or
name (đánh, trả cửa or ăn with that card), a move's name with or without diacritics (``bốc``,
``duoi``, ``chíu``, ``ù``, ``bỏ qua``, ``xướng xong``), or a label. The words of the View
(roles, marks, group labels) are here too, in both languages.

The advice to a seat and the result in words are the kit's ``hints`` and ``results``
(``hints.py`` and ``results.py``, which use this module's words).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from chieu.core.actions import Action
from chieu.core.errors import NotationError
from chieu.core.events import Event
from chieu.core.notation import Lang, cached_describe, pick, seat_name
from chieu.core.outcome import PatternHit
from chieu.core.registry import normalize_name
from chieu.games.chan import actions as A
from chieu.games.chan import scoring
from chieu.games.chan.cards import CC, KINDS, parse_cards
from chieu.games.chan.patterns import CUOC_NAMES

if TYPE_CHECKING:
    from chieu.games.chan.rules import Rules
    from chieu.games.chan.state import ChanState

RANK_EN = {2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight", 9: "Nine"}
SUIT_EN = ("Vạn", "Sách", "Văn")

PHASE_WORDS: dict[str, tuple[str, str]] = {
    "discard": ("đánh bài", "discard"),
    "return": ("trả cửa", "return a card to the door"),
    "claim": ("ù, chíu hay bỏ qua", "ù, chíu or let it go"),
    "decide": ("ăn hay bốc", "eat or draw"),
    "announce": ("xướng cước", "announce the cước"),
    "end": ("hết ván", "game over"),
}
EVENT_KINDS: dict[str, tuple[str, str]] = {
    "deal": ("chia bài (bộ bài đã tráo)", "the deal (the shuffled deck)"),
    "hand": ("bài chia cho một người", "the hand dealt to a seat"),
    "bat_cai": ("bắt cái: quân cái và nhà cái", "bắt cái: the cái card and the cái"),
    "action": ("một nước đi", "a move"),
    "claim": ("ù hoặc chíu quân vừa lộ", "an ù or a chíu on the live card"),
    "fault": ("phạm lỗi", "a fault"),
    "bao": ("bị báo: ngồi yên đến hết ván", "reported (báo): sits out the game"),
    "show": ("lật bài để ù", "a hand laid down to claim ù"),
    "win": ("ù: cước và điểm", "a win: its cước and score"),
    "u_void": ("ù bị hủy vì lỗi, đền làng", "a win voided by a fault (đền làng)"),
    "xuong": ("xướng cước", "the cước announced"),
    "u_thieu_diem": ("ù thiếu điểm", "a win below the table's minimum"),
    "end": ("hết ván: kết quả", "the end: the result"),
}
GROUP_WORDS: dict[str, tuple[str, str]] = {
    "chan": ("chắn", "chắn (pair)"),
    "ca": ("cạ", "cạ (same rank)"),
    "chiu": ("chíu", "chíu (four)"),
    "ba_dau": ("ba đầu", "ba đầu (three suits)"),
    "que": ("què", "què (single)"),
}
#: a seat's roles and marks in the View
ROLE_WORDS: dict[str, tuple[str, str]] = {
    "cai": ("cái", "cái (deals first)"),
    "bat_cai": ("bắt cái", "bắt cái (cut)"),
    "prev_winner": ("thắng ván trước", "won the last game"),
}
MARK_WORDS: dict[str, tuple[str, str]] = {
    "bao": ("báo", "reported (báo)"),
    "nat": ("nghỉ ăn tiền", "collects nothing"),
    "pay12": ("đền tám đỏ hai lèo", "pays 12 (tám đỏ hai lèo)"),
    "shown": ("đã lật bài", "hand shown"),
}
PENALTY_WORDS: dict[str, tuple[str, str]] = {
    "nghi_an_tien": ("nghỉ ăn tiền", "collects nothing"),
    "bao": ("báo, đền làng", "reported (báo), pays for the table"),
    "tam_do_hai_leo": ("đền tám đỏ hai lèo", "pays 12 to every other seat"),
    "xuong_sai": ("xướng sai", "wrong announcement"),
}
TERMINATION: dict[str, tuple[str, str]] = {
    "win": ("ù", "a win"),
    "no_winner": ("hòa (không ai ù)", "a draw (nobody won)"),
    "fault": ("ván dừng vì lỗi", "stopped on a fault"),
}
#: a typed move name (normalised: no diacritics, no spaces) -> its action
WORDS: dict[str, Action] = {
    "boc": A.DRAW,
    "draw": A.DRAW,
    "duoi": A.PASS,
    "pass": A.PASS,
    "chiu": A.CHIU,
    "u": A.WIN,
    "win": A.WIN,
    "boqua": A.DECLINE,
    "bo": A.DECLINE,
    "decline": A.DECLINE,
    "xuongxong": A.ANNOUNCE_DONE,
    "done": A.ANNOUNCE_DONE,
}
#: (id of an action, live card) -> (the action, the cards it moves)
_CARDS: dict[tuple[int, int], tuple[Action, tuple[str, ...]]] = {}
#: (id of an action, live card, a trả cửa due, lang) -> (the action, its label)
_LABELS: dict[tuple[int, int, bool, Lang], tuple[Action, str]] = {}


def card(kind: int) -> str:
    return KINDS.codes[kind]


def card_name(kind: int, lang: Lang = "vi") -> str:
    """``cửu văn``, ``chi chi`` (``Nine of Văn``, ``Chi chi``)."""
    if lang == "en":
        if kind == 24:
            return "Chi chi"
        return f"{RANK_EN[kind // 3 + 2]} of {SUIT_EN[kind % 3]}"
    name = KINDS.names[kind]
    return name[0].lower() + name[1:]


def phase_label(phase: str, lang: Lang = "vi") -> str:
    return pick(PHASE_WORDS.get(phase, (phase, phase)), lang)


def _words(action: Action, live: int, returning: bool, lang: Lang) -> str:
    k: int = getattr(action, "card", -1)
    code = KINDS.codes[k] if k >= 0 else ""
    live_code = KINDS.codes[live] if live >= 0 else ""
    match action.verb:
        case "discard" if returning:
            return pick((f"đánh {code} vào cửa mình", f"discard {code} into your own door"), lang)
        case "discard":
            return pick((f"đánh {code}", f"discard {code}"), lang)
        case "return":
            return pick((f"trả cửa {code}", f"return {code} to the door"), lang)
        case "eat" if k == live:
            return pick((f"ăn chắn {code}", f"eat {code} (chắn)"), lang)
        case "eat" if live >= 0:
            return pick(
                (f"ăn cạ {live_code} với {code}", f"eat {live_code} with {code} (cạ)"), lang
            )
        case "eat":
            return pick((f"ăn với {code}", f"eat with {code}"), lang)
        case "chiu":
            return pick((f"chíu {live_code}".strip(), f"chíu {live_code}".strip()), lang)
        case "announce":
            cid = str(getattr(action, "cuoc", ""))
            return pick(
                (f"xướng {CUOC_NAMES.get(cid, cid)}", f"announce {CUOC_NAMES.get(cid, cid)}"), lang
            )
    return pick(
        {
            "draw": ("bốc", "draw"),
            "pass": ("dưới", "pass it on (dưới)"),
            "win": ("ù", "win (ù)"),
            "decline": ("bỏ qua", "let it go"),
            "announce_done": ("xướng xong", "end the announcement"),
        }[action.verb],
        lang,
    )


def label(state: ChanState, seat: int, action: Action, lang: Lang = "vi") -> str:
    """The action's words in its context (the live card, a trả cửa due)."""
    live, back = state.live, state.returning
    key = (
        id(action),
        -1 if live is None else live.card,
        back is not None and back.door != seat,
        lang,
    )
    hit = _LABELS.get(key)
    if hit is not None and hit[0] is action:
        return hit[1]
    text = _words(action, key[1], key[2], lang)
    _LABELS[key] = (action, text)
    return text


def action_cards(state: ChanState, seat: int, action: Action) -> tuple[str, ...]:
    """The cards the action moves: the card thrown, the pair eaten, the four of a chíu."""
    live = state.live_card
    key = (id(action), live)
    hit = _CARDS.get(key)
    if hit is not None and hit[0] is action:
        return hit[1]
    k: int = getattr(action, "card", -1)
    cards: tuple[str, ...] = ()
    match action.verb:
        case "discard" | "return":
            cards = (KINDS.codes[k],)
        case "eat" if live >= 0:
            cards = (KINDS.codes[k], KINDS.codes[live])
        case "chiu" if live >= 0:
            cards = (KINDS.codes[live],) * 4
    _CARDS[key] = (action, cards)
    return cards


# -- typed answers ----------------------------------------------------------------------------


def parse(state: ChanState, seat: int, text: str, lang: Lang = "vi") -> Action:
    """The legal action ``text`` names: a move's name or label, or one card (đánh, trả cửa
    or ăn with it). NotationError in ``lang`` otherwise."""
    legal = state.legal_actions(seat)
    key = normalize_name(text)
    for action in legal:
        if normalize_name(label(state, seat, action, "vi")) == key:
            return action
        if normalize_name(label(state, seat, action, "en")) == key:
            return action
    if key in WORDS:
        if WORDS[key] in legal:
            return WORDS[key]
        raise NotationError(
            pick(
                (f"Lúc này không thể {text.strip()!r}", f"{text.strip()!r} is not possible now"),
                lang,
            )
        )
    try:
        kinds = parse_cards(text)
    except NotationError as exc:
        raise NotationError(card_error(text, exc, lang), token=exc.token) from None
    if len(kinds) != 1:
        raise NotationError(
            pick(("Hãy gõ đúng một quân (ví dụ 9W)", "Type one card (e.g. 9W)"), lang)
        )
    k = kinds[0]
    for verb in ("return", "discard", "eat"):
        for action in legal:
            if action.verb == verb and getattr(action, "card", None) == k:
                return action
    verbs = {a.verb for a in legal}
    code = KINDS.codes[k]
    if verbs & {"discard", "return"}:
        why = (
            f"Không đánh được {code}: trên tay không có quân đó",
            f"Cannot discard {code}: not in your hand",
        )
    elif "eat" in verbs:
        why = (f"Không ăn được với {code}", f"Cannot eat with {code}")
    else:
        why = (f"Lúc này không dùng quân {code} được", f"{code} cannot be used now")
    raise NotationError(pick(why, lang), token=text)


def card_error(text: str, exc: NotationError, lang: Lang) -> str:
    """A card of ``text`` that ``parse_cards`` cannot read (``exc``), in ``lang``: what to
    type instead (``chieu play``'s prompt, ``chieu check``)."""
    token = exc.token or text.strip()
    if normalize_name(token) == "van":
        return pick(
            (
                "Không hiểu 'van': viết 'vạn' (V) hay 'văn' (W), hoặc mã như 2V / 2W",
                "'van' is ambiguous: write 'vạn' (V) or 'văn' (W), or a code like 2V / 2W",
            ),
            lang,
        )
    return pick(
        (
            f"Không hiểu {token!r}: gõ mã quân như 9W hoặc tên như 'cửu văn'",
            f"Cannot read {token!r}: type a code like 9W or a name like 'cửu văn'",
        ),
        lang,
    )


# -- events -----------------------------------------------------------------------------------


def describe(state: ChanState, event: Event, viewer: int | None, lang: Lang = "vi") -> str:
    """The event in words, as ``viewer`` knows it (remembered per event, viewer, language)."""
    return cached_describe(state, event, viewer, lang, _describe)


def _describe(e: Event, viewer: int | None, lang: Lang) -> str:
    who = seat_name(e.actor, viewer, lang)
    d = e.data

    def name(kind: object) -> str:
        return card_name(int(kind), lang)  # type: ignore[call-overload]

    match e.type:
        case "deal":
            return pick(("chia bài", "the cards are dealt"), lang)
        case "hand":
            n = d.get("size", "?")
            return pick((f"{who} được chia {n} quân", f"{who}: {n} cards dealt"), lang)
        case "bat_cai":
            cai = seat_name(d["cai_seat"], viewer, lang)
            c = name(d["cai_card"])
            return pick(
                (
                    f"{who} bắt cái, quân cái {c}: {cai} làm cái",
                    f"{who} cuts; the cái card {c}: {cai} is the cái",
                ),
                lang,
            )
        case "action":
            return _move(e, who, lang)
        case "claim":
            verb = d["action"]["verb"]
            c = name(d["card"]) if "card" in d else ""
            if verb == "chiu":
                return pick((f"{who} chíu {c}", f"{who} chíu {c}"), lang)
            return pick((f"{who} ù {c}", f"{who} claims ù on {c}"), lang)
        case "fault":
            # the offender reads the explanation (it names cards of his hand); the table the
            # fault in general words (faults.fault_event); the penalty in English
            fine = pick(PENALTY_WORDS.get(str(d.get("penalty")), ("", "")), lang)
            why = d.get("explanation") or d.get("public") or ""
            return pick(
                (
                    f"{who} phạm lỗi {d['name']}: {why}" if why else f"{who} phạm lỗi {d['name']}",
                    f"{who} commits {d['name']} ({fine})",  # the explanation is Vietnamese
                ),
                lang,
            )
        case "bao":
            return pick((f"{who} bị báo: ngồi yên đến hết ván", f"{who} is reported (báo)"), lang)
        case "show":
            return pick((f"{who} lật bài", f"{who} lays the hand down"), lang)
        case "win":
            cuoc = ", ".join(str(h["name"]) for h in d.get("cuoc", ()))
            return pick(
                (f"{who} ù, {d['score']} điểm: {cuoc}", f"{who} wins, {d['score']} points: {cuoc}"),
                lang,
            )
        case "u_void":
            return pick(
                (
                    f"ù của {who} bị hủy: đền làng {d['score']} điểm",
                    f"{who}'s win is void: pays {d['score']} to each",
                ),
                lang,
            )
        case "xuong":
            ok = pick(("đúng", "correct") if d.get("correct") else ("sai", "wrong"), lang)
            said = ", ".join(
                CUOC_NAMES.get(c, c) + (f" ×{n}" if n > 1 else "")
                for c, n in d.get("declared", {}).items()
            ) or pick(("không cước nào", "nothing"), lang)
            return pick((f"{who} xướng {said}: {ok}", f"{who} announces {said}: {ok}"), lang)
        case "u_thieu_diem":
            return pick(
                (
                    f"ù thiếu điểm: {d['score']} < {d['min']}",
                    f"a win below the minimum: {d['score']} < {d['min']}",
                ),
                lang,
            )
        case "end":
            term = pick(TERMINATION.get(str(d.get("termination")), ("?", "?")), lang)
            winner = d.get("winner")
            if winner is not None:
                w = seat_name(winner, viewer, lang)
                return pick(
                    (
                        f"hết ván: {w} ù, {d.get('score')} điểm",
                        f"game over: {w} wins, {d.get('score')} points",
                    ),
                    lang,
                )
            return pick((f"hết ván: {term}", f"game over: {term}"), lang)
    return pick(EVENT_KINDS.get(e.type, (e.type, e.type)), lang)


def _move(e: Event, who: str, lang: Lang) -> str:
    d = e.data
    act = d.get("action", {})
    verb = act.get("verb")
    k = act.get("card")
    c = card_name(k, lang) if isinstance(k, int) else ""
    match verb:
        case "discard":
            return pick((f"{who} đánh {c}", f"{who} discards {c}"), lang)
        case "return":
            return pick((f"{who} trả cửa {c}", f"{who} returns {c} to the door"), lang)
        case "eat":
            live = d.get("card")
            if live == k:
                return pick((f"{who} ăn chắn {c}", f"{who} eats {c} (chắn)"), lang)
            lc = card_name(live, lang) if isinstance(live, int) else "?"
            return pick((f"{who} ăn cạ {lc} với {c}", f"{who} eats {lc} with {c} (cạ)"), lang)
        case "draw":
            drawn = d.get("card")
            dc = card_name(drawn, lang) if isinstance(drawn, int) else ""
            return pick((f"{who} bốc {dc}", f"{who} draws {dc}"), lang)
        case "pass":
            return pick((f"{who} dưới", f"{who} passes it on (dưới)"), lang)
        case "win" if e.visible_to is not None:  # a claim answer, known to its seat only
            return pick((f"{who} chọn ù", f"{who} chose ù"), lang)
        case "win":
            return pick((f"{who} ù", f"{who} declares ù"), lang)
        case "chiu":
            return pick((f"{who} chọn chíu", f"{who} chose chíu"), lang)
        case "decline":
            return pick((f"{who} bỏ qua", f"{who} let it go"), lang)
        case "announce":
            cid = str(act.get("cuoc", ""))
            return pick(
                (
                    f"{who} xướng {CUOC_NAMES.get(cid, cid)}",
                    f"{who} announces {CUOC_NAMES.get(cid, cid)}",
                ),
                lang,
            )
        case "announce_done":
            return pick((f"{who} xướng xong", f"{who} ends the announcement"), lang)
    return pick(("một nước đi", "a move"), lang)


# -- words the hints and the result share -----------------------------------------------------


def named_card(kind: int, lang: Lang) -> str:
    """``9W (cửu văn)``."""
    return f"{KINDS.codes[kind]} ({card_name(kind, lang)})"


def group_codes(kinds: Sequence[int]) -> str:
    """A group compact (``2V2V``, ``3S3W``), with spaces where Chi chi is (``CC CC``)."""
    return (" " if CC in kinds else "").join(KINDS.codes[k] for k in kinds)


def cuoc_terms(hits: Sequence[PatternHit], rules: Rules) -> str:
    """``Bạch thủ 4 + Chì 1 + Lèo ×2 4``: what each cước adds (A5.3)."""
    return " + ".join(
        f"{h.name}{f' ×{h.count}' if h.count > 1 else ''} {points}"
        for h, points in scoring.breakdown(hits, rules)
    )


class ChanNotation:
    """The ``core.notation.Notation`` of Chắn (the module's functions)."""

    event_kinds = EVENT_KINDS
    card = staticmethod(card)
    card_name = staticmethod(card_name)
    phase_label = staticmethod(phase_label)
    label = staticmethod(label)
    action_cards = staticmethod(action_cards)
    parse = staticmethod(parse)
    describe = staticmethod(describe)


NOTATION = ChanNotation()
