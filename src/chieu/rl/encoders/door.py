"""What Chắn and Tổ tôm share (``DoorEncoder``): the door games' zones, piles and live card
(the rest is ``base.Encoder``)."""

from __future__ import annotations

from operator import attrgetter
from typing import Any, ClassVar

from chieu.rl.encoders.base import CARDS, COUNTS, MELDS, ONE, Encoder


class DoorEncoder(Encoder):
    """What Chắn and Tổ tôm share: each seat's zones ``hand``, ``mat``, ``door`` (zones
    ``hand:0..``, the game's own zones, ``mat:0..``, ``door:0..``, ``stock``, ``set_aside``
    in spec order); each seat's door as its pile; the live card (card, door, turned up from
    the stock or not)."""

    pile = "door"
    live_seat = "door"
    #: the attribute of ``state.live`` that says it was turned up from the stock
    live_drawn: ClassVar[str] = "drawn"
    #: what the game's own zones (Chắn's cái, between the hands and the mats) hold
    between_kind: ClassVar[int] = ONE
    #: each seat's hand, mat and door, as ``world`` lists them
    seat_zones = attrgetter("hand", "mat", "door")

    def live(self, state: Any) -> tuple[int, int, bool] | None:
        live = state.live
        if live is None:
            return None
        return live.card, live.door, bool(getattr(live, self.live_drawn))

    def zone_kind(self, index: int) -> int:
        zone = self.zone_ids[index].partition(":")[0]
        if zone == "hand":
            return COUNTS
        if zone == "mat":
            return MELDS
        if zone in ("door", "stock", "set_aside"):
            return CARDS
        return self.between_kind
