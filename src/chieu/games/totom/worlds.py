"""Tổ tôm seats, zones and worlds: where every card lies and who may see it, and the worlds the
search bot samples from one seat's observation.

A ``Seat`` holds a seat's cards: its hand (counts by kind, the face-down khàn included), the
face-down groups, its khàn bất thực (the kinds private, the cups public), its mat (phu laid face
up), its door (the cards nobody took that lie there) and the winning cards it let go (bỏ ù),
with the caches of its hand's analysis. ``Live`` is the live card. Zones (count vectors over
the 30 kinds; together they hold the deck):

* ``hand:S`` (seen by S; by everyone once S declared ù, and every hand at the end: the check
  turns them up);
* ``mat:S`` and ``door:S`` (public; the live card lies in its door);
* ``stock`` (the nọc) and ``set_aside`` (the part removed in bí tứ): seen by nobody.

A re-dealt hand lays its identical triples face down as its khàn (its cups kept where the
triple still is); the nọc's order comes from a stream seeded by the re-deal.

A seat's ``gone`` is the public history of its hand (in its observation): the cards that left
it, in order, each given up (a discard, a trả cửa) or laid on the mat (an eat, a phỗng, a dậy
khàn, copies laid, a thiên khai). A hand never gains a hidden card, so a seat's hand at any
give-up was its hand now and every card gone since.

``world_from_observation`` builds a full state from what one seat sees: its own cards, every mat
and door, the live card, the marks, counters and its own faults and bỏ ù; the cards it cannot
see are dealt at random to the other hands (sizes kept), the nọc and the removed part
(``deal_hidden``). Another hand's identical triples lie face down as its khàn (as many as its
cups turned up as bất thực). In a claim window every other asked seat is asked afresh (answers
are private).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

from chieu.core.actions import Action
from chieu.core.decisions import ClaimWindow
from chieu.core.errors import ChieuError
from chieu.core.outcome import Fault
from chieu.core.registry import find_game
from chieu.core.rng import Rng
from chieu.core.zones import ZoneSpec
from chieu.games.totom import actions as A
from chieu.games.totom import claims, takes
from chieu.games.totom.analysis import rescuers
from chieu.games.totom.cards import KINDS, NUM_KINDS
from chieu.games.totom.partition import WinCheck
from chieu.games.totom.phu import KHAN, QUAD, Phu
from chieu.games.totom.rules import Rules

if TYPE_CHECKING:
    from chieu.games.totom.phu import PhuJson
    from chieu.games.totom.state import TotomState
    from chieu.games.totom.views import TotomFaultEntry, TotomObservation

UNKNOWN: frozenset[int] = frozenset({-1})  # ``Seat.orph`` not computed yet
PHASES = ("arrange", "claim", "decide", "discard", "call")


@dataclass(slots=True, eq=False)
class Seat:
    """One seat's cards and marks (see the module docstring)."""

    hand: list[int]
    down: dict[int, int]  # kind -> 3 (khàn) or 4 (thiên khai, until the first card is shown)
    cups: list[int] = field(default_factory=list)  # khàn bất thực kinds (private)
    cup_count: int = 0  # the cups on the mat (public)
    mat: list[Phu] = field(default_factory=list)
    door: list[int] = field(default_factory=list)  # cards nobody took, in this seat's door
    missed: list[int] = field(default_factory=list)  # winning cards let go (bỏ ù)
    wc: dict[int, WinCheck] = field(default_factory=dict)  # cache: win checks by live kind
    orph: frozenset[int] | None = UNKNOWN  # cache: analysis.rescuers of the free cards
    held: list[int] | None = None  # cache: the free cards
    pack: int = -1  # cache: the free cards packed (takes.pack; -1: not yet)
    gone: list[tuple[int, bool]] = field(default_factory=list)  # cards that left the hand

    def copy(self) -> Seat:
        return Seat(
            list(self.hand),
            dict(self.down),
            list(self.cups),
            self.cup_count,
            list(self.mat),
            list(self.door),
            list(self.missed),
            self.wc,
            self.orph,
            self.held,
            self.pack,
            list(self.gone),
        )

    def free(self) -> list[int]:
        """The held cards that are not face down (what the seat may play or eat with; a
        cached list: do not change it)."""
        held = self.held
        if held is None:
            held = self.held = list(self.hand)
            for k, c in self.down.items():
                held[k] -= c
        return held

    def packed(self) -> int:
        """``free()`` packed 4 bits per kind (``takes.pack``)."""
        if self.pack < 0:
            self.pack = takes.pack(self.free())
        return self.pack

    def fixed(self) -> list[Phu]:
        """The phu no partition may break: the mat and the face-down groups."""
        out = list(self.mat)
        for k, c in sorted(self.down.items()):
            out.append(KHAN[k] if c == 3 else QUAD[k])
        return out

    def rescuers(self) -> frozenset[int] | None:
        """The only kinds that may complete the free cards (None: any), cached."""
        if self.orph is UNKNOWN:
            self.orph = rescuers(self.free())
        return self.orph

    def lose(self, card: int, count: int = 1, given: bool = False) -> None:
        """``count`` copies of ``card`` leave the hand in sight of the table: given up (a
        discard, a trả cửa) or laid on the mat (``gone``, the hand's public history)."""
        self.hand[card] -= count
        self.gone.extend([(card, given)] * count)

    def changed(self) -> None:
        """The cards changed: drop the analysis caches."""
        self.wc = {}
        self.orph = UNKNOWN
        self.held = None
        self.pack = -1

    def lay_down_khan(self, first_shown: bool) -> None:
        """A re-dealt hand: its triples lie face down as khàn (a kept cup's triple stays in
        hand), and before the first card its fours as thiên khai."""
        hand = self.hand
        self.down = {k: 3 for k, c in enumerate(hand) if c == 3 and k not in self.cups}
        if not first_shown:
            self.down.update({k: 4 for k, c in enumerate(hand) if c == 4})
        self.cups = [k for k in self.cups if hand[k] == 3]
        self.changed()


