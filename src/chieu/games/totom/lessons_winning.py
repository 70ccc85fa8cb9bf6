"""The Tổ tôm lessons on winning and its faults (``lessons``): enough lưng, ù, the cước
and the calls, and the fault treo tranh trái vỉ."""

from __future__ import annotations

from chieu.core.lessons import Lesson, Step
from chieu.games.totom import lessons_positions as P

CAI = {"cai": 0}  # the learner (seat 0) is the người được cái: he opens with a nọc card

LUNG = Lesson(
    id="du_lung",
    title=("Đủ lưng mới ù", "Enough lưng to win"),
    goal=(
        "Quân ngũ sách (5S) xếp hết bài vào phu nhưng chỉ có 2 lưng: đừng ù, bỏ qua.",
        "The Five of Sách (5S) puts every card in a phu but gives only 2 lưng: do not win, "
        "let it go.",
    ),
    intro=(
        "Ù cần hai điều: cả 21 quân đều nằm trong phu, và đủ lưng (ở bàn này ít nhất 3). Lưng "
        "là lưng có tên (tôm, lèo...), khàn, thiên khai, phu bí và yêu đứng một mình. Ù khi "
        "thiếu lưng là lỗi thiếu lưng, bị phạt chèo đò.",
        "A win needs two things: all 21 cards in phu, and enough lưng (at least 3 at this "
        "table). Lưng are the named lưng (tôm, lèo...), khàn, thiên khai, phu bí and lone yêu. "
        "Declaring a win with too few lưng is the fault thiếu lưng, punished by chèo đò.",
    ),
    deal=P.THIEU,
    setup=CAI,
    cards=("7W", "3V", "3S", "9V", "8S", "CC"),
    terms=("lưng", "Thiếu lưng", "ù", "bỏ qua"),
    steps=(
        Step(
            expect=("bỏ qua",),
            why=(
                "Bài chỉ có tôm và lèo: 2 lưng, cần 3. Bỏ qua thì không bị phạt; hãy tìm "
                "thêm một lưng.",
                "The hand has only the tôm and the lèo: 2 lưng, 3 needed. Letting it go costs "
                "nothing; look for one more lưng.",
            ),
            hint=(
                "Đếm lưng: tôm là một, lèo là hai; phu dọc không phải lưng.",
                "Count your lưng: the tôm is one, the lèo two; runs are no lưng.",
            ),
        ),
    ),
)

WIN = Lesson(
    id="u",
    title=("Ù", "Winning (ù)"),
    goal=(
        "Quân ngũ vạn (5V) bạn vừa xin làm bài thành: ù!",
        "The Five of Vạn (5V) you just drew completes your hand: win!",
    ),
    intro=(
        "Bài bạn chỉ chờ đúng một quân: ngũ vạn vào giữa 4V 6V. Quân chờ ra, dù bạn tự xin "
        "hay người khác đánh, thì ù ngay. Để quân ù đi qua là lỗi bỏ ù: ván ù sau không được "
        "tính điểm.",
        "Your hand waits on a single card: the Five of Vạn between 4V and 6V. When it shows "
        "up, drawn by you or discarded by anyone, win at once. Letting a winning card go by "
        "is the fault bỏ ù: your later win scores nothing.",
    ),
    deal=P.WIN,
    setup=CAI,
    cards=("4V", "5V", "6V"),
    terms=("ù", "Bỏ ù", "Bạch thủ", "Có tôm", "đeo kính"),
    steps=(
        Step(
            expect=("ù",),
            why=(
                "Cả 21 quân đều vào phu, với 5 lưng. Cước: có tôm và bạch thủ (chỉ chờ một quân).",
                "All 21 cards are in phu, with 5 lưng. Cước: a tôm, and bạch thủ (you waited "
                "on one card).",
            ),
            hint=(
                "5V vào giữa 4V và 6V: bài thành.",
                "5V goes between 4V and 6V: the hand is complete.",
            ),
        ),
    ),
)

