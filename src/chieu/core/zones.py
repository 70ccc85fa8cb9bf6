"""Zones: where cards lie and who may see them, declared once per game.

A game's state lists its zones as count vectors over the card kinds (``state.zones()``) and
declares, for each, its owner and visibility (``state.zone_specs()``). From that alone this
module answers what a seat cannot see (``hidden_from``) and deals those cards again at random
(``resample``), for every game: the leak tests and the search bots' worlds stand on it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from chieu.core.rng import Rng
from chieu.core.view import Visibility, ZoneRole


@dataclass(frozen=True, slots=True)
class ZoneSpec:
    """One zone of a game: ``visibility`` is ``"public"`` (everyone), ``"owner"`` (only its
    owner; a zone without owner then is seen by nobody) or ``"nobody"``."""

    id: str
    owner: int | None
    role: ZoneRole
    visibility: Visibility

    def visible_to(self, seat: int | None, revealed: Iterable[int] = ()) -> bool:
        """Whether ``seat`` (None: a spectator) sees the cards; ``revealed`` seats have shown
        their hands to everyone (a winner's hand)."""
        if self.visibility == "public":
            return True
        if self.visibility == "nobody" or self.owner is None:
            return False
        return self.owner == seat or self.owner in revealed


def hidden_zones(
    specs: Iterable[ZoneSpec],
    zones: Mapping[str, Sequence[int]],
    seat: int | None,
    revealed: Iterable[int] = (),
) -> dict[str, list[int]]:
    """The count vectors of every zone ``seat`` cannot see."""
    shown = frozenset(revealed)
    return {z.id: list(zones[z.id]) for z in specs if not z.visible_to(seat, shown)}


def redeal(hidden: Mapping[str, Sequence[int]], rng: Rng) -> dict[str, list[int]]:
    """The same zones with the same sizes, their cards pooled and dealt again at random."""
    pool = [k for counts in hidden.values() for k, n in enumerate(counts) for _ in range(n)]
    rng.shuffle(pool)
    size = len(next(iter(hidden.values()))) if hidden else 0
    out: dict[str, list[int]] = {}
    i = 0
    for zid, counts in hidden.items():
        n = sum(counts)
        fresh = [0] * size
        for k in pool[i : i + n]:
            fresh[k] += 1
        out[zid] = fresh
        i += n
    return out
