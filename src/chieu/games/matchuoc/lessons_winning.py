"""Lessons of Mạt chược about winning (``lessons.py`` puts them in order): four phu and a
pair won on a discard, a self-drawn win (xuyên), phán and mủn (Toàn hàng), the discard that
waits on the most tiles."""

from __future__ import annotations

from chieu.core.lessons import Lesson, Move, Step
from chieu.games.matchuoc import lessons_positions as P
from chieu.games.matchuoc.lessons_positions import (
    DISCARD_LOSES,
    DISCARD_WINS_HINT,
    IN_A_GROUP,
    LONE_HONOR,
    PASS_LOSES,
    SELF_WIN_HINT,
)

WIN = Lesson(
    id="u",
    title=("Bốn phu và một đôi: ù", "Four phu and a pair: ù"),
    goal=(
        "Đánh quân lẻ để chờ ù, rồi ù quân người khác đánh ra.",
        "Discard your lone tile to wait for a win, then win (ù) on another player's discard.",
    ),
    intro=(
        "Bài ù có 14 quân: bốn phu và một đôi (đôi còn gọi là mắt). Khi bài chỉ thiếu một quân, "
        "ai đánh ra quân đó thì bạn ù được. Người đánh ra quân ù chung cái, hai nhà kia chung "
        "con (một nửa).",
        "A winning hand has 14 tiles: four phu and a pair (the pair is also called the eyes). "
        "When your hand lacks one tile, you win on it whoever discards it. The discarder pays "
        "the big share (chung cái), the two others the small share (chung con, half).",
    ),
    cards=("2s", "3s", "4s", "5s", "5s"),
    terms=("ù", "đôi", "phu", "chờ", "chung cái", "chung con", "Phình"),
    deal=P.WIN,
    setup=P.setup(0),
    steps=(
        Step(
            expect=("đánh Trung",),
            why=(
                "Bỏ Trung, bài còn ba phu, đôi Ngũ Sách và Tam Tứ Sách: bạn chờ Nhị hoặc Ngũ Sách.",
                "Without the Trung your hand has three phu, a pair of Five Sách and "
                "Three-Four Sách: you wait for Two or Five Sách.",
            ),
            hint=LONE_HONOR,
            wrong=IN_A_GROUP,
            replies=(Move(1, "đánh Nhị Sách"),),
        ),
        Step(
            expect=("ù Nhị Sách",),
            why=(
                "Nhị Tam Tứ Sách thành phu thứ tư, đôi Ngũ Sách là mắt: bốn phu và một đôi, ù! "
                "Bốn phu dọc là Phình. Người đánh Nhị Sách chung cái, hai nhà kia chung con.",
                "Two-Three-Four Sách is the fourth phu and the pair of Five Sách the eyes: four "
                "phu and a pair, a win! Four runs make Phình. The one who discarded Two Sách "
                "pays the big share, the two others the small one.",
            ),
            hint=DISCARD_WINS_HINT,
            wrong=PASS_LOSES,
        ),
    ),
)

SELF_DRAW = Lesson(
    id="tu_boc",
    title=("Ù tự bốc", "Winning on your own draw"),
    goal=(
        "Đánh quân lẻ để chờ Ngũ Vạn, rồi ù khi tự bốc được nó.",
        "Discard your lone tile to wait for Five Vạn, then win when you draw it yourself.",
    ),
    intro=(
        "Ù bằng quân mình tự bốc thì cả ba nhà đều chung cái, gấp đôi ù quân người khác đánh. "
        "Chờ đúng một quân vào giữa phu dọc (Tứ, Lục Vạn chờ Ngũ Vạn) mà tự bốc được thì thêm "
        "1 phán Xuyên.",
        "A win on your own draw is paid the big share by all three others: twice a win on a "
        "discard. Waiting for a single tile in the middle of a run (Four and Six Vạn waiting "
        "for Five) and drawing it yourself adds 1 phán, Xuyên.",
    ),
    cards=("4m", "5m", "6m"),
    terms=("tự bốc", "Xuyên", "bốc", "chung cái"),
    deal=P.SELF_DRAW,
    setup=P.setup(0),
    steps=(
        Step(
            expect=("đánh Tây",),
            why=(
                "Bỏ Tây, bài còn ba phu, đôi Ngũ Sách và Tứ Lục Vạn: bạn chờ đúng một quân, "
                "Ngũ Vạn.",
                "Without the West Wind your hand has three phu, a pair of Five Sách and Four "
                "and Six Vạn: you wait for one tile, Five Vạn.",
            ),
            hint=LONE_HONOR,
            wrong=IN_A_GROUP,
            replies=(Move(1, "đánh Cửu Vạn"), Move(2, "đánh Cửu Văn"), Move(3, "đánh Bạch")),
        ),
        Step(
            expect=("ù (tự bốc)",),
            why=(
                "Bạn tự bốc được Ngũ Vạn, lấp vào giữa Tứ và Lục Vạn: ù tự bốc, thêm 1 phán "
                "Xuyên, và cả ba nhà chung cái.",
                "You drew the Five Vạn into the gap between Four and Six: a self-drawn win, 1 "
                "phán more for Xuyên, and all three others pay the big share.",
            ),
            hint=SELF_WIN_HINT,
            wrong=DISCARD_LOSES,
        ),
    ),
)

