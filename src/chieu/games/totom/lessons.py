"""Lessons of Tổ tôm (the kit's ``lessons``, ``chieu.core.lessons``): real positions, in
teaching order, ending with a whole game against gentle bots with hints on. The deals are
in ``lessons_positions``; the lessons on winning and faults in ``lessons_winning``."""

from __future__ import annotations

from chieu.core.lessons import WHOLE_GAME, Lesson, Move, Step
from chieu.games.totom import lessons_positions as P
from chieu.games.totom.lessons_winning import CALLS, COPIES, LUNG, WIN

CAI = {"cai": 0}  # the learner (seat 0) is the người được cái: he opens with a nọc card
READY = Move(0, "xong")  # the learner's arrange decision (xếp bài xong), when scripted

CARDS = Lesson(
    id="quan_bai",
    title=("Các quân bài", "The cards"),
    goal=(
        "Tìm quân bát văn (8W) trên tay và đánh nó ra.",
        "Find the Eight of Văn (8W) in your hand and discard it.",
    ),
    intro=(
        "Bộ bài tổ tôm có 120 quân: ba hàng vạn, sách, văn, mỗi hàng từ nhất (1) đến cửu (9), "
        "và ba quân yêu (chi chi, thang thang, ông lão), mỗi thứ bốn quân. Tên quân là số rồi "
        "đến hàng: bát văn là số 8 hàng văn (mã 8W). Bạn vừa ăn quân ngũ vạn, giờ phải đánh "
        "ra một quân.",
        "The Tổ tôm pack has 120 cards: three suits, Vạn, Sách and Văn, each from nhất (1) to "
        "cửu (9), and three yêu (Chi chi, Thang thang, Ông lão), four of each. A card is named "
        "by its rank then its suit: bát văn is the Eight of Văn (code 8W). You just ate the "
        "Five of Vạn; now you must discard a card.",
    ),
    deal=P.CARDS,
    setup=CAI,
    prelude=(READY, Move(0, "ăn 4V 5V 6V")),
    cards=("1V", "1S", "1W", "8W", "CC", "TT", "OL"),
    terms=("vạn", "sách", "văn", "yêu", "quân lẻ", "đánh"),
    steps=(
        Step(
            expect=("đánh 8W",),
            why=(
                "Bát văn là quân lẻ: không vào phu hay cạ nào. Đánh nó ra, bài bạn chỉ còn "
                "chờ một quân nữa là ù.",
                "The Eight of Văn is a loose card: it fits no phu and no cạ. With it gone, "
                "your hand is one card from a win.",
            ),
            hint=(
                "Bát = 8, văn = hàng văn: tìm quân 8W.",
                "Bát = 8, văn = the Văn suit: look for the card 8W.",
            ),
            wrong=(
                "Quân đó đang nằm trong một phu của bạn. Hãy đánh bát văn (8W).",
                "That card is part of one of your phu. Discard the Eight of Văn (8W).",
            ),
        ),
    ),
)

