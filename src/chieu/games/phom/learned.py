"""Phỏm's features for the learned bot (``chieu.bots.learned``; the kit's ``learned_features``):
an observation as a fixed vector."""

from __future__ import annotations

from typing import Any

import numpy as np

from chieu.bots.learned import F32, kind_counts, seat_order


def features(obs: dict[str, Any], memory: Any = None) -> F32:
    """Phỏm: the hand, every seat's row, phỏm and eaten cards (seat-relative), the live
    discard, the phase and stage, hand sizes, the stock, lay-down flags, payments so far."""
    n = int(obs["players"])
    order = seat_order(int(obs["seat"]), 4 if n > 4 else n)
    parts = [kind_counts(obs.get("hand") or [], 52)]
    for key in ("rows", "melds", "eaten"):
        block = np.zeros((4, 52), dtype=np.float32)
        for r, s in enumerate(order):
            items = obs[key][s]
            flat = [c for m in items for c in m] if key == "melds" else items
            block[r] = kind_counts(flat, 52)
        parts.append(block.ravel())
    live = np.zeros(52 + 4, dtype=np.float32)
    if obs.get("live"):
        live[int(obs["live"]["card"])] = 1.0
        live[52 + order.index(int(obs["live"]["from"]))] = 1.0
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
