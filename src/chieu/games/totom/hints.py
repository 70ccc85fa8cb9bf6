"""Tổ tôm's advice to a seat (the kit's ``hints``), from what it may see (``advice``):
its hand sorted into phu, cạ and quân lẻ with its lưng, its waits or how far it is from one,
the best discards (trả cửa), takes or claims with their reason, the khàn to keep (bất thực),
the cước to call, its marks, and the faults to avoid (referee mode)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from chieu.core.actions import Action
from chieu.core.notation import Lang, pick, seat_name
from chieu.games.totom import actions as A
from chieu.games.totom import advice, claims
from chieu.games.totom.cards import NUM_KINDS
from chieu.games.totom.faults import ALL_FAULTS, win_penalty
from chieu.games.totom.lexicon import CODES, PENALTY_WORDS, named
from chieu.games.totom.notation import label
from chieu.games.totom.patterns import CUOC_NAMES
from chieu.games.totom.phu import KHAN, PHONG, QUAD
from chieu.games.totom.words import (
    FAULT_WHY,
    cuoc_line,
    give_text,
    group_words,
    hand_lines,
    option_words,
    position_line,
    status_words,
    waits_codes,
)

if TYPE_CHECKING:
    from chieu.games.totom.state import TotomState


FAULTS_BY_ID = {f.id: f for f in ALL_FAULTS}


def hints(state: TotomState, seat: int, lang: Lang = "vi") -> list[str]:
    """Advice for ``seat`` from what it may see: its hand sorted into phu, cạ and quân lẻ with
    its lưng, its waits by name (with the unseen copies) or how far it is from one, the best
    two or three discards (trả cửa), takes or claims with the reason of each, an ù it can take
    now with its cước, the cước to call, its marks, and the faults to avoid (referee mode)."""
    if state.phase == "end":
        return []
    me = state.seats[seat]
    rules = state.rules
    legal = state.legal_actions(seat)
    out = _mark_lines(state, seat, lang)
    if state.phase == "call":
        if state.actor != seat:
            return out
        return out + _call_lines(state, lang) + _fault_lines(state, seat, legal, lang)
    free, fixed = me.free(), me.fixed()
    left = advice.unseen(state, seat)
    out += hand_lines(advice.arrange(free, rules), me, rules, lang)
    now: advice.Status | None = None
    if state.phase != "discard":  # 20 cards: the waits as they stand
        now = advice.status(free, fixed, rules, left)
        out.append(position_line(now, rules, left, lang))
    verbs = {a.verb for a in legal}
    if state.phase == "arrange" and verbs & {"bat_thuc"}:
        out += _arrange_lines(state, seat, legal, left, lang)
    elif state.window is not None and legal and now is not None:
        out += _claim_lines(state, seat, legal, left, now, lang)
    elif verbs & {"eat", "extend", "draw", "pass"} and now is not None:
        out += _take_lines(state, seat, legal, left, now, lang)
    elif verbs & {"discard", "lay_copies"}:
        out += _discard_lines(state, seat, legal, left, lang)
    return out + _fault_lines(state, seat, legal, lang)


def _mark_lines(state: TotomState, seat: int, lang: Lang) -> list[str]:
    """The seat's boat or glasses, a win it let go, a fault that voids its win."""
    out = []
    setup = state.setup
    if seat in setup["boats"]:
        out.append(
            pick(
                (
                    "Bạn đang chèo đò: ván ù tới là trả đò, không được điểm.",
                    "You carry a boat (chèo đò): your next win pays it back and scores nothing.",
                ),
                lang,
            )
        )
    elif seat in setup["glasses"]:
        out.append(
            pick(
                (
                    "Bạn đang đeo kính: ván ù tới không được thông.",
                    "You wear glasses: no thông at your next win.",
                ),
                lang,
            )
        )
    me = state.seats[seat]
    penalty = win_penalty([f for f in state.faults if f.seat == seat], seat)
    if penalty:
        what = pick(PENALTY_WORDS.get(penalty, (penalty, penalty)), lang)
        out.append(
            pick(
                (
                    f"Bạn đã phạm lỗi ván này ({what}): ù cũng không được điểm.",
                    f"You committed a fault this game ({what}): a win scores nothing.",
                ),
                lang,
            )
        )
    elif me.missed:
        codes = waits_codes(me.missed)
        out.append(
            pick(
                (
                    f"Bạn đã bỏ ù ({codes}): ù ván này sẽ bị đeo kính, không được điểm.",
                    f"You let a win go ({codes}): a win this game scores nothing (đeo kính).",
                ),
                lang,
            )
        )
    return out


