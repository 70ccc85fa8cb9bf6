"""Tổ tôm phu looked up from cards, and two measures of held cards.

``phu_of`` (the phu exactly some cards form), ``extends`` (a laid phu with one more card:
chạm thành, dậy khàn), ``eat_groups`` (the phu an ăn may form with a card), ``looseness`` (how
far held cards are from phu, for the bots), ``red_count`` and ``give_ups`` (the hands after
giving up one card). All are lookups in the catalogue
(``phu``); none searches a partition.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from chieu.games.totom.cards import CC, KINDS, NUM_KINDS
from chieu.games.totom.phu import _BY_LOW, ALL_PHU, KHAN, LONE, PHONG, QUAD, Phu


def extends(phu: Phu, card: int) -> Phu | None:
    """The phu ``phu`` with ``card`` added, when that is still a phu (chạm thành on a laid phu;
    a khàn raised by its 4th card becomes a thiên khai group). A phỗng triple takes no 4th
    card: only a khàn is raised (dậy khàn, B3.2), and a phỗng triple is no khàn (B4.1). A run
    keeps the copies stacked on it (treo tranh, ``takes``)."""
    if phu.type == "khan":
        return Phu((*phu.cards, card), "thien_khai") if card == phu.cards[0] else None
    if phu.type == "doc" or (phu.type == "named" and phu.name == "nhat_nhi_tam"):
        base = sorted(set(phu.cards))
        extra = list(phu.cards)
        for k in base:
            extra.remove(k)
        cards = tuple(sorted((*base, card)))
        for cand, _ in _BY_LOW[min(cards)]:
            if cand.cards == cards and cand.type == "doc":
                return Phu(tuple(sorted((*cards, *extra))), "doc") if extra else cand
        return None
    cards = tuple(sorted((*phu.cards, card)))
    if phu.type == "bi":
        for cand, _ in _BY_LOW[min(cards)]:
            if cand.cards == cards and cand.type == "bi":
                return cand
    return None


def phu_of(cards: Sequence[int], *, won: int | None = None) -> Phu | None:
    """The phu formed by exactly ``cards`` (None if they are not one). Identical triples are a
    phỗng when ``won`` is their kind, else a khàn."""
    key = tuple(sorted(cards))
    if not key:
        return None
    if len(key) == 1:
        return LONE.get(key[0])
    if len(set(key)) == 1:
        if len(key) == 3:
            return PHONG[key[0]] if won == key[0] else KHAN[key[0]]
        if len(key) == 4:
            return QUAD[key[0]]
        return None
    for cand, _ in _BY_LOW[key[0]]:
        if cand.cards == key:
            return cand
    return None


def eat_groups(card: int) -> list[Phu]:
    """Every phu of ≥ 3 cards that contains ``card`` (what an ăn may form with it)."""
    return [p for p in ALL_PHU if card in p.cards]


def red_count(counts: Sequence[int]) -> int:
    return sum(n for k, n in enumerate(counts) if KINDS.is_red(k))


# per kind: the cards each phu containing it still needs (numbered kinds only)
_COVER: list[list[tuple[tuple[int, int], ...]]] = [[] for _ in range(NUM_KINDS)]
for _phu in ALL_PHU:
    _cnt: dict[int, int] = {}
    for _x in _phu.cards:
        _cnt[_x] = _cnt.get(_x, 0) + 1
    for _x in set(_phu.cards):
        _COVER[_x].append(tuple(_cnt.items()))


def looseness(hand: Sequence[int]) -> int:
    """How far the held cards are from phu: 2 per card in no phu and no cạ, 1 per card in a
    cạ only (one card short of a phu), 0 for a card already in a phu within the hand."""
    total = 0
    for k in range(CC):
        if not hand[k]:
            continue
        best = 2
        if hand[k] >= 3:
            best = 0
        for need in _COVER[k]:
            short = sum(max(0, m - hand[kk]) for kk, m in need)
            best = min(best, short)
            if best == 0:
                break
        total += best * hand[k]
    return total


__all__ = ["eat_groups", "extends", "looseness", "phu_of", "red_count"]


def give_ups(free: Sequence[int], allowed: Sequence[int]) -> Iterator[tuple[int, list[int]]]:
    """Each kind of ``allowed`` the hand ``free`` holds (once, in order), with the hand after
    giving one of it up."""
    for k in sorted(set(allowed)):
        if free[k]:
            after = list(free)
            after[k] -= 1
            yield k, after
