"""The rules of Mạt chược in plain words, as the table in force plays them (the kit's
``rulebook``).

Sources: docs/rules/matchuoc.md (the rules as implemented), seed 002 (Lương Phúc Thọ),
shared/rules/phom_matchuoc.md Part B. Every pattern's phán, the payment table (phán → mủn →
points) and every option are read from ``rules`` (and the engine's ``shares``). Examples name
what the engine must find in their tiles (``claim``, checked by
tests/games/matchuoc/test_rulebook.py):

* ``one_suit``: suited tiles of one suit; ``chu``: honors; ``hoa``: flowers; ``khung``: khung;
* ``phu_doc`` / ``phu_ngang`` / ``coong``: the tiles read as that phu (khung standing in);
* ``doi``: a pair;
* ``win``: 14 tiles that win; a pattern id (``phinh``...): the engine scores that pattern.
"""

from __future__ import annotations

from chieu.core.notation import Lang
from chieu.core.rulebook import Example, Row, Rulebook, Section, options_section, say
from chieu.games.matchuoc.cards import KHUNG_COPIES
from chieu.games.matchuoc.options import OPTION_WORDS
from chieu.games.matchuoc.patterns import MUN
from chieu.games.matchuoc.rulebook_scoring import pay_table, rows, score_of
from chieu.games.matchuoc.rules import Rules

SOURCES = (
    "docs/rules/matchuoc.md",
    "shared/seeds/002_4d4585845f596efa.txt",
    "shared/rules/phom_matchuoc.md",
)
COLUMNS = {
    "scoring": (("Bài", "Phán", "Là gì"), ("Hand", "Phán", "What it is")),
}


def option_value(name: str, value: object, lang: Lang) -> str:
    """An option's value in words (never a raw id)."""
    return OPTION_WORDS.value(name, value, lang)


def _ex(tiles: str, caption: str, claim: str) -> Example:
    return Example(tuple(tiles.split()), caption, claim)


def _about(rules: Rules, lang: Lang) -> Section:
    return Section(
        "about",
        say(lang, "Mạt chược là gì", "What Mạt chược is"),
        (
            say(
                lang,
                "Mạt chược là trò chơi bốn người với quân bài nhỏ, theo lối Sài Gòn như sách của "
                "Lương Phúc Thọ, tính bằng phán và mủn.",
                "Mạt chược is Vietnamese mahjong for four players, Saigon style as Lương Phúc "
                "Thọ describes it, scored in phán and mủn.",
            ),
            say(
                lang,
                "Mỗi người giữ 13 quân, lần lượt bốc một quân rồi đánh một quân. Ai ghép đủ "
                "bốn phu và một đôi (14 quân) trước thì ù; bài càng đẹp càng nhiều phán, càng "
                "được chung nhiều.",
                "Each player holds 13 tiles, draws one and discards one in turn. The first to "
                "make four phu and a pair (14 tiles) wins (ù); the finer the hand, the more "
                "phán, the more the others pay.",
            ),
            say(lang, "Ở đây chỉ tính điểm, không có tiền.", "chieu keeps points only: no money."),
        ),
    )


