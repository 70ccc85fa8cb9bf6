"""``ChieuAEC``: a PettingZoo AEC environment for every chieu game.

Agents are seats (``"seat_0"``...). Outside a claim window the seat whose turn it is acts; in
a claim window every asked seat acts, one after the other in the window's fixed order (by
distance from the card's door, ``state.decisions()``), a pass-only seat included, so the order
of play tells nothing about who has a real claim. An answer is private: no other seat's
observation changes until the window resolves by the game's priority table, once every asked
seat has answered (``chieu.core.state.StateBase``).

Observations are ``{"observation": float32 vector, "action_mask": int8 vector}`` (the
encoder of ``chieu.rl.encoders``); rewards are the game's settlement points when the game ends
(``payments=True``: Phỏm's payments as they happen, the rest at the end).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import (
    Literal,
    NotRequired,
    Protocol,
    TypeAlias,
    TypedDict,
    Unpack,
    overload,
    runtime_checkable,
)

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from chieu.core.actions import Action
from chieu.core.decisions import Decision
from chieu.core.protocol import State
from chieu.core.state import StateBase
from chieu.core.table import Game, RulesLike, load_game
from chieu.rl.encoders import Encoder, encoder_for
from chieu.rl.render import render_text

SEED_BOUND = 2**63
I8 = npt.NDArray[np.int8]
#: what ``infos[agent]`` holds (the payoffs, at the end)
Info: TypeAlias = dict[str, object]


class AgentObservation(TypedDict):
    """What ``observe(agent)`` gives: the encoded vector and the legal actions (with
    ``faults=True``, the legal actions that commit a fault too)."""

    observation: npt.NDArray[np.float32]
    action_mask: I8
    fault_mask: NotRequired[I8]


class ResetOptions(TypedDict, total=False):
    """``reset(options=...)``: a state to start from, or what ``new_state`` takes."""

    state: State
    deal_seed: int
    deal: Sequence[int]
    setup: Mapping[str, object]


class EnvOptions(TypedDict, total=False):
    """The keyword options of ``ChieuAEC`` (``raw_env``, ``env``, the runners)."""

    players: int | None
    payments: bool
    max_steps: int | None
    lang: str
    faults: bool


class AecOptions(EnvOptions, total=False):
    """Every keyword option of ``ChieuAEC`` (``records.env_for``)."""

    seed: int | None
    render_mode: str | None


@runtime_checkable
class _Paying(Protocol):
    """A game whose payments happen during the deal (``GameKit.running_payments``)."""

    payoffs: Sequence[float]


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


class ChieuAEC(AECEnv):  # type: ignore[misc]
    """The AEC environment of one game bound to its rules (see the module's docstring).

    ``reset(seed=N)`` deals the game ``new_state(seed=N)``; ``reset()`` without a seed deals
    the next deal of the environment's own stream (seeded by ``seed=`` at construction).
    ``reset(options={"state": st})`` starts from a given state (a record's, a test's);
    ``options={"deal": [...], "setup": {...}, "deal_seed": N}`` are passed to ``new_state``.
    """

    metadata: dict[str, object] = {  # noqa: RUF012 (PettingZoo's convention)
        "render_modes": ["ansi"],
        "name": "chieu_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str | Game,
        rules: RulesLike = None,
        seed: int | None = None,
        render_mode: str | None = None,
        *,
        players: int | None = None,
        payments: bool = False,
        max_steps: int | None = None,
        lang: str = "vi",
        faults: bool = False,
    ) -> None:
        super().__init__()
        self.game = game if isinstance(game, Game) else load_game(game, rules, players)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.lang = lang
        info = self.game.info
        self.metadata = {**self.metadata, "name": f"chieu_{info.name}_v0"}
        self.num_seats = n = info.seats
        self.num_actions = info.num_actions
        self.space = self.game.action_space
        self.encoder: Encoder[StateBase] = encoder_for(self.game)
        self.payments = payments and self.game.kit.running_payments
        self.max_steps = max_steps if max_steps is not None else 4 * info.max_game_length
        self.possible_agents = [agent_name(s) for s in range(n)]
        self.seat_of = {a: s for s, a in enumerate(self.possible_agents)}
        self.faults = faults
        mask_space = gymnasium.spaces.Box(0, 1, (self.num_actions,), dtype=np.int8)
        spaces: dict[str, gymnasium.spaces.Space[object]] = {
            "observation": gymnasium.spaces.Box(-1.0, 1.0, (self.encoder.size,), dtype=np.float32),
            "action_mask": mask_space,
        }
        if faults:
            spaces["fault_mask"] = mask_space
        obs_space = gymnasium.spaces.Dict(spaces)
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {
            a: gymnasium.spaces.Discrete(self.num_actions) for a in self.possible_agents
        }
        self._seeds = np.random.default_rng(seed)
        self._seed_given = seed
        # action ids: the table's own instances by identity, any other by value
        self._ids: dict[int, int] = {id(a): i for i, a in enumerate(self.space)}
        self._ids_by_value: dict[Action, int] = {a: i for i, a in enumerate(self.space)}
        self._no_mask = bytes(self.num_actions)
        self._rewarded = False  # some reward of the last step is not 0
        self._pending: tuple[Decision, ...] = ()
        self._pending_at = -1
        self._pending_of: State | None = None
        self.state: State  # (set by ``reset``)
        self.deal_seed: int | None = None
        self.steps = 0

    # -- spaces ---------------------------------------------------------------------------
    def observation_space(self, agent: str) -> gymnasium.spaces.Space[object]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[object]:
        return self.action_spaces[agent]

    # -- the episode ----------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: ResetOptions | None = None) -> None:
        options = options or {}
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        state = options.get("state")
        if state is None:
            deal_seed = options.get("deal_seed")
            if deal_seed is None:
                deal_seed = int(self._seeds.integers(SEED_BOUND))
            self.deal_seed = int(deal_seed)
            state = self.game.new_state(
                seed=self.deal_seed, setup=options.get("setup"), deal=options.get("deal")
            )
        else:
            self.deal_seed = state.seed
        self.state = state
        self.steps = 0
        self._rewarded = False
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, Info] = {a: {} for a in self.agents}
        self._paid = [0.0] * self.num_seats
        #: the state, when its payments are rewarded as they happen (``payments``)
        self._paying = state if self.payments and isinstance(state, _Paying) else None
        self._skip_agent_selection = None
        self._select()
        if state.is_terminal():
            self._finish()

    def pending(self) -> tuple[Decision, ...]:
        """``state.decisions()``, computed once per change of the state."""
        state = self.state
        if self._pending_at != state.changes or self._pending_of is not state:
            self._pending = state.decisions()
            self._pending_at = state.changes
            self._pending_of = state
        return self._pending

    def _select(self) -> None:
        """The next seat to act: the first pending decision in the state's fixed order."""
        pending = self.pending()
        if pending:
            self.agent_selection = self.possible_agents[pending[0].seat]
        elif not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only for a finished agent")
        state = self.state
        self._cumulative_rewards[agent] = 0.0
        state.apply(self.space.action(int(action)), self.seat_of[agent])
        self.steps += 1
        if self._rewarded:  # the rewards are the last step's: clear them
            rewards = self.rewards
            for a in rewards:
                rewards[a] = 0.0
            self._rewarded = False
        if state.phase == "end":
            self._finish()
        else:
            if self._paying is not None:
                self._pay(self._paying.payoffs)
            if self.steps >= self.max_steps:
                for a in self.agents:
                    self.truncations[a] = True
            self._select()
        if self._rewarded:
            self._accumulate_rewards()
        if self.render_mode == "ansi":
            print(self.render())

    def _pay(self, payoffs: Sequence[float]) -> None:
        paid = self._paid
        for s in range(self.num_seats):
            delta = float(payoffs[s]) - paid[s]
            if delta:
                self.rewards[self.possible_agents[s]] = delta
                paid[s] = float(payoffs[s])
                self._rewarded = True

    def _finish(self) -> None:
        outcome = self.state.outcome()
        payoffs = outcome.payoffs if outcome is not None else [0.0] * self.num_seats
        self._pay(payoffs)
        for a in self.agents:
            self.terminations[a] = True
            self.infos[a] = {"payoffs": [float(p) for p in payoffs]}

    # -- what an agent sees ---------------------------------------------------------------
    def action_mask(self, agent: str) -> npt.NDArray[np.int8]:
        """The legal actions of ``agent`` now (zeros when it has no pending decision); a new
        array on every call."""
        seat = self.seat_of[agent]
        for d in self.pending():
            if d.seat == seat:
                mask = bytearray(self._no_mask)
                ids = self._ids
                for a in d.actions:
                    i = ids.get(id(a))
                    mask[self._ids_by_value[a] if i is None else i] = 1
                return np.frombuffer(mask, dtype=np.int8)
        return np.frombuffer(bytearray(self._no_mask), dtype=np.int8)

    def fault_mask(self, agent: str) -> npt.NDArray[np.int8]:
        """1 for each legal action of ``agent`` that commits a fault (``state.fault_of``: the
        referee's verdict, which the View shows its seat beside each choice; it depends on the
        seat's own cards and history only), else 0; a new array on every call."""
        state = self.state
        if not isinstance(state, StateBase):
            raise TypeError("fault masks need a game's State (chieu.core.state.StateBase)")
        seat, fault_of, action = self.seat_of[agent], state.fault_of, self.space.action
        mask = self.action_mask(agent)
        for i in np.flatnonzero(mask):
            if fault_of(seat, action(int(i))) is None:
                mask[i] = 0
        return mask

    def observe(self, agent: str) -> AgentObservation:
        obs: AgentObservation = {
            "observation": self.encoder.encode(
                self.state, self.seat_of[agent], pending=self.pending()
            ),
            "action_mask": self.action_mask(agent),
        }
        if self.faults:
            obs["fault_mask"] = self.fault_mask(agent)
        return obs

    @overload
    def last(
        self, observe: Literal[True] = True
    ) -> tuple[AgentObservation, float, bool, bool, Info]: ...
    @overload
    def last(self, observe: bool) -> tuple[AgentObservation | None, float, bool, bool, Info]: ...
    def last(self, observe: bool = True) -> tuple[AgentObservation | None, float, bool, bool, Info]:
        """PettingZoo's ``last``: the acting agent's observation, reward, flags and info."""
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def view(self, agent: str | int | None, lang: str | None = None) -> dict[str, object]:
        """The raw View of ``agent`` (a name, a seat, or None for a spectator) as JSON."""
        seat = self.seat_of[agent] if isinstance(agent, str) else agent
        data: dict[str, object] = self.state.view(seat, lang or self.lang).to_json()
        return data

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode ('ansi')")
            return None
        seat = self.seat_of.get(self.agent_selection)
        return render_text(self.state.view(seat, self.lang))

    def close(self) -> None:
        pass


def raw_env(
    game: str | Game,
    rules: RulesLike = None,
    seed: int | None = None,
    render_mode: str | None = None,
    **kwargs: Unpack[EnvOptions],
) -> ChieuAEC:
    """The AEC environment without PettingZoo's wrappers (the fastest)."""
    return ChieuAEC(game, rules, seed, render_mode, **kwargs)


def env(
    game: str | Game,
    rules: RulesLike = None,
    seed: int | None = None,
    render_mode: str | None = None,
    **kwargs: Unpack[EnvOptions],
) -> AECEnv:
    """The AEC environment of ``game`` inside PettingZoo's order-enforcing wrapper."""
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

    return wrappers.OrderEnforcingWrapper(raw_env(game, rules, seed, render_mode, **kwargs))
