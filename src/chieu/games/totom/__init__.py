"""Tổ tôm: the 120-card game of phu and lưng (shared/rules/chan_totom.md Part B)."""

from chieu.core.registry import register
from chieu.games.totom.game import TotomGame
from chieu.games.totom.rules import PRESETS, Rules
from chieu.games.totom.state import TotomState

register(TotomGame, aliases=TotomGame.aliases)

__all__ = ["PRESETS", "Rules", "TotomGame", "TotomState"]
