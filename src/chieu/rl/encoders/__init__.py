"""One observation encoder per game (``encoder_for(game)``: the game kit's ``encoder``).

The layout is in ``base``.
"""

from __future__ import annotations

from chieu.core.kit import kit_part
from chieu.core.state import StateBase
from chieu.core.table import Game
from chieu.rl.encoders.base import DECISION_KINDS, Encoder
from chieu.rl.encoders.door import DoorEncoder


def encoder_for(game: Game) -> Encoder[StateBase]:
    """The encoder of ``game`` (a bound ``Game``): its kit's ``encoder`` (its entry points
    take any State and check that it is the game's)."""
    cls = kit_part(game, "encoder")
    if cls is None:
        raise ValueError(f"no encoder for the game {game.name!r}")
    encoder: Encoder[StateBase] = cls(game)
    return encoder


__all__ = ["DECISION_KINDS", "DoorEncoder", "Encoder", "encoder_for"]
