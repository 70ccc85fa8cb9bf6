"""The Tổ tôm bots, by name (see ``chieu.bots.registry``).

``heuristic`` plays on the analysis functions and what its observation shows: it claims every
valid ù (never an invalid one, so it never commits thiếu lưng or ù nhỏ hô to), always raises
its khàn (no khê khàn), never lets a win go (no bỏ ù), lays the copies of a card it eats (no
treo tranh trái vỉ), eats when the eat leaves fewer loose cards, and discards its loosest card.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, cast

from chieu.core.actions import Action
from chieu.core.bot import Bot
from chieu.core.rng import Rng
from chieu.games.totom import actions as A
from chieu.games.totom import analysis as an
from chieu.games.totom.cards import KINDS
from chieu.games.totom.phu import ALL_PHU, KHAN, QUAD, Phu
from chieu.games.totom.rules import Rules
from chieu.games.totom.shapes import looseness

if TYPE_CHECKING:
    from chieu.games.totom.views import TotomObservation


class HeuristicTotomBot:
    name = "heuristic"

    def act(
        self, observation: Mapping[str, object], legal_actions: list[Action], rng: Rng
    ) -> Action:
        # the seam of the ``Bot`` protocol (any game's observation): Tổ tôm's here
        obs = cast("TotomObservation", observation)
        legal = list(legal_actions)
        if len(legal) == 1:
            return legal[0]
        hand = KINDS.counts(obs.get("hand", []))
        phase = obs.get("phase")
        if phase == "arrange":
            return A.ARRANGE_DONE if A.ARRANGE_DONE in legal else legal[0]
        if phase == "call":
            true = obs.get("cuoc", {})
            called = obs.get("called", {})
            for cid, n in sorted(true.items()):
                act = A.CALL.get(cid)
                if act in legal and called.get(cid, 0) < n:
                    return act
            return A.CALL_DONE
        if phase == "claim":
            return self._claim(obs, legal, hand)
        if phase == "discard":
            return self._discard(legal, hand, rng)
        if phase == "decide":
            return self._decide(obs, legal, hand, rng)
        return rng.choice(legal)

    def _fixed(self, observation: TotomObservation) -> list[Phu]:
        seat = observation["seat"]
        assert seat is not None  # a bot plays a seat
        out: list[Phu] = []
        for g in observation["mats"][seat]:
            # as laid (a phu may hold stacked copies, which phu_of would not read)
            kinds = tuple(sorted(KINDS.kind(c) or 0 for c in g["cards"]))
            out.append(Phu(kinds, g["type"], g.get("name", "")))
        for code, size in observation.get("down", {}).items():
            k = KINDS.kind(code) or 0
            out.append(KHAN[k] if size == 3 else QUAD[k])
        return out

    def _claim(self, observation: TotomObservation, legal: list[Action], hand: list[int]) -> Action:
        live = _live_card(observation)
        rules = Rules.from_json(observation.get("rules")) if observation.get("rules") else None
        if A.WIN in legal:
            verdict = an.win_on(hand, live, rules or _RULES, fixed=self._fixed(observation))
            if verdict.win:
                return A.WIN
        if A.DAY_KHAN in legal:
            return A.DAY_KHAN
        if A.PHONG in legal:
            after = list(hand)
            after[live] -= 2
            if looseness(after) <= looseness(hand) - 2:
                return A.PHONG
        return A.DECLINE if A.DECLINE in legal else legal[0]

    def _discard(self, legal: list[Action], hand: list[int], rng: Rng) -> Action:
        if A.LAY in legal:
            return A.LAY  # lay the copies of the card eaten (no treo tranh trái vỉ)
        best: list[Action] = []
        best_score = None
        for act in legal:
            k = act.card  # type: ignore[attr-defined]
            after = list(hand)
            if after[k]:
                after[k] -= 1
            score = looseness(after)
            if best_score is None or score < best_score:
                best, best_score = [act], score
            elif score == best_score:
                best.append(act)
        return rng.choice(best)

    def _decide(
        self, observation: TotomObservation, legal: list[Action], hand: list[int], rng: Rng
    ) -> Action:
        live = _live_card(observation)
        base = looseness(hand)
        best: Action | None = None
        best_score = base - 1  # an eat must leave the hand clearly tighter
        for act in legal:
            if act.verb not in ("eat", "extend"):
                continue
            phu = ALL_PHU[act.phu]  # type: ignore[attr-defined]
            after = list(hand)
            if act.verb == "eat":
                rest = list(phu.cards)
                rest.remove(live)
                for k in rest:
                    after[k] -= 1
            # the eat takes cards out of the hand; the discard after it removes the loosest
            score = looseness(after) - 2
            if score < best_score or (act.verb == "extend" and score <= best_score):
                best, best_score = act, score
        if best is not None:
            return best
        for fallback in (A.PASS, A.DRAW):
            if fallback in legal:
                return fallback
        return rng.choice(legal)

    def __repr__(self) -> str:
        return "HeuristicTotomBot()"


def _live_card(observation: TotomObservation) -> int:
    """The live card a claim or a decision is on."""
    live = observation["live"]
    assert live is not None  # a claim window and a decision are on the live card
    return live["card"]


_RULES = Rules()

#: ``heuristic`` is the rule-based player.
BOTS: Mapping[str, Callable[[], Bot]] = {"heuristic": HeuristicTotomBot}