def _call_lines(state: TotomState, lang: Lang) -> list[str]:
    """Declared hô: the hand's true cước, what was called, what is left to call."""
    true = {h.id: h.count for h in state.hits if h.id != "u_suong"}
    out = [
        pick(
            (
                f"Cước của bạn: {cuoc_line(true, state.rules, lang)}. Hô từng cước rồi hô xong; "
                "hô thừa là ù nhỏ hô to (chèo đò), hô thiếu chỉ được tính phần đã hô.",
                f"Your cước: {cuoc_line(true, state.rules, lang)}. Call each, then end the "
                "calls; calling more is ù nhỏ hô to (chèo đò), calling less scores only what "
                "was called.",
            ),
            lang,
        )
    ]
    if state.called:
        said = ", ".join(f"{CUOC_NAMES.get(c, c)} ×{n}" for c, n in state.called.items())
        out.append(pick(("Đã hô: ", "Called: "), lang) + said + ".")
    todo = {c: n - state.called.get(c, 0) for c, n in true.items() if n > state.called.get(c, 0)}
    if todo:
        rest = ", ".join(
            f"{CUOC_NAMES.get(c, c)}{f' ×{n}' if n > 1 else ''}" for c, n in todo.items()
        )
        out.append(pick(("Còn hô: ", "Still to call: "), lang) + rest + ".")
    else:
        out.append(pick(("Đã hô đủ: chọn hô xong.", "All called: end the calls."), lang))
    return out


def _clean_discards(state: TotomState, seat: int, legal: Sequence[Action]) -> list[int]:
    """The cards ``seat`` may give up now without a fault."""
    return [
        a.card  # type: ignore[attr-defined]
        for a in legal
        if a.verb == "discard" and state.fault_of(seat, a) is None
    ]


def _discard_lines(
    state: TotomState, seat: int, legal: Sequence[Action], left: Sequence[int], lang: Lang
) -> list[str]:
    """After an eat or a take: hạ quân trùng first, where a trả cửa goes, the best cards."""
    me = state.seats[seat]
    out = []
    if A.LAY in legal and state.eaten >= 0:
        c = CODES[state.eaten]
        out.append(
            pick(
                (
                    f"Hạ quân trùng {c} lên phu vừa ăn trước đã: đánh ngay là treo tranh trái vỉ "
                    "(đeo kính).",
                    f"Lay your copies of {c} on the phu first: discarding now is treo tranh "
                    "trái vỉ (đeo kính).",
                ),
                lang,
            )
        )
    door = state.return_door if state.return_door >= 0 else seat
    if door != seat:
        owner = seat_name(door, seat, lang)
        nxt = seat_name((door + 1) % state.num_players, seat, lang)
        out.append(
            pick(
                (
                    f"Trả cửa: quân bạn trả nằm ở cửa {owner}, coi như {owner} đánh ra; {nxt} "
                    "quyết quân đó.",
                    f"Trả cửa: the card you give back lies in {owner}'s door as if {owner} had "
                    f"discarded it; {nxt} decides on it.",
                ),
                lang,
            )
        )
    allowed = _clean_discards(state, seat, legal)
    if not allowed:
        if any(a.verb == "discard" for a in legal) and A.LAY not in legal:
            out.append(
                pick(
                    (
                        "Quân nào đánh ra lúc này cũng phạm lỗi.",
                        "Every card you could give up is a fault.",
                    ),
                    lang,
                )
            )
        return out
    opts = advice.discard_options(me.free(), me.fixed(), state.rules, left, allowed)
    head = pick(
        ("Nên đánh:", "Best discards:") if door == seat else ("Nên trả cửa:", "Best to return:"),
        lang,
    )
    out.append(head)
    out += [f"  {i}. {give_text(o, state, seat, door, lang)}" for i, o in enumerate(opts[:3], 1)]
    return out


def _keep_words(
    state: TotomState, seat: int, action: Action, now: advice.Status, lang: Lang
) -> str:
    words = pick(("giữ bài, ", "keep the hand, "), lang) + status_words(now, state.rules, lang)
    return f"{label(state, seat, action, lang)}: {words}"


