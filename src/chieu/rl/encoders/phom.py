"""Phỏm's encoder: the rows in order, the live discard, each seat's eats, whether it has laid
down, and the payments so far (eating is paid as it happens; tanh of points / 10)."""

from __future__ import annotations

import math
from array import array
from collections.abc import Sequence
from typing import Any

import numpy.typing as npt

from chieu.games.phom.notation import PHASE_WORDS
from chieu.rl.encoders.base import Encoder, counts_of_kinds, counts_of_mask

_BYTE_ROWS = [array("f", [float((b >> i) & 1) for i in range(8)]) for b in range(256)]


class PhomEncoder(Encoder):
    phases = tuple(PHASE_WORDS)
    pile = "row"
    depth = 4
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

    def raw_zones(self, state: Any, seat: int) -> list[Any]:
        """hand, eaten, row, phom for every seat, then stock (``phom.worlds``' zones): the
        hands and eaten cards as 52-bit masks."""
        shown = state.shown
        raw: list[Any] = []
        for s, me in enumerate(state.seats):
            hand = me.hand
            ate = me.eaten & hand
            rest = hand & ~ate
            raw.append(rest if s == seat or s in shown else -1 - rest.bit_count())
            raw.append(ate)
            raw.append(me.row)
            raw.append(me.melds)
        raw.append(-1 - len(state.stock))
        return raw

    def convert(self, index: int, raw: Any) -> Sequence[int] | npt.NDArray[Any]:
        what = index % 4
        if what == 2:
            return counts_of_kinds(raw, self.kinds)
        if what == 3:
            mask = 0
            for m in raw:
                mask |= m
            raw = mask
        return counts_of_mask(raw, self.kinds)

    def _row(self, index: int, value: Any) -> array[float]:
        """A visible mask (a hand, the eaten cards, the phỏm) straight from its bytes."""
        what = index % 4
        if what == 2 or (type(value) is int and value < 0):
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
