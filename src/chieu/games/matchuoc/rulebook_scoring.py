"""The scoring part of Mạt chược's rules page (``rulebook``): a row per pattern the engine
scores, each with its phán under the rules in force, the payment table from the engine's
``shares``, and the engine's score of an example hand."""

from __future__ import annotations

from chieu.core.notation import Lang
from chieu.core.rulebook import Row, say
from chieu.games.matchuoc.cards import HO, HP, HY, MA, NG, SO, TG, TH
from chieu.games.matchuoc.checker import check_hand
from chieu.games.matchuoc.patterns import BONUSES, MUN, NAMED, khung_value
from chieu.games.matchuoc.rules import Rules
from chieu.games.matchuoc.scoring import shares

#: the phán shown in the payment table
PAY_STEPS = (0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 18)


def score_of(tiles: str, rules: Rules) -> tuple[int, list[tuple[str, int]]]:
    """The phán of 14 concealed tiles won on a discard, and each pattern's (by the engine)."""
    report = check_hand(tiles, {}, rules)
    return report.get("phan", 0), [(p["id"], p["phan"]) for p in report.get("patterns", [])]


#: what each pattern is (vi, en), by id: every named hand and bonus of ``patterns``
WHAT: dict[str, tuple[str, str]] = {
    "xuong": ("Ù mà không có bài có tên.", "A win with no named hand."),
    "phinh": ("Bốn phu dọc.", "Four runs."),
    "tui_tui": ("Bốn phu ngang.", "Four pungs."),
    "lai_hang": ("Một hàng với quân chữ, có phu dọc.", "One suit with honors, some runs."),
    "tui_tui_lai": ("Một hàng với quân chữ, toàn phu ngang.", "One suit with honors, all pungs."),
    "toan_hang": ("Chỉ một hàng, có phu dọc.", "One suit only, some runs."),
    "tui_tui_toan_hang": ("Chỉ một hàng, toàn phu ngang.", "One suit only, all pungs."),
    "tieu_tam_nguyen": (
        "Hai phu Bạch, Phát, Trung và đôi thứ ba.",
        "Two dragon pungs and a pair of the third.",
    ),
    "dai_tam_nguyen": ("Ba phu Bạch, Phát, Trung.", "Pungs of all three dragons."),
    "khan_khan": (
        "Bốn phu ngang không lấy của ai, ù tự bốc.",
        "Four pungs none claimed, won on your own draw.",
    ),
    "tieu_tu_hy": ("Ba phu gió và đôi gió thứ tư.", "Three wind pungs and a pair of the fourth."),
    "dai_tu_hy": ("Bốn phu gió.", "Pungs of all four winds."),
    "xap_xam_chuong": (
        "Mười ba quân nhất, cửu, chữ khác nhau và một đôi.",
        "The thirteen ones, nines and honors, plus a pair.",
    ),
    "yeu_cuu": ("Chỉ quân nhất và cửu.", "Only ones and nines."),
    "yeu_cuu_lai_hang": ("Chỉ quân nhất, cửu và chữ.", "Only ones, nines and honors."),
    "toan_chu": ("Toàn quân chữ.", "Honors only."),
    "luc_phe_bon": ("Bảy đôi quân thật.", "Seven pairs of real tiles."),
    "phu_tai_phao": ("Mỗi phu ngang chữ có điểm", "Each honor pung that counts"),
    "hoa_trung_cua": ("Mỗi hoa mang số cửa mình đã dựng.", "Each own-number flower set down."),
    "bo_hoa": (
        "Dựng đủ bộ hoa; lấy cách tính có lợi hơn, không cộng cả hai.",
        "A complete set of flowers; the better rule counts, never both.",
    ),
    "khung_dung": ("", ""),  # written from khung_value
    "khung_danh": (
        "Khung mình đã đánh ra, chỉ khi ù Không hoa lá.",
        "Khung you discarded, only with Không hoa lá.",
    ),
    "xuyen": (
        "Tự bốc đúng quân duy nhất ù được, vào giữa hoặc đầu một phu dọc.",
        "Drawing the one winning tile into the middle or edge of a run.",
    ),
    "tan_tieu": (
        "Tự bốc đúng quân duy nhất ù được, thành đôi.",
        "Drawing the one winning tile to make the pair.",
    ),
    "cho_doi": (
        "Chờ hai đôi và tự bốc được quân ù.",
        "Waiting on two pairs and drawing the winning tile.",
    ),
    "phan_coong": ("Ù bằng quân bốc ở đầu coong.", "Winning on a tile from the đầu coong."),
    "thien_u": ("Nhà cái ù ngay với bài chia.", "The dealer wins on the dealt hand."),
    "dia_u": ("Ù ngay quân đầu tiên nhà cái đánh.", "Winning on the dealer's first discard."),
    "nhan_u": (
        "Ù ngay lần bốc đầu tiên, trước khi ai ăn, phỗng.",
        "Winning on your first draw, before any claim.",
    ),
    "khong_hoa_la": (
        "Chưa dựng gì, không hoa, không khung trong 14 quân",
        "Nothing set down, no flower or khung among the 14 tiles",
    ),
    "u_hoa": (
        "Ù bằng quân hoa người khác đánh ra; người đánh đền cả làng.",
        "Winning on a discarded flower; the discarder pays for everyone.",
    ),
    "phong_hoa": ("Đánh ra ba lần hoa mà không ai ù", "Three flower discards nobody wins on"),
}