RUN = Lesson(
    id="an_phu_doc",
    title=("Ăn quân vào phu dọc", "Eat a card into a run"),
    goal=(
        "Ăn quân ngũ vạn (5V) với tứ vạn và lục vạn thành phu dọc, rồi đánh quân lẻ.",
        "Eat the Five of Vạn (5V) with your Four and Six of Vạn as a run, then discard your "
        "loose card.",
    ),
    intro=(
        "Mục tiêu của tổ tôm là xếp hết bài thành phu. Phu dọc là ba quân trở lên cùng hàng, "
        "số liền nhau (4V 5V 6V). Quân vừa lật hay vừa đánh ra mà ghép được với bài trên tay "
        "thành phu thì bạn ăn nó, hạ phu xuống chiếu, rồi đánh ra một quân.",
        "The aim of Tổ tôm is to sort every card into phu. A run (phu dọc) is three or more "
        "cards of one suit with consecutive ranks (4V 5V 6V). When the card on show makes a "
        "phu with cards in your hand, you eat it, lay the phu on your mat, then discard.",
    ),
    deal=P.RUN,
    setup=CAI,
    cards=("4V", "5V", "6V"),
    terms=("phu", "phu dọc", "ăn", "chiếu", "cạ"),
    steps=(
        Step(
            expect=("ăn 4V 5V 6V",),
            why=(
                "4V 5V 6V là một phu dọc, và bài trên tay không bị phá: tôm 3V 3S 7W vẫn còn.",
                "4V 5V 6V is a run, and nothing in your hand is broken: the tôm 3V 3S 7W stays.",
            ),
            hint=(
                "Bạn có 4V và 6V: ngũ vạn nằm đúng giữa.",
                "You hold 4V and 6V: the Five of Vạn fits right between them.",
            ),
            wrong=(
                "Ăn với 3V thì phá mất tôm (3V 3S 7W), một lưng có cước; bỏ lượt thì bỏ lỡ "
                "một phu.",
                "Eating with 3V breaks your tôm (3V 3S 7W), a lưng with a cước; passing "
                "misses a phu.",
            ),
        ),
        Step(
            expect=("đánh 1W",),
            why=(
                "Nhất văn là quân lẻ duy nhất. Đánh nó đi, bài bạn chỉ còn chờ một quân là ù.",
                "The One of Văn is your only loose card. With it gone, your hand is one card "
                "from a win.",
            ),
            hint=(
                "Sau khi ăn phải đánh một quân: chọn quân không vào phu hay cạ nào.",
                "After an eat you discard: pick the card in no phu and no cạ.",
            ),
        ),
    ),
)

BI = Lesson(
    id="phu_bi",
    title=("Phu bí", "The phu bí: one rank, three suits"),
    goal=(
        "Ăn quân ngũ sách (5S) với ngũ vạn và ngũ văn thành phu bí.",
        "Eat the Five of Sách (5S) with your Fives of Vạn and Văn as a phu bí.",
    ),
    intro=(
        "Phu bí là ba quân cùng số ở cả ba hàng vạn, sách, văn (5V 5S 5W). Ở bàn này phu bí "
        "còn tính là một lưng; phu dọc thì không. Bài đủ lưng mới được ù.",
        "A phu bí is three cards of one rank in all three suits, Vạn, Sách and Văn (5V 5S 5W). "
        "At this table a phu bí also counts as a lưng; a run does not. You need enough lưng "
        "to win.",
    ),
    deal=P.BI,
    setup=CAI,
    cards=("5V", "5S", "5W"),
    terms=("phu bí", "lưng"),
    steps=(
        Step(
            expect=("ăn 5V 5S 5W",),
            why=(
                "5V 5S 5W là phu bí, thêm một lưng; 5V và 5W cũng hết lẻ loi. Cạ 6S 7S vẫn "
                "còn chờ quân.",
                "5V 5S 5W is a phu bí, one more lưng, and 5V 5W are no longer spare. The cạ "
                "6S 7S still waits for its card.",
            ),
            hint=(
                "Ba quân số 5 ở ba hàng khác nhau là một phu bí.",
                "Three Fives of three different suits make a phu bí.",
            ),
            wrong=(
                "Ăn vào phu dọc với 6S 7S thì 5V 5W vẫn nằm không, và không được thêm lưng; "
                "bỏ lượt thì bỏ lỡ một lưng.",
                "Eating into a run with 6S 7S leaves 5V 5W idle and gains no lưng; passing "
                "misses a lưng.",
            ),
        ),
        Step(
            expect=("đánh 8W",),
            why=(
                "Bát văn là quân lẻ: đánh nó, bài bạn đang chờ ù.",
                "The Eight of Văn is the loose card: with it gone, your hand waits for a win.",
            ),
            hint=("Đánh quân lẻ.", "Discard the loose card."),
        ),
    ),
)

