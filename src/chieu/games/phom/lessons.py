"""Lessons of Phỏm (the kit's ``lessons``, ``chieu.core.lessons``): real positions, in
teaching order, ending with a whole game against gentle bots with hints on.

The learner is seat 0 (``Bạn``) at a table of four; the seat before it is ``Người 4``. Each
table is built by ``lessons_positions.position`` (the learner's hand, the few cards others
must hold, the scripted turns). Rules: the default table (ù 5, eat 1, chốt 4, móm 4), with
ù khan switched on for its lesson. Words follow docs/rules/phom.md and the glossary.
"""

from __future__ import annotations

from chieu.core.lessons import WHOLE_GAME, Lesson, Step
from chieu.games.phom.lessons_positions import (
    CARDS_TABLE,
    CHOT_TABLE,
    DEN_TABLE,
    DRAW_TABLE,
    EAT_TABLE,
    KHAN_TABLE,
    LAY_TABLE,
    MELDS_TABLE,
    MOM_TABLE,
    SEND_TABLE,
    WIN_TABLE,
)

# -- 1. the cards and their points ------------------------------------------------------------

CARDS = Lesson(
    id="quan_bai",
    title=("Quân bài và điểm", "The cards and their points"),
    goal=(
        "Bạn đi đầu: đánh quân rác nhiều điểm nhất.",
        "You play first: discard the loose card worth the most points.",
    ),
    intro=(
        "Phỏm chơi với bộ bài tây 52 quân, bốn chất bích ♠, tép ♣, rô ♦, cơ ♥; A nhỏ nhất, "
        "K lớn nhất. Quân không vào phỏm nào là rác: cuối ván A tính 1 điểm, 2 đến 10 theo số, "
        "J 11, Q 12, K 13, và ai ít điểm hơn thì hơn. Người đi đầu có 10 quân và đánh ngay.",
        "Phỏm is played with the 52-card French deck, four suits: bích ♠ (spades), tép ♣ "
        "(clubs), rô ♦ (diamonds), cơ ♥ (hearts); the Ace is lowest, the King highest. Cards "
        "in no phỏm are rác (deadwood): at the end an Ace counts 1, 2 to 10 their number, "
        "J 11, Q 12, K 13, and fewer points is better. The first player holds 10 cards and "
        "discards at once.",
    ),
    steps=(
        Step(
            expect=("đánh Kc",),
            why=(
                "K♣ là quân rác nặng nhất: 13 điểm. 7♠ 7♣ 7♦ và 3♥ 4♥ 5♥ đã là phỏm, đừng phá. "
                "Bỏ rác to trước thì cuối ván còn ít điểm.",
                "K♣ is the heaviest loose card: 13 points. 7♠ 7♣ 7♦ and 3♥ 4♥ 5♥ are already "
                "phỏm: keep them. Throw the big loose cards first and few points are left at "
                "the end.",
            ),
            hint=(
                "Tìm các quân lẻ, không đi với quân nào; trong đó K tính 13 điểm.",
                "Find the loose cards, which go with no other; among them a King counts 13.",
            ),
            wrong=(
                "Giữ quân nhỏ, bỏ quân lớn: A chỉ 1 điểm, K đến 13 điểm.",
                "Keep the small cards, throw the big ones: an Ace is 1 point, a King 13.",
            ),
            replies=CARDS_TABLE.moves[1],
        ),
        Step(
            expect=("đánh 9d",),
            why=(
                "Bạn bốc được 6♥: nó nối 3♥ 4♥ 5♥ thành phỏm bốn quân. Rác còn A♠ 2♣ 9♦, "
                "và 9♦ nặng nhất.",
                "You drew 6♥: it extends 3♥ 4♥ 5♥ to a four-card phỏm. The loose cards are "
                "A♠ 2♣ 9♦, and 9♦ is the heaviest.",
            ),
            hint=(
                "Bạn vừa bốc 6♥ từ nọc. Nó vào phỏm nào? Rác nào còn nhiều điểm nhất?",
                "You just drew 6♥ from the stock. Which phỏm does it join? Which loose card "
                "is worth the most now?",
            ),
            wrong=(
                "6♥ đã vào phỏm 3♥ 4♥ 5♥ 6♥; trong rác, 9♦ nhiều điểm nhất.",
                "6♥ joined the phỏm 3♥ 4♥ 5♥ 6♥; of the loose cards, 9♦ is worth the most.",
            ),
        ),
    ),
    deal=CARDS_TABLE.deal,
    setup=CARDS_TABLE.setup,
    prelude=CARDS_TABLE.prelude,
    cards=("As", "2c", "9d", "Kc"),
    terms=("rác", "đi đầu", "chất", "đánh", "bốc", "nọc"),
)