def _values(rules: Rules, lang: Lang) -> dict[str, str]:
    """Each pattern's phán under ``rules``, in words."""
    m, en = MUN, lang == "en"
    k = "without khung" if en else "không khung"
    no = say(lang, "bàn này không cho", "not at this table")
    also = say(lang, "toàn phu ngang", "all pungs")
    honors = say(lang, "phu tài phao", "honor pungs")
    tu_hy = rules.tieu_tu_hy_toan_chu * m
    sets = {
        "group": say(lang, f"+{m} mỗi nhóm đủ bốn hoa", f"+{m} per whole group"),
        "seat_number": say(
            lang, f"+{2 * m} bốn hoa số cửa mình, +{m} số khác", f"+{2 * m} own number, +{m} other"
        ),
        "none": say(lang, "không tính", "none"),
    }[rules.flower_set]
    if rules.flower_count_bonus:
        sets += say(lang, f"; tám hoa {m}, mười hoa {2 * m}", f"; 8 flowers {m}, 10: {2 * m}")
    bless = f"+{2 * m}"
    if rules.blessings == "fixed":
        bless = say(lang, f"{2 * m}, bài có tên tính 0", f"{2 * m}, the named hand counts 0")
    return {
        "xuong": "0",
        "phinh": "1",
        "tui_tui": f"3; {k} 4",
        "lai_hang": f"3 + {honors}",
        "tui_tui_lai": f"6 + {honors}",
        "toan_hang": f"{m}; {k} {2 * m}",
        "tui_tui_toan_hang": f"{2 * m}; {k} {3 * m}",
        "tieu_tam_nguyen": f"5; +3 {also}, +3 lai hàng, +{m} {k}",
        "dai_tam_nguyen": f"8; +3 {also}, +3 lai hàng, +{m} {k}",
        "khan_khan": f"{3 * m}",
        "tieu_tu_hy": say(
            lang,
            f"{4 * m}; phu thứ tư là phu ngang của một hàng: {5 * m}; là phu Bạch, Phát hay "
            f"Trung: {tu_hy}",
            f"{4 * m}; {5 * m} if the fourth phu is a suited pung; {tu_hy} if a dragon pung",
        )
        + (f"; +{rules.tieu_tu_hy_k * m} {k}" if rules.tieu_tu_hy_k else ""),
        "dai_tu_hy": say(
            lang,
            f"{6 * m}; đôi Bạch, Phát hay Trung: {rules.dai_tu_hy_toan_chu * m}; +{m} {k}",
            f"{6 * m}; {rules.dai_tu_hy_toan_chu * m} with a dragon pair; +{m} {k}",
        ),
        "xap_xam_chuong": f"13; {k} {13 + m}",
        "yeu_cuu": f"{3 * m}; {k} {4 * m}",
        "yeu_cuu_lai_hang": f"9; {k} {9 + m}",
        "toan_chu": f"{4 * m}; {k} {5 * m}",
        "luc_phe_bon": f"{m}" if rules.seven_pairs else no,
        "phu_tai_phao": say(
            lang,
            f"+{rules.honor_bonus_seat_wind} gió đúng cửa, +{rules.honor_bonus_dragon} Bạch, "
            f"Phát, Trung, +{rules.honor_bonus_prevailing} gió vòng",
            f"+{rules.honor_bonus_seat_wind} seat wind, +{rules.honor_bonus_dragon} dragon, "
            f"+{rules.honor_bonus_prevailing} prevailing wind",
        ),
        "hoa_trung_cua": say(lang, "+1 mỗi hoa", "+1 each"),
        "bo_hoa": sets,
        "khung_dung": say(lang, "1 đến 9", "1 to 9"),
        "khung_danh": say(lang, "như khung dựng", "as if set down"),
        "xuyen": "+1",
        "tan_tieu": "+1",
        "cho_doi": "+1" if rules.shanpon_tsumo_bonus else no,
        "phan_coong": f"+{rules.coong_phan}",
        "thien_u": bless,
        "dia_u": bless,
        "nhan_u": bless,
        "khong_hoa_la": f"+{m}",
        "u_hoa": f"+{m}",
        "phong_hoa": f"{m} (1 mủn)",
    }


