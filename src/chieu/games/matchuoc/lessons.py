"""Lessons of Mạt chược (the kit's ``lessons``, ``chieu.core.lessons``): real positions, in
teaching order, ending with a whole game against gentle bots with hints on.

The positions (and the words several lessons share) are in ``lessons_positions``, the
lessons about winning and its points in ``lessons_winning``; the words come from
docs/rules/matchuoc.md, seed 002 (Lương Phúc Thọ), the glossary and the rules page. The
learner is seat 0.
"""

from __future__ import annotations

from chieu.core.lessons import WHOLE_GAME, Lesson, Move, Step
from chieu.games.matchuoc import lessons_positions as P
from chieu.games.matchuoc.lessons_positions import IN_A_GROUP, LONE_HONOR
from chieu.games.matchuoc.lessons_winning import ONE_SUIT, SELF_DRAW, WAITS, WIN

TILES = Lesson(
    id="cac_quan",
    title=("Các quân bài", "The tiles"),
    goal=(
        "Đánh quân chữ lẻ loi không ghép được với quân nào.",
        "Discard the lone honor tile that fits with nothing.",
    ),
    intro=(
        "Mạt chược có ba hàng Vạn, Văn, Sách (từ nhất đến cửu), quân chữ (bốn gió và Bạch, "
        "Phát, Trung), quân hoa và quân khung. Ù là ghép đủ bốn phu và một đôi. Bạn là nhà "
        "cái, cầm 14 quân và đánh trước: hãy bỏ quân không vào bộ nào.",
        "Mạt chược has three suits, Vạn, Văn and Sách (One to Nine), honor tiles (four winds "
        "and Bạch, Phát, Trung), flowers and khung (jokers). You win (ù) with four phu and a "
        "pair. You are the dealer, holding 14 tiles, and you discard first: throw out the tile "
        "that belongs to no group.",
    ),
    cards=("1m", "5m", "1p", "5p", "1s", "5s", "1z", "5z", "6z", "7z", "1f", "TG"),
    terms=("Vạn", "Văn", "Sách", "chữ", "hoa", "khung", "phu", "đôi", "nhà cái", "đánh"),
    deal=P.TILES,
    setup=P.setup(0),
    steps=(
        Step(
            expect=("đánh Bắc",),
            why=(
                "Bắc đứng một mình: không có quân Bắc nào khác để thành đôi hay phu. Bỏ nó đi, "
                "bài còn ba phu (Nhất Nhị Tam Vạn, Tứ Ngũ Lục Vạn, Thất Bát Cửu Văn), đôi Ngũ "
                "Sách và Nhị Tam Sách chờ Nhất hoặc Tứ Sách: chỉ thiếu một quân là ù.",
                "The North Wind stands alone: no other North to make a pair or a phu. Without "
                "it your hand holds three phu (One-Two-Three Vạn, Four-Five-Six Vạn, "
                "Seven-Eight-Nine Văn), a pair of Five Sách and Two-Three Sách waiting for One "
                "or Four Sách: one tile from a win.",
            ),
            hint=(
                "Tìm quân chữ (gió, Bạch, Phát, Trung) không có quân nào giống nó.",
                "Look for the honor tile (a wind or a dragon) with no twin in your hand.",
            ),
            wrong=(
                "Quân đó đang nằm trong một phu, một đôi hay một cặp chờ; quân chữ không bao "
                "giờ nối thành phu dọc, nên quân chữ lẻ là quân nên bỏ trước.",
                "That tile is part of a phu, a pair or a pair of neighbours; an honor never "
                "makes a run, so a lone honor is the first tile to let go.",
            ),
        ),
    ),
)

