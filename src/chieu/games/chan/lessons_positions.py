"""The tables of Chắn's lessons (``lessons.py``): each a four-seat deal built with
``setups.deck_for``, the learner's hand written out whole, the other hands filled harmlessly.

A hand is written as card codes (``parse_cards``); the learner's is given whole (20 cards for
the cái, 19 otherwise). Another seat's hand may be written in part (the cards its scripted
moves need): the rest is filled from the spare cards, the same way every time, so that it
holds no three identical cards and at least three ranks that do not pair up (it can neither
chíu nor win), and no card of a rank written for it. Whatever is not dealt is the nọc, drawn
in the order ``draws`` gives, then the rest. A position is the keywords of a ``Lesson``: its
``deal``, ``setup`` and ``prelude`` (the moves the engine plays first, every seat's).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypedDict

from chieu.core.lessons import LessonError, Move
from chieu.games.chan.cards import CC, KINDS, parse_cards
from chieu.games.chan.setups import deck_for

PLAYERS = 4
_TRIES = 400


class Position(TypedDict):
    """A lesson's table: ``Lesson(..., **position)``."""

    deal: list[int]
    setup: dict[str, object]
    prelude: tuple[Move, ...]


def _bad_ranks(c: Sequence[int]) -> int:
    """Ranks (and Chi chi) that cannot pair up completely: a què or a ba đầu."""
    bad = sum(1 for b in range(0, 24, 3) if sum(c[k] & 1 for k in range(b, b + 3)) in (1, 3))
    return bad + (c[CC] & 1)


def _rank(kind: int) -> int:
    return CC if kind == CC else kind // 3


def _fill(given: list[list[int]], draws: list[int], cai: int, seed: int) -> list[list[int]]:
    rest = KINDS.full_counts()
    for kinds in [*given, draws]:
        for k in kinds:
            rest[k] -= 1
    if min(rest) < 0:
        raise LessonError("more than 4 copies of a card in a lesson's hands and draws")
    target = [20 if s == cai else 19 for s in range(PLAYERS)]
    rng = random.Random(seed)
    for _ in range(_TRIES):
        pool = KINDS.kinds_of(rest)
        rng.shuffle(pool)
        out = [list(h) for h in given]
        for s in range(PLAYERS):
            need = target[s] - len(out[s])
            if need < 0:
                raise LessonError(f"seat {s}: {len(out[s])} cards, more than {target[s]}")
            if need == 0:
                continue
            c = KINDS.counts(out[s])
            mine = {_rank(k) for k in given[s]}
            for k in list(pool):
                if need == 0:
                    break
                if c[k] >= 2 or _rank(k) in mine:
                    continue
                c[k] += 1
                out[s].append(k)
                pool.remove(k)
                need -= 1
            if need or _bad_ranks(c) < 3:
                break
        else:
            return out
    raise LessonError("a lesson's hands cannot be filled harmlessly")


def table(
    hands: Sequence[str], draws: str = "", *, cai: int, moves: str = "", seed: int = 28
) -> Position:
    """A four-seat deal: ``hands`` per seat (codes; a hand left short is filled), ``draws``
    the first cards of the nọc in draw order, ``cai`` the seat of 20; ``moves`` the prelude,
    ``"seat: move; ..."`` (the game's notation)."""
    given = [parse_cards(h) for h in hands]
    drawn = parse_cards(draws)
    full = _fill(given, drawn, cai, seed)
    deck, bat_cai = deck_for(full, drawn)
    prelude = tuple(
        Move(int(seat), text.strip())
        for seat, text in (m.split(":") for m in moves.split(";") if m.strip())
    )
    return {"deal": deck, "setup": {"bat_cai": bat_cai}, "prelude": prelude}


# -- the positions, in teaching order (the learner is seat 0) --------------------------------

