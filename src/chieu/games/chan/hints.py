"""Chắn's advice to a seat (the kit's ``hints``), from what it sees.

``hints`` reads the seat's hand and what it has seen (mats, doors, hands laid down, the cái
card): its chắn and quân què, its waits by name or its distance to a wait, the best two or
three cards to đánh or trả cửa, whether to ăn, bốc or chíu, an ù to take, the cước to
announce, and the faults to avoid. Words come from ``notation`` (cards ``9W (cửu văn)``,
seats ``Người 2`` / ``Bạn``, move labels).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from chieu.core.actions import Action
from chieu.core.notation import Lang, pick, seat_name
from chieu.games.chan import actions as A
from chieu.games.chan import analysis as an
from chieu.games.chan import claims, scoring
from chieu.games.chan.cards import CC, KINDS, NUM_KINDS
from chieu.games.chan.faults import blocked_discards, fault_messages
from chieu.games.chan.notation import PENALTY_WORDS, cuoc_terms, group_codes, label, named_card
from chieu.games.chan.patterns import CUOC_NAMES

if TYPE_CHECKING:
    from chieu.games.chan.state import ChanState

WAIT_WORDS: dict[str, tuple[str, str]] = {
    an.BACH_THU: ("bạch thủ", "bạch thủ: one card"),
    an.BACH_THU_CHI: ("bạch thủ chi", "bạch thủ chi: Chi chi only"),
    an.RONG: ("ù rộng", "ù rộng: any suit of the rank"),
}


def unseen(state: ChanState, seat: int) -> list[int]:
    """The copies of each kind ``seat`` has not seen: not in its hand, on no mat, in no door,
    in no hand laid down, and not the face-up cái card while the cái still holds it."""
    left = [4 - n for n in state.seats[seat].hand]
    shown = state.revealed()
    for s, other in enumerate(state.seats):
        for group, _ in other.mat:
            for k in group:
                left[k] -= 1
        for k in other.door:
            left[k] -= 1
        if s != seat and s in shown:
            left = [n - h for n, h in zip(left, other.hand, strict=True)]
    if state.cai_card_held and state.cai_seat != seat and state.cai_seat not in shown:
        left[state.cai_card] -= 1
    return [max(0, n) for n in left]


def _distance_words(d: int, lang: Lang) -> str:
    if d == 0:
        return pick(("đang chờ ù", "waiting"), lang)
    if d >= 99:
        return pick(("không thể đủ 6 chắn nữa", "6 chắn are out of reach"), lang)
    return pick((f"cách chờ ù {d} lần thay quân", f"{d} exchange(s) from a wait"), lang)


def _waits_words(w: an.Waits, left: Sequence[int], lang: Lang) -> str:
    """``4V (tứ vạn), 4S (tứ sách) — ù rộng, còn 5 quân chưa lộ``."""
    cards = ", ".join(named_card(k, lang) for k in w.kinds)
    n = sum(left[k] for k in w.kinds)
    kind = pick(WAIT_WORDS.get(w.kind or "", ("", "")), lang)
    if n == 0:
        rest = pick(("đã lộ hết, nên đổi chờ", "all of them are out: change the wait"), lang)
    else:
        rest = pick((f"còn {n} quân chưa lộ", f"{n} not seen yet"), lang)
    return f"{cards} — {kind}, {rest}"


def _hand_line(hand: Sequence[int], mat_chan: int, lang: Lang) -> str:
    """``Chắn: 3 trên tay + 1 dưới chiếu = 4 (cần 6). Quân què: 4V, 8W; ba đầu 9V9S9W.``"""
    held = an.count_chan(hand)
    g = an.grouping(hand)
    que = ", ".join(KINDS.codes[k] for k in g.que) or pick(("không có", "none"), lang)
    line = pick(
        (
            f"Chắn: {held} trên tay + {mat_chan} dưới chiếu = {held + mat_chan} (cần 6). "
            f"Quân què: {que}",
            f"Chắn: {held} in hand + {mat_chan} on the mat = {held + mat_chan} (6 needed). "
            f"Què: {que}",
        ),
        lang,
    )
    if g.ba_dau:
        three = " ".join(group_codes(range((r - 2) * 3, (r - 2) * 3 + 3)) for r in g.ba_dau)
        line += pick(("; ba đầu ", "; ba đầu "), lang) + three
    return line + "."


def _position_line(hand: Sequence[int], mat_chan: int, left: Sequence[int], lang: Lang) -> str:
    """Between turns: the waits by name, chờ chi rộng, or the distance to a wait."""
    w = an.waits(hand, mat_chan)
    if w:
        return pick(("Đang chờ ù: ", "Waiting on: "), lang) + _waits_words(w, left, lang) + "."
    if w.chi_rong:
        return pick(
            (
                "Chờ chi rộng: đã đủ 6 chắn thì không được ù chi chi, nên đổi chờ.",
                "Chờ chi rộng: with 6 chắn you may not win on Chi chi; change the wait.",
            ),
            lang,
        )
    d = an.distance(hand, mat_chan)
    return pick(("Chưa chờ ù: ", "Not waiting: "), lang) + _distance_words(d, lang) + "."


def _option_words(o: an.DiscardOption, verb: str, lang: Lang) -> str:
    """``đánh 9W: quân què, không phá chắn/cạ nào; sau đó chờ ù 4V (tứ vạn)``."""
    code = KINDS.codes[o.kind]
    match o.group:
        case "que":
            why = pick(("quân què, không phá chắn/cạ nào", "a què: breaks no pair"), lang)
            if o.chances == 0:
                why += pick((", không còn quân nào ghép được", ", nothing left to pair it"), lang)
        case "ba_dau":
            rest = group_codes(o.partners)
            why = pick(
                (
                    f"một quân của ba đầu, còn lại cạ {rest}",
                    f"one of a ba đầu, the cạ {rest} stays",
                ),
                lang,
            )
        case "ca":
            pair = group_codes((o.kind, *o.partners))
            why = pick((f"phá cạ {pair}", f"breaks the cạ {pair}"), lang)
        case _:
            why = pick((f"phá chắn {code}{code}", f"breaks the chắn {code}{code}"), lang)
    if o.waits:
        cards = ", ".join(named_card(k, lang) for k in o.waits.kinds)
        after = pick((f"sau đó chờ ù {cards}", f"then waiting on {cards}"), lang)
    else:
        after = pick(("sau đó ", "then "), lang) + _distance_words(o.distance, lang)
    return f"{verb} {code}: {why}; {after}"


def _clean(state: ChanState, seat: int, verb: str) -> list[int]:
    """The kinds ``seat`` may đánh (or trả cửa: ``verb`` "return") now without a fault."""
    blocked = blocked_discards(state, seat, verb == "return")
    cards = [a.card for a in state.legal_actions(seat) if a.verb == verb]  # type: ignore[attr-defined]
    return [k for k in cards if k not in blocked]


def _discard_lines(state: ChanState, seat: int, verb: str, lang: Lang) -> list[str]:
    """The best two or three cards to đánh (or trả cửa), each with its reason."""
    me = state.seats[seat]
    out = []
    if verb == "return" and state.return_door is not None:
        door = seat_name(state.return_door, seat, lang)
        out.append(
            pick(
                (
                    f"Chíu xong phải trả cửa: một quân vào cửa {door}, nơi quân chíu nằm.",
                    f"After the chíu, return a card into {door}'s door, where the card lay.",
                ),
                lang,
            )
        )
    allowed = _clean(state, seat, verb)
    if not allowed:
        out.append(
            pick(
                ("Quân nào đánh ra cũng phạm lỗi.", "Every card you could give up is a fault."),
                lang,
            )
        )
        return out
    opts = an.discard_options(me.hand, me.mat_chan, allowed=allowed, unseen=unseen(state, seat))
    word = pick(("trả cửa", "return") if verb == "return" else ("đánh", "discard"), lang)
    out.append(
        pick(
            ("Nên trả cửa:", "Best to return:")
            if verb == "return"
            else ("Nên đánh:", "Best discards:"),
            lang,
        )
    )
    out += [f"  {i}. {_option_words(o, word, lang)}" for i, o in enumerate(opts[:3], 1)]
    return out


def _take_lines(state: ChanState, seat: int, legal: Sequence[Action], lang: Lang) -> list[str]:
    """Ăn or bốc (dưới): each eat free of faults is tried on a copy (the discard after it must
    be free of faults too) and ranked against keeping the hand; letting the card go has its
    cost (bỏ ăn chắn, ăn chọn cạ)."""
    me = state.seats[seat]
    live = state.live
    assert live is not None
    card = live.card
    left = unseen(state, seat)
    now = an.distance(me.hand, me.mat_chan)
    ranked: list[tuple[int, int, str]] = []
    discard = pick(("đánh", "discard"), lang)
    for action in legal:
        if action.verb != "eat" or fault_messages(state, seat, action):
            continue
        trial = state.clone()
        trial.apply(action, seat)
        mine = trial.seats[seat]
        allowed = _clean(trial, seat, "discard")
        opts = an.discard_options(mine.hand, mine.mat_chan, allowed=allowed, unseen=left)
        chan = action == A.EAT[card]
        what = label(state, seat, action, lang)
        if not opts:
            ranked.append(
                (
                    100,
                    1,
                    pick(
                        (
                            f"{what}: sau đó quân nào đánh ra cũng phạm lỗi",
                            f"{what}: every discard after it is a fault",
                        ),
                        lang,
                    ),
                )
            )
            continue
        gain = pick(
            ("thêm một chắn", "one more chắn") if chan else ("thêm một cạ", "one more cạ"), lang
        )
        then = pick(("rồi", "then"), lang)
        ranked.append(
            (
                opts[0].distance,
                0 if chan else 2,
                f"{what}: {gain}; {then} {_option_words(opts[0], discard, lang)}",
            )
        )
    keep = next(a for a in legal if a.verb in ("draw", "pass"))
    words = pick(("giữ bài như cũ", "keep the hand"), lang) + ", " + _distance_words(now, lang)
    if me.hand[card]:
        words += pick(
            (
                f"; từ nay không được đánh hay ăn {KINDS.codes[card]} (bỏ ăn chắn)",
                f"; {KINDS.codes[card]} may then never be discarded or eaten (bỏ ăn chắn)",
            ),
            lang,
        )
    if card != CC and any(me.hand[k] for k in an.mates(card)[1:]):
        rank = card // 3 + 2
        words += pick(
            (
                f"; không được ăn cạ hàng {rank} nữa (ăn chọn cạ)",
                f"; no cạ of rank {rank} may be eaten later (ăn chọn cạ)",
            ),
            lang,
        )
    # a tie goes to keeping the hand, unless letting a card go locks a single copy of it
    ranked.append((now, me.hand[card] % 2 or -1, f"{label(state, seat, keep, lang)}: {words}"))
    ranked.sort()
    head = pick(("Nên chọn:", "Best choices:"), lang)
    return [head, *(f"  {i}. {text}" for i, (_, _, text) in enumerate(ranked[:3], 1))]


def _chiu_line(state: ChanState, seat: int, lang: Lang) -> str:
    """What a chíu gives: two chắn on the mat, then the best card to đánh or trả cửa."""
    me = state.seats[seat]
    live = state.live
    assert live is not None
    hand = list(me.hand)
    hand[live.card] -= 3
    returning = state._decider_of_live() != seat
    blocked = blocked_discards(state, seat, returning)
    allowed = [k for k in range(NUM_KINDS) if hand[k] and k not in blocked]
    opts = an.discard_options(hand, me.mat_chan + 2, allowed=allowed, unseen=unseen(state, seat))
    what = label(state, seat, A.CHIU, lang)
    gain = pick(("thêm hai chắn dưới chiếu", "two more chắn on the mat"), lang)
    if not opts:
        return pick(
            (
                f"{what}: {gain}, nhưng sau đó quân nào đánh ra cũng phạm lỗi.",
                f"{what}: {gain}, but every card after it is a fault.",
            ),
            lang,
        )
    verb = pick(("trả cửa", "return") if returning else ("đánh", "discard"), lang)
    better = opts[0].distance <= an.distance(me.hand, me.mat_chan)
    head = pick(("Nên " if better else "Cân nhắc: ", "Good: " if better else "Think: "), lang)
    then = pick(("rồi", "then"), lang)
    return f"{head}{what}: {gain}; {then} {_option_words(opts[0], verb, lang)}."


def _fault_lines(state: ChanState, seat: int, legal: Sequence[Action], lang: Lang) -> list[str]:
    """One ⚠ line per fault some legal action would commit (referee mode): the actions, the
    fault and its penalty, and (in Vietnamese) why."""
    by_rule: dict[str, tuple[str, str, str, list[str]]] = {}
    for action in legal:
        for rule, why in fault_messages(state, seat, action):
            entry = by_rule.setdefault(rule.id, (rule.name, rule.penalty, why, []))
            entry[3].append(label(state, seat, action, lang))
    out = []
    for name, penalty, why, labels in by_rule.values():
        shown = ", ".join(labels[:4]) + (f" (+{len(labels) - 4})" if len(labels) > 4 else "")
        fine = pick(PENALTY_WORDS.get(penalty, (penalty, penalty)), lang)
        out.append(
            pick((f"⚠ {shown}: lỗi {name} ({fine}): {why}", f"⚠ {shown}: {name} ({fine})"), lang)
        )
    return out


def _win_now(state: ChanState, seat: int, lang: Lang) -> str:
    """``Bạn ù được ngay trên 6S (lục sách)! Bạch thủ 4 + Chì 1 = 5 điểm. Chọn ù.``"""
    hits, score = scoring.evaluate(claims.win_context(state, seat), state.rules)
    cuoc = cuoc_terms(hits, state.rules)
    if state.live is None:
        return pick(
            (
                f"Bạn thiên ù được! {cuoc} = {score} điểm. Chọn ù.",
                f"You can win at once (thiên ù)! {cuoc} = {score} points. Choose ù.",
            ),
            lang,
        )
    card = named_card(state.live.card, lang)
    return pick(
        (
            f"Bạn ù được ngay trên {card}! {cuoc} = {score} điểm. Chọn ù.",
            f"You can win on {card} now! {cuoc} = {score} points. Choose ù.",
        ),
        lang,
    )


def _announce_lines(state: ChanState, lang: Lang) -> list[str]:
    """Xướng: the hand's true cước, and what has been announced so far."""
    cuoc = cuoc_terms(state.hits, state.rules)
    out: list[str] = [
        pick(
            (
                f"Cước của bạn: {cuoc} = {state.true_score} điểm. Xướng từng cước rồi chọn "
                "xướng xong; xướng thừa là xướng sai.",
                f"Your cước: {cuoc} = {state.true_score} points. Announce each, then end the "
                "announcement; announcing one you do not have is xướng sai.",
            ),
            lang,
        )
    ]
    if state.announced:
        said = ", ".join(
            CUOC_NAMES.get(c, c) + (f" ×{n}" if n > 1 else "") for c, n in state.announced.items()
        )
        out.append(pick(("Đã xướng: ", "Announced: "), lang) + said + ".")
    return out


