"""The glossary of Mạt chược: every word its table shows, explained (``GameKit.glossary``).

Sources: docs/rules/matchuoc.md (tiles, khung, claims, phán and mủn), shared/GLOSSARY.md.
Values in phán depend on the table's options, so the texts send to the rule table for them.
"""

from __future__ import annotations

from chieu.core.glossary import Entry, game_glossary
from chieu.core.glossary import entry as e

RULE_TABLE_VI = "Số phán: xem bảng luật của bàn."
RULE_TABLE_EN = "Phán: see the table's rule table."


def hand(term: str, aliases: str, vi: str, en: str, cards: str = "") -> Entry:
    """A named hand or a bonus (a cước of Mạt chược)."""
    return e(term, aliases, f"{vi} {RULE_TABLE_VI}", f"{en} {RULE_TABLE_EN}", cards)


def seat(wind: str, plain: str, en: str) -> Entry:
    return e(
        f"cửa {wind}",
        f"cua {plain}|{en} seat|{en}",
        f"Chỗ ngồi hướng {wind}; hoa và khung mang số của cửa này là của người ngồi đó.",
        f"The {en} seat; the flowers and khung numbered for it belong to its player.",
    )


ENTRIES: tuple[Entry, ...] = (
    # tiles and groups
    e(
        "Vạn",
        "m|Characters",
        "Hàng vạn (chữ), từ nhất đến cửu vạn.",
        "The Vạn suit (Characters), One to Nine.",
        "1m 5m 9m",
    ),
    e(
        "Văn",
        "p|Dots",
        "Hàng văn (tròn), từ nhất đến cửu văn.",
        "The Văn suit (Dots), One to Nine.",
        "1p 5p 9p",
    ),
    e(
        "Sách",
        "sach|s|Bamboos",
        "Hàng sách (que), từ nhất đến cửu sách.",
        "The Sách suit (Bamboos), One to Nine.",
        "1s 5s 9s",
    ),
    e(
        "chữ",
        "chu|honors|honor tiles",
        "Các quân chữ: bốn gió Đông, Nam, Tây, Bắc và ba quân Bạch, Phát, Trung.",
        "The honor tiles: the four winds East, South, West, North and Bạch, Phát, Trung.",
    ),
    e(
        "hoa",
        "flowers|flower",
        "Quân hoa: không dùng để ghép; dựng ra trước mặt rồi bốc quân bù. Hoa đúng số cửa "
        "mình thì được phán.",
        "Flower tiles: they form no group; set them down and draw a replacement. A flower "
        "of your own seat's number scores phán.",
    ),
    e(
        "khung",
        "jokers|joker",
        "Quân khung thay được cho một số quân (mỗi khung một phạm vi), như quân thay thế.",
        "Khung are jokers: each one stands for the tiles in its own range.",
    ),
    e(
        "phu dọc",
        "phu doc|run",
        "Ba quân cùng hàng, số liền nhau.",
        "Three tiles of one suit in a row.",
        "3m 4m 5m",
    ),
    e(
        "phỗng",
        "phong|pung|phu ngang",
        "Ba quân giống hệt nhau; lấy quân người khác vừa đánh khi có sẵn hai quân.",
        "Three identical tiles; taking someone's discard when you hold the other two.",
        "7s 7s 7s",
    ),
    e(
        "coong",
        "kong|add_kong|thêm coong|add to kong:|add to kong",
        "Bốn quân giống hệt nhau; sau đó bốc một quân bù ở đầu coong.",
        "Four identical tiles; you then draw a replacement from the đầu coong.",
        "2m 2m 2m 2m",
    ),
    e(
        "coong kín",
        "coong kin|concealed_kong|concealed kong",
        "Coong bằng bốn quân tự bốc được, không lấy của ai.",
        "A kong of four tiles you drew yourself, none taken from others.",
    ),
    e(
        "đôi",
        "doi|pair",
        "Hai quân giống hệt, phần mắt của bài ù.",
        "Two identical tiles, the pair of a winning hand.",
    ),
    # places and seats
    e(
        "tường",
        "tuong|wall|stock",
        "Các chồng quân úp để bốc.",
        "The stacks of face-down tiles to draw from.",
    ),
    e(
        "đầu coong",
        "dau coong|dead wall",
        "Đầu tường để bốc quân bù sau khi dựng hoa hay coong.",
        "The end of the wall drawn from after setting down a flower or making a kong.",
    ),
    e(
        "phu đã hạ",
        "phu da ha|mat|exposed sets",
        "Các phu đã ăn, phỗng hay coong, hạ ngửa.",
        "The sets made by eating, pung or kong, laid face up.",
    ),
    e(
        "hoa, khung đã dựng",
        "hoa khung da dung|flowers and khung set down",
        "Hoa và khung người chơi đã dựng ra trước mặt.",
        "The flowers and khung a seat has set down in front of it.",
    ),
    e(
        "khung không dùng",
        "khung khong dung|dead|khung not in play",
        "Các khung bộ bài này không dùng tới.",
        "The khung this tile set leaves out of play.",
    ),
    e(
        "bài đã đánh",
        "bai da danh|river|discards",
        "Các quân mỗi người đã đánh ra.",
        "The tiles each seat has discarded.",
    ),
    seat("Đông", "dong", "East"),
    seat("Nam", "nam", "South"),
    seat("Tây", "tay", "West"),
    seat("Bắc", "bac", "North"),
    e(
        "nhà cái",
        "nha cai|dealer|cái",
        "Người bắt đầu ván, đánh quân đầu tiên.",
        "The dealer: starts the game and discards first.",
    ),
    e(
        "hoa đúng cửa: không đánh khung",
        "own flower down: no khung discards",
        "Người đã dựng hoa đúng cửa mình thì không được đánh khung.",
        "A seat that set down a flower of its own number may not discard a khung.",
    ),
    # moves and phases
    e(
        "dựng",
        "dung|set_down|set down|set_down_tong_hop|dựng hoa",
        "Đặt hoa hoặc khung ra trước mặt, rồi bốc quân bù.",
        "Set a flower or khung down in front of you, then draw a replacement.",
    ),
    e(
        "dựng hoa đầu ván",
        "dung hoa dau van|opening|setting down flowers",
        "Đầu ván, mọi người lần lượt dựng hoa và khung muốn dựng.",
        "At the start, each seat in turn sets down the flowers and khung it wants to.",
    ),
    e(
        "xong dựng hoa",
        "xong dung hoa|end_opening|done setting down",
        "Không dựng gì nữa.",
        "Set nothing more down.",
    ),
    e(
        "đánh",
        "danh|discard",
        "Bỏ một quân ra; người khác có thể ăn, phỗng hoặc ù.",
        "Throw a tile out; others may chow, pung or win on it.",
    ),
    e(
        "đánh bài",
        "danh bai|play",
        "Lượt của một người: bốc rồi đánh.",
        "A seat's turn: draw, then discard.",
    ),
    e(
        "ăn",
        "an|chow|eat",
        "Lấy quân người ngồi trước vừa đánh để thành phu dọc.",
        "Take the previous seat's discard to make a run.",
    ),
    e(
        "ăn, phỗng, ù quân vừa đánh",
        "an, phong, u quan vua danh|claims on the discard|claim",
        "Một quân vừa đánh: ai ù, phỗng, coong hay ăn được thì được hỏi.",
        "A tile was just discarded: whoever can win, pung, kong or chow on it is asked.",
    ),
    e("bỏ qua", "bo qua|pass", "Không lấy quân vừa đánh.", "Let the discard go."),
    e(
        "ù",
        "u|win|win on",
        "Thắng: đủ bốn phu và một đôi (hoặc một bài có tên).",
        "Win: four sets and a pair (or a named hand).",
    ),
    e(
        "chờ",
        "cho|wait|waits|waiting",
        "Bài chỉ còn thiếu một quân là ù thì đang chờ; những quân làm bài ù là quân chờ. "
        "Chờ càng nhiều quân càng dễ ù.",
        "A hand one tile short of a win is waiting; the tiles that would complete it are its "
        "waits. The more tiles it waits on, the likelier the win.",
    ),
    e(
        "hòa",
        "hoa van|no_winner|no winner",
        "Hết tường mà không ai ù.",
        "The wall ran out and nobody won.",
    ),
    e(
        "phán",
        "phan",
        "Đơn vị tính điểm của Mạt chược; 6 phán là một mủn.",
        "The scoring unit of Mạt chược; six phán make one mủn.",
    ),
    e("mủn", "mun", "Sáu phán.", "Six phán."),
    e(
        "chung cái",
        "chung cai|big share",
        "Phần lớn khi chung cho người ù: người đánh ra quân ù chung cái, tự bốc ù thì cả ba "
        "nhà chung cái.",
        "The big share paid to a winner: by the discarder of the winning tile, or by all "
        "three others on a self-drawn win.",
    ),
    e(
        "chung con",
        "small share",
        "Phần nhỏ (một nửa phần cái): hai nhà không đánh ra quân ù chung con.",
        "The small share (half the big one), paid by the two players who did not discard "
        "the winning tile.",
    ),
    e(
        "đền",
        "den|pay for all",
        "Trả thay cả làng: người đánh ra quân hoa cho người khác ù trả cả phần của hai nhà kia.",
        "Paying for the whole table: a player who discarded a flower that another won on "
        "pays the other two players' shares as well.",
    ),
    e(
        "bảng chung",
        "bang chung|payment table",
        "Bảng cho biết mỗi số phán được chung bao nhiêu điểm (phần cái, phần con).",
        "The table of how many points each number of phán is paid (big and small share).",
    ),
    e(
        "tự bốc",
        "tu boc|tự ù|tu u|self-draw|self-drawn",
        "Ù bằng quân mình tự bốc, không phải quân người khác đánh.",
        "Winning on a tile you drew yourself, not on a discard.",
    ),
    e(
        "không khung",
        "khong khung|without khung|no khung",
        "Trong 14 quân không có khung nào đứng thay quân khác; nhiều bài được thêm phán.",
        "No khung stands in among the 14 tiles; many hands score more phán then.",
    ),
    e(
        "gió vòng",
        "gio vong|prevailing wind|round wind",
        "Gió của vòng đang chơi trong hội: Đông, rồi Nam, Tây, Bắc.",
        "The wind of the round being played in the sitting: Đông, then Nam, Tây, Bắc.",
    ),
    e(
        "quân bù",
        "quan bu|replacement|replacement tile",
        "Quân bốc ở đầu coong thay cho hoa, khung vừa dựng hay sau khi làm coong.",
        "The tile drawn from the đầu coong after setting a flower or khung down, or a coong.",
    ),
    e(
        "phu",
        "set|sets",
        "Một bộ ba quân (phu dọc hoặc phu ngang) hay bốn quân (coong); bài ù có bốn phu.",
        "A group of three tiles (a run or a pung) or four (a kong); a win has four.",
    ),
    e(
        "bốc",
        "boc|draw",
        "Lấy một quân ở tường vào tay.",
        "Take a tile from the wall into your hand.",
    ),
    # named hands
    hand("Xuông", "xuong|plain hand", "Ù không có bài có tên nào.", "A win with no named hand."),
    hand("Phình", "phinh|all runs", "Bốn phu dọc.", "Four runs."),
    hand(
        "Tui tui",
        "tui_tui|all pungs",
        "Bốn phu ngang (phỗng hoặc coong).",
        "Four pungs or kongs.",
    ),
    hand(
        "Lai hàng",
        "lai hang|lai_hang|one suit and honors",
        "Một hàng và quân chữ.",
        "One suit with honors.",
    ),
    hand(
        "Tui tui lai",
        "tui_tui_lai|all pungs, one suit and honors",
        "Lai hàng mà toàn phu ngang.",
        "One suit with honors, all pungs.",
    ),
    hand("Toàn hàng", "toan hang|toan_hang|one suit", "Chỉ một hàng.", "One suit only."),
    hand(
        "Tui tui toàn hàng",
        "tui tui toan hang|tui_tui_toan_hang|all pungs, one suit",
        "Một hàng, toàn phu ngang.",
        "One suit, all pungs.",
    ),
    hand(
        "Tiểu tam nguyên",
        "tieu tam nguyen|tieu_tam_nguyen|little three dragons",
        "Hai phu Bạch, Phát, Trung và đôi thứ ba.",
        "Two dragon pungs and a pair of the third.",
    ),
    hand(
        "Đại tam nguyên",
        "dai tam nguyen|dai_tam_nguyen|big three dragons",
        "Ba phu Bạch, Phát, Trung.",
        "Pungs of all three dragons.",
    ),
    hand(
        "Khàn khàn",
        "khan khan|khan_khan|four concealed pungs",
        "Bốn phu ngang tự bốc, không lấy của ai.",
        "Four pungs all drawn yourself, none claimed.",
    ),
    hand(
        "Tiểu tứ hỷ",
        "tieu tu hy|tieu_tu_hy|little four winds",
        "Ba phu gió và đôi gió thứ tư.",
        "Three wind pungs and a pair of the fourth.",
    ),
    hand(
        "Đại tứ hỷ",
        "dai tu hy|dai_tu_hy|big four winds",
        "Bốn phu gió.",
        "Pungs of all four winds.",
    ),
    hand(
        "Xập xám chướng",
        "xap xam chuong|xap_xam_chuong|thirteen orphans",
        "Mười ba quân yêu cửu và chữ khác nhau, thêm một đôi.",
        "The thirteen ones, nines and honors, plus a pair.",
    ),
    hand(
        "Yêu cửu", "yeu cuu|yeu_cuu|terminals only", "Chỉ quân nhất và cửu.", "Only ones and nines."
    ),
    hand(
        "Yêu cửu lai hàng",
        "yeu cuu lai hang|yeu_cuu_lai_hang|terminals and honors",
        "Chỉ quân nhất, cửu và chữ.",
        "Only ones, nines and honors.",
    ),
    hand("Toàn chữ", "toan chu|toan_chu|honors only", "Toàn quân chữ.", "Honors only."),
    hand(
        "Lục phé bôn",
        "luc phe bon|luc_phe_bon|seven pairs",
        "Bảy đôi (nếu bàn cho phép).",
        "Seven pairs (if the table allows it).",
    ),
    # bonuses
    hand(
        "Phu tài phao có điểm",
        "phu tai phao|phu_tai_phao|honor pungs",
        "Phu ngang gió cửa mình hoặc Bạch, Phát, Trung trong bài lai hàng.",
        "A pung of your seat wind or a dragon in a one-suit-and-honors hand.",
    ),
    hand(
        "Hoa trúng cửa",
        "hoa trung cua|hoa_trung_cua|own flowers",
        "Mỗi hoa đúng số cửa mình đã dựng.",
        "Each flower of your own number set down.",
    ),
    hand(
        "Bộ hoa",
        "bo hoa|bo_hoa|flower set",
        "Dựng đủ một bộ hoa.",
        "A complete set of flowers set down.",
    ),
    hand(
        "Khung dựng",
        "khung dung|khung_dung|jokers set down",
        "Các khung đã dựng.",
        "The khung you set down.",
    ),
    hand(
        "Khung đánh",
        "khung danh|khung_danh|jokers discarded",
        "Các khung đã đánh ra, khi ù không hoa lá.",
        "The khung you discarded, with a no-flowers win.",
    ),
    hand(
        "Xuyên",
        "xuyen|closed or edge wait",
        "Tự bốc ù quân duy nhất vào giữa hoặc đầu một phu dọc.",
        "Drawing the one winning tile into the middle or edge of a run.",
    ),
    hand(
        "Tán tiêu",
        "tan tieu|tan_tieu|pair wait",
        "Tự bốc ù quân duy nhất thành đôi.",
        "Drawing the one winning tile to make the pair.",
    ),
    hand(
        "Chờ hai đôi bốc lấy",
        "cho hai doi boc lay|cho_doi|two-pair wait",
        "Chờ hai đôi và tự bốc được quân ù.",
        "Waiting on two pairs and drawing the winning tile.",
    ),
    hand(
        "Phán coong",
        "phan coong|phan_coong|win from the đầu coong",
        "Ù bằng quân bốc ở đầu coong.",
        "Winning on a tile drawn from the đầu coong.",
    ),
    hand(
        "Thiên ù",
        "thien u|thien_u|the dealer's dealt hand",
        "Nhà cái ù ngay khi chia bài.",
        "The dealer wins on the dealt hand.",
    ),
    hand(
        "Địa ù",
        "dia u|dia_u|on the dealer's first discard",
        "Ù ngay quân đầu tiên nhà cái đánh.",
        "Winning on the dealer's first discard.",
    ),
    hand(
        "Nhân ù",
        "nhan u|nhan_u|on the first draw",
        "Ù ngay ở lần bốc đầu tiên.",
        "Winning on your first draw.",
    ),
    hand(
        "Không hoa lá",
        "khong hoa la|khong_hoa_la|no flowers",
        "Chưa dựng gì và không có hoa, khung trong 14 quân.",
        "Nothing set down and no flower or khung among the 14 tiles.",
    ),
    hand(
        "Ù hoa (ăn mủn, đền mủn)",
        "ù hoa|u hoa|u_hoa|win on a flower",
        "Ù bằng quân hoa người khác đánh ra; người đánh phải đền.",
        "Winning on a flower someone discarded; the discarder pays.",
    ),
    hand(
        "Phóng hoa",
        "phong hoa|phong_hoa|three flowers discarded",
        "Đã đánh ra ba quân hoa.",
        "Three flowers discarded.",
    ),
)

GLOSSARY = game_glossary(ENTRIES)
