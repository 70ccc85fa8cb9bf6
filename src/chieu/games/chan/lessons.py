"""Lessons of Chắn (the kit's ``lessons``): real positions (``lessons_positions``; the
learner is seat 0) in teaching order, then a whole game against gentle bots. The words follow
docs/rules/chan.md, the glossary and the seeds; cước points are the default table's (sd)."""

from __future__ import annotations

from chieu.core.lessons import WHOLE_GAME, Lesson, Step
from chieu.games.chan import lessons_positions as P

KEEP_PAIRS = (
    "Quân đó nằm trong một chắn hoặc một cạ: đánh nó là phá một đôi đã thành.",
    "That card belongs to a chắn or a cạ: discarding it breaks a finished pair.",
)

CARDS = Lesson(
    id="quan_bai",
    title=("Các quân bài", "The cards"),
    goal=(
        "Đánh quân cửu văn (9W), quân què của bạn, ra cửa mình.",
        "Discard your loose card, the Nine of Văn (9W), at your door.",
    ),
    intro=(
        "Bộ bài Chắn có 100 quân: các số từ nhị (2) đến cửu (9) ở ba hàng vạn (V), sách (S) "
        "và văn (W), mỗi quân có bốn lá, cùng bốn quân chi chi. Bát vạn, bát sách, cửu vạn, "
        "cửu sách và chi chi là quân đỏ. Bạn là nhà cái: cầm 20 quân và đánh trước. Cửu văn "
        "trên tay bạn là quân què: nó không ghép được với quân nào.",
        "The Chắn deck has 100 cards: the numbers Two (nhị) to Nine (cửu) in three suits, "
        "Vạn (V), Sách (S) and Văn (W), four of each, and four Chi chi. The Eight and Nine of "
        "Vạn and of Sách, and Chi chi, are the red cards. You are the cái: you hold 20 cards "
        "and discard first. Your Nine of Văn is a què: it pairs with no other card.",
    ),
    cards=("2V", "2S", "2W", "9V", "9S", "9W", "CC"),
    terms=("vạn", "sách", "văn", "chi chi", "quân đỏ", "cái", "què", "đánh", "cửa"),
    **P.CARDS,
    steps=(
        Step(
            expect=("đánh 9W",),
            why=(
                "Cửu văn là quân què duy nhất: đánh nó đi thì mọi chắn, cạ và ba đầu trên tay "
                "vẫn nguyên.",
                "Nine of Văn is your only què: discarding it keeps every chắn, cạ and ba đầu "
                "in your hand.",
            ),
            hint=(
                "Tìm quân số cửu (9) ở hàng văn (W).",
                "Look for the card numbered nine (cửu) in the Văn suit (W).",
            ),
            wrong=(
                "Quân cần đánh là cửu văn: số cửu (9), hàng văn (W).",
                "The card to discard is the Nine of Văn: number nine (cửu), suit Văn (W).",
            ),
        ),
    ),
)

CHAN_CA = Lesson(
    id="chan_va_ca",
    title=("Chắn và cạ", "Chắn and cạ"),
    goal=(
        "Đánh một quân què, giữ nguyên mọi chắn và cạ.",
        "Discard a què and keep every chắn and cạ.",
    ),
    intro=(
        "Bài Chắn ghép theo đôi. Hai quân giống hệt nhau là một chắn (như hai lục vạn); hai "
        "quân cùng số khác hàng là một cạ (như nhị vạn với nhị sách). Quân không ghép được là "
        "quân què. Muốn ù phải ghép hết bài thành chắn và cạ, với ít nhất 6 chắn.",
        "Chắn is played in pairs. Two identical cards are a chắn (like two Six of Vạn); two "
        "cards of one number in different suits are a cạ (like Two of Vạn with Two of Sách). "
        "A card that pairs with nothing is a què. To win, every card must pair up as chắn and "
        "cạ, with at least six chắn.",
    ),
    cards=("6V", "6V", "2V", "2S"),
    terms=("chắn", "cạ", "què", "ù"),
    **P.CHAN_CA,
    steps=(
        Step(
            expect=("đánh 7W", "đánh 8S"),
            why=(
                "Thất văn và bát sách là hai quân què; đánh một quân thì bốn chắn và năm cạ "
                "của bạn vẫn nguyên.",
                "Seven of Văn and Eight of Sách are your two què; discarding either keeps your "
                "four chắn and five cạ whole.",
            ),
            hint=(
                "Xếp bài theo số: số nào chỉ có một quân thì quân đó là quân què.",
                "Sort your cards by number: a number with a single card makes that card a què.",
            ),
            wrong=KEEP_PAIRS,
        ),
    ),
)