# -- 2. phỏm ngang and phỏm dọc ---------------------------------------------------------------

MELDS = Lesson(
    id="phom_ngang_doc",
    title=("Phỏm ngang và phỏm dọc", "Sets and runs: phỏm ngang, phỏm dọc"),
    goal=(
        "Đến lượt hạ: hạ một phỏm của bạn, rồi đánh quân rác nặng nhất.",
        "Your lay-down turn: lay one of your phỏm, then discard the heaviest loose card.",
    ),
    intro=(
        "Phỏm là bộ ít nhất ba quân. Phỏm ngang: ba hoặc bốn quân cùng số, như 8♠ 8♣ 8♦. "
        "Phỏm dọc: ba quân trở lên cùng chất, số liền nhau, như 4♥ 5♥ 6♥; A chỉ đứng dưới 2, "
        "nên Q♠ K♠ A♠ không phải phỏm. Lượt thứ tư của bạn là lượt hạ: đặt các phỏm ngửa lên "
        "bàn rồi mới đánh.",
        "A phỏm is a group of three cards or more. Phỏm ngang (a set): three or four cards "
        "of one rank, like 8♠ 8♣ 8♦. Phỏm dọc (a run): three or more cards of one suit in "
        "a row, like 4♥ 5♥ 6♥; the Ace is low only, so Q♠ K♠ A♠ is no phỏm. Your fourth "
        "turn is the lay-down: lay your phỏm face up, then discard.",
    ),
    steps=(
        Step(
            expect=("hạ 8s 8c 8d", "hạ 4h 5h 6h"),
            why=(
                "Đó là một phỏm. Phỏm nào có trên tay cũng phải hạ, nên phỏm còn lại "
                "được hạ luôn: 8♠ 8♣ 8♦ là phỏm ngang, 4♥ 5♥ 6♥ là phỏm dọc.",
                "That is a phỏm. Every phỏm in hand must be laid, so the other one is "
                "laid at once: 8♠ 8♣ 8♦ is a phỏm ngang (set), 4♥ 5♥ 6♥ a phỏm dọc (run).",
            ),
            hint=(
                "Phỏm ngang: ba quân cùng số 8. Phỏm dọc: ba quân cơ liền nhau.",
                "A set: three cards of rank 8. A run: three hearts in a row.",
            ),
        ),
        Step(
            expect=("đánh Ks",),
            why=(
                "Q♠ K♠ A♠ không phải phỏm (A chỉ đứng dưới 2: A-2-3). K♠ 13 điểm là rác nặng nhất.",
                "Q♠ K♠ A♠ is no phỏm (the Ace is low only: A-2-3). K♠, 13 points, is the "
                "heaviest loose card.",
            ),
            hint=(
                "Q♠ K♠ A♠ có phải phỏm dọc không? A chỉ đứng dưới 2.",
                "Is Q♠ K♠ A♠ a run? The Ace only goes below the 2.",
            ),
            wrong=(
                "Q♠ K♠ A♠ không phải phỏm; bỏ quân nặng nhất: K♠.",
                "Q♠ K♠ A♠ is no phỏm; throw the heaviest card: K♠.",
            ),
        ),
    ),
    deal=MELDS_TABLE.deal,
    setup=MELDS_TABLE.setup,
    prelude=MELDS_TABLE.prelude,
    cards=("8s", "8c", "8d", "4h", "5h", "6h", "Qs", "Ks", "As"),
    terms=("phỏm", "phỏm ngang", "phỏm dọc", "hạ", "phỏm đã hạ"),
)

# -- 3. eating a discard ----------------------------------------------------------------------

