"""What would make the Tổ tôm search stronger: its worlds, judged against the truth.

    python scripts/totom_world_oracle.py --seeds 100 200 --playouts 32 --out oracle.jsonl
    python scripts/totom_world_oracle.py --report oracle.jsonl

A duel needs thousands of deals to see a small difference; this measures *decisions*. In
heuristic self-play (five seats), at every decision with two or more candidates (the
heuristic's three best actions that commit no fault; a forced ù, dậy khàn or lay skipped),
every candidate is scored by ``--playouts`` paired playouts from the **true** state (only the
nọc and the removed part reshuffled: the oracle), the heuristic in every seat. Then each world
model's search (24 playouts, width 3, as the duel's) analyses the decision from the seat's
observation alone, and the choice of its decision rule at each threshold z is scored by the
oracle as a gain over the heuristic's choice. ``--report`` prints, per model and z, the mean
gain per decision with its standard error and how often the choice differed, over every
decision and by phase (the models every file holds).

The models (``--models``):

* ``uniform``: the search's worlds (``chieu.games.totom.worlds``): unseen cards dealt at random;
* ``kept``: each other hand dealt as the best of more cards: ``2.5 ×`` its door's cards more
  are dealt, then its loosest cards given up one at a time (``strategy.looseness``), the way a
  seat keeps what fits and lets the rest go;
* ``kept+door``: ``kept``, and no other hand holds two copies of a kind lying dead in a door
  (hands never gain a hidden card, and a seat with a pair phỗngs: in heuristic self-play
  0.6 % of such pairs are held against 3.3 % in the uniform worlds);
* ``played``: of 12 random deals, one kept by how likely each other seat's last four give-ups
  were with the hand it is dealt (its hand then: its hand now and every card gone since, the
  observation's public ``gone``; each give-up a softmax over its held kinds of −1.5 × the
  loose cards it leaves);
  ``played:C:B:L`` the same with C deals, β = B and the last L give-ups;
* ``passes``: each other hand dealt as the first of up to 20 draws (``passes:TRIES``) that
  belies none of its passes: no card it let by that it could have eaten, no pair of a kind
  that went by in a door (``totom_world_realism.py`` counts both in real and dealt hands);
* ``true``: the true hands (an upper bound: what knowing the hands is worth).

``TrueHandsSearch`` is the ``true`` model as a bot for ``scripts/search_duel.py`` (``--b
totom_world_oracle:TrueHandsSearch`` with ``PYTHONPATH=scripts``): it reads the table's true
state, so it is a measurement, never a player. ``ClaimsOnlySearch`` (``--b
totom_world_oracle:ClaimsOnlySearch``) searches the claims only.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from totom_world_realism import eatable

from chieu.bots.registry import get_bot
from chieu.bots.search import SearchBot, _without_faults, decide
from chieu.core.actions import Action
from chieu.core.decisions import Decision
from chieu.core.driver import play
from chieu.core.rng import Rng
from chieu.core.table import load_game
from chieu.games.totom import worlds as W
from chieu.games.totom.cards import CC, KINDS
from chieu.games.totom.state import TotomState
from chieu.games.totom.strategy import looseness

MODELS = ("uniform", "kept", "kept+door", "played", "passes", "true")
THRESHOLDS = (0.0, 1.0, 2.0)
KEPT = 2.5  # extra cards dealt per card of the seat's door
SEARCH = {"iterations": 24, "width": 3, "min_pairs": 6}
FORCED = ("win", "day_khan", "lay")


# -- the worlds -----------------------------------------------------------------------------


def reshuffled(true: TotomState, rng: Rng) -> TotomState:
    """The true state with the nọc and the removed part shuffled together (nobody sees them)."""
    st = true.clone()
    pool = [*st.stock, *st.set_aside]
    rng.shuffle(pool)
    st.stock, st.set_aside = pool[: len(st.stock)], pool[len(st.stock) :]
    st.events = []
    return st


class TrueWorlds:
    """Worlds that are the true state (``reshuffled``)."""

    def __init__(self, true: TotomState | None = None) -> None:
        self.true = true

    def set_rules(self, rules: object) -> None:
        return None

    def chose(self, obs: Mapping[str, object], legal: Sequence[Action], action: Action) -> None:
        return None

    def sample(self, obs: Mapping[str, object], legal: Sequence[Action], rng: Rng) -> TotomState:
        assert self.true is not None
        return reshuffled(self.true, rng)


def _loss(hand: list[int], k: int) -> int:
    hand[k] -= 1
    out = looseness(hand)
    hand[k] += 1
    return out


def kept_hand(pool: list[int], size: int, extra: int, rng: Rng) -> tuple[list[int], list[int]]:
    """A hand of ``size`` kept from ``size + extra`` cards of ``pool``: ``extra`` times the
    numbered card whose loss leaves the fewest loose cards given up (at random among equals);
    the hand and the rest of the pool."""
    extra = max(0, min(extra, len(pool) - size))
    hand = KINDS.counts(pool[: size + extra])
    rest = pool[size + extra :]
    for _ in range(extra):
        held = [k for k in range(CC) if hand[k]] or [k for k, n in enumerate(hand) if n]
        k = min(held, key=lambda c: (_loss(hand, c), rng.random()))
        hand[k] -= 1
        rest.append(k)
    return hand, rest


def kept_deal(doors: list[list[int]], door_caps: bool) -> Callable[..., None]:
    """A ``worlds.deal_hidden`` dealing every other hand by ``kept_hand`` (``door_caps``: then
    at most one copy of a kind lying in a door)."""

    def deal(
        st: TotomState,
        others: list[int],
        sizes: list[int],
        pool: list[int],
        stock: int,
        rng: Rng,
        gone: object,
    ) -> None:
        for s in rng.shuffled(others):
            st.seats[s].hand, pool = kept_hand(pool, sizes[s], round(KEPT * len(doors[s])), rng)
            rng.shuffle(pool)
        st.stock, st.set_aside = pool[:stock], pool[stock:]
        if door_caps:
            caps = [3] * len(KINDS.full_counts())
            for k in (k for door in doors for k in door):
                caps[k] = 1
            W._cap_hands(st, others, caps, rng)

    return deal


# the ``played`` worlds: a dealt hand weighed by how likely its seat's give-ups were with it


def give_up_odds(hand: list[int], card: int, beta: float) -> float:
    """The log-likelihood that a seat holding ``hand`` gives up ``card``, a player keeping
    what fits: a softmax over its held kinds of minus ``beta`` × the loose cards each give-up
    leaves (``looseness``)."""
    if not hand[card]:
        return -1e9
    losses = {k: _loss(hand, k) for k, n in enumerate(hand) if n}
    low = min(losses.values())
    total = sum(math.exp(-beta * (v - low)) for v in losses.values())
    return -beta * (losses[card] - low) - math.log(total)


def play_odds(hand: list[int], gone: Sequence[tuple[int, bool]], beta: float, last: int) -> float:
    """The log-likelihood of a seat's ``last`` give-ups if it holds ``hand`` now: its hand at
    each give-up was ``hand`` and every card gone since (``gone``, public)."""
    then = list(hand)
    odds = 0.0
    weighed = 0
    for card, given in reversed(gone):
        then[card] += 1
        if given:
            odds += give_up_odds(then, card, beta)
            weighed += 1
            if weighed == last:
                break
    return odds


def played_deal(candidates: int, beta: float, last: int) -> Callable[..., None]:
    """A ``worlds.deal_hidden`` keeping one of ``candidates`` random deals, with a chance
    proportional to how likely every other seat's ``last`` give-ups were with its hand."""
    standard = W.deal_hidden

    def deal(
        st: TotomState,
        others: list[int],
        sizes: list[int],
        pool: list[int],
        stock: int,
        rng: Rng,
        gone: Sequence[Sequence[tuple[int, bool]]],
    ) -> None:
        if not any(given for s in others for _, given in gone[s]):
            standard(st, others, sizes, pool, stock, rng, gone)
            return
        deals: list[tuple[float, list[int]]] = []
        for _ in range(candidates):
            cards = list(pool)
            rng.shuffle(cards)
            odds, i = 0.0, 0
            for s in others:
                if gone[s]:
                    odds += play_odds(KINDS.counts(cards[i : i + sizes[s]]), gone[s], beta, last)
                i += sizes[s]
            deals.append((odds, cards))
        top = max(odds for odds, _ in deals)
        weights = [math.exp(odds - top) for odds, _ in deals]
        pick = rng.random() * sum(weights)
        i = 0
        while pick > weights[i] and i + 1 < len(deals):
            pick -= weights[i]
            i += 1
        standard(st, others, sizes, deals[i][1], stock, rng, gone)

    return deal