def _cards(rules: Rules, lang: Lang) -> Section:
    copies = KHUNG_COPIES[rules.tile_set]
    total = 136 + 16 + 8 * copies
    return Section(
        "cards",
        say(lang, "Bộ bài", "The tiles"),
        (
            say(
                lang,
                "Ba hàng, mỗi hàng từ nhất đến cửu, mỗi quân bốn con: Vạn (chữ), Văn (tròn), "
                "Sách (que).",
                "Three suits, One to Nine, four of each: Vạn (Characters), Văn (Dots), Sách "
                "(Bamboos).",
            ),
            say(
                lang,
                "Quân chữ, mỗi quân bốn con: bốn gió Đông, Nam, Tây, Bắc và Bạch, Phát, Trung.",
                "Honors, four of each: the winds Đông, Nam, Tây, Bắc (East, South, West, North) "
                "and Bạch, Phát, Trung (the dragons).",
            ),
            say(
                lang,
                "Mười sáu quân hoa (Mai, Lan, Cúc, Trúc; Xuân, Hạ, Thu, Đông; Vương; Hậu), số "
                "trên hoa là cửa của nó. Hoa không ghép được: dựng ra trước mặt rồi bốc quân "
                "bù.",
                "Sixteen flowers (Mai, Lan, Cúc, Trúc; Xuân, Hạ, Thu, Đông; Vương; Hậu); the "
                "number on a flower is its seat. Flowers form no group: set them down and "
                "draw a replacement.",
            ),
            say(
                lang,
                "Tám loại khung thay được cho quân khác: Tổng thay mọi quân thường, Hợp thay "
                "mọi quân hàng, Màn thay Vạn, Thùng thay Văn, Soọc thay Sách, Hỷ thay gió, "
                "Nguyên thay Bạch, Phát, Trung; Đại Ho chỉ thay hoa nên không giúp ù.",
                "Eight kinds of khung (jokers): Tổng stands for any plain tile, Hợp for any "
                "suited tile, Màn for Vạn, Thùng for Văn, Soọc for Sách, Hỷ for a wind, "
                "Nguyên for a dragon; Đại Ho stands for flowers only, so it never helps a win.",
            ),
            say(
                lang,
                f"Bàn này dùng bộ {total} quân: mỗi loại khung {copies} con.",
                f"This table plays the {total}-tile set: {copies} of each khung.",
            ),
        ),
        (
            _ex("1m 5m 9m", say(lang, "Vạn: nhất, ngũ, cửu.", "Vạn: One, Five, Nine."), "one_suit"),
            _ex("1p 5p 9p", say(lang, "Văn.", "Văn."), "one_suit"),
            _ex("1s 5s 9s", say(lang, "Sách.", "Sách."), "one_suit"),
            _ex(
                "1z 2z 3z 4z 5z 6z 7z",
                say(lang, "Quân chữ: bốn gió, Bạch, Phát, Trung.", "Honors: winds and dragons."),
                "chu",
            ),
            _ex("1f 2f 3f 4f", say(lang, "Hoa Mai, Lan, Cúc, Trúc.", "Flowers."), "hoa"),
            _ex(
                "TG TH SO MA HO HY NG HP",
                say(lang, "Tám loại khung.", "The eight khung."),
                "khung",
            ),
        ),
    )


def _groups(rules: Rules, lang: Lang) -> Section:
    return Section(
        "groups",
        say(lang, "Phu và đôi", "Phu and pairs"),
        (
            say(
                lang,
                "Phu dọc: ba quân cùng hàng, số liền nhau. Phu ngang (phỗng): ba quân giống hệt. "
                "Coong: bốn quân giống hệt, tính như một phu. Đôi: hai quân giống hệt.",
                "Phu dọc: three tiles of one suit in a row. Phu ngang (phỗng): three identical "
                "tiles. Coong: four identical tiles, counted as one phu. Đôi: a pair.",
            ),
            say(
                lang,
                "Bài ù là bốn phu và một đôi. Khung đứng thay quân nào cũng được, miễn là trong "
                "phạm vi của nó.",
                "A winning hand is four phu and a pair. A khung may stand for any tile in its "
                "range.",
            ),
        ),
        (
            _ex("3m 4m 5m", say(lang, "Phu dọc Vạn.", "A run of Vạn."), "phu_doc"),
            _ex(
                "7s 7s 7s", say(lang, "Phu ngang Thất Sách.", "A pung of Seven Sách."), "phu_ngang"
            ),
            _ex("2p 2p 2p 2p", say(lang, "Coong Nhị Văn.", "A kong of Two Văn."), "coong"),
            _ex("1z 1z", say(lang, "Đôi Đông.", "A pair of East."), "doi"),
            _ex(
                "4s SO 6s",
                say(
                    lang, "Khung Soọc thay Ngũ Sách: phu dọc.", "Soọc stands for Five Sách: a run."
                ),
                "phu_doc",
            ),
        ),
    )


