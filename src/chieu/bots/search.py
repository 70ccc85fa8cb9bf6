"""SearchBot: information-set Monte Carlo search for any game whose worlds can be sampled
from an observation (``chieu.bots.worlds``).

At each decision the bot samples *worlds*: full States consistent with everything its seat has
seen (and what it remembers of its own past), the hidden cards dealt at random. Root actions
that commit a fault are dropped (faults depend only on the seat's own cards and history, which
every world shares). Then, by ``method``:

* ``paired`` (the default): the ``width`` most promising root actions by the heuristic's own
  ranking (all of them without a ranking) are played out in the same worlds with
  the same playout randomness (common random numbers), the game's heuristic bot in every seat
  (the seat's own playout bot is a fork of its advising heuristic, with its memory). After
  three worlds, an action worse than the base action (the heuristic's choice) by more than two
  standard errors of the paired difference is no longer played out (successive rejection).
* ``tree``: single-observer ISMCTS (Cowling et al. 2012): one shared tree over every seat's
  actions, UCB1 with availability counts, one expansion and one heuristic playout per world.

The budget is a number of playouts (``iterations``), a number of milliseconds, or both
(whichever ends first). The heuristic's choice is kept unless another action, played out in
at least ``min_pairs`` worlds, is ahead of it by more than ``confidence`` standard errors (then
the best such action by mean points): with few playouts the estimates are noisy and the
heuristic is a good prior. The default ``confidence=1.0`` was chosen offline with
``chieu bot tune`` (``chieu.bots.tuning``): at every search decision of a few dozen games, the
choice under each threshold was scored by an independent evaluation with 120–200 worlds per
action; 0.5–1.5 gained several times as much as 2.0 in Chắn and somewhat more in Phỏm.

``policy`` names the advising bot (its ``ranked`` or its choice is the base action) and,
unless ``rollout_policy`` names another, the bot of every playout seat; a game whose advisor
is slower or plays unlike the other seats may roll out with a cheaper, truer model (Mạt
chược: the acceptance bot advises, the heuristic plays the playouts).

In process, ``advisor`` (a bot) and ``rollout`` (a factory of playout bots) stand for
``policy`` and ``rollout_policy``: a network being trained guides the search that teaches it
(``examples/expert_iteration.py``).

``clip`` (None: none) bounds each playout's points to ``[-clip, clip]``: where a rare hand
pays many times a common one (Mạt chược), a single playout would otherwise decide between
actions compared over a few worlds.

The bot receives only the observation, the legal actions and its Rng, like every bot; with an
iteration budget its choices are reproducible.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypedDict

from chieu.bots.base import Bot, Observation, observed_seat
from chieu.bots.worlds import Worlds, commits_fault, worlds_for
from chieu.core.actions import Action
from chieu.core.decisions import Decision
from chieu.core.driver import play
from chieu.core.errors import ChieuError
from chieu.core.rng import Rng

if TYPE_CHECKING:
    from chieu.core.protocol import State

DEFAULT_MILLIS = 150.0


class SearchOptions(TypedDict, total=False):
    """``SearchBot``'s options (its keyword arguments)."""

    iterations: int | None
    millis: float | None
    exploration: float
    policy: str
    confidence: float
    method: str
    width: int | None
    min_pairs: int
    rollout_policy: str | None
    clip: float | None


@dataclass
class _Node:
    seat: int = -1  # who chose the action leading here
    visits: int = 0
    avail: int = 0
    total: list[float] = field(default_factory=list)
    square: float = 0.0  # sum of squared payoffs of ``seat`` (for the root's confidence)
    children: dict[tuple[int, Action], _Node] = field(default_factory=dict)

    def mean(self, seat: int) -> float:
        return self.total[seat] / self.visits if self.visits else 0.0

    def error(self) -> float:
        """Standard error of the mean payoff of ``seat`` (large with under two visits)."""
        if self.visits < 2:
            return 1e9
        m = self.total[self.seat] / self.visits
        var = max(0.0, self.square / self.visits - m * m)
        return math.sqrt(var / (self.visits - 1))


