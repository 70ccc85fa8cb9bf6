"""The deck and the card notation (B1, shared/rules 0.3)."""

from __future__ import annotations

import pytest

from chieu.core.errors import ChieuError, NotationError
from chieu.games.totom.cards import (
    CC,
    KINDS,
    OL,
    TT,
    kind_of,
    parse_cards,
    parse_counts,
    rank_of,
    suit_of,
)

from .hands import TT1, TT1_POEM


def test_deck_is_120_cards_of_30_kinds() -> None:
    assert KINDS.size == 30
    assert KINDS.deck_size == 120
    assert [KINDS.codes[k] for k in (CC, TT, OL)] == ["CC", "TT", "OL"]
    assert KINDS.names[OL] == "Ông lão"
    assert KINDS.names[kind_of(7, 2)] == "Thất văn"


def test_red_cards_are_the_yeu_and_eights_nines_of_van_sach() -> None:
    red = sorted(KINDS.codes[k] for k in KINDS.red)
    assert red == sorted(["CC", "TT", "OL", "8V", "8S", "9V", "9S"])
    assert not KINDS.is_red(kind_of(1, 0))  # the yêu đen (nhất) are white


def test_yeu_count_as_one() -> None:
    assert rank_of(CC) == rank_of(TT) == rank_of(OL) == 1
    assert suit_of(OL) == -1
    assert rank_of(kind_of(9, 1)) == 9


def test_codes_and_names_parse_alike() -> None:
    assert parse_cards("1v 9S cc tt ol") == [0, kind_of(9, 1), CC, TT, OL]
    assert parse_cards("nhất vạn chi chi thang thang ông lão ông cụ") == [0, CC, TT, OL, OL]
    assert parse_cards("2V2V | 3W") == [kind_of(2, 0)] * 2 + [kind_of(3, 2)]
    assert sorted(parse_cards(TT1_POEM)) == sorted(parse_cards(TT1))


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("ngũ van", "ambiguous"),
        ("van", "ambiguous"),
        ("10V", "unknown card '10V'"),
        ("bát", "lacks its suit"),
        ("ông", "lão"),
        ("tam xyz", "unknown suit"),
    ],
)
def test_bad_notation_names_the_problem(text: str, needle: str) -> None:
    with pytest.raises(NotationError, match=needle):
        parse_cards(text)


def test_a_fifth_copy_is_refused() -> None:
    with pytest.raises(ChieuError, match="5 copies of CC"):
        parse_counts("CC CC CC CC CC")
