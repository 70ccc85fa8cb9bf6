"""How a Mạt chược deal is set up (B.3), scenario decks, and the sitting (hội).

* ``Seat``: what one seat holds (its hand, phu, tiles set down and discarded, its flags).
* ``parse_setup`` reads a deal's ``setup`` (``dealer``, ``round_wind``); ``deal_tiles`` throws
  the dice, breaks the wall and deals 2-2-2-1 from the dealer, the dealer's nhảy cóc to 14.
* ``deck_for(hands, live, dead)``: a deck that deals the given hands and draws the given tiles
  (for scenario tests, puzzles and teaching positions).
* ``SITTING_POLICY``: what carries from one deal to the next of a hội (``core.sitting``): the
  next dealer (he keeps the deal on his own win or a hòa, by the rules) and the prevailing
  wind, which moves on each time the deal has gone round the four seats; the hội ends after
  the Bắc round.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from chieu.core.errors import ChieuError
from chieu.core.outcome import Outcome
from chieu.core.rng import Rng
from chieu.games.matchuoc.cards import KINDS, NUM_KINDS, tile_set_counts
from chieu.games.matchuoc.decompose import Group
from chieu.games.matchuoc.rules import Rules
from chieu.games.matchuoc.scoring import details_of

PLAYERS = 4
STACKS = {"160": 20, "168": 21, "176": 22}  # stacks of two per wall (B.3.3)
WINDS = 4
WIND_NAMES = (("Đông", "East"), ("Nam", "South"), ("Tây", "West"), ("Bắc", "North"))


def _zeros() -> list[int]:
    return [0] * NUM_KINDS


@dataclass(slots=True, eq=False)
class Seat:
    """One seat: its concealed hand and exposed phu (counts by kind), what it has set down
    (flowers, khung, Tổng + Hợp) and discarded, and its flags. The deal starts it with its
    hand; the state's transitions change it."""

    hand: list[int]
    melds: list[Group] = field(default_factory=list)  # exposed phu and concealed coong
    meld_tiles: list[int] = field(default_factory=_zeros)  # their tiles by kind
    down: list[int] = field(default_factory=_zeros)  # flowers and khung set down, by kind
    flowers: list[int] = field(default_factory=list)
    khung_down: list[tuple[int, bool]] = field(default_factory=list)  # (khung, at opening)
    tong_hop: list[int] = field(default_factory=lambda: [0, 0])  # together: opening, later
    khung_discarded: list[tuple[int, bool]] = field(default_factory=list)
    flower_discards: list[int] = field(default_factory=list)  # those phóng hoa counts
    river: list[int] = field(default_factory=list)  # its discards still lying there
    must_all: bool = False  # 2+ flowers at the opening: all must be set down
    live_draws: int = 0
    may_win: bool | None = None  # cache: may a discard complete the hand? (None: unknown)
    complete: bool | None = None  # cache: do its tiles win on its own draw? (None: unknown)

    def changed(self) -> None:
        """The hand changed: forget what was worked out from it."""
        self.may_win = self.complete = None

    def copy(self) -> Seat:
        return Seat(
            list(self.hand),
            list(self.melds),
            list(self.meld_tiles),
            list(self.down),
            list(self.flowers),
            list(self.khung_down),
            list(self.tong_hop),
            list(self.khung_discarded),
            list(self.flower_discards),
            list(self.river),
            self.must_all,
            self.live_draws,
            self.may_win,
            self.complete,
        )


def _roll(rng: Rng, n: int) -> list[int]:
    return [rng.randrange(6) + 1 for _ in range(n)]


def wall_break(seed: int, tile_set: str) -> tuple[list[int], int, int]:
    """The dealer's three dice, the wall they pick (0 = the dealer's, in turn order) and the
    index in the deck where the live end starts (B.3.4): the odd die picks the wall, the
    total the stack counted from its right-hand end."""
    stacks = STACKS[tile_set]
    dice = _roll(Rng(seed, "matchuoc").derive("break_dice"), 3)
    wall_ix = (dice[2] - 1) % PLAYERS
    return dice, wall_ix, (wall_ix * stacks + sum(dice)) * 2 % (4 * stacks * 2)


def parse_setup(setup: Mapping[str, object] | None) -> tuple[int | None, int]:
    """The dealer (None: the dice choose) and the round wind (1 Đông .. 4 Bắc) of a setup."""
    setup = dict(setup or {})
    unknown = set(setup) - {"dealer", "round_wind"}
    if unknown:
        raise ChieuError(f"unknown Mạt chược setup key(s): {', '.join(sorted(unknown))}")
    dealer = setup.get("dealer")
    if dealer is not None and (
        not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < PLAYERS
    ):
        raise ChieuError(f"setup dealer={dealer!r} is not a seat 0..3")
    round_wind = setup.get("round_wind", 1)
    if (
        round_wind not in (1, 2, 3, 4)
        or isinstance(round_wind, bool)
        or not isinstance(round_wind, int | float)
    ):
        raise ChieuError(f"setup round_wind={round_wind!r} is not a wind 1..4")
    return (dealer if isinstance(dealer, int) else None), int(round_wind)


