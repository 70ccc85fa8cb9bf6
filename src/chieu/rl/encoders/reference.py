"""The slow, obviously right encoding path (``Encoder.encode_reference``): the vector through
``state.zones()``, ``state.hidden_from(seat)`` and the zone specs, from scratch, every entry set
one by one; the fast, incremental ``Encoder.encode`` is tested against it
(``tests/rl/test_fast_encoding.py``). Of the game's part it reads the piles in order, the live
card and the extras (``Encoder.piles``, ``live``, ``extra``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from chieu.rl.encoders.base import Array, Encoder, StateT


def _ones(enc: Encoder[StateT], state: StateT, seat: int) -> list[int]:
    """The entries of the phase, decision, turn, claim and live blocks that are 1."""
    kind = enc.d0
    decisions = state.decisions()
    for d in decisions:
        if d.seat == seat:
            kind = enc._kind_at[d.kind]
            break
    phase = state.phase
    ones = [enc._phase_at.get(phase, enc._other_phase_at), kind]
    if state.window is not None:
        ones.append(enc.c0)
    elif decisions:  # the turn's decision (none at the end)
        ones.append(enc._turn_at[seat][decisions[0].seat])
    live = enc.live(state)
    if live is not None:
        card, owner, drawn = live
        ones.append(enc.l0 + card)
        if owner >= 0:
            ones.append(enc._owner_at[seat][owner])
        if drawn:
            ones.append(enc._drawn_at)
    return ones


def encode_reference(
    enc: Encoder[StateT], state: StateT, seat: int, out: Array | None = None
) -> Array:
    """The same vector through ``state.zones()`` and the zone specs, from scratch (slower;
    the fast path of each game is tested against it)."""
    if out is None:
        out = np.zeros(enc.size, dtype=np.float32)
    else:
        out.fill(0.0)
    k = enc.kinds
    zones = state.zones()
    hidden = state.hidden_from(seat)
    for i, spec in enumerate(enc.specs):
        counts = zones[spec.id]
        r = enc.z0 + enc.pos[seat][i] * (k + 2)
        row = out[r : r + k + 2]
        row[k] = sum(counts) / enc.deck
        if spec.id not in hidden:
            row[:k] = counts
            row[:k] *= enc.inv_copies
            row[k + 1] = 1.0
    if enc.pile:
        n, depth = enc.n, enc.depth
        piles = enc.piles(state)
        for rel in range(n):
            pile = piles[(seat + rel) % n]
            base = enc.pi0 + rel * depth * k
            for j, card in enumerate(reversed(pile[-depth:])):
                out[base + j * k + card] = 1.0
    for j in _ones(enc, state, seat):
        out[j] = 1.0
    if enc.extra_names:
        values = enc.extra(state, seat)
        out[enc.e0 : enc.e1] = [-1.0 if x < -1.0 else (1.0 if x > 1.0 else x) for x in values]
    return out
