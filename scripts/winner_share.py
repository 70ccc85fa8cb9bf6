"""How often a table of bots ends with a winner (issue 31; ``docs/measurements/totom_winners.md``).

``python scripts/winner_share.py GAME --bots B1,B2,... --games N [--seed S] [--preset P]
[--rules KEY=VALUE ...] [--json]``

Plays N games (seeds S, S+1, ...; one bot per seat, the number of seats is the number of bots)
and prints, for any game:

* the share of games with a winner, with its 95 % Wilson interval;
* the mean recorded decisions per game (``State.steps``: answers with a real choice);
* per game, the mean count of every decision taken, by its action verb (the private ``action``
  events), and of every claim the table was told of (the public ``claim`` events, by verb);
* the faults (by id) and how the games without a winner ended: the termination, and the verb
  of the last decision before the end (what the table was doing when the game ran out);
* the CPU seconds per game.

It names no game: everything is read from the outcome and the events.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from chieu.bots import get_bot, play_game
from chieu.cli.common import build_rules
from chieu.core.registry import find_game


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``k / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


def _verb(data: object) -> str:
    if isinstance(data, dict):
        action = data.get("action")
        if isinstance(action, dict):
            return str(action.get("verb", "?"))
    return "?"


@dataclass
class Share:
    """What ``measure`` found (see the module docstring)."""

    game: str
    bots: list[str]
    games: int
    seed: int
    winners: int
    share_95: tuple[float, float]
    decisions_per_game: float
    actions_per_game: dict[str, float]
    claims_per_game: dict[str, float]
    faults: dict[str, int]
    no_winner_endings: dict[str, int]
    cpu_seconds_per_game: float

    @property
    def share(self) -> float:
        return self.winners / self.games

    def lines(self) -> list[str]:
        lo, hi = self.share_95

        def per_game(d: dict[str, float]) -> str:
            return ", ".join(f"{v} {n:.2f}" for v, n in d.items()) or "none"

        return [
            f"{self.game} {','.join(self.bots)}: {self.games} games from seed {self.seed}",
            f"  games with a winner: {self.winners}/{self.games} = {self.share:.1%}"
            f"  (95 % Wilson {lo:.1%}..{hi:.1%})",
            f"  decisions per game: {self.decisions_per_game:.1f}"
            f"   CPU per game: {self.cpu_seconds_per_game * 1000:.1f} ms",
            "  decisions per game by verb: " + per_game(self.actions_per_game),
            "  claims per game (announced): " + per_game(self.claims_per_game),
            "  faults: " + (", ".join(f"{k} {n}" for k, n in self.faults.items()) or "none"),
            "  games without a winner ended: "
            + ("; ".join(f"{k} ×{n}" for k, n in self.no_winner_endings.items()) or "-"),
        ]


def measure(
    game_name: str,
    bots: Sequence[str],
    games: int,
    seed: int,
    preset: str | None = None,
    pairs: Sequence[str] = (),
) -> Share:
    """Play ``games`` games of ``game_name`` with ``bots`` (one per seat) from ``seed``."""
    game = find_game(game_name)
    rules = build_rules(game, preset, list(pairs), len(bots))
    winners = 0
    steps = 0
    decisions: Counter[str] = Counter()
    claims: Counter[str] = Counter()
    faults: Counter[str] = Counter()
    endings: Counter[str] = Counter()
    cpu = 0.0
    for g in range(games):
        players = [get_bot(name, game) for name in bots]
        t0 = time.process_time()
        state = play_game(game, rules, seed + g, players)
        cpu += time.process_time() - t0
        out = state.outcome()
        assert out is not None
        steps += int(getattr(state, "steps", 0))  # the recorded decisions (a StateBase)
        last = "?"
        for e in state.events:
            if e.type == "action":
                decisions[_verb(e.data)] += 1
                last = _verb(e.data)
            elif e.type == "claim":
                claims[_verb(e.data)] += 1
        for f in out.faults:
            faults[f.id] += 1
        if out.winner is not None:
            winners += 1
        else:
            endings[f"{out.termination.value}, last decision: {last}"] += 1
    return Share(
        game=game.name,
        bots=list(bots),
        games=games,
        seed=seed,
        winners=winners,
        share_95=wilson(winners, games),
        decisions_per_game=steps / games,
        actions_per_game={v: n / games for v, n in sorted(decisions.items())},
        claims_per_game={v: n / games for v, n in sorted(claims.items())},
        faults=dict(sorted(faults.items())),
        no_winner_endings=dict(endings.most_common()),
        cpu_seconds_per_game=cpu / games,
    )


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("game")
    p.add_argument("--bots", required=True, help="one bot per seat, comma-separated")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--preset", default=None)
    p.add_argument("--rules", nargs="*", default=[], metavar="KEY=VALUE")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    r = measure(args.game, bots, args.games, args.seed, args.preset, args.rules)
    if args.json:
        print(json.dumps({**asdict(r), "share": r.share}, ensure_ascii=False))
    else:
        print("\n".join(r.lines()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