TOM = Lesson(
    id="tom_leo",
    title=("Lưng có tên: tôm và lèo", "Named lưng: tôm and lèo"),
    goal=(
        "Ăn quân thất văn (7W) vào tôm (7W 3V 3S), rồi đánh quân lẻ.",
        "Eat the Seven of Văn (7W) into a tôm (7W 3V 3S), then discard your loose card.",
    ),
    intro=(
        "Có bảy bộ ba quân có tên riêng, mỗi bộ là một lưng. Quý nhất là tôm (thất văn, tam "
        "vạn, tam sách) và lèo (cửu vạn, bát sách, chi chi): ù có tôm được cộng một, có lèo "
        "được cộng hai. Bạn có 3V 3S và cả 6W 8W: thất văn vào được hai phu.",
        "Seven sets of three cards have names of their own, each one a lưng. The best are the "
        "tôm (Seven of Văn, Three of Vạn, Three of Sách) and the lèo (Nine of Vạn, Eight of "
        "Sách, Chi chi): a win with a tôm scores one more, with a lèo two more. You hold 3V 3S "
        "and 6W 8W: the Seven of Văn fits two phu.",
    ),
    deal=P.TOM,
    setup=CAI,
    cards=("7W", "3V", "3S", "9V", "8S", "CC"),
    terms=("tôm", "lèo", "lưng", "Có tôm", "Có lèo"),
    steps=(
        Step(
            expect=("ăn 7W 3V 3S",),
            why=(
                "Tôm là một lưng và có cước Có tôm. Còn 2V 2S 8W thành lưng bát văn nhị vạn "
                "nhị sách, nên 6W thành quân lẻ để đánh.",
                "The tôm is a lưng and scores the cước Có tôm. 2V 2S 8W then make the named "
                "lưng bát văn nhị vạn nhị sách, so 6W is the loose card to discard.",
            ),
            hint=(
                "Tam vạn, tam sách và thất văn là tôm.",
                "Three of Vạn, Three of Sách and Seven of Văn make a tôm.",
            ),
            wrong=(
                "Phu dọc 6W 7W 8W không phải lưng và không có cước; bỏ lượt thì mất tôm.",
                "The run 6W 7W 8W is no lưng and scores no cước; passing misses the tôm.",
            ),
        ),
        Step(
            expect=("đánh 6W",),
            why=(
                "Lục văn không còn vào phu nào: đánh nó, bài bạn chờ ù nhiều quân.",
                "The Six of Văn fits no phu any more: with it gone, your hand waits on many cards.",
            ),
            hint=(
                "8W đã vào lưng 8W 2V 2S; quân văn nào còn lẻ?",
                "8W now belongs to the lưng 8W 2V 2S; which Văn card is left alone?",
            ),
        ),
    ),
)

KHAN = Lesson(
    id="xep_bai_khan",
    title=("Xếp bài: khàn", "Arranging the hand: the khàn"),
    goal=(
        "Bạn được chia ba quân lục sách (khàn): để khàn úp và xếp bài xong.",
        "You were dealt three Sixes of Sách (a khàn): keep it face down and finish arranging.",
    ),
    intro=(
        "Ba quân giống hệt được chia từ đầu là một khàn, tính một lưng. Đầu ván, mỗi người "
        "xếp bài: khàn để úp xuống chiếu, hoặc giữ trên tay (khàn bất thực, đặt một chén làm "
        "dấu) khi ba quân đó vào được phu khác. Khàn úp thì chờ quân thứ tư ra để dậy khàn.",
        "Three identical cards dealt to you are a khàn, which counts as a lưng. At the start "
        "each player arranges: a khàn lies face down, or is kept in hand (khàn bất thực, with "
        "a cup as its marker) when its cards fit other phu. A face-down khàn waits for its "
        "fourth card, then you raise it (dậy khàn).",
    ),
    deal=P.KHAN,
    setup=CAI,
    cards=("6S", "6S", "6S"),
    terms=("khàn", "xếp bài", "xếp bài xong", "khàn bất thực", "chén bất thực"),
    steps=(
        Step(
            expect=("xong",),
            why=(
                "Không phu nào khác cần quân lục sách, nên khàn úp là một lưng chắc chắn.",
                "No other phu needs a Six of Sách, so the face-down khàn is a sure lưng.",
            ),
            hint=(
                "Lục sách có vào phu dọc hay phu bí nào trên tay không?",
                "Does a Six of Sách fit any run or phu bí in your hand?",
            ),
            wrong=(
                "Giữ bất thực chỉ lợi khi ba quân khàn vào được phu khác.",
                "Keeping it in hand only helps when the khàn's cards fit other phu.",
            ),
        ),
    ),
)

