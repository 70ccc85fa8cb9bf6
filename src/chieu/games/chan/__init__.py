"""Chắn: the 100-card game of chắn and cạ (shared/rules/chan_totom.md Part A)."""

from chieu.core.registry import register
from chieu.games.chan.game import ChanGame
from chieu.games.chan.rules import PRESETS, Rules
from chieu.games.chan.state import ChanState

register(ChanGame, aliases=ChanGame.aliases)

__all__ = ["PRESETS", "ChanGame", "ChanState", "Rules"]
