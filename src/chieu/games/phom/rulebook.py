"""The rules of Phỏm in plain words, as the table in force plays them (the kit's ``rulebook``).

Sources: docs/rules/phom.md (the rules as implemented), seed 004 (the vi.wikipedia text),
shared/rules/phom_matchuoc.md Part A. Every amount (places, móm, eats, chốt, ù, đền) and every
option is read from ``rules``. Examples name what the engine must find in their cards
(``claim``, checked by tests/games/phom/test_rulebook.py):

* ``phom_ngang`` / ``phom_doc``: the cards are a phỏm of that kind; ``not_phom``: they are not;
* ``ca``: two cards one short of a phỏm;
* ``points:N``: the best lay-down of the cards leaves ``N`` points (the table's card points);
* ``an``: the last card may be eaten into a phỏm with the others;
* ``gui``: the last card may be sent onto the phỏm the others make;
* ``u``: the cards win (every card in a phỏm, at most one left to discard);
* ``mom``: no phỏm at all; ``u_khan``: no phỏm and no cạ (an ù khan hand).
"""

from __future__ import annotations

from chieu.core.notation import Lang
from chieu.core.rulebook import Example, Row, Rulebook, Section, options_section, say
from chieu.games.phom.analysis import best_arrangement
from chieu.games.phom.cards import mask_of, parse_cards
from chieu.games.phom.options import OPTION_WORDS
from chieu.games.phom.patterns import PATTERNS
from chieu.games.phom.rules import Rules

SOURCES = (
    "docs/rules/phom.md",
    "shared/seeds/004_4fe9f3c6e9532f81.txt",
    "shared/rules/phom_matchuoc.md",
)
COLUMNS = {
    "scoring": (("Khoản", "Số điểm", "Khi nào"), ("Item", "Points", "When")),
}

PLACES = (("nhất", "first"), ("nhì", "second"), ("ba", "third"), ("bét", "last"))


def _pts(lang: Lang, units: int, rules: Rules) -> str:
    n = units * rules.stake
    return say(lang, f"{n} điểm", f"{n} point" + ("" if n == 1 else "s"))


def points_left(codes: str, rules: Rules) -> int:
    """The points the best lay-down of ``codes`` leaves, under the table's card points."""
    found = best_arrangement(mask_of(parse_cards(codes)), variant=rules.card_points)
    return found.points if found else -1


def _ex(codes: str, caption: str, claim: str) -> Example:
    return Example(tuple(codes.split()), caption, claim)


def option_value(name: str, value: object, lang: Lang) -> str:
    """An option's value in words (never a raw id)."""
    return OPTION_WORDS.value(name, value, lang)


def _about(rules: Rules, lang: Lang) -> Section:
    n = rules.players
    return Section(
        "about",
        say(lang, "Phỏm là gì", "What Phỏm is"),
        (
            say(
                lang,
                "Phỏm (còn gọi là tá lả) là trò bài của miền Bắc cho hai đến bốn người, "
                f"dùng bộ bài tây 52 quân. Bàn này chơi {n} người.",
                "Phỏm (also called tá lả) is a northern Vietnamese card game for two to four "
                f"players with the 52-card French deck. This table plays with {n}.",
            ),
            say(
                lang,
                "Mỗi người cố ghép bài trên tay thành phỏm (bộ ba quân trở lên). Hết ván, ai "
                "còn ít điểm rác nhất thì về nhất; ai ghép được hết bài thì ù, thắng ngay.",
                "Each player tries to make phỏm (groups of three or more) of the cards in hand. "
                "At the end the fewest points left wins (nhất); whoever puts every card into "
                "phỏm wins at once (ù).",
            ),
            say(
                lang,
                "Ở đây chỉ tính điểm, không có tiền.",
                "chieu keeps points only: there is no money.",
            ),
        ),
    )


