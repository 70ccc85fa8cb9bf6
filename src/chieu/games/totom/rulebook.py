"""The rules of Tổ tôm in plain words, as the table in force plays them (``GameKit.rulebook``).

Sources: docs/rules/totom.md (the rules as implemented, with their sources), seed 000
(shared/seeds, the Tổ tôm part), shared/rules/chan_totom.md Part B. Every number comes from
``rules``: the cước values (``patterns.VALUES``) times the unit, the lưng needed, the boat's
payment, the players and the hội's target. The examples' claims (a phu type ``phu_doc``,
``phu_bi``, ``khan``, ``phong``, ``thien_khai``, ``yeu``; a named lưng ``tom``, ``leo``...;
``lung``, ``ca``, ``red``, ``win``, a cước id, a fault id) are checked by
tests/games/totom/test_rulebook.py with the engine's phu catalogue and checker.
"""

from __future__ import annotations

from chieu.core.notation import Lang
from chieu.core.rulebook import Example, Row, Rulebook, Section, options_section, say
from chieu.core.rules import RulesBase
from chieu.games.totom.cards import KINDS, parse_cards
from chieu.games.totom.checker import judge_win
from chieu.games.totom.faults import ALL_FAULTS, CHEO_DO, TotomFault
from chieu.games.totom.glossary import GLOSSARY, RULE_TABLE_EN, RULE_TABLE_VI
from chieu.games.totom.options import OPTION_WORDS, READINGS
from chieu.games.totom.patterns import ALL_CUOC, CUOC_NAMES, VALUES
from chieu.games.totom.rules import Rules
from chieu.games.totom.scoring import BASE

SOURCES = (
    "docs/rules/totom.md",
    "shared/seeds/000 (Chơi bài tổ tôm và đánh chắn)",
    "shared/rules/chan_totom.md",
)

# Worked hands (shared/rules B7): 20 cards, then the winning card last.
TT2 = "7W 3V 3S 9V 8S CC 5S 5S 5S 4V 5V 6V 2W 3W 4W 6V 6S 6W 7V 9V 8V"
TT4 = "7W 3V 3S 5S 5S 5S 4V 5V 6V 2W 3W 4W 6V 6S 6W 7V 8V 9V 9V 8S CC"
TT5 = "7W 3V 3S 9V 8S CC 5S 5S 5S 4V 5V 6V 2S 3S 4S 5W 6W 8W 9W OL 7W"
TT8 = "9V 8S CC 9V 9S TT 8V 8S 8W OL 2V 2V 2V 2W 3W 4W 5W 6S 7S 8S 1W"
NO_LUNG = "1V 2V 3V 4V 5V 6V 7V 8V 9V 1V 2V 3V 4V 5V 6V 7V 8V 9V 1S 2S 3S"

#: what each fault is (vi, en)
FAULTS: dict[str, tuple[str, str]] = {
    "thieu_lung": ("ù khi bài không đủ lưng", "declaring a win with too few lưng"),
    "bat_thanh_phu": ("ù khi có quân không thuộc phu nào", "declaring a win with a card in no phu"),
    "u_nho_ho_to": ("hô cước nhiều hơn bài thật có", "calling more cước than the hand has"),
    "khe_khan": (
        "quân thứ tư của khàn ra mà không dậy khàn",
        "letting the fourth copy of your khàn go by",
    ),
    "bo_u": ("đã để quân ù đi qua, sau lại ù", "letting a winning card go, then winning later"),
    "treo_tranh_trai_vi": (
        "ăn xong mà đánh luôn khi còn giữ quân trùng với quân vừa ăn",
        "discarding after an eat while still holding a copy of the eaten card",
    ),
    "kep_co": (
        "đặt quân trùng vào giữa phu thay vì ở đầu",
        "placing a copy in the middle of a phu instead of its end",
    ),
    "thua_thieu_quan": ("bài thừa hoặc thiếu quân", "holding too many or too few cards"),
}
#: the faults found when the win is declared: the game stops there
AT_THE_WIN = frozenset({"thieu_lung", "bat_thanh_phu", "u_nho_ho_to"})