FLOWERS = Lesson(
    id="dung_hoa",
    title=("Dựng hoa", "Setting down flowers"),
    goal=(
        "Dựng quân hoa ra trước mặt và bốc quân bù ở đầu coong.",
        "Set your flowers down and draw replacements from the đầu coong.",
    ),
    intro=(
        "Hoa không ghép được vào phu nào. Đầu ván, từ nhà cái, mỗi người dựng hoa ra trước "
        "mặt và bốc một quân bù ở đầu coong (đầu kia của tường). Hoa mang số cửa mình (cửa "
        "Đông là số 1, như Mai hay Xuân) là hoa trúng cửa, được thêm phán.",
        "A flower fits in no phu. At the start, from the dealer, each player sets its flowers "
        "down and draws a replacement from the đầu coong (the other end of the wall). A flower "
        "with your seat's number (the Đông seat is number 1, such as Mai or Xuân) is your own "
        "flower and scores phán.",
    ),
    cards=("1f", "2f", "3f", "4f", "1g", "2g", "3g", "4g"),
    terms=("hoa", "dựng", "quân bù", "đầu coong", "Hoa trúng cửa", "xong dựng hoa", "cửa Đông"),
    deal=P.FLOWERS,
    setup=P.setup(0),
    steps=(
        Step(
            expect=("dựng Mai",),
            why=(
                "Mai là hoa số 1, đúng cửa Đông của bạn: dựng ra được thêm 1 phán (hoa trúng "
                "cửa), và bạn bốc một quân bù ở đầu coong để vẫn đủ 14 quân.",
                "Mai is flower number 1, your own Đông seat's flower: set down, it scores 1 "
                "phán (hoa trúng cửa), and you draw a replacement from the đầu coong to keep 14 "
                "tiles.",
            ),
            hint=(
                "Hoa không vào bài được; dựng nó ra thì được bốc quân khác.",
                "A flower is no use in the hand; set it down and you draw another tile.",
            ),
            wrong=(
                "Giữ hoa trên tay là giữ một quân không bao giờ ghép được. Dựng ra thì được "
                "bốc quân khác thay vào.",
                "Keeping the flower means holding a tile that never makes a group. Set it "
                "down and you draw another in its place.",
            ),
        ),
        Step(
            expect=("dựng Cúc",),
            why=(
                "Quân bù lại là hoa Cúc: cứ dựng tiếp và bốc quân bù nữa. Cúc số 3 không trúng "
                "cửa nên không được phán, nhưng bạn lại được bốc một quân thay vào.",
                "The replacement is another flower, Cúc: set it down too and draw again. Cúc "
                "is number 3, not your seat's, so it scores nothing, but you draw another tile "
                "in its place.",
            ),
            hint=(
                "Quân vừa bốc bù cũng là hoa: làm như lần trước.",
                "The replacement is a flower too: do as before.",
            ),
            wrong=(
                "Chỉ còn một hoa thì được giữ lại để đánh sau, nhưng nó không giúp bài ù; người "
                "mới chơi nên dựng hoa ra.",
                "With one flower left you may keep it to discard later, but it never helps a "
                "win; a beginner should set flowers down.",
            ),
        ),
    ),
)

PUNG = Lesson(
    id="phong",
    title=("Phỗng", "Phỗng (a pung)"),
    goal=(
        "Phỗng quân Trung vừa đánh, rồi đánh quân lẻ.",
        "Claim the discarded Trung by phỗng, then discard your lone tile.",
    ),
    intro=(
        "Phỗng là lấy quân người khác vừa đánh khi trên tay có sẵn hai quân giống nó, thành "
        "phu ngang ba quân, hạ ngửa ra. Ai đánh ra cũng phỗng được, và phỗng được trước ăn. "
        "Phỗng xong thì chỉ đánh một quân, không bốc.",
        "Phỗng takes the tile someone has just discarded when you hold two more like it: a "
        "pung of three, laid face up. You may phỗng anyone's discard, and phỗng comes before "
        "ăn. After a phỗng you discard without drawing.",
    ),
    cards=("7z", "7z", "7z"),
    terms=("phỗng", "phu đã hạ", "bỏ qua", "ăn, phỗng, ù quân vừa đánh"),
    deal=P.PUNG,
    setup=P.setup(2),
    prelude=(Move(2, "xong dựng hoa"), Move(2, "đánh Trung")),
    steps=(
        Step(
            expect=("phỗng Trung",),
            why=(
                "Hai Trung trên tay với Trung vừa đánh thành một phu ngang: bài bạn có thêm một "
                "phu mà không phải chờ bốc.",
                "Your two Trung and the discarded one make a pung: one more phu without "
                "waiting to draw it.",
            ),
            hint=(
                "Bạn đang có đôi Trung, và nhà cái vừa đánh ra một quân Trung.",
                "You hold a pair of Trung, and the dealer has just discarded a Trung.",
            ),
            wrong=(
                "Bỏ qua thì quân Trung này mất; đôi Trung trên tay có thể không bao giờ thành phu.",
                "Let it go and this Trung is gone; your pair of Trung may never become a phu.",
            ),
        ),
        Step(
            expect=("đánh Cửu Sách",),
            why=(
                "Cửu Sách đứng lẻ. Bỏ nó, bài còn Nhất Nhị Tam Vạn, Tứ Ngũ Lục Vạn, đôi Ngũ Văn và "
                "Thất Bát Văn chờ Lục hoặc Cửu Văn.",
                "Nine Sách stands alone. Without it your hand keeps One-Two-Three Vạn, "
                "Four-Five-Six Vạn, a pair of Five Văn and Seven-Eight Văn waiting for Six or "
                "Nine Văn.",
            ),
            hint=(
                "Phỗng xong phải đánh một quân: chọn quân không dính với quân nào.",
                "After a phỗng you must discard: pick the tile that fits with nothing.",
            ),
            wrong=IN_A_GROUP,
        ),
    ),
)

