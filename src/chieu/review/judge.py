"""The judge: expected points of a seat's actions at one decision, from that seat's view.

For a decision (the seat's observation, its legal actions and the action it played), the
judge samples worlds from the observation alone (``chieu.bots.worlds``: the hidden cards dealt
at random among the cards the seat has not seen, never the true ones) and plays every
candidate out in the same worlds with the same playout randomness (common random numbers),
the game's heuristic bot in every seat. Candidates: the played action and the heuristic's
``width`` best (every legal action up to ``width`` when it does not rank them), minus those
that commit a fault (the played one always stays). Every candidate is played out in
``screen`` worlds; the played action and the ``keep`` best others go on to ``worlds``. The
best is the one with the highest mean among those; the loss is its mean minus the played
action's (0 when they are the same), with the standard error of that paired difference.

A game whose kit gives a prior (``ReviewSpec.prior``: a model of its positions, Mạt chược's
hand) has its playouts weighed against it (``posterior``): the loss is then the posterior
mean of the best alternative's difference with the played action, its error the posterior
standard deviation.

Everything is seeded (``Rng(seed, "review", step)``): the same view and seed give the same
values.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from chieu.bots.base import Bot, observed_seat
from chieu.bots.registry import bot_names, get_bot
from chieu.bots.worlds import Worlds, worlds_for
from chieu.core.actions import Action
from chieu.core.decisions import Decision
from chieu.core.driver import play
from chieu.core.errors import ChieuError
from chieu.core.protocol import State
from chieu.core.registry import find_game
from chieu.core.rng import Rng
from chieu.review.spec import Prior, ReviewSpec, spec_of

#: a decision's prior: the model's value of each candidate, and the prior that reads them
Weighed = tuple[dict[Action, float], Prior]

VERSION = 1  # raise when the judge's method changes: the server caches reviews by it


@dataclass(frozen=True)
class Value:
    """One action's expected points for the seat: the mean over ``worlds`` playouts and the
    standard error of that mean."""

    action: Action
    mean: float
    error: float
    worlds: int


@dataclass(frozen=True)
class Verdict:
    """One judged decision: every candidate's value (the played action first), the best, the
    loss (best mean − played mean, ≥ 0) and its standard error (paired)."""

    values: tuple[Value, ...]
    best: Action
    loss: float
    loss_error: float

    @property
    def played(self) -> Value:
        return self.values[0]

    def value(self, action: Action) -> Value:
        return next(v for v in self.values if v.action == action)


class Judge:
    """The search judge of one game (``spec``: its settings, by default the kit's ``review``
    part; ``worlds``: another budget for every surviving action; ``millis``: at most about
    this long a decision, past two worlds: then the values depend on the machine's speed)."""

    name = "search"

    def __init__(
        self,
        game: str,
        spec: ReviewSpec | None = None,
        worlds: int | None = None,
        millis: float | None = None,
    ) -> None:
        self.game = find_game(game).name
        if worlds_for(self.game) is None:
            raise ChieuError(f"the judge cannot sample the worlds of {game} yet")
        base = spec if spec is not None else spec_of(find_game(game))
        if worlds is not None:
            base = replace(base, worlds=worlds)
        self.spec = base
        self.millis = millis
        self._policy = "heuristic" if "heuristic" in bot_names(self.game) else "random"
        #: the advising bot's own revision (``revision``: a bot whose play changed says so,
        #: and the reviews kept under the old key are not served as this judge's)
        self._revision = int(getattr(get_bot(self._policy, self.game), "revision", 1))

    @property
    def version(self) -> str:
        """What the judge is, as a cache key: method, budget and version."""
        s = self.spec
        return (
            f"search-v{VERSION}:{self.game}:w{s.worlds}s{s.screen}x{s.width}k{s.keep}"
            + ("" if s.clip is None else f"c{s.clip:g}")
            + f":{self._policy}"
            + ("" if self._revision == 1 else f"r{self._revision}")
            + ("" if s.prior is None else f":{s.prior.name}")
            + ("" if self.millis is None else f":{self.millis:g}ms")
        )

    def start(self, rules: Mapping[str, object]) -> Seat:
        """The judge of one seat for a game played under ``rules`` (JSON)."""
        return Seat(self, rules)


class Seat:
    """A judge following one seat through a game: its worlds and heuristic remember the
    seat's own past (``chose``), as a player does."""

    def __init__(self, judge: Judge, rules: Mapping[str, object]) -> None:
        factory = worlds_for(judge.game)
        assert factory is not None  # Judge() checked
        self.judge = judge
        self.worlds: Worlds = factory()
        self.worlds.set_rules(rules)
        self.advisor: Bot = get_bot(judge._policy, judge.game)

    def chose(self, obs: Mapping[str, object], legal: Sequence[Action], action: Action) -> None:
        """The seat played ``action`` (every action of the seat, judged or not)."""
        self.worlds.chose(obs, legal, action)
        remember = getattr(self.advisor, "remember", None)
        if callable(remember):
            remember(obs, list(legal), action)

    def judge_decision(
        self, obs: Mapping[str, object], legal: Sequence[Action], played: Action, seed: int
    ) -> Verdict:
        """The values at this decision (ChieuError when its worlds cannot be built)."""
        spec = self.judge.spec
        me = observed_seat(obs)
        legal = list(legal)
        rng = Rng(seed, "review")
        first = self.worlds.sample(obs, legal, Rng(seed, "world", 0))
        others = [a for a in self._order(obs, legal, rng) if a != played]
        others = [a for a in others if not _faults(first, me, a)][: spec.width]
        candidates = [played, *others]
        prior = self._prior(obs, candidates)
        results: dict[Action, list[float]] = {a: [] for a in candidates}
        alive = list(candidates)
        millis = self.judge.millis
        deadline = None if millis is None else time.perf_counter() + millis / 1000.0
        for w in range(max(spec.worlds, spec.screen)):
            late = deadline is not None and w >= 2 and time.perf_counter() >= deadline
            if w == spec.screen or (late and w < spec.screen):
                ranked = sorted(alive[1:], key=lambda a: -_rank(results, a, played, prior))
                alive = [played, *ranked[: spec.keep]]
            if late or len(alive) < 2:
                break
            world = first if w == 0 else self.worlds.sample(obs, legal, Rng(seed, "world", w))
            for action in alive:
                state = world.clone()
                state.apply(action, me)
                payoffs = self._rollout(state, Rng(seed, "rollout", w), me, obs, legal, action)
                points = payoffs[me]
                if spec.clip is not None:
                    points = max(-spec.clip, min(spec.clip, points))
                results[action].append(points)
        if len(alive) < 2 or not results[played]:
            values = tuple(Value(a, _mean(r), _error(r), len(r)) for a, r in results.items())
            return Verdict(values, played, 0.0, 0.0)
        if prior is None:
            values = tuple(Value(a, _mean(r), _error(r), len(r)) for a, r in results.items())
            best = max(alive, key=lambda a: (_mean(results[a]), a == played))
            diffs = _paired(results[best], results[played])
            loss = max(0.0, _mean(diffs))
            return Verdict(values, best, loss, _error(diffs) if best != played else 0.0)
        shrunk = {a: _shrunk(results, a, played, *prior) for a in candidates[1:]}
        base = _mean(results[played])
        values = (
            Value(played, base, _error(results[played]), len(results[played])),
            *(Value(a, base + m, e, len(results[a])) for a, (m, e) in shrunk.items()),
        )
        best = max(alive[1:], key=lambda a: shrunk[a][0])
        if shrunk[best][0] <= 0.0:
            return Verdict(values, played, 0.0, 0.0)
        return Verdict(values, best, shrunk[best][0], shrunk[best][1])

    def _prior(self, obs: Mapping[str, object], candidates: list[Action]) -> Weighed | None:
        """The model's value of every candidate and the prior that goes with them: the kit's
        own where its model values every candidate, else its ``elsewhere`` prior with every
        value 0; None without either (the playouts alone)."""
        prior = self.judge.spec.prior
        if prior is None:
            return None
        found = prior.model(obs, candidates)
        if found is not None and all(a in found for a in candidates):
            return {a: found[a] for a in candidates}, prior
        at = prior.at(modelled=False)
        return None if at is None else ({a: 0.0 for a in candidates}, at)

    def _order(self, obs: Mapping[str, object], legal: list[Action], rng: Rng) -> list[Action]:
        """The legal actions, the heuristic's best first (its ranking when it has one)."""
        ranked = getattr(self.advisor, "ranked", None)
        if callable(ranked):
            order: list[Action] = list(ranked(obs, legal, rng))
        else:
            choose = getattr(self.advisor, "choose", None)
            if callable(choose):
                first: Action = choose(obs, legal, rng)
            else:  # a fresh bot: ``act`` may remember what it chose
                first = get_bot(self.judge._policy, self.judge.game).act(obs, legal, rng)
            order = [first]
        return order + [a for a in legal if a not in order]

    def _rollout(
        self,
        state: State,
        rng: Rng,
        me: int,
        obs: Mapping[str, object],
        legal: list[Action],
        action: Action,
    ) -> list[float]:
        """Play ``state`` out, the heuristic in every seat (the seat's own a fork of its
        advisor that remembers ``action``, when the heuristic can fork); the payoffs."""
        bots: dict[int, Bot] = {}
        fork = getattr(self.advisor, "fork", None)
        if callable(fork):
            mine: Bot = fork()
            remember = getattr(mine, "remember", None)
            if callable(remember):
                remember(obs, legal, action)
            bots[me] = mine
        name, game = self.judge._policy, self.judge.game

        def choose(st: State, d: Decision) -> Action:
            bot = bots.get(d.seat)
            if bot is None:
                bot = bots[d.seat] = get_bot(name, game)
            return bot.act(st.observation(d.seat), list(d.actions), rng)

        play(state, choose)
        outcome = state.outcome()
        if outcome is None:
            return [0.0] * state.num_players
        return [float(p) for p in outcome.payoffs]


def _rank(
    results: Mapping[Action, list[float]], action: Action, played: Action, prior: Weighed | None
) -> float:
    """What the screen ranks the alternatives by: their mean, or with a prior the posterior
    mean of their difference with the played action."""
    if prior is None:
        return _mean(results[action])
    return _shrunk(results, action, played, *prior)[0]


def _shrunk(
    results: Mapping[Action, list[float]],
    action: Action,
    played: Action,
    model: Mapping[Action, float],
    prior: Prior,
) -> tuple[float, float]:
    """``action`` − ``played``: the posterior mean and standard deviation of the difference,
    the model's (times the slope) moved by the paired playouts."""
    diffs = _paired(results[action], results[played])
    return posterior(diffs, model[action] - model[played], prior)


def posterior(diffs: Sequence[float], model_diff: float, prior: Prior) -> tuple[float, float]:
    """The posterior mean and standard deviation of a true difference of expected points
    whose prior is normal around ``prior.slope`` × ``model_diff`` with a standard deviation
    of ``prior.spread`` + ``prior.growth``·|``model_diff``| (with ``prior.share``: a mixture,
    that share of it wider, ``prior.tail`` + ``prior.growth``·|``model_diff``|), given the
    paired playout differences ``diffs`` (their variance counted at least ``prior.noise``²:
    twenty worlds that all agree are not proof)."""
    centre = prior.slope * model_diff
    grown = prior.growth * abs(model_diff)
    parts = [(1.0 - prior.share, prior.spread + grown)]
    if prior.share > 0:
        parts.append((prior.share, prior.tail + grown))
    if not diffs:
        return centre, math.sqrt(sum(p * tau**2 for p, tau in parts))
    n = len(diffs)
    m = _mean(diffs)
    var = sum((x - m) ** 2 for x in diffs) / (n - 1) if n > 1 else 0.0
    s2 = max(var, prior.noise**2) / n
    # each part's posterior (normal), weighed by how likely it makes the playouts' mean
    logs, moments = [], []
    for share, tau in parts:
        total = tau**2 + s2
        weight = tau**2 / total
        logs.append(math.log(share) - 0.5 * math.log(total) - (m - centre) ** 2 / (2 * total))
        moments.append((centre + weight * (m - centre), weight * s2))
    if len(parts) == 1:
        mean, v = moments[0]
        return mean, math.sqrt(v)
    top = max(logs)
    likes = [math.exp(x - top) for x in logs]
    norm = sum(likes)
    mean = sum(w * mu for w, (mu, _) in zip(likes, moments, strict=True)) / norm
    second = sum(w * (v + mu**2) for w, (mu, v) in zip(likes, moments, strict=True)) / norm
    return mean, math.sqrt(max(0.0, second - mean**2))


def _paired(xs: Sequence[float], ys: Sequence[float]) -> list[float]:
    """``xs`` − ``ys`` world by world (over the worlds both were played in)."""
    return [x - y for x, y in zip(xs, ys, strict=False)]


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def _error(xs: Sequence[float]) -> float:
    """The standard error of the mean of ``xs`` (0 under two values)."""
    n = len(xs)
    if n < 2:
        return 0.0
    m = _mean(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n)


def _faults(world: State, seat: int, action: Action) -> bool:
    """Whether ``action`` commits a fault in this world (faults depend on the seat's own cards
    and past, which every world shares, so one world decides)."""
    events = world.clone().apply(action, seat)
    return any(e.type == "fault" and e.actor == seat for e in events)