@dataclass(frozen=True)
class ActionValue:
    """What the search thinks of one root action: mean points for the seat, visits and the
    standard error of the mean; ``gain``: in the paired search, the mean difference with the
    base action over the worlds both were played in (an unbiased estimate of what choosing it
    instead gains, where ``mean - base.mean`` compares different worlds after a rejection)."""

    action: Action
    mean: float
    visits: int
    error: float = 1e9
    gain: float = 0.0


class SearchBot:
    """See the module doc. ``iterations`` / ``millis``: the budget per decision."""

    name = "search"

    def __init__(
        self,
        game: str,
        *,
        iterations: int | None = None,
        millis: float | None = None,
        exploration: float = 0.7,
        policy: str = "heuristic",
        confidence: float = 1.0,
        method: str = "paired",
        width: int | None = 4,
        min_pairs: int = 6,
        rollout_policy: str | None = None,
        clip: float | None = None,
        advisor: Bot | None = None,
        rollout: Callable[[], Bot] | None = None,
    ) -> None:
        from chieu.bots.registry import bot_names, get_bot

        factory = worlds_for(game)
        if factory is None:
            raise ChieuError(f"the search bot cannot sample worlds of {game}")
        self.game = game
        self.worlds: Worlds = factory()
        self.iterations = iterations
        self.millis = DEFAULT_MILLIS if iterations is None and millis is None else millis
        self.exploration = exploration
        self.confidence = confidence
        if method not in ("paired", "tree"):
            raise ChieuError(f"unknown search method {method!r}: paired or tree")
        self.method = method
        self.width = width
        self.min_pairs = min_pairs
        self.clip = clip
        names = bot_names(game)
        name = policy if policy in names else "random"
        roll = rollout_policy or policy
        roll = roll if roll in names else "random"
        self._policy: Callable[[], Bot] = rollout or (lambda: get_bot(roll, game))
        self._fallback = advisor if advisor is not None else get_bot(name, game)
        self.last: list[ActionValue] = []
        self.guess: Action | None = None  # the advisor's choice at the last decision

    def new_game(self, game: str, rules: Mapping[str, object], seat: int) -> None:
        self.worlds.set_rules(rules)

    # -- acting -----------------------------------------------------------------------------
    def act(self, observation: Observation, legal_actions: list[Action], rng: Rng) -> Action:
        if not legal_actions:
            raise ChieuError("SearchBot was asked to act with no legal action")
        ranked = getattr(self._fallback, "ranked", None)
        choose = getattr(self._fallback, "choose", None)
        if callable(ranked):
            order: list[Action] = ranked(observation, legal_actions, rng)
        elif callable(choose):
            order = [choose(observation, legal_actions, rng)]
        else:
            order = [self._fallback.act(observation, legal_actions, rng)]
        guess = self.guess = order[0]
        order += [a for a in legal_actions if a not in order]
        if len(legal_actions) == 1:
            choice = legal_actions[0]
        else:
            try:
                values = self.analyse(observation, legal_actions, rng, guess, order)
            except ChieuError:
                values = []  # a phase the worlds cannot rebuild: the heuristic decides
            choice = decide(values, guess, self.confidence, self.min_pairs)
        self.worlds.chose(observation, legal_actions, choice)
        remember = getattr(self._fallback, "remember", None)
        if callable(remember):
            remember(observation, legal_actions, choice)
        return choice

    def analyse(
        self,
        observation: Observation,
        legal_actions: list[Action],
        rng: Rng,
        guess: Action | None = None,
        order: list[Action] | None = None,
    ) -> list[ActionValue]:
        """Run the search from this decision; the value of every root action searched
        (``guess``: the action the others are compared with, by default the first one;
        ``order``: the actions best first by the heuristic, of which the ``width`` first are
        searched; all of them without an order)."""
        if self.method == "paired":
            return self._paired(observation, legal_actions, rng, guess, order)
        return self._tree(observation, legal_actions, rng)

    def _budget(self) -> tuple[float | None, int | None]:
        start = time.perf_counter()
        limit = None if self.millis is None else start + self.millis / 1000.0
        return limit, self.iterations

    def _paired(
        self,
        observation: Observation,
        legal_actions: list[Action],
        rng: Rng,
        guess: Action | None,
        order: list[Action] | None = None,
    ) -> list[ActionValue]:
        """Every surviving root action is played out in the same sampled worlds with the same
        rollout randomness (common random numbers), so actions are compared on equal cards;
        an action clearly worse than the base (2 standard errors of the paired difference)
        stops being played out (successive rejection)."""
        me = observed_seat(observation)
        limit, iterations = self._budget()
        base_seed = rng.randrange(1 << 62)
        first = self.worlds.sample(observation, legal_actions, Rng(base_seed, "world", 0))
        candidates = _without_faults(first, me, legal_actions)
        if order is not None and self.width is not None:
            candidates = [a for a in order if a in candidates][: self.width] or candidates
        base = guess if guess in candidates else candidates[0]
        alive = [base, *[a for a in candidates if a != base]]
        values: dict[Action, dict[int, float]] = {a: {} for a in candidates}
        done = 0
        w = 0
        while len(alive) > 1:
            world = (
                first
                if w == 0
                else self.worlds.sample(observation, legal_actions, Rng(base_seed, "world", w))
            )
            out_of_time = False
            for action in alive:
                state = world.clone()
                state.apply(action, me)
                mine = self._advisor_after(observation, legal_actions, action)
                payoffs = self._rollout(state, Rng(base_seed, "rollout", w), {me: mine})
                values[action][w] = payoffs[me]
                done += 1
                if limit is not None and time.perf_counter() >= limit:
                    out_of_time = True  # the pairs made so far stay valid (the base is first)
                    break
            if out_of_time:
                break
            w += 1
            if w >= 3:
                alive = [alive[0]] + [a for a in alive[1:] if not _clearly_worse(values, a, base)]
            if iterations is not None and done >= iterations:
                break
            if limit is not None and time.perf_counter() >= limit:
                break
        out = []
        for action in candidates:
            v = values[action]
            n = len(v)
            mean = sum(v.values()) / n if n else 0.0
            if action == base:
                err, gain = 0.0, 0.0
            else:
                diffs = _diffs(values, action, base)
                err = _paired_error(values, action, base)
                gain = sum(diffs) / len(diffs) if diffs else 0.0
            out.append(ActionValue(action, mean, n, err, gain))
        self.last = out
        return out

    def _tree(
        self, observation: Observation, legal_actions: list[Action], rng: Rng
    ) -> list[ActionValue]:
        """Single-observer ISMCTS (the ``tree`` method)."""
        me = observed_seat(observation)
        root = _Node()
        start = time.perf_counter()
        limit = None if self.millis is None else start + self.millis / 1000.0
        done = 0
        candidates = list(legal_actions)
        while True:
            world = self.worlds.sample(observation, legal_actions, rng)
            if done == 0:
                candidates = _without_faults(world, me, legal_actions)
            self._iterate(root, world, rng, candidates)
            done += 1
            if self.iterations is not None and done >= self.iterations:
                break
            if limit is not None and time.perf_counter() >= limit:
                break
        out = []
        for action in candidates:
            child = root.children.get((me, action))
            if child is not None:
                out.append(ActionValue(action, child.mean(me), child.visits, child.error()))
            else:
                out.append(ActionValue(action, 0.0, 0))
        self.last = out
        return out

    def _iterate(self, root: _Node, state: State, rng: Rng, candidates: list[Action]) -> None:
        """One ISMCTS iteration: walk the tree by UCB1 to its first unexpanded action, expand
        it, then play the rest out (``_rollout``, through the driver). The walk keeps a loop
        of its own: it stops at the expansion, which ``chieu.core.driver.play`` (a whole
        game) does not, and at the root it chooses among the fault-free ``candidates``."""
        node = root
        path = [root]
        lo, hi = -1.0, 1.0
        while not state.is_terminal():
            if node is not root:
                state.pass_forced()  # answers with no alternative are no decision
                if state.is_terminal():
                    break
            seat = state.current_player()
            if seat is None:
                break
            legal = candidates if node is root else state.legal_actions(seat)
            fresh = [a for a in legal if (seat, a) not in node.children]
            for a in legal:
                child = node.children.get((seat, a))
                if child is not None:
                    child.avail += 1
            if fresh:
                action = rng.choice(fresh)
                child = node.children[(seat, action)] = _Node(seat, total=[0.0] * state.num_players)
                child.avail = 1
                state.apply(action, seat)
                path.append(child)
                break
            best: _Node | None = None
            best_action: Action | None = None
            best_score = -math.inf
            for a in legal:
                c = node.children[(seat, a)]
                lo, hi = min(lo, c.mean(seat)), max(hi, c.mean(seat))
                score = c.mean(seat) + self.exploration * (hi - lo) * math.sqrt(
                    math.log(max(c.avail, 1)) / c.visits
                )
                if score > best_score:
                    best, best_action, best_score = c, a, score
            assert best is not None and best_action is not None
            state.apply(best_action, seat)
            node = best
            path.append(node)
        payoffs = self._rollout(state, rng)
        for n in path:
            n.visits += 1
            if n.total:
                for s, p in enumerate(payoffs):
                    n.total[s] += p
                n.square += payoffs[n.seat] ** 2

    def _advisor_after(
        self, observation: Observation, legal: list[Action], action: Action
    ) -> Bot | None:
        """The seat's own playout bot: a fork of the advising heuristic (its memory of this
        game) that has played ``action``; None when the heuristic cannot fork."""
        fork = getattr(self._fallback, "fork", None)
        if not callable(fork):
            return None
        bot: Bot = fork()
        remember = getattr(bot, "remember", None)
        if callable(remember):
            remember(observation, legal, action)
        return bot

    def _rollout(
        self, state: State, rng: Rng, seated: Mapping[int, Bot | None] | None = None
    ) -> list[float]:
        """Play ``state`` to its end through the one driver loop (``chieu.core.driver.play``),
        the policy bot in every seat (``seated``: the bots of some seats); the payoffs.

        The driver costs what the loop it replaced did (``python -m bench --only search``:
        the same playouts per second within the noise, a few per cent; its ``decisions()``
        also finds each turn's default action, which a random playout notices most)."""
        bots: dict[int, Bot] = {s: b for s, b in (seated or {}).items() if b is not None}
        policy = self._policy

        def choose(st: State, d: Decision) -> Action:
            bot = bots.get(d.seat)
            if bot is None:
                bot = bots[d.seat] = policy()
            return bot.act(st.observation(d.seat), list(d.actions), rng)

        play(state, choose)
        outcome = state.outcome()
        if outcome is None:
            return [0.0] * state.num_players
        c = self.clip
        if c is not None:
            return [max(-c, min(c, float(p))) for p in outcome.payoffs]
        return [float(p) for p in outcome.payoffs]

    def __repr__(self) -> str:
        return f"SearchBot({self.game!r}, iterations={self.iterations}, millis={self.millis})"


