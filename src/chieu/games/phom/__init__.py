"""Phỏm (Tá lả): the 52-card rummy game (shared/rules/phom_matchuoc.md Part A)."""

from chieu.core.registry import register
from chieu.games.phom.game import PhomGame
from chieu.games.phom.rules import PRESETS, Rules
from chieu.games.phom.state import PhomState

register(PhomGame, aliases=PhomGame.aliases)

__all__ = ["PRESETS", "PhomGame", "PhomState", "Rules"]
