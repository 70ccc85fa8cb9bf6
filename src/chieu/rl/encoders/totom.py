"""Tổ tôm's encoder: the doors in order, the live card (turned up from the nọc or
discarded), every seat's cups on the mat (the rest is ``base.DoorEncoder``, shared with
Chắn)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from chieu.games.totom.lexicon import PHASE_WORDS
from chieu.rl.encoders.base import DoorEncoder


class TotomEncoder(DoorEncoder):
    phases = tuple(PHASE_WORDS)
    depth = 6
    live_drawn = "drawn"
    live_in_door = True  # ``totom.worlds.zones``: the live card counts in its door
    extra_names = tuple(f"cups:{i}" for i in range(5))

    def write_hands(self, state: Any, seat: int, cache: Any) -> None:
        """hand:0.. (every hand at the end, the winner's once shown)."""
        old = cache.zones
        put = self.put
        shown = state.phase == "end"
        winner = state.winner
        for s, me in enumerate(state.seats):
            if shown or s in (seat, winner):
                value: Any = me.hand
            else:
                value = -1 - sum(me.hand)
            if value != old[s]:
                put(cache, s, value)

    def meld_cards(self, meld: Any) -> Iterable[int]:
        return meld.cards  # type: ignore[no-any-return]

    def extra(self, state: Any, seat: int) -> Sequence[float]:
        cups = [0.0] * 5
        seats = state.seats
        for rel, s in enumerate(self.order[seat]):
            cups[rel] = seats[s].cup_count / 4.0
        return cups