AN_CHAN = Lesson(
    id="an_chan",
    title=("Ăn chắn", "Eating a chắn"),
    goal=(
        "Ăn quân thất sách nhà trên vừa đánh thành chắn, rồi đánh một quân què.",
        "Eat the Seven of Sách your upper neighbour just discarded as a chắn, then discard a què.",
    ),
    intro=(
        "Quân người ngồi trước bạn (nhà trên) vừa đánh nằm ở cửa trên của bạn. Bạn được ăn "
        "nó: ghép với một quân trên tay thành chắn hoặc cạ, hạ đôi đó xuống chiếu, rồi đánh "
        "một quân. Ăn được chắn là tốt nhất, vì ù cần ít nhất 6 chắn.",
        "The card the seat before you (your upper neighbour) just discarded lies at your upper "
        "door. You may eat it: pair it with a card from your hand as a chắn or a cạ, lay the "
        "pair on your mat, then discard. A chắn is the best eat, since a win needs six chắn.",
    ),
    cards=("7S", "7S"),
    terms=("ăn", "chắn", "cửa", "chiếu", "Bỏ ăn chắn"),
    **P.AN_CHAN,
    steps=(
        Step(
            expect=("ăn chắn 7S",),
            why=(
                "Thất sách trên tay bạn là quân què; ăn vào thì nó thành chắn trên chiếu. Bạn "
                "có 6 chắn: đủ chắn để ù.",
                "Your Seven of Sách was a què; eating makes it a chắn on your mat. You now have "
                "six chắn: enough to win.",
            ),
            hint=(
                "Trên tay bạn có một quân giống hệt quân vừa đánh.",
                "You hold a card identical to the one just discarded.",
            ),
            wrong=(
                "Bốc là bỏ mất một chắn; đã bỏ ăn chắn thì về sau ăn hay đánh quân đó là "
                "phạm lỗi Bỏ ăn chắn.",
                "Drawing gives up a chắn; once you let a chắn go, eating or discarding that "
                "card later is the fault Bỏ ăn chắn.",
            ),
        ),
        Step(
            expect=("đánh 4W", "đánh 9W"),
            why=(
                "Ăn xong phải đánh một quân. Đánh quân què thì còn 6 chắn, 3 cạ và một quân "
                "què: bạn đang chờ ù.",
                "After eating you must discard. Discarding a què leaves six chắn, three cạ and "
                "one què: you are waiting to win.",
            ),
            hint=(
                "Đánh một quân què: tứ văn hoặc cửu văn.",
                "Discard a què: the Four of Văn or the Nine of Văn.",
            ),
            wrong=KEEP_PAIRS,
        ),
    ),
)

