"""What the fuzz tests share: the Hypothesis profiles, the counts, a hang guard, real
observations and records to start from, and strategies that break JSON.

``make test`` runs the ``chieu-fuzz`` profile: derandomized and small enough that the whole
package takes well under 20 s. ``CHIEU_FUZZ=long`` selects ``chieu-fuzz-long``: random, and
``LONG_FACTOR`` times the examples (``make fuzz``).
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import random
import signal
from collections import Counter
from collections.abc import Iterator
from functools import cache
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from chieu.core.registry import find_game, game_names

LONG = os.environ.get("CHIEU_FUZZ", "") == "long"
LONG_FACTOR = 50

settings.register_profile(
    "chieu-fuzz",
    derandomize=True,
    deadline=None,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "chieu-fuzz-long",
    derandomize=False,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
PROFILE = settings.get_profile("chieu-fuzz-long" if LONG else "chieu-fuzz")


def fuzz(examples: int) -> settings:
    """The profile with ``examples`` examples (``LONG_FACTOR`` times more with CHIEU_FUZZ=long)."""
    return settings(PROFILE, max_examples=examples * (LONG_FACTOR if LONG else 1))


#: what the fuzz tests fed, shown at the end of the run (conftest.py)
COUNTS: Counter[str] = Counter()


class Hang(Exception):
    """An input took longer than the hang guard allows."""


@contextlib.contextmanager
def no_hang(seconds: float, what: str) -> Iterator[None]:
    """Raise Hang in the main thread if the block runs longer than ``seconds``."""

    def alarm(signum: int, frame: object) -> None:
        raise Hang(f"{what} took more than {seconds} s")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


# -- real material ----------------------------------------------------------------------------
@cache
def decisions(per_game: int = 12) -> tuple[tuple[str, int, dict[str, Any], list[Any]], ...]:
    """``(game, seat, observation, legal JSON)`` at decisions of random games of every game."""
    out = []
    for name in game_names():
        game = find_game(name)
        state = game.new_state(game.rules_from_json({}), 7)
        rng = random.Random(name)
        seen = steps = 0
        while not state.is_terminal() and seen < per_game and steps < 2000:
            seat = state.current_player()
            legal = state.legal_actions(seat)
            if rng.random() < 0.2 or (len(legal) > 1 and rng.random() < 0.3):
                out.append((name, seat, state.observation(seat), [a.to_json() for a in legal]))
                seen += 1
            state.apply(rng.choice(legal), seat)
            steps += 1
    return tuple(out)


@cache
def record_lines() -> tuple[tuple[str, ...], ...]:
    """The lines of a few whole records (two games, two player counts)."""
    from chieu.bots import get_bot, play_game
    from chieu.core.record import GameRecord

    out = []
    for name, players in (("chan", 2), ("phom", 2)):
        game = find_game(name)
        rules = game.rules_from_json({"players": players})
        state = play_game(game, rules, 3, [get_bot("random", name) for _ in range(players)])
        out.append(tuple(GameRecord.from_state(state).dumps().splitlines()))
    return tuple(out)


# -- strategies -------------------------------------------------------------------------------
NASTY_INTS = [-(10**30), -(2**63), -1, 0, 1, 3, 4, 9, 13, 51, 52, 57, 58, 99, 100, 175, 176]
NASTY_INTS += [10**6, 10**6 + 1, 2**31, 2**63, 10**19, 10**20, 10**30, 10**400]

nasty_scalar = st.one_of(
    st.sampled_from(NASTY_INTS),
    st.integers(-1000, 1000),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([1e999, -1e999, 1e308, 0.5, -0.0]),
    st.text(max_size=12),
    st.sampled_from(["", "\ud800", "x" * 20_000, "chan", "start", "act"]),
    st.none(),
    st.booleans(),
)
nasty_value = st.recursive(
    nasty_scalar,
    lambda inner: st.one_of(
        st.lists(inner, max_size=6), st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


def _paths(value: Any) -> list[tuple[Any, Any]]:
    """Every (container, key) in ``value``."""
    out: list[tuple[Any, Any]] = []
    stack = [value]
    while stack:
        v = stack.pop()
        items = v.items() if isinstance(v, dict) else enumerate(v) if isinstance(v, list) else ()
        for k, x in items:
            out.append((v, k))
            stack.append(x)
    return out


@st.composite
def mutated(draw: st.DrawFn, value: Any) -> Any:
    """``value`` (a JSON value) with one to three random changes: a leaf replaced by a nasty
    value, a key removed, a list padded or emptied, an entry wrapped in a list."""
    value = copy.deepcopy(value)
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(value)
        if not paths:
            break
        box, key = paths[draw(st.integers(0, len(paths) - 1))]
        op = draw(st.sampled_from(["replace", "replace", "replace", "delete", "pad", "wrap"]))
        if op == "replace":
            box[key] = draw(nasty_value)
        elif op == "delete":
            del box[key]
        elif op == "pad" and isinstance(box[key], list):
            box[key] = box[key] + [draw(nasty_scalar)] * draw(st.integers(1, 40))
        elif op == "wrap":
            box[key] = [box[key]] * draw(st.integers(0, 3))
    return value


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


@st.composite
def broken_text(draw: st.DrawFn, text: str | bytes) -> bytes:
    """``text`` as UTF-8 with its bytes broken: cut, a byte changed, bytes inserted."""
    data = bytearray(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
    op = draw(st.sampled_from(["cut", "flip", "insert", "same"]))
    if data and op == "cut":
        del data[draw(st.integers(0, len(data) - 1)) :]
    elif data and op == "flip":
        data[draw(st.integers(0, len(data) - 1))] = draw(st.integers(0, 255))
    elif op == "insert":
        at = draw(st.integers(0, len(data)))
        data[at:at] = draw(st.binary(min_size=1, max_size=8))
    return bytes(data).replace(b"\n", b" ")
