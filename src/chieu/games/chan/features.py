"""Chắn's encoder: the doors in order, the live card (drawn from the nọc or discarded), the
draws left and the opening flag (the rest is ``door.DoorEncoder``, shared with Tổ tôm)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from itertools import chain, compress
from operator import attrgetter
from typing import TYPE_CHECKING

from chieu.games.chan.notation import PHASE_WORDS
from chieu.rl.encoders.door import DoorEncoder

if TYPE_CHECKING:
    from chieu.games.chan.state import ChanState

_SHOWN = attrgetter("shown")


class ChanEncoder(DoorEncoder):
    phases = tuple(PHASE_WORDS)
    depth = 8
    live_drawn = "from_nocc"
    pile_zone = 2  # the door
    extra_names = ("draws_left", "opening", "cai_seat")
    clip_extra = False  # at most 24 draws left / 32, a flag, a relative seat / N

    def world(self, state: ChanState) -> list[object]:
        """hand, mat, door of every seat, then cai, stock, set_aside (``chan.worlds.zones``):
        the cái card, face up while its seat holds it, is not in that seat's hand."""
        seats = state.seats
        out: list[object] = list(chain.from_iterable(map(self.seat_zones, seats)))
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

    def shown(self, state: ChanState) -> Collection[int]:
        """The hands laid down to claim ù; every hand at the end (``revealed()``)."""
        if state.phase == "end":
            return state.revealed()
        seats = state.seats
        if not any(map(_SHOWN, seats)):
            return ()
        return list(compress(range(len(seats)), map(_SHOWN, seats)))

    def meld_cards(self, meld: tuple[tuple[int, ...], str]) -> Iterable[int]:
        return meld[0]

    def extra_key(self, state: ChanState) -> tuple[int, bool, int, int]:
        return state.draws, state.opening, state.drawable, state.cai_seat

    def extra(self, state: ChanState, seat: int) -> Sequence[float]:
        left = state.drawable - state.draws
        return (left / 32.0, float(state.opening), ((state.cai_seat - seat) % self.n) / self.n)