def _cards(rules: Rules, lang: Lang) -> Section:
    n = rules.players
    stock = 52 - 10 - 9 * (n - 1)
    faces = rules.card_points == "faces_10"
    sample = "As 5d Td Jc Qh Ks"
    left = points_left(sample, rules)
    return Section(
        "cards",
        say(lang, "Bộ bài", "The cards"),
        (
            say(
                lang,
                "52 quân, bốn chất: bích ♠, tép ♣, rô ♦, cơ ♥. Mỗi chất có 13 quân, từ thấp "
                "đến cao: A (át), 2, 3, …, 10, J (bồi), Q (đầm), K (già).",
                "52 cards in four suits: bích ♠ (spades), tép ♣ (clubs), rô ♦ (diamonds), "
                "cơ ♥ (hearts). Each suit has 13 cards, low to high: A (ace), 2, 3, …, 10, "
                "J, Q, K.",
            ),
            say(
                lang,
                "Điểm của quân còn trên tay (rác): A = 1, 2 đến 10 theo số, "
                + ("J, Q, K mỗi quân 10." if faces else "J = 11, Q = 12, K = 13."),
                "Points of a card left in hand: A = 1, 2 to 10 their number, "
                + ("J, Q, K 10 each." if faces else "J = 11, Q = 12, K = 13."),
            ),
            say(
                lang,
                f"Người đi đầu được chia 10 quân, mỗi người khác 9 quân; {stock} quân còn lại "
                "úp thành nọc ở giữa bàn để bốc.",
                f"The first player is dealt 10 cards, every other player 9; the other {stock} "
                "cards lie face down as the stock (nọc) to draw from.",
            ),
        ),
        (
            _ex(
                sample,
                say(
                    lang,
                    f"Sáu quân lẻ này cộng lại {left} điểm.",
                    f"These six loose cards count {left} points.",
                ),
                f"points:{left}",
            ),
        ),
    )


def _groups(rules: Rules, lang: Lang) -> Section:
    return Section(
        "groups",
        say(lang, "Phỏm, cạ và rác", "Phỏm, cạ and rác"),
        (
            say(
                lang,
                "Phỏm ngang: ba hoặc bốn quân cùng số. Phỏm dọc: ba quân trở lên cùng chất, số "
                "liền nhau. A chỉ đứng dưới 2 (A-2-3 được, Q-K-A không được).",
                "Phỏm ngang: three or four cards of one rank. Phỏm dọc: three or more cards of "
                "one suit in a row. The ace is low only (A-2-3 yes, Q-K-A no).",
            ),
            say(
                lang,
                "Cạ: hai quân cùng số hoặc hai quân liền nhau cùng chất, chỉ thiếu một quân là "
                "thành phỏm. Rác: quân lẻ không vào phỏm nào; hết ván cộng điểm rác, càng ít "
                "càng tốt.",
                "Cạ: two cards of one rank or two neighbours of one suit, one card short of a "
                "phỏm. Rác: loose cards in no phỏm; at the end their points are added up, the "
                "fewer the better.",
            ),
        ),
        (
            _ex(
                "7s 7c 7d",
                say(lang, "Phỏm ngang: ba quân 7.", "Phỏm ngang: three sevens."),
                "phom_ngang",
            ),
            _ex(
                "8h 9h Th Jh",
                say(lang, "Phỏm dọc bốn quân cơ.", "Phỏm dọc: four hearts in a row."),
                "phom_doc",
            ),
            _ex(
                "As 2s 3s",
                say(lang, "A đứng dưới 2: phỏm dọc.", "Ace below 2: a phỏm dọc."),
                "phom_doc",
            ),
            _ex(
                "Qs Ks As",
                say(lang, "Q-K-A không phải phỏm.", "Q-K-A is not a phỏm."),
                "not_phom",
            ),
            _ex("5s 6s", say(lang, "Một cạ: chờ 4♠ hoặc 7♠.", "A cạ: waiting for 4♠ or 7♠."), "ca"),
        ),
    )