EAT = Lesson(
    id="an",
    title=("Ăn quân", "Eating a discard"),
    goal=(
        "Người 4 vừa đánh 8♦: ăn nó vào phỏm, rồi đánh rác.",
        "Player 4 just discarded 8♦: eat it into a phỏm, then discard.",
    ),
    intro=(
        "Đầu lượt, thay vì bốc, bạn được ăn quân người ngồi ngay trước vừa đánh, nếu nó ghép "
        "với hai quân trên tay thành phỏm. Quân ăn nằm ngửa trước mặt bạn và phải ở trong "
        "phỏm đến cuối ván. Người bị ăn trả bạn ngay 1.",
        "At the start of your turn, instead of drawing, you may eat the card the player just "
        "before you discarded, if it makes a phỏm with two cards in your hand. The eaten card "
        "lies face up before you and must stay in a phỏm to the end. The player eaten from "
        "pays you 1 at once.",
    ),
    steps=(
        Step(
            expect=("ăn",),
            why=(
                "8♦ với 8♠ 8♣ thành phỏm ngang. Người 4 trả bạn 1 ngay.",
                "8♦ with 8♠ 8♣ makes a set. Player 4 pays you 1 at once.",
            ),
            hint=(
                "Bạn có cạ 8♠ 8♣, và quân vừa đánh là 8♦.",
                "You hold the pair (cạ) 8♠ 8♣, and the card just discarded is 8♦.",
            ),
            wrong=(
                "Bốc là lấy một quân úp, chưa biết ra sao; 8♦ thì chắc chắn thành phỏm.",
                "A draw is a face-down card, anything; 8♦ surely makes a phỏm.",
            ),
        ),
        Step(
            expect=("đánh Kh",),
            why=(
                "Ăn xong vẫn đánh một quân. Giữ 8♠ 8♣ 8♦ (quân ăn phải ở trong phỏm); K♥ 13 "
                "điểm là rác nặng nhất.",
                "After eating you still discard. Keep 8♠ 8♣ 8♦ (an eaten card must stay in "
                "a phỏm); K♥, 13 points, is the heaviest loose card.",
            ),
            hint=(
                "Không phá phỏm có quân ăn. Trong rác, quân nào nhiều điểm nhất?",
                "Do not break the phỏm holding the eaten card. Which loose card is worth most?",
            ),
        ),
    ),
    deal=EAT_TABLE.deal,
    setup=EAT_TABLE.setup,
    prelude=EAT_TABLE.prelude,
    cards=("8s", "8c", "8d"),
    terms=("ăn", "cạ", "bốc hoặc ăn"),
)

# -- 4. draw or eat ---------------------------------------------------------------------------

DRAW_OR_EAT = Lesson(
    id="boc_hay_an",
    title=("Bốc hay ăn", "Draw or eat"),
    goal=(
        "Người 4 đánh 6♦. Ăn được, nhưng có nên ăn không? Chọn đúng, rồi đánh rác.",
        "Player 4 discards 6♦. You may eat it, but should you? Choose, then discard.",
    ),
    intro=(
        "Ăn được chưa chắc đã nên ăn. Quân ăn phải nằm trong phỏm với hai quân của bạn; nếu "
        "phải rút quân ra khỏi một phỏm tốt hơn, bài sẽ xấu đi. Khi đó cứ bốc.",
        "Being able to eat does not mean you should. The eaten card must sit in a phỏm with "
        "two of your cards; if that pulls a card out of a better phỏm, your hand gets worse. "
        "Then just draw.",
    ),
    steps=(
        Step(
            expect=("bốc",),
            why=(
                "Ăn 6♦ thì phải ghép 6♠ 6♦ 6♥, rút 6♥ ra khỏi phỏm 4♥ 5♥ 6♥ 7♥: 4♥ 5♥ 7♥ "
                "thành rác. Ăn xong, dù đánh 7♥, bạn vẫn còn 19 điểm, hơn 16 điểm bây giờ. "
                "Bốc thì phỏm dọc vẫn nguyên.",
                "Eating 6♦ needs 6♠ 6♦ 6♥, pulling 6♥ out of the run 4♥ 5♥ 6♥ 7♥: 4♥ 5♥ 7♥ "
                "become loose. Even after discarding 7♥ you would hold 19 points, more than "
                "the 16 you hold now. A draw keeps the run whole.",
            ),
            hint=(
                "Nếu ăn 6♦, 6♥ phải vào phỏm với 6♠ 6♦. Phỏm 4♥ 5♥ 6♥ 7♥ còn lại gì?",
                "If you eat 6♦, 6♥ must join 6♠ 6♦. What is left of the run 4♥ 5♥ 6♥ 7♥?",
            ),
            wrong=(
                "Ăn 6♦ làm vỡ phỏm 4♥ 5♥ 6♥ 7♥: rác nhiều thêm.",
                "Eating 6♦ breaks the run 4♥ 5♥ 6♥ 7♥: more deadwood.",
            ),
        ),
        Step(
            expect=("đánh Kd",),
            why=(
                "Bạn bốc được K♦, không vào phỏm nào: bỏ luôn, 13 điểm.",
                "You drew K♦, which joins no phỏm: throw it, 13 points.",
            ),
            hint=(
                "Quân vừa bốc có vào phỏm nào không? Nó bao nhiêu điểm?",
                "Does the card you drew join a phỏm? How many points is it?",
            ),
        ),
    ),
    deal=DRAW_TABLE.deal,
    setup=DRAW_TABLE.setup,
    prelude=DRAW_TABLE.prelude,
    cards=("4h", "5h", "6h", "7h", "6s", "6d"),
    terms=("bốc", "ăn", "phỏm dọc"),
)