def hints(state: ChanState, seat: int, lang: Lang = "vi") -> list[str]:
    """Advice for ``seat`` from what it sees: its chắn and quân què, its waits by name (or how
    far it is from a wait), the best two or three cards to đánh or trả cửa (or whether to ăn,
    bốc or chíu) with the reason of each, an ù it can take now, and the faults to avoid."""
    me = state.seats[seat]
    legal = state.legal_actions(seat)
    out = []
    if me.bao:
        out.append(
            pick(
                ("Bạn đã bị báo: ngồi yên đến hết ván.", "You are reported (báo): you sit out."),
                lang,
            )
        )
    out.append(_hand_line(me.hand, me.mat_chan, lang))
    if state.phase == "announce":
        return out + _announce_lines(state, lang)
    verbs = {a.verb for a in legal}
    if (
        A.WIN in legal
        and state.win_verdict(seat) is None
        and not fault_messages(state, seat, A.WIN)
    ):
        out.append(_win_now(state, seat, lang))
    elif sum(me.hand) % 2:
        out.append(_position_line(me.hand, me.mat_chan, unseen(state, seat), lang))
    if "return" in verbs or "discard" in verbs:
        out += _discard_lines(state, seat, "return" if "return" in verbs else "discard", lang)
    elif verbs & {"eat", "draw", "pass"}:
        out += _take_lines(state, seat, legal, lang)
    if A.CHIU in legal:
        out.append(_chiu_line(state, seat, lang))
    return out + _fault_lines(state, seat, legal, lang)
