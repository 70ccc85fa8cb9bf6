"""The rules of Chắn in plain words, as the table in force plays them (``GameKit.rulebook``).

Sources: docs/rules/chan.md (the rules as implemented, with their sources), seeds 000, 001 and
003 (shared/seeds), shared/rules/chan_totom.md. Every number comes from ``rules``: the cước
points from the value table in force (``scoring.values_for``), the penalties from the fault
classes (``fault_rules``) and the stake, the option values from the fields. The examples' claims
(``chan``, ``ca``, ``ba_dau``, ``que``, ``red``, ``four``, ``win``, ``rong``, a cước id, a fault
id) are checked by tests/games/chan/test_rulebook.py with the engine's analysis and checker.
"""

from __future__ import annotations

from chieu.core.notation import Lang
from chieu.core.rulebook import Example, Row, Rulebook, Section
from chieu.core.rules import RulesBase
from chieu.games.chan import analysis
from chieu.games.chan.cards import KINDS, parse_cards
from chieu.games.chan.fault_rules import ALL_FAULTS, BAO, NAT, PAY12, ChanFault
from chieu.games.chan.glossary import GLOSSARY, RULE_TABLE_EN, RULE_TABLE_VI
from chieu.games.chan.patterns import ALL_CUOC, CUOC_NAMES, EXTRA_IDS, WinContext
from chieu.games.chan.rules import Rules
from chieu.games.chan.scoring import breakdown, enabled_ids, evaluate, values_for

SOURCES = (
    "docs/rules/chan.md",
    "shared/seeds/000 (Chơi bài tổ tôm và đánh chắn)",
    "shared/seeds/001 (Đánh chắn: luật chơi toàn tập)",
    "shared/seeds/003 (Cách chơi chắn chi tiết)",
    "shared/rules/chan_totom.md",
)

# Example hands (shared/rules A7): 19 cards, then the winning card last.
WIN_BACH_THU = "2V 2V 4S 4S 6W 6W 9V 9V 5S 5S 3V 3W 7S 7W 8V 8W 4V 4W 6S 6S"
WIN_RONG = "2S 2S 3W 3W 5V 5V 6S 6S 7V 7V 9W 9W 4V 4S 8W 8V 2V 2W 5W 5V"
WIN_TAM_DO = "8V 8V 9S 9S CC CC 2W 2W 3V 3V 4S 4S 8S 8W 9V 9W 5V 5S 6W 6V"
WIN_BACH_DINH = "2V 2V 3S 3S 4W 4W 5V 5V 6S 6S 7W 7W 2S 2W 3V 3W 4V 4S 5W 5V"
WIN_THAP_THANH = "2V 2V 3S 3S 4W 4W 5V 5V 6S 6S 7W 7W 8V 8V 9W 9W 2S 2S 3V 3V"
WIN_BACH_THU_CHI = "2W 2W 3V 3V 5S 5S 6V 6V 8W 8W 4V 4S 7W 7S 9V 9S 2V 2S CC CC"
CHI_RONG = "2W 2W 3V 3V 5S 5S 6V 6V 8W 8W 4V 4V 7W 7S 9W 9S 2V 2S CC CC"

#: the cước tables by their names (the option ``cuoc_table``)
TABLE_NAMES: dict[str, tuple[str, str]] = {
    "sd": ("bảng Sân Đình", "the Sân Đình table"),
    "jsc": (
        "bảng ba điểm (thiên ù, địa ù, chíu ù, ù bòn được 3)",
        "the three-point table (thiên ù, địa ù, chíu ù, ù bòn worth 3)",
    ),
    "pyb": (
        "bảng thiên ù, địa ù ba điểm (nhà lầu, ngư ông không cộng dịch)",
        "the table with thiên ù and địa ù at 3 (nhà lầu, ngư ông add nothing beside others)",
    ),
    "ldg": ("bảng Chắn dân gian", "the Chắn dân gian table"),
}

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


def _w(lang: Lang, vi: str, en: str) -> str:
    return en if lang == "en" else vi


def _yes(lang: Lang, value: bool) -> str:
    return _w(lang, "có", "yes") if value else _w(lang, "không", "no")


def _codes(text: str) -> tuple[str, ...]:
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
    return _w(lang, f"{diem} điểm, đi kèm +{dich}", f"{diem} points, beside a larger +{dich}")


