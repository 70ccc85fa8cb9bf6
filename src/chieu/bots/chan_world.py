"""Chắn determinization: a full ``ChanState`` consistent with one seat's observation.

The search bot never receives the State. It rebuilds one from what the seat sees (its hand,
every mat and door, the live card, the counts of hidden cards, the báo flags, the faults) and
what it remembers of its own past (its dealt hand and its fault history, ``SeatHistory``, kept
by replaying its own actions on the worlds it builds). The hidden cards (other hands, the nọc,
the set-aside piles) are dealt at random from the cards it has not seen, hand sizes kept; the
face-up cái card stays in the cái's hand until a card of its kind has publicly left it.

What cannot be known is approximated: the other seats' fault histories start empty, and the
order in which earlier seats were asked in a claim window is rebuilt from the sampled hands
(``ChanState._reopen_claims``, the same rule ``resample_hidden`` uses).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from chieu.core.actions import Action
from chieu.core.errors import ChieuError
from chieu.core.outcome import Fault
from chieu.core.rng import Rng
from chieu.games.chan.cards import KINDS, NUM_KINDS
from chieu.games.chan.faults import NAT, PAY12, SeatHistory
from chieu.games.chan.rules import Rules
from chieu.games.chan.state import ChanState

_MAT_CHAN = {"chan": 1, "chiu": 2, "ca": 0}
STOCK_SIZE = 23  # the nọc after the deal (A2.2)


@dataclass
class _SeatMemory:
    dealt: list[int] | None = None
    hist: SeatHistory = field(default_factory=SeatHistory)
    table: int = 0
    stock: int = 1000


def _table_size(obs: Mapping[str, Any]) -> int:
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

    def set_rules(self, rules: Mapping[str, Any] | Rules | None) -> None:
        self.rules = rules if isinstance(rules, Rules) or rules is None else Rules.from_json(rules)
        self._memory.clear()

    def _rules_for(self, obs: Mapping[str, Any]) -> Rules:
        players = int(obs["players"])
        if self.rules is None or self.rules.players != players:
            base = self.rules or Rules()
            self.rules = base.with_(players=players)
        return self.rules

    def observe(self, obs: Mapping[str, Any]) -> _SeatMemory:
        seat = obs.get("seat")
        if seat is None or "hand" not in obs:
            raise ChieuError("the Chắn search bot needs a seat's observation (with its hand)")
        table, stock = _table_size(obs), int(obs["stock_left"])
        mem = self._memory.get(int(seat))
        if mem is None or table < mem.table or stock > mem.stock:
            mem = self._memory[int(seat)] = _SeatMemory()
        if mem.dealt is None:
            mem.dealt = KINDS.counts(int(k) for k in obs["hand"])
        mem.table, mem.stock = table, stock
        return mem

    def sample(self, obs: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> ChanState:
        """A world consistent with ``obs`` in which ``legal`` are the seat's legal actions."""
        mem = self.observe(obs)
        rules = self._rules_for(obs)
        me = int(obs["seat"])
        n = int(obs["players"])
        st = ChanState(rules, 0)
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
        hands: list[list[int]] = []
        i = 0
        for s in range(n):
            if s in shown:
                hands.append(list(shown[s]))
                continue
            size = sizes[s] - (s == pinned)
            h = KINDS.counts(pool[i : i + size])
            i += size
            if s == pinned:
                h[cai_card] += 1
            hands.append(h)
        stock_left = int(obs["stock_left"])
        st.hands = hands
        st.stock = pool[i : i + stock_left]
        st.set_aside = pool[i + stock_left :]
        st.dealt = [list(mem.dealt) if s == me and mem.dealt else list(hands[s]) for s in range(n)]
        st.mats = mats
        st.mat_chan = [sum(_MAT_CHAN.get(how, 0) for _, how in m) for m in mats]
        st.chiu_count = [sum(how == "chiu" for _, how in m) for m in mats]
        st.doors = doors
        st.drawable = STOCK_SIZE - 1 if rules.last_nocc_dead else STOCK_SIZE
        st.draws = st.drawable - int(obs["draws_left"])
        st.hist = [mem.hist.copy() if s == me else SeatHistory() for s in range(n)]
        st.bao = [bool(b) for b in obs["bao"]]
        st.bao_order = [s for s in range(n) if st.bao[s]]
        st.faults = [_fault(f) for f in obs.get("faults", ())]
        st.nat = [any(f.seat == s and f.penalty == NAT for f in st.faults) for s in range(n)]
        st.pay12 = sorted({f.seat for f in st.faults if f.penalty == PAY12})
        st.shown = {s for s in shown if s != me}
        st.cai_seat, st.cai_card, st.bat_cai = cai, cai_card, int(obs["bat_cai"])
        st.cai_card_held = not left_cai
        st.opening = bool(obs["opening"])
        st.return_door = obs.get("return_door")
        phase = str(obs["phase"])
        live = obs.get("live")
        if live is not None:
            card, door, origin = int(live["card"]), int(live["door"]), str(live["origin"])
            actor = obs.get("actor")
            if origin == "drawn":
                role, drawer, nocc = "drawn", door, True
            elif origin == "passed":
                role, drawer, nocc = "discard", door, True
            elif origin == "returned" and actor == door:
                role, drawer, nocc = "drawn", door, False
            else:
                role, drawer, nocc = "discard", -1, False
            st._set_live(card, door, origin, role, drawer, nocc)
            st.final = nocc and st.draws >= st.drawable
        if phase == "return":
            st._clear_live()
            st.live_role = "discard"
        st.phase = phase
        st.actor = me if obs.get("actor") is None else int(obs["actor"])
        if phase == "claim":
            origin = live["origin"] if live is not None else ""
            st.claim_exposer = (
                int(live["door"]) if live is not None and origin == "discard" else None
            )
            st.claim_done = []
            st.pending_chiu = -1
            st.claim_queue = [me]
            st.claim_options = {me: list(legal)}
            st._reopen_claims(me)
            st.claim_options[me] = list(legal)
        if phase == "announce":
            raise ChieuError("the announce phase is not searched (the winner's own cước)")
        st.steps = 1
        # the root's legal actions are the ones the seat was given
        st._legal_at, st._legal, st._legal_clean = st.steps, list(legal), False
        return st

    def chose(self, obs: Mapping[str, Any], legal: Sequence[Action], action: Action) -> None:
        """Remember the seat's own action: its history is what the engine records for it."""
        me = int(obs["seat"])
        mem = self.observe(obs)
        if str(obs["phase"]) == "announce":
            return
        try:
            world = self.sample(obs, legal, Rng(0, "chan-world", me))
            world.apply(action, me)
        except ChieuError:
            return
        mem.hist = world.hist[me].copy()


def _fault(data: Mapping[str, Any]) -> Fault:
    return Fault(
        str(data["id"]),
        str(data["name"]),
        int(data["seat"]),
        str(data["penalty"]),
        str(data.get("explanation", "")),
        int(data.get("step", -1)),
    )


__all__ = ["ChanWorlds"]
