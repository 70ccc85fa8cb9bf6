"""Shared machinery of the conformance suite: the configurations to test and a playout loop.

A *configuration* is one registered game with one set of rules: the game's default rules, each
named preset and each extra variant below, at every player count its rules accept (found by
asking ``rules_from_json`` for 1..MAX_PLAYERS players). Nothing here names a game except the
optional ``EXTRA_VARIANTS`` table, which only adds coverage.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from hypothesis import HealthCheck, Phase, settings

from chieu.core.actions import Action
from chieu.core.errors import ChieuError
from chieu.core.events import Event
from chieu.core.registry import all_games

MAX_PLAYERS = 8

#: Rule deltas (JSON, applied to the default rules) that exercise paths the presets miss.
EXTRA_VARIANTS: dict[str, dict[str, dict[str, Any]]] = {
    "chan": {
        "declared": {"xuong": "declared"},
        "declared_strict": {"xuong": "declared", "fault_mode": "strict"},
        "house_strict": {
            "fault_mode": "strict",
            "count_dir": "clockwise",
            "last_nocc_dead": False,
            "bo_u_scope": "window",
            "chi_rong": "allow_if_unchanged",
            "min_u_score": 3,
        },
    },
    "totom": {
        "declared_strict": {"ho": "declared", "fault_mode": "strict"},
        "house": {
            "passed_nocc_live": False,
            "claim_turn_jump": True,
            "lung_reading": "rc",
            "unit": 2,
        },
    },
    "matchuoc": {
        "house": {
            "tile_set": "168",
            "seven_pairs": True,
            "seven_pairs_self_draw_only": False,
            "tong_as_flower": True,
            "khung_in_chow": False,
            "last_discard_claims": False,
            "multi_ron": "all",
            "flower_set": "seat_number",
            "payment_table": "round",
            "dealer_keeps_on_win": False,
        },
    },
    "phom": {
        "house": {
            "mom_may_send": True,
            "tie_break": "split",
            "pay_eat_mode": "escalating",
            "allow_u_khan": True,
            "u_khan_ca": "within_two",
            "den_three_eats": False,
        },
    },
}


class Chooser(Protocol):
    """What picks an action: ``random.Random`` (Hypothesis ``st.randoms``) or ``chieu`` Rng."""

    def choice(self, seq: Sequence[Any], /) -> Any: ...


@dataclass(frozen=True)
class Config:
    game: Any  # a registered game class (the Game protocol)
    variant: str
    rules: Any

    @property
    def players(self) -> int:
        return int(self.game.info(self.rules).num_players)

    @property
    def id(self) -> str:
        return f"{self.game.name}-{self.variant}-p{self.players}"

    @property
    def max_steps(self) -> int:
        return int(self.game.info(self.rules).max_game_length)

    def new_state(self, seed: int) -> Any:
        return self.game.new_state(self.rules, seed)


def _player_counts(game: Any, base: Mapping[str, Any]) -> list[int]:
    if "players" not in base:
        return []
    counts = []
    for n in range(1, MAX_PLAYERS + 1):
        try:
            game.rules_from_json({**base, "players": n})
        except ChieuError:
            continue
        counts.append(n)
    return counts


def _variants(game: Any) -> list[tuple[str, Any]]:
    default = game.new_state(None, 0).rules
    base = game.rules_to_json(default)
    found: list[tuple[str, Any]] = [("default", default)]
    for name, rules in getattr(game, "presets", {}).items():
        found.append((name, rules))
    for name, delta in EXTRA_VARIANTS.get(game.name, {}).items():
        found.append((name, game.rules_from_json({**base, **delta})))
    out: list[tuple[str, Any]] = []
    seen: list[str] = []
    for name, rules in found:
        key = json.dumps(game.rules_to_json(rules), sort_keys=True)
        if key not in seen:
            seen.append(key)
            out.append((name, rules))
    return out


def build_configs(games: Sequence[Any] | None = None) -> list[Config]:
    """The configurations of ``games`` (default: every registered game)."""
    configs: list[Config] = []
    for game in all_games() if games is None else games:
        for name, rules in _variants(game):
            data = game.rules_to_json(rules)
            counts = _player_counts(game, data)
            if not counts:
                configs.append(Config(game, name, rules))
                continue
            for n in counts:
                configs.append(Config(game, name, game.rules_from_json({**data, "players": n})))
    return configs


CONFIGS: list[Config] = build_configs()
GAMES: list[Any] = all_games()


def config_id(cfg: Config) -> str:
    return cfg.id


# -- Hypothesis settings --------------------------------------------------------------------

SCALE = float(os.environ.get("CHIEU_CONFORMANCE_SCALE", "1"))


SHRINK = os.environ.get("CHIEU_CONFORMANCE_SHRINK", "") not in ("", "0")


def examples(n: int) -> settings:
    """Settings for a property over whole games: ``n`` examples (times the scale), no deadline.

    Shrinking a whole game can take minutes per failing configuration, so it is off unless
    ``CHIEU_CONFORMANCE_SHRINK=1``; a failure prints its seed and a ``@reproduce_failure`` blob.
    """
    phases = [Phase.explicit, Phase.reuse, Phase.generate]
    return settings(
        max_examples=max(1, round(n * SCALE)),
        deadline=None,
        phases=[*phases, Phase.shrink] if SHRINK else phases,
        print_blob=True,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.large_base_example,
        ],
    )


# -- playing --------------------------------------------------------------------------------


@dataclass
class Step:
    """One decision: the state before it, the seat, the legal actions and the chosen one."""

    index: int
    seat: int
    legal: list[Action]
    action: Action


def playout(
    cfg: Config,
    state: Any,
    chooser: Chooser | Callable[[int], Chooser],
    check: Callable[[Any, Step], None] | None = None,
) -> Iterator[Step]:
    """Play ``state`` to the end with random legal actions, yielding before each ``apply``.

    ``chooser`` is one chooser for every seat or a function ``seat -> chooser`` (one stream per
    seat, like bots). Asserts the liveness contract at every step: a non-terminal state has a
    seat to act and legal actions; the game ends within ``info(rules).max_game_length`` steps;
    ``apply`` returns exactly the events it appended, the first one recording the action (what
    ``GameRecord.replay`` reads).
    """
    space = cfg.game.action_space
    limit = cfg.max_steps
    n = 0
    while not state.is_terminal():
        assert n < limit, f"{cfg.id}: no end after {limit} steps (max_game_length)"
        seat = state.current_player()
        assert seat is not None, f"{cfg.id}: step {n}: no current player before the end"
        assert 0 <= seat < state.num_players
        to_act = state.to_act()
        assert to_act and to_act[0] == seat, f"{cfg.id}: to_act {to_act} vs current {seat}"
        legal = state.legal_actions()
        assert legal, f"{cfg.id}: step {n}: no legal action before the end"
        pick = chooser(seat) if callable(chooser) else chooser
        action = pick.choice(legal)
        step = Step(n, seat, legal, action)
        if check is not None:
            check(state, step)
        yield step
        before = len(state.events)
        forced = len(legal) == 1 and getattr(state, "window", None) is not None
        returned = state.apply(action)
        assert returned == state.events[before:], "apply returns the events it appended"
        n += 1
        if forced:
            # a claim answer with no alternative is not recorded (the replay gives it again)
            assert all(e.type != "action" or e.actor != seat for e in returned)
            continue
        first = returned[0] if returned else None
        assert first is not None and first.type == "action", "the action is recorded first"
        assert first.actor == seat, f"action event actor {first.actor}, seat {seat}"
        assert space.from_json(dict(first.data["action"])) == action


def play_to_end(cfg: Config, state: Any, chooser: Chooser | Callable[[int], Chooser]) -> int:
    steps = 0
    for _ in playout(cfg, state, chooser):
        steps += 1
    return steps


def events_json(events: Sequence[Event]) -> list[str]:
    return [json.dumps(e.to_json(), sort_keys=True, ensure_ascii=False) for e in events]


def zone_total(zones: Mapping[str, Sequence[int]], size: int) -> list[int]:
    """The card counts of all zones added up (asserting each is a count vector of the deck)."""
    for name, counts in zones.items():
        assert len(counts) == size, f"zone {name} has {len(counts)} kinds, the deck {size}"
        assert min(counts) >= 0, f"zone {name} holds a negative count: {list(counts)}"
    return [sum(column) for column in zip(*zones.values(), strict=True)]
