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

Encoding is incremental: each game's ``write_zones`` reads its zones from the state's own
fields and hands only those that differ from what the seat was given last to ``put``; a
public zone's row and a seat's pile block are built once per change and shared by every seat.
``encode_reference`` (``state.zones()``, from scratch) is the slow, obviously right path the
fast one is tested against (``tests/rl/test_fast_encoding.py``).
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
#: what a visible zone's raw value is (``Encoder.zone_kind``)
COUNTS, CARDS, MELDS, ONE = range(4)


class _SeatCache:
    """One seat's last vector (``vec``, seen by numpy as ``flat``), the raw zones it was
    made from (``zones``), the piles it holds, the entries of its small blocks that are 1,
    and where each zone's row starts for this seat (``bases``)."""

    __slots__ = ("bases", "extras", "flat", "ones", "piles", "vec", "zones")

    def __init__(self, size: int, zones: int, seats: int, bases: list[int]) -> None:
        self.vec = array("f", bytes(4 * size))
        self.flat: Array = np.frombuffer(self.vec, dtype=np.float32)  # never resized
        self.zones: list[Any] = [None] * zones
        self.piles: list[Any] = [None] * seats
        self.ones: list[int] = []
        self.extras: Sequence[float] = ()
        self.bases = bases


class _Recorder:
    """A seat cache that records the raw zones ``write_zones`` gives (``raw_zones``)."""

    __slots__ = ("bases", "zones")

    def __init__(self, zones: int) -> None:
        self.zones: list[Any] = [None] * zones
        self.bases: list[int] = []


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
    #: whether ``write_zones`` gives each pile to ``put_pile`` itself (when the pile's zone
    #: changed: the pile is that zone's value), so that they need no other check
    piles_in_zones: ClassVar[bool] = False
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
        self.e1 = self.e0 + len(self.extra_names)
        # where the small blocks' ones go
        self._phase_at = {p: self.p0 + i for i, p in enumerate(self.phases)}
        self._other_phase_at = self.p0 + len(self.phases)
        self._kind_at = {d: self.d0 + i for d, i in _KIND_INDEX.items()}
        self._turn_at = [[self.t0 + (a - seat) % n for a in range(n)] for seat in range(n)]
        lk = self.l0 + k
        self._owner_at = [[lk + (o - seat) % n for o in range(n)] for seat in range(n)]
        self._drawn_at = lk + n
        # bases[viewer][i]: where the row of zone i starts in the viewer's vector
        self.bases = [[self.z0 + p * (k + 2) for p in pos] for pos in self.pos]
        # order[viewer]: the seats in relative order (the viewer first)
        self.order = [[(seat + rel) % n for rel in range(n)] for seat in range(n)]
        # rel[viewer][s]: how many places seat s sits after the viewer
        self.rel = [[(s - seat) % n for s in range(n)] for seat in range(n)]
        self._pile_span = self.depth * k
        # a hidden zone's size entry, and its whole row, by its size
        cards = int(self.deck)
        self._sizes = [float(np.float32(c / self.deck)) for c in range(cards + 1)]
        self._hidden_rows: list[array[float]] = []
        for c in range(cards + 1):
            hidden = array("f", bytes(4 * (k + 2)))
            hidden[k] = c / self.deck
            self._hidden_rows.append(hidden)
        # a visible zone's row before its cards: zeros, its size, 1 (it is seen)
        self._blank = array("f", bytes(4 * (k + 2)))
        self._blank[k + 1] = 1.0
        self._kind_of = [self.zone_kind(i) for i in range(len(self.specs))]
        # one more copy of a kind: ``+= step`` on a float32 entry gives exactly the scale
        # entry of the count (true whenever the copies are a power of two: 1, 2, 4)
        self._step = self._scale[1] if len(self._scale) > 1 else 1.0
        acc = array("f", [0.0])
        self._exact_step = True
        for c in range(1, len(self._scale)):
            acc[0] += self._step
            self._exact_step = self._exact_step and acc[0] == self._scale[c]
        self._zero_pile = array("f", bytes(4 * self.depth * k))
        self._cache: dict[int, _SeatCache] = {}
        # the last list value of each zone and its row, the last pile of each seat and its
        # block: what every seat's vector shares
        nothing: tuple[Any, array[float]] = (None, self._blank)
        self._last: list[tuple[Any, array[float]]] = [nothing] * len(self.specs)
        self._last_pile: list[tuple[Any, array[float]]] = [nothing] * n

    def reset_cache(self) -> None:
        """Forget every seat's last vector (the next ``encode`` builds each from scratch)."""
        self._cache.clear()

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

    def write_zones(self, state: Any, seat: int, cache: Any) -> None:
        """The fast path (each game's): read every zone in ``specs`` order as ``seat`` may
        know it from the state's own fields, a hidden zone as ``-1 - size``, a visible one
        as a value ``_row`` reads (``zone_kind``), and give each zone ``i`` whose value
        differs from ``cache.zones[i]`` to ``self.put(cache, i, value)``."""
        raise NotImplementedError

    def zone_kind(self, index: int) -> int:
        """How zone ``index``'s raw value reads when visible: ``COUNTS`` (a list of counts by
        kind), ``CARDS`` (a list of kinds), ``MELDS`` (a list of melds, ``meld_cards`` each)
        or ``ONE`` (0, or 1 + the kind of its one card); a game may have its own (``_row``)."""
        return CARDS

    def meld_cards(self, meld: Any) -> Iterable[int]:
        """The card kinds of one meld of a ``MELDS`` zone."""
        raise NotImplementedError

    def raw_zones(self, state: Any, seat: int) -> list[Any]:
        """Every zone's raw value (``write_zones`` against an empty cache)."""
        rec = _Recorder(len(self.specs))
        self.write_zones(state, seat, rec)
        return rec.zones

    # -- encoding -------------------------------------------------------------------------
    def new(self) -> Array:
        return np.zeros(self.size, dtype=np.float32)

    def encode(
        self,
        state: Any,
        seat: int,
        out: Array | None = None,
        pending: Sequence[Decision] | None = None,
    ) -> Array:
        """The vector of ``state`` as ``seat`` knows it (into ``out`` when given).
        ``pending``: ``state.decisions()`` when the caller has it already.

        Incremental: each seat keeps the vector it was given last and the raw zones it was
        made from; only the zones, piles and small blocks that changed since are written
        again (the result is the same as from scratch: ``tests/rl/test_fast_encoding.py``)."""
        cache = self._cache.get(seat)
        if cache is None:
            cache = self._cache[seat] = _SeatCache(
                self.size, len(self.specs), self.n, self.bases[seat]
            )
        self.write_zones(state, seat, cache)
        if self.pile and not self.piles_in_zones:
            self._write_piles(state, seat, cache)
        self._write_small(state, seat, cache, pending)
        if out is None:
            return cache.flat.copy()
        out[:] = cache.flat
        return out

    def put(self, cache: Any, i: int, value: Any) -> None:
        """Zone ``i`` of ``cache``'s seat is now ``value`` (it was something else)."""
        zones = cache.zones
        if type(cache) is _Recorder:
            zones[i] = value[:] if type(value) is list else value
            return
        was = zones[i]
        vec = cache.vec
        if type(value) is int and value < 0:
            zones[i] = value
            if type(was) is int and was < 0:  # hidden before and now: only its size changed
                vec[cache.bases[i] + self.kinds] = self._sizes[-1 - value]
                return
            row = self._hidden_rows[-1 - value]
        else:
            # a visible zone's row is the same for every seat that sees it: made once per
            # change of the zone (the last one kept), whoever looks first
            last = self._last[i]
            if value == last[0]:
                zones[i], row = last
            else:
                zones[i] = copy = value[:] if type(value) is list else value
                row = self._row(i, value)
                self._last[i] = (copy, row)
        r = cache.bases[i]
        vec[r : r + self.kinds + 2] = row

    def _row(self, index: int, value: Any) -> array[float]:
        """The row of visible zone ``index`` from its raw value (Python's ``array`` of
        float32: cheaper than numpy for rows this short; the same numbers as
        ``encode_reference``)."""
        kind = self._kind_of[index]
        k = self.kinds
        if kind == COUNTS:
            row = array("f", map(self._scale.__getitem__, value))
            row.append(self._sizes[sum(value)])
            row.append(1.0)
            return row
        if kind == ONE:
            row = self._blank[:]
            if value:
                row[value - 1] = self._step
                row[k] = self._sizes[1]
            return row
        cards: Iterable[int] = value
        if kind == MELDS:
            cards = [c for meld in value for c in self.meld_cards(meld)]
        elif kind != CARDS:
            raise ValueError(f"zone {self.zone_ids[index]}: no row for kind {kind}")
        if not self._exact_step:
            counts = counts_of_kinds(cards, k)
            row = array("f", map(self._scale.__getitem__, counts))
            row.append(self._sizes[sum(counts)])
            row.append(1.0)
            return row
        row = self._blank[:]
        step = self._step
        size = 0
        for c in cards:
            row[c] += step
            size += 1
        row[k] = self._sizes[size]
        return row

    def _write_piles(self, state: Any, seat: int, cache: _SeatCache) -> None:
        piles = cache.piles
        name = self.pile
        seats = state.seats
        for rel, s in enumerate(self.order[seat]):
            pile = getattr(seats[s], name)
            if pile != piles[rel]:
                self.put_pile(cache, rel, s, pile)

    def put_pile(self, cache: Any, rel: int, s: int, pile: list[int]) -> None:
        """The pile of seat ``s`` (``rel`` places after ``cache``'s seat) is now ``pile``: its
        last ``depth`` cards one-hot, the newest first (the block every seat shares, made once
        per change)."""
        if type(cache) is _Recorder:
            return
        last = self._last_pile[s]
        if pile == last[0]:
            cache.piles[rel], block = last
        else:
            cache.piles[rel] = copy = pile[:]
            block = self._zero_pile[:]
            k = self.kinds
            depth = self.depth
            at = (min(len(pile), depth) - 1) * k
            for card in pile[-depth:]:
                block[at + card] = 1.0
                at -= k
            self._last_pile[s] = (copy, block)
        span = self._pile_span
        base = self.pi0 + rel * span
        cache.vec[base : base + span] = block

    def _write_small(
        self, state: Any, seat: int, cache: _SeatCache, pending: Sequence[Decision] | None
    ) -> None:
        """The small blocks (phase, decision, turn, claim window, live card, extras): the
        entries set last time are cleared, the new ones set; the extras when they changed."""
        vec = cache.vec
        for j in cache.ones:
            vec[j] = 0.0
        ones = cache.ones = self._ones(state, seat, pending)
        for j in ones:
            vec[j] = 1.0
        if self.extra_names:
            values = self._extras(state, seat)
            if values != cache.extras:
                vec[self.e0 : self.e1] = array("f", values)
                cache.extras = values

    def _ones(self, state: Any, seat: int, pending: Sequence[Decision] | None) -> list[int]:
        """The entries of the phase, decision, turn, claim and live blocks that are 1."""
        kind = self.d0
        for d in state.decisions() if pending is None else pending:
            if d.seat == seat:
                kind = self._kind_at[d.kind]
                break
        phase = state.phase
        ones = [self._phase_at.get(phase, self._other_phase_at), kind]
        if state.window is not None:
            ones.append(self.c0)
        elif phase != "end":
            ones.append(self._turn_at[seat][state.actor])
        live = self.live(state)
        if live is not None:
            card, owner, drawn = live
            ones.append(self.l0 + card)
            if owner >= 0:
                ones.append(self._owner_at[seat][owner])
            if drawn:
                ones.append(self._drawn_at)
        return ones

    def _extras(self, state: Any, seat: int) -> Sequence[float]:
        values = self.extra(state, seat)
        if self.clip_extra:
            return [-1.0 if x < -1.0 else (1.0 if x > 1.0 else x) for x in values]
        return values

    def encode_reference(self, state: Any, seat: int, out: Array | None = None) -> Array:
        """The same vector through ``state.zones()`` and the zone specs, from scratch (slower;
        the fast path of each game is tested against it)."""
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
        for j in self._ones(state, seat, None):
            out[j] = 1.0
        if self.extra_names:
            out[self.e0 : self.e1] = self._extras(state, seat)
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


