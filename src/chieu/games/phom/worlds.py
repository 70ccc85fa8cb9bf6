"""Phỏm zones and worlds: where every card lies and who may see it, the hidden cards dealt
again (core's ``resample_hidden``), and whole states rebuilt from one seat's observation for
the search bot (``PhomBoard.from_observation``, ``PhomGame.state_from_observation``).

``Seat`` groups what belongs to one seat (hand, row, phỏm on the table, eaten cards), ``Live``
the discard the next player may eat. ``PhomBoard`` declares the fields of the state, the seat
helpers every part of it uses (``moves``, ``views``, ``state``), the zones and the worlds.

Zones (count vectors over the 52 cards; they always sum to the deck): ``hand:s`` (the cards
of seat ``s`` that only it sees: its hand without its eaten cards), ``eaten:s`` (eaten cards
still in the hand, face up in front of the eater, A.5.3: public), ``row:s`` (its discards,
public), ``phom:s`` (its phỏm on the table with the cards sent to them, public), ``stock``
(seen by nobody). A hand shown (``shown``: an ù-er's leftover, every hand at a normal end) is
revealed to everyone. ``_set_zones`` puts a re-deal back: each hidden hand keeps its eaten
cards and gets the re-dealt rest; the stock gets the re-dealt cards, which ``resample_hidden``
then shuffles (core hands back counts, and the stock has an order).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Literal, NamedTuple, Self, cast

from chieu.core.actions import Action
from chieu.core.errors import ChieuError
from chieu.core.rng import Rng
from chieu.core.state import StateBase
from chieu.core.zones import ZoneSpec
from chieu.games.phom import analysis as an
from chieu.games.phom.cards import KINDS, card_of, cards_of, mask_of, rank_of, suit_of
from chieu.games.phom.rules import Rules
from chieu.games.phom.scoring import Payment

if TYPE_CHECKING:
    from chieu.games.phom.views import PhomObservation

_DEAL_TRIES = 30

Phase = Literal["khan", "draw", "act", "end"]
#: the act phase: ``start`` (ù may be declared), ``lay`` (the lay-down under way), ``free``
Stage = Literal["start", "lay", "free"]


@dataclass(slots=True)
class Seat:
    """One seat's cards. ``hand`` holds every card in the hand, eaten ones included."""

    hand: int  # a 52-bit mask
    dealt: int  # the hand as dealt (ù khan asks whether it is unchanged)
    row: list[int] = field(default_factory=list)  # its discards still in front of it, in order
    melds: list[int] = field(default_factory=list)  # its phỏm on the table (with gửi received)
    eaten: int = 0  # every card it ate (in hand or laid)
    eats: int = 0  # how many times it ate
    laid: bool = False  # it has laid down (hạ)

    def copy(self) -> Seat:
        return Seat(
            self.hand,
            self.dealt,
            list(self.row),
            list(self.melds),
            self.eaten,
            self.eats,
            self.laid,
        )


class Live(NamedTuple):
    """The discard the next player may eat (a tuple: built on every discard)."""

    card: int
    seat: int  # who discarded it
    chot: bool  # a chốt (A.5.8): eating it is paid ``pay_eat_chot``


@cache
def zone_specs_for(players: int) -> tuple[ZoneSpec, ...]:
    specs: list[ZoneSpec] = []
    for s in range(players):
        specs += [
            ZoneSpec(f"hand:{s}", s, "hand", "owner"),
            ZoneSpec(f"eaten:{s}", s, "mat", "public"),
            ZoneSpec(f"row:{s}", s, "discard", "public"),
            ZoneSpec(f"phom:{s}", s, "mat", "public"),
        ]
    specs.append(ZoneSpec("stock", None, "stock", "nobody"))
    return tuple(specs)


def counts_of(mask: int) -> list[int]:
    out = [0] * 52
    for c in cards_of(mask):
        out[c] = 1
    return out


def mask_of_counts(counts: list[int]) -> int:
    m = 0
    for c, k in enumerate(counts):
        if k:
            m |= 1 << c
    return m