AN_CA = Lesson(
    id="an_ca",
    title=("Ăn cạ", "Eating a cạ"),
    goal=(
        "Ăn quân tứ vạn vừa đánh thành cạ với tứ sách lẻ của bạn, rồi đánh một quân què.",
        "Eat the Four of Vạn just discarded as a cạ with your loose Four of Sách, then "
        "discard a què.",
    ),
    intro=(
        "Không có quân giống hệt thì vẫn ăn được cạ: với một quân cùng số khác hàng. Ăn cạ "
        "bằng quân què, đừng tách một chắn: chắn quý hơn cạ, và tách chắn ăn cạ rồi lại dùng "
        "quân còn lại là phạm lỗi.",
        "Without an identical card you can still eat a cạ, with a card of the same number in "
        "another suit. Eat a cạ with a què, never by splitting a chắn: a chắn is worth more "
        "than a cạ, and splitting one to eat a cạ, then using the card left over, is a fault.",
    ),
    cards=("4V", "4S", "4W", "4W"),
    terms=("cạ", "ăn", "què", "Tách chắn ăn cạ"),
    **P.AN_CA,
    steps=(
        Step(
            expect=("ăn cạ 4V với 4S",),
            why=(
                "Tứ sách là quân què: ăn cạ với nó thì thêm một cạ trên chiếu, mà chắn tứ văn "
                "vẫn nguyên.",
                "Four of Sách was a què: eating the cạ with it adds a cạ to your mat and keeps "
                "your chắn of Four of Văn whole.",
            ),
            hint=(
                "Bạn có ba quân số tứ: hai tứ văn là một chắn, tứ sách đứng lẻ.",
                "You hold three Fours: the two Four of Văn are a chắn, the Four of Sách stands "
                "alone.",
            ),
            wrong=(
                "Ăn với tứ văn là tách chắn tứ văn; bốc thì bỏ lỡ một cạ cho quân què của bạn.",
                "Eating with a Four of Văn splits your chắn of Four of Văn; drawing misses a cạ "
                "for your què.",
            ),
        ),
        Step(
            expect=("đánh 9W", "đánh 2W"),
            why=(
                "Đánh một quân què thì còn 6 chắn, 3 cạ (một cạ trên chiếu) và một quân què: "
                "bạn đang chờ ù rộng.",
                "Discarding a què leaves six chắn, three cạ (one on your mat) and one què: you "
                "are waiting, a wide wait.",
            ),
            hint=(
                "Đánh một quân què: cửu văn hoặc nhị văn.",
                "Discard a què: the Nine of Văn or the Two of Văn.",
            ),
            wrong=KEEP_PAIRS,
        ),
    ),
)

BOC_HAY_AN = Lesson(
    id="boc_hay_an",
    title=("Bốc hay ăn", "Draw or eat"),
    goal=(
        "Chọn đúng lúc bốc và lúc ăn, rồi đánh một quân què.",
        "Choose rightly when to draw and when to eat, then discard a què.",
    ),
    intro=(
        "Đến lượt, bạn ăn quân ở cửa trên hoặc bốc một quân từ nọc. Chỉ ăn khi có lợi: ăn mà "
        "phải phá một đôi đã thành thì thà bốc. Quân bốc lên nằm ở cửa bạn: bạn được ăn nó, "
        "hoặc dưới (để lại cho người sau).",
        "On your turn you eat the card at your upper door or draw one from the stock. Eat "
        "only when it helps: if eating breaks a finished pair, draw instead. The card you "
        "draw lies at your door: you may eat it, or pass it on (dưới) to the next seat.",
    ),
    cards=("6S", "6V", "6V"),
    terms=("bốc", "ăn", "nọc", "dưới", "ăn hay bốc"),
    **P.BOC_HAY_AN,
    steps=(
        Step(
            expect=("bốc",),
            why=(
                "Lục sách chỉ ăn được cạ bằng một lục vạn, mà hai lục vạn là một chắn: ăn thì "
                "mất chắn. Bốc thì giữ nguyên bài.",
                "Six of Sách could only be eaten as a cạ with a Six of Vạn, and your two Six of "
                "Vạn are a chắn: eating would lose it. Drawing keeps your hand whole.",
            ),
            hint=(
                "Ăn lục sách thì phải tách chắn lục vạn.",
                "Eating Six of Sách means splitting your chắn of Six of Vạn.",
            ),
            wrong=(
                "Tách một chắn để ăn cạ là đổi một đôi tốt lấy một đôi kém, và còn thêm một "
                "quân què.",
                "Splitting a chắn to eat a cạ trades a good pair for a weaker one and leaves "
                "a new què.",
            ),
        ),
        Step(
            expect=("ăn chắn 9W",),
            why=(
                "Cửu văn bạn vừa bốc ghép với cửu văn trên tay thành chắn. Quân mình bốc thì "
                "mình được ăn trước.",
                "The Nine of Văn you drew pairs with the one in your hand as a chắn. You have "
                "first choice on your own draw.",
            ),
            hint=(
                "Quân vừa bốc giống hệt một quân què của bạn.",
                "The card you drew is identical to one of your què.",
            ),
            wrong=(
                "Dưới là để quân này cho người sau: bạn mất một chắn, và về sau ăn hay đánh "
                "cửu văn là phạm lỗi Bỏ ăn chắn.",
                "Passing it on leaves it to the next seat: you lose a chắn, and eating or "
                "discarding a Nine of Văn later is the fault Bỏ ăn chắn.",
            ),
        ),
        Step(
            expect=("đánh 2S", "đánh 4V"),
            why=(
                "Ăn xong phải đánh: đánh quân què, mọi chắn và cạ vẫn nguyên.",
                "After eating you must discard: a què, so every chắn and cạ stays whole.",
            ),
            hint=(
                "Đánh một quân què: nhị sách hoặc tứ vạn.",
                "Discard a què: the Two of Sách or the Four of Vạn.",
            ),
            wrong=KEEP_PAIRS,
        ),
    ),
)

