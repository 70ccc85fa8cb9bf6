"""``MatChuocGame.state_from_observation``: sampled worlds the search bot can play in."""

from __future__ import annotations

import random

from chieu.core.rng import Rng
from chieu.games.matchuoc import MatChuocGame
from chieu.games.matchuoc.cards import KINDS


def test_worlds_keep_the_seat_view_and_its_legal_actions() -> None:
    n = 0
    for seed in range(6):
        st = MatChuocGame.new_state(None, seed)
        rnd = random.Random(seed)
        while not st.is_terminal():
            seat = st.current_player()
            assert seat is not None
            legal = st.legal_actions()
            obs = st.observation(seat)
            world = MatChuocGame.state_from_observation(obs, legal, Rng(seed, "w", n), st.rules)
            n += 1
            total = [sum(c) for c in zip(*world.zones().values(), strict=True)]
            assert total == KINDS.full_counts()
            assert world.current_player() == seat
            assert world.legal_actions() == legal
            assert world.observation(seat)["hand"] == obs["hand"]
            action = rnd.choice(legal)
            world.clone().apply(action, seat)
            st.apply(action)
    assert n > 100
