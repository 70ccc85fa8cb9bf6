"""Chắn zones and worlds: where every card lies and who may see it, and the worlds the search
bot samples from one seat's observation.

A ``Seat`` holds a seat's hand, mat and door (with its fault history and penalties); ``Live``
is the live card. Zones (each a count vector over the 25 kinds; together they hold the deck):

* ``hand:S`` (seen by S; by everyone once S laid his hand down to claim ù);
* ``cai``: the face-up cái card, while it is still in the cái's hand: it was dealt face up,
  so everyone knows where it is until a card of its kind publicly leaves his hand;
* ``mat:S`` and ``door:S`` (public);
* ``stock`` (the nọc) and ``set_aside`` (the piles of absent seats): seen by nobody.

``ChanWorlds`` builds a full ``ChanState`` from what one seat sees (its hand, every mat and
door, the live card, the counts of hidden cards, the báo flags, the faults) and what it
remembers of its own past (its dealt hand and its fault history, kept by replaying its own
actions on the worlds it builds). The hidden cards are dealt at random from the cards it has
not seen, hand sizes kept. What cannot be known is approximated: the other seats' fault
histories start empty, and in a claim window the other seats are asked afresh.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Literal, NamedTuple, cast

from chieu.core.actions import Action
from chieu.core.decisions import ClaimWindow
from chieu.core.errors import ChieuError
from chieu.core.outcome import Fault
from chieu.core.registry import find_game
from chieu.core.rng import Rng
from chieu.core.zones import ZoneSpec
from chieu.games.chan import claims
from chieu.games.chan.actions import ACTION_SPACE, DECLINE
from chieu.games.chan.analysis import Waits, pair_waits, waits
from chieu.games.chan.cards import KINDS, NUM_KINDS
from chieu.games.chan.fault_rules import NAT, PAY12, SeatHistory
from chieu.games.chan.rules import Rules

if TYPE_CHECKING:
    from chieu.games.chan.faults import FaultEntry
    from chieu.games.chan.state import ChanState
    from chieu.games.chan.views import ChanObservation

Origin = Literal["discard", "drawn", "passed", "returned"]
_MAT_CHAN = {"chan": 1, "chiu": 2, "ca": 0}
STOCK_SIZE = 23  # the nọc after the deal (A2.2)


@dataclass(slots=True, eq=False)
class Seat:
    """One seat: its hand (counts by kind), its mat (groups laid face up, each with how it was
    taken: ``chan``, ``ca`` or ``chiu``), its door (the cards lying there, the last on top),
    its fault history and penalties, and caches of its hand's analysis."""

    hand: list[int]
    dealt: tuple[int, ...]  # the hand as dealt (the cước "chưa có chắn" reads it)
    mat: list[tuple[tuple[int, ...], str]] = field(default_factory=list)
    mat_chan: int = 0  # chắn on the mat: 1 per eaten chắn, 2 per chíu
    door: list[int] = field(default_factory=list)
    hist: SeatHistory = field(default_factory=SeatHistory)
    bao: bool = False
    nat: bool = False
    chiu_count: int = 0
    shown: bool = False  # he laid his hand down to claim ù: everyone has seen it
    blocked: set[int] | None = None  # cache: the discards his history forbids
    pw: frozenset[int] | None = None  # cache: the cards that pair his hand up
    wt: Waits | None = None  # cache: the waits of his hand and mat

    def copy(self) -> Seat:
        return Seat(
            list(self.hand),
            self.dealt,
            list(self.mat),
            self.mat_chan,
            list(self.door),
            self.hist.copy(),
            self.bao,
            self.nat,
            self.chiu_count,
            self.shown,
            self.blocked,
            self.pw,
            self.wt,
        )

    def pair_waits(self) -> frozenset[int]:
        if self.pw is None:
            self.pw = pair_waits(self.hand)
        return self.pw

    def waits(self) -> Waits:
        if self.wt is None:
            self.wt = waits(self.hand, self.mat_chan)
        return self.wt

    def forget(self) -> None:
        """Drop the caches of the hand's analysis (the hand changed, or was dealt again)."""
        self.blocked = self.pw = self.wt = None