# -- 5. laying down: the best arrangement -----------------------------------------------------

LAY_DOWN = Lesson(
    id="ha_phom",
    title=("Hạ phỏm", "Laying down"),
    goal=(
        "Đến lượt hạ: xếp phỏm sao cho ít rác nhất, rồi đánh.",
        "Your lay-down turn: arrange your phỏm to leave the fewest points, then discard.",
    ),
    intro=(
        "Ở lượt thứ tư, trước khi đánh, bạn phải hạ các phỏm. Mỗi quân chỉ vào được một phỏm, "
        "nên phải chọn cách xếp: cách nào để lại ít điểm rác nhất là tốt nhất.",
        "On your fourth turn, before discarding, you must lay your phỏm. A card goes into one "
        "phỏm only, so choose the arrangement: the one leaving the fewest points is best.",
    ),
    steps=(
        Step(
            expect=("hạ 7d 8d 9d", "hạ 9s 9c 9h"),
            why=(
                "Hai phỏm: 7♦ 8♦ 9♦ và 9♠ 9♣ 9♥; phỏm kia được hạ luôn. Nếu hạ cả bốn quân 9, "
                "7♦ 8♦ thành 15 điểm rác.",
                "Two phỏm: 7♦ 8♦ 9♦ and 9♠ 9♣ 9♥; the other is laid at once. Laying all four "
                "nines would leave 7♦ 8♦, 15 points of deadwood.",
            ),
            hint=(
                "9♦ đi được với ba quân 9 kia, hoặc với 7♦ 8♦. Cách nào được hai phỏm?",
                "9♦ fits the other three nines, or 7♦ 8♦. Which way makes two phỏm?",
            ),
            wrong=(
                "9♦ chỉ vào một phỏm. Để 9♦ cho 7♦ 8♦ thì 9♠ 9♣ 9♥ vẫn là phỏm.",
                "9♦ goes into one phỏm only. Give it to 7♦ 8♦ and 9♠ 9♣ 9♥ still make one.",
            ),
        ),
        Step(
            expect=("đánh Qh",),
            why=(
                "Rác còn A♠ 2♣ 4♠ Q♥: bỏ Q♥ (12 điểm), chỉ còn 7 điểm.",
                "Left loose: A♠ 2♣ 4♠ Q♥; throw Q♥ (12 points) and only 7 points remain.",
            ),
            hint=(
                "Quân rác nào nhiều điểm nhất?",
                "Which loose card is worth the most?",
            ),
        ),
    ),
    deal=LAY_TABLE.deal,
    setup=LAY_TABLE.setup,
    prelude=LAY_TABLE.prelude,
    cards=("9s", "9c", "9d", "9h", "7d", "8d"),
    terms=("hạ", "rác", "phỏm đã hạ"),
)

# -- 6. avoiding móm --------------------------------------------------------------------------

