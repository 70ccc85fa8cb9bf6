"""The facts of a Chắn win that the cước need: ``WinContext`` and the mat groups it holds.

The state machine fills a ``WinContext`` when a player ù; the hand checker builds one from text.
Everything here is a plain value: counting helpers derive from the fields, never from a game.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from chieu.core.errors import ChieuError
from chieu.games.chan import analysis
from chieu.games.chan.cards import CC, KINDS, NUM_KINDS, rank_of

MAT_HOWS = ("chan", "ca", "chiu")


@dataclass(frozen=True, slots=True)
class MatGroup:
    """A group laid face up on the mat: an eaten chắn, an eaten cạ, or a chíu (4 identical).

    ``how`` is ``"chan"`` (two identical cards), ``"ca"`` (same rank, different suits, never
    Chi chi) or ``"chiu"`` (the four copies of one kind; it counts as 2 chắn, A4.1).
    """

    kinds: tuple[int, ...]
    how: str

    def __post_init__(self) -> None:
        ks = self.kinds
        if self.how not in MAT_HOWS:
            raise ChieuError(f"mat group kind {self.how!r}: expected one of {MAT_HOWS}")
        if any(not 0 <= k < NUM_KINDS for k in ks):
            raise ChieuError(f"mat group {ks!r} holds an unknown card kind")
        codes = " ".join(KINDS.codes[k] for k in ks)
        if self.how == "chan" and (len(ks) != 2 or ks[0] != ks[1]):
            raise ChieuError(f"mat group '{codes}' is not a chắn (two identical cards)")
        if self.how == "chiu" and (len(ks) != 4 or len(set(ks)) != 1):
            raise ChieuError(f"mat group '{codes}' is not a chíu (four identical cards)")
        if self.how == "ca" and not (
            len(ks) == 2 and ks[0] != ks[1] and CC not in ks and rank_of(ks[0]) == rank_of(ks[1])
        ):
            raise ChieuError(f"mat group '{codes}' is not a cạ (same rank, different suits)")

    @property
    def kind(self) -> int:
        """The first card's kind (the only kind of a chắn or a chíu)."""
        return self.kinds[0]

    @property
    def chan(self) -> int:
        """How many chắn the group counts as: chắn 1, chíu 2, cạ 0."""
        return {"chan": 1, "chiu": 2, "ca": 0}[self.how]

    def codes(self) -> list[str]:
        return [KINDS.codes[k] for k in self.kinds]