def _diffs(values: dict[Action, dict[int, float]], a: Action, b: Action) -> list[float]:
    va, vb = values[a], values[b]
    return [va[w] - vb[w] for w in va if w in vb]


def _paired_error(values: dict[Action, dict[int, float]], a: Action, b: Action) -> float:
    d = _diffs(values, a, b)
    if len(d) < 2:
        return 1e9
    m = sum(d) / len(d)
    return math.sqrt(sum((x - m) ** 2 for x in d) / (len(d) - 1) / len(d))


def _clearly_worse(values: dict[Action, dict[int, float]], a: Action, base: Action) -> bool:
    d = _diffs(values, a, base)
    if len(d) < 3:
        return False
    m = sum(d) / len(d)
    return m + 2 * _paired_error(values, a, base) < 0


def decide(values: list[ActionValue], guess: Action, z: float, min_pairs: int = 2) -> Action:
    """The heuristic's choice unless another action is ahead of it by more than ``z``
    standard errors of the difference (then the best such action by mean): few rollouts are
    noisy, and the heuristic is a good prior."""
    if not values:
        return guess
    base = next((v for v in values if v.action == guess), None)
    if base is None:  # the guess commits a fault the search avoids
        return max(values, key=lambda v: (v.visits, v.mean)).action
    if base.visits < min_pairs:
        return guess
    better = [
        v
        for v in values
        if v.visits >= min_pairs and v.mean - base.mean > z * math.hypot(v.error, base.error)
    ]
    return max(better, key=lambda v: v.mean).action if better else guess


def _without_faults(world: State, seat: int, legal: list[Action]) -> list[Action]:
    """The actions that commit no fault (``commits_fault``) in this world; all of them when
    every action does. Faults depend on the seat's own cards and history, which
    every world shares, so one world decides."""
    safe = [a for a in legal if not commits_fault(world, seat, a)]
    return safe or list(legal)
