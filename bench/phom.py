"""Phỏm benchmarks (see ``bench/common.py`` for how figures are measured).

Figures:

* ``best arrangement 10 cards``: ``analysis.best_melds`` (the fewest points and the phỏm that
  reach them, from per-suit run tables; sets tried only on ranks held three or four times) on
  random 10-card hands; target 300,000 hands/s. ``deadwood_points`` (the number only) is shown
  for information.
  ``arrangements + discard`` (the full search with every legal lay-down) is shown for
  information, and **RLCard 1.2.0**'s pure-Python gin-rummy melding
  (``melding.get_best_meld_clusters``) on the same hands, in the same run (the three take
  turns, see below).
* ``games``: complete 4-seat Phỏm games between uniformly random legal agents (per-seat
  ``Rng`` streams); a decision is one ``apply`` by any seat, legal-action generation included.
  Peers measured in the same run: **RLCard 1.2.0**'s ``gin-rummy`` env with ``RandomAgent``
  (``env.run``; a decision is one agent step; target: 5× its rate) and **OpenSpiel 2.0.2**'s
  ``gin_rummy`` driven from a Python loop with random legal actions (chance outcomes sampled
  too but not counted as decisions; target: 1× its rate). The three game loops take turns
  (warm-up, then three rounds of ``seconds`` each; best round each), so that a change in the
  machine's load hits them alike. A peer that is not installed is reported as unavailable (0,
  with a note).
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable
from typing import Any

from bench.common import Figure, GameLoop, best_rate, over
from chieu.games.phom import PhomGame, Rules
from chieu.games.phom import analysis as an

POOL = 4096


def random_hands(n: int, size: int = 10, seed: int = 2024) -> list[list[int]]:
    rnd = random.Random(seed)
    return [rnd.sample(range(52), size) for _ in range(n)]


def _masks(hands: list[list[int]]) -> list[int]:
    out = []
    for h in hands:
        m = 0
        for c in h:
            m |= 1 << c
        out.append(m)
    return out


def _rlcard_melding(hands: list[list[int]]) -> Callable[[], int] | None:
    try:
        from rlcard.games.gin_rummy.utils import melding, utils
    except ImportError:
        return None
    # chieu card id = suit*13 + rank (s c d h); RLCard's card id = suit*13 + rank (S H D C)
    suit_map = {0: 0, 1: 3, 2: 2, 3: 1}
    pool = [[utils.get_card(suit_map[c // 13] * 13 + c % 13) for c in h] for h in hands]
    return over(pool, melding.get_best_meld_clusters)


def bench_analysis(seconds: float) -> list[Figure]:
    hands = random_hands(POOL)
    masks = _masks(hands)
    table = an.RUN_TABLE
    runs = an.run_melds()

    def best(mask: int) -> tuple[int, tuple[int, ...]]:
        return an.best_melds(mask, table, runs)

    def points(mask: int) -> int:
        return an.deadwood_points(mask, table)

    peer = _rlcard_melding(hands)
    rates = _interleaved(
        {"best": over(masks, best), "points": over(masks, points), "rlcard": peer}, seconds
    )
    mine, only = rates["best"], rates["points"]
    full = best_rate(over(masks[:512], lambda m: an.best_arrangement(m, discard=True)), seconds)
    note = "analysis.best_melds (points and the phỏm) on random 10-card hands"
    if rates["rlcard"]:
        note += f"; {mine / rates['rlcard']:.1f}× RLCard's melding"
    return [
        Figure("best arrangement 10 cards", mine, "hands/s", 300_000, note),
        Figure(
            "fewest points only (info)",
            only,
            "hands/s",
            None,
            "analysis.deadwood_points (the number only, like OpenSpiel's min_deadwood)",
        ),
        Figure(
            "arrangements + discard (info)",
            full,
            "hands/s",
            None,
            "analysis.best_arrangement: every legal lay-down, the best discard",
        ),
        Figure(
            "RLCard gin-rummy melding (peer)",
            rates["rlcard"],
            "hands/s",
            None,
            "rlcard 1.2.0 melding.get_best_meld_clusters, same hands, taking turns"
            if peer
            else "rlcard missing",
        ),
    ]


class _Counting:
    """Wraps an RLCard agent and counts its decisions."""

    use_raw = False

    def __init__(self, agent: Any, counter: list[int]) -> None:
        self.agent, self.counter = agent, counter

    def step(self, state: Any) -> Any:
        self.counter[0] += 1
        return self.agent.step(state)

    def eval_step(self, state: Any) -> Any:
        self.counter[0] += 1
        return self.agent.eval_step(state)


class _PerGame:
    """Decisions per game of a peer, filled in as its batches run."""

    def __init__(self, note: str) -> None:
        self.decisions = 0
        self.games = 0
        self.note = note

    def __getitem__(self, i: int) -> Any:
        if i == 0:
            return self.decisions / self.games if self.games else 0.0
        return self.note


def _rlcard_games() -> tuple[Callable[[], int] | None, _PerGame]:
    info = _PerGame("rlcard 1.2.0 gin-rummy env.run, RandomAgent")
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError:
        info.note = "rlcard missing"
        return None, info
    env = rlcard.make("gin-rummy", config={"seed": 0})
    counter = [0]
    env.set_agents(
        [
            _Counting(RandomAgent(num_actions=env.num_actions), counter)
            for _ in range(env.num_players)
        ]
    )

    def batch() -> int:
        before = counter[0]
        env.run(is_training=False)
        n = counter[0] - before
        info.decisions += n
        info.games += 1
        return n

    return batch, info


def _openspiel_games() -> tuple[Callable[[], int] | None, _PerGame]:
    info = _PerGame("open_spiel 2.0.2 gin_rummy, Python loop")
    try:
        import pyspiel
    except ImportError:
        info.note = "open_spiel missing"
        return None, info
    game = pyspiel.load_game("gin_rummy")
    rnd = random.Random(0)

    def batch() -> int:
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rnd.randrange(len(outcomes))][0])
                continue
            legal = state.legal_actions()
            state.apply_action(legal[rnd.randrange(len(legal))])
            n += 1
        info.decisions += n
        info.games += 1
        return n

    return batch, info


def _interleaved(batches: dict[str, Callable[[], int] | None], seconds: float) -> dict[str, float]:
    """Best rate of each batch, the contenders taking turns (a warm-up, then 3 rounds), so that
    a change in the machine's load hits them alike."""
    best = dict.fromkeys(batches, 0.0)

    def run(batch: Callable[[], int], limit: float) -> float:
        done = 0
        start = time.perf_counter()
        while True:
            done += batch()
            elapsed = time.perf_counter() - start
            if elapsed >= limit:
                return done / elapsed

    for batch in batches.values():
        if batch is not None:
            run(batch, seconds / 4)
    for _ in range(3):
        gc.collect()
        for name, batch in batches.items():
            if batch is not None:
                best[name] = max(best[name], run(batch, seconds))
    return best