def _turn(rules: Rules, lang: Lang) -> Section:
    direction = option_value("play_direction", rules.play_direction, lang)
    hand = "7s 7c 7d 8h 9h Th 2c Kd"
    left = points_left(hand, rules)
    paras = [
        say(
            lang,
            f"Lượt đi {direction}. Người đi đầu đánh ngay một quân, không bốc. Đến lượt mình, "
            "mỗi người ăn quân người ngồi trước vừa đánh (nếu ghép được phỏm) hoặc bốc một quân "
            "ở nọc, rồi đánh một quân ra hàng bài đánh của mình.",
            f"Play goes {direction}. The first player discards at once, without drawing. On "
            "a turn each player eats the card the previous player just discarded (if it makes "
            "a phỏm) or draws from the stock, then discards one card into its row.",
        ),
        say(
            lang,
            "Hạ: đến lượt đánh quân thứ tư của hàng mình thì phải hạ, tức đặt các phỏm ngửa lên "
            "bàn, hạ hết những phỏm có thể hạ. Ai không có phỏm nào thì móm. Khi bị ăn, quân "
            "đó rời hàng của mình nên được hạ muộn hơn (né hạ).",
            "Laying down (hạ): on the turn you discard the fourth card of your row you must "
            "lay your phỏm face up, every phỏm you can. A player with none is móm. A card "
            "that is eaten leaves your row, so you lay down later (né hạ).",
        ),
        say(
            lang,
            "Gửi: sau khi hạ, được đặt thêm quân của mình vào phỏm người khác đã hạ để bớt "
            "điểm, "
            + (
                "lúc hạ và cả các lượt sau."
                if rules.send_timing == "laydown_and_later_turns"
                else "nhưng chỉ ngay lúc hạ."
            )
            + (" Người móm cũng được gửi." if rules.mom_may_send else " Người móm không được gửi."),
            "Sending (gửi): after laying down you may add your cards onto other players' "
            "phỏm to lower your points, "
            + (
                "at the lay-down and on later turns."
                if rules.send_timing == "laydown_and_later_turns"
                else "but only at the lay-down."
            )
            + (" A móm player may send too." if rules.mom_may_send else " A móm player may not."),
        ),
    ]
    if rules.finished_player_may_eat:
        paras.append(
            say(
                lang,
                "Thêm vòng: người đã hạ xong vẫn được ăn quân người trước đánh để thành phỏm "
                "mới; khi đó người bị ăn phải đánh thêm một vòng.",
                "Extra round (thêm vòng): a player who has finished may still eat the previous "
                "player's discard into a new phỏm; the player eaten from then plays one more "
                "round.",
            )
        )
    return Section(
        "turn",
        say(lang, "Một lượt", "A turn"),
        tuple(paras),
        (
            _ex(
                hand,
                say(
                    lang,
                    f"Lúc hạ: hạ 7♠ 7♣ 7♦ và 8♥ 9♥ 10♥, còn rác 2♣ K♦ là {left} điểm.",
                    f"At the lay-down: lay 7♠ 7♣ 7♦ and 8♥ 9♥ 10♥; 2♣ K♦ are left, {left} points.",
                ),
                f"points:{left}",
            ),
            _ex(
                "7h 8h 9h Th",
                say(
                    lang,
                    "Gửi 10♥ vào phỏm 7♥ 8♥ 9♥ người khác đã hạ.",
                    "Send 10♥ onto another player's laid 7♥ 8♥ 9♥.",
                ),
                "gui",
            ),
        ),
    )


def _claims(rules: Rules, lang: Lang) -> Section:
    return Section(
        "claims",
        say(lang, "Ăn bài", "Eating"),
        (
            say(
                lang,
                "Chỉ người ngồi ngay sau mới được ăn quân vừa đánh, và chỉ khi quân đó ghép với "
                "hai quân trên tay thành phỏm. Ăn thay cho bốc; người khác không ai được hỏi.",
                "Only the next player may eat the card just discarded, and only into a phỏm "
                "with two cards of its hand. Eating replaces the draw; nobody else is asked.",
            ),
            say(
                lang,
                "Quân đã ăn để ngửa trước mặt và phải nằm trong một phỏm; một phỏm không được "
                "có hai quân ăn. Người bị ăn trả tiền ngay (xem phần tính điểm). Ăn đủ ba quân "
                "thì ù ngay (ù ăn ba cây).",
                "An eaten card lies face up and must stay in a phỏm; no phỏm may hold two eaten "
                "cards. The player eaten from pays at once (see scoring). A third eat wins at "
                "once (ù ăn ba cây).",
            ),
            _chot_text(rules, lang),
        ),
        (
            _ex(
                "5c 6c 7c",
                say(
                    lang,
                    "Có 5♣ 6♣ trên tay: ăn được 7♣ người trước đánh.",
                    "Holding 5♣ 6♣: the 7♣ just discarded may be eaten.",
                ),
                "an",
            ),
        ),
    )


def _chot_text(rules: Rules, lang: Lang) -> str:
    if rules.chot_definition == "final_discard":
        return say(
            lang,
            "Chốt: quân cuối cùng một người đánh trước khi xong (đã hạ, đủ bốn quân trong "
            "hàng). Bị ăn chốt thì trả nhiều hơn.",
            "The chốt: the last card a player discards before finishing (laid down, four cards "
            "in its row). Having the chốt eaten costs more.",
        )
    return say(
        lang,
        "Chốt: quân người đi đầu gặp khi bắt đầu lượt thứ tư (quân cuối vòng ba). Bị ăn chốt "
        "thì trả nhiều hơn.",
        "The chốt: the card the first player faces when its fourth turn begins (the last card "
        "of round three). Having the chốt eaten costs more.",
    )