class PhomBoard(StateBase):
    """The fields of a Phỏm state, what every part of it asks about the seats, its zones and
    its worlds."""

    rules: Rules
    phase: Phase
    seats: list[Seat]
    stock: list[int]  # the top is the end of the list
    live: Live | None
    first: int  # the first player (10 cards)
    dir: int  # +1 clockwise, -1 counterclockwise
    pts: tuple[int, ...]  # points of each card
    setup: dict[str, int]
    stage: Stage
    laying: bool  # the lay-down turn's hạ is under way
    laydown_turn: bool
    must_lay: int  # a laid player's eaten card that must go into a new phỏm now
    chot_from: int  # whose chốt the actor ate this turn
    turn_sent: int  # cards the actor sent (gửi) this turn
    first_turns: int  # turns the first player has begun (seed_round3 chốt)
    khan_queue: list[int]  # the seats still to answer ù khan, in order
    lay_order: list[int]
    payments: list[Payment]
    payoffs: list[float]
    shown: set[int]  # seats whose hand was shown to everyone
    winner: int | None
    u_kind: str
    den: int | None
    _default_discard: Action  # what a timeout discards (moves: set with the legal actions)

    # -- seats
    def next_seat(self, seat: int) -> int:
        return (seat + self.dir) % self.num_players

    def prev_seat(self, seat: int) -> int:
        return (seat - self.dir) % self.num_players

    def finished(self, seat: int) -> bool:
        s = self.seats[seat]
        return s.laid and len(s.row) >= 4

    def table_for(self, seat: int) -> list[int]:
        """The phỏm on the table that ``seat`` may send cards onto (other players')."""
        return [m for i, s in enumerate(self.seats) if i != seat for m in s.melds]

    def may_send(self, seat: int) -> bool:
        if not (self.seats[seat].laid or self.laying):
            return False
        if not self.seats[seat].melds and not self.rules.mom_may_send:
            return False
        return self.laydown_turn or self.rules.send_timing == "laydown_and_later_turns"

    def hand_points(self, seat: int) -> int:
        pts = self.pts
        return sum(pts[c] for c in cards_of(self.seats[seat].hand))

    # -- zones
    def zone_specs(self) -> tuple[ZoneSpec, ...]:
        return zone_specs_for(self.num_players)

    def zones(self) -> dict[str, list[int]]:
        """Count vectors of every place a card can be (they always sum to the deck)."""
        z: dict[str, list[int]] = {}
        for i, s in enumerate(self.seats):
            ate = s.eaten & s.hand
            table = 0
            for m in s.melds:
                table |= m
            z[f"hand:{i}"] = counts_of(s.hand & ~ate)
            z[f"eaten:{i}"] = counts_of(ate)
            z[f"row:{i}"] = KINDS.counts(s.row)
            z[f"phom:{i}"] = counts_of(table)
        z["stock"] = KINDS.counts(self.stock)
        return z

    def revealed(self) -> frozenset[int]:
        return frozenset(self.shown)

    # -- worlds: the hidden cards dealt again; a state rebuilt from one seat's observation
    def resample_hidden(self, seat: int | None, rng: Rng | int) -> Self:
        """A copy where every card hidden from ``seat`` is dealt again at random (zone sizes
        kept, the stock in a random order)."""
        if not isinstance(rng, Rng):
            rng = Rng(rng, "resample")
        st: Self = super().resample_hidden(seat, rng)
        rng.shuffle(st.stock)
        return st

    def _set_zones(self, zones: Mapping[str, Sequence[int]]) -> None:
        for zid, counts in zones.items():
            if zid == "stock":
                self.stock = [c for c, k in enumerate(counts) if k]
                continue
            kind, _, s = zid.partition(":")
            assert kind == "hand", f"zone {zid} is never hidden"
            seat = self.seats[int(s)]
            hand = seat.hand & seat.eaten | mask_of_counts(list(counts))
            if seat.hand == seat.dealt:  # still as dealt: ù khan asks about the new hand
                seat.dealt = hand
            seat.hand = hand

    @classmethod
    def from_observation(
        cls,
        obs: Mapping[str, object],
        legal: Sequence[Action],
        rng: Rng,
        rules: Rules | None = None,
    ) -> Self:
        """A full state consistent with everything ``obs["seat"]`` sees, for search bots: the
        public table, counters and turn state are copied; the cards the seat cannot see are
        dealt at random to the other hands (sizes kept, their eaten cards kept, and for a
        player who has not laid down yet, cards that keep every eaten card in its own phỏm
        when such a deal is found) and to the stock. ``legal`` (the seat's legal actions) is
        checked against the rebuilt state's."""
        seat = obs.get("seat")
        if not isinstance(seat, int) or obs.get("game") != "phom":
            raise ChieuError("a Phỏm world needs a seat's Phỏm observation")
        view = cast("PhomObservation", obs)  # checked: a seat's Phỏm observation
        n = int(view["players"])
        if rules is None:
            rules = Rules(players=n)
        if rules.players != n:
            raise ChieuError(f"the rules are for {rules.players} players, the observation for {n}")
        if "stage" not in view:
            raise ChieuError("the Phỏm observation has no turn state (an older observation?)")
        if view["phase"] == "end":
            raise ChieuError("the hand is over: there is no world to search")
        st = object.__new__(cls)
        st.rules = rules
        st.seed = 0
        st.num_players = n
        st.first = int(view["first"])
        st.setup = {"first": st.first}
        st.dir = int(view["direction"])
        st.pts = an.card_points(rules.card_points)
        eaten = [mask_of(e) for e in view["eaten"]]
        in_hand = [mask_of(e) for e in view["eaten_in_hand"]]
        shown = {int(s): mask_of(h) for s, h in (view.get("shown_hands") or {}).items()}
        st.seats = [
            Seat(
                0,
                0,
                [int(c) for c in view["rows"][s]],
                [mask_of(m) for m in view["melds"][s]],
                eaten[s],
                eaten[s].bit_count(),
                bool(view["laid"][s]),
            )
            for s in range(n)
        ]
        st.shown = set(shown)
        hand = mask_of(view["hand"])
        seen = hand
        for s, one in enumerate(st.seats):
            seen |= mask_of(one.row) | in_hand[s] | shown.get(s, 0)
            for m in one.melds:
                seen |= m
        pool = [c for c in range(52) if not seen >> c & 1]
        sizes = [int(x) for x in view["hand_sizes"]]
        st.seats[seat].hand = hand
        hidden = [s for s in range(n) if s != seat and s not in shown]
        for s, h in shown.items():
            st.seats[s].hand = h
        wants = []
        for s in hidden:
            size = sizes[s] - in_hand[s].bit_count()
            if size < 0:
                raise ChieuError(f"seat {s}'s hand size is smaller than its eaten cards")
            wants.append((s, in_hand[s], size, not st.seats[s].laid))
        if sum(w[2] for w in wants) > len(pool):
            raise ChieuError("the hidden hands hold more cards than are unseen")
        # the hands with eaten cards first: they have the fewest deals that fit
        wants.sort(key=lambda w: -w[1].bit_count())
        got, stock = _deal_hidden(pool, wants, rng)
        for s in hidden:
            st.seats[s].hand = in_hand[s] | got[s]
        for one in st.seats:
            one.dealt = one.hand
        if int(view["stock_left"]) != len(stock):
            raise ChieuError(
                f"{len(stock)} unseen cards are left for a stock of {view['stock_left']}: "
                "the observation is inconsistent"
            )
        st.stock = stock
        live = view.get("live")
        st.live = Live(int(live["card"]), int(live["from"]), bool(live["chot"])) if live else None
        st.lay_order = [int(x) for x in view["lay_order"]]
        st.phase = view["phase"]
        actor = view.get("actor")
        st.actor = int(actor) if actor is not None else seat
        st.stage = view["stage"]
        st.laydown_turn = bool(view["laydown_turn"])
        if st.actor == seat:
            st.laying = bool(view["laying"])
        else:
            st.laying = st.phase == "act" and st.laydown_turn and st.stage != "free"
        st.must_lay = int(view["must_lay"])
        st.chot_from = int(view["chot_from"])
        st.turn_sent = int(view["turn_sent"])
        st.first_turns = int(view["first_turns"])
        st.khan_queue = [int(x) for x in view["khan_queue"]]
        st.payments = []
        st.payoffs = [float(x) for x in view["payoffs"]]
        st.winner = None
        st.u_kind = ""
        st.den = None
        st._outcome = None
        st.steps = 0
        st._legal_at = -1
        st._legal = []
        st.events = []
        mine = st.legal_actions(seat)
        if legal and (set(mine) != set(legal) or len(mine) != len(legal)):
            raise ChieuError("the rebuilt Phỏm state does not give the seat's legal actions")
        return st