#: the cái's 20 cards: four chắn, four cạ, a ba đầu (6) and one què, cửu văn
CARDS = table(["2V2V 5S5S 8V8V CCCC 3V3S 4S4W 7V7W 8S8W 6V6S6W 9W", "", "", ""], cai=0)

#: the cái's 20 cards: four chắn, five cạ and two què (thất văn, bát sách)
CHAN_CA = table(["3W3W 3V3S 6V6V 6S6W 9S9S CCCC 2V2S 4V4W 5S5W 7W 8S", "", "", ""], cai=0)

#: five chắn, three cạ, three què (thất sách among them); seat 3, the cái, đánh 7S
AN_CHAN = table(
    ["2V2V 3S3S 5W5W 8S8S CCCC 6V6S 3V3W 8V8W 7S 4W 9W", "", "", "7S"], cai=3, moves="3: đánh 7S"
)

#: six chắn (4W among them), two cạ, three què (4S among them); seat 3, the cái, đánh 4V
AN_CA = table(
    ["4W4W 4S 2S2S 6V6V 9V9V 3W3W 5V5V 8S8W 7V7S 9W 2W", "", "", "4V"], cai=3, moves="3: đánh 4V"
)

#: a chắn 6V; seat 3, the cái, đánh 6S; the nọc gives cửu văn, a què of the learner's
BOC_HAY_AN = table(
    ["6V6V 2V2V 2S 4S4S 4V 5W5W 8V8V 7V7W 3S3W CCCC 9W", "", "", "6S"],
    "9W",
    cai=3,
    moves="3: đánh 6S",
)

#: three ngũ vạn; seat 2, the cái, đánh the fourth
CHIU = table(
    ["5V5V5V 2W2W 3S3S 7V7V 9S9S 4V4S 6S6W 8V8W 2S 9W", "", "5V", ""], cai=2, moves="2: đánh 5V"
)

#: the cái's 20 cards: five chắn, three cạ, a ba đầu (6) and a què tứ văn
CHO_U = table(["2V2V 4S4S 4W 7W7W 9V9V CCCC 3V3W 5S5W 8S8W 6V6S6W", "", "", ""], cai=0)

#: six chắn, three cạ and a què thất văn: waiting (ù rộng) on 7V, 7S, 7W
_WAITING = "2V2V 3S3S 5W5W 8V8V 9S9S CCCC 4V4W 6S6W 8S8W 7W"

#: seat 1 (cái) đánh 2W, seat 2 bốc 4S and dưới, seat 3 bốc thất sách: the learner ù
U = table([_WAITING, "2W", "", ""], "4S 7S", cai=1, moves="1: đánh 2W; 2: bốc; 2: dưới; 3: bốc")

#: five chắn, four cạ and a què lục sách: bạch thủ on 6S. Seat 1 (cái) đánh 2W, seat 2 bốc
#: 4S and dưới, seat 3 bốc 3V and dưới; the learner bốc lục sách
BACH_THU = table(
    ["2V2V 4S4S 7W7W 9V9V CCCC 3S3W 5V5W 8V8W 4V4W 6S", "2W", "", ""],
    "4S 3V 6S",
    cai=1,
    moves="1: đánh 2W; 2: bốc; 2: dưới; 3: bốc; 3: dưới",
)

#: the same wait as ``U``; seat 1, the cái, đánh thất vạn
U_LAO = table([_WAITING, "7V", "", ""], cai=1, moves="1: đánh 7V")

#: the cái's 20 cards with a cạ 7V 7S; the learner đánh 7V, the others bốc and dưới, seat 3
#: dưới tứ vạn: the learner ăn cạ with 4S
AN_CA_DANH_CA = table(
    ["3V3V 3S 5S5S 5W 6W6W 6V 8V8V CCCC 7V7S 9V9S 2V2W 4S", "", "", ""],
    "2S 9W 4V",
    cai=0,
    moves="0: đánh 7V; 1: bốc; 1: dưới; 2: bốc; 2: dưới; 3: bốc; 3: dưới",
)
