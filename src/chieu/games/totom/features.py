"""Tổ tôm's encoder: the doors in order, the live card (turned up from the nọc or
discarded), every seat's cups on the mat (the rest is ``door.DoorEncoder``, shared with
Chắn)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from itertools import chain
from operator import attrgetter
from typing import TYPE_CHECKING

from chieu.games.totom.lexicon import PHASE_WORDS
from chieu.rl.encoders.door import DoorEncoder

if TYPE_CHECKING:
    from chieu.games.totom.phu import Phu
    from chieu.games.totom.state import TotomState

_DOOR = attrgetter("door")
_CUPS = attrgetter("cup_count")


class TotomEncoder(DoorEncoder):
    phases = tuple(PHASE_WORDS)
    depth = 6
    live_drawn = "drawn"
    extra_names = tuple(f"cups:{i}" for i in range(5))

    def world(self, state: TotomState) -> list[object]:
        """hand, mat, door of every seat, then stock, set_aside (``totom.worlds.zones``: the
        live card counts in its door), then every door without it (the piles)."""
        seats = state.seats
        out: list[object] = list(chain.from_iterable(map(self.seat_zones, seats)))
        live = state.live
        if live is not None:
            out[3 * live.door + 2] = [*seats[live.door].door, live.card]
        out.append(-1 - len(state.stock))
        out.append(-1 - len(state.set_aside))
        out += map(_DOOR, seats)
        return out

    def shown(self, state: TotomState) -> Collection[int]:
        """Every hand at the end, the winner's once shown."""
        if state.phase == "end":
            return range(self.n)
        winner = state.winner
        return () if winner is None else (winner,)

    def meld_cards(self, meld: Phu) -> Iterable[int]:
        return meld.cards

    def extra_key(self, state: TotomState) -> tuple[int, ...]:
        return tuple(map(_CUPS, state.seats))

    def extra(self, state: TotomState, seat: int) -> Sequence[float]:
        cups = [c / 4.0 for c in map(_CUPS, state.seats)]
        out = cups[seat:] + cups[:seat]
        out += [0.0] * (5 - len(out))
        return out