@dataclass(frozen=True, slots=True)
class Live:
    """The live card: the one card that may be eaten or claimed (B3)."""

    card: int
    door: int  # the door it lies in
    drawn: bool  # turned up from the nọc
    passed: bool = False  # its drawer left it to the next seat (mất lượt)
    exposer: int = -1  # the seat that discarded it (-1: turned up from the nọc)


# -- zones ------------------------------------------------------------------------------------


def zone_specs(st: TotomState) -> tuple[ZoneSpec, ...]:
    n = st.num_players
    return (
        *(ZoneSpec(f"hand:{s}", s, "hand", "owner") for s in range(n)),
        *(ZoneSpec(f"mat:{s}", s, "mat", "public") for s in range(n)),
        *(ZoneSpec(f"door:{s}", s, "door", "public") for s in range(n)),
        ZoneSpec("stock", None, "stock", "nobody"),
        ZoneSpec("set_aside", None, "dead", "nobody"),
    )


def zones(st: TotomState) -> dict[str, list[int]]:
    """Count vectors of every place a card can be (they always sum to the deck)."""
    z: dict[str, list[int]] = {}
    for s, seat in enumerate(st.seats):
        z[f"hand:{s}"] = list(seat.hand)
    for s, seat in enumerate(st.seats):
        z[f"mat:{s}"] = KINDS.counts(k for p in seat.mat for k in p.cards)
    live = st.live
    for s, seat in enumerate(st.seats):
        door = KINDS.counts(seat.door)
        if live is not None and live.door == s:
            door[live.card] += 1
        z[f"door:{s}"] = door
    z["stock"] = KINDS.counts(st.stock)
    z["set_aside"] = KINDS.counts(st.set_aside)
    return z


def set_zones(st: TotomState, dealt: Mapping[str, Sequence[int]]) -> None:
    """Put re-dealt hidden zones back: hands (their triples face down as khàn), the nọc in an
    order drawn from the deal itself, the removed part."""
    for zid, counts in dealt.items():
        if zid.startswith("hand:"):
            seat = st.seats[int(zid[5:])]
            seat.hand = list(counts)
            seat.lay_down_khan(st.first_shown)
        elif zid == "stock":
            order = KINDS.kinds_of(counts)
            Rng(st.seed, "totom-stock", *(c for z in dealt.values() for c in z)).shuffle(order)
            st.stock = order
        elif zid == "set_aside":
            st.set_aside = KINDS.kinds_of(counts)


def snapshot(st: TotomState) -> dict[str, object]:
    """The full state as plain data (for equality in tests)."""
    window = st.window
    outcome = st.outcome()
    return {
        "seats": [
            (
                list(s.hand),
                sorted(s.down.items()),
                list(s.cups),
                s.cup_count,
                [p.cards for p in s.mat],
                list(s.door),
                list(s.missed),
            )
            for s in st.seats
        ],
        "stock": list(st.stock),
        "phase": st.phase,
        "actor": st.actor,
        "window": None
        if window is None
        else (window.asked, dict(window.options), dict(window.answers)),
        "live": st.live,
        "return_door": st.return_door,
        "eaten": st.eaten,
        "faults": [f.to_json() for f in st.faults],
        "called": dict(st.called),
        "outcome": None if outcome is None else outcome.to_json(),
    }