ONE_SUIT = Lesson(
    id="phan_mun",
    title=("Phán và mủn", "Phán and mủn"),
    goal=(
        "Giữ bài một hàng Vạn (Toàn hàng) để ù được nhiều phán, rồi ù.",
        "Keep your hand to the one suit Vạn (Toàn hàng) to win more phán, then win.",
    ),
    intro=(
        "Bài ù được tính bằng phán; 6 phán là một mủn. Dưới một mủn, mỗi phán thêm làm tiền "
        "chung gấp đôi; tới mủn là bài lớn. Bài toàn một hàng (Toàn hàng) được 6 phán, không "
        "có khung thì 12. Hai cách đánh cùng chờ ù, nhưng chỉ một cách giữ được Toàn hàng.",
        "A win is scored in phán; 6 phán make one mủn. Below one mủn each phán more doubles "
        "the payment; a win of a mủn is a big one. A hand of one suit only (Toàn hàng) scores "
        "6 phán, 12 without khung. Two discards both leave you waiting, but only one keeps "
        "Toàn hàng.",
    ),
    cards=("1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"),
    terms=("phán", "mủn", "Toàn hàng", "không khung", "Không hoa lá", "bảng chung"),
    deal=P.ONE_SUIT,
    setup=P.setup(0),
    steps=(
        Step(
            expect=("đánh Thất Sách",),
            why=(
                "Bỏ Thất Sách, bài toàn Vạn và chờ Nhị hoặc Ngũ Vạn; ù thì là Toàn hàng. Bỏ Ngũ "
                "Vạn thì chỉ chờ một quân Thất Sách, và bài lẫn hai hàng.",
                "Without the Seven Sách your hand is all Vạn, waiting for Two or Five Vạn; a "
                "win is Toàn hàng. Discarding Five Vạn instead waits on Seven Sách alone, in a "
                "hand of two suits.",
            ),
            hint=(
                "Bài bạn gần như toàn Vạn; quân nào khác hàng?",
                "Your hand is almost all Vạn; which tile is of another suit?",
            ),
            wrong=(
                "Giữ Thất Sách thì bài lẫn hàng, mất Toàn hàng, và chỉ chờ một quân.",
                "Keeping the Seven Sách mixes two suits, loses Toàn hàng, and waits on one "
                "tile only.",
            ),
            replies=(Move(1, "đánh Ngũ Vạn"),),
        ),
        Step(
            expect=("ù Ngũ Vạn",),
            why=(
                "Ù Toàn hàng không khung: 12 phán, thêm Không hoa lá (không dựng gì, không hoa, "
                "không khung) 6 phán: 18 phán là 3 mủn. Xem bảng chung để biết mỗi nhà trả bao "
                "nhiêu.",
                "A Toàn hàng win without khung: 12 phán, plus Không hoa lá (nothing set down, "
                "no flower or khung) 6 phán: 18 phán, 3 mủn. The payment table says what each "
                "player pays.",
            ),
            hint=DISCARD_WINS_HINT,
            wrong=(
                "Quân này làm bài bạn đủ, và bài đang rất lớn: ù ngay.",
                "This tile completes your hand, a big one: win now.",
            ),
        ),
    ),
)

WAITS = Lesson(
    id="nhieu_cho",
    title=("Chờ nhiều quân", "Waiting on more tiles"),
    goal=(
        "Chọn quân đánh để bài chờ được nhiều quân nhất, rồi ù.",
        "Choose the discard that leaves the most tiles to win on, then win.",
    ),
    intro=(
        "Khi có hai cách đánh cùng làm bài chỉ thiếu một quân, hãy đếm số quân ù được. Hai quân "
        "liền nhau như Tam Tứ Vạn chờ hai đầu (Nhị hoặc Ngũ Vạn, tám quân); hai quân cách một "
        "như Tứ Lục Vạn chỉ chờ quân giữa (bốn quân).",
        "When two discards both leave you one tile from a win, count the tiles that win. Two "
        "neighbours such as Three-Four Vạn wait at both ends (Two or Five Vạn, eight tiles); "
        "two tiles one apart such as Four and Six Vạn wait for the middle one only (four "
        "tiles).",
    ),
    cards=("3m", "4m", "6m"),
    terms=("chờ", "phu dọc", "ù"),
    deal=P.WAITS,
    setup=P.setup(0),
    steps=(
        Step(
            expect=("đánh Lục Vạn",),
            why=(
                "Bỏ Lục Vạn, Tam Tứ Vạn chờ hai đầu: Nhị hoặc Ngũ Vạn, tám quân. Bỏ Tam Vạn thì "
                "Tứ Lục Vạn chỉ chờ Ngũ Vạn, bốn quân.",
                "Without the Six Vạn, Three-Four Vạn waits at both ends: Two or Five Vạn, "
                "eight tiles. Without the Three Vạn, Four and Six Vạn wait for Five Vạn only, "
                "four tiles.",
            ),
            hint=(
                "Bỏ Tam Vạn hay Lục Vạn đều chờ ù; mỗi cách chờ bao nhiêu quân?",
                "Discarding Three or Six Vạn both leave you waiting; how many tiles does each "
                "wait on?",
            ),
            wrong=(
                "Cách đó chờ ít quân hơn, hoặc làm bài xa ù hơn.",
                "That discard waits on fewer tiles, or leaves the hand further from a win.",
            ),
            replies=(Move(1, "đánh Nhị Vạn"),),
        ),
        Step(
            expect=("ù Nhị Vạn",),
            why=(
                "Nhị Vạn là một trong hai đầu bạn chờ: Nhị Tam Tứ Vạn thành phu, ù!",
                "Two Vạn is one of the two ends you wait on: Two-Three-Four Vạn is a phu, a win!",
            ),
            hint=DISCARD_WINS_HINT,
            wrong=PASS_LOSES,
        ),
    ),
)
