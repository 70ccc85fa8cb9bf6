"""The glossary of Tổ tôm: every word its table shows, explained (``GameKit.glossary``).

Sources: docs/rules/totom.md (turns, claims, phu and lưng, cước, faults), shared/GLOSSARY.md.
"""

from __future__ import annotations

from chieu.core.glossary import Entry, game_glossary
from chieu.core.glossary import entry as e
from chieu.games.chan.glossary import SUITS

RULE_TABLE_VI = "Điểm: xem bảng luật của bàn."
RULE_TABLE_EN = "Points: see the table's rule table."


def cuoc(term: str, aliases: str, vi: str, en: str, cards: str = "") -> Entry:
    return e(term, aliases, f"Cước: {vi} {RULE_TABLE_VI}", f"Cước: {en} {RULE_TABLE_EN}", cards)


def lung(term: str, aliases: str, cards: str) -> Entry:
    """A named lưng: three cards that count as one lưng."""
    return e(
        term,
        aliases,
        f"Lưng có tên: bộ ba quân {cards} là một phu và tính một lưng.",
        f"A named lưng: the three cards {cards} make a phu that counts as one lưng.",
        cards,
    )


def boat(term: str, aliases: str, vi: str, en: str) -> Entry:
    return e(
        term,
        aliases,
        f"Lỗi: {vi} Phạt chèo đò.",
        f"Fault: {en} Punished by chèo đò (the boat).",
    )


def glasses(term: str, aliases: str, vi: str, en: str) -> Entry:
    return e(
        term,
        aliases,
        f"Lỗi: {vi} Phạt đeo kính: ván ù của người phạm không được tính.",
        f"Fault: {en} Punished by đeo kính (glasses): the seat's win scores nothing.",
    )


