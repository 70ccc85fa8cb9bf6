"""Phỏm's encoder: the rows in order, the live discard, each seat's eats, whether it has laid
down, and the payments so far (eating is paid as it happens; tanh of points / 10)."""

from __future__ import annotations

import math
from array import array
from collections.abc import Sequence
from typing import Any

from chieu.games.phom.notation import PHASE_WORDS
from chieu.rl.encoders.base import CARDS, Encoder

MASK = 4  # a 52-bit mask of cards (``zone_kind``)
_BYTE_ROWS = [array("f", [float((b >> i) & 1) for i in range(8)]) for b in range(256)]


class PhomEncoder(Encoder):
    phases = tuple(PHASE_WORDS)
    pile = "row"
    depth = 4
    piles_in_zones = True  # the rows
    clip_extra = False  # eats / 3 (at most 3 eats), 0/1 flags, tanh
    extra_names = (
        *(f"eats:{i}" for i in range(4)),
        *(f"laid:{i}" for i in range(4)),
        *(f"paid:{i}" for i in range(4)),
    )

    def live(self, state: Any) -> tuple[int, int, bool] | None:
        live = state.live
        if live is None:
            return None
        return live.card, live.seat, False

    def write_zones(self, state: Any, seat: int, cache: Any) -> None:
        """hand, eaten, row, phom for every seat, then stock (``phom.worlds``' zones): the
        hands and eaten cards as 52-bit masks."""
        old = cache.zones
        put = self.put
        shown = state.shown
        rel = self.rel[seat]
        i = 0
        for s, me in enumerate(state.seats):
            hand = me.hand
            ate = me.eaten & hand
            rest = hand & ~ate
            value = rest if s == seat or s in shown else -1 - rest.bit_count()
            if value != old[i]:
                put(cache, i, value)
            if ate != old[i + 1]:
                put(cache, i + 1, ate)
            if me.row != old[i + 2]:
                put(cache, i + 2, me.row)
                self.put_pile(cache, rel[s], s, me.row)
            if me.melds != old[i + 3]:
                put(cache, i + 3, me.melds)
            i += 4
        value = -1 - len(state.stock)
        if value != old[i]:
            put(cache, i, value)

    def zone_kind(self, index: int) -> int:
        return CARDS if index % 4 == 2 else MASK

    def _row(self, index: int, value: Any) -> array[float]:
        """A visible mask (a hand, the eaten cards, the phỏm) straight from its bytes."""
        what = index % 4
        if what == 2:
            return super()._row(index, value)
        if what == 3:
            mask = 0
            for m in value:
                mask |= m
            value = mask
        row = array("f")
        for b in value.to_bytes(7, "little"):
            row += _BYTE_ROWS[b]
        del row[52:]
        row.append(value.bit_count() / self.deck)
        row.append(1.0)
        return row

    def extra(self, state: Any, seat: int) -> Sequence[float]:
        n = self.n
        out = [0.0] * 12
        seats = state.seats
        payoffs = state.payoffs
        for rel in range(n):
            s = (seat + rel) % n
            me = seats[s]
            if me.eats:
                out[rel] = min(me.eats, 3) / 3.0
            if me.laid:
                out[4 + rel] = 1.0
            paid = payoffs[s]
            if paid:
                out[8 + rel] = math.tanh(paid / 10.0)
        return out