@dataclass(frozen=True, slots=True)
class Dealt:
    """A deal: the dice, the shuffled deck, the wall (live end first) and the hands."""

    seat_dice: list[int]
    dealer: int
    break_dice: list[int]
    wall_ix: int  # the wall the break is in, counted from the dealer's
    deck: list[int]
    wall: list[int]
    hands: list[list[int]]
    box: list[int]  # the khung copies a smaller set leaves out


def deal_tiles(rules: Rules, seed: int, dealer: int | None, deal: Sequence[int] | None) -> Dealt:
    """Seats by dice (B.3.2) unless ``dealer`` is set, the shuffle (or ``deal``), the break
    and the deal (B.3.3-5)."""
    rng = Rng(seed, "matchuoc")
    seat_dice = _roll(rng.derive("seat_dice"), 3)
    if dealer is None:
        dealer = (sum(seat_dice) - 1) % PLAYERS  # B.3.2: the seat the throw points at
    in_play = tile_set_counts(rules.tile_set)
    box = [KINDS.copies[k] - in_play[k] for k in range(NUM_KINDS)]
    tiles = KINDS.kinds_of(in_play)
    if deal is None:
        deck = rng.derive("deal").shuffled(tiles)
    else:
        deck = [int(k) for k in deal]
        if sorted(deck) != tiles:
            raise ChieuError(
                f"a Mạt chược deal is the {len(tiles)} tiles of the {rules.tile_set} set"
            )
    # B.3.3-4: four walls of `stacks` pairs; wall 0 lies before the dealer, then in turn
    # order. The odd die picks the wall, the total the stack from its right-hand end.
    break_dice, wall_ix, start = wall_break(seed, rules.tile_set)
    wall = deck[start:] + deck[:start]  # live end = index 0; đầu coong = the end
    hands = [[0] * NUM_KINDS for _ in range(PLAYERS)]
    # B.3.5: 2-2-2-1 from the dealer, the dealer's nhảy cóc to 14
    seats = [(dealer + i) % PLAYERS for i in range(PLAYERS)]
    taken = 0
    for _ in range(3):
        for s in seats:
            for t in wall[taken : taken + 4]:
                hands[s][t] += 1
            taken += 4
    for s in seats:
        n = 2 if s == dealer else 1
        for t in wall[taken : taken + n]:
            hands[s][t] += 1
        taken += n
    return Dealt(seat_dice, dealer, break_dice, wall_ix, deck, wall[taken:], hands, box)


def deck_for(
    hands: Sequence[Sequence[int]],
    live: Sequence[int] = (),
    dead: Sequence[int] = (),
    *,
    dealer: int = 0,
    seed: int = 0,
    tile_set: str = "160",
) -> list[int]:
    """A deck whose deal gives exactly ``hands`` (seat order; the dealer's has 14 tiles),
    whose live end is drawn in the order ``live`` and the đầu coong in the order ``dead``.
    Pass it as ``deal=`` with ``setup={"dealer": dealer}`` and the same ``seed``. For
    scenario tests and teaching positions."""
    sizes = [len(h) for h in hands]
    if len(hands) != PLAYERS or sizes[dealer] != 14 or sorted(sizes) != [13, 13, 13, 14]:
        raise ChieuError("deck_for needs 4 hands: the dealer's 14 tiles and 13 for each other")
    rest = tile_set_counts(tile_set)
    for k in [t for h in hands for t in h] + list(live) + list(dead):
        rest[k] -= 1
        if rest[k] < 0:
            raise ChieuError(f"deck_for: too many {KINDS.codes[k]}")
    seats = [(dealer + i) % PLAYERS for i in range(PLAYERS)]
    order: list[int] = []
    for r in range(3):
        for s in seats:
            order += list(hands[s][4 * r : 4 * r + 4])
    for s in seats:
        order += list(hands[s][12:14] if s == dealer else hands[s][12:13])
    order += list(live)
    spare = KINDS.kinds_of(rest)
    tail: list[int] = []
    for i in range(0, len(dead), 2):
        chunk = list(dead[i : i + 2])
        if len(chunk) == 1:
            chunk.append(spare.pop())
        tail = chunk + tail
    order += spare + tail
    _, _, start = wall_break(seed, tile_set)
    cut = len(order) - start
    return order[cut:] + order[:cut]


