"""The levels' ratings (issue 31; ``docs/measurements/levels.json``, shipped as
``src/chieu/bots/levels.json``).

``python scripts/level_ratings.py --deals N [--only GAME ...] [--workers W] --log FILE``

One arena run: in every game, N duplicate deals with the four levels at the table (a table of
five seats Vừa twice), every distinct rotation of each deal. Every game result compares each
pair of seats held by different levels (more points = a win, equal = half), and
``chieu.arena.stats.ratings`` fits a Bradley–Terry model to those counts on the Elo scale
(400 · log10 of the strength): per game, and once over the four games together (one scale:
every fit puts the mean of the four levels at 1500). It also reports, per game and level, the
mean points per game with its 95 % interval, the share of its seat-games won, the faults, and
the share of games with a winner. ``--log`` appends each game's result as a JSON line as the
deals finish; the figures are computed from the whole log, so that games measured in separate
runs (``--only``, or another ``--seed`` for more deals) make one table (``--report``: from the
log alone).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from chieu.arena.core import GameResult, MatchConfig, match_game, run_match
from chieu.arena.stats import ratings, summarize
from chieu.bots.levels import LEVELS
from chieu.bots.registry import level_bots
from chieu.core.registry import game_names

ROOT = Path(__file__).resolve().parents[1]
OUTPUTS = (ROOT / "docs/measurements/levels.json", ROOT / "src/chieu/bots/levels.json")


def lineup(seats: int) -> tuple[str, ...]:
    names = [lv.name for lv in LEVELS]
    return tuple((names + ["medium"] * seats)[:seats])


def measure(game: str, deals: int, seed: int, workers: int, log: Path, run: str) -> None:
    seats = match_game(MatchConfig(game, (), 1)).info.seats
    config = MatchConfig(game, lineup(seats), deals, seed=seed)
    bots = {str(lv["name"]): str(lv["bot"]) for lv in level_bots(game)}

    def done(results: list[GameResult]) -> None:
        with log.open("a", encoding="utf-8") as f:
            for r in results:
                line = {"game": game, "run": run, "run_seed": seed, "bots": bots, **r.to_json()}
                f.write(json.dumps(line) + "\n")

    t0 = time.time()
    run_match(config, workers=workers, on_deal=done)
    print(f"{game}: {deals} deals in {time.time() - t0:.0f} s")
    sys.stdout.flush()


def _result(line: dict[str, Any]) -> GameResult:
    """A game of the log (its deal known by the deal's seed: runs with other seeds add deals)."""
    return GameResult(
        line["seed"],
        line["rotation"],
        line["seed"],
        tuple(line["seats"]),
        tuple(line["payoffs"]),
        line["winner"],
        tuple((int(s), str(f)) for s, f in line["faults"]),
    )


def report(log: Path) -> dict[str, object]:
    """The figures of every game in ``log``: the games of its runs with the same bots behind the
    levels as its last run (runs with other seeds add deals; a change of bots starts afresh)."""
    lines = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines() if x.strip()]
    last = {line["game"]: line["bots"] for line in lines}
    names = [lv.name for lv in LEVELS]
    out: dict[str, object] = {}
    pooled: list[GameResult] = []
    for game in sorted(last, key=game_names().index):
        mine = [x for x in lines if x["game"] == game and x["bots"] == last[game]]
        results = [_result(x) for x in mine]
        pooled += results
        stats = {s.name: s for s in summarize(results, names)}
        won = sum(r.winner is not None for r in results) / len(results)
        rows: dict[str, object] = {
            "games": len(results),
            "deals": len({r.deal for r in results}),
            "with_winner": round(won, 3),
        }
        print(f"{game}: {len(results)} games, a winner in {won:.0%}")
        for name in names:
            s = stats[name]
            bot = mine[0]["bots"][name]
            rows[name] = {
                "bot": bot,
                "rating": round(s.rating),
                "points": round(s.mean, 3),
                "interval": [round(s.ci_low, 3), round(s.ci_high, 3)],
                "win_rate": round(s.win_rate, 3),
                "faults": s.faults,
            }
            print(f"  {name:7} {bot:14} rating {s.rating:5.0f}  points {s.mean:+.2f}")
        out[game] = rows
    overall = ratings(pooled, names)
    seeds = {x["run_seed"] for x in lines if "run_seed" in x}
    return {
        "overall": {name: round(overall[name]) for name in names},
        "games": out,
        "seeds": seeds,
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=30)
    p.add_argument("--only", nargs="+", default=None)
    p.add_argument("--seed", type=int, default=31)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--log", required=True)
    p.add_argument("--report", action="store_true", help="the figures of the log, no new run")
    p.add_argument("--dry", action="store_true", help="print, write nothing")
    args = p.parse_args()
    log = Path(args.log)
    if not args.report:
        run = time.strftime("%Y-%m-%dT%H:%M:%S")
        for game in args.only or game_names():
            measure(game, args.deals, args.seed, args.workers, log, run)
    figures = report(log)
    data = {
        "command": "python scripts/level_ratings.py --deals N --only GAME... --log FILE",
        "seeds": sorted({int(x) for x in figures.pop("seeds")}),  # type: ignore[union-attr]
        "machine": f"{platform.machine()}, wall-clock search budgets on a shared 2-core machine",
        "scale": "Bradley–Terry on the Elo scale; the mean of the four levels is 1500 in each fit",
        **figures,
    }
    print("overall:", data["overall"])
    if not args.dry:
        text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
        for path in OUTPUTS:
            path.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
