"""Tiles and notation (B.1): ids, names, the three tile sets, parsing."""

from __future__ import annotations

import pytest

from chieu.core.errors import NotationError
from chieu.games.matchuoc.cards import (
    HP,
    HY,
    KHUNG_RANGE,
    KINDS,
    TG,
    flower_number,
    name,
    parse_tiles,
    tile_set_counts,
)
from chieu.games.matchuoc.rules import Rules


def test_kind_table_and_tile_sets() -> None:
    assert KINDS.size == 58
    assert sum(tile_set_counts("160")) == 160
    assert sum(tile_set_counts("168")) == 168
    assert sum(tile_set_counts("176")) == 176
    assert KINDS.deck_size == 176


@pytest.mark.parametrize(
    ("text", "codes"),
    [
        ("123m", ["1m", "2m", "3m"]),
        ("1m2m3m", ["1m", "2m", "3m"]),
        ("55z 7z", ["5z", "5z", "7z"]),
        ("1f 4q 2g 3k", ["1f", "4q", "2g", "3k"]),
        ("TG hp HY#2", ["TG", "HP", "HY"]),
        ("Tổng Hợp", ["TG", "HP"]),
    ],
)
def test_parse(text: str, codes: list[str]) -> None:
    assert [KINDS.codes[k] for k in parse_tiles(text)] == codes


@pytest.mark.parametrize("bad", ["8z", "5f", "12x", "m", "TG#x", "1m2"])
def test_bad_tokens_name_the_token(bad: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_tiles(f"123m {bad}")
    assert bad in str(err.value)


def test_vietnamese_names() -> None:
    assert name(parse_tiles("1m")[0]) == "Nhất Vạn"
    assert name(parse_tiles("5s")[0]) == "Ngũ Sách"
    assert name(parse_tiles("9p")[0]) == "Cửu Văn"
    assert name(parse_tiles("7z")[0]) == "Trung"
    assert name(parse_tiles("2g")[0]) == "Hạ"
    assert name(TG) == "Khung Tổng"


def test_khung_ranges_and_flower_numbers() -> None:
    assert len(KHUNG_RANGE[TG]) == 34
    assert KHUNG_RANGE[HP] == frozenset(range(27))
    assert KHUNG_RANGE[HY] == frozenset(range(27, 31))
    assert [flower_number(k) for k in parse_tiles("1f 2g 3k 4q")] == [1, 2, 3, 4]


def test_rules_reject_bad_values() -> None:
    with pytest.raises(ValueError, match="tile_set"):
        Rules(tile_set="150")
    with pytest.raises(ValueError, match="players"):
        Rules.from_json({"players": 3})
    with pytest.raises(ValueError, match="unknown"):
        Rules.from_json({"nope": 1})
    assert Rules.from_json(Rules(tile_set="176").to_json()) == Rules(tile_set="176")
