"""Mạt chược's options and presets in words (the kit's ``option_words``): the lobby's form and
the rules page read their labels here (the help is ``Rules.help``); and the facts of its views'
``extra`` in words (``detail_words``)."""

from __future__ import annotations

from chieu.core.details import DetailWord, DetailWords
from chieu.core.options import OptionWord, OptionWords, PresetWord, Words
from chieu.games.matchuoc.rules import Rules

#: each option's label (vi, en): what the rules page shows instead of the field's id
LABELS: dict[str, tuple[str, str]] = {
    "players": ("Số người chơi", "Players"),
    "tile_set": ("Bộ bài", "Tile set"),
    "payment_table": ("Bảng chung", "Payment table"),
    "leftover_phan": ("Phán lẻ", "Leftover phán"),
    "coong_phan": ("Phán coong", "Phán coong"),
    "coong_bonus_points": ("Điểm thêm đầu coong", "Đầu coong bonus"),
    "mun_bonus_points": ("Điểm thêm khi ù mủn", "Mủn bonus"),
    "flower_set": ("Bộ hoa", "Flower sets"),
    "flower_count_bonus": ("Phán tám, mười hoa", "Eight or ten flowers"),
    "khung_discard": ("Đánh khung", "Khung discards"),
    "phong_khung": ("Phóng khung", "Phóng khung"),
    "seven_pairs": ("Ù bảy đôi", "Seven pairs"),
    "seven_pairs_self_draw_only": ("Bảy đôi chỉ tự bốc", "Seven pairs self-drawn only"),
    "shanpon_tsumo_bonus": ("Chờ hai đôi bốc lấy", "Two-pair wait self-drawn"),
    "honor_bonus_seat_wind": ("Phán phu gió đúng cửa", "Seat-wind triplet"),
    "honor_bonus_dragon": ("Phán phu Bạch, Phát, Trung", "Dragon triplet"),
    "honor_bonus_prevailing": ("Phán phu gió vòng", "Prevailing-wind triplet"),
    "honor_bonus_scope": ("Phạm vi phu tài phao", "Where honor triplets count"),
    "khong_hoa_la_no_honors": ("Không hoa lá không chữ", "Không hoa lá without honors"),
    "tieu_tu_hy_toan_chu": ("Tiểu tứ hỷ toàn chữ", "Tiểu tứ hỷ all honors"),
    "dai_tu_hy_toan_chu": ("Đại tứ hỷ toàn chữ", "Đại tứ hỷ all honors"),
    "tieu_tu_hy_k": ("Tiểu tứ hỷ không khung", "Tiểu tứ hỷ without khung"),
    "tong_as_flower": ("Tổng thay hoa", "Tổng for a flower"),
    "khung_in_chow": ("Khung khi ăn", "Khung in an ăn"),
    "last_discard_claims": ("Ăn, phỗng quân cuối", "Claims on the last discard"),
    "multi_ron": ("Nhiều người cùng ù", "Several winners"),
    "rob_kong": ("Cướp coong", "Robbing a kong"),
    "blessings": ("Thiên, địa, nhân ù", "Thiên, địa, nhân ù"),
    "dealer_keeps_on_win": ("Cái ù giữ cái", "Dealer keeps the deal on a win"),
    "dealer_keeps_on_draw": ("Hòa giữ cái", "Dealer keeps the deal on a draw"),
    "wind_deals": ("Số ván mỗi vòng gió (từ 5 người)", "Deals a wind round (from 5 people)"),
}
#: the words of each choice (vi, en)
CHOICE_WORDS: dict[str, tuple[str, str]] = {
    "seed_main": ("bảng theo sách", "the book's table"),
    "seed_addendum_shifted": ("bảng phụ lục, dời một bậc", "the addendum, one step up"),
    "round": ("số tròn", "round numbers"),
    "linear": ("tính thêm theo bậc", "counted step by step"),
    "ignore": ("bỏ đi", "dropped"),
    "group": ("đủ một nhóm", "a whole group"),
    "seat_number": ("bốn hoa cùng số", "the four of one number"),
    "none": ("không tính", "none"),
    "forbid_after_seat_flower": ("cấm khi đã dựng hoa đúng cửa", "not after one's own flower"),
    "always": ("luôn được", "always"),
    "never": ("không bao giờ", "never"),
    "lai_only": ("chỉ trong lai hàng", "only in lai hàng"),
    "all": ("tất cả", "all"),
    "head_bump": ("người gần nhất", "the nearest seat"),
    "additive": ("cộng thêm", "added"),
    "fixed": ("cố định", "fixed"),
}
UNITS: dict[str, tuple[str, str]] = {
    "coong_phan": ("phán", "phán"),
    "honor_bonus_seat_wind": ("phán", "phán"),
    "honor_bonus_dragon": ("phán", "phán"),
    "honor_bonus_prevailing": ("phán", "phán"),
    "coong_bonus_points": ("điểm", "points"),
    "mun_bonus_points": ("điểm", "points"),
    "tieu_tu_hy_toan_chu": ("mủn", "mủn"),
    "dai_tu_hy_toan_chu": ("mủn", "mủn"),
    "tieu_tu_hy_k": ("mủn", "mủn"),
    "tile_set": ("quân", "tiles"),
    "players": ("người", "players"),
    "wind_deals": ("ván", "deals"),
}


TILE_SETS: dict[str, Words] = {n: (f"{n} quân", f"{n} tiles") for n in ("160", "168", "176")}


def _word(name: str) -> OptionWord:
    choices = Rules.choices.get(name, ())
    values = {str(c): CHOICE_WORDS[c] for c in choices if isinstance(c, str) and c in CHOICE_WORDS}
    if name == "tile_set":
        values = TILE_SETS
    return OptionWord(LABELS[name], Rules.help[name], values, UNITS.get(name))


OPTION_WORDS = OptionWords(
    options={name: _word(name) for name in Rules.help},
    presets={
        "default": PresetWord(
            ("Luật theo sách", "The book's rules"),
            (
                "160 quân, không đánh khung khi đã dựng hoa đúng cửa.",
                "160 tiles; no khung discard once one's seat flower is down.",
            ),
        ),
        "khung_176": PresetWord(
            ("Bộ 176 quân", "176 tiles"),
            (
                "Ba quân mỗi khung, đánh khung lúc nào cũng được, nhiều người cùng ù.",
                "Three of each khung, khung may always be discarded, several may win.",
            ),
        ),
        "khong_danh_khung": PresetWord(
            ("Không đánh khung", "No khung discards"),
            (
                "Không bao giờ đánh khung; phóng hoa tính cả khung; được ù bảy đôi.",
                "Khung are never discarded; phóng hoa counts khung; seven pairs allowed.",
            ),
        ),
    },
)

DETAIL_WORDS = DetailWords(
    {
        "dealer": DetailWord(("Nhà cái", "Dealer"), "seat"),
        "prevailing": DetailWord(("Gió vòng", "Prevailing wind"), "card"),
        "wall_left": DetailWord(("Tường còn", "Tiles left in the wall")),
        "after_claim": DetailWord(("Vừa ăn, chỉ còn đánh", "Just claimed: discard only"), "bool"),
        "drawn": DetailWord(("Quân vừa bốc", "Tile just drawn"), "card"),
    }
)