def bench_games(seconds: float) -> list[Figure]:
    loop = GameLoop(PhomGame, Rules())
    rl_batch, rl_info = _rlcard_games()
    os_batch, os_info = _openspiel_games()
    rates = _interleaved({"chieu": loop.batch, "rlcard": rl_batch, "openspiel": os_batch}, seconds)
    rate = rates["chieu"]
    per_game = loop.decisions / loop.games
    rl_rate, os_rate = rates["rlcard"], rates["openspiel"]
    rl_games = rl_rate / rl_info[0] if rl_info[0] else 0.0
    os_games = os_rate / os_info[0] if os_info[0] else 0.0
    rl_note = rl_info[1] + (f"; {rl_info[0]:.1f}/game" if rl_info[0] else "")
    os_note = os_info[1] + (f"; {os_info[0]:.1f}/game" if os_info[0] else "")
    figures = [
        Figure(
            "games 4p decisions vs RLCard ×5",
            rate,
            "decisions/s",
            5 * rl_rate if rl_rate else None,
            f"{per_game:.1f} decisions per game; RLCard gin-rummy {rl_rate:,.0f}/s",
        ),
        Figure(
            "games 4p decisions vs OpenSpiel ×1",
            rate,
            "decisions/s",
            os_rate if os_rate else None,
            f"OpenSpiel gin_rummy {os_rate:,.0f}/s",
        ),
        Figure("games 4p games (info)", rate / per_game, "games/s", None, f"{loop.games} games"),
        Figure("RLCard gin-rummy decisions (peer)", rl_rate, "decisions/s", None, rl_note),
        Figure("RLCard gin-rummy games (peer)", rl_games, "games/s", None, ""),
        Figure("OpenSpiel gin_rummy decisions (peer)", os_rate, "decisions/s", None, os_note),
        Figure("OpenSpiel gin_rummy games (peer)", os_games, "games/s", None, ""),
    ]
    return figures


GROUPS = [bench_analysis, bench_games]
