"""Tổ tôm's options and presets in words (the kit's ``option_words``): the lobby's form, the
rules page and ``chieu rules`` read their labels here; and the facts of its views' ``extra`` in
words (``detail_words``)."""

from __future__ import annotations

from chieu.core.details import DetailWord, DetailWords
from chieu.core.options import OptionWord, OptionWords, PresetWord

#: the lưng readings (the option ``lung_reading``)
READINGS: dict[str, tuple[str, str]] = {
    "ra": (
        "lưng có tên, khàn, thiên khai, phu bí và yêu đứng riêng",
        "named lưng, khàn, thiên khai, phu bí and lone yêu",
    ),
    "r0": ("chỉ lưng có tên, khàn và thiên khai", "only named lưng, khàn and thiên khai"),
    "rc": (
        "lưng có tên, khàn, thiên khai và yêu đứng riêng",
        "named lưng, khàn, thiên khai and lone yêu",
    ),
}

OPTION_WORDS = OptionWords(
    options={
        "players": OptionWord(
            ("Số người chơi", "Players"),
            ("Năm người, hoặc bốn (bí tứ).", "Five, or four (bí tứ)."),
            {"4": ("4 người (bí tứ)", "4 players (bí tứ)"), "5": ("5 người", "5 players")},
        ),
        "fault_mode": OptionWord(
            ("Bắt lỗi", "Faults"),
            ("Cách bàn xử lý nước đi phạm luật.", "How the table treats a move against the rules."),
            {
                "referee": ("có trọng tài: đi sai thì bị phạt", "a referee: a fault is punished"),
                "strict": ("chặt: máy không cho đi nước phạm lỗi", "strict: no faulty move"),
            },
        ),
        "ho": OptionWord(
            ("Hô cước", "Calling the cước"),
            ("Ai hô các cước khi ù; hô quá bài là lỗi.", "Who calls the cước of a win."),
            {
                "auto": ("máy tự hô đúng cước", "the table calls the true cước"),
                "declared": ("người ù tự hô", "the winner calls"),
            },
        ),
        "lung_reading": OptionWord(
            ("Cách đếm lưng", "Which phu are lưng"),
            ("Những phu nào được đếm là lưng, và cần mấy lưng.", "What counts, and how many."),
            READINGS,
        ),
        "unit": OptionWord(
            ("Đơn vị điểm", "Score unit"),
            ("Mỗi điểm của ván ù được nhân số này.", "Every point of a win is multiplied by it."),
            {
                "1": ("1 (suông 2, dịch 1, hội 25 điểm)", "1 (base 2, each cước 1, a hội of 25)"),
                "2": ("2 (suông 4, dịch 2, hội 50 điểm)", "2 (base 4, each cước 2, a hội of 50)"),
            },
        ),
        "passed_nocc_live": OptionWord(
            ("Quân nọc bỏ lượt", "A nọc card left"),
            (
                "Quân nọc mình xin mà không ăn có còn cho người sau ăn không.",
                "Whether a nọc card its drawer leaves may be eaten by the next player.",
            ),
            {
                "true": ("người sau vẫn ăn được", "the next player may eat it"),
                "false": ("bỏ đi, người sau xin quân khác", "dead; the next player draws"),
            },
        ),
        "claim_turn_jump": OptionWord(
            ("Sau phỗng", "After a phỗng"),
            (
                "Sau phỗng hay dậy khàn: trả cửa, hay đi tiếp từ người phỗng.",
                "After a phỗng or dậy khàn: give a card back, or play on from the taker.",
            ),
            {
                "true": ("đi tiếp từ người phỗng", "play on from the taker"),
                "false": ("trả cửa", "give a card back"),
            },
        ),
    },
    presets={
        "default": PresetWord(
            ("Luật thường", "Usual rules"),
            ("Năm người, có trọng tài: đi sai thì bị phạt.", "Five players, a referee."),
        ),
        "strict": PresetWord(
            ("Cho người mới", "For beginners"),
            (
                "Máy không cho đi nước phạm lỗi, hợp để học.",
                "The table offers no move that is a fault: good for learning.",
            ),
        ),
        "bi_tu": PresetWord(("Bí tứ", "Bí tứ"), ("Bốn người chơi.", "Four players.")),
        "r0": PresetWord(
            ("Chỉ lưng có tên", "Named lưng only"),
            (
                "Chỉ lưng có tên, khàn và thiên khai được đếm; cần 3 lưng.",
                "Only named lưng, khàn and thiên khai count; 3 needed.",
            ),
        ),
        "rc": PresetWord(
            ("Yêu đứng riêng là lưng", "Lone yêu counts"),
            (
                "Lưng có tên và yêu đứng riêng; cần 2 lưng.",
                "Named lưng and lone yêu count; 2 needed.",
            ),
        ),
        "suong_4_dich_2": PresetWord(
            ("Suông 4 dịch 2", "Base 4, cước 2"),
            (
                "Điểm gấp đôi (hội 50 điểm), người ù tự hô cước.",
                "Double points (a hội of 50); the winner calls the cước.",
            ),
        ),
    },
)

DETAIL_WORDS = DetailWords(
    {
        "dealer": DetailWord(("Người chia bài", "Dealer"), "seat"),
        "cai": DetailWord(("Người được cái", "The cái"), "seat"),
        "nocc_left": DetailWord(("Nọc còn", "Cards left in the nọc")),
        "passed": DetailWord(("Quân nọc bị bỏ lượt", "The nọc card was left"), "bool"),
        "decider": DetailWord(("Người đang quyết", "Deciding"), "seat"),
        "return_door": DetailWord(("Trả cửa cho", "Card returned to"), "seat"),
        "eaten": DetailWord(("Quân vừa ăn", "Card just eaten"), "card"),
        "cups": DetailWord(("Số chén", "Cups"), "per_seat"),
        "prev_winner": DetailWord(("Người ù ván trước", "Last game's winner"), "seat"),
        "boats": DetailWord(("Đang chèo đò", "Rowing the boat"), "seats"),
        "glasses": DetailWord(("Đang đeo kính", "Wearing glasses"), "seats"),
    }
)
