"""Scoring patterns of Mạt chược: the named hands (B.7.2) and the additive bonuses (B.7.3)."""

from chieu.games.matchuoc.patterns.bonus import BONUSES, Bonus, khung_value
from chieu.games.matchuoc.patterns.context import Reading, WinFacts
from chieu.games.matchuoc.patterns.named import MUN, NAMED, NamedHand

__all__ = ["BONUSES", "MUN", "NAMED", "Bonus", "NamedHand", "Reading", "WinFacts", "khung_value"]
