"""The table protocol's figures, for every registered game (see ``bench/common.py``).

* ``views``: ``state.view(seat).to_json()`` for every seat and a spectator, on positions
  sampled from random games (a server builds one view per seat per action). Target: 20,000
  views/s for every game.
* ``views after every action``: what a server pushes: random games (each decision's default
  or a random action), and after every action the view of every seat, ``to_json()`` and
  encoded (orjson, as the server does, else ``json``): fresh positions, so the views of one
  position share what they can and nothing else is cached. Target: 20,000 views/s.
* ``self-play``: complete games between uniformly random agents through ``decisions()`` and
  ``apply`` (``chieu.core.driver.play``, which answers pass-only decisions on its fast path):
  decisions/s and games/s, default rules. The figures before the protocol (the seat-by-seat
  claim queue) are measured beside today's by ``bench/baseline.py`` (issue 11: within 10%).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from bench.common import Figure, best_rate
from chieu import load_game
from chieu.core.registry import game_names
from chieu.core.rng import Rng

POSITIONS = 64


def _positions(name: str) -> list[tuple[Any, int | None]]:
    game = load_game(name)
    out: list[tuple[Any, int | None]] = []
    seed = 0
    while len(out) < POSITIONS:
        state = game.new_state(seed=seed)
        rng = Rng(seed, "bench-views")
        step = 0
        while not state.is_terminal():
            if step % 5 == 2:
                for s in (None, *range(game.info.players)):
                    out.append((state.clone(), s))
            for d in state.decisions():
                state.apply(rng.choice(d.actions), d.seat)
            step += 1
        seed += 1
    return out[:POSITIONS]


def views(name: str, seconds: float) -> list[Figure]:
    positions = _positions(name)

    def batch() -> int:
        for state, seat in positions:
            state.view(seat).to_json()
        return len(positions)

    rate = best_rate(batch, seconds)
    return [Figure(f"{name}: view(seat).to_json()", rate, "views/s", 20_000)]


def _encoder() -> Callable[[Any], object]:
    try:
        import orjson
    except ImportError:  # pragma: no cover - orjson comes with the server extra
        import json

        return partial(json.dumps, ensure_ascii=False, separators=(",", ":"))
    dumps: Callable[[Any], object] = orjson.dumps
    return dumps


#: the seeds the pushes figure cycles through (the same work in every run)
PUSH_SEEDS = 20


def pushes(name: str, seconds: float) -> list[Figure]:
    """Views/s of the server's pattern: apply one action, then every seat's view, encoded
    (the games' own play is included, as on a server)."""
    game = load_game(name)
    dumps = _encoder()
    counts = {"seed": 0}

    def batch() -> int:
        seed = counts["seed"] % PUSH_SEEDS
        counts["seed"] += 1
        rng = Rng(seed, "bench-pushes")
        state = game.new_state(seed=seed)
        views = 0
        while not state.is_terminal():
            d = state.decisions()[0]
            state.apply(d.default if rng.random() < 0.5 else rng.choice(d.actions), d.seat)
            for s in range(state.num_players):
                dumps(state.view(s, "vi").to_json())
                views += 1
        return views

    rate = best_rate(batch, seconds)
    return [Figure(f"{name}: views after every action (server push)", rate, "views/s", 20_000)]


def self_play(name: str, seconds: float) -> list[Figure]:
    """Decisions count every answer, the pass-only ones the driver gives at once included
    (``state.changes``)."""
    from chieu.core.driver import play

    game = load_game(name)
    counts = {"seed": 0, "games": 0, "decisions": 0}

    def batch() -> int:
        seed = counts["seed"]
        counts["seed"] += 1
        state = game.new_state(seed=seed)
        rngs = [Rng(seed, "bench", s) for s in range(game.info.players)]

        def choose(st: Any, d: Any) -> Any:
            return rngs[d.seat].choice(d.actions)

        play(state, choose)
        counts["games"] += 1
        counts["decisions"] += state.changes
        return 1

    games = best_rate(batch, seconds)
    per_game = counts["decisions"] / max(counts["games"], 1)
    return [
        Figure(f"{name}: random self-play", games, "games/s"),
        Figure(f"{name}: random self-play", games * per_game, "decisions/s"),
    ]


GROUPS: list[Callable[[float], list[Figure]]] = [
    partial(f, name) for name in game_names() for f in (views, pushes, self_play)
]
