"""What limits the share of Tổ tôm games with a winner (issue 31, see
``docs/measurements/totom_winners.md``).

``python scripts/totom_limits.py --bots B1,B2,... --games N [--seed S]``

Plays N games (default rules, one seat per bot) and, with every hand in view (an analysis, not a
player), counts:

* **the deal**: each seat's dealt hand (khàn face down) is *waiting* (some card wins, lưng
  counted), *waiting on shape only* (some card puts every card in phu, with too few lưng), or
  *one exchange away* (some held card given up and some card taken make it waiting);
* **the play**: the cards turned up or given (each a chance to ù), and each seat's takes
  (ăn, ăn thêm, phỗng, dậy khàn: the exchanges that change a hand);
* **every live card**: how often some seat but its exposer could ù on it (the bots claim every
  valid ù, so the first such card ends the game), and how often a seat had every card in phu
  with it but too few lưng (an ù the lưng minimum forbids: thiếu lưng);
* **the end of a game without a winner**: each seat's last hand, the same three ways, and
  where the winning copies of the waiting seats were (another seat's hand, the set-aside
  part of bí tứ, or already seen: dead).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from chieu.bots import get_bot
from chieu.bots.base import bot_rng
from chieu.core.driver import play
from chieu.core.table import load_game
from chieu.games.totom import Rules
from chieu.games.totom import analysis as an
from chieu.games.totom.cards import NUM_KINDS
from chieu.games.totom.strategy import Seat

TAKES = ("eat", "extend", "phong", "day_khan")


def waiting(seat: Seat, free: Sequence[int]) -> dict[int, object]:
    return dict(an.waits(free, seat.rules, fixed=seat.fixed))


def one_away(seat: Seat) -> bool:
    """Some held card given up and some kind taken make ``seat``'s 20 cards wait."""
    free = list(seat.free)
    for d in range(NUM_KINDS):
        if not free[d]:
            continue
        free[d] -= 1
        for c in range(NUM_KINDS):
            if c == d or free[c] >= 4:
                continue
            free[c] += 1
            hit = bool(an.waits(free, seat.rules, fixed=seat.fixed))
            free[c] -= 1
            if hit:
                free[d] += 1
                return True
        free[d] += 1
    return False


def classify(seat: Seat) -> str:
    if waiting(seat, seat.free):
        return "waiting"
    if an.shape_waits(seat.free, seat.rules):
        return "shape only (lưng short)"
    if one_away(seat):
        return "one exchange away"
    return "two or more away"


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bots", default="heuristic,heuristic,heuristic,heuristic")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    names = args.bots.split(",")
    rules = Rules(players=len(names))
    game = load_game("totom", rules)
    deal: Counter[str] = Counter()
    end: Counter[str] = Counter()
    outs: Counter[str] = Counter()
    winner_deal: Counter[str] = Counter()
    winner_takes = 0
    exposures = takes = wins = lung_blocked = valid_chances = 0
    for g in range(args.games):
        seed = args.seed + g
        bots = [get_bot(n, "totom") for n in names]
        rngs = [bot_rng(seed, s) for s in range(len(names))]
        st = game.new_state(seed)
        dealt = [classify(Seat.of(st.observation(s))) for s in range(len(names))]
        deal.update(dealt)
        seen: list[object] = [None]

        def choose(state, d, bots=bots, rngs=rngs, seen=seen):  # type: ignore[no-untyped-def]
            nonlocal exposures, lung_blocked, valid_chances
            live = state.live
            if live is not None and live is not seen[0]:
                seen[0] = live
                exposures += 1
                for s in range(state.num_players):
                    if s == live.exposer:
                        continue
                    seat = Seat.of(state.observation(s))
                    verdict = an.win_on(seat.free, live.card, seat.rules, fixed=seat.fixed)
                    valid_chances += verdict.win
                    lung_blocked += (not verdict.win) and verdict.shape is not None
            return bots[d.seat].act(state.observation(d.seat), list(d.actions), rngs[d.seat])

        play(st, choose, fast=False)
        out = st.outcome()
        assert out is not None
        mine = Counter(
            e.actor
            for e in st.events
            if e.type == "action" and e.data.get("action", {}).get("verb") in TAKES
        )
        takes += sum(mine.values())
        if out.winner is not None:
            wins += 1
            winner_deal[dealt[out.winner]] += 1
            winner_takes += mine[out.winner]
            continue
        for s in range(len(names)):
            obs = st.observation(s)
            seat = Seat.of(obs)
            kind = classify(seat)
            end[kind] += 1
            if kind != "waiting":
                continue
            for x in waiting(seat, seat.free):
                aside = st.set_aside.count(x)
                others = sum(o.hand[x] for i, o in enumerate(st.seats) if i != s)
                dead = 4 - seat.free[x] - aside - others - sum(g.cards.count(x) for g in seat.fixed)
                outs["in the set-aside part"] += aside
                outs["in another seat's hand"] += others
                outs["seen (dead in a door or on a mat)"] += max(0, dead)
    n = args.games
    seats = n * len(names)
    print(f"totom {args.bots}: {n} games from seed {args.seed}; {wins} with a winner")
    print(f"  cards turned up or given per game: {exposures / n:.1f}")
    print(f"  takes per seat per game (ăn, ăn thêm, phỗng, dậy khàn): {takes / seats:.2f}")
    print(f"  valid ù chances seen on live cards: {valid_chances} (games won: {wins})")
    print(f"  live cards on which a seat had every card in phu but too few lưng: {lung_blocked}")
    print("  dealt hands: " + ", ".join(f"{k} {v / seats:.1%}" for k, v in deal.most_common()))
    if wins:
        print(
            f"  the winners: {winner_takes / wins:.2f} takes each before the ù; dealt hands "
            + ", ".join(f"{k} {v / wins:.1%}" for k, v in winner_deal.most_common())
        )
    no_win = (n - wins) * len(names)
    if no_win:
        print(
            "  hands at the end of games without a winner: "
            + ", ".join(f"{k} {v / no_win:.1%}" for k, v in end.most_common())
        )
        print(
            "  winning copies of the seats left waiting: "
            + (", ".join(f"{k} {v}" for k, v in outs.most_common()) or "-")
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