CHOW = Lesson(
    id="an",
    title=("Ăn", "Ăn (a chow)"),
    goal=(
        "Ăn quân Ngũ Vạn người bên trái vừa đánh thành phu dọc, rồi đánh quân lẻ.",
        "Take the Five Vạn your left-hand neighbour discarded to make a run, then discard your "
        "lone tile.",
    ),
    intro=(
        "Ăn là lấy quân vừa đánh để thành phu dọc (ba quân cùng hàng, số liền nhau). Chỉ được "
        "ăn quân của người ngồi ngay trước mình (bên tay trái). Ăn xong thì đánh một quân, "
        "không bốc.",
        "Ăn takes the discard to make a run (three tiles of one suit in a row). You may only "
        "eat the tile of the player just before you (on your left). After eating you discard "
        "without drawing.",
    ),
    cards=("4m", "5m", "6m"),
    terms=("ăn", "phu dọc", "lượt"),
    deal=P.CHOW,
    setup=P.setup(3),
    prelude=(Move(3, "xong dựng hoa"), Move(3, "đánh Ngũ Vạn")),
    steps=(
        Step(
            expect=("ăn Ngũ Vạn với Tứ Vạn và Lục Vạn",),
            why=(
                "Tứ Vạn, Ngũ Vạn, Lục Vạn là một phu dọc. Nhà cái ngồi bên trái bạn, nên bạn "
                "được ăn quân nhà cái đánh.",
                "Four, Five and Six Vạn make a run. The dealer sits on your left, so you may "
                "eat the dealer's tile.",
            ),
            hint=(
                "Bạn có Tứ Vạn và Lục Vạn: quân nào lấp vào giữa?",
                "You hold Four and Six Vạn: which tile fills the gap?",
            ),
            wrong=(
                "Bỏ qua thì chỗ trống giữa Tứ và Lục Vạn chỉ còn chờ bốc được Ngũ Vạn.",
                "Let it go and the gap between Four and Six Vạn waits on drawing a Five.",
            ),
        ),
        Step(
            expect=("đánh Đông",),
            why=(
                "Đông đứng lẻ. Bỏ nó, bài còn Nhất Nhị Tam Văn, Thất Bát Cửu Văn, đôi Ngũ Sách và "
                "Lục Thất Sách chờ Ngũ hoặc Bát Sách.",
                "The East Wind stands alone. Without it you keep One-Two-Three Văn, "
                "Seven-Eight-Nine Văn, a pair of Five Sách and Six-Seven Sách waiting for Five "
                "or Eight Sách.",
            ),
            hint=(
                "Ăn xong phải đánh một quân: quân chữ nào đứng một mình?",
                "After eating you must discard: which honor tile stands alone?",
            ),
            wrong=IN_A_GROUP,
        ),
    ),
)

