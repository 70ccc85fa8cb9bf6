"""The positions of the Tổ tôm lessons (``lessons.py``): real deals built with
``setups.deck_for``, one per lesson.

``table(hands, draws, cai=...)`` is a zero-arg function giving a 120-card deck whose deal
gives each seat of ``hands`` its 20 cards (the người được cái is ``cai``: pass
``setup={"cai": cai}``) and whose nọc turns up ``draws`` first; the other seats and the rest
of the nọc get the cards left, in a fixed shuffled order (the same deck every time).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from chieu.core.rng import Rng
from chieu.games.totom.cards import KINDS, parse_cards
from chieu.games.totom.setups import PART, deck_for

PLAYERS = 5


def table(
    hands: Mapping[int, str],
    draws: str = "",
    *,
    cai: int = 0,
    keep: str = "",
    fill: int = 1,
) -> Callable[[], list[int]]:
    """A deck: ``hands`` (seat -> its cards in notation, completed to 20 from the cards
    left), the nọc's first cards ``draws``, then ``keep`` (cards no other seat may hold:
    the copies a bot could claim); the cards left go round in a fixed order (``fill``)."""

    def deal() -> list[int]:
        chosen = {s: parse_cards(t) for s, t in hands.items()}
        nocc = parse_cards(draws) + parse_cards(keep)
        rest = KINDS.full_counts()
        for k in [*(k for h in chosen.values() for k in h), *nocc]:
            rest[k] -= 1
        spare = Rng(fill, "totom", "lesson").shuffled(KINDS.kinds_of(rest))
        seats: list[list[int]] = []
        for s in range(PLAYERS):
            need = PART - len(chosen.get(s, ()))
            seats.append([*chosen.get(s, ()), *spare[:need]])
            spare = spare[need:]
        return deck_for(seats, [*nocc, *spare], cai=cai)

    return deal


# -- the hands (seat 0 is the learner's) ---------------------------------------------------

#: 17 cards one short of a win: a tôm, a cửu vạn cửu sách thang thang or a lèo, two yêu,
#: three runs and the cạ 6S 7S
CORE = "1S 2S 3S 4W 5W 6W 9V 8S CC 7W 3V 3S 9S TT OL 6S 7S"

#: the cards: the learner (người được cái) ate 5V with 4V 6V; 8W is the one loose card
CARDS = table({0: f"4V 6V {CORE} 8W"}, "5V", keep="5V 5V 5V")
#: eat into a run: 5V with 4V 6V (not 3V 4V 5V, which breaks the tôm), then discard 1W
RUN = table({0: f"4V 6V {CORE} 1W"}, "5V", keep="5V 5V 5V")
#: phu bí: 5S with 5V 5W (a lưng) rather than with 6S 7S (a run)
BI = table(
    {0: "5V 5W 1S 2S 3S 9V 8S CC 7W 3V 3S 9S TT OL 6S 7S 7V 8V 9V 8W"}, "5S", keep="5S 5S 5S"
)
#: a named lưng: 7W with 3V 3S (tôm) rather than with 6W 8W (a run)
TOM = table(
    {0: "3V 3S 6W 8W 1S 2S 3S 4V 5V 6V 9V 8S CC 9S TT OL 6S 7S 2V 2S"}, "7W", keep="7W 7W 7W"
)
#: a khàn 6S 6S 6S dealt: keep it face down
KHAN = table({0: "6S 6S 6S 1S 2S 3S 9V 8S CC 7W 3V 3S 9S TT OL 4W 5W 6W 1V 8W"})
#: the turn: the learner's hand waits (on 5S, 8S...); Người 5 (người được cái) leaves his
#: nọc card 2V, which would break the tôm: xin; the learner's nọc card 2S fits nowhere new:
#: bỏ lượt
TURN = table({0: f"4V 5V 6V {CORE}"}, "2V 2S", cai=4, keep="2S 2S")
#: phỗng: Người 3 (người được cái) eats 3V with 1V 2V and discards 5S; the learner holds 5S 5S
PHONG = table(
    {0: f"5S 5S {CORE} 1W", 2: "1V 2V 5S"},
    "3V",
    cai=2,
)
#: dậy khàn: the learner's khàn 6W; Người 3 eats 3V with 1V 2V and discards the fourth 6W
DAY_KHAN = table(
    {0: "6W 6W 6W 1S 2S 3S 9V 8S CC 7W 3V 3S 9S TT OL 4V 5V 6S 7S 8W", 2: "1V 2V 6W"},
    "3V",
    cai=2,
)
#: every card in phu with 5S but only two lưng (tôm, lèo): do not declare ù
THIEU = table({0: "7W 3V 3S 9V 8S CC 1S 2S 3S 4W 5W 6W 4V 5V 6V 7V 8V 9V 6S 7S"}, "5S")
#: ù on 5V: five lưng, có tôm, bạch thủ
WIN = table({0: f"4V 6V {CORE} 9W"}, "5V", keep="5V 5V")
#: ù on 5S with a lèo (called by the winner: declared hô)
CALLS = table({0: "9V 8S CC 9S TT OL 1S 2S 3S 4W 5W 6W 4V 5V 6V 2V 2S 2W 6S 7S"}, "5S")
#: treo tranh trái vỉ: eat 5V with 4V 6V while holding a 5V: lay it down before discarding
COPIES = table(
    {0: "4V 5V 6V 1S 2S 3S 9V 8S CC 7W 3V 3S 9S TT OL 6S 7S 4W 5W 8W"}, "5V", keep="5V 5V"
)
