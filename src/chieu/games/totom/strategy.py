"""How a Tổ tôm bot weighs a hand and a move (``bots.HeuristicTotomBot``).

A ``Seat`` is what one observation shows the seat: its held cards, its laid and face-down phu,
the live card, the rules and the copies of every kind it has not seen (its own hand, every mat
and door, the live card). ``standing`` measures a 20-card hand, smaller is better:

1. the unseen copies of its winning cards (a hand that waits on live cards is the closest to
   ù there is; ``analysis.waits`` gives the waits with the lưng minimum counted);
2. otherwise how far it is: 2 per quân lẻ, 1 per cạ card whose completing cards are still
   unseen (a dead cạ counts as two quân lẻ), 4 per lưng short of the minimum (the layout of
   ``advice.arrange``: the most cards in phu, then cạ).

``after_eat`` and ``after_phong`` are the hand after an ăn (the copies of the card laid on its
phu) or a phỗng, and ``take_value`` its standing with the best give-back: a take is worth what
its hand is worth once a card is given back. ``best_discard`` weighs in full only the give-backs
that leave the fewest loose cards (``looseness``, from the 3-card phu: the catalogue's figure,
faster); ``may_wait`` skips ``analysis.waits`` for a hand with a lone card no one card can place;
the waits and layouts are memoised by hand (hands recur across a search's worlds). Nothing here
reads a hidden card: everything comes from the observation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from chieu.games.totom import analysis as an
from chieu.games.totom.advice import CA_WAITS, arrange
from chieu.games.totom.cards import CC, KINDS, NUM_KINDS
from chieu.games.totom.phu import ALL_PHU, KHAN, PHONG, QUAD, Phu
from chieu.games.totom.rules import Rules
from chieu.games.totom.shapes import extends, give_ups

if TYPE_CHECKING:
    from chieu.games.totom.views import TotomObservation

#: a standing: (minus the unseen winning copies, the distance); smaller is better
Standing = tuple[int, int]
LUNG_SHORT = 4
TAKE_WIDTH = 3  # the give-backs weighed in full after a take
DISCARD_WIDTH = 6  # the discards weighed in full
_FAR = 1000  # after every fully weighed standing
DEAD_CA = 2  # a cạ card whose completing cards are all seen: as loose as a quân lẻ


# per numbered kind: the other two kinds of every 3-card phu holding it (a longer run or bí
# holds a 3-card one with the same card, needing no more: the same minimum as ``looseness``)
_PARTNERS: list[tuple[tuple[int, int], ...]] = [() for _ in range(NUM_KINDS)]
for _p in ALL_PHU:
    if len(_p.cards) == 3 and len(set(_p.cards)) == 3:
        for _i, _k in enumerate(_p.cards):
            if _k < CC:
                _a, _b = (x for j, x in enumerate(_p.cards) if j != _i)
                _PARTNERS[_k] = (*_PARTNERS[_k], (_a, _b))


def looseness(hand: Sequence[int]) -> int:
    """``shapes.looseness`` (2 per card in no phu and no cạ, 1 per card in a cạ only, 0 for
    a card in a phu within the hand), from the 3-card phu only: the same figure, faster."""
    total = 0
    for k in range(CC):
        n = hand[k]
        if not n or n >= 3:
            continue
        best = 2
        for a, b in _PARTNERS[k]:
            short = (not hand[a]) + (not hand[b])
            if short < best:
                best = short
                if not short:
                    break
        total += best * n
    return total


def may_wait(hand: Sequence[int]) -> bool:
    """False when a single held numbered card is two cards short of every phu: one more card
    cannot put it in a phu (a 3-card phu within the joker's phu would hold it one card short),
    so the hand waits on nothing (``analysis.waits`` is empty); True otherwise."""
    for k in range(CC):
        if hand[k] != 1:
            continue
        for a, b in _PARTNERS[k]:
            if hand[a] or hand[b]:
                break
        else:
            return False
    return True


# memos of the hand measures (hands recur across a search's worlds and playouts)
_MEMO_MAX = 1 << 17
_WAITS: dict[tuple[tuple[int, ...], tuple[Phu, ...], str], tuple[int, ...]] = {}
_Layout = tuple[int, tuple[tuple[int, tuple[int, ...]], ...], int]  # 2 × quân lẻ, cạ, lưng
_LAYOUT: dict[tuple[tuple[int, ...], str], _Layout] = {}


@lru_cache(maxsize=64)
def _rules(key: tuple[tuple[str, object], ...]) -> Rules:
    return Rules.from_json(dict(key))


def rules_of(observation: Mapping[str, object]) -> Rules:
    raw = observation.get("rules")
    if not isinstance(raw, Mapping) or not raw:
        return _DEFAULT
    return _rules(tuple(sorted(raw.items())))


_DEFAULT = Rules()


@dataclass(slots=True)
class Seat:
    """What one observation shows the seat it belongs to."""

    free: list[int]  # held cards (counts), face-down khàn excluded
    fixed: list[Phu]  # laid phu and face-down groups
    unseen: list[int]  # copies of each kind not seen
    rules: Rules
    live: int | None

    @staticmethod
    def of(obs: TotomObservation) -> Seat:
        seat = obs["seat"]
        assert seat is not None  # a bot plays a seat
        free = KINDS.counts(obs.get("hand", []))
        left = [4 - n for n in free]
        fixed: list[Phu] = []
        for s, mat in enumerate(obs["mats"]):
            for g in mat:
                kinds = tuple(sorted(KINDS.kind(c) or 0 for c in g["cards"]))
                for k in kinds:
                    left[k] -= 1
                if s == seat:
                    fixed.append(Phu(kinds, g["type"], g.get("name", "")))
        for code, size in obs.get("down", {}).items():
            k = KINDS.kind(code) or 0
            left[k] -= size
            fixed.append(KHAN[k] if size == 3 else QUAD[k])
        for door in obs["doors"]:
            for k in door:
                left[k] -= 1
        live = obs["live"]
        card = None if live is None else live["card"]
        if card is not None:
            left[card] -= 1
        return Seat(free, fixed, [max(0, n) for n in left], rules_of(obs), card)

    # -- measures -----------------------------------------------------------------------

    def standing(self, free: Sequence[int], fixed: Sequence[Phu]) -> Standing:
        """How good the 20-card hand ``free`` + ``fixed`` is (see the module docstring)."""
        rules = self.rules
        key = tuple(free)
        if may_wait(free):
            wkey = (key, tuple(fixed), rules.lung_reading)
            waits = _WAITS.get(wkey)
            if waits is None:
                if len(_WAITS) >= _MEMO_MAX:
                    _WAITS.clear()
                waits = _WAITS[wkey] = tuple(an.waits(free, rules, fixed=fixed))
            chances = sum(self.unseen[x] for x in waits)
            if chances:
                return (-chances, 0)
        akey = (key, rules.lung_reading)
        layout = _LAYOUT.get(akey)
        if layout is None:
            if len(_LAYOUT) >= _MEMO_MAX:
                _LAYOUT.clear()
            arr = arrange(free, rules)
            layout = _LAYOUT[akey] = (
                2 * len(arr.loose),
                tuple((len(ca.cards), CA_WAITS.get(ca.cards, ca.waits)) for ca in arr.ca),
                sum(1 for g in arr.phu if g.is_lung(rules)),
            )
        need, cas, lung = layout
        unseen = self.unseen
        for n, ws in cas:
            need += n if any(unseen[w] for w in ws) else n * DEAD_CA
        lung += sum(1 for g in fixed if g.is_lung(rules))
        return (0, need + LUNG_SHORT * max(0, rules.min_lung - lung))

    def best_discard(
        self,
        free: Sequence[int],
        fixed: Sequence[Phu],
        allowed: Sequence[int],
        width: int = DISCARD_WIDTH,
    ) -> list[tuple[Standing, int]]:
        """Every card of ``allowed`` to give up, with the standing it leaves, best first (ties:
        the card with the fewest unseen copies, then the lower kind). Only the ``width`` cards
        whose loss leaves the fewest loose cards (``looseness``) are weighed in full; the rest
        follow them, by looseness."""
        pre = [(looseness(after), k, after) for k, after in give_ups(free, allowed)]
        pre.sort(key=lambda e: e[:2])
        out = [(self.standing(after, fixed), k) for _, k, after in pre[:width]]
        out += [((0, _FAR + loose), k) for loose, k, _ in pre[width:]]
        out.sort(key=lambda e: (e[0], self.unseen[e[1]], e[1]))
        return out

    def win_valid(self) -> bool:
        """An ù on the live card is valid (every card in phu, enough lưng)."""
        assert self.live is not None
        return an.win_on(self.free, self.live, self.rules, fixed=self.fixed).win

    # -- takes --------------------------------------------------------------------------

    def after_eat(self, phu: Phu, extend: bool) -> tuple[list[int], list[Phu]]:
        """The hand after eating the live card into ``phu`` (a new phu, or ``extend``: the laid
        phu it becomes), the held copies of the card laid on it (no treo tranh)."""
        live = self.live
        assert live is not None
        free = list(self.free)
        fixed = list(self.fixed)
        if extend:
            for i, g in enumerate(fixed):
                if extends(g, live) == phu:
                    fixed[i] = phu
                    break
            else:
                fixed.append(phu)
        else:
            rest = list(phu.cards)
            rest.remove(live)
            for k in rest:
                free[k] -= 1
            fixed.append(phu)
        if free[live]:
            free[live] = 0  # stacked on the phu (hạ quân trùng)
        return free, fixed

    def after_phong(self) -> tuple[list[int], list[Phu]]:
        live = self.live
        assert live is not None
        free = list(self.free)
        free[live] -= 2
        return free, [*self.fixed, PHONG[live]]

    def take_value(
        self, free: list[int], fixed: list[Phu], allowed: Sequence[int] | None = None
    ) -> Standing | None:
        """The standing after a take (``free`` holds one card more than a full hand) and its
        best give-back; None when nothing can be given back."""
        cards = [k for k in range(NUM_KINDS) if free[k]] if allowed is None else allowed
        ranked = self.best_discard(free, fixed, cards, TAKE_WIDTH)
        return ranked[0][0] if ranked else None


__all__ = ["Seat", "Standing", "looseness", "may_wait", "rules_of"]
