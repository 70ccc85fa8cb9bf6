"""The tables of Phỏm's lessons: a deck and the scripted moves that lead to each position.

A lesson names only what matters: the learner's hand, the few cards other seats must hold,
draw or discard, and each turn of the script (:class:`Turn`). :func:`position` deals the rest
of every hand with cards that make no phỏm for their holder, chooses the cards the other seats
draw and throw away (a card neither the drawer nor the next seat could use), and gives the
deck (``setups.deck_for``), the ``setup`` and the moves (``core.lessons.Move``) in the game's
notation: ``bốc``, ``ăn``, ``hạ 8h 9h Th``, ``đánh Kc``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial

from chieu.core.lessons import Move
from chieu.games.phom import analysis as an
from chieu.games.phom.cards import KINDS, card_of, cards_of, mask_of, parse_cards, rank_of, suit_of
from chieu.games.phom.setups import FIRST_HAND, OTHER_HAND, deck_for

PLAYERS = 4
LEARNER = 0
KEEP = "-"  # a turn that stops before its discard (the learner's decision comes next)
#: the order the filler takes cards in: ranks spread out, so fillers rarely make a cạ
_FILLER = sorted(range(52), key=lambda c: ((rank_of(c) * 5 + suit_of(c) * 3) % 13, suit_of(c)))


@dataclass(frozen=True, slots=True)
class Turn:
    """One turn of ``seat``. ``take``: ``None`` draws a card the position picks, ``""`` takes
    nothing (the first player's opening turn), ``"ăn"`` eats the discard, a card code draws
    that card. ``lays``: the phỏm laid (codes). ``discard``: ``None`` throws the card drawn
    (with no draw: the highest card in no phỏm), :data:`KEEP` stops before the discard, a
    code throws that card. ``play``: False for a turn of the learner's lesson steps (its
    draws still shape the deck; no move is scripted)."""

    seat: int
    take: str | None = None
    lays: tuple[str, ...] = ()
    discard: str | None = None
    play: bool = True


@dataclass(frozen=True, slots=True)
class Position:
    """A lesson's table: the ``deal`` (a function giving the deck), the ``setup``, and the
    scripted moves of each group of turns (the prelude first, then each step's replies)."""

    deal: Callable[[], list[int]]
    setup: Mapping[str, object]
    moves: tuple[tuple[Move, ...], ...]

    @property
    def prelude(self) -> tuple[Move, ...]:
        return self.moves[0]


def _mask(text: str) -> int:
    return mask_of(parse_cards(text))


def _code(card: int) -> str:
    return KINDS.codes[card]


def _highest(mask: int) -> int:
    """The card of ``mask`` worth the most points (the highest rank, then suit)."""
    return max(cards_of(mask), key=lambda c: (rank_of(c), suit_of(c)))


def _melds(hand: int) -> list[int]:
    """The phỏm of the best lay-down of ``hand`` (fewest points left)."""
    return list(an.best_melds(hand, an.RUN_TABLE, an.run_melds())[1])


def _spare_meld(pool: Sequence[int], hand: int, avoid: int) -> int:
    """A phỏm for a seat the lesson does not shape, from ``pool``: three cards of a rank
    whose fourth is in ``pool`` too, else a run of three that no card of ``avoid`` (the
    learner's) extends; making no longer phỏm with ``hand``."""
    free = mask_of(pool)
    for r in (10, 3, 6, 1, 11, 4, 7, 2, 12, 5, 8, 0, 9):
        four = [card_of(r, su) for su in range(4)]
        if all(free >> c & 1 for c in four) and not any(an.makes_phom(hand, c) for c in four):
            return mask_of(four[:3])
    for r in range(1, 10):
        for su in range(4):
            run = [card_of(r + k, su) for k in range(3)]
            ends = [card_of(r - 1, su), card_of(r + 3, su)]
            if (
                all(free >> c & 1 for c in run)
                and not any(avoid >> c & 1 for c in ends)
                and not any(an.makes_phom(hand, c) for c in run)
            ):
                return mask_of(run)
    return 0


def _spare(hand: int, after: int) -> int:
    """The card a seat with no draw throws: the highest in no phỏm that the next seat
    cannot eat, else the highest in no phỏm."""
    loose = hand & ~an.covered(hand) or hand
    safe = [c for c in cards_of(loose) if not an.makes_phom(after, c)]
    return _highest(mask_of(safe)) if safe else _highest(loose)


def position(first: int, hands: Mapping[int, str], *groups: Sequence[Turn]) -> Position:
    """The table where seat ``first`` plays first, ``hands[seat]`` are in seat's hand (the
    rest dealt by the filler), and ``groups`` of turns are played in order."""
    turns = [t for g in groups for t in g]
    fixed = {seat: _mask(text) for seat, text in hands.items()}
    used = 0
    for m in fixed.values():
        used |= m
    held = [fixed.get(s, 0) for s in range(PLAYERS)]
    later = [0] * PLAYERS  # the cards each seat is scripted to draw
    for t in turns:
        if t.take and t.take != "ăn":
            later[t.seat] |= _mask(t.take)
            used |= _mask(t.take)
    pool = [c for c in _FILLER if not used >> c & 1]
    for seat in range(PLAYERS):
        if seat != LEARNER and not an.has_phom(held[seat]):
            meld = _spare_meld(pool, held[seat] | later[seat], held[LEARNER] | later[LEARNER])
            held[seat] |= meld
            pool = [c for c in pool if not meld >> c & 1]
    for j in range(PLAYERS):
        seat = (first + j) % PLAYERS
        want = FIRST_HAND if j == 0 else OTHER_HAND
        while held[seat].bit_count() < want:
            card = next(c for c in pool if not an.makes_phom(held[seat] | later[seat], c))
            pool.remove(card)
            held[seat] |= 1 << card
    dealt = [cards_of(h) for h in held]
    draws: list[int] = []
    rows = [0] * PLAYERS  # how many cards each seat's row holds
    laid = [False] * PLAYERS
    live, fed = -1, -1
    out: list[tuple[Move, ...]] = []
    for group in groups:
        moves: list[Move] = []
        for t in group:
            seat, hand = t.seat, held[t.seat]
            say: list[str] = []
            drawn = -1
            if t.take is None:
                after = held[(seat + 1) % PLAYERS]
                drawn = next(
                    c
                    for c in pool
                    if not an.makes_phom(hand | later[seat], c) and not an.makes_phom(after, c)
                )
                pool.remove(drawn)
            elif t.take == "ăn":
                hand |= 1 << live
                rows[fed] -= 1
                say.append("ăn")
            elif t.take:
                drawn = parse_cards(t.take)[0]
            if drawn >= 0:
                draws.append(drawn)
                hand |= 1 << drawn
                say.append("bốc")
            lays = t.lays
            if not lays and seat != LEARNER and rows[seat] == 3 and not laid[seat]:
                lays = tuple(" ".join(map(_code, cards_of(m))) for m in _melds(hand))
            for words in lays:
                hand &= ~_mask(words)
                say.append(f"hạ {words}")
            if t.discard != KEEP:
                if t.discard:
                    card = parse_cards(t.discard)[0]
                elif drawn >= 0:
                    card = drawn
                else:
                    card = _spare(hand, held[(seat + 1) % PLAYERS])
                hand &= ~(1 << card)
                live, fed = card, seat
                laid[seat] = laid[seat] or rows[seat] == 3
                rows[seat] += 1
                say.append(f"đánh {_code(card)}")
            held[seat] = hand
            if t.play:
                moves += [Move(seat, text) for text in say]
        out.append(tuple(moves))
    deal = partial(deck_for, dealt, draws, first=first)
    return Position(deal, {"first": first}, tuple(out))


def plain(*seats: int) -> list[Turn]:
    """A plain turn of each of ``seats`` in order: draw a spare card and throw it."""
    return [Turn(s) for s in seats]


# -- the lessons' tables (``lessons.py``), in teaching order ---------------------------------

CARDS_TABLE = position(
    0,
    {0: "7s 7c 7d 3h 4h 5h As 2c 9d Kc"},
    [],
    [Turn(0, "", discard="Kc", play=False), *plain(1, 2, 3), Turn(0, "6h", discard=KEEP)],
)

MELDS_TABLE = position(
    0,
    {0: "8s 8c 8d 4h 5h 6h Qs Ks As Jd"},
    [
        Turn(0, "", discard="Jd"),
        *plain(1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3),
        Turn(0, "2c", discard=KEEP),
    ],
)

EAT_TABLE = position(3, {3: "8d", 0: "8s 8c 2h 4d 6s 9c Jd Kh 3c"}, [Turn(3, "", discard="8d")])

DRAW_TABLE = position(
    3,
    {3: "6d", 0: "4h 5h 6h 7h 6s Ac 2d 3s 4c"},
    [Turn(3, "", discard="6d")],
    [Turn(0, "Kd", discard=KEEP, play=False)],
)

LAY_TABLE = position(
    0,
    {0: "9s 9c 9h 7d 8d As 2c 4s Kc Qh"},
    [
        Turn(0, "", discard="Kc"),
        *plain(1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3),
        Turn(0, "9d", discard=KEEP),
    ],
)

MOM_TABLE = position(
    0,
    {0: "5s 5c Kd Jh 9s 7d 3d As 2h Qc", 3: "5d"},
    [
        Turn(0, "", discard="Kd"),
        *plain(1, 2, 3, 0, 1, 2, 3, 0, 1, 2),
        Turn(3, discard="5d"),
    ],
)

SEND_TABLE = position(
    1,
    {1: "8h 9h Th", 0: "4c 5c 6c Jh Ks 2d 3s 9c Qd"},
    [
        Turn(1, ""),
        *plain(2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0),
        Turn(1, lays=("8h 9h Th",)),
        *plain(2, 3),
        Turn(0, "7s", discard=KEEP),
    ],
)

WIN_TABLE = position(
    3,
    {0: "2s 3s 4s 6c 6d 6h Tc Jc 5d"},
    [Turn(3, ""), Turn(0, "Qc", discard=KEEP)],
)

KHAN_TABLE = position(0, {0: "As 4s 7s Ts Ks 2h 5h 8h Jh 3d"}, [])

CHOT_TABLE = position(
    1,
    {3: "Kc Kd Kh 9d", 0: "9s 9c 2h 4d 6s Jc 3c Qh As"},
    [
        Turn(1, ""),
        *plain(2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2),
        Turn(3, lays=("Kc Kd Kh",), discard="9d"),
    ],
)

DEN_TABLE = position(
    3,
    {3: "5d", 0: "5s 5c 8h 9h Jc Jd Ac 3d Kc"},
    [
        Turn(3, "", discard="5d"),
        Turn(0, "ăn", discard="Kc"),
        *plain(1, 2),
        Turn(3, "7h"),
        Turn(0, "ăn", discard="3d"),
        *plain(1, 2),
        Turn(3, "Jh"),
    ],
)
