"""How a Tổ tôm deal is set up: the setup keys, the dealer and the người được cái (B2.2, B2.3),
the six parts, decks for scenarios, and what carries from one deal of a hội to the next.

* ``parse_setup``: a deal's ``setup`` (``eldest``, ``dealer`` and ``cai`` overrides, and the
  hội's marks: ``prev_winner`` for thông, ``boats`` (chèo đò) and ``glasses`` (đeo kính)).
* ``draw_seats``: the dealer and the người được cái from two seeded draws of two cards each.
* ``deal_parts``: six parts of 20 dealt round; the last is the nọc.
* ``deck_for``: a deck whose deal gives exactly the hands asked for (tests, puzzles).
* ``SITTING_POLICY``: the ``core.sitting.SittingPolicy`` of a hội (B2.2, B5.3, B6).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypedDict

from chieu.core.errors import ChieuError
from chieu.core.outcome import Outcome
from chieu.core.rng import Rng
from chieu.games.totom.cards import KINDS, rank_of
from chieu.games.totom.faults import CHEO_DO, DEO_KINH
from chieu.games.totom.rules import Rules

DECK_SIZE = 120
PART = 20
SETUP_KEYS = ("eldest", "dealer", "cai", "prev_winner", "boats", "glasses")
DECK: tuple[int, ...] = tuple(KINDS.deck())  # every card, each kind 4 times, in kind order


class CarriedSetup(TypedDict):
    """What a hội carries into a deal's setup (``TotomSitting.next_setup``)."""

    dealer: int | None
    prev_winner: int | None
    boats: list[int]
    glasses: list[int]


class TotomSetup(CarriedSetup):
    """A deal's setup with every key (``parse_setup``): the overrides are None when unset."""

    eldest: int
    cai: int | None


class DrawnSeats(TypedDict):
    """``draw_seats``: the cards drawn for the dealer and the người được cái, and the seats."""

    eldest: int
    dealer_cards: list[int]
    dealer: int
    cai_cards: list[int]
    cai: int


class TotomCarry(CarriedSetup):
    """What a hội carries from deal to deal (``TotomSitting``)."""

    points: list[int]


def parse_setup(setup: Mapping[str, object] | None, players: int) -> TotomSetup:
    """The setup with every key (``eldest`` 0, the overrides and ``prev_winner`` None, no
    boats or glasses by default); ChieuError naming a bad key or value."""
    setup = dict(setup or {})
    unknown = set(setup) - set(SETUP_KEYS)
    if unknown:
        raise ChieuError(f"unknown Tổ tôm setup key(s): {', '.join(sorted(unknown))}")

    def seat_of(key: str) -> int | None:
        value = setup.get(key)
        if value is not None and not (isinstance(value, int) and 0 <= value < players):
            raise ChieuError(f"setup {key}={value!r} is not a seat 0..{players - 1}")
        return value

    def seats_of(key: str) -> list[int]:
        value = setup.get(key) or []
        if not isinstance(value, list) or any(
            not isinstance(s, int) or not 0 <= s < players for s in value
        ):
            raise ChieuError(f"setup {key}={value!r} is not a list of seats 0..{players - 1}")
        return sorted(set(value))

    return {
        "eldest": seat_of("eldest") or 0,
        "dealer": seat_of("dealer"),
        "cai": seat_of("cai"),
        "prev_winner": seat_of("prev_winner"),
        "boats": seats_of("boats"),
        "glasses": seats_of("glasses"),
    }


def count_value(a: int, b: int) -> int:
    """B2.2: (v1 + v2) mod 10, 0 counting as 10 (yêu worth 1)."""
    r = (rank_of(a) + rank_of(b)) % 10
    return 10 if r == 0 else r


def draw_seats(seed: int, setup: TotomSetup, players: int) -> DrawnSeats:
    """B2.2: the eldest draws two cards (then returned): the r-th seat from him deals. B2.3: two
    cards from the nọc part name the người được cái, counted from the dealer (software: seeded
    draws from a full pack). The ``setup`` overrides win; the cards are drawn anyway."""
    rng = Rng(seed, "totom", "setup")
    dealer_cards = [rng.choice(DECK) for _ in range(2)]
    dealer = setup["dealer"]
    if dealer is None:
        dealer = (setup["eldest"] + count_value(*dealer_cards) - 1) % players
    cai_cards = [rng.choice(DECK) for _ in range(2)]
    cai = setup["cai"]
    if cai is None:
        cai = (dealer + count_value(*cai_cards) - 1) % players
    return {
        "eldest": setup["eldest"],
        "dealer_cards": dealer_cards,
        "dealer": dealer,
        "cai_cards": cai_cards,
        "cai": cai,
    }