def _ex(cards: str, lang: Lang, vi: str, en: str, claim: str) -> Example:
    return Example(tuple(cards.split()), say(lang, vi, en), claim)


def _pts(lang: Lang, n: int) -> str:
    return say(lang, f"{n} điểm", f"{n} points")


def _entry_text(term: str, lang: Lang) -> str:
    """A glossary entry's explanation, without its "Cước:" label and table pointer."""
    found = GLOSSARY.lookup(term)
    if found is None:
        return ""
    text = found.text[1] if lang == "en" else found.text[0]
    text = text.removeprefix("Cước: ").removesuffix(
        " " + (RULE_TABLE_EN if lang == "en" else RULE_TABLE_VI)
    )
    return text[:1].upper() + text[1:]


def cuoc_rows(rules: Rules, lang: Lang) -> tuple[Row, ...]:
    u = rules.unit
    rows: list[Row] = []
    for p in ALL_CUOC:
        if p.id == "u_suong":
            value = say(lang, f"{BASE * u} điểm gốc", f"{BASE * u} points, the base")
        elif p.id == "chi_nay":
            value = say(
                lang,
                f"+{VALUES[p.id] * u} điểm, thêm vào bạch thủ",
                f"+{VALUES[p.id] * u} on top of bạch thủ",
            )
        else:
            value = "+" + _pts(lang, VALUES[p.id] * u)
        rows.append(Row(p.id, CUOC_NAMES[p.id], value, _entry_text(CUOC_NAMES[p.id], lang)))
    return tuple(rows)


def _penalty(fault: TotomFault, rules: Rules, lang: Lang) -> str:
    boat = 2 * rules.unit
    if fault.penalty == CHEO_DO:
        text = say(
            lang,
            f"chèo đò: trả {boat} điểm cho mỗi người, mất hết điểm của hội",
            f"chèo đò: pays {boat} points to every other player, loses the hội's points",
        )
        if fault.id in AT_THE_WIN:
            text += say(lang, "; ván ù bị hủy", "; the win is void")
        elif fault.id == "khe_khan":
            text += say(lang, "; ù trong ván này bị hủy", "; a win in this game is void")
    else:
        text = say(
            lang,
            "đeo kính: ván ù không được tính điểm",
            "đeo kính: the win scores nothing",
        )
    if not fault.detectable:
        text += say(lang, " (máy tự xếp bài nên không xảy ra)", " (never here: the table counts)")
    return text


def fault_rows(rules: Rules, lang: Lang) -> tuple[Row, ...]:
    return tuple(
        Row(f.id, f.name, _penalty(f, rules, lang), say(lang, *FAULTS[f.id])) for f in ALL_FAULTS
    )


def _choice(rules: Rules, field: str, lang: Lang) -> str:
    value = getattr(rules, field)
    if field == "lung_reading":
        need = rules.min_lung
        words = OPTION_WORDS.value(field, value, lang)
        return say(lang, f"{words}; cần {need} lưng", f"{words}; {need} needed")
    if field == "unit":
        return say(
            lang,
            f"{value} (suông {2 * value} dịch {value}, hội đến {rules.target} điểm)",
            f"{value} (base {2 * value}, each cước {value}, a hội of {rules.target})",
        )
    return OPTION_WORDS.value(field, value, lang)


def option_rows(rules: Rules, lang: Lang) -> tuple[Row, ...]:
    words = OPTION_WORDS
    return tuple(
        Row(name, words.label(name, lang), _choice(rules, name, lang), words.help(name, lang))
        for name in words.options
    )


def worked_example(rules: Rules, lang: Lang) -> str:
    """The score of the first winning example, from the rules (``judge_win``)."""
    kinds = parse_cards(TT2)
    verdict = judge_win(KINDS.counts(kinds[:-1]), kinds[-1], rules)
    named = ", ".join(f"{c['name']} {c['value']}" for c in verdict["cuoc"])
    extras = " + ".join(str(c["value"]) for c in verdict["cuoc"])
    total = verdict["score"]
    sums = f"{BASE} + {extras}"
    sums = f"{rules.unit} × ({sums})" if rules.unit > 1 else sums
    return say(
        lang,
        f"Ví dụ: bài ù ở dưới có {named}, nên được {sums} = {total} điểm.",
        f"Example: the win below has {named}, so it scores {sums} = {total} points.",
    )