CHIU = Lesson(
    id="chiu",
    title=("Chíu và trả cửa", "Chíu and trả cửa"),
    goal=(
        "Chíu quân ngũ vạn thứ tư, rồi trả cửa một quân què.",
        "Chíu the fourth Five of Vạn, then return a què to its door.",
    ),
    intro=(
        "Có ba quân giống hệt trên tay, khi quân thứ tư lộ ra ở bất cứ cửa nào, bạn được "
        "chíu: lấy ngay dù chưa đến lượt, hạ cả bốn quân (tính là hai chắn). Nếu quân đó không "
        "phải quân nhà trên đánh cho bạn, bạn phải trả cửa: đánh một quân vào đúng cửa quân "
        "chíu vừa đến. Đánh vào cửa mình là treo tranh.",
        "With three identical cards in hand, when the fourth shows up at any door you may "
        "chíu it: take it at once, even out of turn, and lay all four down (they count as two "
        "chắn). Unless it was your upper neighbour's discard to you, you must then return a "
        "card into the door the chíu'd card came from. Discarding into your own door instead "
        "is treo tranh.",
    ),
    cards=("5V", "5V", "5V", "5V"),
    terms=("chíu", "trả cửa", "chắn", "Treo tranh (trả cửa sai)", "nghỉ ăn tiền"),
    **P.CHIU,
    steps=(
        Step(
            expect=("chíu",),
            why=(
                "Ba ngũ vạn trên tay với quân thứ tư thành một chíu: hai chắn trên chiếu chỉ "
                "bằng một nước.",
                "Your three Five of Vạn and the fourth make a chíu: two chắn on your mat in "
                "one move.",
            ),
            hint=(
                "Bạn có ba quân ngũ vạn; quân thứ tư vừa ra.",
                "You hold three Five of Vạn; the fourth just came out.",
            ),
            wrong=(
                "Bỏ qua là mất một chíu: bốn quân giống hệt tính hai chắn.",
                "Letting it go loses a chíu: four identical cards count as two chắn.",
            ),
        ),
        Step(
            expect=("trả cửa 2S", "trả cửa 9W"),
            why=(
                "Quân chíu đến từ cửa nhà đối diện, nên bạn trả một quân vào đúng cửa đó; trả "
                "quân què thì không phá đôi nào.",
                "The chíu'd card came from the door of the seat opposite, so you return a card "
                "into that door; a què breaks no pair.",
            ),
            hint=(
                "Trả cửa một quân què: nhị sách hoặc cửu văn.",
                "Return a què: the Two of Sách or the Nine of Văn.",
            ),
            wrong=(
                "Chíu quân của cửa khác thì phải trả cửa vào đúng cửa đó, và nên trả quân què.",
                "After a chíu from another door you must return a card into that door, and a "
                "què is the card to return.",
            ),
        ),
    ),
)

