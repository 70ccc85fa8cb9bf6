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
from chieu.core.rulebook import Example, Rulebook, Section, options_section, say
from chieu.core.rules import RulesBase
from chieu.games.chan.options import TABLE_NAMES
from chieu.games.chan.rulebook_rows import (
    CHI_RONG,
    WIN_BACH_DINH,
    WIN_BACH_THU,
    WIN_BACH_THU_CHI,
    WIN_RONG,
    WIN_TAM_DO,
    WIN_THAP_THANH,
    codes,
    cuoc_rows,
    fault_rows,
    option_rows,
    worked_example,
)
from chieu.games.chan.rules import Rules
from chieu.games.chan.scoring import values_for

SOURCES = (
    "docs/rules/chan.md",
    "shared/seeds/000 (Chơi bài tổ tôm và đánh chắn)",
    "shared/seeds/001 (Đánh chắn: luật chơi toàn tập)",
    "shared/seeds/003 (Cách chơi chắn chi tiết)",
    "shared/rules/chan_totom.md",
)


def _ex(cards: str, lang: Lang, vi: str, en: str, claim: str) -> Example:
    return Example(codes(cards), say(lang, vi, en), claim)


def rulebook(rules: RulesBase, lang: Lang = "vi") -> Rulebook:
    """The rules of Chắn under ``rules`` (a Chắn ``Rules``), in ``lang``."""
    r = rules if isinstance(rules, Rules) else Rules()
    w = say
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
        options_section(option_rows(r, lang), lang),
    )
    return Rulebook("chan", "Chắn", lang, sections, SOURCES)
