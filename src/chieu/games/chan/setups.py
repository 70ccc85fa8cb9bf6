"""How a Chắn deal is set up: the setup keys, the piles (A2.2), decks for scenarios, and what
carries from one deal of a hội to the next (bắt cái and thông).

* ``parse_setup``: a deal's ``setup`` (``bat_cai``: the seat that counts for the cái;
  ``prev_winner``: the last game's winner, who may be thông).
* ``deal_piles``: the five piles of 20, the nọc and the cái card of a deck.
* ``deck_for``: a deck whose deal gives exactly the hands asked for (tests, puzzles).
* ``SITTING_POLICY``: the ``core.sitting.SittingPolicy`` of a hội (A2.1, seed 001): seat 0 bắt cái
  first; after a win the winner does, otherwise the right neighbour of the last bắt cái;
  ``prev_winner`` is the last winner, reset by a game without a winner (D-13) unless
  ``rules.thong_survives_hoa``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypedDict

from chieu.core.errors import ChieuError
from chieu.core.outcome import Outcome
from chieu.games.chan.cards import KINDS, rank_of
from chieu.games.chan.rules import Rules

DECK_SIZE = 100
PILE = 20
SETUP_KEYS = ("bat_cai", "prev_winner")


class ChanSetup(TypedDict):
    """A deal's setup: the seat that counts for the cái, the last game's winner (or None)."""

    bat_cai: int
    prev_winner: int | None


class ChanCarry(TypedDict):
    """What a hội carries to the next deal (``ChanSitting``)."""

    bat_cai: int
    prev_winner: int | None
    last_winner: int | None


def parse_setup(setup: Mapping[str, object] | None, players: int) -> ChanSetup:
    """``{"bat_cai": seat, "prev_winner": seat or None}`` from a deal's setup (defaults 0 and
    None); ChieuError naming a bad key or value."""
    setup = dict(setup or {})
    unknown = set(setup) - set(SETUP_KEYS)
    if unknown:
        raise ChieuError(f"unknown Chắn setup key(s): {', '.join(sorted(unknown))}")
    bat_cai = setup.get("bat_cai", 0)
    prev = setup.get("prev_winner")
    if not isinstance(bat_cai, int) or not 0 <= bat_cai < players:
        raise ChieuError(f"setup bat_cai={bat_cai!r} is not a seat 0..{players - 1}")
    if prev is not None and not (isinstance(prev, int) and 0 <= prev < players):
        raise ChieuError(f"setup prev_winner={prev!r} is not a seat 0..{players - 1}")
    return {"bat_cai": bat_cai, "prev_winner": prev}


def deal_piles(deck: Sequence[int]) -> tuple[list[list[int]], list[int], int]:
    """A2.2: five piles of 20; pile 4 is the nọc base and one card from each other pile joins
    it; its top card is the cái card, laid on pile 0 (the bài cái). Returns the piles (0..3
    go round from the cái, the rest are set aside), the nọc (its top at the end) and the cái
    card."""
    piles = [list(deck[PILE * i : PILE * (i + 1)]) for i in range(5)]
    stock = piles[4] + [piles[i].pop() for i in range(4)]
    cai_card = stock.pop()
    piles[0].append(cai_card)
    return piles[:4], stock, cai_card


def deck_for(
    hands: Sequence[Sequence[int]],
    draws: Sequence[int] = (),
    *,
    bat_cai: int | None = None,
    count_dir: str = "right",
) -> tuple[list[int], int]:
    """A deck order whose deal (A2.2) gives exactly ``hands`` (kinds per seat; the cái's hand
    has 20 cards) and whose nọc is drawn in the order ``draws`` (then the remaining cards).

    Returns ``(deck, bat_cai)``: pass them as ``deal=`` and ``setup={"bat_cai": ...}``. The
    bắt-cái seat is chosen (unless given) so that a card of the cái's hand turns up as the cái
    card. For scenario tests, puzzles and teaching positions.
    """
    n = len(hands)
    sizes = [len(h) for h in hands]
    if not 2 <= n <= 4 or sorted(sizes) != [19] * (n - 1) + [20]:
        raise ChieuError("deck_for needs 2-4 hands: the cái's 20 cards and 19 for each other")
    cai = sizes.index(20)
    step = 1 if count_dir == "right" else -1
    cai_card = -1
    for k in sorted(set(hands[cai])):
        b = (cai - step * (rank_of(k) - 1)) % n
        if bat_cai is None or b == bat_cai:
            cai_card, bat_cai = k, b
            break
    if cai_card < 0 or bat_cai is None:
        raise ChieuError(f"no card of the cái's hand makes seat {bat_cai} turn it for seat {cai}")
    rest = KINDS.full_counts()
    for h in hands:
        for k in h:
            rest[k] -= 1
    for k in draws:
        rest[k] -= 1
    if min(rest) < 0:
        raise ChieuError("deck_for: more than 4 copies of a kind among the hands and draws")
    spare = KINDS.kinds_of(rest)
    piles: list[list[int]] = [[] for _ in range(4)]
    cai_hand = list(hands[cai])
    cai_hand.remove(cai_card)
    piles[0] = cai_hand
    for j in range(1, n):
        piles[j] = list(hands[(cai + j) % n])
    filler = spare[: (4 - n) * 19]
    spare = spare[(4 - n) * 19 :]
    for j in range(n, 4):
        piles[j] = filler[(j - n) * 19 : (j - n + 1) * 19]
    order = list(draws) + spare  # the nọc in draw order, 23 cards
    # stock = deck[80:100] + [deck[19], deck[39], deck[59]]; draws pop from the end.
    first3, later = order[:3], order[3:]
    deck = [0] * DECK_SIZE
    deck[0:19] = piles[0]
    deck[19] = first3[2]
    deck[20:39] = piles[1]
    deck[39] = first3[1]
    deck[40:59] = piles[2]
    deck[59] = first3[0]
    deck[60:79] = piles[3]
    deck[79] = cai_card
    deck[80:100] = list(reversed(later))
    return deck, bat_cai


class ChanSitting:
    """What a hội of Chắn carries from deal to deal (``core.sitting.SittingPolicy``).

    The carry is ``{"bat_cai", "prev_winner", "last_winner"}``; the sheet gets each deal's
    payoffs. A hội of Chắn has no end of its own.
    """

    def start(self, rules: Rules) -> ChanCarry:
        return {"bat_cai": 0, "prev_winner": None, "last_winner": None}

    def next_setup(self, rules: Rules, carry: ChanCarry) -> ChanSetup:
        return {"bat_cai": carry["bat_cai"], "prev_winner": carry["prev_winner"]}

    def after(
        self, rules: Rules, carry: ChanCarry, outcome: Outcome
    ) -> tuple[ChanCarry, tuple[float, ...]]:
        winner = outcome.winner
        nxt: ChanCarry
        if winner is not None:
            nxt = {"bat_cai": winner, "prev_winner": winner, "last_winner": winner}
        else:
            last = carry["last_winner"]
            nxt = {
                "bat_cai": (carry["bat_cai"] + 1) % rules.players,
                "prev_winner": last if rules.thong_survives_hoa else None,
                "last_winner": last,
            }
        return nxt, tuple(float(p) for p in outcome.payoffs)

    def over(self, rules: Rules, carry: ChanCarry, totals: Sequence[float]) -> bool:
        return False


SITTING_POLICY = ChanSitting()
