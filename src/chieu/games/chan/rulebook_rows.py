"""The tables of Chắn's rules page (``rulebook``): a row per cước with its points from the
value table in force, per fault with its penalty, per option with its value in words."""

from __future__ import annotations

from chieu.core.notation import Lang
from chieu.core.rulebook import Row, say
from chieu.games.chan import analysis
from chieu.games.chan.cards import KINDS, parse_cards
from chieu.games.chan.fault_rules import ALL_FAULTS, BAO, NAT, PAY12, ChanFault
from chieu.games.chan.glossary import GLOSSARY, RULE_TABLE_EN, RULE_TABLE_VI
from chieu.games.chan.options import OPTION_WORDS
from chieu.games.chan.patterns import ALL_CUOC, CUOC_NAMES, EXTRA_IDS, WinContext
from chieu.games.chan.rules import Rules
from chieu.games.chan.scoring import breakdown, enabled_ids, evaluate, values_for

#: what each fault is, in English (the Vietnamese is the fault's own ``table`` text)
FAULT_EN: dict[str, str] = {
    "treo_tranh": "after a chíu, discarding into your own door instead of returning a card",
    "treo_tranh_ha_bai": "a chíu without laying all four cards down",
    "trai_vi": "stacking an eaten pair in the wrong order",
    "an_treo_tranh": "eating a cạ while holding an identical card that would eat a chắn",
    "chiu_ma_an_thuong": "holding three copies and eating a plain chắn instead of a chíu",
    "bo_an_chan": "you let a card go that made a chắn, then ate or discarded that card",
    "an_chon_ca": "you let a cạ of one rank go, then ate a cạ of that rank",
    "danh_ca_chan": "discarding both cards of an identical pair",
    "xe_chan": "you discarded a card, then ate a card of the same rank",
    "tach_chan_an_ca": "splitting a chắn to eat a cạ, then using the card left over",
    "an_chan_xe_chan": "you ate a chắn of a card, then discarded that card",
    "an_ca_danh_ca": "eating a cạ and also discarding a whole cạ",
    "xe_ca_an_ca": "you broke a cạ by discarding, then ate a cạ with the card left over",
    "tach_ca_an_ca": "splitting a cạ to eat another, then using the card left over",
    "an_ca_doi_cho": "eating a cạ while waiting to win, which changes what you wait for",
    "u_lao": "declaring a win with a hand that does not win",
    "u_chi_rong": "winning on Chi chi while waiting for more than that card",
    "bo_u": "letting a winning card go by, then winning later",
    "xuong_sai": "the winner announces a cước the win does not have",
}

#: the faults that stop the game at once
STOPS = frozenset({"u_lao", "u_chi_rong", "bo_u"})

# Example hands (shared/rules A7): 19 cards, then the winning card last.
WIN_BACH_THU = "2V 2V 4S 4S 6W 6W 9V 9V 5S 5S 3V 3W 7S 7W 8V 8W 4V 4W 6S 6S"
WIN_RONG = "2S 2S 3W 3W 5V 5V 6S 6S 7V 7V 9W 9W 4V 4S 8W 8V 2V 2W 5W 5V"
WIN_TAM_DO = "8V 8V 9S 9S CC CC 2W 2W 3V 3V 4S 4S 8S 8W 9V 9W 5V 5S 6W 6V"
WIN_BACH_DINH = "2V 2V 3S 3S 4W 4W 5V 5V 6S 6S 7W 7W 2S 2W 3V 3W 4V 4S 5W 5V"
WIN_THAP_THANH = "2V 2V 3S 3S 4W 4W 5V 5V 6S 6S 7W 7W 8V 8V 9W 9W 2S 2S 3V 3V"
WIN_BACH_THU_CHI = "2W 2W 3V 3V 5S 5S 6V 6V 8W 8W 4V 4S 7W 7S 9V 9S 2V 2S CC CC"
CHI_RONG = "2W 2W 3V 3V 5S 5S 6V 6V 8W 8W 4V 4V 7W 7S 9W 9S 2V 2S CC CC"


def codes(text: str) -> tuple[str, ...]:
    return tuple(text.split())


def _kinds(codes: tuple[str, ...]) -> list[int]:
    return parse_cards(" ".join(codes))


