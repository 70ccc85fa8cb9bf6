"""Tổ tôm's model of what a hand is worth (``chieu.games.totom.value``), the coach's prior."""

from __future__ import annotations

from chieu.games.totom import actions as A
from chieu.games.totom.cards import KINDS, parse_cards
from chieu.games.totom.value import action_values, band, hand_value
from tests.games.totom.hands import TT1
from tests.games.totom.test_bot_plays_to_win import eats
from tests.games.totom.test_bot_plays_to_win import observation as seat_zero


def observation(hand: str, phase: str, live: str | None = None) -> dict:
    return seat_zero(hand, phase, live) | {"nocc_left": 10}


def test_a_hand_is_worth_more_nearer_to_u_and_with_more_live_winning_cards() -> None:
    waits_on_4, waits_on_1, near, far = (-4, 0), (-1, 0), (0, 4), (0, 14)
    assert band(waits_on_4) == (0, 4) and band(near) == (1, 0) and band(far) == (6, 0)
    values = [hand_value(s, 10, 0) for s in (waits_on_4, waits_on_1, near, far)]
    assert values == sorted(values, reverse=True) and len(set(values)) == 4
    # a wait is worth more early, with the nọc still full, than with two cards left
    assert hand_value(waits_on_4, 18, 0) > hand_value(waits_on_4, 2, 0)


def test_a_discard_is_valued_by_the_hand_it_leaves() -> None:
    hand = TT1 + " 1W"  # TT1 waits on CC 5W 8W; 1W is in no phu and no cạ
    legal = [A.DISCARD[k] for k in sorted(set(parse_cards(hand)))]
    values = action_values(observation(hand, "discard"), legal)
    assert values is not None and set(values) == set(legal)
    keep_the_wait = A.DISCARD[KINDS.kind("1W")]
    assert max(values, key=values.__getitem__) is keep_the_wait
    breaks_it = A.DISCARD[KINDS.kind("OL")]  # the lone yêu: TT1 no longer waits
    assert values[keep_the_wait] - values[breaks_it] > 1.0


def test_an_eat_that_makes_the_hand_wait_beats_letting_the_card_go() -> None:
    hand = TT1.replace("8S", "1W")  # 6S 7S wait 8S; 1W is loose
    legal = [*eats(hand, "8S"), A.DRAW]
    values = action_values(observation(hand, "decide", "8S"), legal)
    assert values is not None
    best = max(values, key=values.__getitem__)
    assert best.verb == "eat" and values[best] > values[A.DRAW]


def test_the_model_leaves_u_to_the_playouts() -> None:
    assert action_values(observation(TT1, "claim", "CC"), [A.WIN, A.DECLINE]) is None
    spectator = observation(TT1, "discard") | {"seat": None}
    assert action_values(spectator, [A.DISCARD[KINDS.kind("OL")]]) is None
