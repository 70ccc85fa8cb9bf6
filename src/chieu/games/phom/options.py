"""Phỏm's options and presets in words (the kit's ``option_words``): the lobby's form and the
rules page read their labels here (the help is ``Rules.help``); and the facts of its views'
``extra`` in words (``detail_words``)."""

from __future__ import annotations

from chieu.core.details import DetailWord, DetailWords
from chieu.core.options import OptionWord, OptionWords, PresetWord
from chieu.games.phom.rules import Rules

#: each option's label (vi, en): what the rules page shows instead of the field's id
LABELS: dict[str, tuple[str, str]] = {
    "players": ("Số người chơi", "Players"),
    "card_points": ("Điểm quân bài", "Card points"),
    "play_direction": ("Chiều đi", "Direction of play"),
    "allow_u_khan": ("Cho ù khan", "Ù khan allowed"),
    "u_khan_ca": ("Cạ khi xét ù khan", "Cạ for ù khan"),
    "allow_u_tron": ("Cho ù tròn", "Ù tròn allowed"),
    "send_timing": ("Lúc được gửi", "When cards may be sent"),
    "mom_may_send": ("Móm được gửi", "Móm may send"),
    "finished_player_may_eat": ("Đã xong vẫn được ăn", "A finished player may eat"),
    "chot_definition": ("Quân chốt", "The chốt"),
    "den_three_eats": ("Đền khi bị ăn ba cây", "Đền after three eats"),
    "den_u_from_chot": ("Đền khi ù nhờ ăn chốt", "Đền for an ù on a chốt"),
    "pay_eat": ("Tiền bị ăn", "Eat payment"),
    "pay_eat_chot": ("Tiền bị ăn chốt", "Chốt payment"),
    "pay_rank": ("Tiền theo hạng", "Place payments"),
    "pay_mom": ("Tiền móm", "Móm payment"),
    "pay_u": ("Tiền ù", "Ù payment"),
    "pay_eat_mode": ("Cách tính tiền ăn", "Eat payments"),
    "tie_break": ("Khi bằng điểm", "Tied points"),
    "stake": ("Điểm mỗi đơn vị", "Points per unit"),
}
#: the words of each choice (vi, en)
CHOICE_WORDS: dict[str, tuple[str, str]] = {
    "A1_K13": ("A = 1 … K = 13", "A = 1 … K = 13"),
    "faces_10": ("J, Q, K tính 10", "J, Q, K count 10"),
    "clockwise": ("theo chiều kim đồng hồ", "clockwise"),
    "counterclockwise": ("ngược chiều kim đồng hồ", "counterclockwise"),
    "adjacent_or_same_rank": ("liền nhau hoặc cùng số", "adjacent or same rank"),
    "within_two": ("cách một quân cũng tính", "a one-card gap counts too"),
    "laydown_and_later_turns": ("lúc hạ và các lượt sau", "at the lay-down and later turns"),
    "laydown_only": ("chỉ lúc hạ", "only at the lay-down"),
    "final_discard": ("quân đánh cuối trước khi xong", "the last discard before finishing"),
    "seed_round3": ("quân cuối vòng ba", "the last card of round three"),
    "flat": ("cố định", "flat"),
    "escalating": ("tăng dần theo lần ăn", "growing with each eat"),
    "earlier_laydown_wins": ("ai hạ trước hơn", "the earlier lay-down wins"),
    "split": ("chia đều", "shared"),
}


def _word(name: str) -> OptionWord:
    choices = Rules.choices.get(name, ())
    values = {str(c): CHOICE_WORDS[c] for c in choices if isinstance(c, str)}
    unit = ("người", "players") if name == "players" else None
    return OptionWord(LABELS[name], Rules.help[name], values, unit)


OPTION_WORDS = OptionWords(
    options={name: _word(name) for name in Rules.help},
    presets={
        "default": PresetWord(
            ("Luật thường", "Usual rules"),
            ("A tính 1 … K tính 13, đi theo chiều kim đồng hồ.", "A = 1 … K = 13, clockwise."),
        ),
        "seed": PresetWord(
            ("Luật theo tài liệu gốc", "The source's rules"),
            (
                "Quân chốt là quân cuối vòng ba, cho ù khan, ù nhờ ăn chốt không phải đền.",
                "The chốt is the last card of round three, ù khan allowed, no đền for a chốt.",
            ),
        ),
        "chat": PresetWord(
            ("Luật chặt", "Strict table"),
            (
                "Chỉ gửi lúc hạ, không ù tròn, người đã xong không được ăn.",
                "Send only at the lay-down, no ù tròn, a finished player may not eat.",
            ),
        ),
        "faces_10": PresetWord(
            ("J, Q, K tính 10", "J, Q, K count 10"),
            (
                "Quân hình tính 10 điểm, đi ngược chiều kim đồng hồ.",
                "Face cards count 10 points; play goes counterclockwise.",
            ),
        ),
    },
)

DETAIL_WORDS = DetailWords(
    {
        "first": DetailWord(("Người đi đầu", "First player"), "seat"),
        "direction": DetailWord(
            ("Chiều đi", "Direction of play"),
            "choice",
            OPTION_WORDS.options["play_direction"].values,
        ),
        "chot": DetailWord(("Quân đang lật là chốt", "The live card is a chốt"), "bool"),
        "eats": DetailWord(("Số cây đã ăn", "Cards eaten"), "per_seat"),
        "payments": DetailWord(("Tiền đã trả", "Payments made"), "hidden"),
        "payoffs": DetailWord(("Điểm đến giờ", "Points so far"), "per_seat"),
    }
)
