"""``learned``: a small neural policy (numpy only) trained by ``examples/train.py``.

It plays from what a person at the table sees, like every bot: the observation dict
(``state.observation(seat)``) and, in Chắn, what the seat remembers of its own play, are turned
into a fixed vector (the game kit's ``learned_features``, in ``chieu.games.<game>.learned``); a
two-layer perceptron scores every action id of the game, and the best legal one is played. The
weights live in ``chieu/bots/weights/<game>.npz`` (float16); a game without weights has no
``learned`` bot.
The policy is trained for Phỏm and Chắn by imitating the heuristic bot, then DAgger (docs/rl.md,
"The learned agent"); a **gain head** beside it (``Mlp.gains``) learns from playouts in the true
world what leaving a base choice gains, the policy's own or its teacher's, the game's heuristic
(``scripts/true_gains.py``, docs/measurements/expert_iteration.md).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from importlib import resources
from io import BytesIO
from pathlib import Path
from typing import Any, BinaryIO, Protocol, SupportsInt, TypeAlias

import numpy as np
import numpy.typing as npt

from chieu.bots.base import Observation
from chieu.core.actions import Action
from chieu.core.errors import ChieuError
from chieu.core.kit import kit_part
from chieu.core.registry import find_game
from chieu.core.rng import Rng

F32 = npt.NDArray[np.float32]
#: a game's ``learned_features``: (observation, the seat's memory or None) -> the input vector
Features: TypeAlias = Callable[[Observation, object], F32]


class Keeper(Protocol):
    """A game's ``learned_keeper``: the seat's memory of its own play."""

    def recall(self, observation: Observation) -> object: ...
    def remember(
        self, observation: Observation, legal_actions: Sequence[Action], action: Action
    ) -> None: ...


def seat_order(seat: int, players: int) -> list[int]:
    """The seats from ``seat`` on (seat-relative order), for a game's ``learned_features``."""
    return [(seat + r) % players for r in range(players)]


def kind_counts(cards: Iterable[SupportsInt], size: int, scale: float = 1.0) -> F32:
    """``scale`` per copy of each kind in ``cards``, a vector of ``size`` (for the features)."""
    out = np.zeros(size, dtype=np.float32)
    for c in cards:
        out[int(c)] += scale
    return out


def features_of(game: str) -> Features | None:
    """The learned bot's features of ``game`` (its kit's ``learned_features``), or None."""
    features: Features | None = kit_part(find_game(game), "learned_features")
    return features


#: the arrays of a network's file: the policy, then the optional gain head
POLICY_KEYS = ("w1", "b1", "w2", "b2")
GAIN_KEYS = (
    *("g_w1", "g_b1", "g_w2", "g_b2"),  # the head's perceptron
    *("g_margin", "g_width", "g_verbs", "g_margins", "g_base", "g_departures"),  # its use
)
#: the gain head's bases (``g_base``): the policy's choice, or the game's heuristic's
BASES = ("policy", "teacher")


