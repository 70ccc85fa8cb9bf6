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
  cards one-hot by kind, the newest first (empty for a game whose seats have no ``pile``);
* ``extra``: a few game-specific public numbers (each game's module), clipped to [-1, 1].

Every entry lies in [-1, 1] (the extras) or [0, 1] (the rest).

Hidden zones contribute their sizes only; the zone sizes never depend on the hidden cards, and
the conformance-style test ``tests/rl/test_encoders.py`` deals them again to prove it.

Encoding is incremental and shared by the seats. Each game's ``world`` reads every zone's
full value from its own State class (``state_class``, typed), whoever may see it (seat by
seat, each seat's zones in spec order, then the zones of no seat: the viewer 0's order), and
the encoder keeps the world it saw last: one comparison of the two lists (in C) finds the
zones that changed, and only those are encoded again: a public zone's row (one card more at
the end: the last row and that card), a private zone's hidden row (its size) and visible row,
a pile's block (one card more: that card in front of the last block). The shown seats, the
live card and the game's ``extra_key`` are read at the same time. While the claim window seen
last is open on the same state nothing is read: its answers are private and move nothing
(``_see``).

Every piece lives in one flat list (``_flat``): the zones' rows (a private zone's hidden
one), the private zones' visible rows, the piles' blocks, and each seat's small pieces (phase,
decision, turn and claim: one piece per what they say; the live card, relative to the seat;
the extras, made again for a seat when ``extra_key`` changed). A seat's vector is those of
its pieces in its own order (a rotation of the seat blocks, its own private rows and the
shown seats' visible ones: an ``itemgetter`` per seat, made again when the shown seats
change) joined: ``bytearray().join``, one copy, a new array every time, never written to
again. ``encode_reference`` (``reference.py``: ``state.zones()``, from scratch) is the slow,
obviously right path the fast one is tested against (``tests/rl/test_fast_encoding.py``).
"""

from __future__ import annotations

from array import array
from collections.abc import Collection, Iterable, Sequence
from itertools import compress
from operator import itemgetter, ne
from typing import ClassVar, Generic, TypeAlias, TypeVar, cast

import numpy as np
import numpy.typing as npt

from chieu.core.decisions import ClaimWindow, Decision
from chieu.core.protocol import State
from chieu.core.state import StateBase
from chieu.core.table import Game

DECISION_KINDS = ("turn", "claim", "arrange", "declare")
Array = npt.NDArray[np.float32]
_KIND_INDEX = {k: i + 1 for i, k in enumerate(DECISION_KINDS)}
#: what a visible zone's raw value is (``Encoder.zone_kind``); ``MASK``: a bit mask of cards
COUNTS, CARDS, MELDS, ONE, MASK = range(5)
#: what a slot of the world is to the seats: the same row for every seat (a zone nobody sees
#: included: its size, as ``-1 - size``), its owner's alone (the others see its size), a pile
PUBLIC, PRIVATE, PILE = range(3)
#: a piece of a vector: float32 entries (an ``array("f")`` or their bytes)
Piece: TypeAlias = "array[float] | bytes | bytearray"
#: a zone's raw value in the world (``Encoder.world``): a list of counts or of kinds, a tuple
#: of melds (``meld_cards`` each), an int (``ONE``, ``MASK``, or ``-1 - size``: nobody sees it)
Raw: TypeAlias = "int | list[int] | tuple[object, ...]"
#: the live card as the encoder sees it: (kind, seat, drawn from the stock)
LiveCard: TypeAlias = tuple[int, int, bool]
#: the state a game's encoder reads: its own State class (``Encoder.state_class``)
StateT = TypeVar("StateT", bound=StateBase)
_F32 = np.dtype(np.float32)
_UNSEEN: Raw = (object(),)  # a world value nothing equals (``reset_cache``)


class Encoder(Generic[StateT]):
    """Encode ``state`` for ``seat`` into a float32 vector (see the module's docstring).

    The entry points (``encode``, ``encode_reference``, ``raw_zones``) take any
    State (the core protocol) and check that it is the game's own ``state_class``; the game's
    part (``world``, ``shown``, ``live``, ``extra``...) reads that class."""

    #: the game's State class, whose fields the game's part reads
    state_class: type[StateT]

    #: the game's phases, in a fixed order (from its notation's phase words)
    phases: ClassVar[tuple[str, ...]] = ()
    #: the name of each seat's public pile (door / row / river), "" for none (``piles``)
    pile: ClassVar[str] = ""
    #: how many of each pile's latest cards are encoded
    depth: ClassVar[int] = 8
    #: the names of ``extra`` numbers (each game's ``extra`` gives them)
    extra_names: ClassVar[tuple[str, ...]] = ()
    #: where each seat's pile is in the world: the place of its zone in the seat's block
    #: (the pile is that zone's value), or None: ``world`` gives the piles after the zones
    pile_zone: ClassVar[int | None] = None
    #: whether the extras must be clipped to [-1, 1] (False: they always lie there)
    clip_extra: ClassVar[bool] = True

    def __init__(self, game: Game) -> None:
        self.game = game
        info = game.info
        self.n = n = info.seats
        self.kinds = k = info.kinds
        self.deck = float(info.cards)
        probe = game.new_state(seed=0)
        if not hasattr(self, "state_class"):  # an encoder that names none: its game's State
            self.state_class = cast("type[StateT]", type(probe))
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
        self.p0 = block("phase", len(self.phases) + 1)
        self.d0 = block("decision", len(DECISION_KINDS) + 1)
        self.t0 = block("turn", n)
        self.c0 = block("claim_open", 1)
        self.l0 = block("live", k + n + 1)
        self.pi0 = block("piles", n * self.depth * k if self.pile else 0)  # none: no pile
        self.e0 = block("extra", len(self.extra_names))
        self.size = at
        self.e1 = self.e0 + len(self.extra_names)
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
        # where the small blocks' ones go (``encode_reference``)
        self._phase_at = {p: self.p0 + i for i, p in enumerate(self.phases)}
        self._other_phase_at = self.p0 + len(self.phases)
        self._kind_at = {d: self.d0 + i for d, i in _KIND_INDEX.items()}
        self._turn_at = [[self.t0 + (a - seat) % n for a in range(n)] for seat in range(n)]
        lk = self.l0 + k
        self._owner_at = [[lk + (o - seat) % n for o in range(n)] for seat in range(n)]
        self._drawn_at = lk + n
        # order[viewer]: the seats in relative order (the viewer first)
        self.order = [[(seat + rel) % n for rel in range(n)] for seat in range(n)]
        # a hidden zone's row by its size; a visible zone's row before its cards: zeros, its
        # size, 1 (it is seen)
        cards = int(self.deck)
        self._sizes = [float(np.float32(c / self.deck)) for c in range(cards + 1)]
        self._hidden_rows: list[array[float]] = []
        for c in range(cards + 1):
            hidden = array("f", bytes(4 * (k + 2)))
            hidden[k] = c / self.deck
            self._hidden_rows.append(hidden)
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
        self._init_world(seat_of)

    def _init_world(self, seat_of: list[int]) -> None:
        """The world's slots: the zones in the viewer 0's order (seat 0's block, seat 1's...,
        then the zones of no seat), then the piles when they are no zone's value."""
        n = self.n
        nz = len(self.specs)
        self._slot_zone = slot_zone = sorted(range(nz), key=self.pos[0].__getitem__)
        m = (nz - seat_of.count(-1)) // n
        for j, i in enumerate(slot_zone):
            if seat_of[i] != (j // m if j < n * m else -1):
                raise ValueError(f"{self.zone_ids[i]}: the seats' zones differ")
        #: each seat's block of zones: its size, and where it ends
        self.m = m
        self._nm = n * m
        self._nz = nz
        apart = bool(self.pile) and self.pile_zone is None
        slots = nz + (n if apart else 0)
        self._slots = range(slots)
        self._how = [PUBLIC] * slots
        self._pile_of = [-1] * slots
        for j, i in enumerate(slot_zone):
            if j < self._nm and self.specs[i].visibility == "owner":
                self._how[j] = PRIVATE
            if self.pile_zone is not None and j < self._nm and j % m == self.pile_zone:
                self._pile_of[j] = j // m
        for s in range(n if apart else 0):
            self._how[nz + s] = PILE
            self._pile_of[nz + s] = s
        # the slots whose row may grow by one card (``_see``): a visible list of cards
        self._grows = [
            j < nz
            and self._how[j] == PUBLIC
            and self._exact_step
            and self._kind_of[slot_zone[j]] == CARDS  # (``Encoder._row``'s in every game)
            for j in range(slots)
        ]
        #: each slot's (what it is, whose pile it is or -1, whether its row may grow, zone)
        self._info = [
            (self._how[j], self._pile_of[j], self._grows[j], slot_zone[j] if j < nz else -1)
            for j in range(slots)
        ]
        if any(self._how[j] == PRIVATE and self._pile_of[j] >= 0 for j in range(slots)):
            raise ValueError("a pile is public")
        #: the places in a seat's block of the zones only the seat sees
        self.private = tuple(j for j in range(m) if self._how[j] == PRIVATE)
        k, depth = self.kinds, self.depth
        self._zero_pile = bytes(4 * depth * k)
        self._one_hot = [array("f", [float(c == i) for i in range(k)]).tobytes() for c in range(k)]
        self._pile_pads = [bytes(4 * (depth - d) * k) for d in range(depth + 1)]
        self._pile_keep = 4 * (depth - 1) * k  # a block's bytes a new card keeps
        # a ``COUNTS`` row: the counts' float32 bytes by plane (the planes not always zero),
        # then the size and 1 (``_row``)
        self._zero_counts = bytes(4 * k)
        scales = [array("f", [x]).tobytes() for x in self._scale]
        planes = [bytes(s[b] for s in scales).ljust(256, b"\0") for b in range(4)]
        self._planes = [(b, plane) for b, plane in enumerate(planes) if any(plane)]
        self._tails = [array("f", [x, 1.0]).tobytes() for x in self._sizes]
        self._heads: dict[tuple[str, int, int], array[float]] = {}
        self._lives: dict[tuple[int, int, bool] | None, array[float]] = {}
        self.reset_cache()

    def reset_cache(self) -> None:
        """Forget the world seen last (the next ``encode`` builds every piece again)."""
        slots = len(self._slots)
        n, nz, nm = self.n, self._nz, self._nm
        self._world: list[Raw] = [_UNSEEN] * slots
        # every piece of every vector, in one list (``_getters`` picks each seat's, in its
        # order): the zones' rows (a private zone's hidden one), the private zones' visible
        # rows, the piles' blocks, then each seat's head, live and extras pieces
        self._v0 = nz
        self._p0 = nz + nm
        self._h0 = self._p0 + n
        self._l0 = self._h0 + n
        self._e0 = self._l0 + n
        self._flat: list[Piece] = [self._blank] * (nz + nm)
        self._flat += [self._zero_pile] * n
        self._flat += [b""] * (3 * n)
        # the state, the claim window and its mark (``_see``) and the shown seats seen last
        self._state: StateT | None = None
        self._window: ClaimWindow | None = None
        self._mark = 0
        self._shown: frozenset[int] = frozenset()
        self._live: tuple[int, int, bool] | None = None
        # the extras: ``extra_key`` seen last, its version, the version of each seat's piece
        self._extra_key: object = _UNSEEN
        self._extra_version = 0
        self._extra_of = [-1] * n
        self._set_getters()

    def _set_getters(self) -> None:
        """Each seat's pieces of ``_flat`` in its vector's order (the visible rows of its own
        private zones and of the shown seats', the hidden rows of the others')."""
        n, m, nm, nz = self.n, self.m, self._nm, self._nz
        shown = self._shown
        self._getters = []
        for seat in range(n):
            at: list[int] = []
            for rel in range(n):
                owner = (seat + rel) % n
                for q in range(m):
                    j = owner * m + q
                    see = self._how[j] == PRIVATE and (owner == seat or owner in shown)
                    at.append(self._v0 + j if see else j)
            at += range(nm, nz)
            at += (self._h0 + seat, self._l0 + seat)
            if self.pile:
                at += (self._p0 + (seat + rel) % n for rel in range(n))
            if self.extra_names:
                at.append(self._e0 + seat)
            self._getters.append(itemgetter(*at))

    # -- the game's part ------------------------------------------------------------------
    def world(self, state: StateT) -> list[Raw]:
        """Every zone's full value, whoever may see it, from the game's state: the
        zones of seat 0 (in spec order), of seat 1..., then the zones of no seat, then each
        seat's pile unless it is a zone's (``pile_zone``). A zone nobody sees is
        ``-1 - size``; the others are values ``_row`` reads (``zone_kind``). The lists may
        be the state's own (the encoder copies what it keeps)."""
        raise NotImplementedError

    def shown(self, state: StateT) -> Collection[int]:
        """The seats whose private zones everyone sees now (a hand shown)."""
        return ()

    def extra(self, state: StateT, seat: int) -> Sequence[float]:
        """Game-specific public numbers (``extra_names``)."""
        return ()

    def extra_key(self, state: StateT) -> object:
        """Something cheap that changes whenever ``extra`` might (None: no such thing, the
        extras are computed at every ``encode``)."""
        return None

    def live(self, state: StateT) -> LiveCard | None:
        """The live card: (kind, seat, drawn), or None (a game without one)."""
        return None

    def zone_kind(self, index: int) -> int:
        """How zone ``index``'s raw value reads when visible: ``COUNTS`` (a list of counts by
        kind), ``CARDS`` (a list of kinds), ``MELDS`` (a list of melds, ``meld_cards`` each),
        ``ONE`` (0, or 1 + the kind of its one card) or ``MASK`` (a bit mask of cards, the
        game's ``_row``); a game may have its own (``_row`` and ``_size``)."""
        return CARDS

    def meld_cards(self, meld: object) -> Iterable[int]:
        """The card kinds of one meld of a ``MELDS`` zone."""
        raise NotImplementedError

    def own(self, state: State) -> StateT:
        """``state``, checked to be the game's own ``state_class``."""
        if not isinstance(state, self.state_class):
            raise TypeError(f"{type(self).__name__} encodes a {self.state_class.__name__}")
        return state

    def piles(self, state: StateT) -> Sequence[Sequence[int]]:
        """Every seat's public pile (``pile``: door, row or river), in order (the reference
        reads them here; ``world`` gives them too)."""
        raise NotImplementedError

    def raw_zones(self, state: State, seat: int) -> list[Raw]:
        """Every zone's raw value in ``specs`` order as ``seat`` may know it: the world's,
        a private zone of another seat (unless shown) as ``-1 - size``."""
        own = self.own(state)
        cur = self.world(own)
        shown = self.shown(own)
        m = self.m
        out: list[Raw] = [0] * self._nz
        for j, i in enumerate(self._slot_zone):
            value = cur[j]
            if self._how[j] == PRIVATE and j // m != seat and j // m not in shown:
                value = -1 - self._size(i, value)
            out[i] = value
        return out

    # -- encoding -------------------------------------------------------------------------
    def new(self) -> Array:
        return np.zeros(self.size, dtype=np.float32)

    def encode(
        self,
        state: State,
        seat: int,
        out: Array | None = None,
        pending: Sequence[Decision] | None = None,
    ) -> Array:
        """The vector of ``state`` as ``seat`` knows it (a new array, or into ``out``).
        ``pending``: ``state.decisions()`` when the caller has it already.

        Incremental: only the zones that changed since the last ``encode`` (any seat's) are
        encoded again, and the vector is joined from the shared pieces (the result is the
        same as from scratch: ``tests/rl/test_fast_encoding.py``)."""
        if not isinstance(state, self.state_class):
            raise TypeError(f"{type(self).__name__} encodes a {self.state_class.__name__}")
        window = state.window
        if (
            window is None
            or window is not self._window
            or state is not self._state
            or state.changes - len(window.answers) != self._mark
        ):
            self._see(state)
        flat = self._flat
        # the phase, decision, turn and claim blocks: a piece per what they say
        # (outside a claim window, the one pending decision is the turn's: none at the end)
        kind = 0
        decisions = state.decisions() if pending is None else pending
        for d in decisions:
            if d.seat == seat:
                kind = _KIND_INDEX[d.kind]
                break
        n = self.n
        phase = state.phase
        if window is not None:
            key = (phase, kind, n)
        else:
            key = (phase, kind, (decisions[0].seat - seat) % n if decisions else n + 1)
        piece = self._heads.get(key)
        flat[self._h0 + seat] = piece if piece is not None else self._head(key)
        # the live block: a piece per card, relative seat and drawn flag
        live = self._live
        if live is not None:
            live = (live[0], (live[1] - seat) % n if live[1] >= 0 else -1, live[2])
        piece = self._lives.get(live)
        flat[self._l0 + seat] = piece if piece is not None else self._live_piece(live)
        if self._extra_of[seat] != self._extra_version:  # (no extras: an empty piece, once)
            self._extra_of[seat] = self._extra_version
            flat[self._e0 + seat] = self._extra_piece(state, seat)
        vec: Array = np.frombuffer(bytearray().join(self._getters[seat](flat)), _F32)
        if out is None:
            return vec
        out[:] = vec
        return out

    def _see(self, state: StateT) -> None:
        """Compare the state's world with the one seen last; encode what changed.

        Skipped while the claim window seen last is open on the same state: its answers are
        private and move no card nor anything else (``chieu.core.state.StateBase``): every
        change in a window is an answer (``changes`` and the answers grow together) until the
        game resolves it, and then the window is another object, or None."""
        window = state.window
        if window is not None:
            mark = state.changes - len(window.answers)
            if window is self._window and state is self._state and mark == self._mark:
                return
            self._mark = mark
        self._window = window
        self._state = state
        shown = self.shown(state)
        if shown or self._shown:
            shown = frozenset(shown)
            if shown != self._shown:
                self._shown = shown
                self._set_getters()
        self._live = self.live(state)
        if self.extra_names:
            key = self.extra_key(state)
            if key is None or key != self._extra_key:
                self._extra_key = key
                self._extra_version += 1
        cur = self.world(state)
        world = self._world
        changed = list(compress(self._slots, map(ne, cur, world)))
        if not changed:
            return
        flat = self._flat
        info = self._info
        p0 = self._p0
        for j in changed:
            value = cur[j]
            was = world[j]
            what, s, grows, i = info[j]
            if what == PRIVATE:  # its size for the others, the visible row for who sees it
                world[j] = value[:] if type(value) is list else value
                flat[j] = self._hidden_rows[self._size(i, value)]
                flat[self._v0 + j] = self._row(i, value)
                continue
            if type(value) is list:
                world[j] = value[:]
                # one card more at the end (a door, a row, a river): the last row and that
                # card, the pile's block with that card in front
                grew = type(was) is list and len(value) == len(was) + 1 and value[:-1] == was
            else:
                world[j] = value
                grew = False
            if what == PUBLIC:
                last = flat[j]
                if grew and grows and type(last) is array and type(value) is list:
                    row = last[:]  # (a growing zone's row is always an array: ``_row``)
                    row[value[-1]] += self._step
                    row[self.kinds] = self._sizes[len(value)]
                    flat[j] = row
                elif type(value) is int and value < 0:
                    flat[j] = self._hidden_rows[-1 - value]
                else:
                    flat[j] = self._row(i, value)
            if s >= 0 and type(value) is list:  # (a pile is a list of kinds)
                if grew:
                    flat[p0 + s] = self._one_hot[value[-1]] + flat[p0 + s][: self._pile_keep]
                else:
                    flat[p0 + s] = self._pile_block(value)

    def _head(self, key: tuple[str, int, int]) -> array[float]:
        """The phase, decision, turn and claim blocks of ``key`` (``encode``): the phase, the
        decision kind (0: none), the turn's relative seat (N: a claim window, N + 1: the end)."""
        phase, kind, turn = key
        p0, n = self.p0, self.n
        piece = self._heads[key] = array("f", bytes(4 * (self.l0 - p0)))
        piece[self._phase_at.get(phase, self._other_phase_at) - p0] = 1.0
        piece[self.d0 + kind - p0] = 1.0
        if turn < n:
            piece[self.t0 + turn - p0] = 1.0
        elif turn == n:
            piece[self.c0 - p0] = 1.0
        return piece

    def _live_piece(self, key: tuple[int, int, bool] | None) -> array[float]:
        """The live block of ``key`` (``encode``): the card, its relative seat, drawn."""
        piece = self._lives[key] = array("f", bytes(4 * (self.pi0 - self.l0)))
        if key is not None:
            card, rel, drawn = key
            piece[card] = 1.0
            if rel >= 0:
                piece[self.kinds + rel] = 1.0
            if drawn:
                piece[self.kinds + self.n] = 1.0
        return piece

    def _extra_piece(self, state: StateT, seat: int) -> array[float]:
        """The extras' piece for ``seat``."""
        values = self.extra(state, seat)
        if self.clip_extra:
            values = [-1.0 if x < -1.0 else (1.0 if x > 1.0 else x) for x in values]
        return array("f", values)

    def _size(self, index: int, value: Raw) -> int:
        """How many cards zone ``index`` holds (its raw value, visible)."""
        if isinstance(value, int):  # ONE or MASK
            return (1 if value else 0) if self._kind_of[index] == ONE else value.bit_count()
        if isinstance(value, tuple):  # MELDS
            return sum(len(list(self.meld_cards(meld))) for meld in value)
        return sum(value) if self._kind_of[index] == COUNTS else len(value)

    def _row(self, index: int, value: Raw) -> Piece:
        """The row of visible zone ``index`` from its raw value (Python's ``array`` of
        float32: cheaper than numpy for rows this short; the same numbers as
        ``encode_reference``)."""
        kind = self._kind_of[index]
        k = self.kinds
        if kind == COUNTS and type(value) is list:
            # each byte of the float32 entries at once: the counts as bytes, translated
            counts = bytes(value)
            data = bytearray(self._zero_counts)
            for b, plane in self._planes:
                data[b::4] = counts.translate(plane)
            data += self._tails[sum(value)]
            return data
        if kind == ONE and type(value) is int:
            row = self._blank[:]
            if value:
                row[value - 1] = self._step
                row[k] = self._sizes[1]
            return row
        cards: Iterable[int]
        if kind == MELDS and type(value) is tuple:
            cards = [c for meld in value for c in self.meld_cards(meld)]
        elif kind == CARDS and type(value) is list:
            cards = value
        else:
            raise ValueError(f"zone {self.zone_ids[index]}: no row for kind {kind} of {value!r}")
        if not self._exact_step:
            tally = counts_of_kinds(cards, k)
            row = array("f", map(self._scale.__getitem__, tally))
            row.append(self._sizes[sum(tally)])
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

    def _pile_block(self, pile: list[int]) -> bytes:
        """A pile's block: its last ``depth`` cards one-hot, the newest first."""
        cards = pile[-self.depth :]
        cards.reverse()
        return b"".join(map(self._one_hot.__getitem__, cards)) + self._pile_pads[len(cards)]

    # -- the reference ----------------------------------------------------------------------
    def encode_reference(self, state: State, seat: int, out: Array | None = None) -> Array:
        """The same vector through ``state.zones()`` and the zone specs, from scratch (slower;
        the fast path of each game is tested against it: ``reference.encode_reference``)."""
        from chieu.rl.encoders.reference import encode_reference

        return encode_reference(self, self.own(state), seat, out)


def counts_of_kinds(kinds: Iterable[int], size: int) -> list[int]:
    """How many of each kind ``kinds`` holds."""
    out = [0] * size
    for x in kinds:
        out[x] += 1
    return out