# the ``passes`` worlds: no other hand holds what its passes rule out


def passes_deal(doors: list[list[int]], tries: int) -> Callable[..., None]:
    """A ``worlds.deal_hidden`` dealing each other hand (in a random order) as the first of
    up to ``tries`` draws from what is left that belies none of its passes (else the one that
    belies fewest): no card it let by (its left neighbour's door) that it could have eaten,
    no pair of a kind that went by in another door."""
    n = len(doors)

    def deal(
        st: TotomState,
        others: list[int],
        sizes: list[int],
        pool: list[int],
        stock: int,
        rng: Rng,
        gone: object,
    ) -> None:
        rest = list(pool)
        for s in rng.shuffled(others):
            let_by = set(doors[(s - 1) % n])
            went_by = {k for p in range(n) if p != s for k in doors[p]}
            best: tuple[int, list[int], list[int]] | None = None
            for _ in range(tries):
                rng.shuffle(rest)
                hand = KINDS.counts(rest[: sizes[s]])
                bad = sum(eatable(hand, k) for k in let_by) + sum(hand[k] >= 2 for k in went_by)
                if best is None or bad < best[0]:
                    best = (bad, hand, rest[sizes[s] :])
                if bad == 0:
                    break
            assert best is not None
            st.seats[s].hand, rest = best[1], best[2]
        rng.shuffle(rest)
        st.stock, st.set_aside = rest[:stock], rest[stock:]

    return deal


