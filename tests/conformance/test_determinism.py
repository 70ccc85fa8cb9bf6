"""The same seed gives the same game, whatever the global random generators do.

The deal comes from the game's own ``Rng`` streams and the bots here choose from their own
``Rng`` streams (one per seat, derived from the game seed), so reseeding or drawing from
``random`` (and numpy, when installed) between steps must not change a single event.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chieu.core.rng import Rng

from ._support import CONFIGS, Config, config_id, events_json, examples, playout


def _optional(module: str) -> Any | None:
    try:
        return importlib.import_module(module)
    except ImportError:  # pragma: no cover - depends on the environment
        return None


numpy = _optional("numpy")  # optional: its global generator is disturbed too when it is there

SEEDS = st.integers(0, 2**32 - 1)
ROOT = Path(__file__).resolve().parents[2]


def _bots(seed: int, players: int) -> Callable[[int], Rng]:
    streams = [Rng(seed, "bot", seat) for seat in range(players)]
    return lambda seat: streams[seat]


def _disturb(k: int) -> None:
    random.seed(k)
    for _ in range(k % 5 + 1):
        random.random()
    random.shuffle([1, 2, 3])
    if numpy is not None:
        numpy.random.seed(k % 2**32)
        numpy.random.random(3)


def _play(cfg: Config, seed: int, disturb: int | None) -> list[str]:
    if disturb is not None:
        _disturb(disturb)
    state = cfg.new_state(seed)
    for n, _ in enumerate(playout(cfg, state, _bots(seed, state.num_players))):
        if disturb is not None:
            _disturb(disturb * 7919 + n)
    return events_json(state.events)


@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
@examples(4)
@given(seed=SEEDS, noise=st.integers(0, 2**31))
def test_same_seed_same_events_despite_global_rngs(cfg: Config, seed: int, noise: int) -> None:
    quiet = _play(cfg, seed, None)
    noisy = _play(cfg, seed, noise)
    assert noisy == quiet, "the global RNG changed the game"
    assert _play(cfg, seed, noise + 1) == quiet


@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_different_seeds_give_different_deals(cfg: Config) -> None:
    """The comparison above can fail: the seed does reach the deal."""
    first = [json.dumps(cfg.new_state(s).snapshot(), sort_keys=True) for s in range(4)]
    assert len(set(first)) == 4
    again = [json.dumps(cfg.new_state(s).snapshot(), sort_keys=True) for s in range(4)]
    assert again == first


@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_interleaved_games_do_not_share_state(cfg: Config) -> None:
    """Two games stepped in turn give the events each gives alone (no shared global state)."""
    alone = [_play(cfg, seed, None) for seed in (11, 12)]
    states = [cfg.new_state(seed) for seed in (11, 12)]
    loops = [
        playout(cfg, s, _bots(seed, s.num_players))
        for s, seed in zip(states, (11, 12), strict=True)
    ]
    live = [True, True]
    while any(live):
        for i, loop in enumerate(loops):
            if live[i] and next(loop, None) is None:
                live[i] = False
    assert [events_json(s.events) for s in states] == alone


_DIGEST_SCRIPT = """
import hashlib, json, sys
sys.path[:0] = [{src!r}, {tests!r}]
from conformance._support import CONFIGS, events_json, playout
from conformance.test_determinism import _bots
h = hashlib.sha256()
for cfg in CONFIGS:
    for seed in (1, 2):
        state = cfg.new_state(seed)
        for _ in playout(cfg, state, _bots(seed, state.num_players)):
            pass
        h.update("\\n".join(events_json(state.events)).encode())
print(h.hexdigest())
"""


def _digest_here() -> str:
    h = hashlib.sha256()
    for cfg in CONFIGS:
        for seed in (1, 2):
            h.update("\n".join(_play(cfg, seed, None)).encode())
    return h.hexdigest()


def test_same_events_in_fresh_processes_with_other_hash_seeds() -> None:
    """Set and dict orders of strings change with PYTHONHASHSEED: the events must not."""
    script = _DIGEST_SCRIPT.format(src=str(ROOT / "src"), tests=str(ROOT / "tests"))
    digests = set()
    for hash_seed in ("1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", script],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, done.stderr[-2000:]
        digests.add(done.stdout.strip())
    assert digests == {_digest_here()}


def _bot_cases() -> list[Any]:
    bots = _optional("chieu.bots")
    if bots is None:
        return []
    cases = []
    for cfg in CONFIGS:
        if cfg.variant not in ("default", "strict"):
            continue
        for name in bots.bot_names(cfg.game):
            if name in _BUDGETED and cfg.game.name != "chan":
                continue  # the search code is shared; its heuristic rollouts are slow elsewhere
            cases.append(pytest.param(cfg, name, id=f"{cfg.id}-{name}"))
    return cases


_BUDGETED = {"search"}
_PLAYOUTS = 2


class _Disturbing:
    """Wraps a bot: scrambles every global RNG before each of its decisions."""

    def __init__(self, bot: Any, noise: int) -> None:
        self.bot, self.noise, self.name = bot, noise, bot.name
        self.calls = 0

    def act(self, observation: dict[str, Any], legal: list[Any], rng: Rng) -> Any:
        self.calls += 1
        _disturb(self.noise * 31 + self.calls)
        return self.bot.act(observation, legal, rng)


@pytest.mark.parametrize(("cfg", "bot_name"), _bot_cases())
def test_bots_choose_from_their_rng_streams(cfg: Config, bot_name: str) -> None:
    """The registered bots draw only on the Rng stream they are given: the same seed gives the
    same game whatever the global RNGs do between decisions (and seeds do matter)."""
    bots = pytest.importorskip("chieu.bots")

    # a time budget is not reproducible by nature: budgeted bots get a playout count here
    spec = f"{bot_name}:{_PLAYOUTS}" if bot_name in _BUDGETED else bot_name

    def game(seed: int, noise: int | None) -> list[str]:
        players = [bots.get_bot(spec, cfg.game) for _ in range(cfg.players)]
        if noise is not None:
            players = [_Disturbing(b, noise + seat) for seat, b in enumerate(players)]
        return events_json(bots.play_game(cfg.game, cfg.rules, seed, players).events)

    for seed in (5, 6):
        quiet = game(seed, None)
        assert game(seed, 1) == quiet
        assert game(seed, 977) == quiet
    actions = [[e for e in game(seed, None) if '"type": "action"' in e] for seed in (5, 6)]
    assert actions[0] != actions[1]
