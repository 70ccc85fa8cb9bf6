"""What Chắn and Tổ tôm share (``DoorEncoder``): the door games' zones and piles (the rest is
``base.Encoder``)."""

from __future__ import annotations

from typing import ClassVar

from chieu.rl.encoders.base import CARDS, COUNTS, MELDS, ONE, Encoder, StateT


class DoorEncoder(Encoder[StateT]):
    """What Chắn and Tổ tôm share: each seat's zones ``hand``, ``mat``, ``door`` (zones
    ``hand:0..``, the game's own zones, ``mat:0..``, ``door:0..``, ``stock``, ``set_aside``
    in spec order); each seat's door as its pile (the game gives the live card: card, door,
    turned up from the stock or not)."""

    pile = "door"
    #: what the game's own zones (Chắn's cái, between the hands and the mats) hold
    between_kind: ClassVar[int] = ONE

    def zone_kind(self, index: int) -> int:
        zone = self.zone_ids[index].partition(":")[0]
        if zone == "hand":
            return COUNTS
        if zone == "mat":
            return MELDS
        if zone in ("door", "stock", "set_aside"):
            return CARDS
        return self.between_kind