TURN = Lesson(
    id="luot_choi",
    title=("Một lượt: ăn, xin hay bỏ lượt", "A turn: eat, draw or pass"),
    goal=(
        "Không ăn quân phá bài: xin một quân nọc, rồi để quân nọc không dùng được cho người kế.",
        "Do not eat a card that breaks your hand: draw a nọc card, then leave a useless one "
        "to the next player.",
    ),
    intro=(
        "Đến lượt, bạn xem quân đang ra: ăn được và có lợi thì ăn; không thì xin một quân ở "
        "nọc. Quân nọc bạn tự xin mà không dùng được thì bỏ lượt, để nó cho người bên phải. "
        "Bài bạn đang chờ ù; Người 5 vừa bỏ lượt quân nhị vạn.",
        "On your turn you look at the card on show: eat it if that helps; if not, draw a card "
        "from the nọc. A nọc card you drew and cannot use you pass on to the player on your "
        "right. Your hand is waiting for a win; Player 5 just passed the Two of Vạn.",
    ),
    deal=P.TURN,
    setup={"cai": 4},
    prelude=(Move(4, "xong"), Move(4, "bỏ lượt")),
    cards=("2V", "2S"),
    terms=("xin", "bỏ lượt", "nọc", "ăn hay xin quân nọc"),
    steps=(
        Step(
            expect=("xin",),
            why=(
                "Ăn 2V phải lấy 3V của tôm hay phá phu 4V 5V 6V. Xin một quân nọc thì bài "
                "vẫn chờ ù như cũ.",
                "Eating 2V takes the 3V from your tôm or breaks the run 4V 5V 6V. Drawing a "
                "nọc card keeps your hand waiting as it is.",
            ),
            hint=(
                "Bài đang chờ ù: đừng phá nó vì một quân không cần.",
                "Your hand is waiting: do not break it for a card you do not need.",
            ),
            wrong=(
                "Ăn quân này phá mất một phu đang có.",
                "Eating this card breaks a phu you already have.",
            ),
        ),
        Step(
            expect=("bỏ lượt",),
            why=(
                "Nhị sách chỉ thay chỗ quân nhị sách bạn đã có. Bỏ lượt thì bài vẫn chờ ù, và "
                "quân đó sang người bên phải.",
                "The Two of Sách would only replace the one you hold. Passing keeps your hand "
                "waiting, and the card goes to the player on your right.",
            ),
            hint=(
                "Quân nọc này có làm bài bạn tốt hơn không?",
                "Does this nọc card make your hand any better?",
            ),
            wrong=(
                "Ăn rồi còn phải hạ quân trùng và đánh đi một quân đang có ích.",
                "Eating it means laying down your copy and discarding a useful card.",
            ),
        ),
    ),
)

