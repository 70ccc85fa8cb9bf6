"""Đôi (pairs): a toy game that lives outside chieu, the worked example of
``docs/adding-a-game.md``.

Two or three players, 20 cards (ranks 1–10 in red and black), five cards each. On a turn a
player draws from the stock, or takes the last discard when it pairs a card in hand (the pair
is laid at once), then may lay pairs and discards one card. A laid pair scores; the game ends
when the stock is empty after a discard, or when a hand is empty.

chieu finds it through the entry point of ``chieu_doi-0.1.dist-info`` beside this package
(group ``chieu.games``): put this folder on ``sys.path`` (or ``PYTHONPATH``) and ``chieu play
doi`` works, with no install and no line of chieu changed.
"""
