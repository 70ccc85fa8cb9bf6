"""Đôi's rules in plain words (``GameKit.rulebook``): the numbers come from the rules in
force, so a preset or an option changes what the page says."""

from __future__ import annotations

from chieu.core.notation import Lang, pick
from chieu.core.rulebook import Example, Row, Rulebook, Section
from chieu.core.rules import RulesBase
from chieu_doi.rules import Rules


def rulebook(rules: RulesBase, lang: Lang = "vi") -> Rulebook:
    """The rules of Đôi under ``rules`` in ``lang``."""
    assert isinstance(rules, Rules)

    def w(vi: str, en: str) -> str:
        return pick((vi, en), lang)

    take = w("được", "may") if rules.take_discard else w("không được", "may not")
    points = w("điểm", "points")
    sections = (
        Section(
            "about",
            w("Trò chơi", "The game"),
            (
                w(
                    f"Đôi là trò chơi nhỏ cho {rules.players} người: ai hạ hết bài thành đôi "
                    "trước thì thắng.",
                    f"Đôi is a small game for {rules.players} players: the first to lay "
                    "all their cards in pairs wins.",
                ),
            ),
        ),
        Section(
            "cards",
            w("Bộ bài", "The cards"),
            (
                w(
                    "20 quân: các số từ 1 đến 10, mỗi số một quân đỏ và một quân đen.",
                    "20 cards: ranks 1 to 10, each in red and in black.",
                ),
            ),
            (Example(("1r", "1b", "10r", "10b"), w("Quân đỏ và quân đen", "Red and black")),),
        ),
        Section(
            "groups",
            w("Đôi", "Pairs"),
            (w("Một đôi là hai quân cùng số.", "A pair is two cards of one rank."),),
            (Example(("7r", "7b"), w("Một đôi bảy", "A pair of sevens"), "pair"),),
        ),
        Section(
            "turn",
            w("Một lượt", "A turn"),
            (
                w(
                    f"Bốc một quân từ nọc, hoặc {take} lấy quân vừa đánh; hạ các đôi; "
                    "rồi đánh một quân.",
                    f"Draw from the stock, or ({take}) take the last discard; lay pairs; "
                    "then discard.",
                ),
            ),
        ),
        Section(
            "scoring",
            w("Tính điểm", "Scoring"),
            (w("Mỗi đôi và người hết bài được điểm.", "Each pair and going out score."),),
            rows=(
                Row(
                    "pair_points",
                    w("đôi", "pair"),
                    f"+{rules.pair_points} {points}",
                    w("Mỗi đôi đã hạ.", "Each pair laid."),
                ),
                Row(
                    "out_bonus",
                    w("hết bài", "going out"),
                    f"+{rules.out_bonus} {points}",
                    w("Người hết bài trước.", "The first to empty their hand."),
                ),
            ),
            columns=(w("Tên", "Name"), w("Điểm", "Points"), w("Là gì", "What it is")),
        ),
        Section(
            "options",
            w("Tuỳ chọn của bàn", "House options"),
            rows=(
                Row(
                    "take_discard",
                    w("lấy quân vừa đánh", "taking the discard"),
                    w("có", "yes") if rules.take_discard else w("không", "no"),
                    pick(Rules.help["take_discard"], lang),
                ),
                Row(
                    "hand_size",
                    w("số quân mỗi người", "cards per player"),
                    str(rules.hand_size),
                    pick(Rules.help["hand_size"], lang),
                ),
            ),
            columns=(w("Tên", "Name"), w("Giá trị", "Value"), w("Là gì", "What it is")),
        ),
    )
    return Rulebook("doi", w("Đôi", "Pairs"), lang, sections, ("tests/plugins/doi",))