PHONG = Lesson(
    id="phong",
    title=("Phỗng và trả cửa", "Phỗng and giving back"),
    goal=(
        "Phỗng quân ngũ sách (5S) Người 3 vừa đánh, rồi trả cửa quân lẻ.",
        "Phỗng the Five of Sách (5S) Player 3 just discarded, then give back your loose card.",
    ),
    intro=(
        "Có hai quân giống hệt trên tay, khi quân thứ ba ra thì bạn được phỗng, dù chưa đến "
        "lượt. Sau đó bạn trả một quân vào cửa vừa lấy: coi như chủ cửa đánh ra, nên người "
        "bên phải chủ cửa đi tiếp. Ba quân phỗng là một phu nhưng không phải lưng.",
        "Holding two identical cards, you may take the third as it shows up, even out of turn "
        "(phỗng). Then you give a card back into the door it came from: it counts as played "
        "by that door's owner, so the player on his right goes next. A phỗng triple is a phu "
        "but no lưng.",
    ),
    deal=P.PHONG,
    setup={"cai": 2},
    prelude=(Move(2, "xong"), Move(2, "ăn 1V 2V 3V"), Move(2, "đánh 5S")),
    cards=("5S", "5S", "5S"),
    terms=("phỗng", "trả cửa", "cửa"),
    steps=(
        Step(
            expect=("phỗng",),
            why=(
                "Hai quân 5S trên tay thành ba: một phu phỗng, và bạn bỏ được một quân lẻ.",
                "Your two 5S become three: a phỗng phu, and you get to drop a loose card.",
            ),
            hint=(
                "Bạn có hai quân ngũ sách; quân thứ ba vừa ra.",
                "You hold two Fives of Sách; the third just showed up.",
            ),
            wrong=(
                "Bỏ qua thì hai quân 5S vẫn nằm trên tay, chưa thành phu.",
                "Letting it go leaves your two 5S in hand, still no phu.",
            ),
        ),
        Step(
            expect=("trả 1W",),
            why=(
                "Nhất văn là quân lẻ. Trả nó vào cửa Người 3, bài bạn chờ ù.",
                "The One of Văn is the loose card. Give it back into Player 3's door and your "
                "hand waits for a win.",
            ),
            hint=(
                "Trả cửa quân không vào phu hay cạ nào.",
                "Give back the card that is in no phu and no cạ.",
            ),
        ),
    ),
)

DAY_KHAN = Lesson(
    id="day_khan",
    title=("Dậy khàn", "Raising a khàn"),
    goal=(
        "Quân lục văn (6W) thứ tư vừa ra: dậy khàn, rồi trả cửa quân lẻ.",
        "The fourth Six of Văn (6W) just showed up: raise your khàn, then give back your "
        "loose card.",
    ),
    intro=(
        "Khàn úp phải chờ quân thứ tư ra mới dậy khàn: lấy quân đó, lật khàn lên thành bộ "
        "bốn, rồi trả cửa một quân. Dậy khàn là bắt buộc: để quân thứ tư đi qua là lỗi khê "
        "khàn, bị phạt chèo đò.",
        "A face-down khàn waits for its fourth card: take it, turn the khàn up as a four, "
        "then give a card back. Raising it is compulsory: letting the fourth card go by is "
        "the fault khê khàn, punished by chèo đò.",
    ),
    deal=P.DAY_KHAN,
    setup={"cai": 2},
    prelude=(
        Move(2, "xong"),
        READY,
        Move(2, "ăn 1V 2V 3V"),
        Move(2, "đánh 6W"),
    ),
    cards=("6W", "6W", "6W", "6W"),
    terms=("dậy khàn", "khàn", "Khê khàn", "chèo đò", "trả cửa"),
    steps=(
        Step(
            expect=("dậy khàn",),
            why=(
                "Khàn 6W thành bộ bốn trên chiếu, vẫn là một lưng; bạn được bỏ một quân lẻ.",
                "The khàn 6W is now a four on your mat, still a lưng, and you drop a loose card.",
            ),
            hint=(
                "Quân thứ tư của khàn vừa ra: dậy khàn là bắt buộc.",
                "The fourth card of your khàn just showed up: raising it is compulsory.",
            ),
        ),
        Step(
            expect=("trả 8W",),
            why=(
                "Bát văn là quân lẻ: trả nó vào cửa Người 3.",
                "The Eight of Văn is the loose card: give it back into Player 3's door.",
            ),
            hint=("Trả cửa quân lẻ.", "Give back the loose card."),
        ),
    ),
)


LESSONS: tuple[Lesson, ...] = (
    CARDS,
    RUN,
    BI,
    TOM,
    KHAN,
    TURN,
    PHONG,
    DAY_KHAN,
    LUNG,
    WIN,
    CALLS,
    COPIES,
    WHOLE_GAME,
)