def _take_lines(
    state: TotomState,
    seat: int,
    legal: Sequence[Action],
    left: Sequence[int],
    now: advice.Status,
    lang: Lang,
) -> list[str]:
    """Ăn (a new phu or one laid, longer) or xin / bỏ lượt: each eat is tried on a copy, with
    the best discard after it, and ranked against keeping the hand."""
    rules = state.rules
    ranked: list[tuple[tuple[int, int], int, str]] = []
    for action in legal:
        if action.verb not in ("eat", "extend") or state.fault_of(seat, action) is not None:
            continue
        trial = state.clone()
        trial.apply(action, seat)
        laid = A.LAY in trial.legal_actions(seat)
        if laid:
            trial.apply(A.LAY, seat)
        mine = trial.seats[seat]
        allowed = _clean_discards(trial, seat, trial.legal_actions(seat))
        opts = advice.discard_options(mine.free(), mine.fixed(), rules, left, allowed)
        if not opts:
            continue
        phu = mine.mat[-1]
        if action.verb == "extend":
            gain = pick(("nối dài phu trên chiếu", "a longer phu on the mat"), lang)
        elif phu.is_lung(rules):
            gain = pick(("thêm một lưng", "one more lưng"), lang)
        else:
            gain = pick(("thêm một phu", "one more phu"), lang)
        if laid:
            gain += pick((", hạ quân trùng", ", lay the copies"), lang)
        then = pick(("rồi", "then"), lang)
        best = option_words(opts[0], pick(("đánh", "discard"), lang), rules, lang)
        text = f"{label(state, seat, action, lang)}: {gain}; {then} {best}"
        ranked.append((opts[0].after.key(rules), 1, text))
    keep = next((a for a in legal if a.verb in ("draw", "pass")), None)
    if keep is not None:
        ranked.append((now.key(rules), 0, _keep_words(state, seat, keep, now, lang)))
    ranked.sort(key=lambda r: (r[0], r[1]))
    shown = ranked[:3] + [r for r in ranked[3:] if r[1] == 0]  # keeping the hand, always
    head = pick(("Nên chọn:", "Best choices:"), lang)
    return [head, *(f"  {i}. {text}" for i, (_, _, text) in enumerate(shown, 1))]


def _after_take(
    state: TotomState, seat: int, take: Action, left: Sequence[int]
) -> tuple[list[advice.Option], int]:
    """Phỗng or dậy khàn of the live card on paper: the ranked cards to give back after it,
    and the door they go to."""
    me = state.seats[seat]
    live = state.live
    assert live is not None
    k = live.card
    free = list(me.free())
    fixed = list(me.fixed())
    if take is A.PHONG:
        free[k] -= 2
        fixed.append(PHONG[k])
    else:
        if KHAN[k] in fixed:
            fixed.remove(KHAN[k])
        free[k] = 0
        fixed.append(QUAD[k])
    jump = state.rules.claim_turn_jump or seat == state.decider()
    door = seat if jump else live.door
    allowed = [x for x in range(NUM_KINDS) if free[x]]
    return advice.discard_options(free, fixed, state.rules, left, allowed), door


