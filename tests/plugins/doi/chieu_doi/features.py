"""Đôi's RL encoder (the kit's ``encoder``): chieu's shared layout (``chieu.rl.encoders.base``)
over the zones, read straight from ``state.zones()``; the discard pile is the piles block."""

from __future__ import annotations

from typing import Any

from chieu.rl.encoders.base import COUNTS, Encoder
from chieu_doi.notation import PHASE_WORDS


class DoiEncoder(Encoder):
    phases = tuple(PHASE_WORDS)

    def world(self, state: Any) -> list[Any]:
        """hand and pairs of every seat, then the discards and the stock (its size only)."""
        zones = state.zones()
        out: list[Any] = []
        for s in range(state.num_players):
            out += (zones[f"hand:{s}"], zones[f"pairs:{s}"])
        out += (zones["discards"], -1 - len(state.stock))
        return out

    def zone_kind(self, index: int) -> int:
        return COUNTS

    def shown(self, state: Any) -> frozenset[int]:
        return frozenset(state.revealed())

    def live(self, state: Any) -> tuple[int, int, bool] | None:
        if state.phase != "draw" or not state.discards:
            return None
        return state.discards[-1], state.last_from, False