def _phom_options(card: int, allowed: int) -> list[int]:
    """The 3-card phỏm holding ``card`` whose two other cards are in ``allowed``."""
    r, su = rank_of(card), suit_of(card)
    out: list[int] = []
    same = [card_of(r, t) for t in range(4) if t != su]
    for i in range(3):
        for j in range(i + 1, 3):
            out.append(1 << same[i] | 1 << same[j])
    for lo in range(max(0, r - 2), min(r, 10) + 1):
        m = 0
        for k in range(lo, lo + 3):
            if k != r:
                m |= 1 << card_of(k, su)
        out.append(m)
    return [m for m in out if m & ~allowed == 0]


def _deal_hidden(
    pool: list[int], wants: list[tuple[int, int, int, bool]], rng: Rng
) -> tuple[dict[int, int], list[int]]:
    """Deal ``pool`` to the hidden hands ``wants`` = (seat, eaten cards it holds, hidden
    size, keeps the eaten-card invariant) and the rest, in random order, to the stock. A seat
    that keeps the invariant first gets, for each eaten card, two cards making a phỏm with it;
    the deal is tried again (a few times) until every such seat's eaten cards each sit in
    their own phỏm. Returns the hidden cards of each seat and the stock."""
    best: tuple[int, dict[int, int], list[int]] | None = None
    need = sum(1 for w in wants if w[3] and w[1])
    for _ in range(_DEAL_TRIES if need else 1):
        avail = mask_of(pool)
        got: dict[int, int] = {}
        for seat, eaten, size, keep in wants:
            chosen = 0
            if keep:
                for e in rng.shuffled(cards_of(eaten)):
                    opts = _phom_options(e, (avail | chosen) & ~eaten)
                    if opts:
                        pick = rng.choice(opts)
                        if (chosen | pick).bit_count() <= size:
                            chosen |= pick
            got[seat] = chosen
            avail &= ~chosen
        rest = rng.shuffled(cards_of(avail))
        i = 0
        for seat, _eaten, size, _keep in wants:
            k = size - got[seat].bit_count()
            got[seat] |= mask_of(rest[i : i + k])
            i += k
        ok = sum(1 for s, e, _, keep in wants if keep and e and an.invariant_ok(got[s] | e, e))
        if best is None or ok > best[0]:
            best = (ok, got, rest[i:])
        if ok == need:
            break
    assert best is not None
    return best[1], best[2]
