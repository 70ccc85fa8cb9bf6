"""The Phỏm bots, by name (see ``chieu.bots.registry``).

``heuristic`` (HeuristicPhomBot) plays from its observation only, on
``chieu.games.phom.analysis``:

* **ù** (and ù khan) whenever it is offered;
* **ăn** whenever the discard can be eaten (it always makes a phỏm and is paid for), unless the
  eat leaves more points than the hand has now;
* on its lay-down turn it **hạ** the phỏm of its best arrangement (fewest points after gửi and
  the discard, A.9b), then **gửi** every card it can;
* **đánh** the card whose removal leaves the fewest points (ties: the higher card), never a
  card the eaten-card invariant needs (the engine does not offer those).

It commits no fault: every move it makes is one of the legal actions it was given.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, cast

from chieu.core.actions import Action
from chieu.core.bot import Bot
from chieu.core.errors import ChieuError
from chieu.core.rng import Rng
from chieu.games.phom import analysis as an
from chieu.games.phom.cards import mask_of

if TYPE_CHECKING:
    from chieu.games.phom.views import PhomObservation


def _points(hand: int, eaten: int) -> int:
    if eaten & hand:
        best = an.best_arrangement(hand, eaten)
        return best.points if best else 1 << 20
    return an.deadwood_points(hand)


class HeuristicPhomBot:
    name = "heuristic"

    def act(
        self, observation: Mapping[str, object], legal_actions: list[Action], rng: Rng
    ) -> Action:
        if not legal_actions:
            raise ChieuError("HeuristicPhomBot was asked to act with no legal action")
        obs = cast("PhomObservation", observation)  # a Phỏm seat's (``Bot`` names no game)
        by_verb: dict[str, list[Action]] = {}
        for a in legal_actions:
            by_verb.setdefault(a.verb, []).append(a)
        for verb in ("win", "u_khan"):
            if verb in by_verb:
                return by_verb[verb][0]
        seat = obs.get("seat")
        if seat is None:
            raise ChieuError("HeuristicPhomBot plays a seat: a spectator has no move")
        hand = mask_of(obs.get("hand", ()))
        eaten = mask_of(obs["eaten_in_hand"][seat])
        if "eat" in by_verb:
            live = obs.get("live")
            card = -1 if live is None else live["card"]
            if card >= 0 and obs["laid"][seat]:
                return by_verb["eat"][0]
            if card >= 0:
                before = an.deadwood_points(hand) if not eaten else _points(hand, eaten)
                h2 = hand | 1 << card
                e2 = eaten | 1 << card
                best = an.best_arrangement(h2, e2, discard=True)
                if best is not None and best.points <= before:
                    return by_verb["eat"][0]
        if "draw" in by_verb:
            return by_verb["draw"][0]
        if "lay" in by_verb:
            return self._lay(obs, hand, eaten, by_verb["lay"])
        if "layoff" in by_verb:
            return by_verb["layoff"][0]
        if "discard" in by_verb:
            return self._discard(hand, eaten, by_verb["discard"], bool(obs["laid"][seat]))
        return by_verb.get("pass", legal_actions)[0]

    def _lay(self, obs: PhomObservation, hand: int, eaten: int, lays: list[Action]) -> Action:
        seat = obs["seat"]
        table = [mask_of(m) for s, melds in enumerate(obs["melds"]) if s != seat for m in melds]
        best = an.best_arrangement(hand, eaten, table, discard=True)
        if best is not None:
            wanted = set(best.melds)
            for a in lays:
                if a.mask in wanted:  # type: ignore[attr-defined]
                    return a
        return max(lays, key=lambda a: a.mask.bit_count())  # type: ignore[attr-defined]

    def _discard(self, hand: int, eaten: int, discards: list[Action], laid: bool) -> Action:
        pts = an.card_points()
        best: Action | None = None
        best_key: tuple[int, int, int] | None = None
        for a in discards:
            c = a.card  # type: ignore[attr-defined]
            left = hand & ~(1 << c)
            value = 0 if laid else _points(left, eaten)
            key = (value, -pts[c], -c)
            if best_key is None or key < best_key:
                best, best_key = a, key
        assert best is not None
        return best

    def __repr__(self) -> str:
        return "HeuristicPhomBot()"


BOTS: Mapping[str, Callable[[], Bot]] = {"heuristic": HeuristicPhomBot}
