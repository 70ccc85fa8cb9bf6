"""``chieu.cli.common``: the seats of ``chieu play`` and saving records, for every game."""

from __future__ import annotations

from argparse import Namespace

import pytest

from chieu.cli.common import seat_bots
from chieu.core.errors import ChieuError
from chieu.core.registry import game_names


def _args(**kw: object) -> Namespace:
    base: dict[str, object] = {"auto": False, "seat": 0, "games": 1, "bots": None}
    base.update(kw)
    return Namespace(**base)


@pytest.mark.parametrize("game", game_names())
def test_one_bot_name_fills_every_other_seat(game: str) -> None:
    human, bots, names = seat_bots(_args(seat=1, bots="random"), 4, game)
    assert human == 1 and sorted(bots) == [0, 2, 3]
    assert names[1] == "Bạn" and names[0] == "Máy 0 (random)"


def test_the_bots_are_vua_unless_a_level_is_given() -> None:
    _, bots, names = seat_bots(_args(seat=0), 4, "chan")
    assert {b.name for b in bots.values()} == {"medium"} and names[1] == "Máy 1 (Vừa)"
    _, bots, names = seat_bots(_args(seat=0, level="cao thủ"), 4, "chan")
    assert {b.name for b in bots.values()} == {"master"} and names[3] == "Máy 3 (Cao thủ)"
    with pytest.raises(ChieuError, match="không có mức 'sieu'; các mức: Dễ"):
        seat_bots(_args(seat=0, level="sieu"), 4, "chan")


def test_one_name_per_seat_and_auto() -> None:
    args = _args(auto=True, bots="random,heuristic,random,random")
    human, bots, names = seat_bots(args, 4, "chan")
    assert human is None and [bots[s].name for s in range(4)][:2] == ["random", "heuristic"]
    assert "Bạn" not in names


@pytest.mark.parametrize(
    ("kw", "message"),
    [
        ({"seat": 4}, "--seat 4 không phải một ghế của ván 4 người (0..3)"),
        ({"games": 0}, "--games phải ít nhất là 1"),
        ({"bots": "random,random"}, "--bots có 2 máy nhưng 3 ghế cần máy"),
        ({"bots": "alphago"}, "known bots"),
    ],
)
def test_bad_seats(kw: dict[str, object], message: str) -> None:
    with pytest.raises(ChieuError, match=message.replace("(", r"\(").replace(")", r"\)")):
        seat_bots(_args(**kw), 4, "phom")