class Live(NamedTuple):
    """The live card: the one card that may be eaten or claimed (A3.2). A named tuple: one
    is built on every đánh, bốc and dưới."""

    card: int
    door: int  # the door it lies in
    origin: Origin
    role: Literal["drawn", "discard"]  # drawn: its drawer decides on it; discard: the next seat
    drawer: int  # the seat that drew it (-1 for a discard)
    from_nocc: bool  # it came from the nọc (a win on it needs no chíu)


# -- zones ------------------------------------------------------------------------------------


def zone_specs(st: ChanState) -> tuple[ZoneSpec, ...]:
    n = st.num_players
    return (
        *(ZoneSpec(f"hand:{s}", s, "hand", "owner") for s in range(n)),
        ZoneSpec("cai", st.cai_seat, "hand", "public"),
        *(ZoneSpec(f"mat:{s}", s, "mat", "public") for s in range(n)),
        *(ZoneSpec(f"door:{s}", s, "door", "public") for s in range(n)),
        ZoneSpec("stock", None, "stock", "nobody"),
        ZoneSpec("set_aside", None, "dead", "nobody"),
    )


def zones(st: ChanState) -> dict[str, list[int]]:
    """Count vectors of every place a card can be (they always sum to the deck)."""
    z: dict[str, list[int]] = {}
    cai = [0] * NUM_KINDS
    if st.cai_card_held:
        cai[st.cai_card] = 1
    for s, seat in enumerate(st.seats):
        hand = list(seat.hand)
        if s == st.cai_seat:
            hand[st.cai_card] -= cai[st.cai_card]
        z[f"hand:{s}"] = hand
    z["cai"] = cai
    for s, seat in enumerate(st.seats):
        mat = [0] * NUM_KINDS
        for kinds, _ in seat.mat:
            for k in kinds:
                mat[k] += 1
        z[f"mat:{s}"] = mat
    for s, seat in enumerate(st.seats):
        z[f"door:{s}"] = KINDS.counts(seat.door)
    z["stock"] = KINDS.counts(st.stock)
    z["set_aside"] = KINDS.counts(st.set_aside)
    return z


def set_zones(st: ChanState, dealt: Mapping[str, Sequence[int]]) -> None:
    """Put re-dealt hidden zones back: hands as counts (the cái card stays with the cái), the
    nọc in an order drawn from the deal itself, the set-aside piles."""
    for zid, counts in dealt.items():
        if zid.startswith("hand:"):
            s = int(zid[5:])
            hand = list(counts)
            if s == st.cai_seat and st.cai_card_held:
                hand[st.cai_card] += 1
            st.seats[s].hand = hand
        elif zid == "stock":
            # the zones are counts: the draw order comes from a stream seeded by the deal
            order = KINDS.kinds_of(counts)
            Rng(st.seed, "chan-stock", *(c for z in dealt.values() for c in z)).shuffle(order)
            st.stock = order
        elif zid == "set_aside":
            st.set_aside = KINDS.kinds_of(counts)


def snapshot(st: ChanState) -> dict[str, object]:
    """The whole state as plain JSON data (for equality in tests)."""
    window = st.window
    space = ACTION_SPACE
    outcome = st.outcome()
    return {
        "seats": [
            {
                "hand": list(s.hand),
                "mat": [[list(k), how] for k, how in s.mat],
                "door": list(s.door),
                "flags": [s.bao, s.nat, s.chiu_count, s.shown],
                "hist": {
                    k: sorted(map(list, v) if k == "missed" else v) if isinstance(v, set) else v
                    for k, v in asdict(s.hist).items()
                },
            }
            for s in st.seats
        ],
        "stock": list(st.stock),
        "phase": st.phase,
        "actor": st.actor,
        "window": None
        if window is None
        else {
            "asked": list(window.asked),
            "options": {p: [space.id_of(a) for a in o] for p, o in window.options.items()},
            "answers": {p: space.id_of(a) for p, a in window.answers.items()},
        },
        "live": None if st.live is None else list(st.live),
        "returning": None if st.returning is None else list(st.returning),
        "pay12": list(st.pay12),
        "faults": [f.to_json() for f in st.faults],
        "draws": st.draws,
        "announced": dict(st.announced),
        "outcome": None if outcome is None else outcome.to_json(),
    }