CHO_U = Lesson(
    id="cho_u",
    title=("Chờ ù", "Waiting to win"),
    goal=(
        "Đánh một quân để bài chờ ù được nhiều quân nhất.",
        "Discard so that your hand waits on as many cards as possible.",
    ),
    intro=(
        "Bài 19 quân chỉ còn thiếu một quân là ù thì gọi là đang chờ. Có 5 chắn và một quân "
        "què thì chỉ chờ đúng quân giống hệt quân què: chờ bạch thủ. Có đủ 6 chắn, hoặc 5 chắn "
        "và một ba đầu, thì chờ được cả ba quân cùng số: ù rộng.",
        "A 19-card hand one card short of a win is waiting. With five chắn and one què it "
        "waits only on the card identical to the què: a bạch thủ wait. With six chắn, or five "
        "chắn and a ba đầu, it waits on all three cards of one number: ù rộng, a wide wait.",
    ),
    cards=("6V", "6S", "6W", "4W"),
    terms=("chờ", "ba đầu", "ù rộng", "Bạch thủ"),
    **P.CHO_U,
    steps=(
        Step(
            expect=("đánh 4W",),
            why=(
                "Đánh tứ văn thì còn 5 chắn, 3 cạ và ba đầu lục: bạn chờ ù cả lục vạn, lục "
                "sách và lục văn (ù rộng).",
                "Discarding Four of Văn leaves five chắn, three cạ and a ba đầu of Sixes: you "
                "wait on the Six of Vạn, of Sách and of Văn (a wide wait).",
            ),
            hint=(
                "So hai cách: đánh quân què tứ văn, hay đánh một quân của ba đầu lục.",
                "Compare two ways: discard the què Four of Văn, or a card of the ba đầu of Sixes.",
            ),
            wrong=(
                "Đánh một quân của ba đầu lục thì chỉ còn chờ bạch thủ một quân tứ văn; phá "
                "một chắn hay cạ thì chưa chờ được.",
                "Discarding a card of the ba đầu leaves a bạch thủ wait on one card, the Four "
                "of Văn; breaking a chắn or a cạ leaves no wait at all.",
            ),
        ),
    ),
)

U = Lesson(
    id="u",
    title=("Ù", "Winning (ù)"),
    goal=(
        "Ù khi quân bạn chờ được bốc từ nọc.",
        "Declare ù when a card you wait on is drawn from the stock.",
    ),
    intro=(
        "Ù là ghép hết 19 quân của bạn (trên tay và trên chiếu) với một quân vừa lộ thành chắn "
        "và cạ, có ít nhất 6 chắn. Chỉ được ù quân bốc từ nọc, ai bốc cũng được, hoặc quân "
        "mình chíu. Bạn có 6 chắn và chờ ù rộng các quân thất.",
        "Ù is a win: your 19 cards (hand and mat) and one card just shown all pair up as chắn "
        "and cạ, with at least six chắn. You may win only on a card drawn from the stock "
        "(whoever drew it) or one you chíu. You have six chắn and a wide wait on the Sevens.",
    ),
    cards=("7V", "7S", "7W"),
    terms=("ù", "nọc", "ù rộng", "Xuông"),
    **P.U,
    steps=(
        Step(
            expect=("ù",),
            why=(
                "Thất sách vừa bốc từ nọc ghép với thất văn của bạn thành cạ: 6 chắn và 4 cạ, "
                "đủ 10 đôi. Ván ù không có cước nào khác nên là ù xuông.",
                "The Seven of Sách just drawn pairs with your Seven of Văn as a cạ: six chắn "
                "and four cạ, ten pairs. No other cước: a plain win (Xuông).",
            ),
            hint=(
                "Quân vừa bốc là một quân thất: đúng quân bạn chờ.",
                "The card just drawn is a Seven: a card you wait on.",
            ),
            wrong=(
                "Để quân ù đi qua là bỏ mất ván thắng (và có thể phạm lỗi Bỏ ù).",
                "Letting your winning card go throws the win away (and may be the fault Bỏ ù).",
            ),
        ),
    ),
)