CALLS = Lesson(
    id="ho_cuoc",
    title=("Ù có cước, và hô", "A win with a cước, and the calls"),
    goal=(
        "Ù trên quân ngũ sách (5S), rồi tự hô đúng cước: Có lèo, rồi hô xong.",
        "Win on the Five of Sách (5S), then call your cước yourself: Có lèo, then end the calls.",
    ),
    intro=(
        "Ván ù được 2 điểm gốc, cộng điểm các cước: có lèo cộng 2, có tôm cộng 1, bạch thủ "
        "cộng 1... Ở bàn này người ù tự hô cước. Hô thiếu thì chỉ được phần đã hô; hô thừa "
        "là lỗi ù nhỏ hô to, bị phạt chèo đò.",
        "A win scores 2 base points plus its cước: có lèo adds 2, có tôm 1, bạch thủ 1... At "
        "this table the winner calls his own cước. Call too little and you get only what you "
        "called; call too much and it is the fault ù nhỏ hô to, punished by chèo đò.",
    ),
    deal=P.CALLS,
    setup=CAI,
    options={"ho": "declared"},
    cards=("9V", "8S", "CC"),
    terms=("cước", "hô cước", "Có lèo", "Ù nhỏ hô to", "điểm gốc"),
    steps=(
        Step(
            expect=("ù",),
            why=(
                "5S 6S 7S thành phu dọc; bài có lèo 9V 8S CC và đủ 3 lưng.",
                "5S 6S 7S make a run; the hand has the lèo 9V 8S CC and 3 lưng.",
            ),
            hint=("5S vào cạ 6S 7S: bài thành.", "5S joins the cạ 6S 7S: the hand is complete."),
        ),
        Step(
            expect=("hô Có lèo",),
            why=(
                "Lèo 9V 8S CC cộng 2: ván ù được 2 + 2 = 4 điểm.",
                "The lèo 9V 8S CC adds 2: the win scores 2 + 2 = 4 points.",
            ),
            hint=(
                "Bài có lèo (cửu vạn, bát sách, chi chi).",
                "Your hand holds a lèo (Nine of Vạn, Eight of Sách, Chi chi).",
            ),
            wrong=(
                "Chỉ hô cước bài thật có.",
                "Call only the cước your hand really holds.",
            ),
        ),
        Step(
            expect=("hô xong",),
            why=(
                "Bạn đã hô đủ: không có tôm, không bạch thủ (bài chờ nhiều quân).",
                "You called everything: no tôm, and no bạch thủ (the hand waited on many cards).",
            ),
            hint=(
                "Còn cước nào khác không? Nếu không, hô xong.",
                "Any other cước? If not, end the calls.",
            ),
            wrong=(
                "Hô thêm là hô thừa: ù nhỏ hô to.",
                "Calling more is calling too much: ù nhỏ hô to.",
            ),
        ),
    ),
)

COPIES = Lesson(
    id="treo_tranh",
    title=("Lỗi treo tranh trái vỉ", "The fault treo tranh trái vỉ"),
    goal=(
        "Ăn ngũ vạn (5V) với 4V 6V; còn một quân 5V trên tay thì hạ nó xuống trước khi đánh.",
        "Eat the Five of Vạn (5V) with 4V 6V; you still hold a 5V: lay it down before you discard.",
    ),
    intro=(
        "Ăn một quân mà trên tay còn quân giống hệt nó thì phải hạ quân trùng lên phu vừa "
        "ăn, rồi mới đánh. Đánh ngay là lỗi treo tranh trái vỉ, bị phạt đeo kính: ván ù của "
        "bạn không được tính điểm.",
        "When you eat a card while holding an identical one, lay the copy on the phu you just "
        "made, then discard. Discarding at once is the fault treo tranh trái vỉ, punished by "
        "đeo kính: your win scores nothing.",
    ),
    deal=P.COPIES,
    setup=CAI,
    cards=("4V", "5V", "5V", "6V"),
    terms=("hạ quân trùng", "Treo tranh trái vỉ", "đeo kính", "lỗi"),
    steps=(
        Step(
            expect=("ăn 4V 5V 6V",),
            why=(
                "4V 5V 6V là phu dọc; giờ còn một quân 5V trên tay.",
                "4V 5V 6V is a run; one 5V is still in your hand.",
            ),
            hint=("Ăn 5V với 4V và 6V.", "Eat 5V with 4V and 6V."),
        ),
        Step(
            expect=("hạ",),
            why=(
                "Quân 5V trùng được xếp lên đầu phu 4V 5V 6V: không phạm lỗi.",
                "The copy of 5V goes onto the end of the run 4V 5V 6V: no fault.",
            ),
            hint=(
                "Bạn còn giữ quân giống hệt quân vừa ăn.",
                "You still hold a card identical to the one you ate.",
            ),
        ),
        Step(
            expect=("đánh 8W",),
            why=(
                "Giờ đánh quân lẻ bát văn được rồi.",
                "Now you may discard the loose Eight of Văn.",
            ),
            hint=("Đánh quân lẻ.", "Discard the loose card."),
        ),
    ),
)
