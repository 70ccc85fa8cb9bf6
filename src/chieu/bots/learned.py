"""``learned``: a small neural policy (numpy only) trained by ``examples/train.py``.

It plays from what a person at the table sees, like every bot: the observation dict
(``state.observation(seat)``) and, in Chắn, what the seat remembers of its own play, are turned
into a fixed vector (the game kit's ``learned_features``); a two-layer perceptron scores every
action id of the game, and the best legal one is played. The weights live in
``chieu/bots/weights/<game>.npz`` (float16); a game without weights has no ``learned`` bot.
Trained for Phỏm and Chắn by imitating the heuristic bot, then DAgger (docs/rl.md, "The learned
agent").
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from io import BytesIO
from typing import Any

import numpy as np
import numpy.typing as npt

from chieu.core.actions import Action
from chieu.core.errors import ChieuError
from chieu.core.kit import kit_part
from chieu.core.registry import find_game
from chieu.core.rng import Rng
from chieu.games.chan.actions import EATS_OF
from chieu.games.chan.bots import Memory, Position, estimate_distance, win_is_legal

F32 = npt.NDArray[np.float32]


def _rel(seat: int, players: int) -> list[int]:
    return [(seat + r) % players for r in range(players)]


def _kinds(cards: Any, size: int, scale: float = 1.0) -> F32:
    out = np.zeros(size, dtype=np.float32)
    for c in cards:
        out[int(c)] += scale
    return out


def phom_features(obs: dict[str, Any], memory: Any = None) -> F32:
    """Phỏm: the hand, every seat's row, phỏm and eaten cards (seat-relative), the live
    discard, the phase and stage, hand sizes, the stock, lay-down flags, payments so far."""
    n = int(obs["players"])
    order = _rel(int(obs["seat"]), 4 if n > 4 else n)
    parts = [_kinds(obs.get("hand") or [], 52)]
    for key in ("rows", "melds", "eaten"):
        block = np.zeros((4, 52), dtype=np.float32)
        for r, s in enumerate(order):
            items = obs[key][s]
            flat = [c for m in items for c in m] if key == "melds" else items
            block[r] = _kinds(flat, 52)
        parts.append(block.ravel())
    live = np.zeros(52 + 4, dtype=np.float32)
    if obs.get("live"):
        live[int(obs["live"]["card"])] = 1.0
        live[52 + order.index(int(obs["live"]["from"]))] = 1.0
    parts.append(live)
    small = [float(obs["phase"] == p) for p in ("khan", "draw", "act", "end")] + [
        float(obs.get("stage") == s) for s in ("start", "drawn", "ate", "laying")
    ]
    small += [obs["hand_sizes"][s] / 10.0 for s in order] + [0.0] * (4 - len(order))
    small += [float(obs["laid"][s]) for s in order] + [0.0] * (4 - len(order))
    small += [float(np.tanh(obs["payoffs"][s] / 10.0)) for s in order] + [0.0] * (4 - len(order))
    small += [obs["stock_left"] / 20.0, float(bool(obs.get("laydown_turn"))), float(n)]
    parts.append(np.asarray(small, dtype=np.float32))
    return np.concatenate(parts)


def chan_features(obs: dict[str, Any], memory: Any = None) -> F32:
    """Chắn: the hand (counts by kind), every seat's mat and door (seat-relative), the live
    card and its door, the phase, hand sizes, the draws left, báo flags; what the seat
    remembers of its own play in the deal (``memory``, a GreedyChanBot's ``Memory``): the kinds
    it threw, the chắn it declined, the ranks it declined a cạ on, the cạ partners it tore
    (Chắn's faults depend on them, and no observation shows them all); and the hand's analysis
    (``_chan_analysis``)."""
    n = int(obs["players"])
    order = _rel(int(obs["seat"]), n)
    parts = [_kinds(obs.get("hand") or [], 25, 0.25)]
    mats = np.zeros((4, 25), dtype=np.float32)
    doors = np.zeros((4, 25), dtype=np.float32)
    for r, s in enumerate(order):
        mats[r] = _kinds([c for g in obs["mats"][s] for c in g["cards"]], 25, 0.25)
        doors[r] = _kinds(obs["doors"][s], 25, 0.25)
    parts += [mats.ravel(), doors.ravel()]
    live = np.zeros(25 + 4 + 4, dtype=np.float32)
    got = obs.get("live")
    if got:
        live[int(got["card"])] = 1.0
        live[25 + order.index(int(got["door"]))] = 1.0
        origin = ("discard", "drawn", "passed", "returned")
        if got.get("origin") in origin:
            live[29 + origin.index(got["origin"])] = 1.0
    parts.append(live)
    phases = ("discard", "return", "claim", "decide", "announce", "end")
    small = [float(obs["phase"] == p) for p in phases]
    small += [obs["hand_sizes"][s] / 20.0 for s in order] + [0.0] * (4 - n)
    small += [float(obs["bao"][s]) for s in order] + [0.0] * (4 - n)
    small += [obs["draws_left"] / 23.0, float(bool(obs.get("opening")))]
    parts.append(np.asarray(small, dtype=np.float32))
    memory = memory if memory is not None else Memory()  # a seat that has not played yet
    declined_ranks = [base + i for base in memory.declined_ca_ranks for i in range(3)]
    recalled = np.zeros((4, 25), dtype=np.float32)
    for row, kinds in enumerate(
        (memory.discarded, memory.declined_chan, declined_ranks, memory.torn_ca)
    ):
        recalled[row, [k for k in kinds if k < 25]] = 1.0
    parts += [recalled.ravel(), _chan_analysis(obs, memory)]
    return np.concatenate(parts)


def _scaled(distance: int) -> float:
    return min(distance, 10) / 10.0


def _chan_analysis(obs: dict[str, Any], memory: Memory) -> F32:
    """What the hand's analysis and the fault rules say (through the heuristic's ``Position``:
    ``estimate_distance``, a closed form of ``chieu.games.chan.analysis``, and its checks of
    the A6 faults from the seat's memory). Per kind: the distance to a wait after throwing that
    card, whether throwing it risks a fault, the distance after eating the live card with it,
    whether that eat is free of faults, the unseen copies, què; then the distance now and
    whether an ù offered now is legal."""
    pos = Position(obs, memory)
    h, mat_chan = pos.h, pos.mat_chan
    out = np.zeros((6, 25), dtype=np.float32)
    live = obs.get("live")
    card = -1 if live is None else int(live["card"])
    eats = () if card < 0 else {k for k, _ in EATS_OF[card]}
    now = estimate_distance(h, mat_chan)
    for k in range(25):
        if h[k]:
            h[k] -= 1
            out[0, k] = _scaled(estimate_distance(h, mat_chan))
            out[1, k] = pos.risky_discard(k)
            if k in eats:
                chan = k == card
                out[2, k] = _scaled(estimate_distance(h, mat_chan + chan))
                may = pos.may_eat_chan(card) if chan else pos.may_eat_ca(card, k, now)
                out[3, k] = may and pos.safe_after_eat(h, card, chan)
            h[k] += 1
        out[4, k] = pos.unseen(k)[0] / 4.0
    out[5, list(pos.que)] = 1.0
    legal_win = float(win_is_legal(obs, h, mat_chan))
    tail = np.asarray([_scaled(now), legal_win], dtype=np.float32)
    return np.concatenate([out.ravel(), tail])


def features_of(game: str) -> Any:
    """The learned bot's features of ``game`` (its kit's ``learned_features``), or None."""
    return kit_part(find_game(game), "learned_features")


class Mlp:
    """``x -> relu(x W1 + b1) W2 + b2``: one score per action id."""

    def __init__(self, params: dict[str, F32]) -> None:
        self.w1 = params["w1"].astype(np.float32)
        self.b1 = params["b1"].astype(np.float32)
        self.w2 = params["w2"].astype(np.float32)
        self.b2 = params["b2"].astype(np.float32)

    def scores(self, x: F32) -> F32:
        h = np.maximum(x @ self.w1 + self.b1, 0.0)
        out: F32 = h @ self.w2 + self.b2
        return out


def weights_bytes(game: str) -> bytes | None:
    try:
        path = resources.files("chieu.bots").joinpath("weights", f"{game}.npz")
        return path.read_bytes()
    except (FileNotFoundError, ModuleNotFoundError, OSError):
        return None


@cache
def load_model(game: str) -> Mlp | None:
    data = weights_bytes(game)
    if data is None:
        return None
    with np.load(BytesIO(data)) as npz:
        return Mlp({k: npz[k] for k in ("w1", "b1", "w2", "b2")})


def has_weights(game: str) -> bool:
    return features_of(game) is not None and weights_bytes(game) is not None


class LearnedBot:
    """The trained policy of one game (``model`` to use weights not yet saved)."""

    name = "learned"

    def __init__(self, game: str, model: Mlp | None = None) -> None:
        definition = find_game(game)
        self.game = str(definition.name)
        features = kit_part(definition, "learned_features")
        if features is None:
            raise ChieuError(f"no learned bot for {definition.title}")
        found = model if model is not None else load_model(self.game)
        if found is None:
            raise ChieuError(f"no weights for the learned {definition.title} bot")
        self.model = found
        self.features = features
        self.space = definition.action_space
        #: who keeps the seat's memory of its own play, when the features need it
        keeper = kit_part(definition, "learned_keeper")
        self.keeper = None if keeper is None else keeper()

    def act(self, observation: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        keeper = self.keeper
        memory = None if keeper is None else keeper.recall(observation)
        choice = legal_actions[0]
        if len(legal_actions) > 1:
            scores = self.model.scores(self.features(observation, memory))
            choice = max(legal_actions, key=lambda a: float(scores[self.space.id_of(a)]))
        if keeper is not None:
            keeper.remember(observation, legal_actions, choice)
        return choice

    def __repr__(self) -> str:
        return f"LearnedBot({self.game})"


def factory(game: str) -> Any:
    """``BOTS``-style factory: ``factory("phom")()`` is a new LearnedBot."""
    return lambda: LearnedBot(game)