@dataclass(frozen=True)
class WinContext:
    """Everything a cước may ask about a win (A5.2), as facts.

    * ``hand``: count vector (25 kinds) of the cards **held** at the moment of ù, winning card
      included (except for a chíu ù: that card is then on the mat inside a ``"chiu"`` group).
    * ``mat``: the groups on the mat.
    * ``winning_card``: its kind, or None for a thiên ù or when unknown.
    * ``wait_kind``: the kind of wait of the 19-card position before the winning card
      (``"bach_thu"``, ``"bach_thu_chi"``, ``"rong"`` as in ``analysis.Waits.kind``). When None
      and the winning card is known, ``wait`` derives it from the cards.
    * ``self_drawn`` (chì), ``thong``, ``thien_u``, ``dia_u``, ``chiu_u`` (the winning card was
      taken by chíu), ``chiu_count`` (chíu made earlier, the chíu ù excluded),
      ``dealt_no_chan`` (phá thiên).
    """

    hand: tuple[int, ...]
    mat: tuple[MatGroup, ...] = ()
    winning_card: int | None = None
    wait_kind: str | None = None
    self_drawn: bool = False
    thong: bool = False
    thien_u: bool = False
    dia_u: bool = False
    chiu_u: bool = False
    chiu_count: int = 0
    dealt_no_chan: bool = False

    def __post_init__(self) -> None:
        if len(self.hand) != NUM_KINDS or any(n < 0 for n in self.hand):
            raise ChieuError(f"hand must be a count vector of {NUM_KINDS} non-negative counts")
        if self.winning_card is not None and not 0 <= self.winning_card < NUM_KINDS:
            raise ChieuError(f"winning card kind {self.winning_card} is out of range")
        if self.wait_kind not in (None, analysis.BACH_THU, analysis.BACH_THU_CHI, analysis.RONG):
            raise ChieuError(f"unknown wait kind {self.wait_kind!r}")
        if self.chiu_count < 0:
            raise ChieuError("chiu_count cannot be negative")
        if self.chiu_u and (
            self.winning_card is None
            or not any(g.how == "chiu" and g.kind == self.winning_card for g in self.mat)
        ):
            raise ChieuError("a chíu ù needs the winning card on the mat as a chíu group")
        over = [KINDS.codes[k] for k, n in enumerate(self.all_counts) if n > 4]
        if over:
            raise ChieuError(f"more than 4 copies of {', '.join(over)}")

    # -- counting helpers ---------------------------------------------------------------------

    @cached_property
    def mat_counts(self) -> tuple[int, ...]:
        out = [0] * NUM_KINDS
        for g in self.mat:
            for k in g.kinds:
                out[k] += 1
        return tuple(out)

    @cached_property
    def all_counts(self) -> tuple[int, ...]:
        """All 20 cards: held cards plus the mat (the winning card included)."""
        return tuple(a + b for a, b in zip(self.hand, self.mat_counts, strict=True))

    @property
    def size(self) -> int:
        return sum(self.all_counts)

    @property
    def red_count(self) -> int:
        return sum(self.all_counts[k] for k in KINDS.red)

    def count(self, code: str) -> int:
        """How many cards of the kind ``code`` (e.g. ``"9V"``) among all 20."""
        kind = KINDS.kind(code)
        if kind is None:
            raise ChieuError(f"unknown card code {code!r}")
        return self.all_counts[kind]

    @property
    def mat_chan(self) -> int:
        """Chắn on the mat (a chíu counts as 2)."""
        return sum(g.chan for g in self.mat)

    @property
    def chan_count(self) -> int:
        """Chắn in the best grouping of all 20 cards (the mat as laid, the hand greedily)."""
        return self.mat_chan + analysis.count_chan(self.hand)

    @property
    def is_win(self) -> bool:
        """20 cards in 10 pairs with at least 6 chắn (A4.1)."""
        return self.size == 20 and analysis.win_chan(self.hand, self.mat_chan) >= 0

    def mat_has(self, kind: int, hows: tuple[str, ...] = MAT_HOWS) -> bool:
        """True when a mat group of one of ``hows`` contains ``kind``."""
        return any(g.how in hows and kind in g.kinds for g in self.mat)

    def hand_chan(self, kind: int) -> bool:
        """True when the held cards include a chắn of ``kind`` (two or more copies)."""
        return self.hand[kind] >= 2

    # -- the position before the winning card ------------------------------------------------

    def before_win(self) -> tuple[tuple[int, ...], int] | None:
        """The 19-card position before the winning card: (held counts, mat chắn), or None.

        For a chíu ù the three copies were in hand and the chíu group was not yet on the mat.
        """
        x = self.winning_card
        if x is None:
            return None
        held = list(self.hand)
        mat_chan = self.mat_chan
        if self.chiu_u:
            held[x] += 3
            mat_chan -= 2
        else:
            if held[x] < 1:
                return None
            held[x] -= 1
        return tuple(held), mat_chan

    @property
    def wait(self) -> str | None:
        """``wait_kind`` when given, else derived from the position before the winning card."""
        if self.wait_kind is not None or self.winning_card is None:
            return self.wait_kind
        before = self.before_win()
        if before is None:
            return None
        held, mat_chan = before
        w = analysis.waits(held, mat_chan, allow_chi_rong=True)
        return w.kind if self.winning_card in w.kinds else None
