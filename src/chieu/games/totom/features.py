"""Tổ tôm's encoder: the doors in order, the live card (turned up from the nọc or
discarded), every seat's cups on the mat (the rest is ``door.DoorEncoder``, shared with
Chắn).

It reads the game's own ``TotomState`` (typed): the encoder is this game's module, and the
protocol's accessors (``zones()``, ``observation()``) cost several times the step it encodes."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from operator import attrgetter

from chieu.games.totom.lexicon import PHASE_WORDS
from chieu.games.totom.phu import Phu
from chieu.games.totom.state import TotomState
from chieu.rl.encoders.base import LiveCard, Raw
from chieu.rl.encoders.door import DoorEncoder

_CUPS = attrgetter("cup_count")
_DOOR = attrgetter("door")


class TotomEncoder(DoorEncoder[TotomState]):
    state_class = TotomState
    phases = tuple(PHASE_WORDS)
    depth = 6
    extra_names = tuple(f"cups:{i}" for i in range(5))

    def world(self, state: TotomState) -> list[Raw]:
        """hand, mat, door of every seat, then stock, set_aside (``totom.worlds.zones``: the
        live card counts in its door), then every door without it (the piles)."""
        seats = state.seats
        out: list[Raw] = []
        for me in seats:
            out += (me.hand, tuple(me.mat), me.door)
        live = state.live
        if live is not None:
            out[3 * live.door + 2] = [*seats[live.door].door, live.card]
        out.append(-1 - len(state.stock))
        out.append(-1 - len(state.set_aside))
        out += map(_DOOR, seats)
        return out

    def piles(self, state: TotomState) -> list[list[int]]:
        return [me.door for me in state.seats]

    def shown(self, state: TotomState) -> Collection[int]:
        """Every hand at the end, the winner's once shown."""
        if state.phase == "end":
            return range(self.n)
        winner = state.winner
        return () if winner is None else (winner,)

    def live(self, state: TotomState) -> LiveCard | None:
        live = state.live
        if live is None:
            return None
        return live.card, live.door, live.drawn

    def meld_cards(self, meld: object) -> Iterable[int]:
        if not isinstance(meld, Phu):
            raise TypeError(f"a Tổ tôm meld is a Phu, not {meld!r}")
        return meld.cards

    def extra_key(self, state: TotomState) -> object:
        return tuple(map(_CUPS, state.seats))

    def extra(self, state: TotomState, seat: int) -> Sequence[float]:
        cups = [me.cup_count / 4.0 for me in state.seats]
        out = cups[seat:] + cups[:seat]
        out += [0.0] * (5 - len(out))
        return out
