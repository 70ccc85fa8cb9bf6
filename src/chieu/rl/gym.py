"""``ChieuGym``: a Gymnasium single-agent environment: one learning seat, chieu bots in the
others (``chieu.bots.registry.get_bot``). The observation is the seat's encoded vector; the
legal actions are in ``info["action_mask"]``; the reward is the seat's settlement points at
the end (Phỏm with ``payments=True``: its payments as they happen).

An action outside the mask plays the decision's default (a timeout's answer) and adds
``illegal_penalty`` to the reward, or raises with ``illegal="raise"``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsFloat, TypedDict, Unpack, cast

import gymnasium
import numpy as np
import numpy.typing as npt

from chieu.bots.base import Bot, bot_rng, end_bots, start_bots
from chieu.bots.registry import get_bot
from chieu.core.protocol import finished
from chieu.core.rng import Rng
from chieu.core.table import Game, RulesLike, load_game
from chieu.rl.aec import SEED_BOUND, ChieuAEC, Info, ResetOptions
from chieu.rl.render import render_text

Obs = npt.NDArray[np.float32]


class GymSettings(TypedDict, total=False):
    """``ChieuGym``'s keyword options but the seat, opponents, rules and seed
    (``chieu.rl.gym_env``)."""

    render_mode: str | None
    payments: bool
    illegal: str
    illegal_penalty: float
    faults: bool


class GymOptions(GymSettings, total=False):
    """Every keyword option of ``ChieuGym`` (``make``)."""

    seat: int
    opponents: str | Bot | Sequence[str | Bot]
    rules: RulesLike
    seed: int | None


class ChieuGym(gymnasium.Env[Obs, np.int64]):
    metadata: dict[str, object] = {"render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(
        self,
        game: str | Game,
        *,
        seat: int = 0,
        opponents: str | Bot | Sequence[str | Bot] = "heuristic",
        rules: RulesLike = None,
        seed: int | None = None,
        render_mode: str | None = None,
        payments: bool = False,
        illegal: str = "default",
        illegal_penalty: float = 0.0,
        faults: bool = False,
    ) -> None:
        if illegal not in ("default", "raise"):
            raise ValueError("illegal must be 'default' or 'raise'")
        self.illegal = illegal
        self.illegal_penalty = illegal_penalty
        self.aec = ChieuAEC(game, rules, seed, payments=payments, faults=faults)
        self.game = self.aec.game
        n = self.aec.num_seats
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} is not a seat 0..{n - 1}")
        self.seat = seat
        self.agent = self.aec.possible_agents[seat]
        others = [s for s in range(n) if s != seat]
        given = [opponents] * len(others) if isinstance(opponents, str | Bot) else opponents
        if len(given) != len(others):
            raise ValueError(f"{len(given)} opponents for {len(others)} other seats")
        self._given = dict(zip(others, given, strict=True))
        self.bots: dict[int, Bot] = self._new_bots()
        self._open = False
        self.render_mode = render_mode
        self.observation_space = gymnasium.spaces.Box(
            -1.0, 1.0, (self.aec.encoder.size,), dtype=np.float32
        )
        self.action_space = gymnasium.spaces.Discrete(self.aec.num_actions)
        self._rngs: dict[int, Rng] = {}

    def _new_bots(self) -> dict[int, Bot]:
        """Bots named by a string are made again for every game (some keep a memory of the
        game they play); a Bot given as such is kept."""
        definition = self.game.definition
        return {
            s: get_bot(b, definition) if isinstance(b, str) else b for s, b in self._given.items()
        }

    def _advance(self) -> float:
        """Let the bots play until the learning seat must act or the game ends; the learning
        seat's reward on the way."""
        aec = self.aec
        reward = 0.0
        while aec.agents and aec.agent_selection != self.agent:
            agent = aec.agent_selection
            if aec.terminations[agent] or aec.truncations[agent]:
                break
            s = aec.seat_of[agent]
            state = aec.state
            legal = list(next(d.actions for d in state.decisions() if d.seat == s))
            if len(legal) == 1:
                action = legal[0]
            else:
                action = self.bots[s].act(state.observation(s), legal, self._rngs[s])
            aec.step(self.game.action_space.id_of(action))
            reward += aec.rewards.get(self.agent, 0.0)
        return reward

    def _out(self) -> tuple[Obs, Info]:
        aec = self.aec
        info: Info = {"action_mask": aec.action_mask(self.agent)}
        if aec.faults:
            info["fault_mask"] = aec.fault_mask(self.agent)
        if aec.state.is_terminal():
            info["payoffs"] = [float(p) for p in finished(aec.state).payoffs]
        return aec.encoder.encode(aec.state, self.seat, pending=aec.pending()), info

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, Info]:
        super().reset(seed=seed)
        # (Gymnasium's options are any dict: the environment's are ``ResetOptions``)
        opts = cast(ResetOptions, dict(options or {}))
        if "deal_seed" not in opts and "state" not in opts:
            opts["deal_seed"] = int(self.np_random.integers(SEED_BOUND))
        if self._open:
            end_bots(self.aec.state, list(self.bots.values()))
        self.bots = self._new_bots()
        self.aec.reset(options=opts)
        self._open = True
        deal = int(self.aec.deal_seed or 0)
        self._rngs = {s: bot_rng(deal, s) for s in self.bots}
        start_bots(self.game.definition, self.game.rules, list(self.bots.values()))
        self._advance()
        return self._out()

    def step(self, action: np.int64 | int) -> tuple[Obs, SupportsFloat, bool, bool, Info]:
        aec = self.aec
        penalty = 0.0
        action = int(action)
        mask = aec.action_mask(self.agent)
        if not (0 <= action < len(mask) and mask[action]):
            if self.illegal == "raise":
                raise ValueError(f"action {action} is not legal for {self.agent} now")
            decision = next(d for d in aec.state.decisions() if d.seat == self.seat)
            action = self.game.action_space.id_of(decision.default)
            penalty = self.illegal_penalty
        aec.step(action)
        reward = aec.rewards.get(self.agent, 0.0) + penalty
        reward += self._advance()
        terminated = aec.state.is_terminal()
        truncated = not terminated and bool(aec.truncations.get(self.agent, False))
        if terminated and self._open:
            end_bots(aec.state, list(self.bots.values()))
            self._open = False
        obs, info = self._out()
        return obs, float(reward), terminated, truncated, info

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return render_text(self.aec.state.view(self.seat, self.aec.lang))

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The legal actions now (the name sb3-contrib's MaskablePPO looks for)."""
        return self.aec.action_mask(self.agent)


def make(game: str, **kwargs: Unpack[GymOptions]) -> ChieuGym:
    return ChieuGym(load_game(game) if "rules" not in kwargs else game, **kwargs)
