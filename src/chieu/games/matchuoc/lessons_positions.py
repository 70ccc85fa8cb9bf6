"""The positions of the Mạt chược lessons (``lessons.py``), and the words several of them
share. Each position is a deck built with ``setups.deck_for`` from the four hands (seat
order, the dealer's 14 tiles), the tiles drawn from the live end and from the đầu coong, and
its setup.

The learner is seat 0. The other seats hold tiles that make no pair and no two tiles of a
run (``JUNK``...), so they can neither win nor claim what the learner discards: the position
teaches its one idea, whoever plays the other seats.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from chieu.core.lessons import Say
from chieu.games.matchuoc.cards import parse_tiles
from chieu.games.matchuoc.setups import deck_for

#: 13 tiles of which no two make a pair or part of a run (no claim, no win)
JUNK = "1m 4m 7m 1p 4p 7p 1s 4s 7s 1z 2z 3z 4z"
JUNK2 = "2m 5m 8m 2p 5p 8p 2s 5s 8s 5z 6z 7z 1z"
JUNK3 = "3m 6m 9m 3p 6p 9p 3s 6s 9s 2z 3z 4z 5z"

Deck = Callable[[], list[int]]


def deck(hands: tuple[str, str, str, str], live: str = "", dead: str = "", dealer: int = 0) -> Deck:
    """The deck that deals ``hands`` (tile codes, seat order) and draws ``live`` then the
    rest from the live end, ``dead`` from the đầu coong (a function: built when asked)."""
    return partial(
        deck_for,
        [parse_tiles(h) for h in hands],
        parse_tiles(live),
        parse_tiles(dead),
        dealer=dealer,
    )


def setup(dealer: int) -> dict[str, int]:
    """The setup of a lesson's deal: its dealer, the Đông round."""
    return {"dealer": dealer, "round_wind": 1}


# the tiles: a lone honor among suited tiles (the learner deals)
TILES = deck(("123m 456m 789p 23s 55s 4z", JUNK, JUNK2, JUNK3))
# dựng hoa: the own-seat flower Mai, then Cúc from the đầu coong, then Đông
FLOWERS = deck(("234m 567p 88p 345s 79s 1f", JUNK, JUNK2, JUNK3), dead="3f 1z")
# phỗng: the dealer (seat 2) discards Trung; the learner holds a pair of it
PUNG = deck(("77z 123m 456m 55p 78p 9s", JUNK, f"{JUNK2} 3z", JUNK3), dealer=2)
# ăn: the dealer on the learner's left (seat 3) discards Ngũ Vạn; the learner holds 4m 6m
CHOW = deck(("46m 123p 789p 55s 67s 1z", JUNK, JUNK3, f"{JUNK2} 3z"), dealer=3)
# coong: four Nhị Văn in hand (coong kín), then seat 1 discards a Trung, the learner holds 3
# (open coong); its replacement, Bát Sách, wins
KONG = deck(
    (
        "2222p 777z 345m 99s 1z 6s",
        "2m 5m 8m 1p 5p 8p 2s 5s 8s 5z 6z 7z 1z",
        JUNK,
        JUNK3,
    ),
    live="9m",
    dead="7s 8s",
)
# ù on a discard: discard Trung to wait on Nhị / Ngũ Sách; seat 1 discards Nhị Sách
WIN = deck(("123m 456m 789p 55s 34s 7z", JUNK2, JUNK, JUNK3), live="9m")
# tự bốc: discard Tây to wait on Ngũ Vạn alone; the learner draws it (xuyên)
SELF_DRAW = deck(("46m 123p 789p 55s 678s 3z", JUNK2, JUNK, JUNK3), live="9m 9p 9m 5m")
# phán and mủn: keep one suit (Toàn hàng); seat 1 discards Ngũ Vạn
ONE_SUIT = deck(("123m 456m 789m 234m 5m 7s", JUNK2, JUNK, JUNK3), live="9m")
# the most waits: Tam Tứ Vạn waits on two kinds, Tứ Lục Vạn on one
WAITS = deck(("34m 6m 123p 456p 789s 11z", JUNK2, JUNK, JUNK3), live="9m")
# not every claim helps: the dealer (seat 2) discards Ngũ Văn; the learner's pair is 55p
GREED = deck(("123m 456m 789p 55p 45s", JUNK, f"{JUNK2} 3z", JUNK3), dealer=2)

# -- words several lessons say

IN_A_GROUP: Say = (
    "Quân đó đang nằm trong một phu, đôi hay cặp chờ của bạn.",
    "That tile is part of one of your phu, your pair or a pair of neighbours.",
)
LONE_HONOR: Say = (
    "Quân chữ nào đứng một mình?",
    "Which honor tile stands alone?",
)
SELF_WIN_HINT: Say = (
    "Quân vừa bốc có làm bài bạn đủ bốn phu và một đôi không?",
    "Does the tile you drew give you four phu and a pair?",
)
DISCARD_LOSES: Say = (
    "Quân vừa bốc làm bài bạn đủ: đánh đi là bỏ mất ván thắng.",
    "The tile you drew completes your hand: discarding throws the win away.",
)
PASS_LOSES: Say = (
    "Quân này làm bài bạn đủ: bỏ qua là bỏ mất ván thắng.",
    "This tile completes your hand: passing throws the win away.",
)
DISCARD_WINS_HINT: Say = (
    "Quân vừa đánh có làm bài bạn đủ bốn phu và một đôi không?",
    "Does the discard give you four phu and a pair?",
)