class DoorEncoder(Encoder):
    """What Chắn and Tổ tôm share: zones ``hand:0..``, the game's own zones (``between``:
    Chắn's cái), ``mat:0..``, ``door:0..``, ``stock``, ``set_aside``; each seat's door as its
    pile; the live card (card, door, turned up from the stock or not)."""

    pile = "door"
    live_seat = "door"
    #: the attribute of ``state.live`` that says it was turned up from the stock
    live_drawn: ClassVar[str] = "drawn"
    #: how many of the game's own zones come between the hands and the mats
    between: ClassVar[int] = 0
    #: what the ``between`` zones hold (``zone_kind``)
    between_kind: ClassVar[int] = ONE
    #: whether the live card counts in its door's zone (Tổ tôm)
    live_in_door: ClassVar[bool] = False

    def live(self, state: Any) -> tuple[int, int, bool] | None:
        live = state.live
        if live is None:
            return None
        return live.card, live.door, bool(getattr(live, self.live_drawn))

    def write_hands(self, state: Any, seat: int, cache: Any) -> None:
        """The hands (zones ``0..n-1``) and the ``between`` zones (the game's part)."""
        raise NotImplementedError

    def write_zones(self, state: Any, seat: int, cache: Any) -> None:
        self.write_hands(state, seat, cache)
        old = cache.zones
        put = self.put
        seats = state.seats
        n = self.n
        i = n + self.between
        for me in seats:
            if me.mat != old[i]:
                put(cache, i, me.mat)
            i += 1
        if self.live_in_door:
            live = state.live
            door = live.door if live is not None else -1
            for s, me in enumerate(seats):
                value = [*me.door, live.card] if s == door else me.door
                if value != old[i]:
                    put(cache, i, value)
                i += 1
        else:  # the door is the pile
            rel = self.rel[seat]
            for s, me in enumerate(seats):
                if me.door != old[i]:
                    put(cache, i, me.door)
                    self.put_pile(cache, rel[s], s, me.door)
                i += 1
        value = -1 - len(state.stock)
        if value != old[i]:
            put(cache, i, value)
        value = -1 - len(state.set_aside)
        if value != old[i + 1]:
            put(cache, i + 1, value)

    def zone_kind(self, index: int) -> int:
        n = self.n
        if index < n:
            return COUNTS
        mats = n + self.between
        if index < mats:
            return self.between_kind
        return MELDS if index < mats + n else CARDS
