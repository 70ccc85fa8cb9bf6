"""Chắn's options and presets in words (the kit's ``option_words``): the lobby's form, the
rules page (``rulebook_rows``) and ``chieu rules`` read their labels here; and the facts of
its views' ``extra`` in words (``detail_words``)."""

from __future__ import annotations

from chieu.core.details import DetailWord, DetailWords
from chieu.core.options import OptionWord, OptionWords, PresetWord
from chieu.games.chan.patterns import CUOC_NAMES

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
FAULT_MODES = {
    "referee": ("có trọng tài: đi sai thì bị phạt", "a referee: a fault is punished"),
    "strict": ("chặt: máy không cho đi nước phạm lỗi", "strict: no move that is a fault"),
}

OPTION_WORDS = OptionWords(
    options={
        "players": OptionWord(
            ("Số người chơi", "Players"),
            ("Từ 2 đến 4 người; 4 người là ván chuẩn.", "Two to four; four is the standard game."),
            unit=("người", "players"),
        ),
        "fault_mode": OptionWord(
            ("Bắt lỗi", "Faults"),
            ("Cách bàn xử lý nước đi phạm luật.", "How the table treats a move against the rules."),
            FAULT_MODES,
        ),
        "xuong": OptionWord(
            ("Xướng cước", "Announcing"),
            ("Ai đọc các cước khi ù; xướng sai bị phạt.", "Who calls out the cước of a win."),
            {
                "auto": ("máy tự xướng đúng cước", "the table announces the true cước"),
                "declared": ("người ù tự xướng", "the winner announces"),
            },
        ),
        "count_dir": OptionWord(
            ("Chiều đếm bắt cái", "Bắt-cái count"),
            (
                "Quân cái lật lên được đếm từ người bắt cái theo chiều này để tìm nhà cái.",
                "The cái card is counted from the bắt-cái seat this way to find the cái.",
            ),
            {
                "right": ("sang phải, theo chiều chơi", "to the right, the way play goes"),
                "clockwise": ("ngược chiều chơi", "against the way play goes"),
            },
        ),
        "last_nocc_dead": OptionWord(
            ("Quân cuối nọc", "Last card of the nọc"),
            (
                "Quân cuối cùng của nọc có được bốc hay không.",
                "Whether the nọc's last card is drawn.",
            ),
            {"true": ("không được bốc", "dead"), "false": ("được bốc", "live")},
        ),
        "cuoc_table": OptionWord(
            ("Bảng điểm cước", "Cước values"),
            ("Bảng cho điểm và dịch của từng cước.", "The table of each cước's points."),
            TABLE_NAMES,
        ),
        "thap_thanh_stacks": OptionWord(
            ("Thập thành cộng dồn", "Thập thành adds up"),
            (
                "Có thập thành thì cộng đủ điểm thập thành, bạch định, tám đỏ, kính tứ chi.",
                "With thập thành, the full points of thập thành and the colour cước add up.",
            ),
        ),
        "hoa_requires_bach_thu": OptionWord(
            ("Hoa rơi cửa Phật cần bạch thủ", "Hoa rơi cửa Phật needs bạch thủ"),
            ("Cước hoa rơi cửa Phật phải ù bạch thủ.", "That cước needs a bạch thủ wait."),
        ),
        "chi_rong": OptionWord(
            ("Chờ chi rộng", "Chờ chi rộng"),
            (
                "Đã đủ 6 chắn mà chờ chi chi: có được ù chi chi không.",
                "Six chắn or more and waiting on Chi chi: may one win on it.",
            ),
            {
                "forbid": ("không được ù", "no win"),
                "allow_if_unchanged": (
                    "được ù nếu chưa đổi bài",
                    "a win if the hand never changed",
                ),
            },
        ),
        "an_ca_doi_cho": OptionWord(
            ("Bắt lỗi ăn cạ đổi chờ", "Call ăn cạ đổi chờ"),
            (
                "Đang chờ ù mà ăn cạ đổi chờ thì bị phạt.",
                "Eating a cạ that changes a wait is a fault.",
            ),
        ),
        "bo_u_scope": OptionWord(
            ("Bỏ ù mất quyền ù", "What a missed win forfeits"),
            (
                "Để quân ù đi qua rồi thì sau đó không được ù những quân nào.",
                "Which later wins a player who let a win go may not take.",
            ),
            {
                "card": ("chỉ quân đó", "that card only"),
                "kind": ("mọi quân cùng loại", "every card of that kind"),
                "window": ("mọi lần ù, đến khi đổi bài", "every win until the hand changes"),
            },
        ),
        "thong_survives_hoa": OptionWord(
            ("Ván hòa giữ thông", "A draw keeps thông"),
            ("Ván không ai ù không làm mất thông.", "A game nobody wins does not break thông."),
        ),
        "strict_xuong": OptionWord(
            ("Xướng chặt", "Strict announcing"),
            (
                "Bỏ sót thiên ù, chíu ù, bạch thủ chi hay ù bòn khi xướng là xướng sai.",
                "Leaving out thiên ù, chíu ù, bạch thủ chi or ù bòn is a wrong announcement.",
            ),
        ),
        "min_u_score": OptionWord(
            ("Điểm ù tối thiểu", "Lowest winning score"),
            (
                "Ù dưới số điểm này thì không được ù và bị phạt như tám đỏ hai lèo.",
                "A win below it does not stand and is punished like tám đỏ hai lèo.",
            ),
            unit=("điểm", "points"),
        ),
        "thien_u_bach_thu": OptionWord(
            ("Thiên ù tính bạch thủ", "Thiên ù scores bạch thủ"),
            ("Thiên ù đúng 6 chắn được thêm bạch thủ.", "A thiên ù with six chắn adds bạch thủ."),
        ),
        "extra_cuoc": OptionWord(
            ("Cước thêm", "Extra cước"),
            (
                "Những cước ít bàn chơi: cá nhảy đầu thuyền, đồng tử hái hoa, chùa đổ nát hoa.",
                "Cước few tables play: cá nhảy đầu thuyền, đồng tử hái hoa, chùa đổ nát hoa.",
            ),
            {
                cid: (CUOC_NAMES[cid], CUOC_NAMES[cid])
                for cid in ("ca_nhay_dau_thuyen", "dong_tu_hai_hoa", "chua_do_nat_hoa")
            },
        ),
        "stake": OptionWord(
            ("Điểm mỗi đơn vị", "Points per unit"),
            (
                "Mỗi điểm ù được nhân số này (chỉ tính điểm, không có tiền).",
                "Each point of a win is multiplied by it (points only, never money).",
            ),
        ),
    },
    presets={
        "default": PresetWord(
            ("Luật thường", "Usual rules"),
            ("Có trọng tài: đi sai thì bị phạt.", "A referee: a fault is punished."),
        ),
        "strict": PresetWord(
            ("Cho người mới", "For beginners"),
            (
                "Máy không cho đi nước phạm lỗi, hợp để học.",
                "The table offers no move that is a fault: good for learning.",
            ),
        ),
        "san_dinh": PresetWord(
            ("Luật Sân Đình", "Sân Đình rules"),
            (
                "Xướng chặt, bỏ ù mất quyền ù đến khi đổi bài, thập thành cộng dồn.",
                "Strict announcing, a missed win forfeits until the hand changes, "
                "thập thành adds up.",
            ),
        ),
        "khong_u_suong": PresetWord(
            ("Không ù suông", "No plain ù"),
            ("Ù phải được từ 3 điểm trở lên.", "A win must score 3 points or more."),
        ),
    },
)

DETAIL_WORDS = DetailWords(
    {
        "cai_card": DetailWord(("Quân cái", "The cái card"), "card"),
        "cai_seat": DetailWord(("Nhà cái", "The cái"), "seat"),
        "bat_cai": DetailWord(("Người bắt cái", "Bắt cái"), "seat"),
        "draws_left": DetailWord(("Nọc còn bốc được", "Draws left")),
        "opening": DetailWord(("Đầu ván", "Opening"), "bool"),
        "return_door": DetailWord(("Trả cửa cho", "Card returned to"), "seat"),
        "origin": DetailWord(
            ("Quân đang lật", "The live card"),
            "choice",
            {
                "discard": ("đánh ra", "discarded"),
                "drawn": ("bốc từ nọc", "drawn"),
                "passed": ("dưới sang", "passed on"),
                "returned": ("trả cửa", "returned"),
            },
        ),
    }
)
