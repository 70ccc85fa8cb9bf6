"""Chắn's features for the learned bot (``chieu.bots.learned``; the kit's ``learned_features``):
an observation and what the seat remembers of its own play as a fixed vector."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from chieu.bots.learned import F32, kind_counts, seat_order
from chieu.games.chan.actions import EATS_OF
from chieu.games.chan.bots import Memory, Position, estimate_distance, seat_of, win_is_legal

if TYPE_CHECKING:
    from chieu.games.chan.views import ChanObservation


def features(obs: ChanObservation, memory: Memory | None = None) -> F32:
    """Chắn: the hand (counts by kind), every seat's mat and door (seat-relative), the live
    card and its door, the phase, hand sizes, the draws left, báo flags; what the seat
    remembers of its own play in the deal (``memory``, a GreedyChanBot's ``Memory``): the kinds
    it threw, the chắn it declined, the ranks it declined a cạ on, the cạ partners it tore
    (Chắn's faults depend on them, and no observation shows them all); and the hand's analysis
    (``_analysis``)."""
    n = int(obs["players"])
    order = seat_order(seat_of(obs), n)
    parts = [kind_counts(obs.get("hand") or [], 25, 0.25)]
    mats = np.zeros((4, 25), dtype=np.float32)
    doors = np.zeros((4, 25), dtype=np.float32)
    for r, s in enumerate(order):
        mats[r] = kind_counts([c for g in obs["mats"][s] for c in g["cards"]], 25, 0.25)
        doors[r] = kind_counts(obs["doors"][s], 25, 0.25)
    parts += [mats.ravel(), doors.ravel()]
    live = np.zeros(25 + 4 + 4, dtype=np.float32)
    got = obs.get("live")
    if got:
        live[int(got["card"])] = 1.0
        live[25 + order.index(int(got["door"]))] = 1.0
        origin = ("discard", "drawn", "passed", "returned")
        if got.get("origin") in origin:
            live[29 + origin.index(got["origin"])] = 1.0
    parts.append(live)
    phases = ("discard", "return", "claim", "decide", "announce", "end")
    small = [float(obs["phase"] == p) for p in phases]
    small += [obs["hand_sizes"][s] / 20.0 for s in order] + [0.0] * (4 - n)
    small += [float(obs["bao"][s]) for s in order] + [0.0] * (4 - n)
    small += [obs["draws_left"] / 23.0, float(bool(obs.get("opening")))]
    parts.append(np.asarray(small, dtype=np.float32))
    memory = memory if memory is not None else Memory()  # a seat that has not played yet
    declined_ranks = [base + i for base in memory.declined_ca_ranks for i in range(3)]
    recalled = np.zeros((4, 25), dtype=np.float32)
    for row, kinds in enumerate(
        (memory.discarded, memory.declined_chan, declined_ranks, memory.torn_ca)
    ):
        recalled[row, [k for k in kinds if k < 25]] = 1.0
    parts += [recalled.ravel(), _analysis(obs, memory)]
    return np.concatenate(parts)


def _scaled(distance: int) -> float:
    return min(distance, 10) / 10.0


def _analysis(obs: ChanObservation, memory: Memory) -> F32:
    """What the hand's analysis and the fault rules say (through the heuristic's ``Position``:
    ``estimate_distance``, a closed form of ``chieu.games.chan.analysis``, and its checks of
    the A6 faults from the seat's memory). Per kind: the distance to a wait after throwing that
    card, whether throwing it risks a fault, the distance after eating the live card with it,
    whether that eat is free of faults, the unseen copies, què; then the distance now and
    whether an ù offered now is legal."""
    pos = Position(obs, memory)
    h, mat_chan = pos.h, pos.mat_chan
    out = np.zeros((6, 25), dtype=np.float32)
    live = obs.get("live")
    card = -1 if live is None else int(live["card"])
    eats = () if card < 0 else {k for k, _ in EATS_OF[card]}
    now = estimate_distance(h, mat_chan)
    for k in range(25):
        if h[k]:
            h[k] -= 1
            out[0, k] = _scaled(estimate_distance(h, mat_chan))
            out[1, k] = pos.risky_discard(k)
            if k in eats:
                chan = k == card
                out[2, k] = _scaled(estimate_distance(h, mat_chan + chan))
                may = pos.may_eat_chan(card) if chan else pos.may_eat_ca(card, k, now)
                out[3, k] = may and pos.safe_after_eat(h, card, chan)
            h[k] += 1
        out[4, k] = pos.unseen(k)[0] / 4.0
    out[5, list(pos.que)] = 1.0
    legal_win = float(win_is_legal(obs, h, mat_chan))
    tail = np.asarray([_scaled(now), legal_win], dtype=np.float32)
    return np.concatenate([out.ravel(), tail])
