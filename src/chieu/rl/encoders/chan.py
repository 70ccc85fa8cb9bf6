"""Chắn's encoder: the doors in order, the live card (drawn from the nọc or discarded), the
draws left and the opening flag (the rest is ``base.DoorEncoder``, shared with Tổ tôm)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from chieu.games.chan.notation import PHASE_WORDS
from chieu.rl.encoders.base import DoorEncoder


class ChanEncoder(DoorEncoder):
    phases = tuple(PHASE_WORDS)
    depth = 8
    live_drawn = "from_nocc"
    between = 1  # cai: the face-up cái card while its seat holds it
    piles_in_zones = True  # the doors
    extra_names = ("draws_left", "opening", "cai_seat")

    def write_hands(self, state: Any, seat: int, cache: Any) -> None:
        """hand:0.., cai (``chan.worlds.zones``)."""
        old = cache.zones
        put = self.put
        held = state.cai_card_held
        cai_seat = state.cai_seat if held else -1
        # the hands laid down to claim ù (``revealed()`` in play; at the end it says)
        revealed = state.revealed() if state.phase == "end" else ()
        for s, me in enumerate(state.seats):
            if s == seat or me.shown or s in revealed:
                if s == cai_seat:
                    hand = list(me.hand)
                    hand[state.cai_card] -= 1
                    value: Any = hand
                else:
                    value = me.hand
            else:
                value = -1 - (sum(me.hand) - (s == cai_seat))
            if value != old[s]:
                put(cache, s, value)
        value = state.cai_card + 1 if held else 0
        if value != old[self.n]:
            put(cache, self.n, value)

    def meld_cards(self, meld: Any) -> Iterable[int]:
        return meld[0]  # type: ignore[no-any-return]

    def extra(self, state: Any, seat: int) -> Sequence[float]:
        left = state.drawable - state.draws
        return (left / 32.0, float(state.opening), ((state.cai_seat - seat) % self.n) / self.n)
