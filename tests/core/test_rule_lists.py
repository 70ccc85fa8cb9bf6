"""Every list option is checked to its exact length, and every number is bounded (issue 26):
``pay_rank`` with 2,000 entries or with 3 is refused with a clear error, through
``chieu.load_game`` as through the lobby (``tests/server/test_online_records.py``)."""

from __future__ import annotations

import pytest

import chieu
from chieu.core.errors import ChieuError


@pytest.mark.parametrize(
    ("game", "rules", "words"),
    [
        ("phom", {"pay_rank": list(range(2000))}, "2000 entries"),
        ("phom", {"pay_rank": [0, 1, 2]}, "exactly 4"),
        ("phom", {"pay_rank": [0, 1, 2, 3, 4]}, "exactly 4"),
        ("phom", {"pay_rank": "0,1,2"}, "exactly 4"),
        ("phom", {"pay_rank": "0 " * 2000}, "2000 entries: it must list exactly 4"),
        ("phom", {"pay_rank": [0, 1, 2, 10**9]}, "0..1000"),
        ("phom", {"pay_rank": [0, 1, 2, -1]}, "0..1000"),
        ("phom", {"pay_u": 10**9}, "0..1000"),
        ("phom", {"stake": 10**9}, "1..1000"),
        ("chan", {"extra_cuoc": ["dong_tu_hai_hoa"] * 2000}, "2000 entries"),
        ("chan", {"extra_cuoc": ["dong_tu_hai_hoa"] * 2}, "twice"),
        ("chan", {"stake": 10**9}, "1..1000"),
    ],
)
def test_a_list_or_number_out_of_bounds_is_refused(
    game: str, rules: dict[str, object], words: str
) -> None:
    with pytest.raises(ChieuError, match=words.replace(".", r"\.")):
        chieu.load_game(game, rules)


def test_lists_of_the_right_length_still_load() -> None:
    assert chieu.load_game("phom", {"pay_rank": [0, 2, 3, 5]}).rules.pay_rank == (0, 2, 3, 5)
    assert chieu.load_game("phom", {"pay_rank": "0, 2, 3, 5"}).rules.pay_rank == (0, 2, 3, 5)
    chan = chieu.load_game("chan", {"extra_cuoc": ["dong_tu_hai_hoa", "chua_do_nat_hoa"]})
    assert chan.rules.extra_cuoc == ("dong_tu_hai_hoa", "chua_do_nat_hoa")