def _winning(rules: Rules, lang: Lang) -> Section:
    paras = [
        say(
            lang,
            "Ù: mọi quân trên tay đều vào phỏm (kể cả quân gửi), còn nhiều nhất một quân để "
            "đánh. Người ù thắng ngay, ván dừng.",
            "Ù: every card in hand goes into phỏm (sending included), with at most one left "
            "to discard. The player wins at once and the game stops.",
        ),
        say(
            lang,
            "Các kiểu ù: ù gửi (nhờ gửi quân), ù ăn ba cây"
            + (", ù tròn (hạ hết, không còn quân để đánh)" if rules.allow_u_tron else "")
            + (", ù khan (bài chia không có cạ, không có phỏm)" if rules.allow_u_khan else "")
            + ". Kiểu nào cũng được trả như nhau.",
            "Kinds of ù: ù gửi (by sending), ù ăn ba cây (three eats)"
            + (", ù tròn (every card laid, none to discard)" if rules.allow_u_tron else "")
            + (", ù khan (a dealt hand with no cạ and no phỏm)" if rules.allow_u_khan else "")
            + ". Every kind is paid the same.",
        ),
        say(
            lang,
            "Không ai ù: sau bốn vòng, ai chưa hạ thì hạ; xếp hạng nhất, nhì, ba, bét theo điểm "
            "rác (ít điểm hơn đứng trên), người móm đứng cuối. Bằng điểm thì "
            + (
                "ai hạ trước đứng trên."
                if rules.tie_break == "earlier_laydown_wins"
                else "chia đều hạng."
            ),
            "No ù: after four rounds whoever has not laid down does so; places nhất, nhì, ba, "
            "bét go by points left (fewer is better), a móm player last. Tied points: "
            + (
                "the earlier lay-down ranks higher."
                if rules.tie_break == "earlier_laydown_wins"
                else "the place is shared."
            ),
        ),
    ]
    examples = [
        _ex(
            "As 2s 3s 7c 7d 7h Jd Qd Kd 5h",
            say(
                lang,
                "Ù: ba phỏm, đánh nốt 5♥.",
                "Ù: three phỏm, then 5♥ is discarded.",
            ),
            "u",
        ),
        _ex(
            "2s 5c 8d Jh Ks 4h 9c Qd 6s",
            say(lang, "Móm: không có phỏm nào.", "Móm: not a single phỏm."),
            "mom",
        ),
    ]
    if rules.allow_u_khan:
        examples.append(
            _ex(
                "As 3c 5d 7h 9s Jc Kd 4s 8c",
                say(lang, "Ù khan: không cạ, không phỏm.", "Ù khan: no cạ, no phỏm."),
                "u_khan",
            )
        )
    return Section(
        "winning", say(lang, "Ù và xếp hạng", "Winning and places"), tuple(paras), tuple(examples)
    )


#: what each payment is (vi, en), by id (``scoring.Payment.reason`` and the ù patterns)
WHAT: dict[str, tuple[str, str]] = {
    "an": ("Người bị ăn trả người ăn, ngay lúc đó.", "The player eaten from pays at once."),
    "an_chot": ("Bị ăn quân chốt.", "When the chốt is eaten."),
    "nhat": ("Người ít điểm nhất khi không ai ù.", "The fewest points when nobody wins."),
    "mom": ("Người móm trả người nhất, thay cho tiền hạng.", "A móm player pays nhất instead."),
    "u": ("Mỗi người khác trả người ù.", "Every other player pays the winner."),
    "u_gui": ("Ù nhờ gửi quân.", "An ù made by sending cards."),
    "u_tron": ("Hạ hết, không còn quân để đánh.", "Every card laid, none to discard."),
    "u_an_ba_cay": ("Ăn đủ ba quân.", "A third eat."),
    "u_khan": ("Bài chia không cạ, không phỏm; không bao giờ đền.", "No cạ, no phỏm; never đền."),
}
TERMS = {"an": "ăn", "an_chot": "ăn chốt", "nhat": "nhất", "mom": "móm", "u": "ù"}


