"""The glossary of Phỏm: every word its table shows, explained (``GameKit.glossary``).

Sources: docs/rules/phom.md (turns, eating, laying down, ù, settlement), shared/GLOSSARY.md.
Amounts are the table's options (``pay_u``, ``pay_eat``...), so the texts send there.
"""

from __future__ import annotations

from chieu.core.glossary import Entry, game_glossary
from chieu.core.glossary import entry as e

PAY_VI = "Số tiền: xem bảng luật của bàn."
PAY_EN = "Amounts: see the table's rule table."


def win(term: str, aliases: str, vi: str, en: str, cards: str = "") -> Entry:
    return e(term, aliases, f"{vi} {PAY_VI}", f"{en} {PAY_EN}", cards)


ENTRIES: tuple[Entry, ...] = (
    e(
        "phỏm",
        "phom|meld",
        "Một bộ ít nhất ba quân: phỏm ngang (cùng số) hoặc phỏm dọc (cùng chất, liền nhau).",
        "A set of three or more cards: phỏm ngang (one rank) or phỏm dọc (a run in one suit).",
    ),
    e(
        "phỏm ngang",
        "phom ngang|set|same-rank phỏm",
        "Ba hoặc bốn quân cùng số.",
        "Three or four cards of the same rank.",
        "7s 7c 7d",
    ),
    e(
        "phỏm dọc",
        "phom doc|run",
        "Ba quân trở lên cùng chất, số liền nhau (A chỉ đứng dưới 2: A-2-3, không Q-K-A).",
        "Three or more cards of one suit in a row (the Ace is low only: A-2-3, not Q-K-A).",
        "8h 9h Th",
    ),
    e(
        "cạ",
        "ca",
        "Hai quân cùng số, hoặc hai quân liền nhau cùng chất: còn thiếu một quân để thành phỏm.",
        "Two cards of one rank, or two neighbours in one suit: one card short of a phỏm.",
    ),
    e(
        "rác",
        "rac|deadwood",
        "Quân lẻ không vào phỏm nào; cuối ván tính điểm (A = 1 ... K = 13), ít điểm là tốt.",
        "Cards in no phỏm; at the end they count points (A = 1 ... K = 13), fewer is better.",
    ),
    e(
        "nọc",
        "noc|stock|chồng bài",
        "Chồng bài úp ở giữa bàn để bốc.",
        "The face-down pile in the middle to draw from.",
    ),
    e(
        "bài đã đánh",
        "bai da danh|discards|discard row|hàng bài đánh",
        "Hàng quân mỗi người đã đánh ra, nằm ngửa trước mặt họ.",
        "The row of cards each seat has discarded, face up in front of it.",
    ),
    e(
        "phỏm đã hạ",
        "phom da ha|mat|laid phỏm",
        "Các phỏm người chơi đã hạ ngửa trên bàn; người khác có thể gửi quân vào.",
        "The phỏm a seat has laid face up; others may send cards onto them.",
    ),
    e(
        "đi đầu",
        "di dau|first|first player",
        "Người đánh đầu tiên trong ván, được chia 10 quân thay vì 9.",
        "The seat that plays first; it is dealt 10 cards instead of 9.",
    ),
    # moves and phases
    e(
        "bốc",
        "boc|draw",
        "Lấy một quân trên cùng của nọc.",
        "Take the top card of the stock.",
    ),
    e(
        "ăn",
        "an|eat",
        "Lấy quân người ngồi trước vừa đánh để ghép vào một phỏm với hai quân trên tay. "
        "Người bị ăn trả tiền ngay.",
        "Take the card the previous player just discarded into a phỏm with two cards from "
        "your hand. The player eaten from pays at once.",
    ),
    e(
        "ăn chốt",
        "an chot|an_chot|chốt|chốt eaten|chot",
        "Ăn quân chốt: quân cuối cùng người trước đánh trước khi xong. Bị ăn chốt trả nhiều hơn.",
        "Eating the chốt: the last card a player discards before finishing. It costs the "
        "discarder more.",
    ),
    e(
        "bốc hoặc ăn",
        "boc hoac an|draw or eat",
        "Đầu lượt: ăn quân vừa đánh nếu được, hoặc bốc một quân từ nọc.",
        "Start of a turn: eat the card just discarded if you can, or draw from the stock.",
    ),
    e(
        "hạ",
        "ha|lay|lay down|hạ bài",
        "Đặt các phỏm của mình ngửa lên bàn, đến lượt thứ tư thì phải hạ.",
        "Lay your phỏm face up on the table; you must do it on your fourth turn.",
    ),
    e(
        "đã hạ",
        "da ha|laid|laid down",
        "Người này đã hạ phỏm.",
        "This seat has laid its phỏm down.",
    ),
    e(
        "gửi",
        "gui|layoff|send",
        "Sau khi hạ, đặt thêm quân của mình vào phỏm người khác đã hạ.",
        "After laying down, add your cards onto another player's laid phỏm.",
    ),
    e(
        "đánh",
        "danh|discard",
        "Bỏ một quân ra hàng bài đánh của mình, kết thúc lượt.",
        "Put a card face up in your discard row, ending your turn.",
    ),
    e(
        "hạ, gửi, đánh",
        "ha, gui, danh|lay, send, discard|act",
        "Phần chính của lượt: hạ phỏm (nếu đến lúc), gửi quân, rồi đánh một quân.",
        "The main part of a turn: lay phỏm (when due), send cards, then discard.",
    ),
    e(
        "bỏ qua",
        "bo qua|pass|bỏ lượt",
        "Không làm gì lượt này (đã xong, hoặc hết nọc).",
        "Do nothing this turn (you are finished, or the stock is empty).",
    ),
    e(
        "hỏi ù khan",
        "hoi u khan|khan|ù khan round",
        "Đầu ván, mỗi người được hỏi có ù khan không (nếu bàn cho phép).",
        "At the start each seat is asked whether it claims ù khan (if the table allows it).",
    ),
    e(
        "né hạ",
        "ne ha|delayed lay-down",
        "Bị ăn một quân thì hàng bài đánh của mình bớt một quân, nên được hạ muộn hơn một lượt.",
        "A card eaten from your row shortens it, so you lay down one turn later.",
    ),
    e(
        "thêm vòng",
        "them vong|tời vòng|extra round",
        "Người đã xong ăn được quân người trước đánh để thành phỏm mới; người bị ăn đánh thêm "
        "một vòng.",
        "A finished player eats the previous player's discard into a new phỏm; the player "
        "eaten from plays one more round.",
    ),
    e(
        "chất",
        "chat|suit|suits",
        "Bốn chất của bộ bài: bích ♠, tép ♣, rô ♦, cơ ♥.",
        "The four suits: bích ♠ (spades), tép ♣ (clubs), rô ♦ (diamonds), cơ ♥ (hearts).",
    ),
    e(
        "móm",
        "mom",
        "Hết ván mà không có phỏm nào: xếp cuối và trả nhiều nhất.",
        "Ending with no phỏm at all: ranked last and pays the most.",
    ),
    # outcome
    win(
        "ù",
        "u|win|an ù",
        "Thắng ngay: mọi quân đều vào phỏm (còn nhiều nhất một quân để đánh). Mọi người "
        "khác trả cho người ù.",
        "An instant win: every card goes into phỏm (with at most one left to discard). "
        "Everyone else pays the winner.",
    ),
    win(
        "Ù gửi",
        "u gui|u_gui|ù by sending",
        "Ù nhờ gửi quân vào phỏm người khác.",
        "A win made by sending cards onto others' phỏm.",
    ),
    win(
        "Ù tròn",
        "u tron|u_tron",
        "Ù bằng cách hạ hết, không còn quân nào để đánh.",
        "A win laying every card, with none left to discard.",
    ),
    win(
        "Ù ăn ba cây",
        "u an ba cay|u_an_ba_cay|ù by three eats",
        "Ăn đủ ba quân thì ù ngay.",
        "Eating a third card wins at once.",
    ),
    win(
        "Ù khan",
        "u khan|u_khan",
        "Bài chia không có cạ và không có phỏm nào: ù ngay từ đầu (nếu bàn cho phép).",
        "A dealt hand with no cạ and no phỏm wins at once (if the table allows it).",
    ),
    win(
        "Đền",
        "den|pays for all",
        "Một người trả thay cả bàn: người để bị ăn ba quân, hoặc người đánh quân chốt mà "
        "người khác ăn rồi ù.",
        "One seat pays for everyone: the one eaten from three times, or the one whose "
        "chốt was eaten for a win.",
    ),
    e(
        "hòa",
        "hoa|no_winner|no winner",
        "Không ai ù: mọi người hạ bài, xếp hạng theo điểm rác, ít điểm nhất là nhất.",
        "Nobody won: everyone lays down and is ranked by deadwood points, fewest first.",
    ),
    e(
        "nhất",
        "nhat|first place",
        "Người ít điểm rác nhất; được những người khác trả.",
        "The seat with the fewest points; the others pay it.",
    ),
    win(
        "nhì",
        "nhi|second",
        "Hạng hai khi không ai ù; trả ít cho người nhất.",
        "Second place when nobody won; pays the first a little.",
    ),
    win(
        "ba",
        "third",
        "Hạng ba khi không ai ù; trả người nhất.",
        "Third place when nobody won; pays the first.",
    ),
    win(
        "bét",
        "bet|last",
        "Hạng cuối khi không ai ù; trả người nhất nhiều nhất.",
        "Last place when nobody won; pays the first the most.",
    ),
)

GLOSSARY = game_glossary(ENTRIES)