def _turn(rules: Rules, lang: Lang) -> Section:
    khung = {
        "forbid_after_seat_flower": (
            "Đã dựng hoa đúng cửa mình thì không được đánh khung.",
            "Once your own seat's flower is down you may not discard a khung.",
        ),
        "always": ("Khung đánh ra lúc nào cũng được.", "A khung may always be discarded."),
        "never": ("Không bao giờ được đánh khung.", "A khung may never be discarded."),
    }[rules.khung_discard]
    return Section(
        "turn",
        say(lang, "Chia bài và một lượt", "The deal and a turn"),
        (
            say(
                lang,
                "Gieo xúc xắc chọn nhà cái (cửa Đông); các cửa Nam, Tây, Bắc theo sau. Mỗi người "
                "13 quân, nhà cái 14 quân và đánh trước.",
                "Dice choose the dealer (the Đông seat); Nam, Tây, Bắc follow. Each player gets "
                "13 tiles, the dealer 14, and the dealer discards first.",
            ),
            say(
                lang,
                "Đầu ván, từ nhà cái, mỗi người dựng hoa và khung muốn dựng, mỗi quân dựng bốc "
                "một quân bù ở đầu coong. Có từ hai hoa trở lên thì phải dựng hết; chỉ một hoa "
                "thì được giữ để đánh.",
                "At the start, from the dealer, each player sets down the flowers and khung it "
                "wants to, drawing a replacement from the đầu coong for each. Two or more "
                "flowers must all go down; a single one may be kept to discard.",
            ),
            say(
                lang,
                "Mỗi lượt: bốc một quân ở tường; có thể ù, dựng hoa hay khung, làm coong; rồi "
                "đánh một quân. " + khung[0],
                "Each turn: draw a tile from the wall; you may win, set down a flower or khung, "
                "make a coong; then discard a tile. " + khung[1],
            ),
        ),
        (
            _ex(
                "1f 1g",
                say(
                    lang,
                    "Hai hoa số 1: phải dựng cả hai; ở cửa Đông thì cả hai là hoa trúng cửa.",
                    "Two flowers numbered 1: both go down; at the Đông seat both are own flowers.",
                ),
                "hoa",
            ),
        ),
    )


def _claims(rules: Rules, lang: Lang) -> Section:
    multi = (
        say(
            lang,
            "Nhiều người cùng ù một quân: người gần nhất sau người đánh được ù.",
            "Several wins on one discard: the nearest seat after the discarder wins.",
        )
        if rules.multi_ron == "head_bump"
        else say(
            lang,
            "Nhiều người cùng ù một quân: ai cũng được ù và được chung.",
            "Several wins on one discard: every winner wins and is paid.",
        )
    )
    return Section(
        "claims",
        say(lang, "Ăn, phỗng, ù quân vừa đánh", "Claims on a discard"),
        (
            say(
                lang,
                "Khi có người đánh ra, ba người kia đều được hỏi. Ù: ai có quân đó là đủ bài. "
                "Phỗng: ai có sẵn đôi quân đó. Coong: ai có sẵn ba con. Ăn (thành phu dọc): chỉ "
                "người ngồi ngay sau người đánh"
                + (", được dùng khung." if rules.khung_in_chow else ", không được dùng khung."),
                "When a tile is discarded the three others are all asked. Ù: whoever it "
                "completes. Phỗng: whoever holds a pair of it. Coong: whoever holds three. Ăn "
                "(a run): only the next seat"
                + (", khung allowed." if rules.khung_in_chow else ", without khung."),
            ),
            say(
                lang,
                "Thứ tự ưu tiên: ù trước phỗng và coong, phỗng trước ăn; hai người cùng phỗng thì "
                "đôi thật trước đôi có khung, rồi người gần hơn. ",
                "Priority: ù before phỗng and coong, phỗng before ăn; two phỗng: a real pair "
                "before one with a khung, then the nearer seat. ",
            )
            + multi,
        ),
        (
            _ex(
                "4m 5m 6m",
                say(
                    lang,
                    "Có Tứ Vạn, Lục Vạn: ăn Ngũ Vạn người trước đánh.",
                    "Holding Four and Six Vạn: eat the Five Vạn just discarded.",
                ),
                "phu_doc",
            ),
            _ex(
                "9s 9s 9s",
                say(lang, "Có đôi Cửu Sách: phỗng.", "Holding a pair of Nine Sách: phỗng."),
                "phu_ngang",
            ),
        ),
    )