def _entry_text(term: str, lang: Lang) -> str:
    """A glossary entry's explanation without its pointer to the table's cước table."""
    found = GLOSSARY.lookup(term)
    if found is None:
        return ""
    text = found.text[1] if lang == "en" else found.text[0]
    return text.removesuffix(" " + (RULE_TABLE_EN if lang == "en" else RULE_TABLE_VI))


def _points(lang: Lang, diem: int, dich: int) -> str:
    return say(lang, f"{diem} điểm, đi kèm +{dich}", f"{diem} points, beside a larger +{dich}")


def worked_example(rules: Rules, lang: Lang) -> str:
    """The score of the bạch thủ example won on one's own draw (chì), from the rules."""
    kinds = _kinds(codes(WIN_BACH_THU))
    held = KINDS.counts(kinds[:-1])
    win = kinds[-1]
    hand = list(held)
    hand[win] += 1
    kind = analysis.waits(held).kind
    ctx = WinContext(tuple(hand), winning_card=win, wait_kind=kind, self_drawn=True)
    hits, total = evaluate(ctx, rules)
    parts = " + ".join(f"{h.name} {p}" for h, p in breakdown(hits, rules))
    return say(
        lang,
        f"Ví dụ: với bài bạch thủ ở dưới, tự bốc được lục sách (chì): {parts} = {total} điểm.",
        f"Example: the bạch thủ hand below, won on a Six of Sách you drew yourself (chì): "
        f"{parts} = {total} points.",
    )


def cuoc_rows(rules: Rules, lang: Lang) -> tuple[Row, ...]:
    table = values_for(rules)
    enabled = enabled_ids(rules)
    rows: list[Row] = []
    for p in ALL_CUOC:
        v = table[p.id]
        if p.id in EXTRA_IDS and p.id not in enabled:
            value = say(lang, "không tính (bàn chưa bật)", "not counted (off at this table)")
        elif p.id == "xuong":
            value = say(
                lang,
                f"{v.diem} điểm, chỉ khi không có cước nào khác",
                f"{v.diem} points, only when there is no other cước",
            )
        else:
            value = _points(lang, v.diem, v.dich)
        rows.append(Row(p.id, CUOC_NAMES[p.id], value, _entry_text(CUOC_NAMES[p.id], lang)))
    return tuple(rows)


def _penalty(fault: ChanFault, rules: Rules, lang: Lang) -> str:
    twelve = 12 * rules.stake
    if fault.id == "an_ca_doi_cho" and not rules.an_ca_doi_cho:
        return say(lang, "bàn không bắt lỗi này", "not called at this table")
    if fault.penalty == NAT:
        text = say(lang, "nghỉ ăn tiền: ù cũng không được trả", "collects nothing, even on a win")
    elif fault.penalty == BAO:
        text = say(
            lang,
            "bị báo: ngồi yên đến hết ván; có người ù thì đền làng",
            "reported (báo): sits out the game; pays for the table if someone wins",
        )
    elif fault.penalty == PAY12:
        text = say(
            lang,
            f"đền tám đỏ hai lèo: trả {twelve} điểm cho mỗi người",
            f"pays {twelve} points to every other player (tám đỏ hai lèo)",
        )
        if fault.id in STOPS:
            text += say(lang, "; ván dừng ngay", "; the game stops")
    else:
        text = say(
            lang,
            "không được trả, lại đền mỗi người số điểm đã xướng",
            "collects nothing and pays every player the score announced",
        )
        if rules.xuong == "auto":
            text += say(lang, " (bàn này máy tự xướng)", " (here the table announces)")
    if not fault.detectable:
        text += say(
            lang, " (máy tự xếp bài nên không xảy ra)", " (the table places the cards: never here)"
        )
    return text


def fault_rows(rules: Rules, lang: Lang) -> tuple[Row, ...]:
    return tuple(
        Row(f.id, f.name, _penalty(f, rules, lang), say(lang, f.table, FAULT_EN[f.id]))
        for f in ALL_FAULTS
    )


def _choice(rules: Rules, field: str, lang: Lang) -> str:
    return OPTION_WORDS.value(field, getattr(rules, field), lang)


def option_rows(rules: Rules, lang: Lang) -> tuple[Row, ...]:
    """A row per option: its label, its value here and what it does (``options``)."""
    return tuple(
        Row(
            name,
            OPTION_WORDS.label(name, lang),
            _choice(rules, name, lang),
            OPTION_WORDS.help(name, lang),
        )
        for name in OPTION_WORDS.options
    )