def _scoring(rules: Rules, lang: Lang) -> Section:
    n = rules.players
    eat = _pts(lang, rules.pay_eat, rules)
    if rules.pay_eat_mode == "escalating":
        eat = say(lang, f"lần thứ k: k × {eat}", f"the k-th eat: k × {eat}")
    each_u = _pts(lang, rules.pay_u, rules)
    as_u, no = say(lang, "như ù", "as ù"), say(lang, "bàn này không cho", "not at this table")
    values = {
        "an": eat,
        "an_chot": _pts(lang, rules.pay_eat_chot, rules),
        "nhat": say(lang, "được trả", "is paid"),
        "mom": _pts(lang, rules.pay_mom, rules),
        "u": say(lang, f"mỗi người {each_u}", f"{each_u} from each"),
        "u_gui": as_u,
        "u_tron": as_u if rules.allow_u_tron else no,
        "u_an_ba_cay": as_u,
        "u_khan": as_u if rules.allow_u_khan else no,
    }
    terms = TERMS | {p.id: p.name for p in PATTERNS}
    rows = [Row(i, terms[i], values[i], say(lang, *WHAT[i])) for i in ("an", "an_chot", "nhat")]
    for place in range(1, n):
        last = place == n - 1
        word = PLACES[3 if last else place]
        text = say(
            lang, f"Hạng {word[0]} trả người nhất.", f"Place {word[0]} ({word[1]}) pays nhất."
        )
        rid = "bet" if last else ("nhi", "ba")[place - 1]
        rows.append(Row(rid, word[0], _pts(lang, rules.pay_rank[place], rules), text))
    rows += [
        Row(i, terms[i], values[i], say(lang, *WHAT[i]))
        for i in ("mom", "u", "u_gui", "u_tron", "u_an_ba_cay", "u_khan")
    ]
    rows.append(Row("den", terms["den"], _den_value(rules, lang), _den_text(rules, lang)))
    return Section(
        "scoring",
        say(lang, "Tính điểm", "Scoring"),
        (
            say(
                lang,
                "Không ai ù: mỗi người trả người nhất theo hạng của mình, người móm trả tiền móm. "
                "Có người ù: ai cũng trả người ù, trừ khi có người phải đền thay cả làng. Tiền "
                "bị ăn trả ngay trong ván và vẫn giữ nguyên dù sau đó ra sao.",
                "No ù: each player pays nhất by its place, a móm player the móm amount. An ù: "
                "everyone pays the winner, unless one player pays for all (đền). Eat payments "
                "are made during play and stand whatever follows.",
            ),
            say(
                lang,
                f"Các số dưới đây là của bàn này ({n} người).",
                f"The amounts below are this table's ({n} players).",
            ),
        ),
        rows=tuple(rows),
        columns=COLUMNS["scoring"][1 if lang == "en" else 0],
    )


def _den_value(rules: Rules, lang: Lang) -> str:
    if not (rules.den_three_eats or rules.den_u_from_chot):
        return say(lang, "bàn này không có", "not at this table")
    total = _pts(lang, rules.pay_u * (rules.players - 1), rules)
    return say(lang, f"một người trả {total}", f"one player pays {total}")


def _den_text(rules: Rules, lang: Lang) -> str:
    why: list[str] = []
    if rules.den_three_eats:
        why.append(say(lang, "người để bị ăn ba cây", "the player eaten from three times"))
    if rules.den_u_from_chot:
        why.append(
            say(
                lang,
                "người đánh quân chốt cho người khác ăn rồi ù",
                "the player whose chốt was eaten for the ù",
            )
        )
    if not why:
        return say(lang, "Không ai phải trả thay cả làng.", "Nobody pays for everyone.")
    return (
        say(lang, "Trả thay cả làng: ", "Pays for everyone: ")
        + say(lang, " hoặc ", " or ").join(why)
        + "."
    )


def _faults(lang: Lang) -> Section:
    return Section(
        "faults",
        say(lang, "Lỗi", "Faults"),
        (
            say(
                lang,
                "Phỏm ở đây không có lỗi phạt: bàn chỉ cho đi những nước hợp lệ (ăn sai, hạ sai, "
                "gửi sai đều không bấm được). Cái giá phải trả là móm và đền.",
                "Phỏm here has no faults: the table only offers legal moves (a wrong eat, lay "
                "or send cannot be made). What costs is being móm and đền.",
            ),
        ),
    )


def _options(rules: Rules, lang: Lang) -> Section:
    words = OPTION_WORDS
    rows = tuple(
        Row(
            name,
            words.label(name, lang),
            option_value(name, getattr(rules, name), lang),
            words.help(name, lang),
        )
        for name in words.options
    )
    note = say(
        lang,
        f"Số tiền tính theo đơn vị, mỗi đơn vị {rules.stake} điểm.",
        f"Amounts are in units of {rules.stake} point" + ("" if rules.stake == 1 else "s") + ".",
    )
    return options_section(rows, lang, note)


def rulebook(rules: Rules, lang: Lang = "vi") -> Rulebook:
    """The rules of Phỏm under ``rules``, in ``lang``."""
    return Rulebook(
        game="phom",
        title="Phỏm",
        lang=lang,
        sections=(
            _about(rules, lang),
            _cards(rules, lang),
            _groups(rules, lang),
            _turn(rules, lang),
            _claims(rules, lang),
            _winning(rules, lang),
            _scoring(rules, lang),
            _faults(lang),
            _options(rules, lang),
        ),
        sources=SOURCES,
    )