def _winning(rules: Rules, lang: Lang) -> Section:
    paras = [
        say(
            lang,
            "Ù khi đủ bốn phu và một đôi, do tự bốc hay quân người khác đánh ra. Không cần "
            "phán tối thiểu: bài không có gì (Xuông) vẫn được ù.",
            "You win with four phu and a pair, self-drawn or on a discard. There is no "
            "minimum: a plain hand (Xuông) wins too.",
        ),
        say(
            lang,
            "Bài đặc biệt: Xập xám chướng (mười ba quân nhất, cửu và chữ khác nhau, thêm một "
            "đôi); Phóng hoa (đánh ra ba lần hoa mà không ai ù)"
            + (
                "; Lục phé bôn (bảy đôi"
                + (", chỉ khi tự bốc)" if rules.seven_pairs_self_draw_only else ")")
                if rules.seven_pairs
                else ""
            )
            + ".",
            "Special hands: Xập xám chướng (the thirteen ones, nines and honors plus a pair); "
            "Phóng hoa (three flower discards that nobody wins on)"
            + (
                "; Lục phé bôn (seven pairs"
                + (", self-drawn only)" if rules.seven_pairs_self_draw_only else ")")
                if rules.seven_pairs
                else ""
            )
            + ".",
        ),
        say(
            lang,
            "Hết tường mà không ai ù thì hòa"
            + (
                ", nhà cái giữ cái."
                if rules.dealer_keeps_on_draw
                else ", cái chuyển sang người sau."
            ),
            "If the wall runs out with no winner the game is a draw (hòa)"
            + (
                ", and the dealer keeps the deal."
                if rules.dealer_keeps_on_draw
                else "; the deal passes on."
            ),
        ),
    ]
    return Section(
        "winning",
        say(lang, "Ù", "Winning"),
        tuple(paras),
        (
            _ex(
                "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 9m 9m",
                say(lang, "Bốn phu và đôi Cửu Vạn: ù.", "Four phu and a pair of Nine Vạn: a win."),
                "win",
            ),
            _ex(
                "1m 2m MA 4p 5p 6p 7s 8s 9s 1z 1z 1z 9m 9m",
                say(
                    lang,
                    "Khung Màn thay Tam Vạn: vẫn ù.",
                    "Màn stands for Three Vạn: still a win.",
                ),
                "win",
            ),
        ),
    )


