"""Game-agnostic foundation. Standard library only; imports nothing from games or edges."""

from chieu.core.actions import Action, ActionSpace
from chieu.core.errors import ChieuError, IllegalActionError, NotationError, RecordError
from chieu.core.events import Event
from chieu.core.outcome import Fault, Outcome, Termination
from chieu.core.record import GameRecord
from chieu.core.registry import find_game, game_names, register
from chieu.core.rng import Rng

__all__ = [
    "Action",
    "ActionSpace",
    "ChieuError",
    "Event",
    "Fault",
    "GameRecord",
    "IllegalActionError",
    "NotationError",
    "Outcome",
    "RecordError",
    "Rng",
    "Termination",
    "find_game",
    "game_names",
    "register",
]