KONG = Lesson(
    id="coong",
    title=("Coong", "Coong (a kong)"),
    goal=(
        "Làm coong kín bốn quân Nhị Văn, đánh quân lẻ, coong quân Trung người khác đánh, rồi "
        "ù bằng quân bù.",
        "Make a concealed coong of your four Two Văn, discard your lone tile, coong the Trung "
        "someone discards, then win with the replacement.",
    ),
    intro=(
        "Coong là bốn quân giống hệt, tính như một phu. Có đủ bốn quân trên tay thì làm coong "
        "kín; có ba quân mà người khác đánh quân thứ tư thì coong được quân đó. Làm coong "
        "xong, bốc một quân bù ở đầu coong.",
        "A coong is four identical tiles, counted as one phu. With all four in your hand you "
        "make a concealed coong; with three, you may take the fourth when someone discards "
        "it. After a coong you draw a replacement from the đầu coong.",
    ),
    cards=("2p", "2p", "2p", "2p"),
    terms=("coong", "coong kín", "quân bù", "đầu coong", "Phán coong"),
    deal=P.KONG,
    setup=P.setup(0),
    steps=(
        Step(
            expect=("coong kín Nhị Văn",),
            why=(
                "Bốn Nhị Văn thành một coong kín; bạn bốc một quân bù ở đầu coong nên bài "
                "không mất quân nào.",
                "The four Two Văn make a concealed coong; you draw a replacement from the "
                "đầu coong, so your hand loses no tile.",
            ),
            hint=(
                "Bạn có bốn quân giống hệt nhau.",
                "You hold four identical tiles.",
            ),
            wrong=(
                "Giữ bốn quân trên tay thì quân thứ tư thừa ra; làm coong thì được bốc thêm "
                "quân bù.",
                "Kept in hand the fourth tile is wasted; make a coong and you draw a replacement.",
            ),
        ),
        Step(
            expect=("đánh Đông",),
            why=(
                "Đông đứng lẻ. Bỏ nó, bài còn coong Nhị Văn, ba Trung, Tam Tứ Ngũ Vạn, đôi Cửu "
                "Sách và Lục Thất Sách chờ Ngũ hoặc Bát Sách.",
                "The East Wind stands alone. Without it you keep the coong, three Trung, "
                "Three-Four-Five Vạn, a pair of Nine Sách and Six-Seven Sách waiting for Five "
                "or Eight Sách.",
            ),
            hint=LONE_HONOR,
            wrong=IN_A_GROUP,
            replies=(Move(1, "đánh Trung"),),
        ),
        Step(
            expect=("coong Trung",),
            why=(
                "Ba Trung trên tay với Trung vừa đánh thành coong, hạ ngửa ra. Bài vẫn chờ Ngũ "
                "hoặc Bát Sách như trước, nhưng bạn được bốc thêm một quân bù ở đầu coong: thêm "
                "một lần có thể ù.",
                "Your three Trung and the discarded one make an open coong, laid face up. Your "
                "hand still waits for Five or Eight Sách, but you draw an extra replacement "
                "from the đầu coong: one more chance to win.",
            ),
            hint=(
                "Bạn có ba Trung; người ta vừa đánh quân Trung thứ tư.",
                "You hold three Trung; the fourth has just been discarded.",
            ),
            wrong=(
                "Bỏ qua hay phỗng thì bài vẫn chờ như cũ, nhưng không được bốc quân bù: mất một "
                "lần có thể ù.",
                "Passing or a phỗng leaves your wait as it is, but without the replacement "
                "draw: one chance to win lost.",
            ),
        ),
        Step(
            expect=("ù (tự bốc)",),
            why=(
                "Quân bù là Bát Sách: Lục Thất Bát Sách thành phu, ù tự bốc! Quân ù bốc ở đầu "
                "coong nên được thêm Phán coong.",
                "The replacement is Eight Sách: Six-Seven-Eight Sách is a phu, a self-drawn "
                "win! The winning tile came from the đầu coong, so it adds Phán coong.",
            ),
            hint=(
                "Quân bù vừa bốc có làm bài bạn đủ không?",
                "Does the replacement complete your hand?",
            ),
            wrong=(
                "Quân bù làm bài bạn đủ: đánh đi là bỏ mất ván thắng.",
                "The replacement completes your hand: discarding throws the win away.",
            ),
        ),
    ),
)

GREED = Lesson(
    id="khong_tham",
    title=("Đừng phỗng bừa", "Do not claim every tile"),
    goal=(
        "Bỏ qua quân Ngũ Văn: phỗng nó làm bài bạn chờ kém đi.",
        "Let the Five Văn go: a phỗng on it would make your wait worse.",
    ),
    intro=(
        "Mạt chược không phạt lỗi, nhưng có nước đi làm hại bài. Người mới hay phỗng mọi quân "
        "phỗng được. Bài bạn đang chờ Tam hoặc Lục Sách (tám quân) với đôi Ngũ Văn làm mắt; "
        "nhà cái vừa đánh Ngũ Văn.",
        "Mạt chược has no fault to punish, but some moves harm your hand. Beginners often "
        "claim every tile they can. Your hand waits for Three or Six Sách (eight tiles), with "
        "a pair of Five Văn as its eyes; the dealer has just discarded a Five Văn.",
    ),
    cards=("5p", "5p", "4s", "5s"),
    terms=("bỏ qua", "phỗng", "chờ", "đôi"),
    deal=P.GREED,
    setup=P.setup(2),
    prelude=(Move(2, "xong dựng hoa"), Move(2, "đánh Ngũ Văn")),
    steps=(
        Step(
            expect=("bỏ qua",),
            why=(
                "Bỏ qua, bài vẫn chờ Tam hoặc Lục Sách, tám quân. Phỗng thì mất đôi làm mắt, "
                "phải đánh Tứ hoặc Ngũ Sách, và chỉ còn chờ một quân để thành đôi.",
                "Passing, you still wait for Three or Six Sách, eight tiles. A phỗng would "
                "use up your pair, force you to discard Four or Five Sách, and leave you "
                "waiting on one tile to make a new pair.",
            ),
            hint=(
                "Bài bạn đã chờ ù rồi. Phỗng xong thì chờ quân nào?",
                "Your hand already waits for a win. After a phỗng, what would it wait for?",
            ),
            wrong=(
                "Phỗng quân này dùng mất đôi mắt; bài vẫn thiếu một quân nhưng chờ ít quân hơn "
                "nhiều.",
                "This phỗng uses up your eyes; the hand is still one tile short but waits on "
                "far fewer tiles.",
            ),
        ),
    ),
)


LESSONS: tuple[Lesson, ...] = (
    TILES,
    FLOWERS,
    PUNG,
    CHOW,
    KONG,
    WIN,
    SELF_DRAW,
    ONE_SUIT,
    WAITS,
    GREED,
    WHOLE_GAME,
)