def _scoring(rules: Rules, lang: Lang) -> Section:
    paras = [
        say(
            lang,
            "Bài ù được đọc theo mọi cách ghép (khung thay quân nào cũng thử), cách nhiều phán "
            "nhất được tính: một bài có tên tốt nhất, cộng mọi phán thêm. Không khung: không "
            "dùng khung nào thay quân trong 14 quân.",
            "Every reading of the winning tiles is tried (each khung as any tile it may be); "
            "the best counts: the best named hand plus every bonus. Không khung: no khung "
            "stands in among the 14 tiles.",
        ),
        say(
            lang,
            f"{MUN} phán là một mủn. Tự bốc ù: ba nhà kia chung cái. Ù quân người khác đánh: "
            "người đánh chung cái, hai người kia chung con; ù hoa thì người đánh đền cả phần "
            "hai người kia.",
            f"{MUN} phán make one mủn. A self-drawn win: the three others pay chung cái. A win "
            "on a discard: the discarder pays chung cái, the two others chung con; on a "
            "discarded flower the discarder pays all three shares (đền).",
        ),
        pay_table(rules, lang),
    ]
    extra: list[str] = []
    if rules.coong_bonus_points:
        extra.append(
            say(
                lang,
                f"ù bằng quân đầu coong: mỗi nhà chung thêm {rules.coong_bonus_points} điểm",
                f"a win on a đầu coong tile: each payer adds {rules.coong_bonus_points} points",
            )
        )
    if rules.mun_bonus_points:
        extra.append(
            say(
                lang,
                f"ù từ một mủn: mỗi nhà chung thêm {rules.mun_bonus_points} điểm",
                f"a win of one mủn or more: each payer adds {rules.mun_bonus_points} points",
            )
        )
    if extra:
        paras.append(say(lang, "Thêm: ", "Also: ") + "; ".join(extra) + ".")
    examples = []
    table = rows(rules, lang)
    names = {r.id: r.term for r in table}
    for tiles, claim in (
        ("1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m 4m 5p 5p", "phinh"),
        ("1m 1m 1m 5p 5p 5p 9s 9s 9s 2z 2z 2z 3m 3m", "tui_tui"),
        ("1m 2m 3m 4m 5m 6m 7m 8m 9m 5z 5z 5z 1z 1z", "lai_hang"),
        ("1s 2s 3s 4s 5s 6s 7s 8s 9s 2s 3s 4s 5s 5s", "toan_hang"),
        ("5z 5z 5z 6z 6z 6z 7z 7z 7z 1m 2m 3m 9p 9p", "dai_tam_nguyen"),
        ("1z 1z 1z 2z 2z 2z 3z 3z 3z 4z 4z 1m 2m 3m", "tieu_tu_hy"),
        ("1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z 7z", "xap_xam_chuong"),
        ("1m 1m 1m 9m 9m 9m 1p 1p 1p 9s 9s 9s 1s 1s", "yeu_cuu"),
    ):
        phan, lines = score_of(tiles, rules)
        parts = " + ".join(f"{names.get(i, i)} {v}" for i, v in lines)
        mun, rest = divmod(phan, MUN)
        caption = say(
            lang,
            f"Ù quân người khác đánh: {parts} = {phan} phán ({mun} mủn {rest} phán).",
            f"Won on a discard: {parts} = {phan} phán ({mun} mủn {rest} phán).",
        )
        examples.append(_ex(tiles, caption, claim))
    return Section(
        "scoring",
        say(lang, "Tính phán và chung", "Scoring and payments"),
        tuple(paras),
        tuple(examples),
        tuple(table),
        COLUMNS["scoring"][1 if lang == "en" else 0],
    )


def _faults(lang: Lang) -> Section:
    return Section(
        "faults",
        say(lang, "Lỗi", "Faults"),
        (
            say(
                lang,
                "Mạt chược ở đây không có lỗi phạt: bàn chỉ cho đi những nước hợp lệ. Cái giá "
                "phải trả là chung cái khi đánh cho người khác ù, và đền khi đánh hoa cho người "
                "khác ù.",
                "Mạt chược here has no faults: the table only offers legal moves. What costs is "
                "paying chung cái when your discard wins for someone, and paying for all (đền) "
                "when it is a flower.",
            ),
        ),
    )


def _options(rules: Rules, lang: Lang) -> Section:
    words = OPTION_WORDS
    rows = tuple(
        Row(
            name,
            words.label(name, lang),
            option_value(name, getattr(rules, name), lang),
            words.help(name, lang),
        )
        for name in words.options
    )
    return options_section(rows, lang)


def rulebook(rules: Rules, lang: Lang = "vi") -> Rulebook:
    """The rules of Mạt chược under ``rules``, in ``lang``."""
    return Rulebook(
        game="matchuoc",
        title="Mạt chược",
        lang=lang,
        sections=(
            _about(rules, lang),
            _cards(rules, lang),
            _groups(rules, lang),
            _turn(rules, lang),
            _claims(rules, lang),
            _winning(rules, lang),
            _scoring(rules, lang),
            _faults(lang),
            _options(rules, lang),
        ),
        sources=SOURCES,
    )