BACH_THU = Lesson(
    id="cuoc_bach_thu",
    title=("Cước: bạch thủ và chì", "Cước: bạch thủ and chì"),
    goal=(
        "Giữ thế chờ, bốc, và ù bằng đúng quân lục sách bạn chờ.",
        "Keep your wait, draw, and win on the very Six of Sách you wait on.",
    ),
    intro=(
        "Ù có cước thì được nhiều điểm hơn ù xuông. Chờ bạch thủ (5 chắn, chờ đúng một quân) "
        "mà ù được là có cước Bạch thủ; ù bằng quân chính mình bốc lên ở cửa mình là có cước "
        "Chì. Cước lớn nhất tính đủ điểm, mỗi cước khác cộng thêm dịch.",
        "A win with cước scores more than a plain win. Winning on a bạch thủ wait (five chắn, "
        "waiting on one card) scores Bạch thủ; on a card you drew yourself, at your own door, "
        "Chì. The largest cước counts its full points, each other one adds its dịch.",
    ),
    cards=("6S",),
    terms=("cước", "Bạch thủ", "Chì", "dịch", "Ăn cạ đổi chờ"),
    **P.BACH_THU,
    steps=(
        Step(
            expect=("bốc",),
            why=(
                "Ăn tam vạn thì phải tách cạ tam sách, tam văn, rồi đánh đi một quân: bài hết "
                "chờ. Bốc thì giữ nguyên thế chờ bạch thủ.",
                "Eating the Three of Vạn splits your cạ of Three of Sách and Three of Văn, and "
                "a discard follows: your wait is gone. Drawing keeps the bạch thủ wait.",
            ),
            hint=(
                "Bạn đang chờ bạch thủ lục sách: đừng đổi bài.",
                "You wait on the Six of Sách alone (bạch thủ): do not change your hand.",
            ),
            wrong=(
                "Đang chờ mà ăn cạ rồi đánh làm đổi quân chờ là phạm lỗi Ăn cạ đổi chờ.",
                "Eating a cạ while waiting, then discarding so that the wait changes, is the "
                "fault Ăn cạ đổi chờ.",
            ),
        ),
        Step(
            expect=("ù",),
            why=(
                "Lục sách bạn tự bốc ở cửa mình: ù bạch thủ, lại được chì. Bạch thủ là cước "
                "lớn nhất, 4 điểm; chì cộng thêm dịch 1: tất cả 5 điểm.",
                "You drew the Six of Sách yourself, at your own door: a bạch thủ win, with chì. "
                "Bạch thủ is the largest cước, 4 points; chì adds its dịch, 1: 5 points in all.",
            ),
            hint=(
                "Quân bạn vừa bốc là lục sách, đúng quân bạn chờ.",
                "The card you just drew is the Six of Sách, the card you wait on.",
            ),
            wrong=(
                "Để quân ù đi qua là bỏ mất ván thắng có cước.",
                "Letting your winning card go throws away a win with cước.",
            ),
        ),
    ),
)

U_LAO = Lesson(
    id="u_lao",
    title=("Lỗi: ù láo", "A fault: ù láo"),
    goal=(
        "Quân bạn chờ do người khác đánh ra: đừng ù, hãy bỏ qua.",
        "A card you wait on is someone's discard: do not declare ù, let it go.",
    ),
    intro=(
        "Bạn đang chờ ù rộng các quân thất, và nhà cái vừa đánh ra thất vạn. Quân đánh ra không "
        "phải quân bốc từ nọc, nên không ù được. Ù khi bài chưa được ù là ù láo: ván dừng ngay "
        "và người ù láo đền tám đỏ hai lèo.",
        "You wait on the Sevens (a wide wait), and the cái has just discarded the Seven of "
        "Vạn. A discard is not a card drawn from the stock, so you cannot win on it. "
        "Declaring a win that does not stand is ù láo: the game stops and the offender pays "
        "tám đỏ hai lèo.",
    ),
    cards=("7V",),
    terms=("Ù láo", "đền tám đỏ hai lèo", "bỏ qua", "lỗi"),
    **P.U_LAO,
    steps=(
        Step(
            expect=("bỏ qua",),
            why=(
                "Thất vạn là quân đánh ra, không phải quân bốc từ nọc: bỏ qua là đúng. Bạn vẫn "
                "chờ, và sẽ ù khi một quân thất được bốc lên.",
                "The Seven of Vạn was discarded, not drawn from the stock: letting it go is "
                "right. You still wait, and will win when a Seven is drawn.",
            ),
            hint=(
                "Quân này do nhà cái đánh ra, không phải bốc từ nọc.",
                "The cái discarded this card; nobody drew it from the stock.",
            ),
            wrong=(
                "Chỉ được ù quân bốc từ nọc, hoặc quân mình chíu.",
                "You may win only on a card drawn from the stock, or on a card you chíu.",
            ),
        ),
    ),
)