def rulebook(rules: RulesBase, lang: Lang = "vi") -> Rulebook:
    """The rules of Tổ tôm under ``rules`` (a Tổ tôm ``Rules``), in ``lang``."""
    r = rules if isinstance(rules, Rules) else Rules()
    w = say
    n, u, need = r.players, r.unit, r.min_lung
    reading_vi, reading_en = READINGS[r.lung_reading]
    sections = (
        Section(
            "about",
            w(lang, "Tổ tôm là gì", "What Tổ tôm is"),
            (
                w(
                    lang,
                    "Tổ tôm (còn gọi là tụ tam) là trò chơi bài lá cổ của người Việt, thường "
                    f"chơi năm người (bốn người gọi là bí tứ); bàn này có {n} người.",
                    "Tổ tôm (also tụ tam) is an old Vietnamese card game, usually for five "
                    f"players (four is called bí tứ); this table has {n}.",
                ),
                w(
                    lang,
                    "Mỗi người cố xếp hết bài của mình thành phu (những nhóm ba quân trở lên), "
                    f"trong đó đủ {need} lưng, rồi ù trước người khác.",
                    "Each player tries to arrange all his cards in phu (groups of three or "
                    f"more) with at least {need} lưng among them, and win (ù) first.",
                ),
                w(
                    lang,
                    "Ở đây chỉ tính điểm, không bao giờ có tiền.",
                    "Here one plays for points only, never for money.",
                ),
            ),
        ),
        Section(
            "cards",
            w(lang, "Bộ bài", "The cards"),
            (
                w(
                    lang,
                    "Bộ bài có 120 quân: ba hàng vạn, sách và văn, mỗi hàng từ nhất (1) đến cửu "
                    "(9), và ba quân yêu: chi chi, thang thang, ông lão (ông cụ). Mỗi quân có "
                    "4 quân giống hệt.",
                    "The deck has 120 cards: three suits, vạn, sách and văn, from nhất (1) to "
                    "cửu (9), and three yêu: Chi chi, Thang thang, Ông lão. Four copies of each.",
                ),
                w(
                    lang,
                    "Quân đỏ (28 quân): chi chi, thang thang, ông lão, bát vạn, bát sách, cửu "
                    "vạn, cửu sách. Vài cước đếm quân đỏ.",
                    "The red cards (28): the three yêu and the Eights and Nines of Vạn and "
                    "Sách. Some cước count the red cards.",
                ),
            ),
            (
                _ex("CC TT OL", lang, "Ba quân yêu.", "The three yêu.", "yeu"),
                _ex("8V 8S 9V 9S CC TT OL", lang, "Bảy loại quân đỏ.", "The red cards.", "red"),
            ),
        ),
        Section(
            "groups",
            w(lang, "Phu và lưng", "Phu and lưng"),
            (
                w(
                    lang,
                    "Phu dọc: từ ba quân cùng hàng, số liền nhau. Phu bí: ba quân cùng số ở cả "
                    "ba hàng. Một quân yêu đứng riêng cũng là một phu.",
                    "Phu dọc: three or more cards of one suit in a row. Phu bí: one number in "
                    "all three suits. A lone yêu is a phu too.",
                ),
                w(
                    lang,
                    "Khàn: ba quân giống hệt được chia từ đầu, úp xuống chiếu. Thiên khai: bốn "
                    "quân giống hệt được chia, lật lên khi quân đầu tiên của ván ra.",
                    "Khàn: three identical cards dealt to you, kept face down. Thiên khai: four "
                    "identical dealt cards, turned up when the first card of the game shows.",
                ),
                w(
                    lang,
                    "Lưng là những phu đặc biệt. Có bảy lưng có tên, như tôm (thất văn, tam "
                    "vạn, tam sách) và lèo (cửu vạn, bát sách, chi chi). "
                    f"Bàn này đếm là lưng: {reading_vi}; ù cần ít nhất {need} lưng.",
                    "Lưng are special phu. There are seven named lưng, such as tôm (7W 3V 3S) "
                    f"and lèo (9V 8S CC). This table counts as lưng: {reading_en}; a win "
                    f"needs at least {need}.",
                ),
                w(
                    lang,
                    "Cạ: hai quân còn thiếu một quân để thành phu. Quân lẻ: chưa thuộc phu hay "
                    "cạ nào.",
                    "Cạ: two cards one short of a phu. A loose card is in no phu and no cạ.",
                ),
            ),
            (
                _ex("4V 5V 6V", lang, "Phu dọc.", "A run (phu dọc).", "phu_doc"),
                _ex("5V 5S 5W", lang, "Phu bí.", "A phu bí.", "phu_bi"),
                _ex("7W 3V 3S", lang, "Tôm, một lưng có tên.", "Tôm, a named lưng.", "tom"),
                _ex("9V 8S CC", lang, "Lèo, một lưng có tên.", "Lèo, a named lưng.", "leo"),
                _ex("7W 3V 3S", lang, "Tôm luôn là lưng.", "Tôm is always a lưng.", "lung"),
                _ex("6S 6S 6S", lang, "Khàn lục sách.", "A khàn of Six of Sách.", "khan"),
                _ex("2W 2W 2W 2W", lang, "Thiên khai.", "A thiên khai.", "thien_khai"),
                _ex("OL", lang, "Ông lão đứng riêng.", "A lone Ông lão.", "yeu"),
                _ex("4V 5V", lang, "Một cạ: chờ tam vạn hoặc lục vạn.", "A cạ.", "ca"),
            ),
        ),
        Section(
            "turn",
            w(lang, "Một lượt chơi", "A turn"),
            (
                w(
                    lang,
                    "Chia bài: mỗi người 20 quân, nọc 20 quân úp ở giữa. Người được cái mở ván "
                    "bằng cách xin một quân nọc. Đầu ván ai có khàn có thể giữ trên tay (khàn "
                    "bất thực, đặt một chén làm dấu).",
                    "The deal: 20 cards each, 20 face down in the nọc. The player who gets the "
                    "cái opens by drawing a nọc card. At the start a khàn may be kept in hand "
                    "(khàn bất thực, marked by a cup).",
                ),
                w(
                    lang,
                    "Đến lượt, bạn có thể ăn quân đang ra: ghép nó với quân trên tay thành phu "
                    "mới, hoặc ăn thêm vào phu dọc, phu bí đã hạ; hạ xuống, hạ quân trùng (quân "
                    "giống hệt quân vừa ăn), rồi đánh một quân.",
                    "On your turn you may eat the card on show: make a new phu with cards from "
                    "your hand, or add it to a run or phu bí on your mat; lay it down with any "
                    "copies of the eaten card, then discard.",
                ),
                w(
                    lang,
                    "Không ăn thì xin một quân nọc cho mình. Quân nọc mình xin mà không ăn thì "
                    + (
                        "người sau vẫn được ăn."
                        if r.passed_nocc_live
                        else "bỏ đi, người sau xin quân khác."
                    ),
                    "If you do not eat, draw a nọc card for yourself. A nọc card you leave "
                    + (
                        "may still be eaten by the next player."
                        if r.passed_nocc_live
                        else "is dead; the next player draws."
                    ),
                ),
                w(
                    lang,
                    "Hết nọc mà không ai ù thì hòa.",
                    "If the nọc runs out with no winner, the game is a draw.",
                ),
            ),
            (
                _ex(
                    "3S 4S 5S",
                    lang,
                    "Nhà trên đánh ngũ sách, bạn có tam sách và tứ sách: ăn thành phu dọc.",
                    "The player before you discards Five of Sách; with your Three and Four of "
                    "Sách you eat a run.",
                    "phu_doc",
                ),
            ),
        ),
        Section(
            "claims",
            w(lang, "Ù, dậy khàn và phỗng", "Ù, dậy khàn and phỗng"),
            (
                w(
                    lang,
                    "Mỗi khi một quân ra, ai ù được, dậy khàn được hay phỗng được thì được hỏi, "
                    "kể cả khi chưa đến lượt. Ù trước, rồi dậy khàn, rồi phỗng, rồi mới đến "
                    "người được ăn. Nhiều người cùng ù thì người gần nhất được.",
                    "Whenever a card shows, whoever can win on it, raise a khàn or phỗng is "
                    "asked, even out of turn. A win comes first, then dậy khàn, then phỗng, "
                    "then the player who may eat. Among several wins the nearest takes it.",
                ),
                w(
                    lang,
                    "Dậy khàn: quân thứ tư của khàn ra thì phải lấy, lật khàn lên thành bộ bốn; "
                    "để nó đi là lỗi khê khàn. Phỗng: có hai quân giống hệt thì lấy quân thứ ba.",
                    "Dậy khàn: when the fourth copy of your khàn shows you must take it and "
                    "turn the khàn up; letting it go is khê khàn. Phỗng: holding two identical "
                    "cards, take the third.",
                ),
                w(
                    lang,
                    "Sau phỗng hay dậy khàn, người lấy "
                    + (
                        "đi tiếp từ chỗ mình."
                        if r.claim_turn_jump
                        else "trả cửa: đánh một quân vào cửa vừa lấy, coi như người đó đánh."
                    ),
                    "After a phỗng or dậy khàn the taker "
                    + (
                        "plays on from his own seat."
                        if r.claim_turn_jump
                        else "gives a card back into that door, as if its owner had played it."
                    ),
                ),
            ),
            (
                _ex(
                    "5S 5S 5S",
                    lang,
                    "Có hai ngũ sách, quân thứ ba ra: phỗng.",
                    "Two Five of Sách held, the third shows: phỗng.",
                    "phong",
                ),
                _ex(
                    "6S 6S 6S 6S",
                    lang,
                    "Khàn lục sách gặp quân thứ tư: dậy khàn.",
                    "A khàn of Six of Sách meets the fourth: dậy khàn.",
                    "thien_khai",
                ),
            ),
        ),
        Section(
            "winning",
            w(lang, "Ù", "Winning"),
            (
                w(
                    lang,
                    "Ù khi 20 quân của mình cộng quân vừa ra (21 quân) đều nằm trong phu, có "
                    f"ít nhất {need} lưng. Quân ù phải vào một phu có từ hai quân trở lên.",
                    "You win when your 20 cards and the card on show (21) are all in phu, with "
                    f"at least {need} lưng. The winning card must join a phu of two or more.",
                ),
                w(
                    lang,
                    "Được ù cả quân đánh ra lẫn quân nọc, ở bất kỳ cửa nào.",
                    "Any card can be won on, discarded or drawn, at any door.",
                ),
                w(
                    lang,
                    "Bạch thủ: chỉ chờ đúng một quân. Ù mà thiếu lưng là lỗi thiếu lưng; để "
                    "quân ù đi qua rồi sau lại ù là lỗi bỏ ù.",
                    "Bạch thủ: waiting for exactly one card. A win with too few lưng is the "
                    "fault thiếu lưng; letting a win go and winning later is bỏ ù.",
                ),
            ),
            (
                _ex(
                    TT2,
                    lang,
                    "Có tôm, lèo, khàn ngũ sách; quân cuối là bát vạn: ù.",
                    "Tôm, lèo and a khàn; the last card, Eight of Vạn, wins.",
                    "win",
                ),
            ),
        ),
        Section(
            "scoring",
            w(lang, "Cước và điểm", "Cước and points"),
            (
                w(
                    lang,
                    f"Ván ù được {BASE * u} điểm gốc (ù suông), mỗi cước cộng thêm như bảng "
                    f"dưới. Điểm = {u} × (2 + tổng các cước).",
                    f"A win scores {BASE * u} base points (ù suông), and each cước adds as in "
                    f"the table. Score = {u} × (2 + the cước).",
                ),
                worked_example(r, lang),
                w(
                    lang,
                    f"Mỗi người thua trả người ù số điểm ấy ({n - 1} người). Hội kết thúc khi "
                    f"tổng điểm đạt {r.target}; ù liền ván thì được thông.",
                    f"Each of the {n - 1} losers pays the winner that score. A hội ends when "
                    f"the points reach {r.target}; winning again next game scores thông.",
                ),
                w(
                    lang,
                    "Máy tự hô đúng cước."
                    if r.ho == "auto"
                    else "Người ù tự hô cước: hô thiếu thì chỉ được phần đã hô, hô quá là lỗi "
                    "ù nhỏ hô to.",
                    "The table calls the true cước."
                    if r.ho == "auto"
                    else "The winner calls the cước: calling less scores only what was "
                    "called, calling more is ù nhỏ hô to.",
                ),
            ),
            (
                _ex(TT2, lang, "Một tôm: có tôm.", "One tôm.", "co_tom"),
                _ex(TT2, lang, "Một lèo: có lèo.", "One lèo.", "co_leo"),
                _ex(TT2, lang, "Chỉ chờ bát vạn: bạch thủ.", "One wait: bạch thủ.", "bach_thu"),
                _ex(
                    TT4,
                    lang,
                    "Bạch thủ chờ chi chi, chi chi lật từ nọc: chi nẩy.",
                    "Waiting on Chi chi alone, turned up from the nọc: chi nẩy.",
                    "chi_nay",
                ),
                _ex(
                    TT5,
                    lang,
                    "Thất văn vào giữa phu ngũ, lục, thất, bát, cửu văn: xuyên 5 gian.",
                    "Seven of Văn in the middle of a five-card run: xuyên 5 gian.",
                    "xuyen_5_gian",
                ),
                _ex(TT8, lang, "Đúng 10 quân đỏ: thập điều.", "Exactly ten red.", "thap_dieu"),
            ),
            cuoc_rows(r, lang),
            (w(lang, "Cước", "Cước"), w(lang, "Điểm", "Points"), w(lang, "Là gì", "What")),
        ),
        Section(
            "faults",
            w(lang, "Lỗi và hình phạt", "Faults and penalties"),
            (
                w(
                    lang,
                    f"Lỗi nặng bị chèo đò: trả {2 * u} điểm cho mỗi người và mất hết điểm "
                    "đã được trong hội; ván ù sau đó không được tính (trả đò). Lỗi nhẹ bị đeo "
                    "kính: ván ù không được tính điểm, lần ù sau không được thông.",
                    f"A heavy fault is chèo đò: pay {2 * u} points to every other player and "
                    "lose the hội's points; the next win scores nothing (trả đò). A lighter one "
                    "is đeo kính: the win scores nothing, and the next one is no thông.",
                ),
                w(
                    lang,
                    "Bàn này không cho đi nước phạm lỗi."
                    if r.strict
                    else "Bàn này có trọng tài: mọi nước đều đi được, đi sai thì bị phạt.",
                    "This table does not offer a move that is a fault."
                    if r.strict
                    else "This table has a referee: every move is allowed, a fault is punished.",
                ),
            ),
            (
                _ex(
                    NO_LUNG,
                    lang,
                    "Cả 21 quân đều vào phu dọc nhưng không có lưng nào: ù là lỗi thiếu lưng.",
                    "All 21 cards are in runs but there is no lưng: declaring ù is thiếu lưng.",
                    "thieu_lung",
                ),
            ),
            fault_rows(r, lang),
            (w(lang, "Lỗi", "Fault"), w(lang, "Phạt", "Penalty"), w(lang, "Là gì", "What")),
        ),
        options_section(option_rows(r, lang), lang),
    )
    return Rulebook("totom", "Tổ tôm", lang, sections, SOURCES)