# -- worlds for the search bot -----------------------------------------------------------------


def _gone(raw: object, n: int) -> list[list[tuple[int, bool]]]:
    """The observation's ``gone`` (per seat, the cards that left its hand), checked."""
    if raw is None:
        return [[] for _ in range(n)]
    try:
        out = [[(int(k), bool(given)) for k, given in seat] for seat in raw]  # type: ignore[attr-defined]
    except (TypeError, ValueError):
        raise ChieuError("observation: 'gone' is not a list of [card, given] per seat") from None
    if len(out) != n or any(not 0 <= k < NUM_KINDS for seat in out for k, _ in seat):
        raise ChieuError("observation: 'gone' is not a list of [card, given] per seat")
    return out


def _kind(code: object) -> int:
    k = KINDS.kind(str(code))
    if k is None:
        raise ChieuError(f"observation: unknown Tổ tôm card {code!r}")
    return k


def _phu_of(data: PhuJson) -> Phu:
    cards = tuple(_kind(c) for c in data["cards"])
    return Phu(cards, str(data["type"]), str(data.get("name", "")))


def deal_hidden(
    st: TotomState,
    others: list[int],
    sizes: list[int],
    pool: list[int],
    stock: int,
    rng: Rng,
    gone: Sequence[Sequence[tuple[int, bool]]],
) -> None:
    """Deal the shuffled ``pool`` of unseen cards: each other seat its hand's size, then the
    nọc (``stock`` cards) and the removed part. (The seam where
    ``scripts/totom_world_oracle.py`` measures other ways, ``gone`` weighed among them.)"""
    i = 0
    for s in others:
        st.seats[s].hand = KINDS.counts(pool[i : i + sizes[s]])
        i += sizes[s]
    st.stock = pool[i : i + stock]
    st.set_aside = pool[i + stock :]


def _cap_hands(st: TotomState, others: list[int], caps: list[int], rng: Rng) -> None:
    """Move a kind held beyond ``caps[kind]`` by another seat into the nọc / removed part,
    taking a card that fits instead (what the public record rules out: a hidden quad after
    the first card was shown, a khàn of the live card nobody raised)."""
    for s in others:
        hand = st.seats[s].hand
        for k in range(NUM_KINDS):
            while hand[k] > caps[k]:
                spots = [
                    (pile, i)
                    for pile in (st.stock, st.set_aside)
                    for i, x in enumerate(pile)
                    if x != k and hand[x] < caps[x]
                ]
                if not spots:
                    return
                pile, i = spots[rng.randrange(len(spots))]
                hand[pile[i]] += 1
                hand[k] -= 1
                pile[i] = k


def _fault(data: TotomFaultEntry) -> Fault:
    return Fault(
        str(data["id"]),
        str(data["name"]),
        int(data["seat"]),
        str(data["penalty"]),
        str(data["explanation"]),
        int(data.get("step", -1)),
    )


