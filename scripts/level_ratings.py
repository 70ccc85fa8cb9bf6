"""The levels' ratings (issue 31; ``docs/measurements/levels.json``, shipped as
``src/chieu/bots/levels.json``).

``python scripts/level_ratings.py --deals N [--only GAME ...] [--workers W] [--log FILE]``

One arena run: in every game, N duplicate deals with the four levels at the table (a table of
five seats Vừa twice), every distinct rotation of each deal. Every game result compares each
pair of seats held by different levels (more points = a win, equal = half), and
``chieu.arena.stats.ratings`` fits a Bradley–Terry model to those counts on the Elo scale
(400 · log10 of the strength): per game, and once over the four games together (one scale:
every fit puts the mean of the four levels at 1500). It also reports, per game and level, the
mean points per game with its 95 % interval, the share of its seat-games won, the faults, and
the share of games with a winner. ``--log`` appends each game's result as a JSON line as the
deals finish.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

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


def measure(game: str, deals: int, seed: int, workers: int, log: Path | None) -> list[GameResult]:
    seats = match_game(MatchConfig(game, (), 1)).info.seats
    config = MatchConfig(game, lineup(seats), deals, seed=seed)

    def done(results: list[GameResult]) -> None:
        if log is not None:
            with log.open("a", encoding="utf-8") as f:
                for r in results:
                    f.write(json.dumps({"game": game, **r.to_json()}) + "\n")

    return run_match(config, workers=workers, on_deal=done)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=30)
    p.add_argument("--only", nargs="+", default=None)
    p.add_argument("--seed", type=int, default=31)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--log", default=None)
    p.add_argument("--dry", action="store_true", help="print, write nothing")
    args = p.parse_args()
    games = args.only or game_names()
    names = [lv.name for lv in LEVELS]
    log = Path(args.log) if args.log else None
    out: dict[str, object] = {}
    pooled: list[GameResult] = []
    start = time.time()
    for game in games:
        t0 = time.time()
        results = measure(game, args.deals, args.seed, args.workers, log)
        pooled += results
        stats = {s.name: s for s in summarize(results, names)}
        won = sum(r.winner is not None for r in results) / len(results)
        rows: dict[str, object] = {}
        print(f"{game}: {len(results)} games, {time.time() - t0:.0f} s, a winner in {won:.0%}")
        for lv in level_bots(game):
            s = stats[str(lv["name"])]
            rows[str(lv["name"])] = {
                "bot": lv["bot"],
                "rating": round(s.rating),
                "points": round(s.mean, 3),
                "interval": [round(s.ci_low, 3), round(s.ci_high, 3)],
                "win_rate": round(s.win_rate, 3),
                "faults": s.faults,
            }
            print(f"  {s.name:7} {lv['bot']!s:14} rating {s.rating:5.0f}  points {s.mean:+.2f}")
        out[game] = {"games": len(results), "with_winner": round(won, 3), **rows}
        sys.stdout.flush()
    overall = ratings(pooled, names)
    data = {
        "command": "python scripts/level_ratings.py " + " ".join(sys.argv[1:]),
        "deals_per_game": args.deals,
        "seed": args.seed,
        "machine": f"{platform.machine()}, {args.workers} worker(s), wall-clock search budgets",
        "seconds": round(time.time() - start),
        "scale": "Bradley–Terry on the Elo scale; the mean of the four levels is 1500 in each fit",
        "overall": {name: round(overall[name]) for name in names},
        "games": out,
    }
    print("overall:", data["overall"])
    if not args.dry:
        text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
        for path in OUTPUTS:
            path.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
