"""How like the real hands are the hands of the search's Tổ tôm worlds?

    python scripts/totom_world_realism.py --games 40 --worlds 8

In heuristic self-play (five seats, seeds 0..N−1), at every second ``decide`` decision of seat
0 with a choice, the other seats' hands are measured (``strategy.Seat.standing`` from each
seat's own observation: waiting, else its distance) in the true state and in ``--worlds``
worlds sampled from seat 0's observation (``chieu.bots.worlds``, as the search samples them).
It prints the share of waiting hands and the mean distance of the others, for each. A world
whose other hands are much further from ù than the real ones hides the danger of a discard
and the race to ù from the search.

It also prints what the passes say: the share of other hands that could have eaten a card
lying in the door of their left neighbour (they decided on it, and let it by) and that hold
two copies of a kind lying in another seat's door (a phỗng let by). A hand never gains a
hidden card, so a hand holding those cards now held them then.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import cast

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from chieu.bots.registry import get_bot
from chieu.bots.worlds import Worlds, worlds_for
from chieu.core.actions import Action
from chieu.core.decisions import Decision
from chieu.core.driver import play
from chieu.core.rng import Rng
from chieu.core.table import load_game
from chieu.games.totom import takes
from chieu.games.totom.state import TotomState
from chieu.games.totom.strategy import Seat


class Tally:
    def __init__(self) -> None:
        self.waiting: list[int] = []
        self.distance: list[int] = []
        self.eats: list[int] = []  # per hand: a card it let by that it could have eaten
        self.pairs: list[int] = []  # per hand: a pair of a kind that went by in a door

    def add(self, state: TotomState, viewer: int) -> None:
        """The other seats' standings, each from its own observation (full hands only), and
        the passes each hand belies."""
        n = state.num_players
        for s in range(n):
            if s == viewer:
                continue
            free = state.seats[s].free()
            let_by = set(state.seats[(s - 1) % n].door)  # it decided on these
            self.eats.append(int(any(eatable(free, k) for k in let_by)))
            went_by = {k for p in range(n) if p != s for k in state.seats[p].door}
            self.pairs.append(int(any(free[k] >= 2 for k in went_by)))
            seat = Seat.of(state.observation(s))
            if sum(seat.free) + sum(len(p.cards) for p in seat.fixed) != 20:
                continue
            neg, distance = seat.standing(seat.free, seat.fixed)
            self.waiting.append(int(neg < 0))
            if neg == 0:
                self.distance.append(distance)

    def line(self, name: str) -> str:
        return (
            f"{name}: waiting share {statistics.mean(self.waiting):.3f}, mean distance "
            f"{statistics.mean(self.distance):.2f} ({len(self.waiting)} hands); could have "
            f"eaten a card it let by {statistics.mean(self.eats):.3f}, holds a pair of a card "
            f"in a door {statistics.mean(self.pairs):.3f} ({len(self.eats)} hands)"
        )


def eatable(free: list[int], card: int) -> bool:
    """Whether a seat holding ``free`` could eat ``card`` into a phu of held cards."""
    return bool(takes.decide_actions(free, takes.pack(free), (), card, strict=False))


def one_game(seed: int, worlds: Worlds, count: int, real: Tally, sampled: Tally) -> None:
    """One heuristic game, measured at every second decide decision of seat 0."""
    state = load_game("totom").new_state(seed=seed)
    bots = [get_bot("heuristic", "totom") for _ in range(state.num_players)]
    rng = Rng(seed, "realism")
    asked = 0

    def choose(st: TotomState, d: Decision) -> Action:
        nonlocal asked
        obs = st.observation(d.seat)
        if d.seat == 0 and len(d.actions) > 1 and st.phase == "decide":
            asked += 1
            if asked % 2 == 0:
                real.add(st, 0)
                for i in range(count):
                    world = worlds.sample(obs, list(d.actions), Rng(seed, "w", asked, i))
                    sampled.add(cast(TotomState, world), 0)
        return bots[d.seat].act(obs, list(d.actions), rng)

    play(cast(TotomState, state), choose)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--worlds", type=int, default=8)
    args = ap.parse_args()
    factory = worlds_for("totom")
    assert factory is not None
    worlds = factory()
    worlds.set_rules({})
    real, sampled = Tally(), Tally()
    for seed in range(args.games):
        one_game(seed, worlds, args.worlds, real, sampled)
    print(real.line("true hands"))
    print(sampled.line("worlds' hands"))


if __name__ == "__main__":
    main()
