"""Chắn's encoder: the doors in order, the live card (drawn from the nọc or discarded), the
draws left and the opening flag (the rest is ``door.DoorEncoder``, shared with Tổ tôm).

It reads the game's own ``ChanState`` (typed): the encoder is this game's module, and the
protocol's accessors (``zones()``, ``observation()``) cost several times the step it encodes."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from itertools import compress
from operator import attrgetter

from chieu.games.chan.notation import PHASE_WORDS
from chieu.games.chan.state import ChanState
from chieu.rl.encoders.base import LiveCard, Raw
from chieu.rl.encoders.door import DoorEncoder

_SHOWN = attrgetter("shown")


class ChanEncoder(DoorEncoder[ChanState]):
    state_class = ChanState
    phases = tuple(PHASE_WORDS)
    depth = 8
    pile_zone = 2  # the door
    extra_names = ("draws_left", "opening", "cai_seat")
    clip_extra = False  # at most 24 draws left / 32, a flag, a relative seat / N

    def world(self, state: ChanState) -> list[Raw]:
        """hand, mat, door of every seat, then cai, stock, set_aside (``chan.worlds.zones``):
        the cái card, face up while its seat holds it, is not in that seat's hand."""
        seats = state.seats
        out: list[Raw] = []
        for me in seats:
            out += (me.hand, tuple(me.mat), me.door)
        if state.cai_card_held:
            s = state.cai_seat
            card = state.cai_card
            hand = list(seats[s].hand)
            hand[card] -= 1
            out[3 * s] = hand
            out.append(card + 1)
        else:
            out.append(0)
        out.append(-1 - len(state.stock))
        out.append(-1 - len(state.set_aside))
        return out

    def piles(self, state: ChanState) -> list[list[int]]:
        return [me.door for me in state.seats]

    def shown(self, state: ChanState) -> Collection[int]:
        """The hands laid down to claim ù; every hand at the end (``revealed()``)."""
        if state.phase == "end":
            return state.revealed()
        seats = state.seats
        if not any(map(_SHOWN, seats)):
            return ()
        return list(compress(range(len(seats)), map(_SHOWN, seats)))

    def live(self, state: ChanState) -> LiveCard | None:
        live = state.live
        if live is None:
            return None
        return live.card, live.door, live.from_nocc

    def meld_cards(self, meld: object) -> Iterable[int]:
        if not isinstance(meld, tuple):
            raise TypeError(f"a Chắn meld is (cards, how), not {meld!r}")
        cards: tuple[int, ...] = meld[0]
        return cards

    def extra_key(self, state: ChanState) -> object:
        return state.draws, state.opening, state.drawable, state.cai_seat

    def extra(self, state: ChanState, seat: int) -> Sequence[float]:
        left = state.drawable - state.draws
        return (left / 32.0, float(state.opening), ((state.cai_seat - seat) % self.n) / self.n)
