"""Phỏm's features for the learned bot (``chieu.bots.learned``; the kit's ``learned_features``):
an observation as a fixed vector."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from chieu.bots.learned import F32, kind_counts, seat_order

if TYPE_CHECKING:
    from chieu.games.phom.views import PhomObservation


def features(obs: PhomObservation, memory: object = None) -> F32:
    """Phỏm: the hand, every seat's row, phỏm and eaten cards (seat-relative), the live
    discard, the phase and stage, hand sizes, the stock, lay-down flags, payments so far."""
    n = int(obs["players"])
    seat = obs["seat"]
    assert seat is not None, "the features of a seat's observation"
    order = seat_order(int(seat), 4 if n > 4 else n)
    parts = [kind_counts(obs.get("hand") or [], 52)]
    melds = [[c for m in seat_melds for c in m] for seat_melds in obs["melds"]]
    for cards in (obs["rows"], melds, obs["eaten"]):
        block = np.zeros((4, 52), dtype=np.float32)
        for r, s in enumerate(order):
            block[r] = kind_counts(cards[s], 52)
        parts.append(block.ravel())
    live = np.zeros(52 + 4, dtype=np.float32)
    discard = obs.get("live")
    if discard:
        live[int(discard["card"])] = 1.0
        live[52 + order.index(int(discard["from"]))] = 1.0
    parts.append(live)
    small = [float(obs["phase"] == p) for p in ("khan", "draw", "act", "end")] + [
        float(obs.get("stage") == s) for s in ("start", "drawn", "ate", "laying")
    ]
    small += [obs["hand_sizes"][s] / 10.0 for s in order] + [0.0] * (4 - len(order))
    small += [float(obs["laid"][s]) for s in order] + [0.0] * (4 - len(order))
    small += [float(np.tanh(obs["payoffs"][s] / 10.0)) for s in order] + [0.0] * (4 - len(order))
    small += [obs["stock_left"] / 20.0, float(bool(obs.get("laydown_turn"))), float(n)]
    parts.append(np.asarray(small, dtype=np.float32))
    return np.concatenate(parts)
