"""Phỏm's encoder: the rows in order, the live discard, each seat's eats, whether it has laid
down, and the payments so far (eating is paid as it happens; tanh of points / 10)."""

from __future__ import annotations

import math
from array import array
from collections.abc import Collection, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING

from chieu.games.phom.notation import PHASE_WORDS
from chieu.rl.encoders.base import CARDS, MASK, Encoder, Piece

if TYPE_CHECKING:
    from chieu.games.phom.state import PhomState

#: a zone of ``world``: a mask (hand, eaten cards), the row in order, or the phỏm as masks;
#: the stock as ``-1 - its size``
WorldZone = int | list[int]

_EATS_LAID = attrgetter("eats", "laid")
_BYTE_ROWS = [array("f", [float((b >> i) & 1) for i in range(8)]).tobytes() for b in range(256)]
_CARDS_BYTES = 4 * 52


class PhomEncoder(Encoder):
    phases = tuple(PHASE_WORDS)
    pile = "row"
    depth = 4
    pile_zone = 2  # the row
    clip_extra = False  # eats / 3 (at most 3 eats), 0/1 flags, tanh
    extra_names = (
        *(f"eats:{i}" for i in range(4)),
        *(f"laid:{i}" for i in range(4)),
        *(f"paid:{i}" for i in range(4)),
    )

    def live(self, state: PhomState) -> tuple[int, int, bool] | None:
        live = state.live
        if live is None:
            return None
        return live.card, live.seat, False

    def world(self, state: PhomState) -> list[WorldZone]:
        """hand, eaten, row, phom of every seat, then stock (``phom.worlds``' zones): the
        hands (without the eaten cards) and the eaten cards as 52-bit masks."""
        out: list[WorldZone] = []
        for me in state.seats:
            hand = me.hand
            ate = me.eaten & hand
            out += (hand & ~ate, ate, me.row, me.melds)
        out.append(-1 - len(state.stock))
        return out

    def shown(self, state: PhomState) -> Collection[int]:
        return state.shown

    def zone_kind(self, index: int) -> int:
        return CARDS if index % 4 == 2 else MASK

    def _row(self, index: int, value: WorldZone) -> Piece:
        """A visible mask (a hand, the eaten cards, the phỏm) straight from its bytes."""
        if index % 4 == 2:
            return super()._row(index, value)
        if isinstance(value, list):  # the phỏm
            mask = 0
            for m in value:
                mask |= m
            value = mask
        # each byte of the mask: its 8 entries' float32 bytes, joined; then the size and 1
        bits: bytes = b"".join(map(_BYTE_ROWS.__getitem__, value.to_bytes(7, "little")))
        size: int = value.bit_count()
        return bits[:_CARDS_BYTES] + self._tails[size]

    def extra_key(self, state: PhomState) -> tuple[object, ...]:
        seats = state.seats
        return (*map(_EATS_LAID, seats), *state.payoffs)

    def extra(self, state: PhomState, seat: int) -> Sequence[float]:
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