def world_from_observation(
    obs: TotomObservation, legal: Sequence[Action], rng: Rng, rules: Rules | None = None
) -> TotomState:
    """A full state consistent with what ``obs["seat"]`` sees, in which ``legal`` are the
    seat's legal actions (see the module docstring)."""
    rules = rules or Rules.from_json(obs.get("rules"))
    viewer = obs["seat"]
    if viewer is None:
        raise ChieuError("a Tổ tôm world is built from a seat's observation, not a spectator's")
    me = int(viewer)
    n = int(obs["players"])
    if n != rules.players:
        raise ChieuError(f"observation of {n} players, rules for {rules.players}")
    phase = str(obs["phase"])
    if phase not in PHASES:
        raise ChieuError(f"no Tổ tôm world can be built in phase {phase!r}")
    marks = obs.get("setup") or {}
    setup = {
        "eldest": int(marks.get("eldest", 0)),
        "dealer": int(obs["dealer"]),
        "cai": int(obs["cai"]),
        "prev_winner": marks.get("prev_winner"),
        "boats": sorted(marks.get("boats", [])),
        "glasses": sorted(marks.get("glasses", [])),
    }
    st = cast("TotomState", find_game("totom").new_state(rules, 0, setup=setup))
    st.events = []
    # what the seat sees
    unseen = KINDS.full_counts()
    mine = KINDS.counts(int(k) for k in obs["hand"])
    down: dict[int, int] = {}
    for code, c in obs["down"].items():
        down[_kind(code)] = int(c)
        mine[_kind(code)] += int(c)
    mats = [[_phu_of(p) for p in mat] for mat in obs["mats"]]
    doors = [[int(k) for k in d] for d in obs["doors"]]
    live = obs.get("live")
    win = obs.get("win") if phase == "call" else None
    if win is not None:  # rebuilt just before the ù, then replayed
        card = win["card"]
        if card is None:
            raise ChieuError("no Tổ tôm world is built for an ù without its winning card")
        mine[int(card)] -= 1
        live = {"card": card, "door": -1, "drawn": win["drawn"], "passed": False, "exposer": -1}
    seen = [*KINDS.kinds_of(mine), *(k for d in doors for k in d)]
    seen += [k for m in mats for p in m for k in p.cards]
    if live is not None:
        seen.append(int(live["card"]))
    for k in seen:
        unseen[k] -= 1
    if min(unseen) < 0:
        raise ChieuError("observation shows more than 4 copies of a Tổ tôm card")
    sizes = [int(x) for x in obs["hand_sizes"]]
    if win is not None:
        sizes[me] -= 1
    if sizes[me] != sum(mine):
        raise ChieuError("observation: the seat's hand size does not match its cards")
    stock_size = int(obs["nocc_left"])
    pool = KINDS.kinds_of(unseen)
    if sum(sizes) - sizes[me] + stock_size > len(pool):
        raise ChieuError("observation: more hidden cards than unseen cards")
    rng.shuffle(pool)
    others = [s for s in range(n) if s != me]
    cups = [int(c) for c in obs["cups"]]
    st.seats = [Seat([0] * NUM_KINDS, {}, cup_count=cups[s]) for s in range(n)]
    st.seats[me].hand = mine
    gone = _gone(obs.get("gone"), n)
    deal_hidden(st, others, sizes, pool, stock_size, rng, gone)
    st.first_shown = phase != "arrange"
    caps = [3 if st.first_shown else 4] * NUM_KINDS
    if phase == "decide" and live is not None:
        caps[int(live["card"])] = 2  # nobody raised his khàn on the live card
    _cap_hands(st, others, caps, rng)
    for s, seat in enumerate(st.seats):
        seat.mat, seat.door, seat.gone = mats[s], doors[s], gone[s]
    me_seat = st.seats[me]
    me_seat.cups, me_seat.down = [int(k) for k in obs["bat_thuc"]], down
    me_seat.missed = [int(k) for k in obs.get("missed", [])]
    me_seat.changed()
    for s in others:
        seat = st.seats[s]
        triples = [k for k, c in enumerate(seat.hand) if c == 3]
        rng.shuffle(triples)
        seat.cups = sorted(triples[: seat.cup_count])
        seat.lay_down_khan(st.first_shown)
    st.faults = [_fault(f) for f in obs["faults"]]
    if live is not None:
        st.live = Live(
            int(live["card"]),
            int(live["door"]),
            bool(live["drawn"]),
            bool(live["passed"]),
            int(live.get("exposer", -1)),
        )
    rd, eaten = obs.get("return_door"), obs.get("eaten")
    st.return_door = -1 if rd is None else int(rd)
    st.eaten = -1 if eaten is None else int(eaten)
    st.phase = phase  # type: ignore[assignment]
    st.actor = me
    st.arranged = (me - st.cai) % n if phase == "arrange" else n
    if win is not None:
        st.phase = "claim"
        st.window = ClaimWindow.open((me,), {me: (A.WIN,)}, A.WIN)
        st.apply(A.WIN, me)
        if st.win_info is None:
            raise ChieuError("observation: the seat's ù does not rebuild")
        st.called = {str(c): int(v) for c, v in obs.get("called", {}).items()}
    elif phase == "claim":  # every other seat is asked afresh: answers are private
        seats = claims.asked(st)
        options = claims.claims(st, seats)
        if options.get(me) != tuple(legal):
            raise ChieuError("observation: the seat's claims do not rebuild")
        st.window = claims.window_of(seats, options)
    st.steps = 1
    st._legal_at, st._legal = st.steps, list(legal)  # the root's legal actions are the seat's
    return st
