"""Game-agnostic foundation. Standard library only; imports nothing from games or edges."""

from chieu.core.actions import Action, ActionSpace
from chieu.core.decisions import ClaimWindow, Decision
from chieu.core.errors import ChieuError, IllegalActionError, NotationError, RecordError
from chieu.core.events import Event
from chieu.core.outcome import Fault, Outcome, Termination
from chieu.core.record import GameRecord
from chieu.core.registry import find_game, game_names, register
from chieu.core.rng import Rng
from chieu.core.sitting import Sitting
from chieu.core.table import Game, TableInfo, load_game
from chieu.core.view import View

__all__ = [
    "Action",
    "ActionSpace",
    "ChieuError",
    "ClaimWindow",
    "Decision",
    "Event",
    "Fault",
    "Game",
    "GameRecord",
    "IllegalActionError",
    "NotationError",
    "Outcome",
    "RecordError",
    "Rng",
    "Sitting",
    "TableInfo",
    "Termination",
    "View",
    "find_game",
    "game_names",
    "load_game",
    "register",
]
