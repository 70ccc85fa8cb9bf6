"""Mạt chược's encoder: the rivers in order, the live discard, the dealer and the round
wind."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chieu.games.matchuoc.notation import PHASE_WORDS
from chieu.rl.encoders.base import CARDS, COUNTS, ONE, Encoder


class MatChuocEncoder(Encoder):
    phases = tuple(PHASE_WORDS)
    pile = "river"
    depth = 6
    piles_in_zones = True  # the rivers
    live_card = "tile"
    extra_names = ("dealer", "prevailing")

    def live(self, state: Any) -> tuple[int, int, bool] | None:
        live = state.live
        if live is None:
            return None
        return live.tile, live.seat, False

    def write_zones(self, state: Any, seat: int, cache: Any) -> None:
        """hand, drawn, mat, flowers, discard for every seat, then stock and box
        (``matchuoc.worlds.zones``)."""
        old = cache.zones
        put = self.put
        last = state.last_draw
        holder = state.actor if state.phase == "turn" and last >= 0 else -1
        winners = state.winners if state.phase == "end" else ()
        rel = self.rel[seat]
        i = 0
        for s, me in enumerate(state.seats):
            drawn = s == holder
            if s == seat or s in winners:
                if drawn:
                    hand = list(me.hand)
                    hand[last] -= 1
                    value: Any = hand
                else:
                    value = me.hand
                tile = last + 1 if drawn else 0
            else:
                value = -1 - (sum(me.hand) - drawn)
                tile = -1 - drawn
            if value != old[i]:
                put(cache, i, value)
            if tile != old[i + 1]:
                put(cache, i + 1, tile)
            if me.meld_tiles != old[i + 2]:
                put(cache, i + 2, me.meld_tiles)
            if me.down != old[i + 3]:
                put(cache, i + 3, me.down)
            if me.river != old[i + 4]:
                put(cache, i + 4, me.river)
                self.put_pile(cache, rel[s], s, me.river)
            i += 5
        value = -1 - len(state.wall)
        if value != old[i]:
            put(cache, i, value)
        if state.box != old[i + 1]:
            put(cache, i + 1, state.box)

    def zone_kind(self, index: int) -> int:
        if index >= 5 * self.n:
            return COUNTS  # the stock (always hidden), the box
        return (COUNTS, ONE, COUNTS, COUNTS, CARDS)[index % 5]

    def extra(self, state: Any, seat: int) -> Sequence[float]:
        return (((state.dealer - seat) % self.n) / self.n, state.prevailing / self.kinds)