AN_CA_DANH_CA = Lesson(
    id="an_ca_danh_ca",
    title=("Lỗi: ăn cạ đánh cạ", "A fault: ăn cạ đánh cạ"),
    goal=(
        "Ăn cạ tứ vạn với tứ sách, rồi đánh một quân què, đừng đánh thất sách.",
        "Eat the Four of Vạn as a cạ with your Four of Sách, then discard a què, not the "
        "Seven of Sách.",
    ),
    intro=(
        "Đầu ván bạn đã đánh thất vạn, tách cạ thất vạn, thất sách. Ai đã ăn cạ thì không được "
        "đánh ra cả hai quân của một cạ: ăn cạ xong mà đánh nốt thất sách là phạm lỗi Ăn cạ "
        "đánh cạ và bị báo.",
        "Early in the game you discarded the Seven of Vạn, breaking your cạ of Seven of Vạn "
        "and Seven of Sách. Whoever eats a cạ must not discard both cards of a cạ: after "
        "eating one, discarding the Seven of Sách too is the fault Ăn cạ đánh cạ, and you "
        "would be reported (báo).",
    ),
    cards=("7V", "7S", "4V", "4S"),
    terms=("Ăn cạ đánh cạ", "báo", "cạ"),
    **P.AN_CA_DANH_CA,
    steps=(
        Step(
            expect=("ăn cạ 4V với 4S",),
            why=(
                "Tứ sách là quân què: ăn cạ với nó là tốt. Nhưng từ giờ bạn đã ăn cạ, nên phải "
                "coi chừng quân mình đánh ra.",
                "Your Four of Sách was a què: eating the cạ with it is good. But now that you "
                "have eaten a cạ, watch what you discard.",
            ),
            hint=(
                "Tứ vạn ghép cạ được với tứ sách lẻ của bạn.",
                "The Four of Vạn makes a cạ with your loose Four of Sách.",
            ),
            wrong=(
                "Tứ sách đang là quân què; ăn cạ với nó thì bớt một quân lẻ.",
                "Your Four of Sách is a què; eating the cạ with it removes a loose card.",
            ),
        ),
        Step(
            expect=("đánh 3S", "đánh 5W", "đánh 6V"),
            why=(
                "Đánh một quân què khác là an toàn. Thất sách thì phải giữ: bạn đã đánh thất "
                "vạn, đánh nốt thất sách là đánh cả một cạ.",
                "Discarding another què is safe. Keep the Seven of Sách: you discarded the "
                "Seven of Vạn, so discarding it too would throw away a whole cạ.",
            ),
            hint=(
                "Đừng đánh quân cùng số với một quân bạn đã đánh.",
                "Do not discard a card of the same number as one you have discarded.",
            ),
            wrong=(
                "Đánh một quân què, nhưng không phải thất sách: nó với thất vạn đã đánh là một cạ.",
                "Discard a què, but not the Seven of Sách: with the Seven of Vạn you "
                "discarded, it makes a cạ.",
            ),
        ),
    ),
)


LESSONS: tuple[Lesson, ...] = (
    CARDS,
    CHAN_CA,
    AN_CHAN,
    AN_CA,
    BOC_HAY_AN,
    CHIU,
    CHO_U,
    U,
    BACH_THU,
    U_LAO,
    AN_CA_DANH_CA,
    WHOLE_GAME,
)
