"""Mạt chược zones and worlds: where the tiles lie, who sees them, and states the search bot
can play in.

The zones (``ZONE_SPECS``, declared once) are, per seat, its concealed hand (``hand:s``, seen
by its owner; the tile it has just drawn lies apart in ``drawn:s`` so that a re-deal draws it
afresh), its exposed phu (``mat:s``), what it has set down (``flowers:s``) and its discards
(``discard:s``), all public; the wall (``stock``, seen by nobody) and the khung copies a
smaller set leaves out (``box``, public). ``core.state`` answers ``hidden_from`` and
``resample_hidden`` from them; ``set_zones`` puts re-dealt tiles back, the wall in an order
drawn from the re-deal itself.

``world_from_observation`` builds a whole state from what one seat sees, for the search bot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, cast

from chieu.core.actions import Action
from chieu.core.decisions import ClaimWindow
from chieu.core.errors import ChieuError
from chieu.core.rng import Rng
from chieu.core.zones import ZoneSpec
from chieu.games.matchuoc import actions as A
from chieu.games.matchuoc.cards import (
    HONOR0,
    HP,
    KINDS,
    NUM_KINDS,
    TG,
    is_flower,
    is_khung,
    tile_set_counts,
)
from chieu.games.matchuoc.claims import Live, asked
from chieu.games.matchuoc.decompose import Group
from chieu.games.matchuoc.rules import Rules
from chieu.games.matchuoc.setups import PLAYERS, Seat

if TYPE_CHECKING:
    from chieu.games.matchuoc.state import MatChuocState
    from chieu.games.matchuoc.views import MatchuocObservation

ZONE_SPECS: tuple[ZoneSpec, ...] = (
    *(
        spec
        for s in range(PLAYERS)
        for spec in (
            ZoneSpec(f"hand:{s}", s, "hand", "owner"),
            ZoneSpec(f"drawn:{s}", s, "hand", "owner"),
            ZoneSpec(f"mat:{s}", s, "mat", "public"),
            ZoneSpec(f"flowers:{s}", s, "flowers", "public"),
            ZoneSpec(f"discard:{s}", s, "discard", "public"),
        )
    ),
    ZoneSpec("stock", None, "stock", "nobody"),
    ZoneSpec("box", None, "dead", "public"),
)
_HAND = [f"hand:{s}" for s in range(PLAYERS)]
_DRAWN = [f"drawn:{s}" for s in range(PLAYERS)]


def drawn_by(st: MatChuocState) -> int:
    """The seat holding a tile it has just drawn this turn (-1: none)."""
    return st.actor if st.phase == "turn" and st.last_draw >= 0 else -1


def zones(st: MatChuocState) -> dict[str, list[int]]:
    z: dict[str, list[int]] = {}
    holder = drawn_by(st)
    for s, me in enumerate(st.seats):
        hand = list(me.hand)
        drawn = [0] * NUM_KINDS
        if s == holder:
            hand[st.last_draw] -= 1
            drawn[st.last_draw] = 1
        z[_HAND[s]] = hand
        z[_DRAWN[s]] = drawn
        z[f"mat:{s}"] = list(me.meld_tiles)
        z[f"flowers:{s}"] = list(me.down)
        z[f"discard:{s}"] = KINDS.counts(me.river)
    z["stock"] = KINDS.counts(st.wall)
    z["box"] = list(st.box)
    return z


def set_zones(st: MatChuocState, fresh: Mapping[str, Sequence[int]]) -> None:
    """Put re-dealt hands and wall back (only hidden zones are re-dealt)."""
    holder = drawn_by(st)
    for s, me in enumerate(st.seats):
        if _HAND[s] not in fresh:
            continue
        drawn = fresh[_DRAWN[s]]
        me.hand = [a + b for a, b in zip(fresh[_HAND[s]], drawn, strict=True)]
        me.changed()
        if s == holder:
            st.last_draw = next(k for k, n in enumerate(drawn) if n)
    if "stock" in fresh:
        wall = KINDS.kinds_of(list(fresh["stock"]))
        # the order of the wall: drawn from the re-deal itself (core gives no generator here)
        salt = ";".join(",".join(map(str, fresh[z])) for z in sorted(fresh))
        Rng(st.seed, "wall-order", salt).shuffle(wall)
        st.wall = wall


def world_from_observation(
    cls: type[MatChuocState],
    obs: Mapping[str, object],
    legal: Sequence[Action],
    rng: Rng,
    rules: Rules | None = None,
) -> MatChuocState:
    """A full state consistent with what ``obs["seat"]`` sees, for search bots: the tiles it
    cannot see are dealt at random to the other hands (sizes kept) and the wall; what the
    observation does not tell (the other seats' answers to a claim window: bỏ qua; where a
    set-down khung was set down) takes its most common value. The seat is to act, with
    ``legal`` as its legal actions (``cls``: the state class)."""
    seat = obs.get("seat")
    if not isinstance(seat, int) or obs.get("game") != "matchuoc":
        raise ChieuError("a Mạt chược world needs a seat's Mạt chược observation")
    view = cast("MatchuocObservation", obs)  # checked: a seat's Mạt chược observation
    rules = rules or Rules()
    st = object.__new__(cls)
    st.rules = rules
    st.seed = 0
    st.num_players = PLAYERS
    st.dealer = int(view["dealer"])
    st.setup = {"dealer": st.dealer, "round_wind": int(view["prevailing"]) - HONOR0 + 1}
    st.prevailing = int(view["prevailing"])
    in_play = tile_set_counts(rules.tile_set)
    st.box = [KINDS.copies[k] - in_play[k] for k in range(NUM_KINDS)]
    unseen = list(in_play)
    st.seats = [Seat([0] * NUM_KINDS) for _ in range(PLAYERS)]
    for t in view["hand"]:
        st.seats[seat].hand[t] += 1
        unseen[t] -= 1
    for s, me in enumerate(st.seats):
        me.river = list(view["rivers"][s])
        for g in view["melds"][s]:
            grp = Group(g["kind"], tuple(g["tiles"]), tuple(g["wilds"]), g["exposed"], g["claimed"])
            me.melds.append(grp)
            for t, w in zip(grp.tiles, grp.wilds, strict=True):
                me.meld_tiles[w if w >= 0 else t] += 1
        me.flowers = list(view["flowers"][s])
        me.khung_down = [(k, False) for k in view["khung_down"][s]]
        me.tong_hop = list(view["tong_hop"][s])
        for k in [*me.flowers, *(k for k, _ in me.khung_down)]:
            me.down[k] += 1
        me.down[TG] += sum(me.tong_hop)
        me.down[HP] += sum(me.tong_hop)
        me.khung_discarded = [(k, False) for k in me.river if is_khung(k)]
        me.flower_discards = [
            k for k in me.river if is_flower(k) or (rules.phong_khung and is_khung(k))
        ]
        me.live_draws = 2
        for k in range(NUM_KINDS):
            unseen[k] -= me.meld_tiles[k] + me.down[k]
        for k in me.river:
            unseen[k] -= 1
    pool = KINDS.kinds_of([max(0, n) for n in unseen])
    rng.shuffle(pool)
    i = 0
    for s, me in enumerate(st.seats):
        if s != seat:
            size = int(view["hand_sizes"][s])
            me.hand = KINDS.counts(pool[i : i + size])
            i += size
    st.wall = pool[i : i + int(view["wall_left"])]
    st.dead_half = False
    st.phase = phase = view["phase"]
    st.dealer_replaced = False
    st.opened = (seat - st.dealer) % PLAYERS if phase == "opening" else PLAYERS
    if phase == "opening":
        st.seats[seat].must_all = A.END_OPENING not in legal
    st.actor = seat
    st.after_claim = bool(view.get("after_claim"))
    st.last_draw = int(view.get("drawn", -1))
    st.last_from_dead = False
    claimed = sum(1 for me in st.seats for g in me.melds if g.claimed)
    st.discards_made = sum(len(me.river) for me in st.seats) + claimed
    st.claims_made = claimed > 0
    st.nhan_turn = False
    st._turn_default = None
    st.live = None
    st.window = None
    if phase == "claim":
        discard = view["discard"]
        if discard is None:
            raise ChieuError("a claim window's observation names its discard")
        d = int(discard["from"])
        st.live = Live(int(discard["tile"]), d)
        seats = asked(d)
        st.window = ClaimWindow.open(seats, {seat: list(legal)}, A.PASS)
        st.window.answers.update({s: A.PASS for s in seats if s != seat})
    st.winners = []
    st._outcome = None
    st.steps = 0
    st._legal_at = -1
    st._legal = []
    st.events = []
    return st