@contextmanager
def model_worlds(model: str, obs: Mapping[str, Any]) -> Iterator[None]:
    """``worlds.deal_hidden`` replaced for ``model`` while its search runs."""
    standard = W.deal_hidden
    if model in ("kept", "kept+door"):
        W.deal_hidden = kept_deal([list(d) for d in obs["doors"]], model == "kept+door")
    elif model == "passes" or model.startswith("passes:"):  # passes:TRIES
        tries = int(model.split(":")[1]) if ":" in model else 20
        W.deal_hidden = passes_deal([list(d) for d in obs["doors"]], tries)
    elif model == "played" or model.startswith("played:"):  # played:CANDIDATES:BETA:LAST
        c, b, n = model.split(":")[1:] if ":" in model else (12, 1.5, 4)
        W.deal_hidden = played_deal(int(c), float(b), int(n))
    try:
        yield
    finally:
        W.deal_hidden = standard


# -- the oracle -----------------------------------------------------------------------------


def playout(st: TotomState, seat: int, rng: Rng) -> float:
    bots: dict[int, Any] = {}

    def choose(s: TotomState, d: Decision) -> Action:
        bot = bots.get(d.seat) or bots.setdefault(d.seat, get_bot("heuristic", "totom"))
        return bot.act(s.observation(d.seat), list(d.actions), rng)

    play(st, choose)
    out = st.outcome()
    return 0.0 if out is None else float(out.payoffs[seat])


def judge(
    st: TotomState,
    d: Decision,
    key: tuple[int, int],
    playouts: int,
    models: Sequence[str],
) -> dict[str, Any] | None:
    """The row of one decision, or None when it is no choice."""
    seed, k = key
    obs = st.observation(d.seat)
    legal = list(d.actions)
    order = get_bot("heuristic", "totom").ranked(obs, legal, Rng(seed, "rank", k))
    clean = _without_faults(st.clone(), d.seat, legal)
    cands = [a for a in order if a in clean][:3]
    if len(cands) < 2 or order[0] not in cands or order[0].verb in FORCED:
        return None
    scores: dict[Action, list[float]] = {a: [] for a in cands}
    for r in range(playouts):
        base = reshuffled(st, Rng(seed, "oracle", k, r))
        for a in cands:
            world = base.clone()
            world.apply(a, d.seat)
            scores[a].append(playout(world, d.seat, Rng(seed, "playout", k, r)))
    row: dict[str, Any] = {
        "seed": seed,
        "k": k,
        "phase": st.phase,
        "cands": [str(a) for a in cands],
    }
    row["oracle"] = [statistics.fmean(scores[a]) for a in cands]
    row["choice"] = {}
    for model in models:
        bot = SearchBot("totom", **SEARCH)  # type: ignore[arg-type]
        bot.new_game("totom", {}, d.seat)
        if model == "true":
            bot.worlds = TrueWorlds(st)
        with model_worlds(model, obs):
            values = bot.analyse(obs, legal, Rng(seed, "search", k), order[0], order)
        picks = [decide(values, order[0], z, SEARCH["min_pairs"]) for z in THRESHOLDS]
        row["choice"][model] = [cands.index(p) if p in cands else 0 for p in picks]
    return row