NO_MOM = Lesson(
    id="tranh_mom",
    title=("Tránh móm", "Avoiding móm"),
    goal=(
        "Đến lượt hạ mà chưa có phỏm nào: tìm cách để khỏi móm.",
        "Your lay-down turn and no phỏm yet: find a way not to be móm.",
    ),
    intro=(
        "Ai đến lượt hạ mà không có phỏm nào thì móm: cuối ván xếp sau cùng và trả người nhất "
        "4, nặng hơn cả người bét. Lượt này là lượt hạ của bạn, trên tay chưa có phỏm nào.",
        "A player with no phỏm at the lay-down is móm: ranked below everyone at the end, it "
        "pays the winner 4, more than last place. This is your lay-down turn and you hold no "
        "phỏm yet.",
    ),
    steps=(
        Step(
            expect=("ăn",),
            why=(
                "5♦ với 5♠ 5♣ thành phỏm: bạn hạ được (phỏm duy nhất nên được hạ ngay), không móm.",
                "5♦ with 5♠ 5♣ makes a phỏm: you can lay down (your only phỏm, laid at once), "
                "so you are not móm.",
            ),
            hint=(
                "Người 4 vừa đánh 5♦. Bạn có 5♠ 5♣.",
                "Player 4 just discarded 5♦. You hold 5♠ 5♣.",
            ),
            wrong=(
                "Bốc là trông vào may: quân bốc lên không thành phỏm thì móm. Ăn 5♦ thì chắc "
                "chắn có phỏm.",
                "A draw is luck: if it makes no phỏm you are móm. Eating 5♦ surely gives a phỏm.",
            ),
        ),
        Step(
            expect=("đánh Qc",),
            why=(
                "Đã hạ 5♠ 5♣ 5♦. Bỏ Q♣ (12 điểm), rác nặng nhất.",
                "5♠ 5♣ 5♦ are laid. Throw Q♣ (12 points), the heaviest loose card.",
            ),
            hint=(
                "Quân rác nào nhiều điểm nhất?",
                "Which loose card is worth the most?",
            ),
        ),
    ),
    deal=MOM_TABLE.deal,
    setup=MOM_TABLE.setup,
    prelude=MOM_TABLE.prelude,
    cards=("5s", "5c", "5d"),
    terms=("móm", "hạ", "bét"),
)

# -- 7. gửi ------------------------------------------------------------------------------------

SEND = Lesson(
    id="gui",
    title=("Gửi quân", "Sending cards (gửi)"),
    goal=(
        "Bạn đã hạ 4♣ 5♣ 6♣: gửi một quân vào phỏm của Người 2, rồi đánh.",
        "You laid 4♣ 5♣ 6♣: send a card onto Player 2's phỏm, then discard.",
    ),
    intro=(
        "Sau khi hạ, bạn được gửi quân vào phỏm người khác đã hạ: quân thứ tư của một phỏm "
        "ngang ba quân, hoặc quân nối đầu hay cuối một phỏm dọc. Quân gửi đi không còn tính "
        "điểm, và gửi không mất lượt đánh. Người móm thì không được gửi.",
        "After laying down you may send cards onto phỏm others have laid: the fourth card of "
        "a three-card set, or a card extending either end of a run. A sent card no longer "
        "counts, and sending does not use up your discard. A móm player may not send.",
    ),
    steps=(
        Step(
            expect=("gửi Jh",),
            why=(
                "J♥ nối tiếp 8♥ 9♥ 10♥ của Người 2: bạn bớt 11 điểm rác mà vẫn còn lượt đánh.",
                "J♥ extends Player 2's 8♥ 9♥ 10♥: 11 points of deadwood gone, and you still "
                "discard.",
            ),
            hint=(
                "Nhìn phỏm trên bàn: 8♥ 9♥ 10♥. Quân nào của bạn nối được?",
                "Look at the phỏm on the table: 8♥ 9♥ 10♥. Which of your cards extends it?",
            ),
            wrong=(
                "Gửi trước, rồi vẫn được đánh một quân.",
                "Send first; you still discard afterwards.",
            ),
        ),
        Step(
            expect=("đánh Ks",),
            why=(
                "K♠ 13 điểm là rác nặng nhất.",
                "K♠, 13 points, is the heaviest loose card.",
            ),
            hint=(
                "Quân rác nào nhiều điểm nhất?",
                "Which loose card is worth the most?",
            ),
        ),
    ),
    deal=SEND_TABLE.deal,
    setup=SEND_TABLE.setup,
    prelude=SEND_TABLE.prelude,
    cards=("8h", "9h", "Th", "Jh"),
    terms=("gửi", "phỏm đã hạ", "đã hạ", "móm"),
)

# -- 8. ù ---------------------------------------------------------------------------------------

