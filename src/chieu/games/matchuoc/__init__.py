"""Mạt chược Việt Nam: 160 tiles with flowers and khung, phán and mủn (shared/rules Part B)."""

from chieu.core.registry import register
from chieu.games.matchuoc.game import MatChuocGame
from chieu.games.matchuoc.rules import PRESETS, Rules
from chieu.games.matchuoc.state import MatChuocState

register(MatChuocGame, aliases=MatChuocGame.aliases)

__all__ = ["PRESETS", "MatChuocGame", "MatChuocState", "Rules"]
