"""A duplicate duel of two bot specs, with SearchBot options the arena's names cannot carry.

    python scripts/search_duel.py matchuoc --a heuristic --b "search iterations=30 width=3" \\
        --deals 30 --seed 1

A spec is a bot name followed by ``key=value`` options; options make a ``SearchBot``, a
``module:Class`` name that class, any other name ``get_bot(name, game)``. The line-up is
A, B, A, B (as ``chieu arena GAME --bots A,B,A,B``): every deal is played in both seatings,
and the figures are the arena's own (``chieu.arena.stats.summarize``: mean points per game
with a 95 % interval over deals), with the CPU milliseconds per decision of each spec
(decisions with one legal action are not counted). ``--log FILE`` writes each game as a JSON
line as it ends.
"""

from __future__ import annotations

import argparse
import importlib
import json
import time
from typing import Any

from chieu.arena import core
from chieu.arena.stats import mean_ci, summarize
from chieu.bots.base import Bot
from chieu.bots.registry import get_bot
from chieu.bots.search import SearchBot
from chieu.core.actions import Action
from chieu.core.protocol import GameDefinition
from chieu.core.rng import Rng


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    name, *opts = spec.split()
    return name, {k: _value(v) for k, v in (o.split("=", 1) for o in opts)}


class Timed:
    """A bot whose decisions with a choice are timed (CPU seconds)."""

    def __init__(self, bot: Bot, clock: list[float]) -> None:
        self.bot = bot
        self.name = getattr(bot, "name", "bot")
        self.clock = clock

    def act(self, obs: Any, legal: list[Action], rng: Rng) -> Action:
        start = time.process_time()
        action = self.bot.act(obs, legal, rng)
        if len(legal) > 1:
            self.clock[0] += time.process_time() - start
            self.clock[1] += 1
        return action

    def new_game(self, game: str, rules: Any, seat: int) -> None:
        hook = getattr(self.bot, "new_game", None)
        if callable(hook):
            hook(game, rules, seat)


def report(game: str, logs: list[str]) -> None:
    """The figures of the games in ``logs`` (runs of the same duel cut by ``--first``): every
    deal once (a deal in two files is an error), with the difference B − A over deals."""
    games: dict[tuple[int, int], core.GameResult] = {}
    for path in logs:
        with open(path) as f:
            for line in f:
                g = json.loads(line)
                key = (g["deal"], g["rotation"])
                if key in games:
                    raise SystemExit(f"{path}: deal {key[0]} rotation {key[1]} seen twice")
                games[key] = core.GameResult(
                    g["deal"], g["rotation"], g["seed"], tuple(g["seats"]), tuple(g["payoffs"]),
                    g["winner"], tuple(map(tuple, g["faults"])), tuple(map(tuple, g["failures"])),
                )  # fmt: skip
    rotations = max(r for _, r in games) + 1
    complete = {d for d, _ in games if all((d, r) in games for r in range(rotations))}
    results = [g for (d, _), g in sorted(games.items()) if d in complete]  # a run cut mid-deal
    per_deal: dict[int, dict[str, list[float]]] = {}
    for r in results:
        for seat, name in enumerate(r.seats):
            per_deal.setdefault(r.deal, {}).setdefault(name, []).append(r.payoffs[seat])
    diffs = [sum(d["B"]) / len(d["B"]) - sum(d["A"]) / len(d["A"]) for d in per_deal.values()]
    out: dict[str, Any] = {"game": game, "deals": len(per_deal), "games": len(results)}
    for stats in summarize(results, ["A", "B"]):
        out[stats.name] = {
            "mean": round(stats.mean, 4),
            "ci95": [round(stats.ci_low, 4), round(stats.ci_high, 4)],
            "faults": stats.faults,
        }
    m, lo, hi = mean_ci(diffs)
    out["B_minus_A"] = {"mean": round(m, 4), "ci95": [round(lo, 4), round(hi, 4)]}
    print(json.dumps(out, indent=1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("--a", default="heuristic")
    ap.add_argument("--b")
    ap.add_argument("--deals", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--first", type=int, default=0, help="the first deal's index")
    ap.add_argument("--log")
    ap.add_argument("--report", nargs="+", metavar="LOG", help="summarize --log files instead")
    args = ap.parse_args()
    if args.report:
        report(args.game, args.report)
        return
    if not args.b:
        ap.error("--b is required (or --report LOG...)")
    specs = {"A": args.a, "B": args.b}
    clocks = {k: [0.0, 0] for k in specs}

    def make(config: core.MatchConfig, label: str, game: GameDefinition) -> Bot:
        name, opts = parse_spec(specs[label])
        if opts:
            bot: Bot = SearchBot(game.name, **opts)
        elif ":" in name:  # module:Class
            module, cls = name.split(":")
            bot = getattr(importlib.import_module(module), cls)()
        else:
            bot = get_bot(name, game)
        return Timed(bot, clocks[label])

    core._bot = make  # type: ignore[assignment]
    config = core.MatchConfig(args.game, ("A", "B", "A", "B"), args.first + args.deals, args.seed)
    results = []
    log = open(args.log, "a") if args.log else None  # noqa: SIM115
    for deal in range(args.first, args.first + args.deals):
        games = core.play_deal(config, deal)
        results.extend(games)
        if log is not None:
            for g in games:
                log.write(json.dumps(g.to_json()) + "\n")
            log.flush()
    out = {}
    for stats in summarize(results, ["A", "B"]):
        secs, n = clocks[stats.name]
        out[stats.name] = {
            "spec": specs[stats.name],
            "mean": round(stats.mean, 4),
            "ci95": [round(stats.ci_low, 4), round(stats.ci_high, 4)],
            "seat_games": stats.seat_games,
            "faults": stats.faults,
            "ms_per_decision": round(1000 * secs / n, 1) if n else 0.0,
            "decisions": n,
        }
    print(json.dumps({"game": args.game, "deals": args.deals, "seed": args.seed, **out}, indent=1))


if __name__ == "__main__":
    main()
