"""``chieu bot tune`` with any SearchBot options (``chieu.bots.tuning``): the gain per
decision of each confidence threshold over the advisor's choice, scored by an independent
evaluation with ``--worlds`` worlds per action.

    python scripts/search_tune.py matchuoc --games 6 --worlds 40 \\
        --options "iterations=30 width=3 policy=acceptance rollout_policy=heuristic"
"""

from __future__ import annotations

import argparse
import json

from chieu.bots.base import Bot, play_game
from chieu.bots.registry import get_bot
from chieu.bots.tuning import DEFAULT_THRESHOLDS, TuningSearchBot, _gain
from chieu.core.rng import derive_seed
from chieu.core.table import load_game


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--worlds", type=int, default=40)
    ap.add_argument("--options", default="")
    ap.add_argument("--opponent", default="heuristic")
    args = ap.parse_args()
    opts = {}
    for o in args.options.split():
        k, v = o.split("=", 1)
        try:
            opts[k] = json.loads(v)
        except json.JSONDecodeError:
            opts[k] = v
    thresholds = (*DEFAULT_THRESHOLDS, 3.0)
    bound = load_game(args.game, {})
    tuners: list[TuningSearchBot] = []
    for g in range(args.games):
        bots: list[Bot] = []
        for seat in range(bound.rules.players):
            if seat % 2:
                bot = TuningSearchBot(
                    bound.definition.name, worlds=args.worlds, thresholds=thresholds, **opts
                )
                tuners.append(bot)
                bots.append(bot)
            else:
                bots.append(get_bot(args.opponent, bound.definition))
        play_game(bound, None, derive_seed(args.seed, "tune", g), bots)
    out = [_gain(z, [x for bot in tuners for x in bot.gains[z]]).to_json() for z in thresholds]
    print(
        json.dumps(
            {
                "game": args.game,
                "games": args.games,
                "worlds": args.worlds,
                "options": opts,
                "thresholds": out,
            },
            indent=1,
        )
    )


if __name__ == "__main__":
    main()
