"""Mạt chược's encoder: the rivers in order, the live discard, the dealer and the round
wind."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy.typing as npt

from chieu.games.matchuoc.notation import PHASE_WORDS
from chieu.rl.encoders.base import Encoder, counts_of_kinds


class MatChuocEncoder(Encoder):
    phases = tuple(PHASE_WORDS)
    pile = "river"
    depth = 6
    live_card = "tile"
    extra_names = ("dealer", "prevailing")

    def live(self, state: Any) -> tuple[int, int, bool] | None:
        live = state.live
        if live is None:
            return None
        return live.tile, live.seat, False

    def raw_zones(self, state: Any, seat: int) -> list[Any]:
        """hand, drawn, mat, flowers, discard for every seat, then stock and box
        (``matchuoc.worlds.zones``)."""
        holder = state.actor if state.phase == "turn" and state.last_draw >= 0 else -1
        winners = state.winners if state.phase == "end" else ()
        raw: list[Any] = []
        for s, me in enumerate(state.seats):
            drawn = s == holder
            if s == seat or s in winners:
                hand = list(me.hand)
                if drawn:
                    hand[state.last_draw] -= 1
                raw.append(hand)
                raw.append(state.last_draw + 1 if drawn else 0)
            else:
                raw.append(-1 - (sum(me.hand) - drawn))
                raw.append(-1 - drawn)
            raw.append(me.meld_tiles)
            raw.append(me.down)
            raw.append(me.river)
        raw.append(-1 - len(state.wall))
        raw.append(state.box)
        return raw

    def convert(self, index: int, raw: Any) -> Sequence[int] | npt.NDArray[Any]:
        k = self.kinds
        if index == 5 * self.n + 1:
            return list(raw)
        what = index % 5
        if what == 1:
            out = [0] * k
            if raw:
                out[raw - 1] = 1
            return out
        if what == 4:
            return counts_of_kinds(raw, k)
        return list(raw)

    def extra(self, state: Any, seat: int) -> Sequence[float]:
        return (((state.dealer - seat) % self.n) / self.n, state.prevailing / self.kinds)
