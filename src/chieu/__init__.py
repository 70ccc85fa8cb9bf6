"""chieu — the mat on which Vietnamese card games are played.

Rules engines, hand analysis and a referee for Chắn, Tổ tôm, Phỏm and Mạt chược.
Points only: chieu has no wagering of any kind.
"""

__version__ = "0.1.0"
