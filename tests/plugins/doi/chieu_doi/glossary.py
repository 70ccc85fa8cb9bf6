"""The glossary of Đôi (``GameKit.glossary``): the words its table and its rules page show."""

from __future__ import annotations

from chieu.core.glossary import Entry, game_glossary
from chieu.core.glossary import entry as e

ENTRIES: tuple[Entry, ...] = (
    e(
        "đôi",
        "doi|pair",
        "Hai quân cùng số, một đỏ một đen.",
        "Two cards of the same rank, one red and one black.",
        "7r 7b",
    ),
    e(
        "nọc",
        "noc|stock",
        "Chồng bài úp giữa bàn; bốc từ đây.",
        "The face-down pile in the middle; draw from it.",
    ),
    e("bốc", "boc|draw", "Lấy quân trên cùng của nọc.", "Take the top card of the stock."),
    e(
        "lấy",
        "lay|take",
        "Lấy quân vừa đánh khi nó thành đôi với một quân trên tay.",
        "Take the last discard when it pairs a card in hand.",
        "3r 3b",
    ),
    e("hạ đôi", "ha doi|lay a pair", "Đặt một đôi xuống bàn.", "Put a pair down on the table."),
    e("đánh", "danh|discard", "Bỏ một quân ra giữa bàn.", "Throw one card away."),
)

GLOSSARY = game_glossary(ENTRIES)
