"""One observation encoder per game (``encoder_for(game)``); the layout is in ``base``."""

from __future__ import annotations

from chieu.core.table import Game
from chieu.rl.encoders.base import DECISION_KINDS, Encoder
from chieu.rl.encoders.door import DoorEncoder


def encoder_for(game: Game) -> Encoder:
    """The encoder of ``game`` (a bound ``Game``)."""
    name = game.name
    if name == "chan":
        from chieu.rl.encoders.chan import ChanEncoder

        return ChanEncoder(game)
    if name == "totom":
        from chieu.rl.encoders.totom import TotomEncoder

        return TotomEncoder(game)
    if name == "phom":
        from chieu.rl.encoders.phom import PhomEncoder

        return PhomEncoder(game)
    if name == "matchuoc":
        from chieu.rl.encoders.matchuoc import MatChuocEncoder

        return MatChuocEncoder(game)
    raise ValueError(f"no encoder for the game {name!r}")


__all__ = ["DECISION_KINDS", "DoorEncoder", "Encoder", "encoder_for"]