def _what(rid: str, rules: Rules, lang: Lang) -> str:
    """What pattern ``rid`` is, with what the options add."""
    text = say(lang, *WHAT[rid])
    kv = khung_value
    if rid == "khung_dung":
        return say(
            lang,
            f"Tổng {kv(TG, 1, True)} khi dựng đầu ván hay ở cửa Đông, không thì "
            f"{kv(TG, 2, False)}; Hợp {kv(HP, 4, False)} khi dựng đầu ván hay ở cửa Bắc, không "
            f"thì {kv(HP, 1, False)}; Đại Ho {kv(HO, 1, False)}; Thùng, Hỷ {kv(TH, 2, False)} ở "
            f"cửa Nam, Soọc, Nguyên {kv(SO, 3, False)} ở cửa Tây, Màn {kv(MA, 4, False)} ở cửa "
            f"Bắc, cửa khác {kv(HY, 1, False)}; Tổng với Hợp dựng đầu ván 9, sau đó cùng lúc 6.",
            f"Tổng {kv(TG, 1, True)} at the opening or at Đông, else {kv(TG, 2, False)}; Hợp "
            f"{kv(HP, 4, False)} at the opening or at Bắc, else {kv(HP, 1, False)}; Đại Ho "
            f"{kv(HO, 1, False)}; Thùng, Hỷ {kv(TH, 2, False)} at Nam, Soọc, Nguyên "
            f"{kv(NG, 3, False)} at Tây, Màn {kv(MA, 4, False)} at Bắc, elsewhere "
            f"{kv(HY, 1, False)}; Tổng with Hợp at the opening 9, later together 6.",
        )
    if rid == "phu_tai_phao":
        lai = rules.honor_bonus_scope == "lai_only"
        return text + say(
            lang,
            ", chỉ trong Lai hàng, Tui tui lai."
            if lai
            else ", mọi bài trừ tam nguyên, tứ hỷ, Toàn chữ, Xập xám chướng.",
            ", only in Lai hàng and Tui tui lai."
            if lai
            else ", every hand but tam nguyên, tứ hỷ, Toàn chữ, Xập xám chướng.",
        )
    if rid == "khong_hoa_la":
        no_honors = rules.khong_hoa_la_no_honors
        return text + (say(lang, ", không quân chữ.", ", no honors.") if no_honors else ".")
    if rid == "phong_hoa":
        with_khung = rules.phong_khung
        return text + (
            say(lang, ", khung đánh ra cũng tính.", ", khung discards count too.")
            if with_khung
            else say(lang, ", không giữ khung.", ", holding no khung.")
        )
    if rid == "luc_phe_bon" and rules.seven_pairs_self_draw_only:
        return text + say(lang, " Chỉ khi tự bốc.", " Self-drawn only.")
    return text


def rows(rules: Rules, lang: Lang) -> list[Row]:
    """A row per pattern the engine scores (every named hand, every bonus, phóng hoa)."""
    values = _values(rules, lang)
    ids = [(p.id, p.name) for p in NAMED] + [(b.id, b.name) for b in BONUSES]
    ids.append(("phong_hoa", "Phóng hoa"))
    return [Row(rid, name, values[rid], _what(rid, rules, lang)) for rid, name in ids]


def pay_table(rules: Rules, lang: Lang) -> str:
    steps = " · ".join(f"{p} → {'/'.join(map(str, shares(p, rules)))}" for p in PAY_STEPS)
    return say(
        lang,
        f"Bảng chung (phán → chung cái / chung con): {steps}.",
        f"Payment table (phán → chung cái, the big share / chung con, the small): {steps}.",
    )