def _claim_lines(
    state: TotomState,
    seat: int,
    legal: Sequence[Action],
    left: Sequence[int],
    now: advice.Status,
    lang: Lang,
) -> list[str]:
    """Ù now (with its cước), dậy khàn (compulsory), phỗng weighed against letting it go."""
    live = state.live
    assert live is not None
    out = []
    rules = state.rules
    card = named(live.card, lang)
    if A.WIN in legal:
        value = advice.win_value(state, seat)
        if value is not None:
            hits, _ = value
            counts = {h.id: h.count for h in hits}
            cuoc = cuoc_line(counts, rules, lang)
            line = pick(
                (
                    f"Bạn ù được ngay trên {card}! Cước: {cuoc}. Chọn ù.",
                    f"You can win on {card} now! Cước: {cuoc}. Choose ù.",
                ),
                lang,
            )
            if seat in state.setup["boats"]:
                line += pick(
                    (
                        " (Đang chèo đò: ù này là trả đò, không được điểm.)",
                        " (Your boat: this win pays it back, 0 points.)",
                    ),
                    lang,
                )
            if rules.ho == "declared":
                line += pick(
                    (" Sau đó hô đúng các cước trên.", " Then call exactly these cước."), lang
                )
            return [line]
        shape = claims.win_check(state, seat).shape
        lung = shape.lung if shape is not None else 0
        out.append(
            pick(
                (
                    f"Ù {card} lúc này là thiếu lưng: {lung} lưng, cần {rules.min_lung} "
                    "(chèo đò). Đừng ù.",
                    f"An ù on {card} now has too few lưng: {lung} of {rules.min_lung} "
                    "(thiếu lưng, chèo đò). Do not.",
                ),
                lang,
            )
        )
    if A.DAY_KHAN in legal:
        opts, door = _after_take(state, seat, A.DAY_KHAN, left)
        line = pick(
            (
                f"Dậy khàn {card}: bắt buộc (bỏ qua là khê khàn, chèo đò).",
                f"Raise the khàn with {card}: compulsory (letting it go is khê khàn, chèo đò).",
            ),
            lang,
        )
        if opts:
            then = pick(("Rồi", "Then"), lang)
            line += f" {then} {give_text(opts[0], state, seat, door, lang)}."
        out.append(line)
    elif A.PHONG in legal:
        opts, door = _after_take(state, seat, A.PHONG, left)
        ranked: list[tuple[tuple[int, int], int, str]] = []
        if opts:
            what = pick(
                ("thêm một phu phỗng (không phải lưng)", "one more phu (a phỗng is no lưng)"), lang
            )
            then = pick(("rồi", "then"), lang)
            best = give_text(opts[0], state, seat, door, lang)
            text = f"{label(state, seat, A.PHONG, lang)}: {what}; {then} {best}"
            ranked.append((opts[0].after.key(rules), 1, text))
        keep = pick(("giữ bài, ", "keep the hand, "), lang) + status_words(now, rules, lang)
        ranked.append((now.key(rules), 0, f"{label(state, seat, A.DECLINE, lang)}: {keep}"))
        ranked.sort(key=lambda r: (r[0], r[1]))
        out.append(pick(("Nên chọn:", "Best choices:"), lang))
        out += [f"  {i}. {text}" for i, (_, _, text) in enumerate(ranked, 1)]
    return out


def _arrange_lines(
    state: TotomState, seat: int, legal: Sequence[Action], left: Sequence[int], lang: Lang
) -> list[str]:
    """Each khàn: face down (a sure lưng) or bất thực (its three cards free for other phu)."""
    me = state.seats[seat]
    rules = state.rules
    free, fixed = list(me.free()), list(me.fixed())
    down = advice.status(free, fixed, rules, left)
    out = []
    for action in legal:
        if action.verb != "bat_thuc":
            continue
        k = action.card  # type: ignore[attr-defined]
        free2 = list(free)
        free2[k] += 3
        fixed2 = [g for g in fixed if g != KHAN[k]]
        kept = advice.status(free2, fixed2, rules, left)
        code = CODES[k]
        if kept.key(rules) < down.key(rules):
            groups = "; ".join(
                group_words(g, rules, lang) for g in kept.arrangement.phu if k in g.cards
            )
            out.append(
                pick(
                    (
                        f"Nên giữ khàn {code} bất thực: ba quân {code} vào được phu khác "
                        f"({groups}), bài thành {status_words(kept, rules, lang)}.",
                        f"Keep the khàn {code} in hand (bất thực): its cards fit other phu "
                        f"({groups}); the hand is then {status_words(kept, rules, lang)}.",
                    ),
                    lang,
                )
            )
        else:
            out.append(
                pick(
                    (
                        f"Khàn {code}: nên để úp (xếp bài xong): khàn úp là một lưng chắc chắn; "
                        "giữ bất thực không lợi gì ở đây.",
                        f"Khàn {code}: keep it face down (done arranging): a sure lưng; keeping "
                        "it in hand gains nothing here.",
                    ),
                    lang,
                )
            )
    return out


def _fault_lines(state: TotomState, seat: int, legal: Sequence[Action], lang: Lang) -> list[str]:
    """One ⚠ line per fault some legal action would commit (referee mode)."""
    by_rule: dict[str, tuple[str, list[str]]] = {}
    for action in legal:
        fault = state.fault_of(seat, action)
        if fault is not None:
            by_rule.setdefault(fault[0], (fault[1], []))[1].append(label(state, seat, action, lang))
    out = []
    for fid, (name, labels) in by_rule.items():
        shown = ", ".join(labels[:4]) + (f" (+{len(labels) - 4})" if len(labels) > 4 else "")
        rule = FAULTS_BY_ID.get(fid)
        fine = pick(PENALTY_WORDS.get(rule.penalty, ("", "")), lang) if rule else ""
        why = pick(FAULT_WHY.get(fid, ("", "")), lang)
        out.append(
            pick(
                (f"⚠ {shown}: lỗi {name} ({why}) → {fine}", f"⚠ {shown}: {name} ({why}) → {fine}"),
                lang,
            )
        )
    return out