def deal_parts(deck: Sequence[int]) -> list[list[int]]:
    """B2.3: six parts of 20 dealt round (card i to part i mod 6); the last is the nọc, the
    first goes to the người được cái, the next ones on in play order (with 4 players part 4
    is removed)."""
    return [list(deck[i::6]) for i in range(6)]


def deck_for(
    hands: Sequence[Sequence[int]], draws: Sequence[int] = (), *, cai: int = 0
) -> list[int]:
    """A deck order whose deal gives ``hands[seat]`` (20 kinds each) when the người được cái
    is ``cai`` (pass ``setup={"cai": cai}``), and whose nọc turns up ``draws`` first.

    For scenario tests, puzzles and teaching positions."""
    n = len(hands)
    if n not in (4, 5) or any(len(h) != PART for h in hands):
        raise ChieuError("deck_for needs 4 or 5 hands of 20 cards")
    rest = KINDS.full_counts()
    for k in [*(k for h in hands for k in h), *draws]:
        rest[k] -= 1
    if min(rest) < 0:
        raise ChieuError("deck_for: more than 4 copies of a kind among the hands and draws")
    spare = KINDS.kinds_of(rest)
    parts: list[list[int]] = [list(hands[(cai + j) % n]) for j in range(n)]
    if n == 4:
        parts.append(spare[:PART])
        spare = spare[PART:]
    parts.append([*draws, *spare][:PART])
    deck = [0] * DECK_SIZE
    for j, part in enumerate(parts):
        for i, k in enumerate(part):
            deck[i * 6 + j] = k
    return deck


class TotomSitting:
    """What a hội of Tổ tôm carries from deal to deal (``core.sitting.SittingPolicy``).

    The carry is ``{"points", "boats", "glasses", "prev_winner", "dealer"}``:

    * **points** (B5.3): each seat's current balance; a win adds its score; a chèo đò wipes
      its offender's balance (D-22: the total is the sum of current balances). The sheet gets
      each deal's change of balance, so its totals are the balances.
    * **boats** (chèo đò) and **glasses** (đeo kính), B6: every offender of the deal gets one,
      winner or not (from the outcome's faults). A boat goes once its owner has paid it with a
      win that scores nothing (trả đò); glasses go with the owner's next clean win.
    * **prev_winner**: the winner of a clean or đeo-kính win (thông at his next win, unless
      a boat or glasses forbid it); nobody after a game without a winner, a chèo đò or a trả
      đò.
    * **dealer** (B2.2): the winner's right neighbour; after a game without a winner the
      previous dealer's right neighbour. The first deal's dealer is drawn (None).

    The hội is over once the balances add up to the target (25u, B5.3).
    """

    def start(self, rules: Rules) -> TotomCarry:
        n = rules.players
        return {"points": [0] * n, "boats": [], "glasses": [], "prev_winner": None, "dealer": None}

    def next_setup(self, rules: Rules, carry: TotomCarry) -> CarriedSetup:
        return {
            "dealer": carry["dealer"],
            "prev_winner": carry["prev_winner"],
            "boats": carry["boats"],
            "glasses": carry["glasses"],
        }

    def after(
        self, rules: Rules, carry: TotomCarry, outcome: Outcome
    ) -> tuple[TotomCarry, tuple[float, ...]]:
        n = rules.players
        winner = outcome.winner
        penalty = outcome.details.get("penalty")
        old = list(carry["points"])
        points = list(old)
        boats, glasses = set(carry["boats"]), set(carry["glasses"])
        for f in outcome.faults:
            if f.penalty == CHEO_DO:
                boats.add(f.seat)
                points[f.seat] = 0
            elif f.penalty == DEO_KINH:
                glasses.add(f.seat)
        prev = None
        if winner is not None and penalty != CHEO_DO:
            if penalty == DEO_KINH:
                prev = winner
            elif winner in carry["boats"]:
                boats.discard(winner)  # trả đò: this win scored nothing
            else:
                glasses.discard(winner)
                points[winner] += int(outcome.score or 0)
                prev = winner
        dealer = (winner if winner is not None else int(outcome.details["dealer"])) + 1
        nxt: TotomCarry = {
            "points": points,
            "boats": sorted(boats),
            "glasses": sorted(glasses),
            "prev_winner": prev,
            "dealer": dealer % n,
        }
        return nxt, tuple(float(p - o) for p, o in zip(points, old, strict=True))

    def over(self, rules: Rules, carry: TotomCarry, totals: Sequence[float]) -> bool:
        return sum(int(p) for p in carry["points"]) >= rules.target


SITTING_POLICY = TotomSitting()