WIN = Lesson(
    id="u",
    title=("Ù", "Ù: the win"),
    goal=(
        "Bạn vừa bốc Q♣: bài đã ù, hãy báo ù.",
        "You just drew Q♣: your hand wins; declare ù.",
    ),
    intro=(
        "Ù là thắng ngay: mọi quân đều vào phỏm, thừa nhiều nhất một quân để đánh. Ù thì ván "
        "dừng và mỗi người khác trả bạn 5. Khi ù được, nút «ù» có ở đầu lượt.",
        "Ù is an instant win: every card goes into phỏm, with at most one left to discard. "
        "The game stops and every other player pays you 5. When you can win, the «ù» button "
        "is offered at the start of your turn.",
    ),
    steps=(
        Step(
            expect=("ù",),
            why=(
                "2♠ 3♠ 4♠, 6♣ 6♦ 6♥, 10♣ J♣ Q♣: ba phỏm, chỉ thừa 5♦ để đánh. Ù!",
                "2♠ 3♠ 4♠, 6♣ 6♦ 6♥, 10♣ J♣ Q♣: three phỏm, only 5♦ left to discard. Ù!",
            ),
            hint=(
                "Q♣ nối với 10♣ J♣. Còn mấy quân không vào phỏm?",
                "Q♣ goes with 10♣ J♣. How many cards are left in no phỏm?",
            ),
            wrong=(
                "Bài đã đủ ba phỏm; đánh đi là bỏ mất ván thắng.",
                "Your hand already makes three phỏm; discarding throws the win away.",
            ),
        ),
    ),
    deal=WIN_TABLE.deal,
    setup=WIN_TABLE.setup,
    prelude=WIN_TABLE.prelude,
    cards=("2s", "3s", "4s", "6c", "6d", "6h", "Tc", "Jc", "Qc", "5d"),
    terms=("ù",),
)

# -- 9. ù khan ----------------------------------------------------------------------------------

U_KHAN = Lesson(
    id="u_khan",
    title=("Ù khan", "Ù khan: a deal with no cạ"),
    goal=(
        "Bài chia không có cạ, không có phỏm: báo ù khan.",
        "Your dealt hand has no cạ and no phỏm: declare ù khan.",
    ),
    intro=(
        "Ở bàn cho phép ù khan, đầu ván mỗi người được hỏi. Bài chia không có phỏm, cũng "
        "không có cạ (không hai quân cùng số, không hai quân liền nhau cùng chất) thì ù khan "
        "ngay. Luật mặc định không có ù khan; bàn này bật nó lên.",
        "At a table that allows ù khan, each player is asked at the start. A dealt hand with "
        "no phỏm and no cạ (no two cards of one rank, no two neighbours in one suit) wins at "
        "once. The default rules have no ù khan; this table switches it on.",
    ),
    steps=(
        Step(
            expect=("ù khan",),
            why=(
                "A♠ 4♠ 7♠ 10♠ K♠ và 2♥ 5♥ 8♥ J♥ đều cách xa nhau, 3♦ một mình: không hai "
                "quân nào cùng số hay liền nhau. Ù khan: mỗi người trả bạn 5.",
                "A♠ 4♠ 7♠ 10♠ K♠ and 2♥ 5♥ 8♥ J♥ are all far apart, 3♦ stands alone: no two "
                "cards share a rank or sit side by side. Ù khan: everyone pays you 5.",
            ),
            hint=(
                "Tìm hai quân cùng số, hoặc hai quân liền nhau cùng chất. Có không?",
                "Look for two cards of one rank, or two neighbours in one suit. Any?",
            ),
            wrong=(
                "Bài này không có cạ nào: bỏ qua là bỏ mất ván thắng.",
                "This hand has no cạ at all: passing throws the win away.",
            ),
        ),
    ),
    options={"allow_u_khan": True},
    deal=KHAN_TABLE.deal,
    setup=KHAN_TABLE.setup,
    cards=("As", "4s", "7s", "Ts", "Ks", "2h", "5h", "8h", "Jh", "3d"),
    terms=("Ù khan", "hỏi ù khan", "cạ"),
)

# -- 10. eating the chốt --------------------------------------------------------------------------

