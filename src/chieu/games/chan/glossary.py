"""The glossary of Chắn: every word its table shows, explained (``GameKit.glossary``).

Sources: docs/rules/chan.md (phases, actions, cước, faults), shared/GLOSSARY.md. Points of a
cước depend on the table's rules (``cuoc_table``), so the texts send there for them.
"""

from __future__ import annotations

from chieu.core.glossary import Entry, game_glossary
from chieu.core.glossary import entry as e

RULE_TABLE_VI = "Điểm: xem bảng cước của bàn."
RULE_TABLE_EN = "Points: see the table's cước table."


def cuoc(term: str, aliases: str, vi: str, en: str, cards: str = "") -> Entry:
    """A cước: its points are the rule table's."""
    return e(term, aliases, f"{vi} {RULE_TABLE_VI}", f"{en} {RULE_TABLE_EN}", cards)


def bao_fault(term: str, aliases: str, vi: str, en: str, cards: str = "") -> Entry:
    """A fault punished by báo."""
    return e(
        term,
        aliases,
        f"Lỗi: {vi} Người phạm bị báo, ngồi yên đến hết ván và đền làng nếu có người ù.",
        f"Fault: {en} The seat is reported (báo), sits out the game and pays for the table "
        "if someone wins.",
        cards,
    )


def nat_fault(term: str, aliases: str, vi: str, en: str, cards: str = "") -> Entry:
    """A fault punished by nghỉ ăn tiền."""
    return e(
        term,
        aliases,
        f"Lỗi: {vi} Người phạm vẫn chơi tiếp nhưng nghỉ ăn tiền: ù cũng không được trả.",
        f"Fault: {en} The seat plays on but collects nothing, even if it wins.",
        cards,
    )


def twelve_fault(term: str, aliases: str, vi: str, en: str) -> Entry:
    """A fault punished by đền tám đỏ hai lèo (12 to every other seat)."""
    return e(
        term,
        aliases,
        f"Lỗi: {vi} Người phạm đền tám đỏ hai lèo: trả 12 cho mỗi người khác.",
        f"Fault: {en} The seat pays 12 to every other seat (tám đỏ hai lèo).",
    )


#: the three suits of the deck Chắn and Tổ tôm share (Tổ tôm's glossary has them too)
SUITS: tuple[Entry, ...] = (
    e(
        "vạn",
        "hàng vạn|suit vạn",
        "Một trong ba hàng (chất) của bộ bài, viết tắt V; ví dụ tam vạn.",
        "One of the deck's three suits, written V; e.g. Three of Vạn.",
        "3V",
    ),
    e(
        "sách",
        "sach|hàng sách|suit sách",
        "Một trong ba hàng (chất) của bộ bài, viết tắt S; ví dụ bát sách.",
        "One of the deck's three suits, written S; e.g. Eight of Sách.",
        "8S",
    ),
    e(
        "văn",
        "hàng văn|suit văn",
        "Một trong ba hàng (chất) của bộ bài, viết tắt W; ví dụ cửu văn.",
        "One of the deck's three suits, written W; e.g. Nine of Văn.",
        "9W",
    ),
)

