"""The Phỏm hand checker behind ``chieu check phom``: text in, a JSON-ready dict out.

The HAND lists the 9 to 11 cards a player holds (eaten cards included). With 10 or 11 cards
the report includes the best discard; with ``--table`` the cards that can be sent (gửi) onto
the phỏm already laid down; with ``--eaten`` the eaten cards, which must each sit in a
different phỏm (A.4). The best arrangement leaves the fewest points (A.9b), then sends the most
cards; ``alternatives`` lists every other arrangement that is as good. Bad text raises
``NotationError`` naming the token or the count, in English and in Vietnamese (its ``vi``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal, TypedDict

from chieu.core.checking import CheckOption, read_cards
from chieu.core.errors import NotationError
from chieu.core.notation import Lang
from chieu.games.phom import analysis as an
from chieu.games.phom.cards import (
    card_name,
    cards_of,
    check_distinct,
    code,
    parse_cards,
    sort_key,
)
from chieu.games.phom.notation import card_error
from chieu.games.phom.rules import Rules

HAND_SIZES = (9, 10, 11)


class SentJson(TypedDict):
    card: str
    onto: list[str]  # the table phỏm it is sent onto


class ArrangementJson(TypedDict):
    """One arrangement of the hand, the cards as codes."""

    melds: list[list[str]]
    sent: list[SentJson]
    deadwood: list[str]
    points: int
    discard: str | None


class OutJson(TypedDict):
    card: str
    points: int
    completes: bool
    unseen: int


class PhomCheckReport(ArrangementJson):
    """``chieu check phom``'s report: the best arrangement's keys, then the rest."""

    game: Literal["phom"]
    input: str
    cards: list[str]
    eaten: list[str]
    table: list[list[str]]
    u: bool
    mom: bool
    u_khan: bool
    alternatives: list[ArrangementJson]
    outs: list[OutJson]
    outs_unseen: int


CHECK_OPTIONS: list[CheckOption] = [
    CheckOption(
        "eaten",
        str,
        'những quân trong bài là quân đã ăn (mỗi quân phải nằm ở một phỏm riêng), ví dụ "Kh 7s"',
        'cards of the hand that were eaten (each must sit in its own phỏm), e.g. "Kh 7s"',
        "",
    ),
    CheckOption(
        "table",
        str,
        "các phỏm người khác đã hạ, cách nhau bằng ';', để gửi bài (ví dụ \"Js Jh Jd; 4c 5c 6c\")",
        "phỏm already laid down by other players, ';'-separated, for gửi (e.g. \"Js Jh Jd; "
        '4c 5c 6c")',
        "",
    ),
    CheckOption(
        "seen",
        str,
        "những quân đã thấy ở chỗ khác (bài đánh ra, quân người khác ăn), để đếm các quân chờ "
        "còn chưa lộ",
        "cards seen elsewhere (rows, other eaten cards), for the unseen counts of the outs",
        "",
    ),
]


def _cards(text: str) -> list[int]:
    """``parse_cards``, its errors in Vietnamese too (``card_error``, as ``chieu play`` says)."""
    return read_cards(parse_cards, text, lambda _t, e: str(card_error(e, "vi")))


def _codes(mask: int) -> list[str]:
    return [code(c) for c in sorted(cards_of(mask), key=sort_key)]


def _meld_codes(mask: int) -> list[str]:
    cards = cards_of(mask)
    if an.phom_kind(mask) == "set":
        return [code(c) for c in cards]
    return [code(c) for c in sorted(cards, key=sort_key)]


def _parse_table(text: str, used: int) -> list[int]:
    out: list[int] = []
    for chunk in text.split(";"):
        if not chunk.strip():
            continue
        cards = _cards(chunk)
        m = check_distinct(cards, "table")
        shown = " ".join(code(c) for c in cards)
        if not an.is_phom(m):
            raise NotationError(
                f"table phỏm '{shown}' is not a phỏm: 3-4 cards of one rank, or 3+ consecutive "
                "cards of one suit (A low, no wrap-around)",
                token=chunk.strip(),
                vi=f"'{shown}' trên bàn không phải phỏm: phỏm là 3-4 quân cùng hạng, hoặc từ 3 "
                "quân liên tiếp cùng chất (A là quân thấp nhất, không vòng lại)",
            )
        if m & used:
            c = cards_of(m & used)[0]
            raise NotationError(
                f"{code(c)} ({card_name(c)}) of table phỏm '{shown}' is already in the hand "
                "or in another table phỏm",
                token=code(c),
                vi=f"{code(c)} ({card_name(c)}) của phỏm '{shown}' trên bàn đã có trong bài "
                "hoặc trong một phỏm khác trên bàn",
            )
        used |= m
        out.append(m)
    return out


def _arrangement_json(a: an.Arrangement, table: list[int]) -> ArrangementJson:
    return {
        "melds": [_meld_codes(m) for m in a.melds],
        "sent": [{"card": code(c), "onto": _meld_codes(table[i])} for c, i in a.sent],
        "deadwood": _codes(a.deadwood),
        "points": a.points,
        "discard": None if a.discard is None else code(a.discard),
    }


def _table_mask(table: Sequence[int]) -> int:
    out = 0
    for m in table:
        out |= m
    return out


def check_hand(
    text: str, options: Mapping[str, object], rules: Rules, lang: Lang = "vi"
) -> PhomCheckReport:
    """Check one Phỏm hand; the JSON-ready report (see the module docstring; it has no
    sentences, so ``lang`` changes nothing).

    Keys: game, input, cards, eaten, table, melds, sent, deadwood, points, u, mom, discard,
    alternatives, u_khan, outs.
    """
    cards = _cards(text)
    if len(cards) not in HAND_SIZES:
        raise NotationError(
            f"a Phỏm hand lists 9 to 11 cards (eaten cards included); got {len(cards)} cards",
            vi=f"bài Phỏm có từ 9 đến 11 quân (kể cả quân đã ăn); ở đây có {len(cards)} quân",
        )
    hand = check_distinct(cards)
    eaten_text = str(options.get("eaten") or "")
    eaten_cards = _cards(eaten_text)
    eaten = check_distinct(eaten_cards, "eaten cards")
    if eaten & ~hand:
        c = cards_of(eaten & ~hand)[0]
        raise NotationError(
            f"eaten card {code(c)} ({card_name(c)}) is not in the hand: the hand lists every "
            "held card, eaten ones included",
            token=code(c),
            vi=f"quân đã ăn {code(c)} ({card_name(c)}) không có trong bài: bài phải ghi mọi "
            "quân đang cầm, kể cả quân đã ăn",
        )
    if eaten.bit_count() > 3:
        raise NotationError(
            "more than 3 eaten cards: the third eat already ends the hand (ù)",
            vi="quá 3 quân đã ăn: ăn đến quân thứ ba là đã ù",
        )
    table = _parse_table(str(options.get("table") or ""), hand)
    seen_extra = check_distinct(_cards(str(options.get("seen") or "")), "seen cards")
    clash = seen_extra & (hand | _table_mask(table))
    if clash:
        c = cards_of(clash)[0]
        raise NotationError(
            f"seen card {code(c)} ({card_name(c)}) is already in the hand or on the table: "
            "--seen lists the cards seen elsewhere",
            token=code(c),
            vi=f"quân đã thấy {code(c)} ({card_name(c)}) đã có trong bài hoặc trên bàn: "
            "--seen chỉ ghi những quân thấy ở chỗ khác",
        )
    discard = len(cards) >= 10
    found = an.best_arrangements(
        hand,
        eaten,
        table,
        send=bool(table),
        discard=discard,
        mom_may_send=rules.mom_may_send,
        variant=rules.card_points,
    )
    if not found:
        shown = " ".join(code(c) for c in eaten_cards)
        raise NotationError(
            "the eaten cards cannot each sit in a different phỏm of this hand "
            f"({shown}): the eaten-card invariant fails",
            vi=f"các quân đã ăn ({shown}) không thể mỗi quân nằm ở một phỏm riêng của bài này: "
            "sai luật quân ăn",
        )
    best = found[0]
    rest = hand & ~best.deadwood  # placed cards
    after = hand if best.discard is None else hand & ~(1 << best.discard)
    seen = seen_extra
    for m in table:
        seen |= m
    outs = an.outs(after, eaten, seen | hand, rules.card_points)
    del rest
    out_list: list[OutJson] = [
        {
            "card": code(o.card),
            "points": o.points,
            "completes": o.completes,
            "unseen": o.unseen,
        }
        for o in sorted(outs, key=lambda o: (o.points, sort_key(o.card)))
    ]
    return {
        "game": "phom",
        "input": text,
        "cards": _codes(hand),
        "eaten": _codes(eaten),
        "table": [_meld_codes(m) for m in table],
        **_arrangement_json(best, table),
        "u": best.points == 0,
        "mom": best.mom,
        "u_khan": len(cards) <= 10
        and not an.has_phom(hand)
        and not an.has_ca(hand, rules.u_khan_ca == "within_two"),
        "alternatives": [_arrangement_json(a, table) for a in found[1:]],
        "outs": out_list,
        "outs_unseen": sum(o["unseen"] for o in out_list),
    }