def one_game(seed: int, playouts: int, models: Sequence[str], out: Path) -> None:
    """One heuristic game, every decision with a choice judged (one JSON line each)."""
    state = cast(TotomState, load_game("totom").new_state(seed=seed))
    bots = [get_bot("heuristic", "totom") for _ in range(state.num_players)]
    rng = Rng(seed, "game")
    asked = 0

    def choose(st: TotomState, d: Decision) -> Action:
        nonlocal asked
        if len(d.actions) > 1 and st.phase in ("decide", "discard", "claim"):
            asked += 1
            row = judge(st, d, (seed, asked), playouts, models)
            if row is not None:
                with out.open("a", encoding="utf-8") as f:
                    f.write(json.dumps(row, ensure_ascii=False) + "\n")
        return bots[d.seat].act(st.observation(d.seat), list(d.actions), rng)

    play(state, choose)


def report(files: Sequence[str]) -> None:
    rows = [json.loads(line) for f in files for line in Path(f).read_text().splitlines()]
    best = statistics.fmean(max(r["oracle"]) - r["oracle"][0] for r in rows)
    print(f"{len(rows)} decisions; the oracle's best over the heuristic's choice: {best:+.3f}")
    models = [m for m in rows[0]["choice"] if all(m in r["choice"] for r in rows)]
    phases = sorted({r["phase"] for r in rows})
    for model in models:
        for phase in ("", *phases):  # every decision, then by phase
            mine = [r for r in rows if r["phase"] == phase or not phase]
            cells = []
            for i, z in enumerate(THRESHOLDS):
                gain = [r["oracle"][r["choice"][model][i]] - r["oracle"][0] for r in mine]
                changed = sum(1 for r in mine if r["choice"][model][i])
                cells.append(f"z={z:g}: {_mean(gain)} ({changed} changed)")
            name = f"  {model:10}" if not phase else f"    {phase} ({len(mine)})"
            print(f"{name} " + " | ".join(cells))
    first = models[0]
    for model in models[1:]:  # paired: the same decisions, the same oracle
        cells = []
        for i, z in enumerate(THRESHOLDS):
            diff = [
                r["oracle"][r["choice"][model][i]] - r["oracle"][r["choice"][first][i]]
                for r in rows
            ]
            cells.append(f"z={z:g}: {_mean(diff)}")
        print(f"  {model} − {first}: " + " | ".join(cells))


def _mean(xs: list[float]) -> str:
    return f"{statistics.fmean(xs):+.3f} ± {statistics.stdev(xs) / math.sqrt(len(xs)):.3f}"


# -- the upper bound as a bot (a measurement: it reads the true state) ------------------------

_SEEN: dict[int, TotomState] = {}
_observation = TotomState.observation


def _observed(self: TotomState, seat: int | None = None) -> Any:
    if seat is not None:
        _SEEN[seat] = self
    return _observation(self, seat)


class TrueHandsSearch(SearchBot):
    """The search in the true state (nọc reshuffled), for ``search_duel.py``."""

    name = "search-true-hands"

    def __init__(self) -> None:
        super().__init__("totom", confidence=2.0, **SEARCH)  # type: ignore[arg-type]
        TotomState.observation = _observed  # type: ignore[method-assign]
        self.worlds = TrueWorlds()

    def act(self, observation: Any, legal_actions: list[Action], rng: Rng) -> Action:
        cast(TrueWorlds, self.worlds).true = _SEEN[int(observation["seat"])]
        return super().act(observation, legal_actions, rng)


class ClaimsOnlySearch(SearchBot):
    """The search (24 playouts, z = 1) in claim windows only, the heuristic elsewhere: where
    uniform worlds gain most (``--report`` by phase), for ``search_duel.py``."""

    name = "search-claims-only"

    def __init__(self) -> None:
        super().__init__("totom", iterations=24, confidence=1.0)

    def act(self, observation: Any, legal_actions: list[Action], rng: Rng) -> Action:
        if observation.get("phase") == "claim" and len(legal_actions) > 1:
            return super().act(observation, legal_actions, rng)
        choice = self._fallback.act(observation, legal_actions, rng)
        self.worlds.chose(observation, legal_actions, choice)
        return choice


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, nargs=2, default=(100, 120), metavar=("FIRST", "END"))
    ap.add_argument("--playouts", type=int, default=32)
    ap.add_argument("--models", default=",".join(MODELS))
    ap.add_argument("--out", type=Path, default=Path("totom-oracle.jsonl"))
    ap.add_argument("--report", nargs="+", metavar="FILE")
    args = ap.parse_args()
    if args.report:
        report(args.report)
        return
    for seed in range(*args.seeds):
        one_game(seed, args.playouts, args.models.split(","), args.out)
    report([str(args.out)])


if __name__ == "__main__":
    main()
