"""Mạt chược's encoder: the rivers in order, the live discard, the dealer and the round
wind.

It reads the game's own ``MatChuocState`` (typed): the encoder is this game's module, and the
protocol's accessors (``zones()``, ``observation()``) cost several times the step it encodes."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from chieu.games.matchuoc.notation import PHASE_WORDS
from chieu.games.matchuoc.state import MatChuocState
from chieu.rl.encoders.base import CARDS, COUNTS, ONE, Encoder, LiveCard, Raw


class MatChuocEncoder(Encoder[MatChuocState]):
    state_class = MatChuocState
    phases = tuple(PHASE_WORDS)
    pile = "river"
    depth = 6
    pile_zone = 4  # the river (discard)
    extra_names = ("dealer", "prevailing")

    def live(self, state: MatChuocState) -> LiveCard | None:
        live = state.live
        if live is None:
            return None
        return live.tile, live.seat, False

    def world(self, state: MatChuocState) -> list[Raw]:
        """hand, drawn, mat, flowers, discard of every seat, then stock and box
        (``matchuoc.worlds.zones``): the tile just drawn is not in its holder's hand."""
        out: list[Raw] = []
        seats = state.seats
        for me in seats:
            out += (me.hand, 0, me.meld_tiles, me.down, me.river)
        last = state.last_draw
        if last >= 0 and state.phase == "turn":
            at = 5 * state.actor
            hand = list(seats[state.actor].hand)
            hand[last] -= 1
            out[at] = hand
            out[at + 1] = last + 1
        out.append(-1 - len(state.wall))
        out.append(state.box)
        return out

    def piles(self, state: MatChuocState) -> list[list[int]]:
        return [me.river for me in state.seats]

    def shown(self, state: MatChuocState) -> Collection[int]:
        """The winners, at the end."""
        return state.winners if state.phase == "end" else ()

    def zone_kind(self, index: int) -> int:
        if index >= 5 * self.n:
            return COUNTS  # the stock (always hidden), the box
        return (COUNTS, ONE, COUNTS, COUNTS, CARDS)[index % 5]

    def extra_key(self, state: MatChuocState) -> object:
        return state.dealer, state.prevailing

    def extra(self, state: MatChuocState, seat: int) -> Sequence[float]:
        return (((state.dealer - seat) % self.n) / self.n, state.prevailing / self.kinds)