CHOT = Lesson(
    id="an_chot",
    title=("Ăn chốt", "Eating the chốt"),
    goal=(
        "Người 4 vừa hạ và đánh 9♦, quân chốt: ăn nó, rồi đánh rác.",
        "Player 4 just laid down and discarded 9♦, a chốt: eat it, then discard.",
    ),
    intro=(
        "Chốt là quân một người đánh khi vừa hạ xong, quân cuối cùng của họ. Ăn chốt thì "
        "người đánh trả 4 thay vì 1; nếu ăn chốt rồi ù ngay lượt ấy, người đó đền cả làng.",
        "A chốt is the card a player discards as they finish laying down, their last one. "
        "Eating a chốt costs its discarder 4 instead of 1; if you win on the turn you ate "
        "it, the discarder pays for everyone (đền).",
    ),
    steps=(
        Step(
            expect=("ăn",),
            why=(
                "9♦ với 9♠ 9♣ thành phỏm ngang. Đây là chốt của Người 4, nên người đó trả bạn "
                "4. Lượt này cũng là lượt hạ của bạn: 9♠ 9♣ 9♦ được hạ luôn.",
                "9♦ with 9♠ 9♣ makes a set. It is Player 4's chốt, so they pay you 4. This is "
                "also your lay-down turn: 9♠ 9♣ 9♦ is laid at once.",
            ),
            hint=(
                "Nút ăn ghi «(chốt)»: quân cuối của Người 4. Bạn có 9♠ 9♣.",
                "The eat button says «(chốt)»: Player 4's last card. You hold 9♠ 9♣.",
            ),
            wrong=(
                "Đây là lượt hạ của bạn mà chưa có phỏm: bốc thì dễ móm. Ăn chốt vừa có phỏm "
                "vừa được trả 4.",
                "This is your lay-down turn with no phỏm yet: a draw may leave you móm. "
                "Eating the chốt gives a phỏm and 4 as well.",
            ),
        ),
        Step(
            expect=("đánh Qh",),
            why=(
                "Bỏ Q♥ (12 điểm), rác nặng nhất.",
                "Throw Q♥ (12 points), the heaviest loose card.",
            ),
            hint=(
                "Quân rác nào nhiều điểm nhất?",
                "Which loose card is worth the most?",
            ),
        ),
    ),
    deal=CHOT_TABLE.deal,
    setup=CHOT_TABLE.setup,
    prelude=CHOT_TABLE.prelude,
    cards=("9s", "9c", "9d"),
    terms=("ăn chốt", "ăn"),
)

# -- 11. đền: the third eat ------------------------------------------------------------------------

DEN = Lesson(
    id="den",
    title=("Đền", "Đền: paying for everyone"),
    goal=(
        "Bạn đã ăn hai quân của Người 4, và Người 4 lại đánh J♥: ăn nốt để ù.",
        "You ate two of Player 4's cards, and Player 4 now discards J♥: eat it and win.",
    ),
    intro=(
        "Ăn đủ ba quân thì ù ngay: ù ăn ba cây. Người để bạn ăn cả ba quân phải đền: một mình "
        "trả thay cả làng. Ăn chốt rồi ù ngay lượt đó cũng bắt người đánh chốt đền.",
        "Eating a third card wins at once: ù ăn ba cây. The player who fed you all three must "
        "đền: pay for the whole table alone. Winning on the turn you ate a chốt makes its "
        "discarder đền too.",
    ),
    steps=(
        Step(
            expect=("ăn",),
            why=(
                "J♥ với J♣ J♦ thành phỏm, và đây là lần ăn thứ ba: ù ăn ba cây. Người 4 đền: "
                "một mình trả 15, bằng phần của cả ba người.",
                "J♥ with J♣ J♦ makes a phỏm, and it is your third eat: ù ăn ba cây. Player 4 "
                "pays for everyone: 15 alone, the share of all three players.",
            ),
            hint=(
                "Bạn đã ăn 5♦ và 7♥. Ăn thêm một quân nữa là ù ngay.",
                "You ate 5♦ and 7♥. One more eat wins at once.",
            ),
            wrong=(
                "Bốc là bỏ mất ván ù: J♥ với J♣ J♦ là phỏm, và đó là lần ăn thứ ba.",
                "Drawing throws the win away: J♥ makes a phỏm with J♣ J♦, your third eat.",
            ),
        ),
    ),
    deal=DEN_TABLE.deal,
    setup=DEN_TABLE.setup,
    prelude=DEN_TABLE.prelude,
    cards=("5d", "7h", "Jh"),
    terms=("Đền", "Ù ăn ba cây", "ăn"),
)

# -- the whole game -------------------------------------------------------------------------------


LESSONS: tuple[Lesson, ...] = (
    CARDS,
    MELDS,
    EAT,
    DRAW_OR_EAT,
    LAY_DOWN,
    NO_MOM,
    SEND,
    WIN,
    U_KHAN,
    CHOT,
    DEN,
    WHOLE_GAME,
)
