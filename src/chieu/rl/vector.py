"""Many environments in one process, and duplicate-deal evaluation.

``VectorRunner(game, num_envs)`` holds ``num_envs`` AEC environments and steps them together:
each call takes one action per environment (for the agent it asks now) and returns the next
observations in preallocated arrays; a finished game is dealt again at once, its points in
``rewards``. ``duplicate_deals`` plays the same deals with the seats rotated, so that every
policy holds every seat of every deal, and reports each policy's mean points with a 95 %
interval over the deals (``chieu.arena.stats.mean_ci``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Unpack

import numpy as np
import numpy.typing as npt

from chieu.arena.stats import mean_ci
from chieu.core.rng import derive_seed
from chieu.core.table import Game, RulesLike, load_game
from chieu.rl.aec import AgentObservation, ChieuAEC, EnvOptions

if TYPE_CHECKING:
    from chieu.bots.base import Bot

F32 = npt.NDArray[np.float32]
I8 = npt.NDArray[np.int8]
I64 = npt.NDArray[np.int64]


class VectorRunner:
    """``num_envs`` environments of one game, stepped together (auto-reset).

    ``reset()`` and ``step(actions)`` return ``(obs, masks, seats)``: ``obs[i]`` the encoded
    observation of the seat ``seats[i]`` environment ``i`` asks now, ``masks[i]`` its legal
    actions. After ``step``, ``rewards[i, s]`` holds the points seat ``s`` of environment ``i``
    got in that step (at the end of a game: its settlement points) and ``dones[i]`` says that
    environment's game ended (it has been dealt again; ``finished`` counts games).
    """

    def __init__(
        self,
        game: str | Game,
        num_envs: int,
        rules: RulesLike = None,
        seed: int | None = 0,
        **kwargs: Unpack[EnvOptions],
    ) -> None:
        self.game = game if isinstance(game, Game) else load_game(game, rules)
        base = 0 if seed is None else seed
        self.envs = [
            ChieuAEC(self.game, seed=derive_seed(base, "vector", i), **kwargs)
            for i in range(num_envs)
        ]
        first = self.envs[0]
        self.num_envs = num_envs
        self.num_seats = first.num_seats
        self.encoder = first.encoder
        self.obs: F32 = np.zeros((num_envs, first.encoder.size), dtype=np.float32)
        self.masks: I8 = np.zeros((num_envs, first.num_actions), dtype=np.int8)
        self.seats: I64 = np.zeros(num_envs, dtype=np.int64)
        self.rewards: F32 = np.zeros((num_envs, self.num_seats), dtype=np.float32)
        self.dones = np.zeros(num_envs, dtype=bool)
        self.finished = 0
        self.steps = 0

    def _fill(self, i: int) -> None:
        env = self.envs[i]
        seat = env.seat_of[env.agent_selection]
        self.seats[i] = seat
        env.encoder.encode(env.state, seat, self.obs[i], pending=env.pending())
        self.masks[i] = env.action_mask(env.agent_selection)

    def reset(self, seed: int | None = None) -> tuple[F32, I8, I64]:
        for i, env in enumerate(self.envs):
            env.reset(seed=None if seed is None else derive_seed(seed, "vector", i))
            self._fill(i)
        return self.obs, self.masks, self.seats

    def step(self, actions: Sequence[int] | npt.NDArray[np.integer]) -> tuple[F32, I8, I64]:
        self.rewards.fill(0.0)
        self.dones.fill(False)
        for i, env in enumerate(self.envs):
            env.step(int(actions[i]))
            self.steps += 1
            row = self.rewards[i]
            for s, agent in enumerate(env.possible_agents):
                row[s] = env.rewards.get(agent, 0.0)
            if env.state.is_terminal() or any(env.truncations.values()):
                self.dones[i] = True
                self.finished += 1
                env.reset()
            self._fill(i)
        return self.obs, self.masks, self.seats


def random_actions(masks: I8, rng: np.random.Generator) -> I64:
    """A uniformly random legal action for every row of ``masks``."""
    noise = rng.random(masks.shape) * masks
    return np.asarray(noise.argmax(axis=1), dtype=np.int64)


# -- duplicate deals -----------------------------------------------------------------------

#: a policy: (environment, agent, observation) -> an action id
Policy = Callable[[ChieuAEC, str, AgentObservation], int]


def random_policy(seed: int = 0) -> Policy:
    rng = np.random.default_rng(seed)

    def act(env: ChieuAEC, agent: str, obs: AgentObservation) -> int:
        legal = np.flatnonzero(obs["action_mask"])
        return int(legal[rng.integers(legal.size)])

    return act


def bot_policy(name: str | Callable[[], Bot], game: str | Game, seed: int = 0) -> Policy:
    """A chieu bot (``get_bot(name, game)``, or a factory of bots) as a policy: it sees
    ``state.observation(seat)`` and its legal actions only, as at a table. A new bot for
    every game (some remember the game they play)."""
    from chieu.bots.registry import get_bot
    from chieu.core.rng import Rng

    bound = game if isinstance(game, Game) else load_game(game)
    definition = bound.definition
    space = bound.action_space
    held: dict[str, tuple[Bot, Rng]] = {}
    game_of: list[object] = [None]

    def act(env: ChieuAEC, agent: str, obs: AgentObservation) -> int:
        state = env.state
        if game_of[0] is not state:  # a new game: new bots (some remember the game)
            game_of[0] = state
            held.clear()
        if agent not in held:
            bot = get_bot(name, definition) if isinstance(name, str) else name()
            held[agent] = (bot, Rng(seed, "rl-bot", state.seed, agent))
        bot, rng = held[agent]
        seat = env.seat_of[agent]
        legal = list(next(d.actions for d in state.decisions() if d.seat == seat))
        if len(legal) == 1:
            return space.id_of(legal[0])
        return space.id_of(bot.act(state.observation(seat), legal, rng))

    return act


@dataclass(frozen=True)
class DuplicateResult:
    """Each policy's mean points per game (every seat it held, every rotation of every deal),
    with the 95 % interval that treats each deal as one sample."""

    names: tuple[str, ...]
    deals: int
    games: int
    means: tuple[float, ...]
    ci_low: tuple[float, ...]
    ci_high: tuple[float, ...]
    per_deal: tuple[tuple[float, ...], ...]  # per policy, its mean over each deal

    def to_json(self) -> dict[str, object]:
        return {
            "deals": self.deals,
            "games": self.games,
            "policies": [
                {"name": n, "mean": m, "ci": [lo, hi]}
                for n, m, lo, hi in zip(
                    self.names, self.means, self.ci_low, self.ci_high, strict=True
                )
            ],
        }


def duplicate_deals(
    game: str | Game,
    policies: Sequence[Policy],
    deals: int,
    *,
    names: Sequence[str] | None = None,
    rules: RulesLike = None,
    seed: int = 0,
    lineup: Sequence[int] | None = None,
) -> DuplicateResult:
    """Play ``deals`` deals; each deal once per rotation of the seats. ``lineup[s]`` is the
    index in ``policies`` of the policy in seat ``s`` at rotation 0 (default: seat ``s`` plays
    policy ``s % len(policies)``); rotation ``r`` seats ``lineup[(s + r) % n]`` in seat ``s``."""
    bound = game if isinstance(game, Game) else load_game(game, rules)
    env = ChieuAEC(bound)
    n = env.num_seats
    seats = list(lineup) if lineup is not None else [s % len(policies) for s in range(n)]
    names = (
        tuple(names) if names is not None else tuple(f"policy_{i}" for i in range(len(policies)))
    )
    per_deal: list[list[float]] = [[] for _ in policies]
    games = 0
    for deal in range(deals):
        dseed = derive_seed(seed, "duplicate", deal)
        sums = [0.0] * len(policies)
        counts = [0] * len(policies)
        for rotation in range(n):
            who = [seats[(s + rotation) % n] for s in range(n)]
            env.reset(options={"deal_seed": dseed})
            while env.agents:
                agent = env.agent_selection
                obs, _, term, trunc, _ = env.last()
                if term or trunc:
                    env.step(None)
                    continue
                env.step(policies[who[env.seat_of[agent]]](env, agent, obs))
            outcome = env.state.outcome()
            payoffs = outcome.payoffs if outcome is not None else [0.0] * n
            for s in range(n):
                sums[who[s]] += float(payoffs[s])
                counts[who[s]] += 1
            games += 1
        for p in range(len(policies)):
            if counts[p]:
                per_deal[p].append(sums[p] / counts[p])
    stats = [mean_ci(samples) for samples in per_deal]
    return DuplicateResult(
        names=names,
        deals=deals,
        games=games,
        means=tuple(s[0] for s in stats),
        ci_low=tuple(s[1] for s in stats),
        ci_high=tuple(s[2] for s in stats),
        per_deal=tuple(tuple(d) for d in per_deal),
    )