class Mlp:
    """``x -> relu(x W1 + b1) W2 + b2``: one score per action id (the policy).

    With a **gain head** (``g_*``: a second perceptron of the same shape), ``gains(x)`` scores
    every action id so that ``q[a] - q[b]`` predicts what playing ``a`` instead of ``b`` gains
    in points. The bot starts from a base choice, the policy's own or (``g_base = "teacher"``)
    the game's heuristic's, and leaves it for one of the ``g_width - 1`` actions the policy
    ranks first after it when the head puts that one ahead by more than the margin of the
    base's kind of move (``g_verbs`` and ``g_margins``; infinite: never), ``g_margin`` for
    another kind, and, where the game's keeper has ``safe`` (Chắn), its fault checks allow it
    (``scripts/true_gains.py``); at most ``g_departures`` times a game, where the file says."""

    def __init__(self, params: dict[str, F32]) -> None:
        self.w1, self.b1, self.w2, self.b2 = (params[k].astype(np.float32) for k in POLICY_KEYS)
        self.gain: tuple[F32, ...] | None = None
        self.margin, self.width = 0.0, 0
        self.margins: dict[str, float] = {}
        #: how many times a game the head may leave the base (None: no limit)
        self.departures = int(params["g_departures"]) if "g_departures" in params else None
        self.base = str(params.get("g_base", "policy"))
        if self.base not in BASES:
            raise ChieuError(f"a gain head's base is one of {', '.join(BASES)}, not {self.base!r}")
        if "g_w1" in params:
            self.gain = tuple(params[k].astype(np.float32) for k in GAIN_KEYS[:4])
            self.margin = float(params["g_margin"])
            self.width = int(params["g_width"])
            if "g_verbs" in params:
                kinds = [str(v) for v in params["g_verbs"].tolist()]
                self.margins = dict(zip(kinds, params["g_margins"].astype(float), strict=True))

    def policy(self) -> dict[str, F32]:
        """The policy's arrays by name (``POLICY_KEYS``), without the head."""
        return dict(zip(POLICY_KEYS, (self.w1, self.b1, self.w2, self.b2), strict=True))

    def scores(self, x: F32) -> F32:
        h = np.maximum(x @ self.w1 + self.b1, 0.0)
        out: F32 = h @ self.w2 + self.b2
        return out

    def gains(self, x: F32) -> F32 | None:
        """The gain head's score of every action id (None without one)."""
        if self.gain is None:
            return None
        w1, b1, w2, b2 = self.gain
        out: F32 = np.maximum(x @ w1 + b1, 0.0) @ w2 + b2
        return out


def weights_bytes(game: str) -> bytes | None:
    try:
        path = resources.files("chieu.bots").joinpath("weights", f"{game}.npz")
        return path.read_bytes()
    except (FileNotFoundError, ModuleNotFoundError, OSError):
        return None


def read_model(source: str | Path | BinaryIO) -> Mlp:
    """A network from its ``.npz`` (a path or an open file): the policy, and its head if any."""
    with np.load(source) as npz:
        return Mlp({k: npz[k] for k in (*POLICY_KEYS, *GAIN_KEYS) if k in npz})


@cache
def load_model(game: str) -> Mlp | None:
    """The shipped network of ``game`` (None: none ships)."""
    data = weights_bytes(game)
    return None if data is None else read_model(BytesIO(data))


def has_weights(game: str) -> bool:
    return features_of(game) is not None and weights_bytes(game) is not None