ENTRIES: tuple[Entry, ...] = (
    # groups
    e(
        "phu",
        "meld",
        "Một nhóm ít nhất ba quân hợp lệ (phu dọc, phu bí, lưng...). Ù khi cả 21 quân đều "
        "nằm trong phu và đủ lưng.",
        "A valid group of three or more cards (run, phu bí, lưng...). You win when all 21 "
        "cards are in phu with enough lưng.",
    ),
    e(
        "phu dọc",
        "phu doc|doc|run",
        "Các quân cùng hàng, số liền nhau, từ ba đến chín quân.",
        "Cards of one suit with consecutive ranks, three to nine of them.",
        "1S 2S 3S",
    ),
    e(
        "phu bí",
        "phu bi|bi|phu ngang",
        "Ba quân cùng số ở cả ba hàng vạn, sách, văn (có thể thêm một quân trùng).",
        "Three cards of one rank in all three suits, Vạn, Sách and Văn (one copy may be added).",
        "5V 5S 5W",
    ),
    e(
        "lưng",
        "lung|named|lưng có tên|named lưng",
        "Những phu đặc biệt được đếm để ù: lưng có tên, khàn, thiên khai và (tùy cách đếm "
        "của bàn) phu bí, yêu. Thiếu lưng thì không được ù.",
        "The special phu counted for a win: named lưng, khàn, thiên khai and (by the "
        "table's reading) phu bí and lone yêu. Too few lưng and you cannot win.",
    ),
    lung("tôm", "tom", "7W 3V 3S"),
    lung("lèo", "leo", "9V 8S CC"),
    lung("nhất nhị tam văn", "nhat nhi tam van|nhat_nhi_tam", "1W 2W 3W"),
    lung("cửu văn nhất vạn nhất sách", "cuu van nhat van nhat sach|cuu_van_nhat", "9W 1V 1S"),
    lung("bát văn nhị vạn nhị sách", "bat van nhi van nhi sach|bat_van_nhi", "8W 2V 2S"),
    lung("cửu vạn cửu sách thang thang", "cuu van cuu sach thang thang|cuu_cuu_thang", "9V 9S TT"),
    lung("cửu sách thang thang ông lão", "cuu sach thang thang ong lao|cuu_thang_lao", "9S TT OL"),
    e(
        "yêu",
        "yeu|yêu (lone)|chi chi|thang thang|ông lão|ông cụ",
        "Ba quân đặc biệt chi chi, thang thang, ông lão; một quân yêu đứng riêng cũng là một phu.",
        "The three special cards Chi chi, Thang thang and Ông lão; a lone yêu is a phu on its own.",
        "CC TT OL",
    ),
    *SUITS,
    e(
        "quân đỏ",
        "quan do|red card|red",
        "Các quân có nét đỏ: ba quân yêu, bát vạn, bát sách, cửu vạn, cửu sách (28 quân). "
        "Một số cước đếm quân đỏ.",
        "The cards with red marks: the three yêu and the Eights and Nines of Vạn and Sách "
        "(28 cards). Some cước count them.",
        "8V 8S 9V 9S CC TT OL",
    ),
    e(
        "cạ",
        "ca|cạ (one card short)|one card short",
        "Hai quân còn thiếu một quân nữa để thành phu.",
        "Two cards one card short of a phu.",
        "4V 5V",
    ),
    e(
        "quân lẻ",
        "quan le|le|loose|loose card",
        "Quân chưa thuộc phu hay cạ nào.",
        "A card in no phu and no cạ yet.",
    ),
    e(
        "khàn",
        "khan|khàn úp|khàn (face down)",
        "Ba quân giống hệt được chia từ đầu; úp xuống chiếu cho đến khi quân thứ tư ra "
        "thì dậy khàn.",
        "Three identical cards dealt to you; they lie face down until the fourth shows "
        "up, then you raise them (dậy khàn).",
        "6S 6S 6S",
    ),
    e(
        "khàn bất thực",
        "khan bat thuc|bat_thuc|khàn bất thực (kept in hand)|keep the khàn|kept in hand|bất thực",
        "Giữ khàn trên tay thay vì úp xuống; đặt một chén làm dấu cho mọi người biết.",
        "Keep a khàn in hand instead of face down; a cup is set out so everyone knows.",
    ),
    e(
        "chén bất thực",
        "chen bat thuc|chén|cup|cup(s): khàn bất thực|cups",
        "Số chén trước mặt người chơi: mỗi chén là một khàn bất thực đang giữ trên tay.",
        "The cups in front of a seat: each is a khàn kept in hand (bất thực).",
    ),
    e(
        "thiên khai",
        "thien khai|thien_khai|thiên khai úp|thiên khai (face down)",
        "Bốn quân giống hệt được chia từ đầu; lật lên khi quân đầu tiên của ván ra.",
        "Four identical cards dealt to you; they are turned up when the first card of "
        "the game is shown.",
        "2W 2W 2W 2W",
    ),
    e(
        "phỗng",
        "phong|pung|take it with your pair",
        "Có hai quân giống hệt trên tay thì được lấy quân thứ ba vừa ra, kể cả khi chưa "
        "đến lượt, rồi trả cửa một quân.",
        "Holding two identical cards, take the third as it shows up, even out of turn, "
        "then give a card back to that door.",
        "5S 5S 5S",
    ),
    e(
        "dậy khàn",
        "day khan|day_khan|raise your khàn|raise the khàn",
        "Quân thứ tư của khàn vừa ra: lấy nó, lật khàn lên thành bộ bốn.",
        "The fourth copy of your khàn shows up: take it and turn the khàn up as a four.",
    ),
    # places and seats
    e(
        "cửa",
        "cua|door",
        "Chỗ trước mặt mỗi người, nơi quân người đó đánh ra hoặc xin lên nằm ngửa.",
        "The spot in front of each seat where its discards and drawn cards lie face up.",
    ),
    e(
        "chiếu",
        "chieu|mat",
        "Các phu đã hạ ngửa trước mặt người chơi.",
        "The phu a seat has laid face up in front of it.",
    ),
    e(
        "nọc",
        "noc|stock|nọc card",
        "Chồng 20 quân úp ở giữa bàn để xin quân. Hết nọc mà không ai ù thì hòa.",
        "The face-down pile of 20 cards to draw from. When it runs out with no winner, "
        "the game is a draw.",
    ),
    e(
        "chia bài",
        "chia bai|dealer",
        "Người chia bài của ván này.",
        "The seat that deals this game.",
    ),
    e(
        "được cái",
        "duoc cai|cai|gets the cái|người được cái",
        "Người được phần bài đầu tiên và mở ván bằng cách xin quân nọc.",
        "The seat that takes the first part of the deal and opens the game by drawing.",
    ),
    e(
        "thắng ván trước",
        "thang van truoc|prev|won the last game",
        "Người ù ván trước; ù liền ván này thì có cước Thông.",
        "The seat that won the last game; winning again scores the cước Thông.",
    ),
    # moves and phases
    e(
        "xếp bài",
        "xep bai|arrange|xếp bài (khàn bất thực)|arrange the hand (khàn bất thực)|arrange the hand",
        "Đầu ván, mỗi người lần lượt chọn giữ khàn nào trên tay (bất thực) hoặc xếp xong.",
        "At the start each seat in turn may keep a khàn in hand (bất thực) or be done.",
    ),
    e(
        "xếp bài xong",
        "xep bai xong|arrange_done|done arranging",
        "Giữ bài như đã chia, kết thúc phần xếp bài.",
        "Keep the cards as dealt and finish arranging.",
    ),
    e(
        "ăn",
        "an|eat",
        "Lấy quân vừa ra ghép với quân trên tay thành một phu mới, hạ xuống, rồi đánh một quân.",
        "Take the card on show with cards from your hand as a new phu, lay it down, then discard.",
    ),
    e(
        "ăn thêm",
        "an them|extend|add",
        "Thêm quân vừa ra vào một phu dọc hoặc phu bí đã hạ của mình.",
        "Add the card on show to a run or phu bí already on your mat.",
    ),
    e(
        "xin",
        "xin quân|xin 1 quân|draw|ask for a nọc card",
        "Không ăn quân đang ra mà lật một quân từ nọc cho mình.",
        "Instead of eating the card on show, turn up a card from the stock for yourself.",
    ),
    e(
        "ăn hay xin quân nọc",
        "an hay xin quan noc|decide|eat or ask for a nọc card",
        "Lúc phải chọn: ăn quân đang ra, hoặc xin một quân nọc.",
        "Time to choose: eat the card on show, or draw a card from the stock.",
    ),
    e(
        "bỏ lượt",
        "bo luot|pass|leave it to the next seat|mất lượt",
        "Không ăn quân nọc mình vừa xin: để nó cho người kế tiếp.",
        "Do not eat the stock card you just drew: leave it to the next seat.",
    ),
    e(
        "hạ quân trùng",
        "ha quan trung|lay_copies|lay down your copies of|lay down your copies",
        "Sau khi ăn, hạ nốt các quân giống hệt quân vừa ăn lên phu đó trước khi đánh.",
        "After an eat, lay the copies of the eaten card onto that phu before discarding.",
    ),
    e(
        "đánh",
        "danh|discard|đánh bài",
        "Bỏ một quân trên tay ra cửa mình.",
        "Put a card from your hand face up at your door.",
    ),
    e(
        "ù",
        "u|win|a win|won (ù)|won",
        "Tuyên bố thắng: cả 21 quân đều nằm trong phu và đủ lưng.",
        "Declare a win: all 21 cards are in phu, with enough lưng.",
    ),
    e(
        "bỏ qua",
        "bo qua|decline|let it go",
        "Không ù, không phỗng, không dậy khàn quân vừa ra: để nó đi.",
        "Neither win on, phỗng nor raise a khàn with the card on show: let it go.",
    ),
    e(
        "ù, dậy khàn, phỗng hay bỏ qua",
        "ù, dậy khàn, phỗng or let it go|claim",
        "Một quân vừa ra: ai ù, dậy khàn hay phỗng được thì được hỏi (ù trước).",
        "A card has just shown up: whoever can win on it, raise a khàn or phỗng is asked "
        "(a win comes first).",
    ),
    e(
        "hô cước",
        "ho cuoc|call|call the cước|hô",
        "Người ù đọc to các cước của ván ù; hô quá bài là lỗi.",
        "The winner calls out the cước of the win; calling more than the hand has is a fault.",
    ),
    e(
        "cước",
        "cuoc|pattern",
        "Các đặc điểm của ván ù được cộng điểm (có tôm, bạch thủ...).",
        "The scoring features of a win (có tôm, bạch thủ...).",
    ),
    e(
        "trả cửa",
        "tra cua|give back|give a card back",
        "Sau phỗng hay dậy khàn, đánh một quân vào cửa vừa lấy quân, coi như chủ cửa đánh.",
        "After a phỗng or dậy khàn, discard into the door the card came from, as if its "
        "owner had played it.",
    ),
    e(
        "bí tứ",
        "bi tu|four players",
        "Tổ tôm bốn người: bỏ bớt một phần bài khi chia.",
        "Tổ tôm for four players: one part of the deal is set aside.",
    ),
    e(
        "điểm gốc",
        "diem goc|base|base points",
        "Điểm mọi ván ù đều có (2, nhân đơn vị điểm); các cước cộng thêm vào đó.",
        "The points every win has (2, times the score unit); the cước add to them.",
    ),
    e(
        "dịch",
        "dich",
        "Phần mỗi cước cộng thêm vào điểm gốc; suông 2 dịch 1 nghĩa là gốc 2, mỗi dịch 1.",
        "What each cước adds to the base; suông 2 dịch 1 means a base of 2, 1 per dịch.",
    ),
    # outcome and penalties
    e(
        "hòa",
        "hoa|no_winner|hòa (hết nọc)|a draw (the nọc ran out)",
        "Hết nọc mà không ai ù: không ai trả ai.",
        "The stock ran out and nobody won: nobody pays.",
    ),
    e(
        "lỗi",
        "loi|fault|phạm lỗi|ván dừng vì lỗi|stopped on a fault",
        "Một nước đi trái luật Tổ tôm; bị phạt chèo đò hoặc đeo kính.",
        "A move against the rules of Tổ tôm; punished by chèo đò or đeo kính.",
    ),
    e(
        "chèo đò",
        "cheo do|cheo_do|boat|chèo đò (a boat)|boat (chèo đò)",
        "Hình phạt nặng nhất: người phạm đền cho cả làng, và ván ù sau đó của họ bị hủy.",
        "The heaviest penalty: the seat pays for the whole table, and its later win in "
        "the game is cancelled.",
    ),
    e(
        "điểm hội",
        "diem hoi|scores|sitting score",
        "Hội Tổ tôm chỉ cộng điểm ù: người ù được cộng số điểm của ván ù (người khác không bị "
        "trừ), chèo đò thì mất hết điểm hội, trả đò và đeo kính thì ván ù không được điểm. Hội "
        "xong khi điểm hội của cả làng cộng lại đủ 25 (luật suông 4 dịch 2 thì 50); ai nhiều điểm "
        "hội nhất thắng hội. Cột điểm của một ván là ai trả ai trong ván ấy.",
        "A Tổ tôm sitting counts wins only: the winner adds the game's score (nobody else loses "
        "any), a chèo đò wipes the offender's sitting points, and a trả đò or đeo kính win "
        "scores nothing. The sitting ends once everyone's sitting points add up to 25 (50 under "
        "suông 4 dịch 2); the most points wins it. A game's points column is who paid "
        "whom in that game.",
    ),
    e(
        "trả đò",
        "tra do|pay back the boat",
        "Ván ù đầu tiên sau khi chèo đò: không được tính điểm, không được thông; trả xong "
        "thì hết đò.",
        "The first win after a chèo đò: it scores nothing and is no thông; then the boat is gone.",
    ),
    e(
        "đeo kính",
        "deo kinh|deo_kinh|glasses|đeo kính (glasses)|glasses (đeo kính)",
        "Hình phạt nhẹ: ván ù của người phạm không được tính điểm.",
        "The lighter penalty: the seat's win scores nothing.",
    ),
    # cước
    cuoc(
        "Ù suông", "u suong|u_suong|suông", "ù không có cước nào khác.", "a win with no other cước."
    ),
    cuoc("Thông", "thong", "ù liền hai ván.", "winning two games in a row."),
    cuoc(
        "Có tôm",
        "co tom|co_tom",
        "mỗi phu tôm trong bài ù.",
        "each tôm in the winning hand.",
        "7W 3V 3S",
    ),
    cuoc(
        "Bạch thủ",
        "bach thu|bach_thu",
        "ù khi chỉ chờ một quân.",
        "winning while waiting for one card.",
    ),
    cuoc(
        "Xuyên 5 gian",
        "xuyen 5 gian|xuyen_5_gian|xuyên năm gian",
        "ù bằng quân nằm giữa một phu dọc năm quân mà bốn quân kia đã có trên tay.",
        "winning on the middle card of a five-card run whose other four you held.",
    ),
    cuoc(
        "Có lèo",
        "co leo|co_leo",
        "mỗi phu lèo trong bài ù.",
        "each lèo in the winning hand.",
        "9V 8S CC",
    ),
    cuoc(
        "Thập điều",
        "thap dieu|thap_dieu",
        "đúng 10 quân đỏ trong 21 quân.",
        "exactly ten red cards among the 21.",
    ),
    cuoc(
        "Kính cụ",
        "kinh cu|kinh_cu",
        "quân đỏ duy nhất là một đến ba ông lão.",
        "the only red cards are one to three Ông lão.",
        "OL",
    ),
    cuoc("Bạch định", "bach dinh|bach_dinh", "không có quân đỏ nào.", "no red card at all."),
    cuoc(
        "Kính tứ cố",
        "kinh tu co|kinh_tu_co",
        "quân đỏ duy nhất là bốn ông lão.",
        "the only red cards are the four Ông lão.",
        "OL OL OL OL",
    ),
    cuoc(
        "Chi nẩy",
        "chi nay|chi_nay",
        "bạch thủ chờ chi chi và ù bằng chi chi.",
        "a bạch thủ on Chi chi, won with Chi chi.",
        "CC",
    ),
    # faults
    boat(
        "Thiếu lưng",
        "thieu lung|thieu_lung",
        "ù khi bài không đủ lưng.",
        "declaring a win with too few lưng.",
    ),
    boat(
        "Bất thành phu",
        "bat thanh phu|bat_thanh_phu",
        "ù khi có quân không thuộc phu nào.",
        "declaring a win with a card in no phu.",
    ),
    boat(
        "Ù nhỏ hô to",
        "u nho ho to|u_nho_ho_to",
        "hô cước nhiều hơn bài thật có.",
        "calling more cước than the hand has.",
    ),
    boat(
        "Khê khàn",
        "khe khan|khe_khan",
        "quân thứ tư của khàn ra mà không dậy khàn.",
        "letting the fourth copy of your khàn go by.",
    ),
    boat(
        "Thừa thiếu quân",
        "thua thieu quan|thua_thieu_quan",
        "bài thừa hoặc thiếu quân.",
        "holding too many or too few cards.",
    ),
    glasses(
        "Bỏ ù",
        "bo u|bo_u",
        "đã để quân ù đi qua, sau lại ù.",
        "letting a winning card go, then winning later.",
    ),
    glasses(
        "Treo tranh trái vỉ",
        "treo tranh trai vi|treo_tranh_trai_vi",
        "ăn xong mà đánh luôn trong khi còn giữ quân trùng với quân vừa ăn.",
        "discarding after an eat while still holding a copy of the eaten card.",
    ),
    glasses(
        "Kẹp cổ",
        "kep co|kep_co",
        "đặt quân trùng vào giữa phu thay vì ở đầu.",
        "placing a copy in the middle of a phu instead of its end.",
    ),
)

GLOSSARY = game_glossary(ENTRIES)
