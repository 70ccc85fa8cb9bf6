"""A heuristic Mạt chược bot built on ``chieu.games.matchuoc.shanten``.

It wins whenever it may; sets down flowers and Đại Ho (they never help a hand) and keeps the
other khung as wilds; makes a coong when it can; claims a discard (phỗng, ăn, coong) only when
that lowers its distance to a win; and discards so as to keep the distance lowest, flowers
first, never a khung unless nothing else keeps the distance.

For the search bot (``chieu.bots.search``): ``ranked`` orders the heuristic's other choices;
the ``acceptance`` bot discards, among the discards that keep the distance lowest, the one
that keeps the most unseen tiles that would lower it (the ukeire of riichi players); ``SEARCH``
is the search's options in Mạt chược (docs/measurements/search_matchuoc.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, cast

from chieu.core.actions import Action
from chieu.core.bot import Bot
from chieu.core.errors import ChieuError
from chieu.core.rng import Rng
from chieu.games.matchuoc import shanten
from chieu.games.matchuoc.analysis import ORPHANS
from chieu.games.matchuoc.cards import HO, KINDS, NUM_BASIC, NUM_KINDS, discard_order, is_flower

if TYPE_CHECKING:
    from chieu.bots.search import SearchOptions
    from chieu.games.matchuoc.views import MatchuocObservation


def _counts(tiles: list[int]) -> list[int]:
    c = [0] * NUM_KINDS
    for t in tiles:
        c[t] += 1
    return c


def unseen(obs: MatchuocObservation) -> list[int]:
    """The copies of each kind the seat has not seen: not in its hand, nobody's discards,
    phu or set-down tiles (the khung a smaller set leaves out count as unseen)."""
    left = list(KINDS.copies)
    for t in obs.get("hand", []):
        left[t] -= 1
    for s in range(len(obs["rivers"])):
        for t in [*obs["rivers"][s], *obs["flowers"][s], *obs["khung_down"][s]]:
            left[t] -= 1
        for g in obs["melds"][s]:
            for t, w in zip(g["tiles"], g["wilds"], strict=True):
                left[w if w >= 0 else t] -= 1
    return [max(0, n) for n in left]


def _near(hand: list[int], melds: int) -> list[int]:
    """The basic kinds whose draws ``acceptance`` counts: those held, those within two ranks
    of a held tile of their suit and, with no exposed phu, the orphans (a tile far from every
    held tile seldom helps)."""
    out = set()
    for k in range(NUM_BASIC):
        if not hand[k]:
            continue
        out.add(k)
        if k < 27:
            first = k - k % 9
            out.update(j for j in range(k - 2, k + 3) if first <= j < first + 9)
    if melds == 0:
        out.update(ORPHANS)
    return sorted(out)


def acceptance(hand: list[int], melds: int, seen_left: list[int]) -> tuple[int, int]:
    """The distance of ``hand`` (to discard no more) and how many unseen tiles would lower
    it (the ukeire of riichi players)."""
    d = shanten.distance(hand, melds)
    n = 0
    for k in _near(hand, melds):
        if seen_left[k]:
            hand[k] += 1
            if shanten.distance(hand, melds) < d:
                n += seen_left[k]
            hand[k] -= 1
    return d, n


def _discard_keys(
    obs: MatchuocObservation, legal: list[Action]
) -> dict[Action, tuple[int, int, int, int]]:
    """For each discard of ``legal``: (0, the distance after it, minus the unseen tiles that
    would lower that distance, its discard order), smaller first."""
    seat = obs["seat"]
    if seat is None:
        return {}
    hand = _counts(obs["hand"])
    melds = len(obs["melds"][seat])
    left = unseen(obs)
    out = {}
    for a in legal:
        if a.verb == "discard":
            k = a.tile  # type: ignore[attr-defined]
            hand[k] -= 1
            d, n = acceptance(hand, melds, left)
            hand[k] += 1
            out[a] = (0, d, -n, discard_order(k))
    return out


class HeuristicMatChuocBot:
    name = "heuristic"
    #: its play's revision (2: issue 31's ``ranked``, which the search's width reads): the
    #: coach's judge keys its reviews by it (``chieu.review.judge``)
    revision = 2

    def act(
        self, observation: Mapping[str, object], legal_actions: list[Action], rng: Rng
    ) -> Action:
        verbs = {a.verb: a for a in legal_actions}
        if "win" in verbs:
            return verbs["win"]
        obs = cast("MatchuocObservation", observation)  # a Mạt chược seat's (``Bot``: any game)
        seat = obs["seat"]
        if seat is None:
            raise ChieuError("HeuristicMatChuocBot plays a seat: a spectator has no move")
        hand = _counts(obs["hand"])
        melds = len(obs["melds"][seat])
        for a in legal_actions:
            if a.verb == "set_down" and (is_flower(a.tile) or a.tile == HO):  # type: ignore[attr-defined]
                return a
        for a in legal_actions:
            if a.verb in ("concealed_kong", "add_kong"):
                return a
        if "end_opening" in verbs:
            return verbs["end_opening"]
        if obs["phase"] == "claim":
            return self._claim(obs, legal_actions, hand, melds, rng)
        return self._discard(legal_actions, hand, melds, rng)

    def ranked(
        self, observation: Mapping[str, object], legal_actions: list[Action], rng: Rng
    ) -> list[Action]:
        """Every legal action, best first, for the search bot: the heuristic's choice
        (``act``), then, on a turn, the discards by their distance after them, the most unseen
        tiles that would lower it, then the discard order; other actions after them. In a
        claim window: the choice, then passing, then the claims."""
        first = HeuristicMatChuocBot.act(self, observation, legal_actions, rng)
        rest = [a for a in legal_actions if a != first]
        obs = cast("MatchuocObservation", observation)
        if obs["phase"] == "claim" or obs["seat"] is None:
            return [first, *sorted(rest, key=lambda a: a.verb != "pass")]
        keyed = _discard_keys(obs, rest)
        return [first, *sorted(rest, key=lambda a: keyed.get(a, (1, 0, 0, 0)))]

    def _discard(self, legal: list[Action], hand: list[int], melds: int, rng: Rng) -> Action:
        options = [a for a in legal if a.verb == "discard"]
        if not options:
            return legal[0]
        best: list[Action] = []
        key_best: tuple[int, int] | None = None
        for a in options:
            k = a.tile  # type: ignore[attr-defined]
            hand[k] -= 1
            d = shanten.distance(hand, melds)
            hand[k] += 1
            key = (d, discard_order(k))
            if key_best is None or key < key_best:
                key_best, best = key, [a]
            elif key == key_best:
                best.append(a)
        return rng.choice(best)

    def _claim(
        self,
        obs: MatchuocObservation,
        legal: list[Action],
        hand: list[int],
        melds: int,
        rng: Rng,
    ) -> Action:
        now = shanten.distance(hand, melds)
        pass_action = next(a for a in legal if a.verb == "pass")
        best: Action = pass_action
        best_d = now
        discard = obs["discard"]
        if discard is None:
            raise ChieuError("a claim window's observation names its discard")
        tile = discard["tile"]
        for a in legal:
            if a.verb == "kong":
                used = [tile] * 3
            elif a.verb in ("pung", "chow"):
                used = [a.a, a.b]  # type: ignore[attr-defined]
            else:
                continue
            h = list(hand)
            for t in used:
                h[t] -= 1
            if min(h) < 0:
                continue
            if a.verb == "kong":
                d = shanten.distance(h, melds + 1)
            else:
                d = 99
                for k in range(NUM_KINDS):
                    if h[k]:
                        h[k] -= 1
                        d = min(d, shanten.distance(h, melds + 1))
                        h[k] += 1
            if d < best_d:
                best, best_d = a, d
        return best


class AcceptanceMatChuocBot(HeuristicMatChuocBot):
    """The heuristic whose discard, among those that keep the distance lowest, keeps the most
    unseen tiles that would lower it (then the discard order): a search advisor."""

    name = "acceptance"

    def act(
        self, observation: Mapping[str, object], legal_actions: list[Action], rng: Rng
    ) -> Action:
        return self.ranked(observation, legal_actions, rng)[0]

    def ranked(
        self, observation: Mapping[str, object], legal_actions: list[Action], rng: Rng
    ) -> list[Action]:
        """The heuristic's ranking (``HeuristicMatChuocBot.ranked``), except that on a turn
        its choice of discard gives way to the first by distance and unseen tiles."""
        order = super().ranked(observation, legal_actions, rng)
        if order[0].verb != "discard" or len(order) < 2:
            return order
        keyed = _discard_keys(cast("MatchuocObservation", observation), order)
        return sorted(order, key=lambda a: keyed.get(a, (1, 0, 0, 0)))


BOTS: Mapping[str, Callable[[], Bot]] = {
    "heuristic": HeuristicMatChuocBot,
    "acceptance": AcceptanceMatChuocBot,
}

#: the search bot's options in Mạt chược (``chieu.bots.search.SearchOptions``; measured in
#: docs/measurements/search_matchuoc.md): the acceptance bot advises and ranks the three root
#: actions searched, the heuristic plays the playouts (the opponents' model, and cheaper), a
#: playout's points are bounded by 8 (a rare hand pays a hundred), and another action replaces
#: the advisor's only when ahead by two standard errors (``scripts/search_tune.py``)
SEARCH: SearchOptions = {
    "policy": "acceptance",
    "rollout_policy": "heuristic",
    "width": 3,
    "confidence": 2.0,
    "min_pairs": 6,
    "clip": 8.0,
}

#: the levels in Mạt chược (``chieu.bots.levels``): Khó is the acceptance bot, which beats the
#: heuristic over 2,000 duplicate deals (+0.45 points a game, 95 % [+0.16, +0.74]) where the
#: search at 80 ms does not; Cao thủ is the search with ``SEARCH`` (200 ms a decision)
LEVELS: Mapping[str, str] = {
    "easy": "gentle",
    "medium": "heuristic",
    "hard": "acceptance",
    "master": "search:200ms",
}