class LearnedBot:
    """The trained policy of one game (``model`` to use weights not yet saved)."""

    name = "learned"

    def __init__(self, game: str, model: Mlp | None = None) -> None:
        definition = find_game(game)
        self.game = str(definition.name)
        features: Features | None = kit_part(definition, "learned_features")
        if features is None:
            raise ChieuError(f"no learned bot for {definition.title}")
        found = model if model is not None else load_model(self.game)
        if found is None:
            raise ChieuError(f"no weights for the learned {definition.title} bot")
        self.model = found
        self.features = features
        self.space = definition.action_space
        #: who keeps the seat's memory of its own play, when the features need it
        keeper: Callable[[], Keeper] | None = kit_part(definition, "learned_keeper")
        self.keeper: Keeper | None = None if keeper is None else keeper()
        #: the heuristic whose choice the head departs from (``g_base = "teacher"``): the
        #: keeper itself when the keeper is that bot (Chắn), so that one memory serves both
        self.teacher: Any = None
        if self.model.gain is not None and self.model.base == "teacher":
            is_heuristic = getattr(self.keeper, "name", None) == "heuristic"
            self.teacher = self.keeper if is_heuristic else _heuristic(definition)
        #: the head's departures from the base in this game (``act``)
        self.departed = 0

    def new_game(self, game: str, rules: object, seat: int) -> None:
        self.departed = 0

    def act(self, observation: Observation, legal_actions: list[Action], rng: Rng) -> Action:
        order, departs = self._ranked(observation, legal_actions, rng)
        self.remember(observation, legal_actions, order[0])
        self.departed += departs
        return order[0]

    def ranked(
        self, observation: Observation, legal_actions: list[Action], rng: Rng
    ) -> list[Action]:
        """The legal actions, the network's best first (the search's prior: its ``width``
        first are searched, the first is the base action); the memory is not changed."""
        return self._ranked(observation, legal_actions, rng)[0]

    def _ranked(
        self, observation: Observation, legal_actions: list[Action], rng: Rng
    ) -> tuple[list[Action], bool]:
        """``ranked``, and whether its first is the head's departure from the base."""
        if len(legal_actions) < 2:
            return list(legal_actions), False
        keeper = self.keeper
        memory = None if keeper is None else keeper.recall(observation)
        x = self.features(observation, memory)
        ids = self.space.id_of
        scores = self.model.scores(x)
        order = sorted(legal_actions, key=lambda a: -float(scores[ids(a)]))
        q = self.model.gains(x)
        if q is None or self.model.width < 2:
            return order, False
        base = order[0] if self.teacher is None else self._taught(observation, legal_actions, rng)
        limit = self.model.departures
        spent = limit is not None and self.departed >= limit
        others = [] if spent else [a for a in order if a != base]
        guard = self.teacher if keeper is None else keeper
        safe = getattr(guard, "safe", None)  # the game's own fault checks, where it has any
        if callable(safe):
            others = safe(observation, others)
        others = others[: self.model.width - 1]
        departs = False
        if others:
            best = max(others, key=lambda a: float(q[ids(a)]))
            margin = self.model.margins.get(base.verb, self.model.margin)
            departs = float(q[ids(best)] - q[ids(base)]) > margin
            base = best if departs else base
        order.remove(base)
        return [base, *order], departs

    def _taught(self, observation: Observation, legal_actions: list[Action], rng: Rng) -> Action:
        """The teacher's choice; a teacher that remembers its play chooses without noting it
        (``choose``), one that does not (Phỏm's) just acts."""
        teacher = self.teacher
        choose = teacher.choose if hasattr(teacher, "choose") else teacher.act
        action: Action = choose(observation, legal_actions, rng)
        return action

    def choose(self, observation: Observation, legal_actions: list[Action], rng: Rng) -> Action:
        """The network's choice, the memory not changed."""
        return self.ranked(observation, legal_actions, rng)[0]

    def remember(
        self, observation: Observation, legal_actions: Sequence[Action], action: Action
    ) -> None:
        """Note the seat's own ``action`` in its memory (where the features read one)."""
        if self.keeper is not None:
            self.keeper.remember(observation, legal_actions, action)
        remember = getattr(self.teacher, "remember", None)
        if self.teacher is not self.keeper and callable(remember):
            remember(observation, legal_actions, action)

    def fork(self) -> LearnedBot:
        """The same network with a copy of this seat's memory (a search's playout seat)."""
        other = copy.copy(self)
        other.keeper = _copy(self.keeper)
        other.teacher = other.keeper if self.teacher is self.keeper else _copy(self.teacher)
        return other

    def __repr__(self) -> str:
        return f"LearnedBot({self.game})"


def _copy(bot: Any) -> Any:
    fork = getattr(bot, "fork", None)
    return fork() if callable(fork) else copy.deepcopy(bot)


def _heuristic(definition: Any) -> Any:
    bots = kit_part(definition, "bots") or {}
    if "heuristic" not in bots:
        raise ChieuError(f"{definition.title} has no heuristic bot for a gain head to start from")
    return bots["heuristic"]()


def factory(game: str) -> Callable[[], LearnedBot]:
    """``BOTS``-style factory: ``factory("phom")()`` is a new LearnedBot."""
    return lambda: LearnedBot(game)
