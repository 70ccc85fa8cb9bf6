"""What a take needs and what it lays down (B2.4, B3.1, seed 000 §3–4).

A *take* (ăn, ăn thêm, phỗng, dậy khàn) puts the live card on the taker's mat with held cards
and is followed by a discard (B3.1). Two rules of the seed decide which takes exist:

* **The discard comes from the hand, never from a face-down khàn.** "Khàn phải úp sấp xuống
  chiếu cho đến khi có quân thứ 4 ra mới dậy khàn" (seed 000 §3a): a face-down khàn lies on
  the mat until its 4th card raises it. A take that would leave no held card that is not face
  down has no discard after it, so it is not a move at all (in both modes; no source names it
  a fault).
* **Treo tranh trái vỉ.** "Khi ăn quân có cùng loại thì phải hạ quân bài trên tay xuống chiếu"
  (seed 000 §3c, B2.4): a player who eats a card of a kind he holds lays his copies down too,
  and "phải xếp lên trên hoặc xuống dưới cùng" (§4, else kẹp cổ): they are stacked at an end
  of the phu just laid and belong to it (a *stacked copy*: the phu keeps its type and name; a
  run or a named lưng then holds a duplicate, as a phu bí may). ``LAY`` does it, right after
  the eat; discarding with a copy still held is the fault (đeo kính, B6). Strict mode offers
  ``LAY`` as the only answer while a copy is held, and an eat only if a card is left to
  discard once the copies are laid.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from chieu.core.actions import Action
from chieu.games.totom import actions as A
from chieu.games.totom.cards import NUM_KINDS
from chieu.games.totom.phu import ALL_PHU, Phu

# eat shapes per live kind: (phu index, the held cards it needs packed 4 bits per kind, how
# many cards that is, how many of them are the live kind)
EATS: list[list[tuple[int, int, int, int]]] = [[] for _ in range(NUM_KINDS)]
# extensions per live kind: (phu index, the cards of the mat phu it extends)
EXTS: list[list[tuple[int, tuple[int, ...]]]] = [[] for _ in range(NUM_KINDS)]
_GUARD = sum(8 << 4 * k for k in range(NUM_KINDS))  # bit 3 of every 4-bit field
for _i, _p in enumerate(ALL_PHU):
    for _x in sorted(set(_p.cards)):
        _rest = list(_p.cards)
        _rest.remove(_x)
        _need = sum(1 << 4 * k for k in _rest)
        EATS[_x].append((_i, _need, len(_rest), _rest.count(_x)))
        if len(_rest) >= 3 and _p.type in ("doc", "bi"):
            EXTS[_x].append((_i, tuple(_rest)))


def base_cards(phu: Phu) -> tuple[int, ...]:
    """The cards of a laid phu without its stacked copies (a run or a named lưng has no
    duplicate of its own; a phu bí's duplicate is its own)."""
    if phu.type in ("doc", "named") and len(set(phu.cards)) < len(phu.cards):
        return tuple(sorted(set(phu.cards)))
    return phu.cards


def stacked(phu: Phu, extra: Sequence[int]) -> Phu:
    """``phu`` with the cards ``extra`` stacked on it (same type and name)."""
    if not extra:
        return phu
    return Phu(tuple(sorted((*phu.cards, *extra))), phu.type, phu.name)


def spare(hand: Sequence[int], down: Mapping[int, int], taken: int) -> bool:
    """Whether a seat holding ``hand`` (``down``: its face-down groups) keeps a held card that
    is not face down after a phỗng / dậy khàn takes ``taken`` of its free cards (a card to
    give back: trả cửa)."""
    return sum(hand) - sum(down.values()) > taken


def pack(counts: Sequence[int]) -> int:
    """A count vector packed 4 bits per kind, with the guard bit of every field set."""
    s = _GUARD
    for k, n in enumerate(counts):
        s += n << 4 * k
    return s


def decide_actions(
    free: Sequence[int], held: int, mats: Sequence[Phu], card: int, strict: bool
) -> list[Action]:
    """The eats and extensions of ``card`` open to a seat holding ``free`` (its cards that are
    not face down; ``held``: ``pack(free)``) with ``mats`` laid: a card must stay to discard,
    after the stacked copies are laid in strict mode (see the module docstring)."""
    acts: list[Action] = []
    nfree = sum(free)
    copies = free[card]
    # a field's guard bit survives taking ``need`` off ``held`` iff enough of the kind is held
    for i, need, used, own in EATS[card]:
        if (held - need) & _GUARD == _GUARD and nfree - used - (copies - own if strict else 0) > 0:
            acts.append(A.EAT[i])
    if nfree - (copies if strict else 0) > 0:
        laid = {base_cards(p) for p in mats}
        for i, rest in EXTS[card]:
            if rest in laid:
                acts.append(A.EXTEND[i])
    return acts


def extend_mat(mats: list[Phu], phu: Phu, card: int) -> None:
    """Replace the mat phu that ``card`` extends into ``phu`` (its stacked copies kept) and
    put the result last, where ``LAY`` finds it."""
    rest = list(phu.cards)
    rest.remove(card)
    key = tuple(rest)
    old = next(p for p in mats if base_cards(p) == key)
    mats.remove(old)
    extra = list(old.cards)
    for k in key:
        extra.remove(k)
    mats.append(stacked(phu, extra))


def lay_copies(mats: list[Phu], free: Sequence[int], card: int) -> int:
    """``LAY``: stack every held copy of ``card`` on the last phu laid; how many."""
    n = free[card]
    mats[-1] = stacked(mats[-1], [card] * n)
    return n


def can_lay(free: Sequence[int], eaten: int) -> bool:
    """``LAY`` is open after eating ``eaten`` while a copy is held and another card stays."""
    return eaten >= 0 and 0 < free[eaten] < sum(free)
