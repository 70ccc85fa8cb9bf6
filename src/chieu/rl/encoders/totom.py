"""Tổ tôm's encoder: the doors in order, the live card (turned up from the nọc or
discarded), every seat's cups on the mat."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy.typing as npt

from chieu.games.totom.notation import PHASE_WORDS
from chieu.rl.encoders.base import Encoder, counts_of_kinds


class TotomEncoder(Encoder):
    phases = tuple(PHASE_WORDS)
    pile = "door"
    depth = 6
    live_seat = "door"
    extra_names = tuple(f"cups:{i}" for i in range(5))

    def live(self, state: Any) -> tuple[int, int, bool] | None:
        live = state.live
        if live is None:
            return None
        return live.card, live.door, bool(live.drawn)

    def raw_zones(self, state: Any, seat: int) -> list[Any]:
        """hand:0.., mat:0.., door:0.. (with the live card in its door), stock, set_aside
        (``totom.worlds.zones``)."""
        seats = state.seats
        shown = state.phase == "end"
        winner = state.winner
        raw: list[Any] = []
        for s, me in enumerate(seats):
            if shown or s in (seat, winner):
                raw.append(list(me.hand))
            else:
                raw.append(-1 - sum(me.hand))
        raw += [me.mat for me in seats]
        live = state.live
        for s, me in enumerate(seats):
            if live is not None and live.door == s:
                raw.append([*me.door, live.card])
            else:
                raw.append(me.door)
        raw.append(-1 - len(state.stock))
        raw.append(-1 - len(state.set_aside))
        return raw

    def convert(self, index: int, raw: Any) -> Sequence[int] | npt.NDArray[Any]:
        n, k = self.n, self.kinds
        if index < n:
            return list(raw)
        if index < 2 * n:
            return counts_of_kinds((x for p in raw for x in p.cards), k)
        return counts_of_kinds(raw, k)

    def extra(self, state: Any, seat: int) -> Sequence[float]:
        n = self.n
        cups = [0.0] * 5
        for rel in range(n):
            cups[rel] = state.seats[(seat + rel) % n].cup_count / 4.0
        return cups
