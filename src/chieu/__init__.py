"""chieu — the mat on which Vietnamese card games are played.

Rules engines, hand analysis and a referee for Chắn, Tổ tôm, Phỏm and Mạt chược.
Points only: chieu has no wagering of any kind.
"""

__version__ = "0.1.0"

from chieu.core.table import Game, load_game

__all__ = ["Game", "__version__", "load_game"]
