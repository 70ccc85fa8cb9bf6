"""Tổ tôm word pieces shared by the hints (``hints.py``) and the result (``results.py``): a
group with its kind and lưng, a hand sorted into phu, cạ and quân lẻ, the waits and how far a
hand is from one, the cước and their score, a discard or take option with its reason, and why
each fault is one. Card codes and names come from ``notation``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from chieu.core.notation import Lang, pick, seat_name
from chieu.games.totom import advice, scoring
from chieu.games.totom.lexicon import CODES, codes_text, named
from chieu.games.totom.partition import Partition
from chieu.games.totom.patterns import CUOC_NAMES, VALUES
from chieu.games.totom.phu import LONE, Phu
from chieu.games.totom.rules import Rules
from chieu.games.totom.views import phu_label
from chieu.games.totom.worlds import Seat

if TYPE_CHECKING:
    from chieu.games.totom.state import TotomState


def group_words(g: Phu, rules: Rules, lang: Lang, cups: Sequence[int] = ()) -> str:
    """``7W 3V 3S (tôm)``, ``4V 4S 4W (phu bí, lưng)``, ``5S 5S 5S (khàn bất thực)``."""
    text = phu_label(g, lang)
    if g.type == "khan" and g.cards[0] in cups:
        text = pick(("khàn bất thực", "khàn bất thực, kept in hand"), lang)
    if g.is_lung(rules) and g.type in ("bi", "yeu"):
        text += pick((", lưng", ", a lưng"), lang)
    return f"{codes_text(g.cards)} ({text})"


def waits_codes(kinds: Sequence[int]) -> str:
    return ", ".join(CODES[k] for k in kinds)


def hand_lines(arr: advice.Arrangement, me: Seat, rules: Rules, lang: Lang) -> list[str]:
    """``Phu trên tay: …; trên chiếu: …; khàn úp: …. Lưng: 2 (cần 3).`` and ``Cạ: …. Quân
    lẻ: ….``"""
    held = "; ".join(group_words(g, rules, lang, me.cups) for g in arr.phu) or pick(
        ("chưa có", "none"), lang
    )
    line = pick(("Phu trên tay: ", "Phu in hand: "), lang) + held
    if me.mat:
        laid = "; ".join(group_words(g, rules, lang) for g in me.mat)
        line += pick(("; trên chiếu: ", "; on the mat: "), lang) + laid
    for k, c in sorted(me.down.items()):
        words = (
            ("khàn úp", "khàn face down") if c == 3 else ("thiên khai úp", "thiên khai face down")
        )
        line += f"; {pick(words, lang)}: {codes_text((k,) * c)}"
    lung = advice.lung_count(arr, me.fixed(), rules)
    line += pick(
        (f". Lưng: {lung} (cần {rules.min_lung}).", f". Lưng: {lung} ({rules.min_lung} needed)."),
        lang,
    )
    ca = "; ".join(
        f"{codes_text(c.cards)} ({pick(('chờ', 'waits'), lang)} {waits_codes(c.waits)})"
        for c in arr.ca
    ) or pick(("không có", "none"), lang)
    loose = ", ".join(CODES[k] for k in arr.loose) or pick(("không có", "none"), lang)
    rest = pick(
        (f"Cạ: {ca}. Quân lẻ: {loose}.", f"Cạ (one card short): {ca}. Loose: {loose}."), lang
    )
    return [line, rest]


def wait_words(x: int, part: Partition, lang: Lang) -> str:
    """``8W (bát văn): 4 lưng, có lèo``."""
    extra = [pick((f"{part.lung} lưng", f"{part.lung} lưng"), lang)]
    for name, words in (("tom", "có tôm"), ("leo", "có lèo")):
        if part.count(name):
            extra.append(words + (f" ×{part.count(name)}" if part.count(name) > 1 else ""))
    if part.xuyen:
        extra.append("xuyên 5 gian")
    return f"{named(x, lang)}: {', '.join(extra)}"


def status_words(st: advice.Status, rules: Rules, lang: Lang) -> str:
    """``chờ ù 5W, 8W (còn 5 quân chưa lộ)`` or ``còn 3 quân lẻ, 2 cạ, thiếu 1 lưng``."""
    if st.waits:
        codes = waits_codes(list(st.waits))
        if st.chances == 0:
            return pick(
                (f"chờ ù {codes} nhưng đã lộ hết", f"waiting on {codes}, all of them seen"), lang
            )
        return pick(
            (
                f"chờ ù {codes} (còn {st.chances} quân chưa lộ)",
                f"waiting on {codes} ({st.chances} unseen)",
            ),
            lang,
        )
    arr = st.arrangement
    parts = []
    if arr.loose:
        parts.append(pick((f"{len(arr.loose)} quân lẻ", f"{len(arr.loose)} loose"), lang))
    if arr.ca:
        parts.append(pick((f"{len(arr.ca)} cạ", f"{len(arr.ca)} cạ"), lang))
    short = rules.min_lung - st.lung
    if short > 0:
        parts.append(pick((f"thiếu {short} lưng", f"{short} lưng short"), lang))
    if not parts:
        return pick(("bài đã thành phu, chưa chờ quân nào", "all in phu, no wait yet"), lang)
    if not arr.loose and not arr.ca:
        return pick(
            (
                f"quân nào cũng vào phu nhưng thiếu {short} lưng",
                f"all in phu but {short} lưng short",
            ),
            lang,
        )
    return pick(("còn ", ""), lang) + ", ".join(parts)


def position_line(st: advice.Status, rules: Rules, left: Sequence[int], lang: Lang) -> str:
    """The waits by name with what each win holds, or how far the hand is from a wait."""
    if not st.waits:
        return (
            pick(("Chưa chờ ù: ", "Not waiting yet: "), lang) + status_words(st, rules, lang) + "."
        )
    cards = "; ".join(wait_words(x, p, lang) for x, p in st.waits.items())
    line = pick(("Đang chờ ù ", "Waiting on "), lang) + cards
    if len(st.waits) == 1:
        line += pick((" (bạch thủ)", " (bạch thủ: one kind)"), lang)
    if st.chances == 0:
        line += pick(
            (" — đã lộ hết, nên đổi chờ.", " — all of them are seen: change the wait."), lang
        )
    else:
        line += pick((f" — còn {st.chances} quân chưa lộ.", f" — {st.chances} not seen yet."), lang)
    return line


def cuoc_terms(counts: Mapping[str, int], lang: Lang) -> str:
    """``Có lèo +2, Bạch thủ +1``."""
    terms = [
        f"{CUOC_NAMES.get(c, c)}{f' ×{n}' if n > 1 else ''} +{VALUES.get(c, 0) * n}"
        for c, n in counts.items()
        if c != "u_suong" and n
    ]
    return ", ".join(terms) or pick(("Ù suông", "Ù suông (no cước)"), lang)


def score_words(counts: Mapping[str, int], rules: Rules, lang: Lang) -> str:
    """``2 + 3 = 5 điểm``, ``(2 + 3) × 2 = 10 điểm`` (B5.1: u × (2 + Σ))."""
    extra = sum(VALUES.get(c, 0) * n for c, n in counts.items())
    total = scoring.score_of(dict(counts), rules)
    sum_text = f"{scoring.BASE} + {extra}" if extra else f"{scoring.BASE}"
    if rules.unit != 1:
        sum_text = f"({sum_text}) × {rules.unit}" if extra else f"{sum_text} × {rules.unit}"
    elif not extra:
        sum_text = ""
    points = pick((f"{total} điểm", f"{total} points"), lang)
    return f"{sum_text} = {points}" if sum_text else points


def cuoc_line(counts: Mapping[str, int], rules: Rules, lang: Lang) -> str:
    """``Cước: Có lèo +2, Bạch thủ +1 → 2 + 3 = 5 điểm``."""
    return f"{cuoc_terms(counts, lang)} → {score_words(counts, rules, lang)}"


def option_words(o: advice.Option, verb: str, rules: Rules, lang: Lang) -> str:
    """``đánh 1W: quân lẻ, không vào phu hay cạ nào; sau đó còn 2 quân lẻ, 3 cạ``."""
    code = CODES[o.kind]
    r = o.role
    match r.kind:
        case "le":
            why = pick(("quân lẻ, không vào phu hay cạ nào", "loose: in no phu and no cạ"), lang)
        case "ca" if r.ca is not None and r.dead:
            ws = waits_codes(r.ca.waits)
            why = pick(
                (
                    f"cạ {codes_text(r.ca.cards)} đã chết ({ws} đã lộ hết)",
                    f"the cạ {codes_text(r.ca.cards)} is dead ({ws} all seen)",
                ),
                lang,
            )
        case "ca" if r.ca is not None:
            ws = waits_codes(r.ca.waits)
            why = pick(
                (
                    f"phá cạ {codes_text(r.ca.cards)} (chờ {ws})",
                    f"breaks the cạ {codes_text(r.ca.cards)} (waits {ws})",
                ),
                lang,
            )
        case "spare" if r.phu is not None:
            why = pick(
                (
                    f"thừa: {codes_text(r.phu.cards)} bớt {code} vẫn là phu",
                    f"spare: {codes_text(r.phu.cards)} stays a phu without it",
                ),
                lang,
            )
        case "khan":
            why = pick(
                (f"phá khàn bất thực {code} (ăn 2 đánh 1)", f"breaks the khàn {code} kept in hand"),
                lang,
            )
        case "yeu":
            lung = pick((", một lưng", ", a lưng"), lang) if LONE[o.kind].is_lung(rules) else ""
            why = pick((f"yêu đứng một mình đã là phu{lung}", f"a lone yêu is a phu{lung}"), lang)
        case _:
            cards = codes_text(r.phu.cards) if r.phu is not None else code
            kind = phu_label(r.phu, lang) if r.phu is not None else ""
            why = pick((f"phá phu {cards} ({kind})", f"breaks the phu {cards} ({kind})"), lang)
    then = pick(("sau đó ", "then "), lang) + status_words(o.after, rules, lang)
    return f"{verb} {code}: {why}; {then}"


def give_verb(state: TotomState, seat: int, door: int, lang: Lang) -> str:
    """``đánh`` or ``trả … vào cửa Người 3`` (the card is named between)."""
    if door == seat or door < 0:
        return pick(("đánh", "discard"), lang)
    return pick(("trả", "return"), lang)


def give_text(o: advice.Option, state: TotomState, seat: int, door: int, lang: Lang) -> str:
    text = option_words(o, give_verb(state, seat, door, lang), state.rules, lang)
    if door != seat and door >= 0:
        owner = seat_name(door, seat, lang)
        code = CODES[o.kind]
        text = text.replace(
            f" {code}:", pick((f" {code} vào cửa {owner}:", f" {code} to {owner}'s door:"), lang), 1
        )
    return text


FAULT_WHY: dict[str, tuple[str, str]] = {
    "khe_khan": ("khàn phải dậy khi quân thứ tư ra", "a khàn must be raised by its 4th card"),
    "bo_u": (
        "bỏ một ván ù được: ù sau không được điểm",
        "a win let go: a later win scores nothing",
    ),
    "thieu_lung": ("ù khi chưa đủ lưng", "an ù with too few lưng"),
    "treo_tranh_trai_vi": (
        "đánh khi còn giữ quân trùng với quân vừa ăn",
        "a discard while a copy of the card eaten is held",
    ),
    "u_nho_ho_to": ("hô cước bài không có", "calling a cước the hand does not hold"),
}