# -- worlds for the search bot -----------------------------------------------------------------


@dataclass
class _SeatMemory:
    dealt: list[int] | None = None
    hist: SeatHistory = field(default_factory=SeatHistory)
    table: int = 0
    stock: int = 1000


def _table_size(obs: ChanObservation) -> int:
    return sum(len(d) for d in obs["doors"]) + sum(
        len(g["cards"]) for mat in obs["mats"] for g in mat
    )


class ChanWorlds:
    """Builds determinized Chắn states for one bot; remembers each seat's own history.

    ``observe(obs)`` is called at each decision (it notices a new deal), ``sample(obs, legal,
    rng)`` builds a world, ``chose(obs, legal, action)`` records the bot's own action.
    """

    def __init__(self, rules: Rules | None = None) -> None:
        self.rules = rules
        self._memory: dict[int, _SeatMemory] = {}

    def set_rules(self, rules: Mapping[str, object] | Rules | None) -> None:
        self.rules = rules if isinstance(rules, Rules) or rules is None else Rules.from_json(rules)
        self._memory.clear()

    def _rules_for(self, obs: ChanObservation) -> Rules:
        players = int(obs["players"])
        if self.rules is None or self.rules.players != players:
            base = self.rules or Rules()
            self.rules = base.with_(players=players)
        return self.rules

    def observe(self, obs: ChanObservation) -> _SeatMemory:
        seat = _seat_of(obs)
        table, stock = _table_size(obs), int(obs["stock_left"])
        mem = self._memory.get(int(seat))
        if mem is None or table < mem.table or stock > mem.stock:
            mem = self._memory[int(seat)] = _SeatMemory()
        if mem.dealt is None:
            mem.dealt = KINDS.counts(int(k) for k in obs["hand"])
        mem.table, mem.stock = table, stock
        return mem

    def sample(self, obs: ChanObservation, legal: Sequence[Action], rng: Rng) -> ChanState:
        """A world consistent with ``obs`` in which ``legal`` are the seat's legal actions."""
        mem = self.observe(obs)
        rules = self._rules_for(obs)
        me = _seat_of(obs)
        n = int(obs["players"])
        phase = obs["phase"]
        if phase == "announce":
            raise ChieuError("the announce phase is not searched (the winner's own cước)")
        st = cast("ChanState", find_game("chan").new_state(rules, 0))
        st.events = []
        hand = KINDS.counts(int(k) for k in obs["hand"])
        shown = {
            int(s): KINDS.counts(int(k) for k in h) for s, h in obs.get("shown_hands", {}).items()
        }
        shown[me] = hand
        seen = [0] * NUM_KINDS
        for h in shown.values():
            for k in range(NUM_KINDS):
                seen[k] += h[k]
        mats: list[list[tuple[tuple[int, ...], str]]] = []
        for s in range(n):
            groups = [(tuple(int(k) for k in g["cards"]), str(g["how"])) for g in obs["mats"][s]]
            mats.append(groups)
            for cards, _ in groups:
                for k in cards:
                    seen[k] += 1
        doors = [[int(k) for k in d] for d in obs["doors"]]
        for d in doors:
            for k in d:
                seen[k] += 1
        pool = KINDS.kinds_of([4 - c for c in seen])
        cai, cai_card = int(obs["cai_seat"]), int(obs["cai_card"])
        left_cai = cai_card in doors[cai] or any(cai_card in cards for cards, _ in mats[cai])
        pinned = cai if cai not in shown and not left_cai and cai_card in pool else -1
        if pinned >= 0:
            pool.remove(cai_card)
        rng.shuffle(pool)
        sizes = [int(x) for x in obs["hand_sizes"]]
        faults = [_fault(f) for f in obs.get("faults", ())]
        bao = [bool(b) for b in obs["bao"]]
        st.seats = []
        i = 0
        for s in range(n):
            if s in shown:
                h = list(shown[s])
            else:
                size = sizes[s] - (s == pinned)
                h = KINDS.counts(pool[i : i + size])
                i += size
                if s == pinned:
                    h[cai_card] += 1
            dealt = tuple(mem.dealt) if s == me and mem.dealt else tuple(h)
            seat = Seat(h, dealt, mats[s], sum(_MAT_CHAN.get(how, 0) for _, how in mats[s]))
            seat.door = doors[s]
            seat.hist = mem.hist.copy() if s == me else SeatHistory()
            seat.bao = bao[s]
            seat.nat = any(f.seat == s and f.penalty == NAT for f in faults)
            seat.chiu_count = sum(how == "chiu" for _, how in mats[s])
            seat.shown = s in shown and s != me
            st.seats.append(seat)
        stock_left = int(obs["stock_left"])
        st.stock = pool[i : i + stock_left]
        st.set_aside = pool[i + stock_left :]
        st.drawable = STOCK_SIZE - 1 if rules.last_nocc_dead else STOCK_SIZE
        st.draws = st.drawable - int(obs["draws_left"])
        st.bao_order = [s for s in range(n) if bao[s]]
        st.faults = faults
        st.pay12 = sorted({f.seat for f in faults if f.penalty == PAY12})
        st.cai_seat, st.cai_card, st.bat_cai = cai, cai_card, int(obs["bat_cai"])
        st.cai_card_held = not left_cai
        st.opening = bool(obs["opening"])
        actor = obs.get("actor")
        live = obs.get("live")
        if live is not None:
            card, door, origin = int(live["card"]), int(live["door"]), str(live["origin"])
            if origin == "drawn":
                st.live = Live(card, door, "drawn", "drawn", door, True)
            elif origin == "passed":
                st.live = Live(card, door, "passed", "discard", door, True)
            elif origin == "returned" and actor == door:
                st.live = Live(card, door, "returned", "drawn", door, False)
            elif origin == "returned":
                st.live = Live(card, door, "returned", "discard", -1, False)
            else:
                st.live = Live(card, door, "discard", "discard", -1, False)
            st.final = st.live.from_nocc and st.draws >= st.drawable
        back = obs.get("return_door")
        if phase == "return" and back is not None:
            st.returning = Live(-1, int(back), "discard", "discard", -1, False)
        st.phase = phase
        st.actor = me if actor is None else int(actor)
        if phase == "claim":
            window = ClaimWindow.open(tuple(obs["asked"] or ()), {}, DECLINE)
            st.window = claims.reopen(st, window, {})
            st.window.options[me] = tuple(legal)
            st.window.only_passes = False
        st.steps = 1
        # the root's legal actions are the ones the seat was given
        st._legal_at, st._legal, st._legal_clean = st.steps, list(legal), False
        return st

    def chose(self, obs: ChanObservation, legal: Sequence[Action], action: Action) -> None:
        """Remember the seat's own action: its history is what the engine records for it."""
        me = _seat_of(obs)
        mem = self.observe(obs)
        if str(obs["phase"]) == "announce":
            return
        try:
            world = self.sample(obs, legal, Rng(0, "chan-world", me))
            window = world.window
            world.apply(action, me)
            if window is not None and world.window is window:
                for seat in window.pending():  # the others let the card go: the answer counts
                    world.apply(DECLINE, seat)
        except ChieuError:
            return
        mem.hist = world.seats[me].hist.copy()


def _seat_of(obs: ChanObservation) -> int:
    seat = obs.get("seat")
    if seat is None or "hand" not in obs:
        raise ChieuError("the Chắn search bot needs a seat's observation (with its hand)")
    return int(seat)


def _fault(data: FaultEntry) -> Fault:
    return Fault(
        str(data["id"]),
        str(data["name"]),
        int(data["seat"]),
        str(data["penalty"]),
        str(data.get("explanation", "")),
        int(data.get("step", -1)),
    )


#: what ``chieu.bots.worlds`` looks for in ``chieu.games.<game>.worlds``
WORLDS = ChanWorlds