def worked_example(rules: Rules, lang: Lang) -> str:
    """The score of the bạch thủ example won on one's own draw (chì), from the rules."""
    kinds = _kinds(_codes(WIN_BACH_THU))
    held = KINDS.counts(kinds[:-1])
    win = kinds[-1]
    hand = list(held)
    hand[win] += 1
    kind = analysis.waits(held).kind
    ctx = WinContext(tuple(hand), winning_card=win, wait_kind=kind, self_drawn=True)
    hits, total = evaluate(ctx, rules)
    parts = " + ".join(f"{h.name} {p}" for h, p in breakdown(hits, rules))
    return _w(
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
            value = _w(lang, "không tính (bàn chưa bật)", "not counted (off at this table)")
        elif p.id == "xuong":
            value = _w(
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
        return _w(lang, "bàn không bắt lỗi này", "not called at this table")
    if fault.penalty == NAT:
        text = _w(lang, "nghỉ ăn tiền: ù cũng không được trả", "collects nothing, even on a win")
    elif fault.penalty == BAO:
        text = _w(
            lang,
            "bị báo: ngồi yên đến hết ván; có người ù thì đền làng",
            "reported (báo): sits out the game; pays for the table if someone wins",
        )
    elif fault.penalty == PAY12:
        text = _w(
            lang,
            f"đền tám đỏ hai lèo: trả {twelve} điểm cho mỗi người",
            f"pays {twelve} points to every other player (tám đỏ hai lèo)",
        )
        if fault.id in STOPS:
            text += _w(lang, "; ván dừng ngay", "; the game stops")
    else:
        text = _w(
            lang,
            "không được trả, lại đền mỗi người số điểm đã xướng",
            "collects nothing and pays every player the score announced",
        )
        if rules.xuong == "auto":
            text += _w(lang, " (bàn này máy tự xướng)", " (here the table announces)")
    if not fault.detectable:
        text += _w(
            lang, " (máy tự xếp bài nên không xảy ra)", " (the table places the cards: never here)"
        )
    return text


def fault_rows(rules: Rules, lang: Lang) -> tuple[Row, ...]:
    return tuple(
        Row(f.id, f.name, _penalty(f, rules, lang), _w(lang, f.table, FAULT_EN[f.id]))
        for f in ALL_FAULTS
    )


def _choice(rules: Rules, field: str, lang: Lang) -> str:
    value = getattr(rules, field)
    words: dict[object, tuple[str, str]] = {
        "referee": ("có trọng tài: đi sai thì bị phạt", "a referee: a fault is punished"),
        "strict": ("chặt: máy không cho đi nước phạm lỗi", "strict: no move that is a fault"),
        "auto": ("máy tự xướng đúng cước", "the table announces the true cước"),
        "declared": ("người ù tự xướng", "the winner announces"),
        "right": ("sang phải, theo chiều chơi", "to the right, the way play goes"),
        "clockwise": ("ngược chiều chơi", "against the way play goes"),
        "forbid": ("không được ù", "no win"),
        "allow_if_unchanged": ("được ù nếu chưa đổi bài", "a win if the hand never changed"),
        "card": ("chỉ quân đó", "that card only"),
        "kind": ("mọi quân cùng loại", "every card of that kind"),
        "window": ("mọi lần ù, đến khi đổi bài", "every win until the hand changes"),
    }
    if field == "players":
        return _w(lang, f"{value} người", f"{value} players")
    if field == "cuoc_table":
        vi, en = TABLE_NAMES[value]
        return _w(lang, vi, en)
    if field == "extra_cuoc":
        return ", ".join(CUOC_NAMES[c] for c in value) or _w(lang, "không có", "none")
    if field == "min_u_score":
        return _w(lang, f"{value} điểm", f"{value} points")
    if field == "last_nocc_dead":
        return _w(lang, "không được bốc", "dead") if value else _w(lang, "được bốc", "live")
    if isinstance(value, bool):
        return _yes(lang, value)
    if isinstance(value, str):
        vi, en = words[value]
        return _w(lang, vi, en)
    return str(value)


#: every option: its label and what it changes, (vi, en) each
OPTIONS: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    "players": (
        ("Số người chơi", "Players"),
        ("Từ 2 đến 4 người; 4 người là ván chuẩn.", "Two to four; four is the standard game."),
    ),
    "fault_mode": (
        ("Bắt lỗi", "Faults"),
        ("Cách bàn xử lý nước đi phạm luật.", "How the table treats a move against the rules."),
    ),
    "xuong": (
        ("Xướng cước", "Announcing"),
        ("Ai đọc các cước khi ù; xướng sai bị phạt.", "Who calls out the cước of a win."),
    ),
    "count_dir": (
        ("Chiều đếm bắt cái", "Bắt-cái count"),
        (
            "Quân cái lật lên được đếm từ người bắt cái theo chiều này để tìm nhà cái.",
            "The cái card is counted from the bắt-cái seat this way to find the cái.",
        ),
    ),
    "last_nocc_dead": (
        ("Quân cuối nọc", "Last card of the nọc"),
        ("Quân cuối cùng của nọc có được bốc hay không.", "Whether the nọc's last card is drawn."),
    ),
    "cuoc_table": (
        ("Bảng điểm cước", "Cước values"),
        ("Bảng cho điểm và dịch của từng cước.", "The table of each cước's points."),
    ),
    "thap_thanh_stacks": (
        ("Thập thành cộng dồn", "Thập thành adds up"),
        (
            "Có thập thành thì cộng đủ điểm thập thành, bạch định, tám đỏ, kính tứ chi.",
            "With thập thành, the full points of thập thành and the colour cước add up.",
        ),
    ),
    "hoa_requires_bach_thu": (
        ("Hoa rơi cửa Phật cần bạch thủ", "Hoa rơi cửa Phật needs bạch thủ"),
        ("Cước hoa rơi cửa Phật phải ù bạch thủ.", "That cước needs a bạch thủ wait."),
    ),
    "chi_rong": (
        ("Chờ chi rộng", "Chờ chi rộng"),
        (
            "Đã đủ 6 chắn mà chờ chi chi: có được ù chi chi không.",
            "Six chắn or more and waiting on Chi chi: may one win on it.",
        ),
    ),
    "an_ca_doi_cho": (
        ("Bắt lỗi ăn cạ đổi chờ", "Call ăn cạ đổi chờ"),
        ("Đang chờ ù mà ăn cạ đổi chờ thì bị phạt.", "Eating a cạ that changes a wait is a fault."),
    ),
    "bo_u_scope": (
        ("Bỏ ù mất quyền ù", "What a missed win forfeits"),
        (
            "Để quân ù đi qua rồi thì sau đó không được ù những quân nào.",
            "Which later wins a player who let a win go may not take.",
        ),
    ),
    "thong_survives_hoa": (
        ("Ván hòa giữ thông", "A draw keeps thông"),
        ("Ván không ai ù không làm mất thông.", "A game nobody wins does not break thông."),
    ),
    "strict_xuong": (
        ("Xướng chặt", "Strict announcing"),
        (
            "Bỏ sót thiên ù, chíu ù, bạch thủ chi hay ù bòn khi xướng là xướng sai.",
            "Leaving out thiên ù, chíu ù, bạch thủ chi or ù bòn is a wrong announcement.",
        ),
    ),
    "min_u_score": (
        ("Điểm ù tối thiểu", "Lowest winning score"),
        (
            "Ù dưới số điểm này thì không được ù và bị phạt như tám đỏ hai lèo.",
            "A win below it does not stand and is punished like tám đỏ hai lèo.",
        ),
    ),
    "thien_u_bach_thu": (
        ("Thiên ù tính bạch thủ", "Thiên ù scores bạch thủ"),
        ("Thiên ù đúng 6 chắn được thêm bạch thủ.", "A thiên ù with six chắn adds bạch thủ."),
    ),
    "extra_cuoc": (
        ("Cước thêm", "Extra cước"),
        (
            "Những cước ít bàn chơi: cá nhảy đầu thuyền, đồng tử hái hoa, chùa đổ nát hoa.",
            "Cước few tables play: cá nhảy đầu thuyền, đồng tử hái hoa, chùa đổ nát hoa.",
        ),
    ),
    "stake": (
        ("Điểm mỗi đơn vị", "Points per unit"),
        (
            "Mỗi điểm ù được nhân số này (chỉ tính điểm, không có tiền).",
            "Each point of a win is multiplied by it (points only, never money).",
        ),
    ),
}


def option_rows(rules: Rules, lang: Lang) -> tuple[Row, ...]:
    rows = []
    for field, (label, text) in OPTIONS.items():
        rows.append(Row(field, _w(lang, *label), _choice(rules, field, lang), _w(lang, *text)))
    return tuple(rows)


def _ex(cards: str, lang: Lang, vi: str, en: str, claim: str) -> Example:
    return Example(_codes(cards), _w(lang, vi, en), claim)


def rulebook(rules: RulesBase, lang: Lang = "vi") -> Rulebook:
    """The rules of Chắn under ``rules`` (a Chắn ``Rules``), in ``lang``."""
    r = rules if isinstance(rules, Rules) else Rules()
    w = _w
    n = r.players
    drawable = 22 if r.last_nocc_dead else 23
    v = values_for(r)
    columns_cuoc = (w(lang, "Cước", "Cước"), w(lang, "Điểm", "Points"), w(lang, "Là gì", "What"))
    sections = (
        Section(
            "about",
            w(lang, "Chắn là gì", "What Chắn is"),
            (
                w(
                    lang,
                    f"Chắn là trò chơi bài lá dân gian của người Việt, chơi từ 2 đến 4 người; "
                    f"bàn này có {n} người. Mỗi người cố ghép hết bài của mình thành từng đôi "
                    "và ù trước những người khác.",
                    f"Chắn is a Vietnamese folk card game for 2 to 4 players; this table has "
                    f"{n}. Each player tries to pair up all his cards and win (ù) first.",
                ),
                w(
                    lang,
                    "Có hai loại đôi: chắn (hai quân giống hệt) và cạ (hai quân cùng số khác "
                    "hàng). Ù cần 10 đôi, trong đó ít nhất 6 chắn.",
                    "There are two kinds of pair: chắn (two identical cards) and cạ (same "
                    "number, different suits). A win needs ten pairs, at least six of them chắn.",
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
                    "Bộ bài có 100 quân. Có ba hàng: vạn, sách và văn. Mỗi hàng có các số từ "
                    "nhị (2) đến cửu (9), mỗi quân có 4 quân giống hệt. Thêm 4 quân chi chi.",
                    "The deck has 100 cards in three suits, vạn, sách and văn, numbered nhị "
                    "(2) to cửu (9), four copies of each, plus four Chi chi.",
                ),
                w(
                    lang,
                    "Tên quân đọc số trước, hàng sau: tam vạn, bát sách, cửu văn.",
                    "A card is named by its number, then its suit: tam vạn (Three of Vạn).",
                ),
                w(
                    lang,
                    "Quân đỏ (20 quân): bát vạn, bát sách, cửu vạn, cửu sách và chi chi; các "
                    "quân khác là quân đen. Vài cước đếm quân đỏ.",
                    "The red cards (20): Eight and Nine of Vạn and of Sách, and Chi chi; the "
                    "others are black. Some cước count the red cards.",
                ),
                w(
                    lang,
                    "Chi chi chỉ ghép được với chi chi.",
                    "Chi chi only pairs with another Chi chi.",
                ),
            ),
            (
                _ex(
                    "2V 2S 2W",
                    lang,
                    "Nhị vạn, nhị sách, nhị văn: một số, ba hàng.",
                    "One number, three suits.",
                    "ba_dau",
                ),
                _ex("8V 8S 9V 9S CC", lang, "Năm loại quân đỏ.", "The five red cards.", "red"),
            ),
        ),
        Section(
            "groups",
            w(lang, "Chắn, cạ và quân què", "Chắn, cạ and loose cards"),
            (
                w(
                    lang,
                    "Chắn: hai quân giống hệt nhau. Cạ: hai quân cùng số nhưng khác hàng.",
                    "Chắn: two identical cards. Cạ: two cards of one number in different suits.",
                ),
                w(
                    lang,
                    "Ba đầu: ba quân cùng số ở cả ba hàng; chưa thành đôi, phải tách ra.",
                    "Ba đầu: one number in all three suits; not a pair yet.",
                ),
                w(
                    lang,
                    "Què: quân lẻ, không thành chắn hay cạ với quân nào trên tay.",
                    "Què: a loose card, in no chắn and no cạ.",
                ),
                w(
                    lang,
                    "Bốn quân giống hệt tính là hai chắn.",
                    "Four identical cards count as two chắn.",
                ),
            ),
            (
                _ex("7V 7V", lang, "Một chắn thất vạn.", "A chắn of Seven of Vạn.", "chan"),
                _ex("5V 5S", lang, "Một cạ: ngũ vạn với ngũ sách.", "A cạ of Fives.", "ca"),
                _ex("8V 8S 8W", lang, "Ba đầu bát.", "A ba đầu of Eights.", "ba_dau"),
                _ex("4W 9S", lang, "Hai quân què.", "Two loose cards.", "que"),
                _ex("CC CC CC CC", lang, "Bốn chi chi: hai chắn.", "Four Chi chi.", "four"),
            ),
        ),
        Section(
            "turn",
            w(lang, "Một lượt chơi", "A turn"),
            (
                w(
                    lang,
                    "Chia bài: nhà cái được 20 quân, mỗi người khác 19 quân; nọc còn 23 quân "
                    f"úp ở giữa, bốc được {drawable} quân. Nhà cái đánh trước.",
                    "The deal: the cái gets 20 cards, every other player 19; the nọc keeps 23 "
                    f"face down, of which {drawable} may be drawn. The cái discards first.",
                ),
                w(
                    lang,
                    "Quân vừa đánh ra nằm ở cửa của người đánh. Người ngồi sau được ăn quân đó: "
                    "ghép với một quân trên tay thành chắn hoặc cạ, hạ xuống chiếu, rồi đánh "
                    "một quân.",
                    "A discard lies at its player's door. The next player may eat it: pair it "
                    "with a card from his hand as a chắn or a cạ, lay the pair down, then "
                    "discard.",
                ),
                w(
                    lang,
                    "Không ăn thì bốc một quân nọc, lật ra cửa mình. Ăn được quân đó thì ăn; "
                    "không thì dưới: để nó cho người sau.",
                    "If he does not eat he draws a card from the nọc, face up at his door. He "
                    "may eat it, or pass it on (dưới) to the next player.",
                ),
                w(
                    lang,
                    "Đôi đã hạ xuống chiếu thì không đổi được nữa.",
                    "A pair laid on the mat never changes.",
                ),
            ),
            (
                _ex(
                    "5V 5S",
                    lang,
                    "Nhà trên đánh ngũ vạn, bạn có ngũ sách: ăn được một cạ.",
                    "The player before you discards Five of Vạn; with your Five of Sách you "
                    "eat a cạ.",
                    "ca",
                ),
            ),
        ),
        Section(
            "claims",
            w(lang, "Ù, chíu và trả cửa", "Ù, chíu and trả cửa"),
            (
                w(
                    lang,
                    "Mỗi khi một quân lộ ra, ai ù được hay chíu được thì được hỏi trước, kể cả "
                    "khi chưa đến lượt.",
                    "Whenever a card shows up, whoever can win on it or chíu it is asked "
                    "first, even out of turn.",
                ),
                w(
                    lang,
                    "Chíu: có ba quân giống hệt trên tay thì lấy quân thứ tư, hạ cả bốn (tính "
                    "hai chắn), rồi trả cửa: đánh một quân vào cửa mà quân chíu vừa đến.",
                    "Chíu: holding three identical cards you take the fourth, lay all four "
                    "down (two chắn), then return a card to the door it came from (trả cửa).",
                ),
                w(
                    lang,
                    "Thứ tự: ù trước chíu, chíu trước người được ăn. Nhiều người cùng ù thì "
                    "người ngồi gần cửa có quân đó nhất được ù.",
                    "Priority: a win beats a chíu, a chíu beats the player who may eat. Among "
                    "several wins, the nearest to the card's door takes it.",
                ),
                w(
                    lang,
                    "Sau quân nọc cuối cùng được bốc thì chỉ còn được ù, không được chíu.",
                    "On the last card drawn from the nọc one may only win, not chíu.",
                ),
            ),
            (
                _ex(
                    "3S 3S 3S 3S",
                    lang,
                    "Có ba tam sách, quân thứ tư ra: chíu.",
                    "Three Three of Sách held, the fourth shows up: chíu.",
                    "four",
                ),
            ),
        ),
        Section(
            "winning",
            w(lang, "Ù", "Winning"),
            (
                w(
                    lang,
                    "Ù khi 19 quân của mình (trên tay và trên chiếu) cộng quân vừa lộ thành 10 "
                    "đôi chắn hoặc cạ, có ít nhất 6 chắn, không còn què hay ba đầu.",
                    "You win when your 19 cards (hand and mat) with the card on show make ten "
                    "pairs, chắn or cạ, at least six of them chắn, with no loose card left.",
                ),
                w(
                    lang,
                    "Chỉ được ù quân bốc từ nọc (ai bốc cũng được); quân đánh ra chỉ ù được "
                    "bằng chíu ù. Nhà cái có bài ù ngay khi chia thì thiên ù.",
                    "Only a card drawn from the nọc (by anyone) can be won on; a discard only "
                    "by a chíu. A cái whose dealt cards already win declares thiên ù.",
                ),
                w(
                    lang,
                    "Chờ bạch thủ: có 5 chắn, chỉ chờ đúng một quân. Ù rộng: đã đủ 6 chắn, chờ "
                    "được nhiều quân cùng số. Chờ chi chi khi đã đủ 6 chắn là chờ chi rộng: "
                    + (
                        "không được ù."
                        if r.chi_rong == "forbid"
                        else "chỉ được ù nếu chưa đổi bài."
                    ),
                    "Bạch thủ: five chắn, waiting for exactly one card. Ù rộng: six chắn, "
                    "waiting for several cards of one number. Waiting on Chi chi with six "
                    "chắn is chờ chi rộng: "
                    + ("no win." if r.chi_rong == "forbid" else "a win only if nothing changed."),
                ),
                w(
                    lang,
                    f"Ván ù phải được ít nhất {r.min_u_score} điểm. Để quân ù đi qua rồi lại ù "
                    "là lỗi bỏ ù.",
                    f"A win must be worth at least {r.min_u_score} points. Letting a winning "
                    "card go by and winning later is the fault bỏ ù.",
                ),
            ),
            (
                _ex(
                    WIN_BACH_THU,
                    lang,
                    "Năm chắn, bốn cạ và quân què lục sách; quân cuối là lục sách vừa bốc "
                    "từ nọc: đủ sáu chắn, ù.",
                    "Five chắn, four cạ and a loose Six of Sách; the last card, another Six "
                    "of Sách drawn from the nọc, makes the sixth chắn: a win.",
                    "win",
                ),
                _ex(
                    WIN_RONG,
                    lang,
                    "Sáu chắn, chờ rộng cả ba quân ngũ: quân cuối là ngũ vạn.",
                    "Six chắn, waiting on any Five: the last card is a Five of Vạn.",
                    "rong",
                ),
            ),
        ),
        Section(
            "scoring",
            w(lang, "Cước và điểm", "Cước and points"),
            (
                w(
                    lang,
                    "Khi ù, bài được tính các cước. Mỗi cước có điểm (khi nó là cước lớn nhất) "
                    "và dịch (phần nó cộng thêm khi đi cùng một cước lớn hơn).",
                    "A win scores its cước. Each has its points (when it is the largest) and "
                    "what it adds beside a larger one (dịch).",
                ),
                w(
                    lang,
                    "Điểm ván ù = điểm của cước lớn nhất + dịch của mỗi cước khác; cước có hai "
                    "lần (đôi lèo, đôi tôm) thì lần sau cộng dịch. "
                    f"Xuông ({v['xuong'].diem} điểm) chỉ khi không có cước nào.",
                    "The score = the points of the largest cước + what each other one adds; a "
                    "cước held twice (đôi lèo) adds its dịch again. "
                    f"Xuông ({v['xuong'].diem} points) only when there is no cước at all.",
                ),
                *(
                    (
                        w(
                            lang,
                            "Có thập thành thì cộng đủ điểm thập thành, bạch định, tám đỏ, "
                            "kính tứ chi.",
                            "With thập thành, the full points of thập thành, bạch định, tám "
                            "đỏ and kính tứ chi add up.",
                        ),
                    )
                    if r.thap_thanh_stacks
                    else ()
                ),
                worked_example(r, lang),
                w(
                    lang,
                    f"Mỗi người thua trả người ù số điểm ấy nhân {r.stake}. Người bị báo thì "
                    "đền làng: trả thay cho cả những người không có lỗi.",
                    f"Every loser pays the winner that score times {r.stake}. A reported "
                    "(báo) player pays for the innocent players too (đền làng).",
                ),
                w(
                    lang,
                    f"Bảng điểm của bàn này: {TABLE_NAMES[r.cuoc_table][0]}.",
                    f"This table's values: {TABLE_NAMES[r.cuoc_table][1]}.",
                ),
            ),
            (
                _ex(
                    WIN_BACH_THU,
                    lang,
                    "Chỉ chờ lục sách: bạch thủ.",
                    "Waiting on the Six of Sách only: bạch thủ.",
                    "bach_thu",
                ),
                _ex(
                    WIN_BACH_THU_CHI,
                    lang,
                    "Năm chắn, chỉ chờ chi chi: bạch thủ chi.",
                    "Five chắn, waiting on Chi chi only.",
                    "bach_thu_chi",
                ),
                _ex(
                    WIN_TAM_DO,
                    lang,
                    "Đúng 8 quân đỏ, có bộ cửu vạn, bát sách, chi chi: tám đỏ và lèo.",
                    "Exactly eight red cards and the set 9V 8S CC: tám đỏ and lèo.",
                    "tam_do",
                ),
                _ex(
                    WIN_TAM_DO,
                    lang,
                    "Có bộ cửu vạn, bát sách, chi chi: lèo.",
                    "The set Nine of Vạn, Eight of Sách, Chi chi: lèo.",
                    "leo",
                ),
                _ex(
                    WIN_BACH_DINH,
                    lang,
                    "Không có quân đỏ nào: bạch định.",
                    "No red card at all: bạch định.",
                    "bach_dinh",
                ),
                _ex(
                    WIN_THAP_THANH,
                    lang,
                    "Cả mười đôi đều là chắn: thập thành.",
                    "All ten pairs are chắn: thập thành.",
                    "thap_thanh",
                ),
            ),
            cuoc_rows(r, lang),
            columns_cuoc,
        ),
        Section(
            "faults",
            w(lang, "Lỗi và hình phạt", "Faults and penalties"),
            (
                w(
                    lang,
                    "Chắn có nhiều lỗi. Nhẹ nhất là nghỉ ăn tiền: vẫn chơi nhưng ù cũng không "
                    "được trả. Nặng hơn là bị báo: ngồi yên đến hết ván, có người ù thì đền "
                    f"làng. Nặng nhất là đền tám đỏ hai lèo: trả {12 * r.stake} điểm cho mỗi "
                    "người.",
                    "Chắn has many faults. The lightest: you play on but collect nothing "
                    "(nghỉ ăn tiền). Heavier: you are reported (báo), sit out and pay for the "
                    f"table if someone wins. Heaviest: you pay {12 * r.stake} points to every "
                    "other player (tám đỏ hai lèo).",
                ),
                w(
                    lang,
                    "Bàn này không cho đi nước phạm lỗi."
                    if r.strict
                    else "Bàn này có trọng tài: mọi nước đều đi được, đi sai thì bị phạt ngay.",
                    "This table does not offer a move that is a fault."
                    if r.strict
                    else "This table has a referee: every move is allowed, and a fault is "
                    "punished at once.",
                ),
            ),
            (
                _ex(
                    CHI_RONG,
                    lang,
                    "Sáu chắn và chờ chi chi: ù chi chi là lỗi ù chi rộng.",
                    "Six chắn and waiting on Chi chi: winning on it is ù chi rộng.",
                    "u_chi_rong",
                )
                if r.chi_rong == "forbid"
                else _ex(
                    CHI_RONG,
                    lang,
                    "Sáu chắn và chờ chi chi: bàn này cho ù nếu chưa đổi bài; đã đổi bài "
                    "thì là lỗi ù chi rộng.",
                    "Six chắn and waiting on Chi chi: this table allows the win if the hand "
                    "never changed; otherwise it is ù chi rộng.",
                    "win",
                ),
            ),
            fault_rows(r, lang),
            (w(lang, "Lỗi", "Fault"), w(lang, "Phạt", "Penalty"), w(lang, "Là gì", "What")),
        ),
        Section(
            "options",
            w(lang, "Luật của bàn", "House options"),
            (
                w(
                    lang,
                    "Mỗi bàn có thể chọn luật riêng; đây là các lựa chọn của bàn này.",
                    "Each table may choose its own rules; these are this table's.",
                ),
            ),
            rows=option_rows(r, lang),
            columns=(
                w(lang, "Lựa chọn", "Option"),
                w(lang, "Bàn này", "Here"),
                w(lang, "Là gì", "What"),
            ),
        ),
    )
    return Rulebook("chan", "Chắn", lang, sections, SOURCES)
