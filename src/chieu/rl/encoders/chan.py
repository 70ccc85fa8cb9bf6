"""Chắn's encoder: the doors in order, the live card (drawn from the nọc or discarded), the
draws left and the opening flag."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy.typing as npt

from chieu.games.chan.notation import PHASE_WORDS
from chieu.rl.encoders.base import Encoder, counts_of_kinds


class ChanEncoder(Encoder):
    phases = tuple(PHASE_WORDS)
    pile = "door"
    depth = 8
    live_seat = "door"
    extra_names = ("draws_left", "opening", "cai_seat")

    def live(self, state: Any) -> tuple[int, int, bool] | None:
        live = state.live
        if live is None:
            return None
        return live.card, live.door, bool(live.from_nocc)

    def raw_zones(self, state: Any, seat: int) -> list[Any]:
        """hand:0.., cai, mat:0.., door:0.., stock, set_aside (``chan.worlds.zones``)."""
        seats = state.seats
        held = state.cai_card_held
        cai_seat = state.cai_seat
        raw: list[Any] = []
        for s, me in enumerate(seats):
            if s == seat or me.shown:
                hand = list(me.hand)
                if held and s == cai_seat:
                    hand[state.cai_card] -= 1
                raw.append(hand)
            else:
                raw.append(-1 - (sum(me.hand) - (held and s == cai_seat)))
        raw.append(state.cai_card + 1 if held else 0)
        raw += [me.mat for me in seats]
        raw += [me.door for me in seats]
        raw.append(-1 - len(state.stock))
        raw.append(-1 - len(state.set_aside))
        return raw

    def convert(self, index: int, raw: Any) -> Sequence[int] | npt.NDArray[Any]:
        n, k = self.n, self.kinds
        if index < n:
            return list(raw)
        if index == n:
            out = [0] * k
            if raw:
                out[raw - 1] = 1
            return out
        if index <= 2 * n:
            return counts_of_kinds((x for kinds, _ in raw for x in kinds), k)
        return counts_of_kinds(raw, k)

    def extra(self, state: Any, seat: int) -> Sequence[float]:
        left = state.drawable - state.draws
        return (left / 32.0, float(state.opening), ((state.cai_seat - seat) % self.n) / self.n)