ENTRIES: tuple[Entry, ...] = (
    # the cards and places
    e(
        "chắn",
        "chan|pair|chắn (pair)",
        "Hai quân giống hệt nhau (cùng số, cùng hàng). Ù cần ít nhất 6 chắn; "
        "trò chơi mang tên nhóm này.",
        "Two identical cards (same rank, same suit). A win needs at least six chắn; "
        "the game is named after it.",
        "7V 7V",
    ),
    e(
        "cạ",
        "ca|cạ (same rank)|same rank",
        "Hai quân cùng số nhưng khác hàng, ví dụ nhị vạn với nhị sách.",
        "Two cards of the same rank in different suits, e.g. Two of Vạn with Two of Sách.",
        "2V 2S",
    ),
    e(
        "ba đầu",
        "ba dau|ba_dau|three suits|ba đầu (three suits)",
        "Ba quân cùng số ở cả ba hàng (vạn, sách, văn) trên tay: chưa ghép xong, "
        "phải tách thành cạ và một quân lẻ.",
        "Three cards of one rank in all three suits held in hand: not yet a group; "
        "it splits into a cạ and a loose card.",
        "8V 8S 8W",
    ),
    e(
        "què",
        "que|single|què (single)",
        "Quân lẻ, không ghép được chắn hay cạ với quân nào trên tay.",
        "A loose card that forms neither a chắn nor a cạ with any card in hand.",
        "4W",
    ),
    e(
        "chíu",
        "chiu|tríu|triu|chíu (four)|four",
        "Khi có ba quân giống hệt trên tay và quân thứ tư vừa lộ ra, bạn được chíu: "
        "ăn ngay cả khi chưa đến lượt, hạ cả bốn quân, rồi trả cửa một quân.",
        "With three identical cards in hand, you may claim the fourth as it shows up, "
        "even out of turn: lay all four down, then return a card to a door.",
        "5V 5V 5V 5V",
    ),
    e(
        "chi chi",
        "chi_chi|CC",
        "Quân đặc biệt có bốn quân; chỉ ăn được với chính nó. Là một quân đỏ.",
        "The special card, four copies; it only pairs with itself. It is a red card.",
        "CC",
    ),
    *SUITS,
    e(
        "quân đỏ",
        "quan do|red card|red",
        "Các quân có nét đỏ: bát vạn, bát sách, cửu vạn, cửu sách và chi chi. "
        "Một số cước đếm quân đỏ.",
        "The cards with red marks: Eight and Nine of Vạn and of Sách, and Chi chi. "
        "Some cước count red cards.",
        "8V 8S 9V 9S CC",
    ),
    e(
        "cửa",
        "cua|door|cửa trên|upper door",
        "Chỗ trước mặt mỗi người, nơi quân bốc và quân đánh ra của người đó nằm ngửa. "
        "Người ngồi sau được ăn quân vừa ra ở cửa trên của mình.",
        "The spot in front of each seat where its drawn and discarded cards lie face up. "
        "The next seat may eat the card just shown at its upper door.",
    ),
    e(
        "chiếu",
        "chieu|mat|dưới chiếu|mặt",
        "Những nhóm đã ăn được (chắn, cạ, chíu) hạ ngửa trước mặt người chơi.",
        "The groups a seat has eaten (chắn, cạ, chíu), laid face up in front of it.",
    ),
    e(
        "nọc",
        "noc|stock",
        "Chồng bài úp còn lại ở giữa bàn, để bốc. Hết nọc mà không ai ù thì hòa.",
        "The face-down pile left in the middle to draw from. When it runs out with no "
        "winner, the game is a draw (hòa).",
    ),
    # seats
    e(
        "cái",
        "cai|nhà cái|nha cai|cái (deals first)|deals first|dealer",
        "Người được 20 quân và đánh trước tiên trong ván.",
        "The seat that gets 20 cards and discards first in the game.",
    ),
    e(
        "bắt cái",
        "bat cai|bat_cai|bắt cái (cut)|cut",
        "Người chọn nọc chia cho nhà cái ở đầu ván; quân lật lên chỉ ra ai được cái.",
        "The seat that picks the cái's pile at the start; the card turned up shows who "
        "gets to be the cái.",
    ),
    e(
        "thắng ván trước",
        "thang van truoc|prev_winner|won the last game",
        "Người ù ván trước; ù liền ván này thì được cước Thông.",
        "The seat that won the last game; winning again now scores the cước Thông.",
    ),
    e(
        "đã lật bài",
        "da lat bai|lật bài|shown|hand shown",
        "Người này đã lật bài lên để ù, ai cũng thấy.",
        "This seat turned its hand face up to claim a win; everyone can see it.",
    ),
    # moves and phases
    e(
        "đánh",
        "danh|discard|đánh bài",
        "Bỏ một quân trên tay ra cửa mình; người sau có thể ăn nó.",
        "Put a card from your hand face up at your door; the next seat may eat it.",
    ),
    e(
        "ăn",
        "an|eat|eat with",
        "Lấy quân vừa lộ ghép với một quân trên tay thành chắn hoặc cạ, hạ xuống chiếu, "
        "rồi đánh một quân.",
        "Take the card just shown with a card from your hand as a chắn or a cạ, lay the "
        "pair down, then discard.",
        "3W 3W",
    ),
    e(
        "bốc",
        "boc|draw",
        "Không ăn quân ở cửa trên mà lật một quân từ nọc ra cửa mình.",
        "Instead of eating the card at your upper door, turn the top card of the stock "
        "face up at your door.",
    ),
    e(
        "dưới",
        "duoi|pass|pass it on|pass it on (dưới)",
        "Không ăn quân mình vừa bốc: để nó lại cửa mình cho người sau quyết định.",
        "Do not eat the card you just drew: leave it at your door for the next seat.",
    ),
    e(
        "ăn hay bốc",
        "an hay boc|eat or draw|decide",
        "Lúc phải chọn: ăn quân đang lộ, hoặc bốc (hay dưới nếu quân đó do mình bốc).",
        "Time to choose: eat the card on show, or draw (or pass it on, if you drew it).",
    ),
    e(
        "ù",
        "u|win|win (ù)|a win|won (ù)|won",
        "Tuyên bố thắng: bài trên tay và trên chiếu, cộng quân vừa lộ, ghép hết thành chắn "
        "và cạ, với ít nhất 6 chắn.",
        "Declare a win: your hand and mat, with the card on show, all pair up as chắn and "
        "cạ, with at least six chắn.",
    ),
    e(
        "bỏ qua",
        "bo qua|decline|let it go",
        "Không ù, không chíu quân vừa lộ: để nó đi qua.",
        "Neither win on nor chíu the card on show: let it go.",
    ),
    e(
        "ù, chíu hay bỏ qua",
        "u, chiu hay bo qua|ù, chíu or let it go|claim",
        "Một quân vừa lộ: ai có thể ù hoặc chíu được hỏi trước khi ván đi tiếp.",
        "A card has just shown up: whoever can win on it or chíu it is asked before play goes on.",
    ),
    e(
        "trả cửa",
        "tra cua|return|return a card to the door|return to the door",
        "Sau khi chíu, đánh một quân vào cửa mà quân chíu vừa đến từ đó, không phải cửa mình.",
        "After a chíu, discard a card into the door the claimed card came from, not your own.",
    ),
    e(
        "xướng",
        "xuong|announce|xướng cước|announce the cước|hô",
        "Người ù đọc lần lượt các cước của ván ù; xướng sai bị phạt.",
        "The winner calls out the cước of the win one by one; a wrong call is a fault.",
    ),
    e(
        "xướng xong",
        "xuong xong|announce_done|end the announcement|done",
        "Đã xướng hết cước, kết thúc phần xướng.",
        "All the cước are called: end the announcement.",
    ),
    e(
        "cước",
        "cuoc|pattern|patterns",
        "Các đặc điểm của ván ù được tính điểm (chì, bạch thủ, tám đỏ...). "
        "Cước lớn nhất tính điểm, các cước khác thêm dịch.",
        "The scoring features of a win (chì, bạch thủ, tám đỏ...). The largest counts its "
        "full points, each other one adds a little (dịch).",
    ),
    e(
        "dịch",
        "dich|adds|beside a larger",
        "Phần điểm một cước cộng thêm khi đi cùng một cước lớn hơn; cước lớn nhất tính "
        "đủ điểm của nó.",
        "What a cước adds beside a larger one; the largest cước counts its full points.",
    ),
    e(
        "chờ",
        "cho|đang chờ|chờ ù|waiting|wait",
        "Bài 19 quân chỉ thiếu một quân là ù: chờ bạch thủ (đúng một quân) hoặc ù rộng "
        "(cả ba quân cùng số).",
        "A 19-card hand one card short of a win: a bạch thủ wait (one card) or a wide wait "
        "(all three cards of one number).",
    ),
    e(
        "ù rộng",
        "u rong|chờ rộng|cho rong|wide wait",
        "Đã đủ 6 chắn và chờ được nhiều quân cùng số (chắn hoặc cạ đều ù).",
        "Six chắn already, waiting on several cards of one number (a chắn or a cạ wins).",
    ),
    # outcome
    e(
        "hòa",
        "hoa|no_winner|hòa (không ai ù)|a draw (nobody won)|nobody won",
        "Hết nọc mà không ai ù: không ai trả ai.",
        "The stock ran out and nobody won: nobody pays.",
    ),
    e(
        "lỗi",
        "loi|fault|faults|phạm lỗi|ván dừng vì lỗi|stopped on a fault",
        "Một nước đi trái luật Chắn. Tùy lỗi, người phạm bị nghỉ ăn tiền, bị báo hoặc "
        "phải đền; có lỗi làm ván dừng ngay.",
        "A move against the rules of Chắn. Depending on the fault the seat collects "
        "nothing, is reported (báo) or pays; some faults stop the game at once.",
    ),
    e(
        "báo",
        "bao|reported|reported (báo)|báo, đền làng|reported (báo), pays for the table|"
        "đền làng|den lang",
        "Hình phạt nặng: người bị báo ngồi yên đến hết ván, không ăn, không ù; "
        "nếu có người ù thì đền làng (trả thay cả bàn).",
        "A heavy penalty: the reported seat sits out the rest of the game; if someone "
        "wins, it pays for the whole table.",
    ),
    e(
        "nghỉ ăn tiền",
        "nghi an tien|nghi_an_tien|nat|collects nothing",
        "Hình phạt nhẹ: vẫn chơi tiếp nhưng nếu ù cũng không được trả tiền.",
        "A light penalty: the seat plays on, but collects nothing even if it wins.",
    ),
    e(
        "đền tám đỏ hai lèo",
        "den tam do hai leo|tam_do_hai_leo|pay12|pays 12|pays 12 (tám đỏ hai lèo)|"
        "pays 12 to every other seat|tám đỏ hai lèo",
        "Hình phạt: trả 12 điểm (bằng tám đỏ hai lèo) cho mỗi người khác.",
        "A penalty: pay 12 points (the value of tám đỏ with two lèo) to every other seat.",
    ),
    # cước
    cuoc(
        "Xuông",
        "xuong suong|suông|xuong_cuoc|plain win",
        "Ù không có cước nào khác.",
        "A win with no other cước.",
    ),
    cuoc(
        "Thông",
        "thong",
        "Ù liền hai ván: người thắng ván trước lại ù ván này.",
        "Winning two games in a row: last game's winner wins again.",
    ),
    cuoc(
        "Chì",
        "chi|trì|tri|cửa trì",
        "Ù bằng quân nằm ở chính cửa mình, do mình bốc (hoặc được trả cửa vào), "
        "không phải quân người khác đánh.",
        "Winning on a card lying at your own door that you drew yourself (or that was "
        "returned there), not on someone's discard.",
    ),
    cuoc(
        "Thiên ù",
        "thien u|thien_u",
        "Nhà cái ù ngay khi vừa chia bài.",
        "The cái wins on the deal.",
    ),
    cuoc(
        "Địa ù",
        "dia u|dia_u",
        "Ù ngay ở quân đầu tiên của mình trong ván, trước khi ăn hay đánh.",
        "Winning on your very first card of the game, before eating or discarding.",
    ),
    cuoc("Chíu ù", "chiu u|chiu_u", "Ù bằng cách chíu quân thứ tư.", "Winning by a chíu."),
    cuoc(
        "Ù bòn",
        "u bon|u_bon",
        "Ù bằng quân thứ ba (hoặc tư) của một chắn đã ăn trên chiếu.",
        "Winning on a copy of a card you already ate as a chắn on your mat.",
    ),
    cuoc(
        "Bạch thủ",
        "bach thu|bach_thu",
        "Ù khi chỉ chờ đúng một quân (chờ một cạ duy nhất).",
        "Winning while waiting for exactly one card.",
    ),
    cuoc(
        "Bạch thủ chi",
        "bach thu chi|bach_thu_chi",
        "Bạch thủ chờ chi chi: ù bằng chi chi khi chỉ chờ đúng quân đó.",
        "A bạch thủ on Chi chi: winning on Chi chi while waiting for that card only.",
        "CC",
    ),
    cuoc(
        "Thập thành",
        "thap thanh|thap_thanh",
        "Cả 20 quân là 10 chắn (một chíu tính hai chắn).",
        "All 20 cards are ten chắn (a chíu counts as two).",
    ),
    cuoc(
        "Bạch định",
        "bach dinh|bach_dinh",
        "Trong cả 20 quân không có quân đỏ nào.",
        "No red card among all 20 cards.",
    ),
    cuoc(
        "Tám đỏ",
        "tam do|tam_do",
        "Trong 20 quân có đúng 8 quân đỏ.",
        "Exactly eight red cards among the 20.",
    ),
    cuoc(
        "Kính tứ chi",
        "kinh tu chi|kinh_tu_chi",
        "Có đủ bốn chi chi và không có quân đỏ nào khác.",
        "All four Chi chi and no other red card.",
        "CC CC CC CC",
    ),
    cuoc(
        "Lèo",
        "leo|đôi lèo",
        "Có bộ cửu vạn, bát sách, chi chi (hai bộ là đôi lèo).",
        "The set Nine of Vạn, Eight of Sách, Chi chi (two sets: đôi lèo).",
        "9V 8S CC",
    ),
    cuoc(
        "Tôm",
        "tom|đôi tôm",
        "Có bộ tam vạn, tam sách, thất văn (hai bộ là đôi tôm).",
        "The set Three of Vạn, Three of Sách, Seven of Văn (two sets: đôi tôm).",
        "3V 3S 7W",
    ),
    cuoc(
        "Có thiên khai",
        "co thien khai|co_thien_khai|thiên khai",
        "Cầm trên tay bốn quân giống hệt được chia từ đầu (mỗi bộ bốn tính một lần).",
        "Holding four identical cards dealt to you (each such four counts once).",
    ),
    cuoc(
        "Có chíu",
        "co chiu|co_chiu",
        "Đã chíu trong ván trước khi ù (mỗi lần chíu tính một lần).",
        "Having made a chíu earlier in the game (once per chíu).",
    ),
    cuoc(
        "Có ăn bòn",
        "co an bon|co_an_bon|ăn bòn",
        "Đã ăn hai chắn cùng một quân (đủ bốn quân) trên chiếu.",
        "Having eaten two chắn of the same card (all four copies) on your mat.",
    ),
    cuoc(
        "Phá thiên",
        "pha thien|pha_thien",
        "Bài chia cho mình không có chắn nào mà vẫn ù.",
        "Winning although the hand you were dealt had no chắn at all.",
    ),
    cuoc(
        "Hoa rơi cửa Phật",
        "hoa roi cua phat|hoa_roi_cua_phat",
        "Chì bạch thủ bằng nhị vạn, trên chiếu có ngũ vạn.",
        "Chì and bạch thủ on Two of Vạn, with a Five of Vạn on your mat.",
        "2V 5V",
    ),
    cuoc(
        "Nhà lầu xe hơi, hoa rơi cửa Phật",
        "nha lau xe hoi hoa roi cua phat|nha_lau_xe_hoi_hoa_roi_cua_phat|nhà lầu xe hơi",
        "Chì bạch thủ bằng nhị vạn, trên tay có chắn ngũ vạn và chắn tứ vạn.",
        "Chì and bạch thủ on Two of Vạn, holding a chắn of Five of Vạn and one of Four of Vạn.",
        "2V 5V 5V 4V 4V",
    ),
    cuoc(
        "Cá lội sân đình",
        "ca loi san dinh|ca_loi_san_dinh",
        "Chì bạch thủ bằng bát vạn, trên chiếu có ngũ vạn.",
        "Chì and bạch thủ on Eight of Vạn, with a Five of Vạn on your mat.",
        "8V 5V",
    ),
    cuoc(
        "Ngư ông bắt cá",
        "ngu ong bat ca|ngu_ong_bat_ca",
        "Chì bạch thủ bằng bát vạn, trên tay có chắn chi chi và chắn ngũ sách.",
        "Chì and bạch thủ on Eight of Vạn, holding a chắn of Chi chi and one of Five of Sách.",
        "8V CC CC 5S 5S",
    ),
    cuoc(
        "Cá nhảy đầu thuyền",
        "ca nhay dau thuyen|ca_nhay_dau_thuyen",
        "Chì bạch thủ bằng bát vạn, trên chiếu có ngũ sách (chỉ khi bàn bật cước này).",
        "Chì and bạch thủ on Eight of Vạn, with a Five of Sách on your mat (only when "
        "the table turns it on).",
        "8V 5S",
    ),
    cuoc(
        "Đồng tử hái hoa",
        "dong tu hai hoa|dong_tu_hai_hoa",
        "Chì bạch thủ bằng nhị vạn, trên chiếu có bát văn (chỉ khi bàn bật cước này).",
        "Chì and bạch thủ on Two of Vạn, with an Eight of Văn on your mat (only when the "
        "table turns it on).",
        "2V 8W",
    ),
    cuoc(
        "Chùa đổ nát hoa",
        "chua do nat hoa|chua_do_nat_hoa",
        "Chì bạch thủ bằng ngũ vạn, trên chiếu có nhị vạn (chỉ khi bàn bật cước này).",
        "Chì and bạch thủ on Five of Vạn, with a Two of Vạn on your mat (only when the "
        "table turns it on).",
        "5V 2V",
    ),
    # faults
    nat_fault(
        "Treo tranh (trả cửa sai)",
        "treo tranh|treo_tranh|treo tranh tra cua sai",
        "chíu xong mà đánh vào cửa mình thay vì trả cửa.",
        "after a chíu, discarding into your own door instead of returning the card.",
    ),
    nat_fault(
        "Treo tranh (không hạ đủ 4 quân)",
        "treo_tranh_ha_bai|treo tranh khong ha du 4 quan",
        "chíu mà không hạ đủ bốn quân.",
        "a chíu without laying all four cards down.",
    ),
    nat_fault(
        "Trái vỉ",
        "trai vi|trai_vi",
        "đặt quân sai thứ tự khi hạ nhóm ăn.",
        "stacking an eaten pair in the wrong order.",
    ),
    nat_fault(
        "Ăn treo tranh",
        "an treo tranh|an_treo_tranh",
        "ăn cạ trong khi trên tay có quân giống hệt để ăn chắn.",
        "eating a cạ while holding an identical card that would eat a chắn.",
    ),
    nat_fault(
        "Chíu được nhưng lại ăn thường",
        "chiu duoc nhung lai an thuong|chiu_ma_an_thuong",
        "có ba quân để chíu mà lại ăn chắn thường.",
        "holding three copies and eating a plain chắn instead of a chíu.",
    ),
    bao_fault(
        "Bỏ ăn chắn",
        "bo an chan|bo_an_chan",
        "đã bỏ không ăn chắn một quân, nay lại ăn hoặc đánh quân đó.",
        "you let a card go that would have made a chắn, then ate or discarded that card.",
    ),
    bao_fault(
        "Ăn chọn cạ",
        "an chon ca|an_chon_ca",
        "đã bỏ không ăn cạ một hàng, nay lại ăn cạ hàng đó.",
        "you let a cạ of one rank go, then ate a cạ of that rank.",
    ),
    bao_fault(
        "Đánh cả chắn",
        "danh ca chan|danh_ca_chan",
        "đánh đi cả hai quân giống hệt.",
        "discarding both cards of an identical pair.",
    ),
    bao_fault(
        "Xé chắn",
        "xe chan|xe_chan",
        "đã đánh một quân, nay lại ăn quân cùng hàng.",
        "you discarded a card, then ate a card of the same rank.",
    ),
    bao_fault(
        "Tách chắn ăn cạ",
        "tach chan an ca|tach_chan_an_ca",
        "tách một chắn để ăn cạ, rồi lại dùng quân còn lại.",
        "splitting a chắn to eat a cạ, then using the card left over.",
    ),
    bao_fault(
        "Ăn chắn xé chắn",
        "an chan xe chan|an_chan_xe_chan",
        "đã ăn chắn một quân, nay lại đánh quân đó đi.",
        "you ate a chắn of a card, then discarded that card.",
    ),
    bao_fault(
        "Ăn cạ đánh cạ",
        "an ca danh ca|an_ca_danh_ca",
        "vừa ăn cạ vừa đánh bỏ cả một cạ.",
        "eating a cạ and also discarding a whole cạ.",
    ),
    bao_fault(
        "Xé cạ ăn cạ",
        "xe ca an ca|xe_ca_an_ca",
        "đã xé cạ đánh đi, nay lại ăn cạ với quân còn lại.",
        "you broke a cạ by discarding, then ate a cạ with the card left over.",
    ),
    bao_fault(
        "Tách cạ ăn cạ",
        "tach ca an ca|tach_ca_an_ca",
        "tách một cạ để ăn cạ khác, rồi lại dùng quân còn lại.",
        "splitting a cạ to eat another, then using the card left over.",
    ),
    twelve_fault(
        "Ăn cạ đổi chờ",
        "an ca doi cho|an_ca_doi_cho",
        "đang chờ ù mà ăn cạ làm đổi quân chờ.",
        "eating a cạ while waiting to win, which changes what you wait for.",
    ),
    e(
        "Ù láo",
        "u lao|u_lao|ù phá bài",
        "Lỗi: ù khi bài chưa thành. Ván dừng ngay; người phạm đền tám đỏ hai lèo.",
        "Fault: declaring a win with a hand that does not win. The game stops; the seat "
        "pays 12 to every other seat.",
    ),
    e(
        "Ù chi rộng",
        "u chi rong|u_chi_rong|chờ chi rộng",
        "Lỗi: ù bằng chi chi khi không phải bạch thủ chi. Ván dừng; người phạm đền tám đỏ hai lèo.",
        "Fault: winning on Chi chi when not waiting for it alone. The game stops; the "
        "seat pays 12 to every other seat.",
        "CC",
    ),
    e(
        "Bỏ ù",
        "bo u|bo_u",
        "Lỗi: đã để quân ù đi qua, nay lại ù. Ván dừng; người phạm đền tám đỏ hai lèo.",
        "Fault: letting a winning card go by, then winning later. The game stops; the "
        "seat pays 12 to every other seat.",
    ),
    e(
        "Xướng sai",
        "xuong sai|xuong_sai|wrong announcement",
        "Lỗi: người ù xướng thừa hoặc sai cước; bị phạt theo luật của bàn.",
        "Fault: the winner calls a cước the win does not have; the table's rules set the penalty.",
    ),
)

GLOSSARY = game_glossary(ENTRIES)