class MatChuocSitting:
    """The ``core.sitting.SittingPolicy`` of Mạt chược. The carry: ``dealer`` (None before the
    first deal: the dice choose), ``first_dealer`` (the dealer of the hội's first deal),
    ``round_wind`` (1 Đông .. 4 Bắc) and ``over`` (the Bắc round has ended).

    From five people on (B.3.1, seed 002), East keeps the deal: the dealer's seat never
    changes and a wind round is ``rules.wind_deals`` deals. The carry then also holds
    ``seating`` (the person at each seat), ``bench`` (who sits out: Trung, then Phát) and
    ``deals`` (played in this wind round). When a wind round ends, with five the Trung comes
    in at East and the East player goes out; with six the Trung and the Phát come in at East
    and West and those two go out [seed; the seats they take: proposal]."""

    def start(self, rules: Rules) -> dict[str, object]:
        carry: dict[str, object] = {
            "dealer": None,
            "first_dealer": None,
            "round_wind": 1,
            "over": False,
        }
        if rules.players > PLAYERS:
            carry.update(
                seating=list(range(PLAYERS)), bench=list(range(PLAYERS, rules.players)), deals=0
            )
        return carry

    def next_setup(self, rules: Rules, carry: Mapping[str, object]) -> dict[str, int]:
        setup = {"round_wind": _number(carry["round_wind"], "round wind")}
        dealer = carry.get("dealer")
        if dealer is not None:
            setup["dealer"] = _number(dealer, "dealer")
        return setup

    def seating(self, rules: Rules, carry: Mapping[str, object]) -> list[int]:
        """The person at each seat of the next deal."""
        return _people(carry.get("seating", list(range(PLAYERS))), "seating")

    def comes_in(self, rules: Rules, carry: Mapping[str, object]) -> dict[str, str]:
        """When the people sitting out the next deal come in: after this wind round (the
        deals left in it said), or never again when it is the Bắc round (the hội's last)."""
        wind = _number(carry["round_wind"], "round wind")
        left = max(1, rules.wind_deals - _number(carry.get("deals", 0), "deals"))
        deals = f"{left} deal" if left == 1 else f"{left} deals"
        if wind >= WINDS:
            return {
                "vi": f"ngồi ngoài đến hết hội (vòng gió Bắc là vòng cuối, còn {left} ván)",
                "en": f"out until the hội ends (the North round is the last; {deals} left)",
            }
        vi, en = WIND_NAMES[wind - 1]
        return {
            "vi": f"vào bàn sau vòng gió {vi} (vòng này còn {left} ván)",
            "en": f"in after the {en} wind round ({deals} left in it)",
        }

    def after(
        self, rules: Rules, carry: Mapping[str, object], outcome: Outcome
    ) -> tuple[dict[str, object], tuple[float, ...]]:
        details = details_of(outcome)
        dealer = int(details["dealer"])
        was = carry.get("first_dealer")
        first = dealer if was is None else _number(was, "first dealer")
        wind = _number(carry["round_wind"], "round wind")
        over = bool(carry.get("over", False))
        new: dict[str, object] = {"first_dealer": first, "round_wind": wind, "over": over}
        if rules.players <= PLAYERS:
            nxt = int(details["next_dealer"])
            if nxt != dealer and nxt == first:  # the deal has gone round the table
                if wind == WINDS:
                    new["over"] = True
                else:
                    new["round_wind"] = wind + 1
            return {"dealer": nxt, **new}, tuple(outcome.payoffs)
        seating = self.seating(rules, carry)
        bench = _people(carry.get("bench", []), "bench")
        deals = _number(carry.get("deals", 0), "deals") + 1
        if deals >= rules.wind_deals:  # the wind round is over: people change (B.3.1)
            deals = 0
            if wind == WINDS:
                new["over"] = True
            else:
                new["round_wind"] = wind + 1
                seats = [dealer, (dealer + 2) % PLAYERS][: len(bench)]  # East, then West
                out = [seating[s] for s in seats]
                for s, person in zip(seats, bench, strict=True):
                    seating[s] = person
                bench = out
        new.update(dealer=dealer, seating=seating, bench=bench, deals=deals)
        return new, tuple(outcome.payoffs)

    def over(self, rules: Rules, carry: Mapping[str, object], totals: Sequence[float]) -> bool:
        return bool(carry.get("over", False))


def _people(value: object, what: str) -> list[int]:
    """A list of people of the carry (read back from JSON)."""
    if not isinstance(value, list) or len(value) > 6:
        raise ChieuError(f"the sitting's {what} {value!r} is not a list of people")
    return [_number(p, what) for p in value]


def _number(value: object, what: str) -> int:
    """A number of the carry (read back from JSON)."""
    if not isinstance(value, int | float | str):
        raise ChieuError(f"the sitting's {what} {value!r} is not a number")
    return int(value)


SITTING_POLICY = MatChuocSitting()
