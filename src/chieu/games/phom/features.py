"""Phỏm's encoder: the rows in order, the live discard, each seat's eats, whether it has laid
down, and the payments so far (eating is paid as it happens; tanh of points / 10).

It reads the game's own ``PhomState`` (typed): the encoder is this game's module, and the
protocol's accessors (``zones()``, ``observation()``) cost several times the step it encodes."""

from __future__ import annotations

import math
from array import array
from collections.abc import Collection, Sequence
from operator import attrgetter

from chieu.games.phom.notation import PHASE_WORDS
from chieu.games.phom.state import PhomState
from chieu.rl.encoders.base import CARDS, MASK, Encoder, LiveCard, Piece, Raw

_EATS_LAID = attrgetter("eats", "laid")
_BYTE_ROWS = [array("f", [float((b >> i) & 1) for i in range(8)]).tobytes() for b in range(256)]
_CARDS_BYTES = 4 * 52


class PhomEncoder(Encoder[PhomState]):
    state_class = PhomState
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

    def live(self, state: PhomState) -> LiveCard | None:
        live = state.live
        if live is None:
            return None
        return live.card, live.seat, False

    def world(self, state: PhomState) -> list[Raw]:
        """hand, eaten, row, phom of every seat, then stock (``phom.worlds``' zones): the
        hands (without the eaten cards) and the eaten cards as 52-bit masks."""
        out: list[Raw] = []
        for me in state.seats:
            hand = me.hand
            ate = me.eaten & hand
            out += (hand & ~ate, ate, me.row, me.melds)
        out.append(-1 - len(state.stock))
        return out

    def piles(self, state: PhomState) -> list[list[int]]:
        return [me.row for me in state.seats]

    def shown(self, state: PhomState) -> Collection[int]:
        return state.shown

    def zone_kind(self, index: int) -> int:
        return CARDS if index % 4 == 2 else MASK

    def _row(self, index: int, value: Raw) -> Piece:
        """A visible mask (a hand, the eaten cards, the phỏm) straight from its bytes."""
        what = index % 4
        if what == 2:
            return super()._row(index, value)
        if type(value) is list:  # the phỏm: one mask each
            mask = 0
            for m in value:
                mask |= m
            value = mask
        if type(value) is not int:
            raise ValueError(f"a Phỏm mask is an int, not {value!r}")
        # each byte of the mask: its 8 entries' float32 bytes, joined; then the size and 1
        bits = b"".join(map(_BYTE_ROWS.__getitem__, value.to_bytes(7, "little")))
        return bits[:_CARDS_BYTES] + self._tails[value.bit_count()]

    def extra_key(self, state: PhomState) -> object:
        return (*map(_EATS_LAID, state.seats), *state.payoffs)

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
