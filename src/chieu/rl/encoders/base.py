"""The observation encoder every game shares: a fixed-shape float32 vector of one seat's
information state, from that seat's information only.

The layout (documented field by field in ``docs/rl.md``), every block seat-relative (the
viewer first, then the seats in seat order after it):

* ``zones``: for every zone of the game (``state.zone_specs()``), the card counts by kind
  when the viewer may see the zone (``ZoneSpec.visible_to``), zeros otherwise, then two
  numbers: the zone's size (cards / deck) and whether the viewer sees it;
* ``phase``: one-hot over the game's phases;
* ``decision``: one-hot of the viewer's own pending decision kind (none, turn, claim,
  arrange, declare);
* ``turn``: one-hot of the seat whose turn it is (outside claim windows), relative;
* ``claim_open``: a claim window is open;
* ``live``: the exposed card (one-hot by kind), its seat (relative one-hot), drawn or not;
* ``piles``: every seat's public pile (door, row or river) in order, its last ``depth``
  cards one-hot by kind, the newest first;
* ``extra``: a few game-specific public numbers (each game's module), clipped to [-1, 1].

Every entry lies in [-1, 1] (the extras) or [0, 1] (the rest).

Hidden zones contribute their sizes only; the zone sizes never depend on the hidden cards, and
the conformance-style test ``tests/rl/test_encoders.py`` deals them again to prove it.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from chieu.core.decisions import Decision
from chieu.core.table import Game

DECISION_KINDS = ("turn", "claim", "arrange", "declare")
Array = npt.NDArray[np.float32]
_KIND_INDEX = {k: i + 1 for i, k in enumerate(DECISION_KINDS)}


class Encoder:
    """Encode ``state`` for ``seat`` into a preallocated float32 vector."""

    #: the game's phases, in a fixed order (from its notation's phase words)
    phases: ClassVar[tuple[str, ...]] = ()
    #: the attribute of a seat holding its public pile (door / row / river) in order
    pile: ClassVar[str] = ""
    #: how many of each pile's latest cards are encoded
    depth: ClassVar[int] = 8
    #: the attribute of the live card's kind, and of its seat, on ``state.live``
    live_card: ClassVar[str] = "card"
    live_seat: ClassVar[str] = "seat"
    #: the names of ``extra`` numbers (each game's ``extra`` gives them)
    extra_names: ClassVar[tuple[str, ...]] = ()
    #: whether the extras must be clipped to [-1, 1] (False: they always lie there)
    clip_extra: ClassVar[bool] = True

    def __init__(self, game: Game) -> None:
        self.game = game
        info = game.info
        self.n = n = info.players
        self.kinds = k = info.kinds
        self.deck = float(info.cards)
        probe = game.new_state(seed=0)
        self.specs = tuple(probe.zone_specs())
        self.zone_ids = tuple(z.id for z in self.specs)
        # a zone's seat is the one its id names ("hand:2"); a zone without one ("cai",
        # "stock") goes after the seats' zones whoever holds it
        seat_of = [int(z.id.rpartition(":")[2]) if ":" in z.id else -1 for z in self.specs]
        # pos[viewer][i]: the row of zone i, seat-relative: by distance, then in spec order
        self.pos: list[list[int]] = []
        for seat in range(n):
            dist = [n if o < 0 else (o - seat) % n for o in seat_of]
            keyed = sorted(range(len(self.specs)), key=lambda i: (dist[i], i))
            pos = [0] * len(self.specs)
            for row, i in enumerate(keyed):
                pos[i] = row
            self.pos.append(pos)
        self.fields: dict[str, tuple[int, int]] = {}
        at = 0

        def block(name: str, size: int) -> int:
            nonlocal at
            self.fields[name] = (at, at + size)
            at += size
            return at - size

        self.z0 = block("zones", len(self.specs) * (k + 2))
        self.z1 = at
        self.p0 = block("phase", len(self.phases) + 1)
        self.d0 = block("decision", len(DECISION_KINDS) + 1)
        self.t0 = block("turn", n)
        self.c0 = block("claim_open", 1)
        self.l0 = block("live", k + n + 1)
        self.pi0 = block("piles", n * self.depth * k)
        self.e0 = block("extra", len(self.extra_names))
        self.size = at
        self.phase_index = {p: i for i, p in enumerate(self.phases)}
        # the count scale: the most copies of one kind in the deck
        total = [0] * k
        for counts in probe.zones().values():
            for i, c in enumerate(counts):
                total[i] += c
        self.copies = float(max(total) or 1)
        self.inv_copies = np.float32(1.0 / self.copies)
        self._scale = [
            float(np.float32(c) / np.float32(self.copies)) for c in range(int(self.copies) + 1)
        ]
        self._cache: dict[int, tuple[array[float], list[Any], list[Any]]] = {}
        self._rows: dict[tuple[int, Any], array[float]] = {}  # zone rows by raw value
        self._piles: dict[tuple[int, ...], array[float]] = {}  # pile blocks by last cards
        self._tail_zeros = array("f", bytes(4 * (self.pi0 - self.p0)))

    # -- the game's part ------------------------------------------------------------------
    def extra(self, state: Any, seat: int) -> Sequence[float]:
        """Game-specific public numbers (``extra_names``)."""
        return ()

    def live(self, state: Any) -> tuple[int, int, bool] | None:
        """The live card: (kind, seat, drawn), or None."""
        live = getattr(state, "live", None)
        if live is None:
            return None
        return int(getattr(live, self.live_card)), int(getattr(live, self.live_seat)), False

    def raw_zones(self, state: Any, seat: int) -> list[Any] | None:
        """The fast path: every zone in ``specs`` order as ``seat`` may know it, read from the
        state's own fields: a hidden zone as ``-1 - size``, a visible one as a value that
        ``convert`` turns into counts (compared by value between calls, so only the zones that
        changed are encoded again). None: use ``state.zones()`` (the reference path)."""
        return None

    def convert(self, index: int, raw: Any) -> Sequence[int] | npt.NDArray[Any]:
        """The counts by kind of zone ``index`` from its ``raw_zones`` value."""
        raise NotImplementedError

    # -- encoding -------------------------------------------------------------------------
    def new(self) -> Array:
        return np.zeros(self.size, dtype=np.float32)

    def _seat_cache(self, seat: int) -> tuple[array[float], list[Any], list[Any]]:
        found = self._cache.get(seat)
        if found is None:
            vec = array("f", bytes(4 * self.size))
            found = (vec, [None] * len(self.specs), [None] * self.n)
            self._cache[seat] = found
        return found

    def encode(
        self,
        state: Any,
        seat: int,
        out: Array | None = None,
        pending: Sequence[Decision] | None = None,
    ) -> Array:
        """The vector of ``state`` as ``seat`` knows it (into ``out`` when given).
        ``pending``: ``state.decisions()`` when the caller has it already."""
        raw = self.raw_zones(state, seat)
        if raw is None:
            return self.encode_reference(state, seat, out)
        vec, cache, piles = self._seat_cache(seat)
        k2 = self.kinds + 2
        z0 = self.z0
        pos = self.pos[seat]
        rows = self._rows
        for i, value in enumerate(raw):
            if value != cache[i]:
                listed = type(value) is list
                cache[i] = value[:] if listed else value
                key = (i, tuple(value) if listed else value)
                row = rows.get(key)
                if row is None:
                    row = rows[key] = self._row(i, value)
                r = z0 + pos[i] * k2
                vec[r : r + k2] = row
        if self.pile:
            n, depth, name = self.n, self.depth, self.pile
            seats = state.seats
            blocks = self._piles
            size = depth * self.kinds
            for rel in range(n):
                pile = getattr(seats[(seat + rel) % n], name)
                if pile != piles[rel]:
                    piles[rel] = list(pile)
                    last = tuple(pile[-depth:])
                    block = blocks.get(last)
                    if block is None:
                        block = blocks[last] = self._pile_block(last)
                    base = self.pi0 + rel * size
                    vec[base : base + size] = block
        if len(rows) > 100_000 or len(self._piles) > 100_000:
            rows.clear()
            self._piles.clear()
        vec[self.p0 : self.pi0] = self._tail_zeros
        self._tail(state, seat, vec, pending)
        flat = np.frombuffer(vec, dtype=np.float32)
        if out is None:
            return flat.copy()
        out[:] = flat
        return out

    def _row(self, index: int, value: Any) -> array[float]:
        """The encoded row of zone ``index`` from its raw value (plain floats: Python's
        ``array`` is cheaper than numpy for rows this short)."""
        k = self.kinds
        if type(value) is int and value < 0:
            row = array("f", bytes(4 * (k + 2)))
            row[k] = (-1 - value) / self.deck
            return row
        counts = self.convert(index, value)
        scale = self._scale
        row = array("f", [scale[c] for c in counts])
        row.append(sum(counts) / self.deck)
        row.append(1.0)
        return row

    def _pile_block(self, last: tuple[int, ...]) -> array[float]:
        k = self.kinds
        block = array("f", bytes(4 * self.depth * k))
        for j, card in enumerate(reversed(last)):
            block[j * k + card] = 1.0
        return block

    def _tail(
        self,
        state: Any,
        seat: int,
        out: Array | array[float],
        pending: Sequence[Decision] | None,
    ) -> None:
        """The phase, the decision, the turn, the claim window, the live card, the extras."""
        n, k = self.n, self.kinds
        out[self.p0 + self.phase_index.get(state.phase, len(self.phases))] = 1.0
        kind = 0
        for d in state.decisions() if pending is None else pending:
            if d.seat == seat:
                kind = _KIND_INDEX[d.kind]
                break
        out[self.d0 + kind] = 1.0
        if state.window is not None:
            out[self.c0] = 1.0
        elif state.phase != "end":
            out[self.t0 + (state.actor - seat) % n] = 1.0
        live = self.live(state)
        if live is not None:
            card, owner, drawn = live
            out[self.l0 + card] = 1.0
            if owner >= 0:
                out[self.l0 + k + (owner - seat) % n] = 1.0
            out[self.l0 + k + n] = float(drawn)
        names = self.extra_names
        if names:
            values = self.extra(state, seat)
            if self.clip_extra:
                values = [-1.0 if x < -1.0 else (1.0 if x > 1.0 else x) for x in values]
            out[self.e0 : self.e0 + len(names)] = array("f", values)

    def encode_reference(self, state: Any, seat: int, out: Array | None = None) -> Array:
        """The same vector through ``state.zones()`` and the zone specs (slower; the fast
        path of each game is tested against it)."""
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out.fill(0.0)
        k = self.kinds
        zones = state.zones()
        revealed = state.revealed()
        for i, spec in enumerate(self.specs):
            counts = zones[spec.id]
            r = self.z0 + self.pos[seat][i] * (k + 2)
            row = out[r : r + k + 2]
            row[k] = sum(counts) / self.deck
            if spec.visible_to(seat, revealed):
                row[:k] = counts
                row[:k] *= self.inv_copies
                row[k + 1] = 1.0
        if self.pile:
            n, depth = self.n, self.depth
            for rel in range(n):
                pile = getattr(state.seats[(seat + rel) % n], self.pile)
                base = self.pi0 + rel * depth * k
                for j, card in enumerate(reversed(pile[-depth:])):
                    out[base + j * k + card] = 1.0
        self._tail(state, seat, out, None)
        return out


def counts_of_kinds(kinds: Iterable[int], size: int) -> list[int]:
    """How many of each kind ``kinds`` holds."""
    out = [0] * size
    for x in kinds:
        out[x] += 1
    return out


_BITS = [tuple((b >> i) & 1 for i in range(8)) for b in range(256)]


def counts_of_mask(mask: int, size: int) -> list[int]:
    """The bits of ``mask`` (card ``c`` is bit ``c``) as a 0/1 list of ``size``."""
    out: list[int] = []
    for b in mask.to_bytes((size + 7) // 8, "little"):
        out += _BITS[b]
    return out[:size]
